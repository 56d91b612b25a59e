"""The loopback fake Discord, exercised by a tiny discord.py bot defined here: slash groups,
ephemeral replies, a persistent button view, DMs with selects, threads, uploads, modals,
autocomplete, deferrals and follow-ups, then faults and gateway reconnects."""
from __future__ import annotations

import asyncio
import io

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.loopback import InteractionFailed, Loopback, limits
from tests.loopback.errors import ApiError


class Lobby(discord.ui.View):
    def __init__(self):
        super().__init__(timeout=None)

    @discord.ui.button(label="Join", custom_id="tiny:join")
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button):
        names = interaction.message.content.split(": ", 1)[1].split(", ") if ": " in \
            interaction.message.content else []
        names.append(interaction.user.name)
        await interaction.response.edit_message(content="Players: " + ", ".join(names))

    @discord.ui.button(label="Closed", custom_id="tiny:closed", disabled=True)
    async def closed(self, interaction: discord.Interaction, button: discord.ui.Button):
        await interaction.response.send_message("too late", ephemeral=True)


class Seat(discord.ui.View):
    @discord.ui.select(custom_id="tiny:seat", placeholder="Pick a seat",
                       options=[discord.SelectOption(label=f"seat {n}", value=str(n))
                                for n in range(1, 4)])
    async def seat(self, interaction: discord.Interaction, select: discord.ui.Select):
        await interaction.response.send_message(f"You took seat {select.values[0]}")


class Name(discord.ui.Modal, title="Your name"):
    name = discord.ui.TextInput(label="Display name")

    async def on_submit(self, interaction: discord.Interaction):
        await interaction.response.send_message(f"Hi {self.name.value}", ephemeral=True)


tiny = app_commands.Group(name="tiny", description="A tiny bot")
admin = app_commands.Group(name="admin", description="Admin", parent=tiny)


@tiny.command(description="Say hello privately")
async def hello(interaction: discord.Interaction, name: str, times: int = 1):
    await interaction.response.send_message(f"Hello {name} " * times, ephemeral=True)


@tiny.command(description="Open a lobby")
async def lobby(interaction: discord.Interaction):
    await interaction.response.send_message("Players: " + interaction.user.name, view=Lobby())


@tiny.command(description="DM me a seat picker")
async def dm(interaction: discord.Interaction):
    try:
        await interaction.user.send("Choose your seat", view=Seat())
    except discord.Forbidden:
        await interaction.response.send_message("Your DMs are closed", view=Seat(), ephemeral=True)
    else:
        await interaction.response.send_message("Check your DMs", ephemeral=True)


@tiny.command(description="Start a thread with a picture")
async def thread(interaction: discord.Interaction):
    await interaction.response.send_message("A new game")
    message = await interaction.original_response()
    room = await message.create_thread(name="game 1")
    await room.send("The board", file=discord.File(io.BytesIO(b"\x89PNG fake"), "board.png"))


@tiny.command(description="Ask for a name")
async def form(interaction: discord.Interaction):
    await interaction.response.send_modal(Name())


@tiny.command(description="Pick a colour")
async def paint(interaction: discord.Interaction, colour: str):
    await interaction.response.send_message(f"Painted {colour}")


@paint.autocomplete("colour")
async def paint_colours(interaction: discord.Interaction, current: str):
    return [app_commands.Choice(name=c, value=c) for c in ("red", "green", "grey")
            if c.startswith(current)]


@admin.command(description="Slow reset")
async def reset(interaction: discord.Interaction):
    await interaction.response.defer(thinking=True)
    await interaction.followup.send("Reset done")
    await interaction.followup.send("Only you see this", ephemeral=True)
    await interaction.edit_original_response(content="Reset done, really")


@tiny.command(description="What the bot may do here")
async def perms(interaction: discord.Interaction):
    seen = interaction.channel.permissions_for(interaction.guild.me)
    await interaction.response.send_message(
        f"{interaction.app_permissions.value} {seen.value}", ephemeral=True)


@tiny.command(description="Greet someone")
async def greet(interaction: discord.Interaction, text: str):
    await interaction.response.send_message(text)


@tiny.command(description="Never answers")
async def mute(interaction: discord.Interaction):
    pass


