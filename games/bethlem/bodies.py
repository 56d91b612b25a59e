"""La Médium's "Transición realmática" awakening (spec §6.5.2), active once announced: she
picks a body on announcing, and switches after every day's lynches.

- Spiritual body: no day powers, no lynch vote, the card cannot be killed by day; at night she
  may borrow any dead card she has not borrowed before, even from a player already used.
- Physical body: no borrowing at night, and the card cannot be killed at night; she votes and is
  vulnerable by day. (Lending a player their dead cards' powers is not built: see the report.)
"""
from __future__ import annotations

from .core import ask, handler, opt, pub
from .table import alive, owner

CARD = "medium"


def body(st: dict):
    info = st["c"].get(CARD)
    if st["mode"] != "custom" or not info or not (info["an"] and info["aw"]) \
            or not alive(st, CARD):
        return None
    return st["cx"].get("body")


def choose(st: dict, s: int) -> None:
    ask(st, s, "medium_body", [opt("spirit", "body_spirit"), opt("flesh", "body_flesh")],
        "spirit", "reactive", "medium_body")


@handler("medium_body")
def _choose(st, ev, q, choice):
    st["cx"]["body"] = choice
    pub(ev, "medium_body", seat=q["s"], body=choice)


def switch(st: dict, ev: list) -> None:
    b = body(st)
    if b:
        st["cx"]["body"] = "flesh" if b == "spirit" else "spirit"
        pub(ev, "medium_body", seat=owner(st, CARD), body=st["cx"]["body"])


def silenced(st: dict, s: int) -> bool:
    """Spiritual body by day: no day power and no vote."""
    return st["phase"] == "day" and body(st) == "spirit" and owner(st, CARD) == s


def immune(st: dict, cid: str) -> bool:
    b = body(st) if cid == CARD else None
    return bool(b) and (b == "spirit") == (st["phase"] == "day")
