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
    return [k for k in all_tokens if k not in c["lost"]]


def free_guard(s: dict, c: dict) -> bool:
    """A guard revealed in an earlier round: no programming, free choice at each turn (5.3)."""
    return bool(c["gr"]) and c["gr"] < s["round"]


def by_name(s: dict, n: str) -> int:
    return next(i for i, c in enumerate(s["chars"]) if c["n"] == n)


def order_index(s: dict):
    order = turn_order(s)
    return order.index


def char_options(s: dict, cis) -> list:
    return [[s["chars"][ci]["n"], "char", {"char": s["chars"][ci]["n"], "seat": s["chars"][ci]["s"]}]
            for ci in cis]