class TinyBot(commands.Bot):
    def __init__(self):
        super().__init__(command_prefix="!", intents=discord.Intents.default())

    async def setup_hook(self):
        self.add_view(Lobby())
        self.tree.add_command(tiny)
        await self.tree.sync()


@pytest.fixture
async def lb():
    async with Loopback() as discord_:
        yield discord_


@pytest.fixture
def town(lb):
    guild = lb.guild("Test server")
    return guild, guild.user("alice"), guild.user("bob"), guild.text_channel("games")


async def test_login_ready_and_command_sync(lb, town):
    guild, alice, bob, games = town
    async with lb.run_bot(TinyBot) as bot:
        assert bot.user.name == "Loopback Bot"
        assert [g.name for g in bot.guilds] == ["Test server"]
        assert bot.get_channel(games.id).name == "games"
        assert "tiny" in lb.fake.world.commands[None]
    assert lb.gateway.identifies == 1


async def test_ephemeral_reply_with_options(lb, town):
    guild, alice, bob, games = town
    async with lb.run_bot(TinyBot):
        reply = await alice.slash(games, "tiny hello", name="Bob", times=2)
    assert reply.ephemeral and reply.type == 4
    assert reply.content.strip() == "Hello Bob Hello Bob"
    assert games.messages() == [] and alice.ephemerals() == [reply.message]
    assert bob.visible() == []
    assert 0 <= reply.latency < 1


async def test_unknown_options_and_commands_are_refused_locally(lb, town):
    guild, alice, bob, games = town
    async with lb.run_bot(TinyBot):
        with pytest.raises(TypeError, match="missing required"):
            await alice.slash(games, "tiny hello")
        with pytest.raises(TypeError, match="no option"):
            await alice.slash(games, "tiny hello", name="x", colour="red")
        with pytest.raises(LookupError, match="needs a subcommand"):
            await alice.slash(games, "tiny admin")
        with pytest.raises(LookupError, match="no command /nope"):
            await alice.slash(games, "nope")


async def test_persistent_button_survives_a_restart(lb, town):
    guild, alice, bob, games = town
    async with lb.run_bot(TinyBot):
        await alice.slash(games, "tiny lobby")
        lobby = games.last_message()
        reply = await bob.click(lobby, "Join")
        assert reply.type == 7 and lobby.content == "Players: alice, bob"
        with pytest.raises(PermissionError):
            await bob.click(lobby, "Closed")
    carol = guild.user("carol")
    async with lb.run_bot(TinyBot):
        await carol.click(lobby, "tiny:join")
    assert lobby.content == "Players: alice, bob, carol" and lobby.edited
    assert lb.gateway.identifies == 2


async def test_dm_select_and_closed_dms_fallback(lb, town):
    guild, alice, bob, games = town
    bob.dms_open = False
    async with lb.run_bot(TinyBot):
        assert (await alice.slash(games, "tiny dm")).content == "Check your DMs"
        prompt = alice.dms()[-1]
        answer = await alice.select(prompt, "seat 2")
        assert answer.content == "You took seat 2" and alice.dms()[-1] == answer.message
        fallback = await bob.slash(games, "tiny dm")
        assert fallback.ephemeral and "DMs are closed" in fallback.content
        assert bob.dms() == []
        await bob.select(fallback.message, "3", menu="Pick a seat")
    refused = [c for c in lb.calls if c.status == 403]
    assert [c.route for c in refused] == ["/channels/{channel_id}/messages"]


async def test_thread_and_downloadable_upload(lb, town):
    guild, alice, bob, games = town
    async with lb.run_bot(TinyBot):
        reply = await alice.slash(games, "tiny thread")
    room = reply.message.thread
    assert room == games.thread("game 1") and room.is_thread
    board = room.last_message().attachments[0]
    assert board.filename == "board.png" and board.content_type == "image/png"
    assert await board.read() == b"\x89PNG fake"


async def test_modal_and_autocomplete(lb, town):
    guild, alice, bob, games = town
    async with lb.run_bot(TinyBot):
        opened = await alice.slash(games, "tiny form")
        assert opened.type == 9 and opened.modal.fields == ["Display name"]
        done = await alice.submit(opened, display_name="Alicia")
        assert done.ephemeral and done.content == "Hi Alicia"
        choices = await alice.autocomplete(games, "tiny paint", colour="gr")
        assert [c["name"] for c in choices] == ["green", "grey"]


