"""Noe "Gas de la risa" (spec §6.5.2): the named card at step 11, the revenge on death (extra
power) and the "Muerto de risa" pills (awakening).

Revenge: the round after the card dies, the mutineers do not wake; the holder wakes in their
turn and kills one card per player still waking with the mutineers. Pills: the first attack on
the awakened card lands on the card named this round instead; the second one kills it and takes
the vote from whoever holds the card named this round.
"""
from __future__ import annotations

from .core import ask, handler, opt, pub
from .night import kill_night, log, mark_death, woke
from .objectives import wakes_with_mutineers
from .table import acting_seat, alive, card_opt, living_targets, owner, parse_card, seats

CARD = "gas_risa"


def _cx(st):
    return st["custom"]


def step(st: dict, ev: list) -> None:
    s = acting_seat(st, CARD)
    if s is None:
        return
    woke(st, "c11", s)
    again = st["cards"][CARD]["awake"]
    names = sorted(c for c in st["cards"] if c != CARD and (again or c not in _cx(st)["laughs"]))
    ask(st, s, "laugh", [opt("pass", "pass")] + [opt(c, "card_name", card=c) for c in names],
        "pass", "night_step", "laugh")


@handler("laugh")
def _laugh(st, ev, q, choice):
    if choice == "pass":
        return
    _cx(st)["laughs"].append(choice)
    _cx(st)["named"] = [choice, st["round"]]
    holder = acting_seat(st, choice)
    if holder is None:
        pub(ev, "laugh_nobody", card=choice)
        return
    st["night"]["laughed"].append(choice)
    pub(ev, "laugh", card=choice, seat=holder)


def _named(st):
    named = _cx(st).get("named")
    return named[0] if named and named[1] == st["round"] else None


# ---- on death: the revenge ---------------------------------------------------------------------

def fires(st: dict, c: str, seat: int) -> bool:
    return c == CARD and st["mode"] == "custom" and not st["eliminated"][seat] \
        and not wakes_with_mutineers(st, seat)


def on_death(st: dict, ev: list) -> None:
    s = owner(st, CARD)
    _cx(st)["revenge"] = [s, st["round"] + 1]
    log(st, ev, "gm_gas_revenge", seat=s)


def revenge_seat(st: dict):
    r = _cx(st).get("revenge") if st["mode"] == "custom" else None
    if r and r[1] == st["round"] and not st["eliminated"][r[0]]:
        return r[0]
    return None


def revenge(st: dict, ev: list, s: int) -> None:
    """Step 24 with the revenge on: the holder alone, one kill per mutineer still playing."""
    if kill_night(st):
        return
    woke(st, "16", s)
    _revenge_ask(st, s, sum(1 for t in seats(st) if wakes_with_mutineers(st, t)))


def _revenge_ask(st, s, left):
    opts = [card_opt(st, c) for c in living_targets(st)]
    if left > 0 and opts:
        ask(st, s, "gas_revenge", [opt("pass", "pass")] + opts, "pass", "night_step",
            "gas_revenge", {"left": left}, left=left)


@handler("gas_revenge")
def _revenge_h(st, ev, q, choice):
    if choice == "pass":
        return
    c = parse_card(st, choice)
    mark_death(st, ev, c, "gas_risa", q["seat"])
    _revenge_ask(st, q["seat"], q["context"]["left"] - 1)


# ---- awakening: the pills ----------------------------------------------------------------------

def pills(st: dict, ev: list, m: dict) -> list:
    """An attack on the awakened card: the marks the pipeline keeps instead of `m`."""
    info, c = st["cards"][CARD], _cx(st)
    used = c.get("pills", 0)
    if not info["awake"] or used >= 2 or m["inevitable"]:
        return [m]
    c["pills"] = used + 1
    named = _named(st)
    if used == 0:
        pub(ev, "laugh_pill")
        return [{**m, "card": named}] if named and alive(st, named) else []
    holder = owner(st, named) if named else None
    if holder is not None:
        st["vote_lost"][holder] = 1
        pub(ev, "laugh_silenced", seat=holder)
    return [m]
