"""Room 25's rows for `bench_ai.py`: the AI's win rates in co-op and for each Suspicion side.

A row's side plays with the AI (`ai_win_rate`) or with random legal answers
(`random_win_rate`); every other seat is always the AI, so both numbers face the same
opponents. `self_harm_rate` is the share of the side's AI moves (Move, Carry, Push of oneself is
impossible) into a room its seat knows kills (a Death Room, an occupied Acid Bath, a Flooded
Room, a room a teammate said is red) when another room was open. Seeds 0..games-1, the same for
both policies.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.playouts import ai_policy, play, random_policy  # noqa: E402
from games.room25 import Room25Engine, ai  # noqa: E402

ENGINE = Room25Engine()
TABLES = (  # (mode, players, level, note)
    ("coop", 4, "basic", "goal ≥ 50 %"),
    ("coop", 4, "ultimate", ""),
    ("coop", 6, "basic", ""),
    ("suspicion", 4, "basic", "goal: neither side > 70 %"),
    ("suspicion", 6, "ultimate", "2 guards"),
)


class Harm:
    """Wraps the AI to count its moves into rooms its seat knows are deadly."""

    def __init__(self):
        self.moves = self.harmful = 0
        self.ai = ai_policy()

    def __call__(self, engine, state, pending):
        choice = self.ai(engine, state, pending)
        if pending.kind in ("move", "carry_dest"):
            safe = [o.id for o in pending.options if not ai.deadly(state, pending.seat, o.id)]
            if safe:  # a choice among rooms all known to kill harms nobody by choice
                self.moves += 1
                self.harmful += choice not in safe
        return choice


def side_of(state: dict, seat: int) -> str:
    role = next(c["role"] for c in state["characters"] if c["seat"] == seat)
    return {"P": "prisoners", "G": "guards"}.get(role, "team")


def won(outcome, state, side: str) -> bool:
    seats = {c["seat"] for c in state["characters"] if side_of(state, c["seat"]) == side}
    return bool(seats & set(outcome.winners))


def rate(mode, players, level, side, games, policy_for_side):
    wins = 0
    options = {"mode": mode, "level": level, "characters": "random"}
    for seed in range(games):
        mine = policy_for_side(seed)
        other = ai_policy()

        def policy_of(seat, state):
            return mine if side_of(state, seat) == side else other
        state, outcome, _ = play(ENGINE, options, players, seed, policy_of)
        wins += won(outcome, state, side)
    return wins / games


def rows(games: int) -> list[dict]:
    out = []
    for mode, players, level, note in TABLES:
        sides = ("team",) if mode == "coop" else ("prisoners", "guards")
        for side in sides:
            harm = Harm()
            ai_rate = rate(mode, players, level, side, games, lambda seed: harm)
            rnd_rate = rate(mode, players, level, side, games, random_policy)
            out.append({"game": "room25", "mode": f"{mode} {level}", "players": players,
                        "side": side, "ai_win_rate": ai_rate, "random_win_rate": rnd_rate,
                        "self_harm_rate": harm.harmful / harm.moves if harm.moves else 0.0,
                        "note": note})
    return out


if __name__ == "__main__":
    from bench.bench_ai import table
    print(table(rows(int(sys.argv[1]) if len(sys.argv) > 1 else 50)))