async def test_defer_followups_and_original_edit(lb, town):
    guild, alice, bob, games = town
    async with lb.run_bot(TinyBot):
        reply = await alice.slash(games, "tiny admin reset")
    assert reply.type == 5 and reply.deferred and not reply.message.loading
    assert reply.content == "Reset done, really"
    assert [m.content for m in reply.followups] == ["Only you see this"]
    assert reply.followups[0].ephemeral and bob.visible() == [reply.message]


async def test_unanswered_interaction_fails_like_discord(town):
    async with Loopback(ack_deadline=0.2) as lb:
        guild = lb.guild("g")
        alice, games = guild.user("alice"), guild.text_channel("games")
        async with lb.run_bot(TinyBot):
            with pytest.raises(InteractionFailed, match="did not answer"):
                await alice.slash(games, "tiny mute")


async def test_unknown_route_is_loud(lb, town):
    async with lb.run_bot(TinyBot) as bot:
        with pytest.raises(discord.NotFound):
            await bot.http.request(discord.http.Route("GET", "/guilds/{guild_id}/bans",
                                                      guild_id=town[0].id))
    assert lb.unknown_routes == [f"GET /guilds/{town[0].id}/bans"]
    lb.unknown_routes.clear()


async def test_callbacks_are_checked(lb, town):
    guild, alice, bob, games = town
    async with lb.run_bot(TinyBot):
        reply = await alice.slash(games, "tiny hello", name="x")
    inter = reply.interaction
    url = f"{lb.fake.api_url}/interactions/{inter.id}/{inter.token}/callback"
    async with aiohttp.ClientSession() as http:
        async with http.post(url, json={"type": 4, "data": {"content": "again"}}) as resp:
            assert resp.status == 400 and (await resp.json())["code"] == 40060



async def test_an_interaction_token_lasts_fifteen_minutes(lb, town):
    guild, alice, bob, games = town
    async with lb.run_bot(TinyBot):
        inter = (await alice.slash(games, "tiny hello", name="x")).interaction
        url = f"{lb.fake.api_url}/webhooks/{lb.fake.world.bot.id}/{inter.token}"
        async with aiohttp.ClientSession() as http:
            lb.age_messages(14 * 60)
            async with http.post(url, json={"content": "still in time"}) as resp:
                assert resp.status == 200
            lb.age_messages(2 * 60)
            async with http.post(url, json={"content": "too late"}) as resp:
                assert resp.status == 401 and (await resp.json())["code"] == 50027
            async with http.patch(url + "/messages/@original", json={"content": "x"}) as resp:
                assert resp.status == 401


@pytest.mark.parametrize("body", [
    {"embeds": [{"title": "x", "footer": {"text": "f" * 2049}}]},
    {"embeds": [{"title": "x", "author": {"name": "a" * 257}}]},
])
def test_embed_footer_and_author_have_their_own_limits(body):
    with pytest.raises(ApiError) as refused:
        limits.check_message(body)
    assert (refused.value.status, refused.value.code) == (400, 50035)
    limits.check_message({"embeds": [{"title": "x", "footer": {"text": "f" * 2048},
                                      "author": {"name": "a" * 256}}]})


def _modal(custom_id="m", **field) -> dict:
    text = {"type": 4, "custom_id": "t", "style": 1, **field.pop("text", {})}
    return {"custom_id": custom_id, "title": "Your name",
            "components": [{"type": 18, "label": "Name", **field, "component": text}]}


@pytest.mark.parametrize("modal", [
    _modal(label="L" * 46), _modal(description="d" * 101),
    _modal(text={"placeholder": "p" * 101}), _modal(custom_id=""), _modal(custom_id="c" * 101),
    _modal(text={"disabled": True}),
])
def test_modal_labels_placeholders_and_custom_id_are_limited(modal):
    with pytest.raises(ApiError) as refused:
        limits.check_modal(modal)
    assert (refused.value.status, refused.value.code) == (400, 50035)
    limits.check_modal(_modal(label="L" * 45, description="d" * 100,
                              text={"placeholder": "p" * 100}))


