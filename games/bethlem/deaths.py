"""Marks, the death-resolution pipeline and what follows a cascade (spec §4.5, §4.6, §5.6).

Night kills only place marks; dawn resolves them as one batch. A day kill resolves at once.
A batch runs: immunity filter -> save windows -> deaths -> on-death triggers; marks made by the
triggers form the next batch. After the cascade: eliminations, pact collapse, awakenings,
objectives, win check. Each stage is an agenda task so a window can stop to ask somebody.
"""
from __future__ import annotations

from .cards import CELLMATES, TWINS, group
from .core import (ask, clock, gm, handler, opt, pub, push, task, tell)
from .objectives import check, declare, refresh
from .table import (alive, bipolar, card_opt, held, inactive, living, on_row, owner,
                    parse_card, where, where_public)

STAGES = (["p_filter"], ["p_mania"], ["p_waker"], ["p_death"], ["p_trig"], ["p_next"])


def mark(src: str, killers, inev=0, notrig=0, mut=0, indirect=0, cid=None) -> dict:
    return {"card": cid, "source": src, "killers": sorted(set(killers)), "inevitable": inev,
            "no_triggers": notrig, "mutineer": mut, "indirect": indirect}


def note_attack(st: dict, cid: str) -> None:
    """A card counts as attacked when a mark lands on it or the lynch picks it."""
    st["attacked"].append(cid)
    if cid in st["tokens"]["scythe"]:
        st["parca"]["hit"] = 1


def place(st: dict, cid: str, m: dict) -> bool:
    """Put a night mark on a living card; an isolated card cannot be attacked at all."""
    cid = _voodoo(st, cid, m)
    if cid in st["tokens"]["celda"] or not alive(st, cid):
        return False
    st["marks"].append({**m, "card": cid})
    note_attack(st, cid)
    if cid == "vudu":
        from .curse import mirror
        mirror(st, cid, m)
    return True


def _voodoo(st, cid, m):
    if not st["night"].get("voodoo"):
        return cid
    from .voodoo import redirect
    return redirect(st, cid, m["inevitable"])


def marked(st: dict, cid: str) -> list:
    return [m for m in st["marks"] if m["card"] == cid]


def unmark(st: dict, cid: str, keep_inevitable: bool = True) -> bool:
    """Save: remove the card's marks (inevitable ones stay unless told). True if any went."""
    before = len(st["marks"])
    st["marks"] = [m for m in st["marks"]
                   if m["card"] != cid or (keep_inevitable and m["inevitable"])]
    return len(st["marks"]) < before


# ---- entry points ------------------------------------------------------------------------------

def resolve_now(st: dict, marks: list, after: list | None = None) -> None:
    """Start a cascade with these marks (day kills, dawn, Nostradamus...)."""
    push(st, ["p_start", marks], *(after or []))


@task("p_start")
def _start(st, ev, marks):
    dawn = st["phase"] == "night" and not st["night"].get("dawn_over")
    st["cascade"] = {"batch": [], "new": [], "died": [], "last": {}, "taken": [], "dawn": dawn}
    live = [{**m, "card": _voodoo(st, m["card"], m)} for m in marks]
    live = [m for m in live if alive(st, m["card"])]
    for m in live:
        if st["phase"] == "day":
            note_attack(st, m["card"])
    st["cascade"]["batch"] = live
    push(st, *STAGES, ["p_after"])


# ---- 1. immunity filter ------------------------------------------------------------------------

@task("p_filter")
def _filter(st, ev):
    pipe = st["cascade"]
    batch = [m for m in pipe["batch"] if alive(st, m["card"])]
    tok = st["tokens"]
    keep = []
    for m in batch:
        c = m["card"]
        if c in tok["celda"]:
            continue
        if c == "richard_dadd" and st["cards"][c]["awake"] and not inactive(st, c) and not m["indirect"] \
                and m["source"] != "leproso":
            continue
        if c == "pacto_de_sangre" and st["cards"][c]["awake"] and not m["inevitable"] and _pact_holds(st):
            continue
        keep.append(m)
    keep = _twins(st, keep)
    from .custom import custom_filter
    keep = custom_filter(st, ev, keep)
    if st["phase"] == "day":
        from .night_closing import sweet_death_check
        keep = sweet_death_check(st, ev, keep)
    pipe["batch"] = keep


