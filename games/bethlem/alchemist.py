"""Silvia "La Alquimista" (spec §6.5.2): the extra power brings her back once all her cards are
dead (one of them revives, awakened); the "Sacrificio vital" awakening gives her card up for
good to bring back every dead card of one player who still has a living card.

The sacrifice has no step in the night guide, so it is a public day power (RULING).
"""
from __future__ import annotations

from .core import ask, handler, opt, pub
from .deaths import awaken, kill_card, revive
from .objectives import check, refresh, wakes_with_mutineers
from .table import alive, card_opt, dead_cards, living, owner, parse_card, parse_seat, \
    seat_opt, seats

CARD = "alquimista"


def _mine(st, s):
    return [c for c in st["rows"][s] if c != CARD and c in dead_cards(st)]


def offer_return(st: dict, ev: list) -> None:
    """After her objective is revealed for want of living cards (once a game)."""
    if CARD not in st["cards"] or st["custom"].get("alchemist_returned"):
        return
    s = owner(st, CARD)
    if s is None or not st["eliminated"][s] or not st["objective_shown"][s] or wakes_with_mutineers(st, s):
        return
    cards = _mine(st, s)
    if cards:
        st["custom"]["alchemist_returned"] = 1
        ask(st, s, "alchemist_return", [card_opt(st, c) for c in cards], None, "reactive",
            "alchemist_return")


@handler("alchemist_return")
def _return(st, ev, q, choice):
    s, c = q["seat"], parse_card(st, choice)
    st["eliminated"][s] = 0
    pub(ev, "alchemist_returns", seat=s)
    revive(st, ev, c, CARD)
    awaken(st, ev, c)
    refresh(st, ev)
    check(st, ev)


def day_powers(st: dict, s: int) -> list:
    info = st["cards"].get(CARD)
    if info and info["awake"] and owner(st, CARD) == s and alive(st, CARD) \
            and not info.get("gone") and _targets(st):
        return [opt("sacrifice", "alchemist_sacrifice")]
    return []


def _targets(st):
    return [t for t in seats(st) if living(st, t) and _mine(st, t)]


def sacrifice(st: dict, ev: list, s: int) -> None:
    ask(st, s, "alchemist_sacrifice", [seat_opt(t) for t in _targets(st)], None, "reactive",
        "alchemist_sacrifice")


@handler("alchemist_sacrifice")
def _sacrifice(st, ev, q, choice):
    t = parse_seat(choice)
    for c in _mine(st, t):
        revive(st, ev, c, CARD)
    info = st["cards"][CARD]
    info["gone"], info["ghost"] = 1, 0
    kill_card(st, ev, CARD, [q["seat"]], CARD)
    refresh(st, ev)
    check(st, ev)