async def test_rate_limits_and_server_errors_are_retried(lb, town):
    guild, alice, bob, games = town
    lb.faults.rate_limit("POST /channels/{channel_id}/messages", times=2)
    lb.faults.server_error("/interactions/*", times=1)
    async with lb.run_bot(TinyBot):
        reply = await alice.slash(games, "tiny thread")
    assert reply.message.thread.last_message().attachments
    assert [f.status for f in lb.faults.injected] == [500, 429, 429]
    posts = [c.status for c in lb.calls if c.route == "/channels/{channel_id}/messages"]
    assert posts == [429, 429, 200]
    assert reply.latency > 0.9      # discord.py waits a second before retrying a 5xx


class MembersBot(discord.Client):
    def __init__(self, presences: bool):
        super().__init__(intents=discord.Intents(guilds=True, members=True, presences=presences),
                         chunk_guilds_at_startup=False)


@pytest.mark.parametrize("presences", [False, True])
async def test_guild_create_lists_every_member_only_with_the_presences_intent(lb, town,
                                                                              presences):
    guild, alice, bob, games = town
    async with lb.run_bot(MembersBot, presences) as bot:
        seen = bot.get_guild(guild.id)
        names = {m.name for m in seen.members}
        assert names == ({"alice", "bob", bot.user.name} if presences else {bot.user.name})
        await seen.chunk()
        assert {"alice", "bob"} <= {m.name for m in seen.members}


async def test_gateway_drop_resumes_and_replays(lb, town):
    guild, alice, bob, games = town
    async with lb.run_bot(TinyBot):
        await lb.gateway.drop(4000)
        reply = await alice.slash(games, "tiny hello", name="again")
        assert reply.content.startswith("Hello again")
        lb.gateway.request_reconnect()
        await alice.slash(games, "tiny lobby")
        assert lb.gateway.resumes == 2 and lb.gateway.identifies == 1
        await bob.click(games.last_message(), "Join")
    assert games.last_message().content == "Players: alice, bob"


class EagerBot(TinyBot):
    async def before_identify_hook(self, shard_id, *, initial=False):
        """discord.py's own waits 5 s before any identify but the first: here, none."""


async def test_invalidated_session_identifies_again(lb, town):
    guild, alice, bob, games = town
    async with lb.run_bot(EagerBot):
        lb.gateway.invalidate()
        await lb.wait_for(lambda: lb.gateway.identifies == 2 and lb.gateway.connected)
        assert (await alice.slash(games, "tiny lobby")).content == "Players: alice"


# ---- what Discord refuses ---------------------------------------------------------------------
async def refusal(call) -> tuple[int, int]:
    """(HTTP status, Discord code) of a call expected to fail."""
    with pytest.raises(discord.HTTPException) as caught:
        await call
    return caught.value.status, caught.value.code


def picture() -> discord.File:
    return discord.File(io.BytesIO(b"\x89PNG fake"), "board.png")


async def test_bot_permissions_refuse_like_discord_and_agree_with_discord_py(lb, town):
    guild, alice, bob, games = town
    async with lb.run_bot(TinyBot) as bot:
        await alice.slash(games, "tiny thread")
        channel, thread = bot.get_channel(games.id), bot.get_channel(games.thread().id)
        full = int((await alice.slash(games, "tiny perms")).content.split()[0])
        lb.deny(games, "attach_files", "embed_links", "manage_threads")
        await lb.settle()
        app, seen = map(int, (await alice.slash(games, "tiny perms")).content.split())
        assert app == seen == full & ~discord.Permissions(
            attach_files=True, embed_links=True, manage_threads=True).value
        in_thread = discord.Permissions(int((await alice.slash(games.thread(), "tiny perms")).content
                                            .split()[0]))
        assert not in_thread.attach_files and in_thread.send_messages_in_threads
        assert await refusal(thread.send(file=picture())) == (403, 50013)
        kept = await channel.send("news", embed=discord.Embed(title="secret title"))
        assert kept.embeds == [] and games.last_message().embeds == []
        lb.deny(games, "send_messages_in_threads")
        await lb.settle()
        assert await refusal(thread.send("hello")) == (403, 50013)
        assert (await channel.send("still here")).content == "still here"
        lb.deny(games, "read_message_history")
        await lb.settle()
        assert [m async for m in channel.history()] == []     # no history, not an error
        assert await refusal(channel.fetch_message(kept.id)) == (403, 50013)
        lb.deny(games, "view_channel")
        await lb.settle()
        assert await refusal(channel.send("hidden")) == (403, 50001)
        assert await refusal(thread.send("hidden")) == (403, 50001)
        lb.allow(games, "view_channel", "send_messages_in_threads", "attach_files")
        await lb.settle()
        assert (await thread.send(file=picture())).attachments
    assert "attach_files" in games.thread().bot_permissions
    assert "embed_links" not in games.bot_permissions


