"""The night guide's opening (spec §4.2.2 steps N0-4): housekeeping, Cuentacuentos questions,
the blood pact and the first-night meetings of the twins and the cellmates."""
from __future__ import annotations

from .cards import CELLMATES, TWINS
from .core import ask, gm, handler, opt, tell
from .deaths import mark, place
from .objectives import refresh
from .table import (acting_seat, bipolar, card_opt, held, is_mut, living_targets, on_row, owner,
                    parse_card, parse_seat, seat_opt, seats, where_public)
from .night import STEPS, log, peekable, woke


# ---- N0 housekeeping ---------------------------------------------------------------------------

def _s0(st, ev):
    tok = st["tokens"]
    for cid, marks in tok["patience"]:
        for m in marks:
            place(st, cid, m)
    tok["patience"] = []
    for cid in st["rabies"]:
        place(st, cid, mark("infecto_de_rabia", [], indirect=1))
        log(st, ev, "gm_rabies_strikes", card=cid)
    st["rabies"] = []
    s = acting_seat(st, "ali")
    if s is not None:
        st["night"]["ali"]["seat"] = s
        ask(st, s, "ali_spy", [opt("spy", "spy"), opt("sleep", "sleep")], "sleep",
            "night_step", "ali_spy")


@handler("ali_spy")
def _ali_spy(st, ev, q, choice):
    st["night"]["ali"]["spy"] = choice == "spy"
    if st["history"]["ali_peeked"]:
        return
    ask(st, q["seat"], "ali_peek", [opt("none", "none")] + [
        opt(c, "card_name", card=c) for c in peekable(st, "0")], "none", "night_step",
        "ali_peek")


@handler("ali_peek")
def _ali_peek(st, ev, q, choice):
    if choice != "none":
        st["history"]["ali_peeked"] = 1
        st["night"]["ali"]["peek"] = choice
        gm(ev, "gm_ali_peek", card=choice)


# ---- 1 Cuentacuentos questions ---------------------------------------------------------------

def _s1(st, ev):
    for s in seats(st):
        if s in st["history"]["questions"]:
            continue
        opts = [opt("none", "none"), opt("mine", "q_mine")] + [
            [f"q{card_opt(st, c)[0]}", "q_card", card_opt(st, c)[2]] for c in living_targets(st)]
        ask(st, s, "storyteller", opts, "none", "night_step", "storyteller")


@handler("storyteller")
def _storyteller(st, ev, q, choice):
    if choice == "none":
        return
    s = q["seat"]
    st["history"]["questions"].append(s)
    if choice == "mine":
        answer = any(_pending_doom(st, c) for c in held(st, s))
        tell(ev, s, "storyteller_mine", answer=answer)
    else:
        c = parse_card(st, choice[1:])
        tell(ev, s, "storyteller_card", answer=_pending_doom(st, c), **where_public(st, c))


def _pending_doom(st, c):
    tok, md = st["tokens"], st["sweet_death"]
    return (any(p[0] == c for p in tok["patience"]) or c in st["rabies"] or tok["chip"] == c
            or any(c in f[:2] for f in tok["flames"]) or bool(md and c in (md["muerte_card"], md["target"])))


# ---- 2 Pacto de sangre -------------------------------------------------------------------------

def _s2(st, ev):
    c = "pacto_de_sangre"
    s = acting_seat(st, c)
    if s is None or st["cards"][c]["used"]:
        return
    woke(st, "2", s)
    ask(st, s, "pact_first", [opt("skip", "pass")] + [seat_opt(t) for t in seats(st)], "skip",
        "night_step", "pact_first")


@handler("pact_first")
def _pact_first(st, ev, q, choice):
    st["cards"]["pacto_de_sangre"]["used"] = 1
    if choice == "skip":
        return
    a = parse_seat(choice)
    ask(st, q["seat"], "pact_second", [seat_opt(t) for t in seats(st) if t != a],
        None, "night_step", "pact_second", {"first_seat": a})


@handler("pact_second")
def _pact_second(st, ev, q, choice):
    x = {**q["context"], "second_seat": parse_seat(choice)}
    if bipolar(st, q["seat"]):
        ask(st, q["seat"], "pact_type", [opt("normal", "pact_normal"), opt("hate", "pact_hate")],
            "normal", "night_step", "pact_type", x)
    else:
        _pact_made(st, ev, q["seat"], x["first_seat"], x["second_seat"], "normal")


@handler("pact_type")
def _pact_type(st, ev, q, choice):
    _pact_made(st, ev, q["seat"], q["context"]["first_seat"], q["context"]["second_seat"], choice)


def _pact_made(st, ev, maker, a, b, kind):
    st["pact"] = {"first_seat": a, "second_seat": b, "type": kind, "maker": maker, "active": 0,
                  "failed": 0}
    tell(ev, maker, "pact_made", a=a, b=b, type=kind)
    log(st, ev, "gm_pact", maker=maker, a=a, b=b, type=kind)
    richards = [s for s in (a, b) if "richard_dadd" in held(st, s) and is_mut(st, "richard_dadd")]
    if richards:
        ask(st, richards[0], "pact_meet", [opt("yes", "yes"), opt("no", "no")], "yes",
            "night_step", "pact_meet")
    else:
        _pact_bind(st, ev)


@handler("pact_meet")
def _pact_meet(st, ev, q, choice):
    if choice == "yes":
        _pact_bind(st, ev)
        return
    pact = st["pact"]
    pact["failed"] = 1
    other = pact["second_seat"] if q["seat"] == pact["first_seat"] else pact["first_seat"]
    tell(ev, other, "pact_failed")
    log(st, ev, "gm_pact_refused", seat=q["seat"])


def _pact_bind(st, ev):
    pact = st["pact"]
    pact["active"] = 1
    a, b = pact["first_seat"], pact["second_seat"]
    if a != b:
        tell(ev, a, "pact_partner", partner=b, type=pact["type"])
        tell(ev, b, "pact_partner", partner=a, type=pact["type"])
    refresh(st, ev)


# ---- 3-4 first-night meetings ------------------------------------------------------------------

def _meet(st, ev, cards, kind):
    holders = sorted({owner(st, c) for c in cards if on_row(st, c) and acting_seat(st, c) is not None})
    for s in holders:
        others = [t for t in holders if t != s]
        tell(ev, s, kind if others else kind + "_alone", others=others)


def _s3(st, ev):
    _meet(st, ev, TWINS, "twins_meet")


def _s4(st, ev):
    _meet(st, ev, CELLMATES, "cellmates_meet")


STEPS.update({"0": _s0, "1": _s1, "2": _s2, "3": _s3, "4": _s4})
