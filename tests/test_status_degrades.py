"""Without Embed Links the questions and the status carry their words as text; the status
message outlives Discord's cap on edits of old messages (issue 16 items 6 and 7)."""
from __future__ import annotations

from functools import partial
from types import SimpleNamespace

import discord

from cogs.common.pacing import CodedRateLimit
from tests.loopback import Loopback
from tests.loopback.table import dm_prompts, finished, idle, make_bot, play, status_message
from tests.test_delivery import toy_table, world

__all__ = ["world"]


async def open_table(lb, names=("alice", "bob", "carol", "dave")):
    guild = lb.guild("Test server")
    people = [guild.user(n) for n in names]
    games = guild.text_channel("games")
    await people[0].slash(games, "toy new", pace="live")
    lobby = games.last_message()
    for person in people[1:]:
        await person.click(lobby, "Join")
    await people[0].click(lobby, "Start")
    return people, games, lobby.thread


async def dawn(host, delivery, table):
    """The wolf (a person or the AI) kills: a new phase comes."""
    [kill] = host.pending(table)
    if table.seats[kill.seat].is_ai:
        await host.run_ai(table.id)
    else:
        await host.decide(table.id, table.seats[kill.seat].user_id, kill.id, kill.default)
    await delivery.settled()


async def test_without_embed_links_questions_and_status_are_text(tmp_path):
    async with Loopback() as lb:
        async with lb.run_bot(partial(make_bot, settle_delay=0.01), tmp_path / "db.sqlite3",
                              idle=idle):
            people, games, thread = await open_table(lb)
            lb.deny(games, "embed_links")
            [(wolf, kill)] = [(p, m) for p in people for m in dm_prompts(p)]
            await wolf.click(kill, kill.labels()[-1])
            [ballot] = [m for m in thread.messages() if "Nobody" in m.labels()]
            assert not ballot.embeds
            assert "Vote someone out." in ballot.content and "Asked: " in ballot.content
            assert "Answer <t:" in ballot.content
            status = status_message(thread)
            assert not status.embeds and "toy — Day" in status.content
            assert "Round 1" in status.content
            await play(people, thread)
        assert finished(thread)
        assert not any("<t:" in m.content and not m.buttons and "Vote" in m.content
                       for m in thread.messages())       # closed questions lose the deadline


async def test_a_status_past_discords_edit_cap_is_posted_afresh_with_my_secrets(tmp_path):
    async with Loopback() as lb:
        async with lb.run_bot(partial(make_bot, settle_delay=0.01), tmp_path / "db.sqlite3",
                              idle=idle):
            people, games, thread = await open_table(lb)
            first = status_message(thread)
            lb.old_edit_cap = 0                 # Discord refuses every edit of an old message
            lb.age_messages(3601)
            [(wolf, kill)] = [(p, m) for p in people for m in dm_prompts(p)]
            await wolf.click(kill, kill.labels()[-1])          # dawn: a new phase
            now = status_message(thread)
            assert now.id != first.id and "Day" in now.text
            # Discord refuses to edit the old one too: it keeps its working "My secrets".
            assert now.id > first.id                       # further down the thread
            reply = await people[1].click(now, "My secrets")
            assert reply.ephemeral and "Your role" in reply.text


async def night_table(world):
    """A started toy table at night: (host, delivery, its thread, the table, its status id)."""
    host, delivery, channels, users = world
    table = await toy_table(host, 3, ai=1)
    await delivery.settled()
    return host, delivery, channels[2], table, table.status_message_id


async def test_a_status_whose_edits_are_refused_is_posted_afresh(world):
    host, delivery, thread, table, first = await night_table(world)
    plain = type(thread).get_partial_message

    refused = []

    def capped(self, mid):
        partial = plain(self, mid)
        if mid != first:
            return partial

        async def edit(**kw):       # as Discord answers: a 429 with a wait, code 30046
            refused.append(kw)
            raise CodedRateLimit(600.0, 30046)
        return SimpleNamespace(id=mid, edit=edit, unpin=partial.unpin)

    type(thread).get_partial_message = capped
    try:
        await dawn(host, delivery, table)
    finally:
        type(thread).get_partial_message = plain
    assert table.status_message_id != first
    [fresh] = [m for m in thread.sent if m.id == table.status_message_id]
    assert fresh.kw["view"].children[0].custom_id == f"tbl:secrets:{table.id}"
    assert len(refused) == 1     # not asked again: the old one keeps its working "My secrets"


async def test_a_status_near_an_hour_old_is_posted_afresh_at_the_next_phase(world):
    import datetime

    host, delivery, thread, table, first = await night_table(world)
    later = discord.utils.snowflake_time(first) + datetime.timedelta(minutes=55)
    delivery.newest_post[table.id] = discord.utils.time_snowflake(later)
    await dawn(host, delivery, table)
    assert table.status_message_id != first
    assert [kw["content"] for what, mid, kw in thread.log if mid == first and what == "edit"]


async def test_without_attach_files_the_news_goes_without_its_picture(world):
    host, delivery, thread, table, first = await night_table(world)
    perms = discord.Permissions.all()
    perms.attach_files = False
    thread.guild = SimpleNamespace(me=object())
    thread.permissions_for = lambda member: perms
    await host.store.plan_posts(table.id, [("public:note", [], "News.")])
    post = (await host.store.posts(table.id))["public:note"]
    picture = discord.File(__file__, filename="table.png")
    message = await delivery._send(table, post, thread, files=[picture])
    assert message is not None and message.content == "News." and "files" not in message.kw
