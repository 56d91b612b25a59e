"""The tag model (spec section 7.5): how well a set of vision cards points at a psychic card,
and how likely psychics who read tags would pick each candidate. The bot Ghost plans with it
and the AI psychics guess and vote with it; both see only public cards and what their seat
knows."""
from __future__ import annotations

import math
from functools import lru_cache

from games.mysterium import pack

BETA = 1.0          # sharpness of the guess model
WRONG_FACTOR = 0.3  # a card already guessed wrong at this stage is this much less likely


def idf(candidates) -> dict[str, float]:
    """How much each tag tells the candidates apart: rare tags weigh more."""
    return _idf(tuple(candidates))


@lru_cache(maxsize=4096)
def _idf(candidates: tuple[int, ...]) -> dict[str, float]:
    counts: dict[str, int] = {}
    for card in candidates:
        for tag in pack.psychic_tags(card):
            counts[tag] = counts.get(tag, 0) + 1
    n = len(candidates)
    return {tag: math.log((n + 1) / (1 + c)) + 0.1 for tag, c in counts.items()}


@lru_cache(maxsize=65536)
def _shown(visions: tuple[str, ...]) -> dict[str, float]:
    """The strongest showing of each tag among the visions."""
    shown: dict[str, float] = {}
    for v in visions:
        for tag, w in pack.vision_tags(v).items():
            if w > shown.get(tag, 0.0):
                shown[tag] = w
    return shown


def match(visions, card: int, weights: dict[str, float]) -> float:
    """M(V, c): the candidate's tags, each times its informativeness and the strongest showing
    of that tag among the visions."""
    shown = _shown(tuple(visions))
    return sum(weights.get(tag, 0.1) * w * shown[tag]
               for tag, w in pack.psychic_tags(card).items() if tag in shown)


def likelihoods(visions, candidates, wrong=()) -> dict[int, float]:
    """P(c | V) over the candidates, by a softmax of the match."""
    return _likelihoods(tuple(visions), tuple(candidates), tuple(wrong))


@lru_cache(maxsize=65536)
def _likelihoods(visions: tuple, candidates: tuple, wrong: tuple) -> dict[int, float]:
    weights = idf(candidates)
    raw = {c: math.exp(BETA * match(visions, c, weights)) * (WRONG_FACTOR if c in wrong else 1.0)
           for c in candidates}
    total = sum(raw.values()) or 1.0
    return {c: r / total for c, r in raw.items()}


def best_guess(visions: list[str], candidates: list[int], wrong: list[int] = ()) -> int:
    """The candidate a tag-reading psychic would pick (ties: lowest id); a card known to be
    wrong is never picked while another remains."""
    fresh = [c for c in candidates if c not in wrong] or list(candidates)
    p = likelihoods(visions, fresh)
    return min(fresh, key=lambda c: (-p[c], c))
