"""La Maestra Vudú (spec §6.5.2, custom step 9): each round she puts voodoo on one card of any
player (seed: "una carta ... de ese jugador"); until the round ends, harm aimed at any card of
that card's owner lands on the voodoo card instead: death marks (night, lynch, triggers), John
Flick's arrow, La parca's scythe and Melancolía. Inevitable marks keep their target (R-30: no
protection moves them), so a pact collapse still takes every card.
"""
from __future__ import annotations

from .core import ask, handler, opt, tell
from .night import log, woke
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
    st["nt"]["voodoo"] = c
    tell(ev, q["s"], "voodoo_set", **where_public(st, c))
    log(st, ev, "gm_voodoo", by=q["s"], **where_public(st, c))


def redirect(st: dict, cid: str, inevitable=0) -> str:
    """The card that takes harm aimed at `cid` this round."""
    v = st["nt"].get("voodoo")
    if not v or v == cid or inevitable or not alive(st, v) or not on_row(st, v):
        return cid
    mine = owner(st, v)
    return v if mine is not None and mine == owner(st, cid) and not st["out"][mine] else cid
