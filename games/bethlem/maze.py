"""El Arquitecto's "Laberinto de la mente" awakening (spec §6.5.2), while his card lives.

At his step he picks another player's living card with a night turn (never a main character;
personalities have no card) and wakes in that turn with its owner, each learning who the other
is. The bot cannot referee an agreement on the target, so both use the power (the rule's "no
agreement" case); his use never spends the card. For that night a spent one-use card is ready
again and an unspent one is not spent by its owner's use. When the Arquitecto card dies he takes
the last card he woke with, and its owner gets the dead Arquitecto in its place.
"""
from __future__ import annotations

from .cards import catalog, group
from .core import ask, handler, opt, pub, tell
from .night import borrow_turn, log
from .objectives import refresh
from .table import alive, card_opt, living_targets, owner, parse_card, where

CARD = "arquitecto"


def _cards(st, s):
    borrow = catalog()["borrowable"]
    return [c for c in living_targets(st) if owner(st, c) != s and group(c) != "P1"
            and borrow.get(c) not in (None, "16", "16b", "day")]


def offer(st: dict, s: int) -> None:
    if not st["cards"][CARD]["awake"] or not alive(st, CARD) or st["night"]["director_turn"]:
        return
    cards = _cards(st, s)
    if cards:
        ask(st, s, "maze_turn", [opt("pass", "pass")] + [card_opt(st, c) for c in cards],
            "pass", "night_step", "maze_turn")


@handler("maze_turn")
def _turn(st, ev, q, choice):
    if choice == "pass":
        return
    s, c = q["seat"], parse_card(st, choice)
    st["custom"]["maze_card"] = c
    st["custom"]["maze_night"] = [c, st["cards"][c]["used"]]
    st["cards"][c]["used"] = 0
    borrow_turn(st, c, s, CARD)
    t = owner(st, c)
    tell(ev, s, "maze_partner", seat=t, card=c)
    tell(ev, t, "maze_partner", seat=s, card=c)
    log(st, ev, "gm_maze", by=s, card=c)


def restore(st: dict) -> None:
    """End of round: the card's one use is as it was before that night."""
    night = st["custom"].pop("maze_night", None)
    if night:
        st["cards"][night[0]]["used"] = night[1]


def fires(st: dict, c: str) -> bool:
    other = st["custom"].get("maze_card") if c == CARD and st["mode"] == "custom" else None
    return bool(other) and st["cards"][CARD]["awake"] and owner(st, other) not in (None, owner(st, c))


def swap(st: dict, ev: list) -> None:
    """The dead Arquitecto changes places with the card he last woke with."""
    other = st["custom"]["maze_card"]
    (a, pa), (b, pb) = where(st, CARD), where(st, other)
    st["rows"][a][pa - 1], st["rows"][b][pb - 1] = other, CARD
    tell(ev, a, "your_row", row=list(st["rows"][a]))
    tell(ev, b, "your_row", row=list(st["rows"][b]))
    pub(ev, "maze_swap", seat=a, pos=pa, to_seat=b, to_pos=pb)
    refresh(st, ev)