def _pact_holds(st):
    """An awakened pact card lives while its pact binds two active players: a pact never made
    or refused by Richard Dadd (R-82), or one member gone (R-83), leaves it unprotected."""
    pact = st["pact"]
    return bool(pact) and pact["active"] and not (st["eliminated"][pact["first_seat"]]
                                                  or st["eliminated"][pact["second_seat"]])


def _twins(st, batch):
    """Siamesas: a lone attack fails; both attacked in the same phase die together."""
    hit = {m["card"] for m in batch}
    out = list(batch)
    for t in TWINS:
        other = TWINS[1 - TWINS.index(t)]
        if t not in hit or other not in st["cards"] or not alive(st, other) or inactive(st, t):
            continue
        ok = other in hit or other in st["attacked"]
        if ok and st["cards"][t]["awake"]:
            mate = where(st, other)
            mine = where(st, t)
            if mate and mine and mine[1] > 0:
                across = st["rows"][mate[0]][mine[1] - 1]
                ok = not alive(st, across)
        if not ok:
            out = [m for m in out if m["card"] != t or m["inevitable"]]
        elif other not in hit and st["phase"] == "day":
            # Attacked in an earlier batch of the same day: it dies with its twin now. At
            # night a twin attacked and then saved stays saved, yet its twin still dies.
            out.append(mark("siamesas", [], indirect=1, cid=other))
            hit.add(other)
    return out


# ---- 2. save windows ---------------------------------------------------------------------------

@task("p_mania")
def _mania(st, ev):
    """Bipolar Manía persecutoria in the batch may save one other dying card first."""
    batch = st["cascade"]["batch"]
    c = "mania_persecutoria"
    mine = [m for m in batch if m["card"] == c]
    if not mine or any(m["no_triggers"] for m in mine) or inactive(st, c):
        return
    s = owner(st, c)
    if not bipolar(st, s):
        return
    opts = [opt("normal", "effect_normal")]
    for o in sorted({m["card"] for m in batch if m["card"] != c and not m["inevitable"]}):
        os_, op_ = where(st, o)
        opts.append(opt(f"save:s{os_}p{op_}", "save_card", seat=os_, pos=op_))
    ask(st, s, "mania_mode", opts, "normal", "reactive", "mania_mode", alone="cover")


@handler("mania_mode")
def _mania_mode(st, ev, q, choice):
    if choice == "normal":
        return
    st["cascade"]["mania"] = "b"
    cid = parse_card(st, choice[5:])
    st["cascade"]["batch"] = [m for m in st["cascade"]["batch"] if m["card"] != cid or m["inevitable"]]
    open_news(st, ev, q["seat"], "mania_saves", **where_public(st, cid))


@task("p_waker")
def _waker(st, ev):
    w = "wakerfield"
    batch = st["cascade"]["batch"]
    if w not in st["cards"] or not alive(st, w) or not batch:
        return
    clock(st, "window_clock", "reactive_min", window="wakerfield")
    s = owner(st, w)
    if inactive(st, w) or not on_row(st, w) or st["eliminated"][s] or any(m["card"] == w for m in batch):
        return
    inev = {m["card"] for m in batch if m["inevitable"]}
    cands = sorted({m["card"] for m in batch} - inev, key=lambda c: where(st, c))
    cands = [c for c in cands if on_row(st, c)]
    if not cands:
        return
    seen = st["cards"][w]["awake"]
    opts = [opt("pass", "pass")]
    for c in cands:
        o = card_opt(st, c)
        if seen:
            o[2]["card"] = c
        opts.append(o)
    ask(st, s, "wakerfield", opts, "pass", "reactive", "wakerfield")


