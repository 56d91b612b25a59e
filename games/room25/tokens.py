"""Characters' action tokens and small lookups shared by the phases: which tokens a character
owns, who is a free (revealed) guard, naming characters in options."""
from __future__ import annotations

from games.room25.outcome import turn_order

BASIC = ("look", "move", "push", "ctrl")
LETTER = {"look": "L", "move": "M", "push": "P", "ctrl": "C", "spec": "S"}
TOKEN = {v: k for k, v in LETTER.items()}


def owned(s: dict, c: dict) -> list[str]:
    """Tokens the character still has (Punishment losses excluded)."""
    all_tokens = BASIC + (("spec",) if s["level"] == "ultimate" else ())
    return [k for k in all_tokens if k not in c["lost_tokens"]]


def free_guard(s: dict, c: dict) -> bool:
    """A guard revealed in an earlier round: no programming, free choice at each turn (5.3)."""
    return bool(c["revealed_round"]) and c["revealed_round"] < s["round"]


def by_name(s: dict, n: str) -> int:
    return next(i for i, c in enumerate(s["characters"]) if c["name"] == n)


def order_index(s: dict):
    order = turn_order(s)
    return order.index


def char_options(s: dict, cis) -> list:
    return [[c["name"], "char", {"char": c["name"], "seat": c["seat"]}]
            for c in (s["characters"][ci] for ci in cis)]
