"""The night guide's watchers (spec §4.2.2 steps 6-12): Melancolía, Krugman's borrowing,
Larry Owls, El archivo, Mary Firth, La parca and John Flick."""
from __future__ import annotations

from .cards import catalog, rules
from .core import ask, gm, handler, opt, pub, tell
from .curse import mirror_token
from .happenings import twice
from .table import (acting_seat, alive, card_opt, cycle_pool, dead_cards, held, is_mut,
                    living_targets, on_row, owner, parse_card, parse_seat, principal, seat_opt,
                    seats, where, where_public)
from .night import (POWERS, STEPS, aimed, director_awake, flames_full, insert_after, kill_night,
                    last_round_pick, log, mark_death, peekable, personality_wakes, remember_pick,
                    woke)


# ---- 6 Melancolía ------------------------------------------------------------------------------

def _s6(st, ev):
    s = personality_wakes(st, "melancolia", "6")
    if s is None:
        return
    pool = cycle_pool(st, "melancolia", s)
    opts = [card_opt(st, c) for c in living_targets(st) if owner(st, c) in pool]
    ask(st, s, "melancholy", [opt("pass", "pass")] + opts, "pass", "night_step", "melancholy")


@handler("melancholy")
def _melancholy(st, ev, q, choice):
    if choice == "pass":
        return
    c = aimed(st, parse_card(st, choice))
    st["tokens"]["melancholy"].append(c)
    st["history"]["melancolia"].append(owner(st, c))
    pub(ev, "melancholy", **where_public(st, c))
    mirror_token(st, q["seat"], "melancholy", c)


# ---- 7 Krugman borrows a dead card -------------------------------------------------------------

def _s7(st, ev):
    s = acting_seat(st, "krugman")
    if s is None:
        return
    woke(st, "7", s)
    borrow = catalog()["borrowable"]
    cards = [c for c in dead_cards(st) if c in borrow and c not in st["history"]["director"]]
    no = {c: "modifier_cap" for c in cards if c == "profeta" and flames_full(st)}
    ask(st, s, "director", [opt("pass", "pass")] + [
        opt(c, "card_name", card=c) for c in sorted(cards) if c not in no], "pass", "night_step",
        "director", refused=no)


@handler("director")
def _director(st, ev, q, choice):
    if choice == "pass":
        return
    code = catalog()["borrowable"][choice]
    st["history"]["director"].append(choice)
    st["tokens"]["director"] = choice
    st["night"]["director_turn"] = {"card": choice, "code": code, "seat": q["seat"], "via": "krugman"}
    pub(ev, "director_borrows", card=choice)
    if choice == "ali":
        ask(st, q["seat"], "ali_peek", [opt("none", "spy")] + [
            opt(c, "card_name", card=c) for c in peekable(st, "7")], "none", "night_step",
            "director_ali")
    if code not in ("16", "16b", "day"):
        insert_after(st, code, code + "d")


@handler("director_ali")
def _director_ali(st, ev, q, choice):
    """A director borrowing Ali either spies on the mutineers or spends the peek (§5.9)."""
    if choice != "none":
        st["night"]["director_turn"]["peek"] = 1
        st["night"]["ali"].update(director_peek=choice, director_seat=q["seat"])
        gm(ev, "gm_ali_peek", card=choice)


# ---- 8 Larry Owls ------------------------------------------------------------------------------

def _larry(st, ev, s, src):
    shows = src == "own" and st["cards"]["larry_owls"]["awake"] or (src == "dir" and director_awake(st))
    pool = cycle_pool(st, "larry", s) if shows else seats(st)
    opts = [card_opt(st, c) for c in living_targets(st) if owner(st, c) in pool and owner(st, c) != s]
    ask(st, s, "larry", [opt("pass", "pass")] + opts, "pass", "night_step", "larry",
        {"show": bool(shows)})


@handler("larry")
def _larry_h(st, ev, q, choice):
    if choice == "pass":
        return
    c = parse_card(st, choice)
    tell(ev, q["seat"], "peek_result", card=c, **where_public(st, c))
    st["known_cards"][q["seat"]].append(c)
    log(st, ev, "gm_peek", by=q["seat"], card=c, **where_public(st, c))
    if q["context"]["show"]:
        st["night"]["shown"] = c
        st["history"]["larry"].append(owner(st, c))


# ---- 9 El archivo ------------------------------------------------------------------------------

def _archivo(st, ev, s, src):
    aw = (src == "own" and st["cards"]["el_archivo"]["announced"]) or (src == "dir" and director_awake(st))
    if src == "own" and st["history"]["archive_lost"] and not aw:
        return
    done = st["history"]["archive_awake"] if aw else []
    opts = [seat_opt(t) for t in seats(st) if t != s and t not in done]
    ask(st, s, "archivo", [opt("pass", "pass")] + opts, "pass", "night_step", "archivo",
        {"source": src, "awake": bool(aw)})


@handler("archivo")
def _archivo_h(st, ev, q, choice):
    if choice == "pass":
        return
    t, s, x = parse_seat(choice), q["seat"], q["context"]
    tell(ev, t, "archivo_pointed")
    if x["awake"]:
        st["history"]["archive_awake"].append(t)
        c = principal(st, t)
        st["round_blocks"].append([t, s])
        tell(ev, s, "archivo_answer", seat=t, pos=where(st, c)[1])
        log(st, ev, "gm_archivo", by=s, seat=t, pos=where(st, c)[1])
        return
    muts = [c for c in held(st, t) if is_mut(st, c) and alive(st, c) and on_row(st, c)]
    if st["mode"] == "custom":
        from .objectives import wakes_with_mutineers
        muts = [principal(st, t)] if wakes_with_mutineers(st, t) else []
    if muts:
        pos = where(st, principal(st, t, muts))[1]
        tell(ev, s, "archivo_answer", seat=t, pos=pos)
        log(st, ev, "gm_archivo", by=s, seat=t, pos=pos)
    else:
        tell(ev, s, "archivo_miss", seat=t)
        log(st, ev, "gm_archivo", by=s, seat=t, pos=0)
        if x["source"] == "own":
            st["history"]["archive_lost"] = 1


