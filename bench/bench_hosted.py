"""Whole seeded games through the hosting core and a SQLite file, as the simulator plays them.

    python bench/bench_hosted.py bethlem --players 4 7 --games 20 [--mode normal]

Prints, per player count, the median and p99 milliseconds per game and per decision.
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hosting.simulate import SimulationArgs, simulate  # noqa: E402


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]


async def run(game: str, players: int, games: int, mode: str | None) -> None:
    per_game, per_decision = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(games):
            db = str(Path(tmp) / f"{seed}.sqlite3")
            start = time.perf_counter()
            result = await simulate(SimulationArgs(game, players=players, seed=seed, mode=mode,
                                                   db=db))
            ms = (time.perf_counter() - start) * 1000
            per_game.append(ms)
            per_decision.append(ms / max(1, result["decisions"]))
    print(f"{game} hosted players={players} games={games}: "
          f"per game median {statistics.median(per_game):.1f} ms p99 {p99(per_game):.1f} ms; "
          f"per decision median {statistics.median(per_decision):.2f} ms "
          f"p99 {p99(per_decision):.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--players", type=int, nargs="+", required=True)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--mode")
    args = parser.parse_args()
    for n in args.players:
        asyncio.run(run(args.game, n, args.games, args.mode))


if __name__ == "__main__":
    main()
