"""La Médium's "Transición realmática" awakening (spec §6.5.2), active once announced: she
picks a body on announcing, and switches after every day's lynches.

- Spiritual body: no day powers, no lynch vote, the card cannot be killed by day; at night she
  may borrow any dead card she has not borrowed before, even from a player already used.
- Physical body: she does not wake at night, and the card cannot be killed at night; she votes and is
  vulnerable by day. Entering it, she picks a player (each once) who plays the next round with
  the powers of their dead cards instead of their living ones.
"""
from __future__ import annotations

from .core import ask, handler, opt, pub
from .table import alive, owner, parse_seat, seat_opt, seats

CARD = "medium"


def body(st: dict):
    info = st["cards"].get(CARD)
    if st["mode"] != "custom" or not info or not (info["announced"] and info["awake"]) \
            or not alive(st, CARD):
        return None
    return st["custom"].get("body")


def choose(st: dict, s: int) -> None:
    ask(st, s, "medium_body", [opt("spirit", "body_spirit"), opt("flesh", "body_flesh")],
        "spirit", "reactive", "medium_body")


@handler("medium_body")
def _choose(st, ev, q, choice):
    st["custom"]["body"] = choice
    pub(ev, "medium_body", seat=q["seat"], body=choice)


def switch(st: dict, ev: list) -> None:
    b = body(st)
    if b:
        st["custom"]["body"] = "flesh" if b == "spirit" else "spirit"
        s = owner(st, CARD)
        pub(ev, "medium_body", seat=s, body=st["custom"]["body"])
        if b == "spirit":
            _haunt_ask(st, s)


def _haunt_ask(st, s):
    used = st["custom"].setdefault("haunted", [])
    pool = [t for t in seats(st) if t not in used and any(not alive(st, c) and not
                                                          st["cards"][c].get("gone")
                                                          for c in st["rows"][t])]
    if pool:
        ask(st, s, "medium_haunt", [opt("pass", "pass")] + [seat_opt(t) for t in pool], "pass",
            "reactive", "medium_haunt")


@handler("medium_haunt")
def _haunt(st, ev, q, choice):
    if choice == "pass":
        return
    t = parse_seat(choice)
    st["custom"]["haunted"].append(t)
    st["custom"]["haunt"] = [t, st["round"] + 1]
    pub(ev, "medium_haunts", seat=t)


def start_round(st: dict) -> None:
    """The chosen player's living cards sleep this round and their dead ones act."""
    h = st["custom"].get("haunt")
    st["tokens"]["haunt"] = []
    if h and h[1] == st["round"] and not st["eliminated"][h[0]]:
        row = st["rows"][h[0]]
        st["tokens"]["idle"] = st["tokens"].get("idle", []) + [c for c in row if alive(st, c)]
        st["tokens"]["haunt"] = [c for c in row if not alive(st, c) and not st["cards"][c].get("gone")]


def silenced(st: dict, s: int) -> bool:
    """Spiritual body by day: no day power and no vote."""
    return st["phase"] == "day" and body(st) == "spirit" and owner(st, CARD) == s


def immune(st: dict, cid: str) -> bool:
    b = body(st) if cid == CARD else None
    return bool(b) and (b == "spirit") == (st["phase"] == "day")
