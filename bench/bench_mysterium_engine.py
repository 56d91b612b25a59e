"""Mysterium engine benchmark: whole games through the public contract (apply deep-copies the
state each decision) with the bot Ghost and AI psychics, then the time to draw the table and
the Ghost's screen once the cards are in the cache.

    python bench/bench_mysterium_engine.py [games]

Goals: median <= 300 ms per 7-player game engine-only, a picture <= 150 ms."""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.playouts import ai_policy, play  # noqa: E402
from games.mysterium import MysteriumEngine  # noqa: E402
from hosting.text import Translator  # noqa: E402


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] * 1000


def main(games: int = 50) -> None:
    engine = MysteriumEngine()
    policy = ai_policy()
    last = None
    for difficulty in ("easy", "intermediate", "hard"):
        for players in (2, 5, 7):
            totals, decisions = [], 0
            for seed in range(games):
                t0 = time.perf_counter()
                last, _, n = play(engine, {"mode": difficulty}, players, seed,
                                  lambda seat, state: policy)
                totals.append(time.perf_counter() - t0)
                decisions += n
            print(f"{difficulty:12} {players}p: game median {pct(totals, .5):7.1f} ms "
                  f"p99 {pct(totals, .99):7.1f} ms | {decisions / games:.0f} decisions/game")
    t = Translator("mysterium", "en", [f"P{i}" for i in range(7)])
    for name, view in (("table", engine.public_view(last)), ("screen", engine.seat_view(last, 0))):
        engine.picture(view, t)
        times = []
        for _ in range(10):
            t0 = time.perf_counter()
            engine.picture(view, t)
            times.append(time.perf_counter() - t0)
        print(f"{name} picture median {pct(times, .5):.1f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
