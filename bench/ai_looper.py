"""Tragedy Looper AI rows for bench_ai.py: the AI Mastermind against a random legal Mastermind,
both facing the AI protagonists, for every shipped script and generated scripts of both sets;
and the AI protagonists against random protagonists, facing a random Mastermind and then the
AI Mastermind.
`python bench/ai_looper.py --games 200` prints the rows alone."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.playouts import ai_policy, play, random_policy  # noqa: E402
from games import engine  # noqa: E402

TABLES = [("first_steps", "first_script", 4), ("first_steps", "prevailing_secrecy", 4),
          ("first_steps", "generated", 3), ("basic_tragedy", "generated", 4)]


def _rate(script_mode, script, players, games, side, smart, smart_foe=True
          ) -> tuple[float, float, float]:
    """(rate the side won, loops lost per game, mean day on which a lost loop ended); `smart`
    makes the side's seats AI rather than random, `smart_foe` the other side's."""
    e = engine("looper")
    won = loops_lost = 0
    days: list[int] = []
    for seed in range(games):
        ai, rnd = ai_policy("planner"), random_policy(seed)

        def policy_of(seat, state, ai=ai, rnd=rnd):
            mine = (seat == 0) == (side == "mastermind")
            return ai if (smart if mine else smart_foe) else rnd
        state, outcome, _ = play(e, {"mode": script_mode, "script": script}, players, seed,
                                 policy_of)
        won += (outcome.winners == (0,)) == (side == "mastermind")
        lost = [r["day"] for r in state["loop_results"] if r["lost"]]
        loops_lost += len(lost)
        days += lost
    return won / games, loops_lost / games, sum(days) / max(1, len(days))


def rows(games: int) -> list[dict]:
    out = []
    for mode, script, players in TABLES:
        for side, smart_foe in (("mastermind", True), ("protagonists", False),
                                ("protagonists", True)):
            ai_rate, ai_loops, ai_day = _rate(mode, script, players, games, side, True, smart_foe)
            rnd_rate, rnd_loops, rnd_day = _rate(mode, script, players, games, side, False,
                                                 smart_foe)
            foe = "the AI" if smart_foe else "a random"
            note = (f"loops lost per game: AI {ai_loops:.2f}, random {rnd_loops:.2f}"
                    if side == "mastermind" else
                    f"against {foe} Mastermind; a lost loop ends on day {ai_day:.1f} (AI) "
                    f"vs {rnd_day:.1f} (random)")
            out.append({"game": "looper", "mode": f"{mode}/{script}", "players": players,
                        "side": side, "ai_win_rate": ai_rate, "random_win_rate": rnd_rate,
                        "note": note})
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    for row in rows(parser.parse_args().games):
        print(row)
