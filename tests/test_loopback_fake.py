"""The loopback fake Discord, exercised by a tiny discord.py bot defined here: slash groups,
ephemeral replies, a persistent button view, DMs with selects, threads, uploads, modals,
autocomplete, deferrals and follow-ups, then faults and gateway reconnects."""
from __future__ import annotations

import io

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.loopback import InteractionFailed, Loopback


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


async def test_invalidated_session_identifies_again(lb, town):
    """Slow by nature: discord.py waits 5 s before any identify but the first."""
    guild, alice, bob, games = town
    async with lb.run_bot(TinyBot):
        lb.gateway.invalidate()
        await lb.wait_for(lambda: lb.gateway.identifies == 2 and lb.gateway.connected)
        assert (await alice.slash(games, "tiny lobby")).content == "Players: alice"
