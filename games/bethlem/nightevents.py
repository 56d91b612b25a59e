"""Night event cards, played at step 5 (spec §4.7, R-48).

Every holder is asked at once; each play picks its targets (by seat and position, like pointing
at the table) and waits. At the end of the step the plays resolve in the fixed order Celda ->
Cambio de habitación -> Cirujano -> Leproso -> Hipnosis -> Historias clínicas, then seat order;
a play whose target became illegal fizzles and the card goes back to its owner's hand.
"""
from __future__ import annotations

from .cards import TWINS, catalog, event_order, event_when
from .core import ask, handler, opt, pub, tell
from .deaths import mark, place
from .night import insert_after, kill_night, log
from .objectives import refresh
from .table import (active, alive, card_at, card_opt, living_targets, parse_seat, seat_opt,
                    seats, where)


def _night_events(st, s):
    """Night events in hand that have something to aim at right now."""
    evs = {e for e in st["hands"][s] if event_when(e) == "night"}
    if not living_targets(st):
        evs -= {"celda", "leproso"}
    return sorted(evs)


def open_plays(st: dict, ev: list) -> None:
    for s in seats(st):
        _offer(st, s)


def _offer(st, s):
    evs = _night_events(st, s)
    no = {"leproso": "parca_night"} if "leproso" in evs and kill_night(st) else {}
    if evs:
        ask(st, s, "night_event", [opt("none", "none")] + [opt(e, "event", event=e) for e in evs
                                                           if e not in no],
            "none", "night_step", "night_event", refused=no)


def _pos_opts(st, cards):
    return [card_opt(st, c) for c in cards]


def _any_row_cards(st):
    return [c for s in seats(st) for c in st["rows"][s]]


@handler("night_event")
def _night_event(st, ev, q, choice):
    if choice == "none":
        return
    s, e = q["seat"], choice
    x = {"event": e, "targets": []}
    if e in ("celda", "leproso"):
        _pick(st, s, x, _pos_opts(st, living_targets(st)))
    elif e == "cirujano":
        _pick(st, s, x, _pos_opts(st, _any_row_cards(st)))
    elif e in ("cambio_habitacion", "hipnosis", "recuerdos"):
        who = [t for t in seats(st) if not (e == "hipnosis" and t == s)]
        _pick(st, s, x, [seat_opt(t) for t in who])
    else:
        _play(st, s, x)


def _pick(st, s, x, opts):
    """Ask for the next target; with nothing left to aim at, the card stays in hand."""
    if opts:
        ask(st, s, "event_target", opts, None, "night_step", "event_target", x, event=x["event"])


@handler("event_target")
def _event_target(st, ev, q, choice):
    s, x = q["seat"], q["context"]
    x = {**x, "targets": x["targets"] + [choice]}
    e, got = x["event"], len(x["targets"])
    if e == "cirujano" and got == 1:
        _pick(st, s, x, [o for o in _pos_opts(st, _any_row_cards(st)) if o[0] != choice])
    elif e == "cambio_habitacion" and got < 3:
        taken = [int(p) for p in x["targets"][1:]]
        _pick(st, s, x, [opt(str(p), "position", pos=p) for p in range(1, 5) if p not in taken])
    elif e == "hipnosis" and got == 1:
        powers = catalog()["hypnosis_powers"]
        _pick(st, s, x, [opt(p, "card_name", card=p) for p in powers])
    elif e == "recuerdos" and got == 1:
        _pick(st, s, x, [seat_opt(t) for t in seats(st) if f"s{t}" != choice])
    else:
        _play(st, s, x)


def _play(st, s, x):
    st["hands"][s].remove(x["event"])
    st["night"]["plays"].append([s, x["event"], x["targets"]])
    _offer(st, s)


def resolve_plays(st: dict, ev: list) -> None:
    plays = sorted(st["night"]["plays"], key=lambda p: (event_order(p[1]), p[0]))
    st["night"]["plays"] = []
    for s, e, t in plays:
        if not active(st, s) or not RESOLVE[e](st, ev, s, t):
            if active(st, s):
                st["hands"][s].append(e)
                tell(ev, s, "event_fizzled", event=e)
            continue
        st["discard"].append(e)
        kind, data = _played(s, e, t)
        log(st, ev, kind, **data)


TARGET_SHAPES = {(): "gm_event", ("card",): "gm_event_card", ("card", "card"): "gm_event_cards",
                 ("player",): "gm_event_player", ("player", "player"): "gm_event_players",
                 ("player", "pos", "pos"): "gm_event_room", ("player", "power"): "gm_event_power"}


def _played(s, e, targets) -> tuple:
    """The GM log line of a night event: its targets as seats, positions and a power."""
    data, shape = {"by": s, "event": e}, []
    for i, t in enumerate(targets):
        suffix = "" if i == 0 or shape[-1:] != [_kind(t)] else "2"
        if _kind(t) == "card":
            seat, pos = t[1:].split("p")
            data.update({"seat" + suffix: int(seat), "pos" + suffix: int(pos)})
        elif _kind(t) == "player":
            data["seat" + suffix] = int(t[1:])
        elif _kind(t) == "pos":
            data["pos" + suffix] = int(t)
        else:
            data["power"] = t
        shape.append(_kind(t))
    return TARGET_SHAPES[tuple(shape)], data


