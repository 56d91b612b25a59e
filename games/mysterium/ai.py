"""AI seats: the Ghost's seat follows the bot Ghost (`desk.ai_choice`); a psychic guesses the
card its visions match best, bets on guesses the tag model finds likely or unlikely, and votes
for the group the shared cards match best. A psychic reads only public cards."""
from __future__ import annotations

from games.mysterium import desk, epilogue, ghost, tags
from games.mysterium.hours import active
from games.mysterium.state import DONE

# (agree at least, disagree at most): bolder while used tokens still come back (hours I-III).
BET_EARLY = (0.5, 0.3)
BET_LATE = (0.65, 0.2)


def choose(state: dict, kind: str, key: str) -> str:
    if kind.startswith("ghost_"):
        return desk.ai_choice(state)
    if kind == "vote":
        return vote(state)
    if kind == "agree":
        return agree(state, key)
    return window_move(state, int(key))


def guess_of(state: dict, i: int) -> int:
    p = state["psychics"][i]
    return tags.best_guess(p["visions"], state["table"][p["stage"]], p["wrong"])


def chance_right(state: dict, j: int) -> float:
    """How likely psychic j's placed guess is right, read from j's visions alone."""
    p = state["psychics"][j]
    return tags.likelihoods(p["visions"], state["table"][p["stage"]], p["wrong"])[p["guess"]]


def window_move(state: dict, i: int) -> str:
    p = state["psychics"][i]
    if p["stage"] != DONE and (best := guess_of(state, i)) != p["guess"]:
        return f"guess.{best}"
    if state["total"] >= 4:
        agree, disagree = BET_EARLY if state["hour"] < 4 else BET_LATE
        for j in active(state):
            q = state["psychics"][j]
            if j == i or q["guess"] is None or not q["ready"] or str(j) in p["bets"]:
                continue
            chance = chance_right(state, j)
            if chance >= agree and p["tokens"]["agree"]:
                return f"bet.{j}.agree"
            if chance <= disagree and p["tokens"]["disagree"]:
                return f"bet.{j}.disagree"
    return "ready"


def vote(state: dict) -> str:
    ep = state["epilogue"]
    seen = ep["shared"][:ep["revealed"]]
    scores = ghost.group_scores(ep["groups"], seen)
    view = ghost.group_view(scores, ep["groups"], seen)
    return f"group.{min(view, key=lambda g: (-view[g], g))}"


def agree(state: dict, key: str) -> str:
    """Three players: propose the best group; once the other proposed another, go along with
    it if that player is the one the stalemate would favour, else keep (so two AI players
    never swap proposals for ever)."""
    ep = state["epilogue"]
    other = {k: g for k, g in ep["votes"].items() if k != key and g is not None}
    if len(ep["rounds"]) == 1 or not other:
        return vote(state)
    (them, theirs), = other.items()
    if theirs != ep["votes"].get(key) and epilogue.youngest(state, [key, them]) == them:
        return f"group.{theirs}"
    return "keep"