async def test_mentions_follow_allowed_mentions_and_permissions(lb, town):
    guild, alice, bob, games = town
    crew = guild.role("crew")
    quiet = guild.role("quiet", mentionable=False)
    text = f"@everyone {alice.mention} {bob.mention} {crew.mention} {quiet.mention}"
    async with lb.run_bot(TinyBot) as bot:
        channel = bot.get_channel(games.id)
        every = await channel.send(text)                         # Discord's default: all
        assert (lb.pings[-1].users, lb.pings[-1].roles, lb.pings[-1].everyone) == (
            {alice.id, bob.id}, {crew.id, quiet.id}, True)
        assert every.mention_everyone and {m.id for m in every.mentions} == {alice.id, bob.id}
        await channel.send(text, allowed_mentions=discord.AllowedMentions(users=[bob]))
        assert (lb.pings[-1].users, lb.pings[-1].everyone) == ({bob.id}, True)  # discord.py's
        await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        assert not lb.pings[-1]
        lb.deny(games, "mention_everyone")
        await lb.settle()
        await channel.send(text)
        assert (lb.pings[-1].roles, lb.pings[-1].everyone) == ({crew.id}, False)
        await alice.slash(games, "tiny greet", text=text)        # interaction replies: users
        assert (lb.pings[-1].users, lb.pings[-1].roles, lb.pings[-1].everyone) == (
            {alice.id, bob.id}, set(), False)
        message = await channel.send("quiet", allowed_mentions=discord.AllowedMentions.none())
        await message.edit(content=f"now {alice.mention}")       # an edit is parsed again
        assert lb.pings[-1].edit and lb.pings[-1].users == {alice.id}
        bad = bot.http.send_message(games.id, params=discord.http.MultipartParameters(
            payload={"content": "x", "allowed_mentions": {"parse": ["users"],
                                                          "users": [str(bob.id)]}},
            multipart=None, files=None))
        assert await refusal(bad) == (400, 50035)
    assert lb.pinged() == {alice.id, bob.id}


async def test_archived_and_locked_threads_behave_as_on_discord(lb, town):
    guild, alice, bob, games = town
    async with lb.run_bot(TinyBot) as bot:
        await alice.slash(games, "tiny thread")
        room = games.thread()
        board = room.last_message()
        lb.archive(room)
        await lb.settle()
        thread = await bot.fetch_channel(room.id)
        assert thread.archived
        assert await refusal(thread.get_partial_message(board.id).edit(content="x")) == (403, 50083)
        assert await refusal(thread.add_user(bob.record)) == (403, 50083)
        await thread.send("still playing")                        # posting revives it
        await lb.settle()
        assert not room.archived and not bot.get_channel(room.id).archived
        await thread.edit(auto_archive_duration=10080)            # the creator may
        assert room.auto_archive == 10080
        lb.lock(room)
        await thread.send("moderators may post")                  # with Manage Threads
        lb.deny(games, "manage_threads")
        await lb.settle()
        assert await refusal(thread.send("locked out")) == (403, 50083)
        assert await refusal(thread.edit(locked=False)) == (403, 50013)
        lb.archive(room)
        assert await refusal(thread.edit(archived=False)) == (403, 50013)   # creator or not
        lb.allow(games, "manage_threads")
        await thread.edit(archived=False)
        assert not room.archived and room.locked
        await thread.edit(locked=False)
        assert not room.locked
        assert (await thread.send("open again")).content == "open again"


