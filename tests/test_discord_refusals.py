"""Refusals as Discord gives them today, through the loopback: an edit of an hour-old message
is a 429 with a long wait (30046), opening DMs too fast is a 403 that does not mean closed DMs
(40003), and a permission lost after `/GAME new` reaches the host once. Each table still ends
with every question answered by the person asked, nothing sent twice and no run of 429s."""
from __future__ import annotations

import datetime
from collections import Counter
from functools import partial
from types import SimpleNamespace

import aiohttp
import discord
import pytest

from cogs.common.pacing import CodedRateLimit
from tests.loopback import Loopback
from tests.loopback.table import (dm_prompts, finished, idle, make_bot, play, secret_prompts,
                                  status_message)
from tests.test_delivery import ALICE, BOB, CAROL, DAVE, toy_table, world
from tests.test_status_degrades import open_table
from tests.test_thread_posts import night, shown, table, vote
from tests.toy import ToyGame

__all__ = ["table", "world"]

LOST = "I lost the"
CLOSED_DMS = "I cannot send you direct messages"
TIMED_OUT = "Time ran out"
NOT_REACHED = "I could not send you a direct message"


def quick_retries(db):
    bot = make_bot(db, settle_delay=0.01)
    bot.config.retry_base = 0.05
    return bot


def assert_told_once_each(person, *names):
    notes = [m.text for m in person.dms() if LOST in m.text]
    assert len(notes) == len(names), notes
    for name, note in zip(names, notes):
        assert f"**{name}**" in note and "Permissions" in note, note


def assert_each_said_once(thread, people):
    lines = Counter(line for m in thread.messages() for line in m.content.splitlines()
                    if line and "has voted" not in line)
    assert not [line for line, n in lines.items() if n > 1]
    for person in people:
        assert max(Counter(m.text for m in person.dms()).values()) == 1, person.name


def hurried(lb, but):
    """The bot's DM openings, and its DMs to anyone `but` (whose DMs were closed), that Discord
    refused with a 403: 40003, opened too fast."""
    refused = []
    for call in [c for c in lb.calls if c.status == 403]:
        parts = call.path.split("/")
        channel = lb.fake.world.channels.get(int(parts[2])) if parts[1] == "channels" else None
        if call.route == "/users/@me/channels" or (
                channel is not None and channel.recipient not in (None, but.record)):
            refused.append(call)
    return refused


def assert_nobody_timed_out(thread, people):
    seen = [m.text for m in thread.messages()] + [m.text for p in people for m in p.dms()]
    assert not [text for text in seen if TIMED_OUT in text]


# Discord's wait is undocumented: a long one is not slept out, a short one not asked again.
@pytest.mark.parametrize("wait", [600.0, 2.0])
async def test_hour_old_messages_draw_one_429_each_and_the_news_goes_on(tmp_path, wait):
    async with Loopback() as lb:
        lb.old_edit_retry_after = wait
        async with lb.run_bot(partial(make_bot, settle_delay=0.01), tmp_path / "db.sqlite3",
                              idle=idle):
            people, games, thread = await open_table(lb)
            [(wolf, kill)] = [(p, m) for p in people for m in dm_prompts(p)]
            await wolf.click(kill, kill.labels()[-1])
            [ballot] = [m for m in thread.messages() if "Nobody" in m.labels()]
            status = status_message(thread)
            lb.age_messages(3601)             # an async table: the day's posts are old now
            for person in [p for p in people if p.mention in ballot.content]:
                await person.click(ballot, "Nobody")
            # Night 2: Discord refused to edit the old status (a 429 with a ten-minute wait,
            # not slept out under the game's locks): it was posted afresh, and the news and
            # the wolf's question went on at once.
            assert status_message(thread).id > status.id
            assert any("Night** · round 2" in m.content for m in thread.messages())
            assert dm_prompts(wolf)
            await play(people, thread)
        assert finished(thread)
        limited = [c for c in lb.calls if c.status == 429]
        assert limited and all(c.method == "PATCH" for c in limited)
        assert max(Counter(c.path for c in limited).values()) == 1   # never edited again
        assert len(limited) <= 8
        assert_each_said_once(thread, people)
        assert_nobody_timed_out(thread, people)