# ---- 10 Mary Firth -----------------------------------------------------------------------------

def _mary(st, ev, s, src):
    hist = st["history"]["mary" if src == "own" else "mary_director"]
    aw = (src == "own" and st["cards"]["mary_firth"]["awake"] and not st["history"]["mary_awake_used"]) or (
        src == "dir" and director_awake(st))
    opts = [seat_opt(t) for t in seats(st) if t != s and t not in hist]
    if aw:
        opts += [opt(f"a{t}", "player_awakened", seat=t) for t in seats(st) if t != s]
    ask(st, s, "mary", [opt("pass", "pass")] + opts, "pass", "night_step", "mary", {"source": src})


def is_mutineer_player(st: dict, t: int) -> bool:
    if st["mode"] == "custom":
        from .objectives import wakes_with_mutineers
        return wakes_with_mutineers(st, t)
    return any(is_mut(st, c) and alive(st, c) for c in held(st, t))


@handler("mary")
def _mary_h(st, ev, q, choice):
    if choice == "pass":
        return
    s = q["seat"]
    awake = choice.startswith("a")
    t = int(choice[1:])
    if awake and q["context"]["source"] == "own":
        st["history"]["mary_awake_used"] = 1
        st["cards"]["mary_firth"]["announced"] = 1
    if awake:
        pub(ev, "awakening_announced", seat=s, card="mary_firth")
    hist = st["history"]["mary" if q["context"]["source"] == "own" else "mary_director"]
    first = t not in hist
    if first:
        hist.append(t)
    yes = is_mutineer_player(st, t)
    tell(ev, s, "mary_answer", seat=t, yes=yes)
    tell(ev, t, "mary_pointed", blocked=yes)
    log(st, ev, "gm_mary", by=s, seat=t, yes=yes)
    if not yes:
        return
    st["night"]["blocked"].append(t)
    if awake:
        st["history"]["mary_permanent"].append(t)
    if first and st["night"]["impersonated"] is None:
        ask(st, s, "mary_impersonate", [opt("yes", "yes"), opt("no", "no")], "no",
            "night_step", "mary_impersonate")


@handler("mary_impersonate")
def _mary_imp(st, ev, q, choice):
    if choice == "yes":
        st["night"]["impersonated"] = q["seat"]


# ---- 11 La parca -------------------------------------------------------------------------------

def _parca(st, ev, s, src):
    if src == "own" and kill_night(st):
        _parca_ask(st, s, 2 if twice(st) else 1)
    _scythe(st, s, src)


def _parca_ask(st, s, left):
    opts = [card_opt(st, c) for c in living_targets(st)]
    ask(st, s, "parca_kill", opts, opts[0][0] if opts else None, "night_step", "parca_kill",
        {"left": left})


def _scythe(st, s, src):
    last = last_round_pick(st, "parca") if src == "own" else None
    opts = [card_opt(st, c) for c in living_targets(st) if c != last]
    if not opts:
        return
    from games.rng import Rng
    default = Rng(st).choice(opts)[0]
    ask(st, s, "scythe", opts, default, "night_step", "scythe", {"source": src})


@handler("parca_kill")
def _parca_kill(st, ev, q, choice):
    c = parse_card(st, choice)
    mark_death(st, ev, c, "la_parca", q["seat"])
    if q["context"].get("left", 1) > 1:
        _parca_ask(st, q["seat"], q["context"]["left"] - 1)


@handler("scythe")
def _scythe_h(st, ev, q, choice):
    c = aimed(st, parse_card(st, choice))
    st["tokens"]["scythe"].append(c)
    if q["context"]["source"] == "own":
        remember_pick(st, "parca", c)
        st["parca"]["set"], st["parca"]["hit"] = 1, 0
    st["night"]["dawn"].append(["scythe_placed", c])
    log(st, ev, "gm_scythe", by=q["seat"], **where_public(st, c))
    mirror_token(st, q["seat"], "scythe", c)


# ---- 12 John Flick -----------------------------------------------------------------------------

def _flick(st, ev, s, src):
    last = last_round_pick(st, "flick") if st["mode"] in ("two", "three") else None
    opts = [card_opt(st, c) for c in living_targets(st) if c != last]
    no = {}
    if len(st["tokens"]["arrow"]) >= rules()["modifier_cap"]:
        no, opts = {o[0]: "modifier_cap" for o in opts}, []
    ask(st, s, "flick", [opt("pass", "pass")] + opts, "pass", "night_step", "flick", refused=no)


@handler("flick")
def _flick_h(st, ev, q, choice):
    if choice == "pass":
        return
    c = aimed(st, parse_card(st, choice))
    st["tokens"]["arrow"].append(c)
    remember_pick(st, "flick", c)
    st["night"]["dawn"].append(["arrow_placed", c])
    mirror_token(st, q["seat"], "arrow", c)
    log(st, ev, "gm_arrow", by=q["seat"], **where_public(st, c))


STEPS.update({"6": _s6, "7": _s7})
POWERS.update({"8": _larry, "9": _archivo, "10": _mary, "11": _parca, "12": _flick})
