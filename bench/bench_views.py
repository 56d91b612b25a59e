"""What a whole game puts in front of each person, counted: for every game, a table of two
people and AI seats plays through the loopback Discord with the real bot (the people taking the
first or quickest option offered), then the bench counts what Discord shows.

    .venv/bin/python bench/bench_views.py
    .venv/bin/python bench/bench_views.py --games bethlem room25 --seed 3

Per game: the thread's posts, its edits, the pictures uploaded there, and for each person the
DMs, their edits, the pictures in them, the pings (new thread messages that mention them;
every DM notifies as well), the most questions open in their DMs at one moment (at most one
live question per seat is the goal) and the DMs that said nothing but their moment's header
(none is the goal: a DM goes only with something to read or answer). Totals and per round (the round the engine's public view
gives at the end). The seed fixes the deal; AI moves and clock steps still vary a little from run to
run. The goal (issue 15) is at least half of Bethlem's 92 thread posts and 83 DMs to one player
in 9 rounds, nothing a player needs lost. Each game's line ends with what the checks of
tests/loopback/seen.py still find, by check (`--findings` lists them). Then the questions
that offered a single answer, and how many of them were ritual clicks (none is the goal: one
asked all the same, so that nobody can tell who had a choice, or a Ready ending a wait, says
why in its text) and the dead time: how long
the same table, played offline by the AI at the live pace (`simulate`), waits on its clock
alone, per round.
"""
from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from hosting.store import Store  # noqa: E402
from tests.loopback import Loopback  # noqa: E402
from hosting.simulate import SimulationArgs, simulate  # noqa: E402
from tests.loopback.seen import (UNDESCRIBED, answers_offered, findings,  # noqa: E402
                                 header_only, ritual, shown, what_people_see)
from tests.loopback.table import dm_prompts  # noqa: E402
from tests.loopback.wholegame import TABLES, Table, play  # noqa: E402


SIM_SEED = 2      # the offline game whose clock-only waits are counted (a ten-round Cultists)


@dataclass
class Count:
    """What one place showed over a game: messages posted, edits, pictures, pings."""
    posts: int = 0
    edits: int = 0
    pictures: int = 0
    pings: int = 0
    live: int = 0         # the most questions open in the DMs at one moment
    empty: int = 0        # DMs with nothing but their moment's header


def tally(records) -> Count:
    """Messages as the fake holds them (deleted ones too: they were seen)."""
    shown = [m for m in records if m.ephemeral_to is None]
    return Count(posts=len(shown), edits=sum(m.edits for m in shown),
                 pictures=sum(m.uploads for m in shown))


async def rounds_played(db: Path) -> int:
    store = await Store.open(db)
    try:
        [game_id] = await store.game_ids(statuses=("finished",))
        table = await store.load_game(game_id)
        return int(games.engine(table.game).public_view(table.state).get("round", 0)) or 1
    finally:
        await store.close()


def thread_pings(discord, thread, person) -> int:
    """New thread messages that notified `person` (edits do not notify on Discord)."""
    return sum(1 for p in discord.pings
               if p.channel_id == thread.id and not p.edit and person.id in p.users)


async def count_game(table: Table, db: Path) -> dict:
    started = time.monotonic()
    async with Loopback(strict=False, timeout=120) as discord:
        most: dict[str, int] = {}
        singles: dict[int, bool] = {}   # questions offering one answer: a ritual click?

        def asked(people) -> None:
            for person in people:
                most[person.name] = max(most.get(person.name, 0), len(dm_prompts(person)))
                for m in map(shown, person.visible()):
                    if answers_offered(m.components) == 1:
                        singles.setdefault(m.id, ritual(m))

        thread, people = await play(discord, table, db, give_up=600, asked=asked)
        posted = tally(thread.record.messages)
        seen = what_people_see(thread, people)
        persons = {}
        for person in people:
            dms = persons[person.name] = tally(person.dm.record.messages)
            dms.pings = thread_pings(discord, thread, person)
            dms.live = most.get(person.name, 0)
            dms.empty = sum(map(header_only, seen.dms[person.name]))
        found = findings(seen)
    return {"table": table, "rounds": await rounds_played(db), "thread": posted,
            "people": persons, "findings": found, "seconds": time.monotonic() - started,
            "single": len(singles), "ritual": sum(singles.values()),
            "waits": await clock_waits(table)}


async def clock_waits(table: Table) -> tuple[int, int]:
    """(seconds, rounds) the same table waits on its clock alone at the live pace, played
    by the AI offline (`simulate`: every seat answers at once, so the game's length on its
    fake clock is its clock-only waits: the dead time nobody's answer can shorten)."""
    options = [f"{k}={v}" for k, v in table.options.items() if k != "ghost"]
    result = await simulate(SimulationArgs(table.game, table.people + table.ai, SIM_SEED,
                                           table.mode, option=options or None))
    return result["clock_waits"], max(1, result["rounds"])


def report(result: dict, show_findings: bool) -> None:
    rounds = result["rounds"]

    def both(n: int) -> str:
        return f"{n:4d} ({n / rounds:5.1f}/round)"

    t = result["thread"]
    found = result["findings"]
    by_check = Counter(f.split(":")[0] for f in found)
    print(f"{result['table'].title}: {rounds} rounds, {result['seconds']:.0f} s; findings: "
          f"{', '.join(f'{n} {check}' for check, n in by_check.items()) or 'none'}")
    print(f"  thread     posts {both(t.posts)}  edits {both(t.edits)}  "
          f"pictures {both(t.pictures)}  without alt text {by_check[UNDESCRIBED]}")
    waited, played = result["waits"]
    print(f"  questions with a single answer {result['single']}, of which ritual clicks "
          f"(not saying why they are asked) {result['ritual']}; clock-only waits at the live "
          f"pace {waited / played:.0f} s/round ({played} rounds, all AI)")
    for name, c in result["people"].items():
        print(f"  {name:10} DMs   {both(c.posts)}  edits {both(c.edits)}  "
              f"pictures {both(c.pictures)}  pings {both(c.pings)}  "
              f"open at once {c.live}  header-only DMs {c.empty}")
    if show_findings:
        print("\n".join(f"    - {f}" for f in found))


async def run(names: list[str], seed: int, show_findings: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp, \
            mock.patch("hosting.host._secrets.randbelow", return_value=seed):
        for name in names:
            result = await count_game(TABLES[name], Path(tmp) / f"{name}.sqlite3")
            report(result, show_findings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", choices=list(TABLES), default=list(TABLES))
    parser.add_argument("--seed", type=int, default=4,
                        help="every table's deal (4: Bethlem lasts about ten rounds)")
    parser.add_argument("--findings", action="store_true", help="list every finding")
    args = parser.parse_args()
    asyncio.run(run(args.games, args.seed, args.findings))


if __name__ == "__main__":
    main()
