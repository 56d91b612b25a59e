"""Bethlem AI rows for `bench_ai.py`: for each side, how often it wins when its seats play the
engine's AI against seats playing at random, beside how often it wins when it plays at random
too (same seeds), and how often an AI seat harms itself where it had another choice.

A side is the objective a seat holds when the first night falls (rows arranged, small-mode
sides and drafts settled by the engine's defaults).

    python bench/ai_bethlem.py [--games N]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.playouts import ai_policy, play, random_policy  # noqa: E402
from games.bethlem import BethlemEngine  # noqa: E402
from games.bethlem.ai import self_harm  # noqa: E402

TABLES = [("normal", 5), ("normal", 7), ("custom", 6), ("three", 3), ("two", 2)]


def _dealt(engine, options, players, seed) -> list[str]:
    """Each seat's objective when the first night falls, set-up answered by default."""
    state, _ = engine.setup(options, players, seed)
    while state["phase"] != "night":
        p = engine.pending(state)[0]
        state, _ = engine.apply(state, p.seat, p.id, p.default or p.options[0].id)
    return list(state["objectives"])


class _Counting:
    """The AI policy, counting self-harming answers among those that had an alternative."""

    def __init__(self):
        self.ai, self.asked, self.harmed = ai_policy(), 0, 0

    def __call__(self, engine, state, pending):
        choice = self.ai(engine, state, pending)
        verdict = self_harm(state, pending, choice)
        if verdict is not None:
            self.asked += 1
            self.harmed += verdict
        return choice


def _won(outcome, seats) -> bool:
    return bool(set(outcome.winners) & set(seats))


def rows(games: int = 200) -> list[dict]:
    engine = BethlemEngine()
    out = []
    for mode, players in TABLES:
        options = {"mode": mode}
        dealt = {seed: _dealt(engine, options, players, seed) for seed in range(games)}
        sides = sorted({o for objs in dealt.values() for o in objs})
        base = {}
        for seed in range(games):
            rnd = random_policy(seed)
            base[seed] = play(engine, options, players, seed, lambda s, st: rnd)[1]
        for side in sides:
            seeds = [seed for seed in range(games) if side in dealt[seed]]
            counter, ai_wins, random_wins = _Counting(), 0, 0
            for seed in seeds:
                mine = [s for s, o in enumerate(dealt[seed]) if o == side]
                rnd = random_policy(seed)
                _, outcome, _ = play(engine, options, players, seed,
                                     lambda s, st: counter if s in mine else rnd)
                ai_wins += _won(outcome, mine)
                random_wins += _won(base[seed], mine)
            n = max(1, len(seeds))
            out.append({"game": "bethlem", "mode": mode, "players": players, "side": side,
                        "ai_win_rate": ai_wins / n, "random_win_rate": random_wins / n,
                        "self_harm_rate": counter.harmed / max(1, counter.asked),
                        "note": f"{len(seeds)} games; {counter.asked} avoidable harmful choices"})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    print(f"{'mode':8} {'n':>2} {'side':10} {'ai win':>7} {'random':>7} {'self-harm':>9}  note")
    for r in rows(args.games):
        print(f"{r['mode']:8} {r['players']:>2} {r['side']:10} {r['ai_win_rate']:7.1%} "
              f"{r['random_win_rate']:7.1%} {r['self_harm_rate']:9.2%}  {r['note']}")


if __name__ == "__main__":
    main()