async def test_dms_opened_too_fast_are_sent_again_and_closed_ones_tried_when_their_person_acts(
        tmp_path):
    async with Loopback() as lb:
        lb.dm_too_fast = 0.5                  # half the bot's DM calls refused with 40003
        async with lb.run_bot(quick_retries, tmp_path / "db.sqlite3", idle=idle):
            guild = lb.guild("Test server")
            people = [guild.user(n) for n in ("alice", "bob", "carol", "dave")]
            bob = people[1]
            bob.dms_open = False
            games = guild.text_channel("games")
            await people[0].slash(games, "toy new", pace="live")
            lobby = games.last_message()
            for person in people[1:]:
                await person.click(lobby, "Join")
            await people[0].click(lobby, "Start")
            thread = lobby.thread
            [named] = [m for m in thread.messages() if CLOSED_DMS in m.content]
            assert bob.mention in named.content
            assert not [p for p in people if p is not bob and p.mention in named.content]
            # Bob opens his DMs during the night; nothing is tried until he acts in the game:
            # then he alone is told, and the DMs due to him from then on reach him (the wolf,
            # whoever it is, kills first, through "My secrets" if it is him).
            bob.dms_open = True
            assert not bob.dms()
            told = await bob.click(status_message(thread), "My secrets")
            assert told.ephemeral and NOT_REACHED in told.text
            [(wolf, kill)] = [(p, m) for p in people for m in dm_prompts(p)] or [
                (bob, m) for m in await secret_prompts(bob, thread)]     # said once
            assert NOT_REACHED not in (await bob.click(status_message(thread), "My secrets")).text
            await wolf.click(kill, kill.labels()[-1])
            await play(people, thread)
        assert finished(thread)
        assert len(hurried(lb, but=bob)) >= 3
        assert len([m for m in thread.messages() if CLOSED_DMS in m.content]) == 1
        for person in people:
            assert person.dms(), person.name
        assert_each_said_once(thread, people)
        assert_nobody_timed_out(thread, people)


async def test_a_permission_lost_after_new_is_told_once_and_stops_no_dm(tmp_path):
    async with Loopback() as lb:
        async with lb.run_bot(quick_retries, tmp_path / "db.sqlite3", idle=idle):
            guild = lb.guild("Test server")
            people = [guild.user(n) for n in ("alice", "bob", "carol", "dave")]
            alice = people[0]
            games = guild.text_channel("games")
            await alice.slash(games, "toy new", pace="live")
            lobby = games.last_message()
            for person in people[1:]:
                await person.click(lobby, "Join")
            lb.deny(games, "send_messages_in_threads")
            await alice.click(lobby, "Start")
            thread = lobby.thread
            # Nothing reaches the thread, yet the night goes on by DM and the host knows why.
            [(wolf, kill)] = [(p, m) for p in people for m in dm_prompts(p)]
            assert_told_once_each(alice, "Send Messages in Threads")
            assert not [m for m in thread.messages() if "My secrets" in m.labels()]
        async with lb.run_bot(quick_retries, tmp_path / "db.sqlite3", idle=idle):
            # A restart tries the status again: the host is not told a second time.
            await lb.settle()
            assert_told_once_each(alice, "Send Messages in Threads")
            lb.allow(games, "send_messages_in_threads")
            lb.deny(games, "embed_links")
            await lb.wait_for(lambda: any("My secrets" in m.labels() for m in thread.messages()),
                              timeout=10)
            await wolf.click(kill, kill.labels()[-1])
            await play(people, thread)
            assert_told_once_each(alice, "Send Messages in Threads", "Embed Links")
        night_news = [m.id for m in thread.messages() if "The game begins." in m.content]
        day_news = [m.id for m in thread.messages() if "did not survive the night" in m.content]
        assert len(night_news) == 1 and night_news[0] < day_news[0]   # it waited, in order
        assert finished(thread)
        assert len([c for c in lb.calls if c.status == 403]) <= 2
        assert not [c for c in lb.calls if c.status == 429]
        assert_each_said_once(thread, people)
        assert_nobody_timed_out(thread, people)


async def test_a_phase_post_discord_will_not_edit_goes_on_in_a_new_post(world, table):
    host, delivery, channels, users = world
    thread = channels[2]
    await night(host, table)
    await delivery.settled()
    voters = [p.seat for p in host.pending(table)]
    names = [table.seats[s].name for s in voters]
    await vote(host, table, voters[0])
    old = thread.sent[-1]
    plain = thread.get_partial_message

    def capped(message_id):
        partial = plain(message_id)
        if message_id == old.id:
            async def refuse(**kw):
                refused.append(kw)
                raise CodedRateLimit(600.0, 30046)
            partial.edit = refuse
        return partial

    refused: list = []
    thread.get_partial_message = capped
    await vote(host, table, voters[1])
    fresh = thread.sent[-1]
    assert fresh.id != old.id and len(refused) == 1
    assert fresh.content.splitlines()[0].startswith("**Day** · round 1 · ")
    assert fresh.content.splitlines()[1:] == [f"{names[1]} has voted."]   # only what was new
    await vote(host, table, voters[2])
    assert len(refused) == 1                       # never tried again
    said = "\n".join(shown(thread).values()).splitlines()
    assert [said.count(f"{n} has voted.") for n in names[:2]] == [1, 1]


