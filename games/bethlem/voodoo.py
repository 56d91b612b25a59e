"""La Maestra Vudú (spec §6.5.2, custom step 9): each round she puts voodoo on one card of any
player (seed: "una carta ... de ese jugador"); until the round ends, harm aimed at any card of
that card's owner lands on the voodoo card instead: death marks (night, lynch, triggers), John
Flick's arrow, La parca's scythe and Melancolía. Inevitable marks keep their target (R-30: no
protection moves them), so a pact collapse still takes every card.

Extra power (RULING on "every negative effect suffered this round"): when the card dies, each
arrow, scythe or melancholy on her other cards, and each of her other cards that died this
round, may move onto another player's card; a moved death brings her card back.
"""
from __future__ import annotations

from .core import ask, handler, opt, pub, tell
from .deaths import add_mark, mark, revive
from .night import log, woke
from .objectives import wakes_with_mutineers
from .table import acting_seat, alive, card_opt, living_targets, on_row, owner, parse_card, \
    where_public


def step(st: dict, ev: list) -> None:
    s = acting_seat(st, "vudu")
    if s is None:
        return
    woke(st, "c9", s)
    ask(st, s, "voodoo", [opt("pass", "pass")] + [card_opt(st, c) for c in living_targets(st)],
        "pass", "night_step", "voodoo")


@handler("voodoo")
def _voodoo(st, ev, q, choice):
    if choice == "pass":
        return
    c = parse_card(st, choice)
    st["night"]["voodoo"] = c
    tell(ev, q["seat"], "voodoo_set", **where_public(st, c))
    log(st, ev, "gm_voodoo", by=q["seat"], **where_public(st, c))


def redirect(st: dict, cid: str, inevitable=0) -> str:
    """The card that takes harm aimed at `cid` this round."""
    v = st["night"].get("voodoo")
    if not v or v == cid or inevitable or not alive(st, v) or not on_row(st, v):
        return cid
    mine = owner(st, v)
    return v if mine is not None and mine == owner(st, cid) and not st["eliminated"][mine] else cid


# ---- extra power: when the card dies, the round's harm may move ---------------------------------

TOKENS = ("arrow", "scythe", "melancholy")


def fires(st: dict, c: str, seat: int) -> bool:
    return c == "vudu" and st["mode"] == "custom" and not wakes_with_mutineers(st, seat)


def harm(st: dict, s: int) -> list:
    """What her player suffered this round: tokens on her cards, and her other cards that died
    this round (each may come back while another card takes the death)."""
    mine = [c for c in st["rows"][s] if c != "vudu"]
    out = [[k, c] for k in TOKENS for c in st["tokens"][k] if c in mine]
    return out + [["death", c] for c in mine if st["cards"][c]["dead"] and not st["cards"][c].get("gone")
                  and st["cards"][c].get("died_round") == st["round"]]


def offer(st: dict, ev: list, s: int, left: list) -> None:
    if not left:
        return
    kind, c = left[0]
    targets = [t for t in living_targets(st) if owner(st, t) != s]
    if targets:
        ask(st, s, "voodoo_move", [opt("pass", "pass")] + [card_opt(st, t) for t in targets],
            "pass", "reactive", "voodoo_move", {"left": left}, effect=kind, **where_public(st, c))


@handler("voodoo_move")
def _move(st, ev, q, choice):
    (kind, c), rest = q["context"]["left"][0], q["context"]["left"][1:]
    if choice != "pass":
        t = parse_card(st, choice)
        if kind == "death":
            revive(st, ev, c, "vudu")
            add_mark(st, t, mark("vudu", [q["seat"]]))
        else:
            lst = st["tokens"][kind]
            lst[lst.index(c)] = t
            pub(ev, "voodoo_moved", kind=kind, **where_public(st, t))
    offer(st, ev, q["seat"], rest)
