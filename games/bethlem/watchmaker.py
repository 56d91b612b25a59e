"""El Relojero (spec §6.5.2, custom steps 6 and 27): numbers 1-4 under his cards decide the order
in which they may die, and each number shown grants him a one-use power.

The numbers stay hidden from everyone but him until an attack shows one (spec R-77). An attacked
numbered card dies only once every lower number's card is dead; otherwise the attack fails and
the number stays visible. Inevitable marks ignore the numbers, as they ignore every protection
(R-30). The numbers keep working after he dies; only the powers need him awake.
"""
from __future__ import annotations

from games.rng import Rng

from . import timecontrol
from .core import ask, handler, opt, pub, tell
from .deaths import unmark
from .night import kill_night, log, mark_death, woke
from .table import (acting_seat, alive, card_opt, living_targets, owner, parse_card,
                    parse_seat, seat_opt, seats, where_public)

POWERS = ("1", "2", "3", "4")


def _w(st):
    return st["custom"]["clock"]


def setup_step(st: dict, ev: list) -> None:
    """Night 1: the numbers go under his four cards, in a seeded random order."""
    s = owner(st, "relojero")
    if s is None or _w(st)["numbers"]:
        return
    nums = Rng(st).shuffle([1, 2, 3, 4])
    _w(st)["numbers"] = {c: n for c, n in zip(st["rows"][s], nums)}
    woke(st, "c6", s)
    tell(ev, s, "clock_numbers", order=", ".join(str(_w(st)["numbers"][c]) for c in st["rows"][s]))


def called_late(st: dict) -> bool:
    """Step 27 is called while the card is publicly alive and some number is visible."""
    return not st["cards"]["relojero"]["dead"] and (bool(_w(st)["shown"])
                                             or bool(timecontrol.night_left(st)))


def filter_batch(st: dict, ev: list, batch: list) -> list:
    w = _w(st)
    if not w["numbers"]:
        return batch
    hit = sorted({m["card"] for m in batch if m["card"] in w["numbers"]},
                 key=lambda c: w["numbers"][c])
    drop = set()
    for c in hit:
        n = w["numbers"][c]
        if c not in w["shown"]:
            w["shown"].append(c)
            w["powers"].append(str(n))
            pub(ev, "clock_number", number=n, **where_public(st, c))
        lower = [d for d, k in w["numbers"].items() if k < n]
        if any(alive(st, d) for d in lower):
            drop.add(c)
    return [m for m in batch if m["card"] not in drop or m["inevitable"]]


def step(st: dict, ev: list) -> None:
    s = acting_seat(st, "relojero")
    left = sorted(set(_w(st)["powers"]))
    extra = timecontrol.night_left(st)
    if s is None or not (left or extra):
        return
    woke(st, "c27", s)
    no = {"2": "parca_night"} if "2" in left and kill_night(st) else {}
    ask(st, s, "clock_power", [opt("pass", "pass")] + [
        opt(p, "clock_power_" + p) for p in left if p not in no] + [
        opt(p, "clock_power_" + p) for p in extra], "pass", "night_step",
        "clock_power", refused=no)


def _modifiers(st):
    tok, out = st["tokens"], []
    for key in ("arrow", "scythe"):
        out += [(f"{key}:{card_opt(st, c)[0]}", c) for c in tok[key] if owner(st, c) is not None]
    out += [(f"mark:{card_opt(st, c)[0]}", c) for c in sorted({m["card"] for m in st["marks"]
                                                              if not m["inevitable"]})]
    if tok["chip"] and owner(st, tok["chip"]) is not None:
        out.append((f"chip:{card_opt(st, tok['chip'])[0]}", tok["chip"]))
    return out


@handler("clock_power")
def _power(st, ev, q, choice):
    if choice == "pass":
        return
    s, w = q["seat"], _w(st)
    if choice.startswith("t_"):
        timecontrol.use(st, ev, s, choice)
        return
    if choice == "1":
        opts = [card_opt(st, c) for c in living_targets(st) if owner(st, c) != s] + [
            seat_opt(t) for t in seats(st) if t != s]
    elif choice == "2":
        opts = [card_opt(st, c) for c in living_targets(st)]
    elif choice == "3":
        opts = [opt(k, "modifier", kind=k.split(":")[0], **where_public(st, c))
                for k, c in _modifiers(st)]
    else:
        opts = [card_opt(st, c) for c in st["rows"][s] if c in w["numbers"] and alive(st, c)]
    ask(st, s, "clock_target", opts, None, "night_step", "clock_target", {"power": choice})


@handler("clock_target")
def _target(st, ev, q, choice):
    s, p, w = q["seat"], q["context"]["power"], _w(st)
    w["powers"].remove(p)
    if p == "1" and "p" not in choice:
        t = parse_seat(choice)
        tell(ev, s, "objective_seen", seat=t, objective=st["objective_cards"][t])
    elif p == "1":
        c = parse_card(st, choice)
        tell(ev, s, "peek_result", card=c, **where_public(st, c))
        st["known_cards"][s].append(c)
    elif p == "2":
        c = parse_card(st, choice)
        mark_death(st, ev, c, "relojero", s)
    elif p == "3":
        _remove(st, ev, choice)
    else:
        c = parse_card(st, choice)
        dest = [t for t in living_targets(st) if t not in w["numbers"]]
        ask(st, s, "clock_move", [card_opt(st, t) for t in dest], None, "night_step",
            "clock_move", {"numbered_card": c})


def _remove(st, ev, choice):
    kind, oid = choice.split(":")
    c = parse_card(st, oid)
    if kind == "mark":
        unmark(st, c)
    elif kind == "chip":
        st["tokens"]["chip"] = None
    else:
        st["tokens"][kind].remove(c)
    log(st, ev, "gm_modifier_removed", kind=kind, **where_public(st, c))
    if kind != "mark":
        st["night"].setdefault("dawn_public", []).append(
            ["modifier_removed", {"kind": kind, **where_public(st, c)}])


@handler("clock_move")
def _move(st, ev, q, choice):
    w, c = _w(st), parse_card(st, choice)
    w["numbers"][c] = w["numbers"].pop(q["context"]["numbered_card"])
    if q["context"]["numbered_card"] in w["shown"]:
        w["shown"][w["shown"].index(q["context"]["numbered_card"])] = c
        st["night"]["dawn"].append(["number_moved", c])
    log(st, ev, "gm_clock_move", by=q["seat"], **where_public(st, c))