async def test_edits_of_hour_old_messages_are_capped(lb, town):
    guild, alice, bob, games = town
    lb.old_edit_cap = 2
    async with lb.run_bot(TinyBot) as bot:
        bot.http.max_ratelimit_timeout = 30.0        # else discord.py sleeps out the wait
        channel = bot.get_channel(games.id)
        status = await channel.send("round 1")
        for n in range(5):
            await status.edit(content=f"young {n}")               # young messages: no cap
        lb.age_messages(3601)
        await status.edit(content="round 2")
        await status.edit(content="round 3")
        with pytest.raises(discord.RateLimited) as caught:        # a 429, as Discord answers
            await status.edit(content="round 4")
        assert caught.value.retry_after == lb.old_edit_retry_after > 30
        [capped] = [c for c in lb.calls if c.status == 429]
        assert capped.method == "PATCH"
        fresh = await channel.send("round 4")
        await fresh.edit(content="round 4, later")                # a new message is not old
        lb.age_messages(3601)
        await status.edit(content="round 5")
    assert games.messages()[0].content == "round 5"


async def test_rate_limits_answer_429_with_discords_headers():
    async with Loopback(rate_limits=True) as lb:
        guild = lb.guild("g")
        alice, games = guild.user("alice"), guild.text_channel("games")
        api, auth = lb.fake.api_url, {"Authorization": f"Bot {lb.fake.world.token}"}
        async with aiohttp.ClientSession(headers=auth) as http:
            post = f"{api}/channels/{games.id}/messages"
            statuses = []
            for n in range(6):
                async with http.post(post, json={"content": f"m{n}"}) as resp:
                    statuses.append(resp.status)
                    headers, body = resp.headers, await resp.json()
            assert statuses == [200] * 5 + [429]
            assert headers["X-RateLimit-Scope"] == "user" and headers["X-RateLimit-Remaining"] == "0"
            assert 0 < body["retry_after"] <= 5 and not body["global"]
            answers = await asyncio.gather(*(http.get(f"{api}/users/@me") for _ in range(60)))
            limited = [r for r in answers if r.status == 429]
            # 50 a second, the posts' 5 among them (10 more if a new second began meanwhile)
            assert 10 <= len(limited) <= 15
            assert all(r.headers["X-RateLimit-Global"] == "true" for r in limited)
            for resp in answers:
                resp.release()
        lb.rate_limits.limits["POST /channels/{channel_id}/messages"] = (5, 0.2)
        await asyncio.sleep(1.0)                                   # the global second passes
        burst = guild.text_channel("burst")
        async with lb.run_bot(TinyBot) as bot:
            channel = bot.get_channel(burst.id)
            await asyncio.gather(*(channel.send(f"burst {n}") for n in range(12)))
            for _ in range(3):
                await alice.slash(games, "tiny hello", name="x")  # answers are exempt
        assert len(burst.messages()) == 12            # discord.py waited as the headers said
        assert lb.rate_limits.refused == {"global": len(limited),
                                          "POST /channels/{channel_id}/messages": 1}


class ShardBot(TinyBot, commands.AutoShardedBot):
    """The tiny bot on some of two shards; it notes every interaction that reaches it."""

    def __init__(self, shard_ids: list[int]):
        commands.AutoShardedBot.__init__(self, command_prefix="!", shard_ids=shard_ids,
                                         shard_count=2, intents=discord.Intents.default())
        self.reached: list[int] = []

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.reached.append(interaction.guild_id)


async def test_shards_split_servers_and_dms_reach_shard_zero_only():
    async with Loopback(ack_deadline=0.5) as lb:
        zero, one = lb.guild("zero", shard=(0, 2)), lb.guild("one", shard=(1, 2))
        alice = one.user("alice")
        async with lb.run_bot(ShardBot, [0]) as first, lb.run_bot(ShardBot, [1]) as second:
            assert [g.name for g in first.guilds] == ["zero"]
            assert [g.name for g in second.guilds] == ["one"]
            assert (await alice.slash(one.text_channel("games"), "tiny dm")).ephemeral
            with pytest.raises(InteractionFailed):   # only shard 1 holds the select's view
                await alice.select(alice.dms()[-1], "seat 2")
        assert (first.reached, second.reached) == ([None], [one.id])
        assert sorted(s.shard for s in lb.gateway.sessions) == [(0, 2), (1, 2)]
