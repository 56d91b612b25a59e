"""Mysterium's rows for `bench_ai.py`: how often the table solves the murder with the bot Ghost
(`ai_win_rate`) against a Ghost giving random cards (`random_win_rate`).

Both Ghosts face the same simulated psychics, who read the tags of the cards: each guess and
each ballot is drawn from the tag model's probabilities (so a vision that points clearly at one
card is usually read right, a vague one often wrong), with a seeded RNG per game. The random
Ghost serves the psychics in seat order with one to three random hand cards, never uses a crow,
and shows a random group with three random cards. Seeds 0..games-1, the same for both Ghosts.

    python bench/ai_mysterium.py [games]     (goal: bot >= 2x random on intermediate)
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.playouts import play  # noqa: E402
from games.mysterium import MysteriumEngine, desk, ghost, tags  # noqa: E402

ENGINE = MysteriumEngine()
PLAYERS = 5


def _draw(rnd: random.Random, chances: dict) -> int:
    keys = sorted(chances)
    return rnd.choices(keys, weights=[chances[k] for k in keys])[0]


def psychic(rnd: random.Random):
    """A psychic reading tags: samples its guess and its ballot from the tag model."""
    def choose(engine, state, pending) -> str:
        if pending.kind == "vote":
            ep = state["epilogue"]
            seen = ep["shared"][:ep["revealed"]]
            scores = ghost.group_scores(ep["groups"], seen)
            return f"group.{_draw(rnd, ghost.group_view(scores, ep['groups'], seen))}"
        i = int(pending.id.split(".")[2])
        p = state["psychics"][i]
        if p["stage"] == "done" or p["guess"] is not None:
            return "ready"
        fresh = [c for c in state["table"][p["stage"]] if c not in p["wrong"]]
        return f"guess.{_draw(rnd, tags.likelihoods(p['visions'], fresh))}"
    return choose


def random_ghost(rnd: random.Random):
    give = {"count": 0}      # how many cards the give being put together will have

    def choose(engine, state, pending) -> str:
        hand = state["hand"]
        if pending.kind == "ghost_serve":
            give["count"] = rnd.randint(1, min(3, len(hand))) if hand else 0
            return next(o.id for o in pending.options if o.id.startswith("to."))
        if pending.kind == "ghost_cards":
            return desk.joined(state, rnd.sample(hand, give["count"])) if hand else "give"
        if pending.kind == "ghost_culprit":
            return f"group.{rnd.choice(state['epilogue']['groups'])['number']}"
        if pending.kind == "ghost_shared":
            return rnd.choice([o for o in pending.options if o.params.get("path")]).id
        return pending.default          # no crow while the sand timer runs
    return choose


def bot_ghost(engine, state, pending) -> str:
    return desk.ai_choice(state)


def solve_rate(difficulty: str, games: int, ghost_policy) -> float:
    wins = 0
    for seed in range(games):
        rnd = random.Random(seed)
        reader = psychic(random.Random(seed + 10 ** 6))
        the_ghost = ghost_policy(rnd) if ghost_policy is random_ghost else ghost_policy
        _, outcome, _ = play(ENGINE, {"mode": difficulty, "ghost": "player"}, PLAYERS, seed,
                             lambda seat, state: the_ghost if seat == 0 else reader)
        wins += bool(outcome.winners)
    return wins / games


def rows(games: int) -> list[dict]:
    out = []
    for difficulty in ("easy", "intermediate", "hard"):
        out.append({"game": "mysterium", "mode": difficulty, "players": PLAYERS,
                    "side": "everyone (Ghost)",
                    "ai_win_rate": solve_rate(difficulty, games, bot_ghost),
                    "random_win_rate": solve_rate(difficulty, games, random_ghost),
                    "note": "goal: bot ≥ 2× random" if difficulty == "intermediate" else ""})
    return out


if __name__ == "__main__":
    for row in rows(int(sys.argv[1]) if len(sys.argv) > 1 else 200):
        print(row)
