"""A whole Among Cultists game through the loopback Discord: one person and three AI seats (with
the AUTOMA, five characters), the person taking the quickest answer offered (stop, pass,
abstain, carry on; else the first option).
Afterwards every line the thread and each person saw is checked against the audience the engine
gave it."""
from __future__ import annotations

from functools import partial


from tests.loopback import Loopback
from tests.loopback.table import (answer_quickest, finished, idle, make_bot, open_questions,
                                  status_message)
from tests.loopback.seen import what_people_see
from tests.test_loopback_games import (assert_each_line_reached_its_audience,
                                       assert_nothing_to_stumble_on, seen_lines)

TIMINGS = ",".join(f"{k}=0.1" for k in ("default", "setup", "night_step", "vote",
                                         "day_discussion", "action", "reactive", "claim",
                                         "night_step_min", "reactive_min"))


async def test_whole_game_keeps_every_line_for_its_audience(tmp_path):
    db = tmp_path / "db.sqlite3"
    async with Loopback() as discord:
        guild = discord.guild("Test server")
        players = [guild.user("player0")]
        games = guild.text_channel("games")
        async with discord.run_bot(partial(make_bot, settle_delay=0.01), db, idle=idle):
            host = players[0]
            rules = await host.slash(games, "cultists rules", topic="SEER")
            assert rules.ephemeral
            await host.slash(games, "cultists new", mode="experienced", timings=TIMINGS)
            lobby = games.last_message()
            for _ in range(3):
                await host.slash(games, "cultists add-ai")
            await host.click(lobby, "Start")
            thread = lobby.thread
            assert status_message(thread).embeds
            world = discord.fake.world
            watched = [thread.record, *(p.dm.record for p in players)]
            done: set = set()
            # The clocks tick faster than the bot ever falls quiet: answer without settling,
            # waiting for the next question or the end instead.
            while not finished(thread):
                await world.wait_for(
                    lambda: finished(thread) or any(open_questions(p, thread, done)
                                                    for p in players),
                    120, "a question or the end", watched)
                for person in players:
                    for prompt in open_questions(person, thread, done):
                        await answer_quickest(person, prompt, done, settle=False)
            await discord.settle()
            assert any(a.filename == "table.png" for m in thread.messages()[2:]
                       for a in m.attachments)
        assert not [c for c in discord.calls if c.status == 400]
        seen = seen_lines(thread, players)
        drawn = what_people_see(thread, players)
    await assert_each_line_reached_its_audience(db, *seen)
    assert_nothing_to_stumble_on(drawn)
