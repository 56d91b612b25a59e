"""Room 25 engine benchmark: seeded random games through the public contract (apply deep-copies
the state each decision), then the time to render one board image.

    .venv/bin/python bench/bench_room25_engine.py [games]

Goals: median <= 50 ms per 6-player game engine-only, board image <= 30 ms."""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.room25 import Room25Engine  # noqa: E402
from hosting.text import Translator  # noqa: E402


def play(engine, mode: str, players: int, level: str, seed: int) -> tuple[float, list[float], dict]:
    rnd = random.Random(seed)
    start = time.perf_counter()
    state, _ = engine.setup({"mode": mode, "level": level}, players, seed)
    per = []
    while engine.outcome(state) is None:
        t0 = time.perf_counter()
        p = rnd.choice(engine.pending(state))
        state, _ = engine.apply(state, p.seat, p.id, rnd.choice(p.options).id)
        per.append(time.perf_counter() - t0)
    return time.perf_counter() - start, per, state


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] * 1000


def main(games: int = 200) -> None:
    engine = Room25Engine()
    for mode, players in (("suspicion", 6), ("coop", 6), ("coop", 4)):
        for level in ("basic", "ultimate"):
            totals, decisions, last = [], [], None
            for seed in range(games):
                total, per, last = play(engine, mode, players, level, seed)
                totals.append(total)
                decisions += per
            print(f"{mode:9} {players}p {level:8}: game median {pct(totals, .5):6.2f} ms "
                  f"p99 {pct(totals, .99):6.2f} ms | decision median {pct(decisions, .5):5.3f} ms "
                  f"p99 {pct(decisions, .99):5.3f} ms | {len(decisions) / games:.0f} decisions/game")
    t = Translator("room25", "en", [f"P{i}" for i in range(6)])
    view = engine.public_view(last)
    times = []
    for _ in range(30):
        t0 = time.perf_counter()
        engine.picture(view, t)
        times.append(time.perf_counter() - t0)
    print(f"board image median {pct(times, .5):.2f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
