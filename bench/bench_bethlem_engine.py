"""Engine-only benchmark for El manicomio de Bethlem: seeded random games, no host, no I/O.

Each decision answers the first open question with a seeded choice among its options (the host's
baseline), exactly as the engine would be driven. Prints median and p99 per game and per decision.

    .venv/bin/python bench/bench_bethlem_engine.py [games per table]
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bethlem import BethlemEngine  # noqa: E402


def play(engine, mode, players, seed):
    rnd = random.Random(seed)
    state, _ = engine.setup({"mode": mode}, players, seed)
    decisions = 0
    while engine.outcome(state) is None:
        p = engine.pending(state)[0]
        state, _ = engine.apply(state, p.seat, p.id, rnd.choice(p.options).id)
        decisions += 1
    return decisions


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    engine = BethlemEngine()
    for players in (4, 6, 7):
        per_game, per_decision = [], []
        for seed in range(games):
            start = time.perf_counter()
            decisions = play(engine, "normal", players, seed)
            ms = (time.perf_counter() - start) * 1000
            per_game.append(ms)
            per_decision.append(ms / decisions)
        print(f"{players} players, {games} games: per game median {statistics.median(per_game):.1f} ms"
              f" p99 {pct(per_game, 0.99):.1f} ms; per decision median"
              f" {statistics.median(per_decision) * 1000:.0f} us p99"
              f" {pct(per_decision, 0.99) * 1000:.0f} us")


if __name__ == "__main__":
    main()