@handler("wakerfield")
def _wakerfield(st, ev, q, choice):
    if choice == "pass":
        return
    w = "wakerfield"
    c = parse_card(st, choice)
    ws, wp = where(st, w)
    cs, cp = where(st, c)
    st["rows"][ws][wp - 1], st["rows"][cs][cp - 1] = c, w
    batch = st["cascade"]["batch"]
    killers = sorted({k for m in batch if m["card"] == c for k in m["killers"]})
    st["cascade"]["batch"] = [m for m in batch if m["card"] != c] + [mark("wakerfield", killers, cid=w)]
    st["marks"] = [m for m in st["marks"] if m["card"] != c]
    pub(ev, "wakerfield_swap", seat=cs, pos=cp, to_seat=ws, to_pos=wp)
    tell(ev, ws, "you_took", card=c, seat=ws, pos=wp)
    st["known_cards"][ws].append(c)
    if st["cards"][w]["awake"] and not st["cards"][c]["awake"]:
        awaken(st, ev, c)
    refresh(st, ev)


# ---- 3. deaths ---------------------------------------------------------------------------------

@task("p_death")
def _death(st, ev):
    pipe = st["cascade"]
    by_card: dict = {}
    for m in pipe["batch"]:
        if alive(st, m["card"]):
            by_card.setdefault(m["card"], []).append(m)
    died = []
    for c in sorted(by_card, key=lambda c: where(st, c)):
        ms = by_card[c]
        killers = sorted({k for m in ms for k in m["killers"]})
        info = {"card": c, "killers": killers, "no_triggers": any(m["no_triggers"] for m in ms),
                "inactive": inactive(st, c), "cause": ms[0]["source"], "seat": owner(st, c)}
        kill_card(st, ev, c, killers, ms[0]["source"])
        died.append(info)
    pipe["died"] = died
    pipe["batch"] = []
    if died and st["phase"] == "night":
        st["night"]["deaths"] = 1
    for d in died:
        pipe["last"].setdefault(str(d["seat"]), []).append(d)


def kill_card(st: dict, ev: list, c: str, killers, src: str) -> None:
    card = st["cards"][c]
    card["dead"], card["revealed"], card["killers"], card["cause"] = 1, 1, list(killers), src
    card["died_round"] = st["round"]
    s, p = where(st, c)
    st["marks"] = [m for m in st["marks"] if m["card"] != c]
    tok = st["tokens"]
    tok["arrow"] = [a for a in tok["arrow"] if a != c]
    if c in tok["scythe"]:
        st["parca"]["hit"] = 1  # La parca is obeyed when her card dies, whatever marked it
    tok["scythe"] = [a for a in tok["scythe"] if a != c]
    tok["patience"] = [p_ for p_ in tok["patience"] if p_[0] != c]
    pub(ev, "card_died", seat=s, pos=p, card=c)
    gm(ev, "gm_killers" if killers else "gm_died", seat=s, pos=p, card=c, killers=list(killers),
       cause=src)
    if c == "cataleptico" and st["phase"] == "day" and card.get("bipolar_mode") == "b" and not card["used"]:
        card["dead_by_day"] = 1


def revive(st: dict, ev: list, c: str, src: str) -> bool:
    """A dead card comes back in its place; its identity stays public (spec §4.6, R-68)."""
    s = owner(st, c)
    if c not in st["cards"] or alive(st, c) or s is None or st["eliminated"][s] or not on_row(st, c) \
            or st["cards"][c].get("gone"):
        return False
    card = st["cards"][c]
    card["dead"], card["dead_by_day"] = 0, 0
    st["tokens"]["flames"] = [f for f in st["tokens"]["flames"] if not (f[2] == "n" and f[1] == c)]
    announce_revival(st, ev, c, src)
    return True


def before_dawn(st: dict) -> bool:
    return st["phase"] == "night" and not st["night"].get("dawned")