def _kind(target: str) -> str:
    if target.isdigit():
        return "pos"
    if target[:1] == "s" and target[1:].replace("p", "").isdigit():
        return "card" if "p" in target else "player"
    return "power"


def _card(st, oid):
    s, p = oid[1:].split("p")
    s, p = int(s), int(p)
    return card_at(st, s, p) if active(st, s) else None


def _celda(st, ev, s, t):
    c = _card(st, t[0])
    if c is None or not alive(st, c) or c in st["tokens"]["celda"]:
        return False
    st["tokens"]["celda"].append(c)
    st["marks"] = [m for m in st["marks"] if m["card"] != c]
    st["night"]["dawn"].append(["celda_placed", c])
    return True


def _swap(st, ev, a, b, kind):
    (sa, pa), (sb, pb) = where(st, a), where(st, b)
    st["rows"][sa][pa - 1], st["rows"][sb][pb - 1] = b, a
    pub_data = {"seat": sa, "pos": pa, "to_seat": sb, "to_pos": pb}
    st["night"].setdefault("dawn_public", []).append([kind, pub_data])
    for s_ in {sa, sb}:
        tell(ev, s_, "your_row", row=list(st["rows"][s_]))
    refresh(st, ev)


def _cambio(st, ev, s, t):
    who = parse_seat(t[0])
    if not active(st, who):
        return False
    a, b = card_at(st, who, int(t[1])), card_at(st, who, int(t[2]))
    if a in st["tokens"]["celda"] or b in st["tokens"]["celda"]:
        return False
    _swap(st, ev, a, b, "room_change")
    return True


def _cirujano(st, ev, s, t):
    a, b = _card(st, t[0]), _card(st, t[1])
    if a is None or b is None or a in st["tokens"]["celda"] or b in st["tokens"]["celda"]:
        return False
    _swap(st, ev, a, b, "surgeon_swap")
    return True


def _leproso(st, ev, s, t):
    c = _card(st, t[0])
    if c is None or not alive(st, c) or c in st["tokens"]["celda"] or kill_night(st):
        return False
    place(st, c, mark("leproso", [s], inev=1, notrig=1))
    st["night"]["dawn"].append(["leper_placed", c])
    return True


def _hipnosis(st, ev, s, t):
    target, power = parse_seat(t[0]), t[1]
    if not active(st, target):
        return False
    code = catalog()["hypnosis_powers"][power]
    pub(ev, "hypnosis", card=power)
    tell(ev, target, "hypnotised", card=power)
    if code == "day":
        st["night"].setdefault("hypnosis_amnesia", []).append(target)
    else:
        st["night"]["hypnoses"].setdefault(code, []).append([target, power])
        insert_after(st, code, code + "h")
    return True


def _identify(st, ev, s, kind, found, named):
    """Clinical records: the reader learns names; whoever was named learns they were."""
    tell(ev, s, kind, **found)
    tell(ev, [t for t in named if t is not None and t != s], "you_were_identified")
    return True


def _hc_neurotico(st, ev, s, t):
    holder = next((x for x in seats(st) if st["personalities"][x] == "neuroticismo"), None)
    ctl = st["neurotic"]["controlled"] if st["neurotic"] else None
    if holder is None:
        return _identify(st, ev, s, "record_neurotic_none", {}, [])
    kind = "record_neurotic" if ctl is not None else "record_neurotic_free"
    return _identify(st, ev, s, kind, {"holders": [holder], "followers": [ctl]}, [holder, ctl])


def _hc_siamesas(st, ev, s, t):
    holders = sorted({where(st, c)[0] for c in TWINS if c in st["cards"]})
    kind = "record_twins" if holders else "record_twins_none"
    return _identify(st, ev, s, kind, {"seats": holders}, holders)


def _hc_secretos(st, ev, s, t):
    pact = st["pact"]
    if not pact:
        return _identify(st, ev, s, "record_no_pact", {}, [])
    kind = "record_pact_failed" if pact["failed"] else "record_secrets"
    found = {"maker": pact["maker"], "seats": [pact["first_seat"], pact["second_seat"]]}
    return _identify(st, ev, s, kind, found, [pact["maker"], pact["first_seat"], pact["second_seat"]])


def _recuerdos(st, ev, s, t):
    a, b = parse_seat(t[0]), parse_seat(t[1])
    if not (active(st, a) and active(st, b)):
        return False
    st["personalities"][a], st["personalities"][b] = st["personalities"][b], st["personalities"][a]
    for x in (a, b):
        tell(ev, x, "your_personality", card=st["personalities"][x])
    st["night"].setdefault("dawn_public", []).append(["memories_swap", {"seats": [a, b]}])
    return True


RESOLVE = {"celda": _celda, "cambio_habitacion": _cambio, "cirujano": _cirujano,
           "leproso": _leproso, "hipnosis": _hipnosis, "hc_neurotico": _hc_neurotico,
           "hc_siamesas": _hc_siamesas, "hc_secretos": _hc_secretos, "recuerdos": _recuerdos}
