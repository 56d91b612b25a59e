"""La Médico (spec §6.5.2, custom step 32): at the end of the night she looks at one dying card,
then may use one of her three treatments that round.

Carro de paradas saves (once; three times with the extra power). Coma inducido saves but leaves
the card powerless for good (up to three). Trasplante saves only the card she looked at, and
from then on she wakes for that card's night power; a new transplant lets the previous card die.
"""
from __future__ import annotations

from .cards import catalog, rules
from .core import ask, handler, opt, push, tell
from .deaths import mark, marked, place, unmark
from .night import log, woke
from .table import acting_seat, alive, card_opt, owner, parse_card, where, where_public


def _doc(st):
    return st["custom"]["doctor"]


def _dying(st):
    cards = {m["card"] for m in st["marks"] if alive(st, m["card"])}
    return sorted(cards, key=lambda c: where(st, c))


def _savable(st, c):
    return not any(m["inevitable"] for m in marked(st, c))


def step(st: dict, ev: list) -> None:
    s = acting_seat(st, "medico")
    if s is None:
        return
    woke(st, "c32", s)
    dying = _dying(st)
    ask(st, s, "doctor_look", [opt("pass", "pass")] + [card_opt(st, c) for c in dying], "pass",
        "night_step", "doctor_look")
    if st["cards"]["medico"]["awake"]:
        push(st, ["virus_turn", s])


@handler("doctor_look")
def _look(st, ev, q, choice):
    s, seen = q["seat"], None
    if choice != "pass":
        seen = parse_card(st, choice)
        tell(ev, s, "peek_result", card=seen, **where_public(st, seen))
        st["known_cards"][s].append(seen)
        log(st, ev, "gm_peek", by=s, card=seen, **where_public(st, seen))
    from .custom import extra_power
    doc, caps = _doc(st), rules()["medico"]
    carts = caps["carro_extra"] if extra_power(st, s) else caps["carro"]
    opts = []
    savable = [c for c in _dying(st) if _savable(st, c)]
    if savable and doc["carro"] < carts:
        opts.append(opt("carro", "doctor_carro"))
    if savable and doc["coma"] < caps["coma"]:
        opts.append(opt("coma", "doctor_coma"))
    if seen and _savable(st, seen) and catalog()["life"][seen]["steps"] and seen != "medico":
        opts.append(opt("trasplante", "doctor_trasplante"))
    if opts:
        ask(st, s, "doctor_treat", [opt("pass", "pass")] + opts, "pass", "night_step",
            "doctor_treat", {"seen": seen})


@handler("doctor_treat")
def _treat(st, ev, q, choice):
    if choice == "pass":
        return
    if choice == "trasplante":
        _transplant(st, ev, q["seat"], q["context"]["seen"])
        return
    cards = [c for c in _dying(st) if _savable(st, c)]
    ask(st, q["seat"], "doctor_target", [card_opt(st, c) for c in cards], None, "night_step",
        "doctor_target", {"treatment": choice})


@handler("doctor_target")
def _target(st, ev, q, choice):
    c, treat = parse_card(st, choice), q["context"]["treatment"]
    _doc(st)[treat] += 1
    unmark(st, c)
    if treat == "coma":
        st["tokens"]["coma"].append(c)
        st["night"]["dawn"].append(["coma_placed", c])
    log(st, ev, "gm_doctor", by=q["seat"], treat=treat, **where_public(st, c))


def _transplant(st, ev, s, c):
    old = st["tokens"].get("transplant")
    if old and alive(st, old):
        place(st, old, mark("medico", [], indirect=1))
    unmark(st, c)
    st["tokens"]["transplant"] = c
    st["night"]["dawn"].append(["transplant_placed", c])
    log(st, ev, "gm_doctor", by=s, treat="trasplante", **where_public(st, c))


def transplant_seat(st: dict, cid: str):
    """Who wakes for a transplanted card: La Médico, while she can act."""
    if st["tokens"].get("transplant") != cid or "medico" not in st["cards"]:
        return None
    s = owner(st, "medico")
    return s if s is not None and acting_seat(st, "medico") == s else None
