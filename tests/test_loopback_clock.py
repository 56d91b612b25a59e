"""End to end, on the bot's clock moved by hand: the status shows the day vote's deadline as a
Discord timestamp, the host's `/toy extend` moves it (said in the thread and in the status), a
player's `/toy more-time` is voted on in the thread and granted, and a reminder reaches the
asked person alone by DM with a button that turns reminders down (My secrets turns them on)."""
from __future__ import annotations

import re
import time
from functools import partial

from hosting.clock import FakeClock
from tests.loopback import Loopback
from tests.loopback.table import (KILL_PROMPT, dm_prompts, idle, make_bot, status_message,
                                  thread_questions)

STAMP = re.compile(r"<t:(\d+):R>")


def deadline_shown(thread) -> int:
    """The status's deadline, as its timestamp."""
    return int(STAMP.search(status_message(thread).text)[1])


async def test_the_clock_through_the_loopback(tmp_path):
    async with Loopback() as lb:
        guild = lb.guild("Test server")
        people = [guild.user(name) for name in ("alice", "bob", "carol", "dave")]
        alice, bob, carol, dave = people
        games = guild.text_channel("games")
        async with lb.run_bot(partial(make_bot, settle_delay=0.01), tmp_path / "t.sqlite3",
                              idle=idle) as bot:
            clock = bot.host.clock = FakeClock(time.time())
            lobby = (await alice.slash(games, "toy new", pace="live")).message
            for person in (bob, carol, dave):
                await person.click(lobby, "Join")
            await alice.click(lobby, "Start")
            thread = lobby.thread
            wolf = next(p for p in people if any(KILL_PROMPT in m.text for m in dm_prompts(p)))
            victim = bob if wolf is alice else alice        # the host may be out: still hosts
            kill = next(m for m in dm_prompts(wolf) if KILL_PROMPT in m.text)
            await wolf.click(kill, victim.name)
            await lb.settle()
            # two people who are not the host, then a third (the host, if the wolf is)
            asker, voter, last = [p for p in (bob, carol, dave, alice) if p is not victim]
            assert thread_questions(asker, thread, set())           # the day's public vote
            due = deadline_shown(thread)

            refused = await asker.slash(thread, "toy extend", minutes=5)
            assert refused.ephemeral and refused.content == \
                "Only the game's host (or a server admin) can do that."
            done = await alice.slash(thread, "toy extend", minutes=5)
            assert done.ephemeral and "every deadline moved 5 minutes later" in done.content
            assert any("The host gave everyone 5 more minutes" in m.text
                       for m in thread.messages())
            assert deadline_shown(thread) == due + 300
            assert "More time given in this phase: 5 min." in status_message(thread).text

            asked = await asker.slash(thread, "toy more-time")
            assert asked.ephemeral and "the table votes" in asked.content
            vote = next(m for m in thread.messages() if "asks for" in m.text)
            assert vote.labels() == ["More time", "No"] and STAMP.search(vote.text)
            twice = await asker.click(vote, "More time")
            assert twice.ephemeral and twice.content == "You have voted already."
            assert (await voter.click(vote, "More time")).content == "Your vote is counted."
            granted = await last.click(vote, "More time")   # 3 of 4, or the host's yes
            assert "More time is given" in granted.content
            await lb.settle()
            assert vote.buttons == [] and vote.content == "Vote on more time: closed."
            given = next(m.text for m in thread.messages() if "More time: every" in m.text)
            minutes = int(re.search(r"moved (\d+) minutes later", given)[1])
            assert deadline_shown(thread) == due + 300 + minutes * 60
            later = deadline_shown(thread)

            # a quarter of the vote's time before its end: each person still asked is
            # reminded, by DM only, and the last reminder names what a timeout chooses
            clock.set(later - 20)
            await bot.host.fire_due()
            await lb.settle()
            reminder = next(m for m in voter.dms() if "Last reminder" in m.text)
            # its deadline a date and time each reader sees in their own zone, which stays
            # true once the question has closed (a countdown would not)
            assert f"<t:{later}:f>" in reminder.text
            assert reminder.labels() == ["No more reminders"]
            assert not any("reminder" in m.text.lower() for m in thread.messages())
            off = await voter.click(reminder, "No more reminders")
            assert off.ephemeral and "no more reminders for this game" in off.content
            secrets = await voter.click(status_message(thread), "My secrets")
            assert secrets.message.labels() == ["Reminders on"]
            on = await voter.click(secrets.message, "Reminders on")
            assert on.content == "Reminders for this game are on again."
            secrets = await voter.click(status_message(thread), "My secrets")
            assert secrets.message.labels() == ["No more reminders"]


async def test_a_vote_under_way_closes_with_the_game(tmp_path):
    async with Loopback() as lb:
        guild = lb.guild("Test server")
        people = [guild.user(name) for name in ("alice", "bob", "carol", "dave")]
        alice, bob, carol, dave = people
        games = guild.text_channel("games")
        async with lb.run_bot(partial(make_bot, settle_delay=0.01), tmp_path / "t.sqlite3",
                              idle=idle):
            lobby = (await alice.slash(games, "toy new", pace="live")).message
            for person in (bob, carol, dave):
                await person.click(lobby, "Join")
            await alice.click(lobby, "Start")
            thread = lobby.thread
            wolf = next(p for p in people if any(KILL_PROMPT in m.text for m in dm_prompts(p)))
            kill = next(m for m in dm_prompts(wolf) if KILL_PROMPT in m.text)
            await wolf.click(kill, kill.labels()[0])
            await lb.settle()
            asker = next(p for p in (bob, carol, dave) if thread_questions(p, thread, set()))
            await asker.slash(thread, "toy more-time")
            vote = next(m for m in thread.messages() if "asks for" in m.text)
            assert vote.labels() == ["More time", "No"]
            await alice.slash(thread, "toy cancel")
            await lb.settle()
            assert vote.buttons == [] and vote.content == "Vote on more time: closed."
