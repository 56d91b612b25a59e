"""Among Cultists AI rows: each side played by the "side" AI against a table of random legal
players, compared with the same side played at random."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from bench.playouts import ai_policy, play, random_policy  # noqa: E402

TABLES = ((4, "experienced"), (6, "experienced"), (8, "experienced"))


def side_of(state: dict, seat: int) -> str:
    return next(c["team"] for c in state["chars"] if c["seat"] == seat)


def win_rate(players: int, mode: str, side: str, smart: bool, games_: int) -> float:
    engine = games.engine("cultists")
    ai = ai_policy("side")
    wins = 0
    for seed in range(games_):
        rnd = random_policy(seed)
        policy = (lambda seat, st: ai if smart and side_of(st, seat) == side else rnd)
        _, out, _ = play(engine, {"mode": mode}, players, seed, policy)
        wins += out.params["team"] == side
    return wins / games_


def rows(games_: int) -> list[dict]:
    out = []
    for players, mode in TABLES:
        for side in ("INV", "CULT"):
            out.append({"game": "cultists", "mode": mode, "players": players,
                        "side": "investigators" if side == "INV" else "cultists",
                        "ai_win_rate": win_rate(players, mode, side, True, games_),
                        "random_win_rate": win_rate(players, mode, side, False, games_),
                        "note": "the AUTOMA is a fifth character" if players == 4 else ""})
    return out


if __name__ == "__main__":
    for row in rows(int(sys.argv[1]) if len(sys.argv) > 1 else 40):
        print(row)