def announce_revival(st: dict, ev: list, c: str, cause: str) -> None:
    """R-81: the table learns that a card lives again (owner, position, identity), never what
    revived it. During the night the news waits for dawn, so it never follows the call of the
    one step that could have made it."""
    gm(ev, "gm_revived", card=c, cause=cause, **where_public(st, c))
    if before_dawn(st):
        st["night"].setdefault("revived", []).append(c)
    else:
        pub(ev, "card_revived", card=c, **where_public(st, c))


def open_news(st: dict, ev: list, to: int, kind: str, /, **data) -> None:
    """News of a power that fired in a cascade: public by day, where the table sees it happen;
    in a dawn cascade only the GM log and the seat that used it learn it (R-81)."""
    if st["phase"] == "day":
        pub(ev, kind, **data)
    else:
        gm(ev, kind, **data)
        tell(ev, to, kind, **data)


# ---- 4. triggers -------------------------------------------------------------------------------

TRIGGER_ORDER = ("profeta", "juego", "celda_mates", "dulce", "rabia", "mania", "ali", "larry",
                 "gas", "chef", "vudu", "maze")


@task("p_trig")
def _triggers(st, ev):
    pipe = st["cascade"]
    todo = []
    for d in pipe["died"]:
        if d["no_triggers"] or d["inactive"]:
            continue
        c = d["card"]
        for i, kind in enumerate(TRIGGER_ORDER):
            if _fires(st, kind, c, d):
                todo.append((i, d["seat"], where(st, c)[1], kind, c))
    todo.sort()
    push(st, *[["trig", kind, c] for _, _, _, kind, c in todo])


def _fires(st, kind, c, d):
    if kind == "profeta":
        return any(c in f[:2] for f in st["tokens"]["flames"])
    if kind == "juego":
        return c == "juego_de_azar"
    if kind == "celda_mates":
        return c in CELLMATES
    if kind == "dulce":
        md = st["sweet_death"]
        return bool(md) and md["muerte_card"] == c and md["awakened"]
    if kind == "rabia":
        return c == "infecto_de_rabia"
    if kind == "mania":
        return c == "mania_persecutoria" and st["cascade"].get("mania") != "b"
    if kind == "ali":
        return c == "ali" and st["cards"][c]["awake"] and bool(d["killers"])
    if kind == "gas":
        from .laughing import fires
        return fires(st, c, d["seat"])
    if kind == "maze":
        from .maze import fires as maze_fires
        return maze_fires(st, c)
    if kind == "vudu":
        from .voodoo import fires as voodoo_fires
        return voodoo_fires(st, c, d["seat"])
    if kind == "chef":
        from .machines import chef_fires
        return chef_fires(st, c, d["seat"])
    if kind == "larry":
        return c == "larry_owls" and st["cards"][c]["awake"] and bool(st["night"].get("shown")) \
            and st["cascade"].get("dawn")
    return False


def add_mark(st: dict, cid: str, m: dict) -> None:
    """A mark made by a trigger: joins the next batch of the cascade."""
    cid = _voodoo(st, cid, m) if cid in st["cards"] else cid
    if cid in st["cards"] and alive(st, cid) and on_row(st, cid) and not st["eliminated"][owner(st, cid)]:
        st["cascade"]["new"].append({**m, "card": cid})


@task("trig")
def _trig(st, ev, kind, c):
    from . import triggers
    triggers.fire(st, ev, kind, c)


@task("p_next")
def _next(st, ev):
    pipe = st["cascade"]
    if pipe["new"]:
        pipe["batch"], pipe["new"] = pipe["new"], []
        for m in pipe["batch"]:
            note_attack(st, m["card"])
        push(st, *STAGES)


# ---- 5. after the cascade ----------------------------------------------------------------------

@task("p_after")
def _after(st, ev):
    pipe = st["cascade"]
    if st["mode"] in ("two", "three"):
        _replace_from_reserve(st, ev)
    newly = [s for s in range(st["players"]) if not st["eliminated"][s] and living(st, s) == 0]
    for s in newly:
        eliminate(st, ev, s)
    if _hate_pact(st, ev, newly):
        return
    collapse = _pact_collapse(st, ev, newly)
    if collapse:
        pipe["batch"] = collapse
        for m in collapse:
            note_attack(st, m["card"])
        push(st, *STAGES, ["p_after"])
        return
    if not st["day"].get("defer"):
        awaken_lone(st, ev)
    refresh(st, ev)
    st["cascade"] = None
    if not pipe["dawn"]:
        settle(st, ev)


