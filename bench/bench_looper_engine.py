"""Tragedy Looper engine benchmark: seeded random games through the public contract (apply
deep-copies the state each decision), the planning Mastermind's time per decision, and the time
to render one board image.

    .venv/bin/python bench/bench_looper_engine.py [games]

Goals: median <= 100 ms per random game engine-only, planner card decision <= 150 ms median,
board image <= 40 ms."""
from __future__ import annotations

import random
import statistics
import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.looper import LooperEngine  # noqa: E402
from hosting.text import Translator  # noqa: E402


def play(engine, mode: str, players: int, seed: int, planner: bool):
    rnd = random.Random(seed)
    start = time.perf_counter()
    state, _ = engine.setup({"mode": mode}, players, seed)
    per: dict[str, list[float]] = {}
    while engine.outcome(state) is None:
        p = rnd.choice(engine.pending(state))
        t0 = time.perf_counter()
        choice = engine.ai_choice(state, p, "planner") if planner and p.seat == 0 else None
        state, _ = engine.apply(state, p.seat, p.id, choice or rnd.choice(p.options).id)
        per.setdefault(p.kind, []).append(time.perf_counter() - t0)
    return time.perf_counter() - start, per, state


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] * 1000 if values else 0.0


def main(games: int = 200) -> None:
    engine = LooperEngine()
    last = None
    for mode in engine.modes:
        for players in (2, 4):
            totals, decisions = [], []
            for seed in range(games):
                total, per, last = play(engine, mode, players, seed, False)
                totals.append(total)
                decisions += [x for v in per.values() for x in v]
            print(f"{mode:13} {players}p random: game median {pct(totals, .5):6.2f} ms "
                  f"p99 {pct(totals, .99):6.2f} ms | decision median "
                  f"{pct(decisions, .5):5.3f} ms | {len(decisions) / games:.0f} decisions/game")
        cards: list[float] = []
        for seed in range(max(1, games // 10)):
            cards += play(engine, mode, 4, seed, True)[1].get("mastermind_card", [])
        print(f"{mode:13} planner card decision median {pct(cards, .5):6.2f} ms "
              f"p99 {pct(cards, .99):6.2f} ms")
    t = Translator("looper", "en", [f"P{i}" for i in range(4)])
    view = engine.public_view(last)
    times = timeit.repeat(lambda: engine.picture(view, t), number=1, repeat=30)
    print(f"board image median {statistics.median(times) * 1000:.2f} ms")

if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
