"""Discord API calls per game round, for each of the five games, through the loopback fake
Discord with the real bot: every seat a scripted person (the costliest table; Mysterium's Ghost
is the bot's, as a table without a Ghost player has it), one game each.

    .venv/bin/python bench/bench_calls.py
    .venv/bin/python bench/bench_calls.py --games bethlem room25 --seed 3

Interaction callbacks and follow-ups are counted apart: they answer a person's click (one each,
whatever the bot does) and Discord does not count them against the bot's global rate limit.
The telling number is the rest, the calls the bot makes of its own accord, per decision a
person makes (a picker's menus are several clicks for one decision): the goal is at most 1.2.
A call is charged to the round the game is in when it is seen (the round its engine gives,
read from the store). The first round (dealing roles) and the last (the recap) are reported
apart from the others; `--routes` lists where the middle rounds' own calls go.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import re
import sqlite3
import statistics
import sys
import tempfile
from collections import Counter, defaultdict
from dataclasses import replace
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from tests.loopback import Loopback  # noqa: E402
from tests.loopback.wholegame import TABLES, play  # noqa: E402

INTERACTION_ROUTES = ("/interactions/", "/webhooks/")
ROUTE_ID = re.compile(r"\d{5,}")
FIVE = ("bethlem", "room25", "mysterium", "cultists", "looper")


def progress(db: Path) -> tuple[int, int]:
    """The running (or last) game's round as its engine counts it (0 before it starts), and
    how many decisions people have made in it so far."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        found = con.execute("SELECT id, game, state FROM games WHERE state IS NOT NULL "
                            "ORDER BY id DESC LIMIT 1").fetchone()
        if not found:
            return 0, 0
        made = con.execute("SELECT COUNT(*) FROM decisions WHERE game_id = ? AND source = "
                           "'player'", (found[0],)).fetchone()[0]
    return games.engine(found[1]).round(json.loads(found[2])), made


async def count_game(name: str, db: Path) -> tuple[int, dict[int, Counter]]:
    """Every seat a person: the table's AI seats become people."""
    table = TABLES[name]
    table = replace(table, people=table.people + table.ai, ai=0)
    per_round: dict[int, Counter] = defaultdict(Counter)
    async with Loopback(strict=False, timeout=120) as discord:
        seen = decided = 0

        def charge(people=None) -> None:
            nonlocal seen, decided
            if not db.exists():
                return
            now, made = progress(db)
            costs = per_round[now]
            costs["decisions"] += made - decided
            decided = made
            for call in discord.calls[seen:]:
                own = not call.route.startswith(INTERACTION_ROUTES)
                costs["bot" if own else "interaction"] += 1
                if own:
                    costs[f"{call.method} {call.route} {where(call.path)}"] += 1
            seen = len(discord.calls)

        def where(path: str) -> str:
            """The channel a call is about: the table's thread, a DM, or another."""
            found = ROUTE_ID.search(path)
            channel = discord.fake.world.channels.get(int(found.group())) if found else None
            return ("" if channel is None else "(thread)" if channel.is_thread
                    else "(DM)" if channel.guild is None else "(channel)")

        await play(discord, table, db, give_up=900, asked=charge)
        charge()
    return table.people, per_round


def report(name: str, seats: int, per_round: dict[int, Counter], routes: bool) -> None:
    rounds = sorted(r for r in per_round if r > 0)
    middle = rounds[1:-1] or rounds
    bot = [per_round[r]["bot"] for r in middle]
    clicks = [per_round[r]["interaction"] for r in middle]
    answers = [per_round[r]["decisions"] for r in middle]
    ends = ", ".join(f"round {r}: {per_round[r]['bot']} + {per_round[r]['interaction']}"
                     for r in (rounds[0], rounds[-1]))
    print(f"{name}: {seats} seats, {len(rounds)} rounds; in the middle rounds the bot's own "
          f"calls average {statistics.mean(bot):.1f} (max {max(bot)}), interaction answers "
          f"{statistics.mean(clicks):.1f} for {statistics.mean(answers):.1f} decisions, so "
          f"{sum(bot) / max(1, sum(answers)):.2f} own calls per decision; "
          f"first and last rounds, own + interaction answers: {ends}")
    if routes:   # where the middle rounds' own calls go
        spent = sum((per_round[r] for r in middle), Counter())
        for route, n in spent.most_common():
            if route.startswith(("GET", "POST", "PATCH", "PUT", "DELETE")):
                print(f"    {n / len(middle):6.1f}/round  {route}")


async def run(names: list[str], seed: int, routes: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp, \
            mock.patch("hosting.host._secrets.randbelow", return_value=seed):
        for name in names:
            report(name, *await count_game(name, Path(tmp) / f"{name}.sqlite3"), routes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", choices=sorted(TABLES), default=list(FIVE))
    parser.add_argument("--seed", type=int, default=4, help="every table's deal")
    parser.add_argument("--routes", action="store_true",
                        help="list the middle rounds' own calls by route")
    args = parser.parse_args()
    asyncio.run(run(args.games, args.seed, args.routes))


if __name__ == "__main__":
    main()
