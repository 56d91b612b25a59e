"""La Médico's "Virus mortal" awakening (spec §6.5.2): at her step she first infects one player
(never herself: she is immune); on later rounds she may add a virus to an infected player and
spread it to a neighbour of an infected player (a second add once everyone else is infected).
A player carrying two viruses can lose both for one card of hers chosen by the doctor; with four,
all four go and every card of that player dies. Virus tokens are on the table: public at dawn.
"""
from __future__ import annotations

from .core import ask, handler, opt, task
from .deaths import mark, place
from .night import kill_night, log, mark_death
from .table import card_opt, neighbour, parse_card, seat_opt, seats


def _v(st):
    return st["custom"].setdefault("virus", {})


def _infected(st, doc):
    return [t for t in seats(st) if _v(st).get(str(t)) and t != doc]


def _add(st, t):
    v = _v(st)
    v[str(t)] = v.get(str(t), 0) + 1
    st["night"].setdefault("dawn_public", []).append(["virus", {"seat": t, "count": v[str(t)]}])


@task("virus_turn")
def _turn(st, ev, s):
    if not _infected(st, s):
        ask(st, s, "virus_first", [opt("pass", "pass")] + [seat_opt(t) for t in seats(st)
                                                           if t != s],
            "pass", "night_step", "virus_add", {"next": None})
        return
    ask(st, s, "virus_add", [opt("pass", "pass")] + [seat_opt(t) for t in _infected(st, s)],
        "pass", "night_step", "virus_add", {"next": "spread"})


def _spread_targets(st, s):
    sick = _infected(st, s)
    near = {n for t in sick for n in (neighbour(st, t, 1), neighbour(st, t, -1))}
    fresh = sorted(t for t in near if t is not None and t != s and t not in sick)
    others = [t for t in seats(st) if t != s]
    return fresh, len(sick) == len(others)


@handler("virus_add")
def _add_h(st, ev, q, choice):
    s = q["seat"]
    if choice != "pass":
        _add(st, int(choice[1:]))
    if q["context"]["next"] == "spread":
        fresh, everyone = _spread_targets(st, s)
        pool = _infected(st, s) if everyone else fresh
        if pool:
            ask(st, s, "virus_spread", [opt("pass", "pass")] + [seat_opt(t) for t in pool],
                "pass", "night_step", "virus_add", {"next": "cull"})
            return
    if q["context"]["next"] in ("spread", "cull"):
        _cull_ask(st, s)


def _cull_ask(st, s):
    if kill_night(st):
        return
    ripe = [t for t in _infected(st, s) if _v(st)[str(t)] >= 2]
    if ripe:
        ask(st, s, "virus_cull", [opt("pass", "pass")] + [seat_opt(t) for t in ripe], "pass",
            "night_step", "virus_cull")


@handler("virus_cull")
def _cull(st, ev, q, choice):
    if choice == "pass":
        return
    t = int(choice[1:])
    v = _v(st)
    if v[str(t)] >= 4:
        v[str(t)] -= 4
        for c in st["rows"][t]:
            place(st, c, mark("virus", [q["seat"]]))
        log(st, ev, "gm_virus_all", by=q["seat"], seat=t)
        return
    v[str(t)] -= 2
    ask(st, q["seat"], "virus_card", [card_opt(st, c) for c in st["rows"][t]
                                   if c in st["cards"] and not st["cards"][c]["dead"]], None,
        "night_step", "virus_card")


@handler("virus_card")
def _card(st, ev, q, choice):
    c = parse_card(st, choice)
    mark_death(st, ev, c, "virus", q["seat"])
