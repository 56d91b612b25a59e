"""Among Cultists engine alone: median milliseconds per whole 6-player game (random legal
answers), and per public map picture. The engine line also gives CPU time, which a busy
shared machine disturbs far less than the wall clock."""
from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.cultists import CultistsEngine  # noqa: E402
from hosting.text import Translator  # noqa: E402


def one_game(seed: int, players: int = 6) -> dict:
    engine = CultistsEngine()
    rnd = random.Random(seed)
    s, _ = engine.setup({"mode": "experienced"}, players, seed)
    while engine.outcome(s) is None:
        p = rnd.choice(engine.pending(s))
        ids = [o.id for o in p.options if o.id != "claim"] or [p.options[0].id]
        s, _ = engine.apply(s, p.seat, p.id, rnd.choice(ids))
    return s


def main(games: int = 30) -> None:
    times, cpu, last = [], [], None
    for seed in range(games):
        t0, c0 = time.perf_counter(), time.process_time()
        last = one_game(seed)
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    print(f"engine: median {statistics.median(times):.1f} ms per 6-player game "
          f"({statistics.median(cpu):.1f} ms CPU)")
    engine = CultistsEngine()
    view = engine.public_view(last)
    t = Translator("cultists", "en", [f"P{i}" for i in range(6)])
    pics = []
    for _ in range(20):
        t0 = time.perf_counter()
        engine.picture(view, t)
        pics.append((time.perf_counter() - t0) * 1000)
    print(f"picture: median {statistics.median(pics):.1f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
