"""End to end, on the bot's clock moved by hand: one person of a toy table never answers; after
two missed deadlines the bot plays their seat, they are told by DM with **I'm back**, the table
learns it from their public misses only, and the game ends with that seat played by the bot."""
from __future__ import annotations

import time
from functools import partial

import pytest

from hosting import host as host_module
from hosting.clock import FakeClock
from tests.loopback import Loopback
from tests.loopback.seen import findings, what_people_see
from tests.loopback.table import (KILL_PROMPT, dm_prompts, finished, idle, make_bot,
                                  thread_questions)
from tests.test_loopback_substitutes import TOY_WORDS, open_table

NOTICE = "The bot plays your seat for now"
SHOWN = "The bot plays bob's seat until they are back"


@pytest.mark.parametrize("seed", [8, 0], ids=["bob-the-wolf", "bob-a-villager"])
async def test_an_absent_person_s_seat_is_played_by_the_bot_to_the_end(tmp_path, monkeypatch,
                                                                        seed):
    monkeypatch.setattr(host_module._secrets, "randbelow", lambda n: seed)
    async with Loopback() as discord:
        guild = discord.guild("Test server")
        people = [guild.user(name) for name in ("alice", "carol", "dave", "erin", "frank",
                                                 "bob")]
        bob, here = people[-1], people[:-1]
        games = guild.text_channel("games")
        async with discord.run_bot(partial(make_bot, settle_delay=0.01), tmp_path / "db",
                                   idle=idle) as bot:
            clock = bot.host.clock = FakeClock(time.time())
            thread = await open_table(people[0], people[1:], games)
            [game_id] = await bot.host.store.game_ids(statuses=("running",))
            done: set = set()
            for _ in range(40):
                for person in here:   # everyone else answers: kills spare bob, votes skip
                    for prompt in dm_prompts(person):
                        if KILL_PROMPT in prompt.text:
                            await person.click(prompt, next(
                                label for label in prompt.labels() if label != "bob"))
                    for prompt in thread_questions(person, thread, done):
                        done.add((person.name, prompt.id))
                        await person.click(prompt, "Nobody")
                if finished(thread):
                    break
                clock.set(await bot.host.next_due() + 1)   # bob's questions (or a reminder)
                await bot.host.fire_due()
                await discord.settle()
            assert finished(thread)
            table = await bot.host.table(game_id)
            seat = table.seat_of(bob.id)
            assert seat.autopilot == "missed"
            notice = [m for m in bob.dms() if NOTICE in m.text]
            assert len(notice) == 1 and notice[0].labels() == ["I'm back"]
            ours = [d for d in await bot.host.store.decisions(game_id) if d[1] == seat.seat]
            assert [d[4] for d in ours].count("timeout") >= 2 and ours[-1][4] == "ai"
            assert sum(SHOWN in m.text for m in thread.messages()) == 1
            late = await bob.click(notice[0], "I'm back")   # over: nothing to take back
            assert late.ephemeral and "not running" in late.content
            found = [f for f in findings(what_people_see(thread, people))
                     if not any(words in f for words in TOY_WORDS)]
            assert not found, "\n".join(found)


async def test_away_and_back_through_the_slash_command(tmp_path):
    async with Loopback() as discord:
        guild = discord.guild("Test server")
        people = [guild.user(name) for name in ("alice", "bob", "carol", "dave")]
        bob = people[1]
        games = guild.text_channel("games")
        async with discord.run_bot(partial(make_bot, settle_delay=0.01), tmp_path / "db",
                                   idle=idle) as bot:
            thread = await open_table(people[0], people[1:], games)
            [game_id] = await bot.host.store.game_ids(statuses=("running",))
            wrong = await bob.slash(games, "away", until="someday")
            assert wrong.ephemeral and "I cannot read “someday”" in wrong.content
            gone = await bob.slash(games, "away", until="3d")
            assert gone.ephemeral and "You are away until <t:" in gone.content
            assert "At 1 table" in gone.content
            seat = (await bot.host.table(game_id)).seat_of(bob.id)
            assert seat.autopilot == "away"
            assert any("The bot plays bob's seat" in m.text for m in thread.messages())
            back = await bob.slash(games, "away", off=True)
            assert back.content == "Welcome back: your seats on this server are yours again."
            assert (await bot.host.table(game_id)).seat_of(bob.id).autopilot is None
            assert (await bob.slash(games, "away")).content == "You are not away on this server."
