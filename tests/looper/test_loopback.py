"""Whole Tragedy Looper games through the loopback Discord: a human Mastermind with AI and human
protagonists, and the bot as Mastermind for two human protagonists. Scripted people answer the
first option they are offered; afterwards every line the thread and each person saw is checked
against the audience the engine gave it (the script reaches the thread only after the end)."""
from __future__ import annotations

import asyncio
from functools import partial

import pytest

from tests.loopback import Loopback
from tests.loopback.table import (FAST_TIMINGS, answer_first, finished, idle, make_bot,
                                  open_questions, status_message)
from tests.test_loopback_games import GAME_OVER_LINE, MENTIONS, audiences

TIMINGS = FAST_TIMINGS + ",spiral=3,abilities=3,pass=3,guess=3"


@pytest.mark.parametrize("mode,mastermind,people,ai", [("first_steps", "player", 2, 1),
                                                   ("first_steps", "bot", 2, 0)])
async def test_whole_game_keeps_every_secret_in_its_audience(tmp_path, mode, mastermind, people,
                                                             ai):
    db = tmp_path / "db.sqlite3"
    async with Loopback() as discord:
        guild = discord.guild("Test server")
        players = [guild.user(f"player{i}") for i in range(people)]
        games = guild.text_channel("games")
        async with discord.run_bot(partial(make_bot, settle_delay=0.01), db, idle=idle):
            host = players[0]
            rules = await host.slash(games, "looper rules", topic="murder_plan")
            assert rules.ephemeral
            await host.slash(games, "looper new", mode=mode, mastermind=mastermind,
                             timings=TIMINGS)
            lobby = games.last_message()
            for person in players[1:]:
                await person.click(lobby, "Join")
            for _ in range(ai):
                await host.slash(games, "looper add-ai")
            started = await host.click(lobby, "Start")
            assert started.type == 7 and not lobby.buttons, started
            thread = lobby.thread
            assert status_message(thread).embeds
            loop = asyncio.get_running_loop()
            give_up = loop.time() + 120
            done: set = set()
            while not finished(thread) and loop.time() < give_up:
                prompts = [(p, m) for p in players for m in open_questions(p, thread, done)]
                for person, prompt in prompts:
                    await answer_first(person, prompt, done)
                if not prompts:
                    await asyncio.sleep(0.05)
            assert finished(thread), "the game did not end"
        assert not [c for c in discord.calls if c.status == 400]
        thread_lines = [line for m in thread.messages() for line in m.content.splitlines()]
        dm_lines = {p.name: [line for m in p.dms() for line in m.content.splitlines()]
                    for p in players}

    names, lines = await audiences(db)
    assert names[0] == ("AI 1" if mastermind == "bot" else "player0")
    public, gm = lines.get("public", set()), lines.get("gm", set())
    end = next(i for i, line in enumerate(thread_lines) if GAME_OVER_LINE in line)
    for i, line in enumerate(thread_lines):
        if "I cannot DM you" in line or MENTIONS.fullmatch(line):
            continue
        allowed = public if i <= end else public | gm
        assert line in allowed, f"thread line not meant for the public: {line!r}"
    for name, seen in dm_lines.items():
        own = lines.get(f"seat:{names.index(name)}", set())
        for line in seen:
            assert line in own or line.startswith("Got it:"), f"{name} saw {line!r}"
    script_lines = lines.get("seat:0", set())
    assert any("culprit" in line for line in script_lines)
    recap = next(i for i, line in enumerate(thread_lines) if line.startswith("The script was"))
    leaked = [line for line in thread_lines[:recap] if " is the " in line or "culprit" in line]
    assert not [x for x in leaked if not x.startswith("The culprit of")], leaked