def settle(st: dict, ev: list) -> None:
    """End of a cascade (at dawn: after the night's tokens are shown): win check, then the
    custom-mode reveals and any prophecy the cascade fulfilled."""
    if not check(st, ev):
        from .custom import after_cascade
        after_cascade(st, ev)
        from .dayevents import nostradamus_check
        nostradamus_check(st, ev, quiet=st["phase"] == "night"
                          and not st["night"].get("deaths"))


def eliminate(st: dict, ev: list, s: int) -> None:
    """A seat with no living card is out: the table is told, and its player once, privately,
    what is left to them (nothing more is asked of them but a card's way back)."""
    st["eliminated"][s] = 1
    st["discard"].extend(st["hands"][s])
    st["hands"][s] = []
    pub(ev, "eliminated", seat=s)
    tell(ev, s, "you_are_out")


def _replace_from_reserve(st, ev):
    """Small modes: a dead row card is replaced by the reserve card of the same group."""
    for s in range(st["players"]):
        for i, c in enumerate(st["rows"][s]):
            if alive(st, c):
                continue
            spare = next((r for r in st["reserve"][s] if group(r) == group(c) and alive(st, r)), None)
            if spare is None:
                continue
            st["reserve"][s].remove(spare)
            st["grave"][s].append(c)
            st["rows"][s][i] = spare
            pub(ev, "reserve_enters", seat=s, pos=i + 1)
            tell(ev, s, "your_row", row=list(st["rows"][s]))


def _hate_pact(st, ev, newly) -> bool:
    pact = st["pact"]
    if not pact or not pact["active"] or pact["type"] != "hate":
        return False
    a, b = pact["first_seat"], pact["second_seat"]
    last = st["cascade"]["last"]

    def killed_by(victim, killer):
        return any(killer in d["killers"] for d in last.get(str(victim), []))

    wins = [x for x, y in ((a, b), (b, a)) if y in newly and killed_by(y, x) and x not in newly]
    if wins:
        declare(st, ev, wins, "hate_pact")
        return True
    if a in newly or b in newly:
        pact["active"] = 0
        tell(ev, [a, b], "pact_dissolved")
    return False


def _pact_collapse(st, ev, newly) -> list:
    pact = st["pact"]
    if not pact or not pact["active"] or pact["type"] != "normal":
        return []
    a, b = pact["first_seat"], pact["second_seat"]
    if a not in newly and b not in newly:
        return []
    pact["active"], pact["collapsed"] = 0, 1
    survivor = b if a in newly else a
    gm(ev, "pact_collapse", seat=survivor)
    tell(ev, survivor, "pact_collapse", seat=survivor)
    if st["eliminated"][survivor]:
        return []
    return [mark("pacto", [], inev=1, indirect=1, cid=c)
            for c in held(st, survivor) if alive(st, c) and on_row(st, c)]


def awaken_lone(st: dict, ev: list) -> None:
    for s in range(st["players"]):
        if st["eliminated"][s]:
            continue
        live = [c for c in held(st, s) if alive(st, c)]
        if len(live) == 1 and not st["cards"][live[0]]["awake"] and on_row(st, live[0]):
            awaken(st, ev, live[0])


def awaken(st: dict, ev: list, c: str) -> None:
    if c in st["tokens"]["pandora"]:
        return
    st["cards"][c]["awake"], st["cards"][c]["awoke_round"] = 1, st["round"]
    s, p = where(st, c)
    pub(ev, "awakened", seat=s, pos=p)
    tell(ev, s, "your_awakening", card=c)
    if c == "richard_dadd":
        st["cards"][c]["revealed"] = 1
        pub(ev, "richard_revealed", seat=s, pos=p)

