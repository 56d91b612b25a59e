"""The bot Ghost (spec section 7.5): picks visions with the tag model.

It reads only what a human Ghost sees behind the screen: its hand, the secret triples, the
public table (laid-out cards, visions in front of each psychic, wrong guesses, the track) and
its crow allowance. It never looks at the deck, the discard pile or anyone's future choices.
Every tie is broken by the lowest id, so it is deterministic.
"""
from __future__ import annotations

import itertools
import math

from games.mysterium import tags
from games.mysterium.settings import level, uses_track
from games.mysterium.state import CATEGORIES, DONE

DELTA = 0.05        # keep adding a card while it raises P(target) at least this much
MAX_NEW = 3         # the bot gives at most this many cards at once
THETA = 0.30        # below this for everyone, the hand is poor: use a crow if allowed
HARD_THETA = 0.15   # hard keeps its single crow for the epilogue unless this poor


def reach(state: dict, i: int, hand: list[str]) -> tuple[list[str], float]:
    """The cards to give psychic i from `hand` and the chance psychics then pick its target."""
    p = state["psychics"][i]
    target = p["targets"][p["stage"]]
    candidates = state["table"][p["stage"]]

    def chance(extra: list[str]) -> float:
        return tags.likelihoods(p["visions"] + extra, candidates, p["wrong"])[target]

    chosen: list[str] = []
    now = chance([])
    while len(chosen) < min(MAX_NEW, len(hand)):
        best, card = -1.0, ""
        for v in sorted(hand):
            if v not in chosen and (c := chance(chosen + [v])) > best:
                best, card = c, v
        if chosen and best - now < DELTA:
            break
        if not chosen and best - now < DELTA:
            card = _most_distinct(state, i, hand)
            best = chance([card])
        chosen.append(card)
        now = best
    return chosen, now


def _most_distinct(state: dict, i: int, hand: list[str]) -> str:
    """When no card helps: the one pointing at the target most above every other candidate."""
    p = state["psychics"][i]
    target = p["targets"][p["stage"]]
    candidates = state["table"][p["stage"]]
    weights = tags.idf(candidates)

    def edge(v: str) -> float:
        others = max((tags.match([v], c, weights) for c in candidates if c != target), default=0)
        return tags.match([v], target, weights) - others
    return min(sorted(hand), key=lambda v: -edge(v))


def waiting(state: dict) -> list[int]:
    """Active psychics the Ghost has not served this hour, in seat order."""
    return [i for i, p in enumerate(state["psychics"]) if p["stage"] != DONE and not p["served"]]


def crow_allowed(state: dict) -> bool:
    return state["crows_left"] > 0 and not state["draft"].get("cards") and bool(state["hand"])


def plan_give(state: dict) -> tuple:
    """("give", psychic, cards) or ("crow", cards): the Ghost's next move this hour."""
    hand = state["hand"]
    if not hand:
        return ("give", waiting(state)[0], [])
    plans = {i: reach(state, i, hand) for i in waiting(state)}
    best = max(r[1] for r in plans.values())
    if crow_allowed(state) and _wants_crow(state, best):
        return ("crow", weak_cards(state, hand))
    i = min(plans, key=lambda k: (-plans[k][1], k))
    return ("give", i, plans[i][0])


def _wants_crow(state: dict, best: float) -> bool:
    difficulty = state["difficulty"]
    if difficulty == "hard":
        return best < HARD_THETA
    if difficulty == "intermediate" and state.get("crow_hour") == state["hour"]:
        return False
    return best < THETA


def weak_cards(state: dict, hand: list[str]) -> list[str]:
    """The hand cards below the median usefulness (at least one)."""
    def use(v: str) -> float:
        gains = []
        for i in waiting(state):
            p = state["psychics"][i]
            target, candidates = p["targets"][p["stage"]], state["table"][p["stage"]]
            before = tags.likelihoods(p["visions"], candidates, p["wrong"])[target]
            gains.append(tags.likelihoods(p["visions"] + [v], candidates, p["wrong"])[target]
                         - before)
        return max(gains, default=0.0)
    scored = sorted(((use(v), v) for v in hand))
    median = scored[len(scored) // 2][0]
    weak = [v for u, v in scored if u < median]
    return sorted(weak or [scored[0][1]])


# ---- the epilogue ---------------------------------------------------------------------------
def group_scores(groups: list[dict], hand: list[str]) -> dict:
    """Match of every hand card to every group's card of every category, each category's
    informativeness taken over the groups' cards of that category."""
    out = {}
    for cat in CATEGORIES:
        cards = [g["cards"][cat] for g in groups]
        weights = tags.idf(cards)
        for v in hand:
            for g in groups:
                out[(v, g["number"], cat)] = tags.match([v], g["cards"][cat], weights)
    return out


def group_view(scores: dict, groups: list[dict], seen: list[str]) -> dict[int, float]:
    """P(group | the shared cards seen), each group scored by the best way of reading the cards
    as its suspect, place and object (the psychics do not know which card is which)."""
    raw = {}
    for g in groups:
        best = max(sum(scores[(v, g["number"], cat)] for v, cat in zip(seen, cats))
                   for cats in itertools.permutations(CATEGORIES, len(seen)))
        raw[g["number"]] = math.exp(tags.BETA * best)
    total = sum(raw.values())
    return {k: r / total for k, r in raw.items()}


def voter_levels(state: dict) -> list[int]:
    """How many shared cards each ballot is cast after seeing."""
    if not uses_track(state["total"]):
        return [3] * len({p["seat"] for p in state["psychics"] if p["seat"] is not None})
    return [level(p["track"], state["total"]) for p in state["psychics"] if p["seat"] is not None]


def expected_votes(views, cards: list[str], culprit: int, levels: list[int]) -> float:
    """Votes the culprit group may expect, averaged over the random reveal order. `views(seen)`
    is the psychics' view after seeing the sorted tuple `seen`."""
    total = 0.0
    for seen_count in levels:
        subsets = list(itertools.combinations(sorted(cards), seen_count))
        total += sum(views(s)[culprit] for s in subsets) / len(subsets)
    return total


def plan_shared(state: dict) -> tuple:
    """("shared", group, [suspect card, place card, object card]) or ("crow", cards)."""
    groups = state["epilogue"]["groups"]
    hand = state["hand"]
    scores = group_scores(groups, hand)
    levels = voter_levels(state)
    seen_views: dict[tuple, dict] = {}

    def views(seen: tuple) -> dict[int, float]:
        if seen not in seen_views:
            seen_views[seen] = group_view(scores, groups, list(seen))
        return seen_views[seen]
    best = None
    for trio in itertools.combinations(sorted(hand), 3):
        for g in groups:
            value = expected_votes(views, list(trio), g["number"], levels)
            key = (-value, g["number"], trio)
            if best is None or key < best[0]:
                best = (key, g["number"], trio, value)
    _, group, trio, value = best
    if crow_allowed(state) and value / max(1, len(levels)) < 0.5:   # R24: maybe nobody
        keep = set(trio)
        weak = [v for v in hand if v not in keep]
        if weak:
            return ("crow", sorted(weak))
    cards = next(g for g in groups if g["number"] == group)
    labelled = max(itertools.permutations(trio),
                   key=lambda order: sum(scores[(v, group, cat)]
                                         for v, cat in zip(order, CATEGORIES)))
    return ("shared", cards["number"], list(labelled))