async def test_a_phase_post_near_an_hour_old_grows_no_more(world, table, monkeypatch):
    host, delivery, channels, users = world
    thread = channels[2]
    await night(host, table)
    await delivery.settled()
    voters = [p.seat for p in host.pending(table)]
    await vote(host, table, voters[0])
    sent, edits = len(thread.sent), thread.edits
    later = discord.utils.utcnow() + datetime.timedelta(minutes=51)
    monkeypatch.setattr(discord.utils, "utcnow", lambda: later)
    await vote(host, table, voters[1])
    assert len(thread.sent) == sent + 1 and thread.edits == edits    # a new post, no edit


async def test_closed_dms_are_tried_again_with_a_dm_due_at_most_every_few_minutes(world):
    host, delivery, channels, users = world
    tries = []
    plain = type(users[CAROL]).send

    async def counted(self, content=None, **kw):
        if self.id == CAROL:
            tries.append(content)
        return await plain(self, content, **kw)

    type(users[CAROL]).send = counted
    try:
        table = await toy_table(host, 3, ((BOB, "bob"), (CAROL, "carol"), (DAVE, "dave")))
        await delivery.settled()
        assert len(tries) == 1 and (await host.table(table.id)).seat_of(CAROL).dm_closed
        await night(host, await host.table(table.id))        # day: nothing due to her
        await delivery.settled()
        assert len(tries) == 1                               # so nothing is tried
        users[CAROL].dms_open = True                         # carol opens her DMs
        table = await host.table(table.id)
        wolf = str(table.state["wolf"])
        for seat in [p.seat for p in host.pending(table)][:-1]:
            await vote(host, await host.table(table.id), seat, wolf)
        await delivery.settled()
        assert len(tries) == 1                               # nothing due to her yet
        delivery.probe_every = 0.0                           # the last try long ago
        [last] = [p.seat for p in host.pending(await host.table(table.id))]
        await vote(host, await host.table(table.id), last, wolf)   # the end: a farewell DM
        await delivery.settled()
        assert len(tries) == 2 and not (await host.table(table.id)).seat_of(CAROL).dm_closed
        assert "is over" in users[CAROL].sent[0].content
    finally:
        type(users[CAROL]).send = plain


async def test_attach_files_lost_after_new_is_told_once_where_the_game_draws(world, monkeypatch):
    host, delivery, channels, users = world
    thread = channels[2]
    thread.guild = SimpleNamespace(me=object())
    denied = discord.Permissions.all()
    denied.attach_files = False
    thread.permissions_for = lambda member: denied
    monkeypatch.setattr(ToyGame, "picture", lambda self, view, t: b"\x89PNG drawn")
    table = await toy_table(host, 3, ai=1)
    await delivery.settled()
    await night(host, await host.table(table.id))
    await delivery.settled()
    notes = [m.content for m in users[ALICE].sent if "I lost the" in (m.content or "")]
    assert len(notes) == 1 and "**Attach Files**" in notes[0]
    assert not [kw for what, _, kw in thread.log if kw.get("files") or kw.get("attachments")]


async def test_the_fake_answers_an_old_edit_and_a_hurried_dm_as_discord_does():
    async with Loopback() as lb:
        guild = lb.guild("g")
        alice, games = guild.user("alice"), guild.text_channel("games")
        api, auth = lb.fake.api_url, {"Authorization": f"Bot {lb.fake.world.token}"}
        async with aiohttp.ClientSession(headers=auth) as http:
            async with http.post(f"{api}/channels/{games.id}/messages",
                                 json={"content": "old"}) as resp:
                message = await resp.json()
            lb.age_messages(3601)
            async with http.patch(f"{api}/channels/{games.id}/messages/{message['id']}",
                                  json={"content": "edited"}) as resp:
                status, headers, body = resp.status, resp.headers, await resp.json()
            assert status == 429 and body["code"] == 30046 and not body["global"]
            assert body["retry_after"] == lb.old_edit_retry_after
            assert float(headers["Retry-After"]) == lb.old_edit_retry_after
            assert headers["Via"] == "1.1 google" and headers["X-RateLimit-Scope"] == "user"
            lb.dm_too_fast = 1.0                  # every call refused, but never twice in a row
            opened = []
            for _ in range(2):
                async with http.post(f"{api}/users/@me/channels",
                                     json={"recipient_id": str(alice.id)}) as resp:
                    opened.append((resp.status, (await resp.json()).get("code")))
            assert opened == [(403, 40003), (200, None)]
