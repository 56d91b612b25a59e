"""The night guide (rulebook §7, spec §4.2): steps 0-28, their bot sub-steps, and dawn.

Every step that the public can know is called gets a clock-only question, so a step lasts its
minimum whether or not anybody wakes; the holder, if any, is asked privately alongside it.
A power may be used by its card's owner ("own"), a hypnotised player ("hyp") or the director
who borrowed it ("dir"): the power functions take that source and the acting seat.
"""
from __future__ import annotations

from .cards import (CELLMATES, INTERNO_P1, MUTINEER_CARDS, TWINS, catalog, is_day_personality,
                    rules)
from .core import ask, clock, gm, handler, opt, pub, push, task, tell
from .deaths import (announce_revival, mark, marked, note_attack, place, resolve_now, revive,
                     settle, unmark)
from .dayevents import arm_prophecies
from .curse import mirror_token
from .happenings import skip_night, twice
from .objectives import refresh
from .table import (acting_seat, cycle_pool, dealt_pers, personality_seat, active, alive, bipolar, card_opt, dead_cards, held, inactive,
                    is_mut, living_targets, neighbour, on_row, owner, parse_card, parse_seat,
                    principal, seat_opt, seats, spend, usable_action, where, where_public)

ACTIONS = ("electroshock", "opio", "lobotomia", "profeta", "muerte_dulce")
STEP_CARD = {"8": "larry_owls", "9": "el_archivo", "10": "mary_firth", "11": "la_parca",
             "12": "john_flick", "13": "profeta", "14": "muerte_dulce", "15": "arthur",
             "19": "electroshock", "20": "opio", "21": "lobotomia"}


def log(st: dict, ev: list, kind: str, /, **data) -> None:
    """The night timeline: the GM log, and an awakened Ali who watches every step."""
    gm(ev, kind, **data)
    watcher = acting_seat(st, "ali")
    if watcher is not None and st["cards"]["ali"]["aw"]:
        tell(ev, watcher, kind, **data)


def mark_death(st: dict, ev: list, c: str, cause: str, by: int, **kw) -> None:
    """A night power's kill: the death mark goes in and the night timeline records it."""
    place(st, c, mark(cause, [by], **kw))
    log(st, ev, "gm_kill", by=by, card=c, cause=cause, **where_public(st, c))


def in_set(st: dict, cid: str) -> bool:
    return cid in st["cards"]


def public_alive(st: dict, cid: str) -> bool:
    """Publicly possibly alive: in the set and not seen dead (dead cards are public), or dead but
    acting this round for a player La Médium named (also public)."""
    return cid in st["cards"] and (not st["cards"][cid]["d"] or st["cards"][cid].get("cd")
                               or cid in st["tokens"].get("haunt", ()))


def aimed(st: dict, cid: str) -> str:
    """The card a harmful token really lands on (La Maestra Vudú's voodoo this round)."""
    if not st["night"].get("voodoo"):
        return cid
    from .voodoo import redirect
    return redirect(st, cid)


def kill_night(st: dict) -> bool:
    return bool(st["night"].get("kill_night"))


def remember_pick(st: dict, power: str, c: str, src: str = "own") -> None:
    """Note the card a once-a-night power chose this round (Arthur per source of the power)."""
    if power == "arthur":
        st["history"]["arthur"][src] = [st["round"], c]
    else:
        st["history"][power] = [st["round"], c]


def last_round_pick(st: dict, power: str, src: str = "own"):
    """The card this power may not choose now: the one it chose in the previous round. After a
    round without it (a pass, a timeout, Melancolía, inactive) nothing is forbidden."""
    got = st["history"]["arthur"].get(src) if power == "arthur" else st["history"][power]
    if isinstance(got, list):
        return got[1] if got[0] == st["round"] - 1 else None
    return got  # a game stored before picks carried their round


# ---- the agenda of a night -----------------------------------------------------------------

@task("night")
def _night(st, ev):
    st["phase"], st["attacked"], st["marks"] = "night", [], []
    st["night"] = {"woke": {}, "blocked": [], "imp": None, "prot": [], "plays": [], "hyp": {},
                "dir": None, "ali": {}, "shown": None, "laughed": [], "dawn": [],
                "kill_night": st["parca"]["kill"], "lob": []}
    st["parca"]["kill"] = 0
    if skip_night(st, ev):
        push(st, ["day"])
        return
    arm_prophecies(st)
    pub(ev, "night_falls", round=st["round"])
    order = catalog()["custom_night_order" if st["mode"] == "custom" else "night_order"]
    push(st, *[["step", code] for code in order], ["dawn"])


def called(st: dict, code: str) -> bool:
    """Whether the narrator calls a step: decided from public facts only (spec R-73)."""
    r = st["round"]
    if code in ("0", "5"):
        return True
    if code == "1":
        return bool(st["options"]["cuentacuentos"]) and r >= 2
    if code == "2":
        return r == 1 and in_set(st, "pacto_de_sangre")
    if code == "3":
        return r == 1 and in_set(st, TWINS[0])
    if code == "4":
        return r == 1 and in_set(st, CELLMATES[0])
    if code == "6":
        return r >= 2 and "melancolia" in dealt_pers(st)
    if code == "7":
        return r >= 2 and public_alive(st, "krugman")
    if code == "16":
        return st["mode"] == "custom" or any(public_alive(st, c) and not st["cards"][c]["lob"]
                                             for c in MUTINEER_CARDS)
    if code == "16b":
        return bool(st["night"]["dir"]) and st["night"]["dir"]["code"] == "16b"
    if code == "17":
        return any(public_alive(st, c) and not st["cards"][c]["lob"] for c in ("daniel", "richard_dadd"))
    if code == "18":
        borrowed = st["night"]["dir"] or {}
        return (public_alive(st, "arthur") or "15" in st["night"]["hyp"]
                or borrowed.get("card") == "arthur")
    if code == "22":
        return public_alive(st, "muerte_dulce") or "muerte_dulce" in st["history"]["dir"]
    if code == "24":
        return public_alive(st, "juego_de_azar") or bool(st["tokens"]["chip"])
    if code in ("25", "27"):
        return {"25": "paciencia", "27": "ansiedad_social"}[code] in dealt_pers(st)
    if code == "26":
        return "neuroticismo" in dealt_pers(st) and (r == 1 or r % 2 == 0)
    if code == "28":
        return public_alive(st, "la_parca") and bool(st["cards"]["la_parca"]["an"])
    if code.endswith("h") or code.endswith("d"):
        return True
    if code in STEP_CARD:
        return public_alive(st, STEP_CARD[code])
    if code == "23":
        return public_alive(st, "cataleptico")
    if code.startswith("c"):
        from .custom import custom_called
        return custom_called(st, code)
    return False


def insert_after(st: dict, code: str, new: str) -> None:
    """Add a sub-step right after its original step (hypnosis `8h`, director `8d`)."""
    todo = st["agenda"]
    for i, t in enumerate(todo):
        if t == ["step", code]:
            todo.insert(i + 1, ["step", new])
            return


def borrow_turn(st: dict, c: str, seat: int, via: str) -> None:
    """`seat` plays card `c`'s night power in a sub-step right after that card's own step."""
    code = catalog()["borrowable"][c]
    st["night"]["dir"] = {"card": c, "code": code, "seat": seat, "via": via}
    insert_after(st, code, code + "d")


@task("step")
def _step(st, ev, code):
    if not called(st, code):
        return
    st["night"]["cur"] = code
    push(st, ["step_end", code])
    if code[-1] in "hd":
        base, sub = code[:-1], code[-1]
        entry = _next_hypnosis(st, base) if sub == "h" else None
        card = entry[1] if entry else st["night"]["dir"]["card"]
        pub(ev, "step_sub", step=base, card=card, sub=sub)
        clock(st, step=code)
        seat = entry[0] if entry else acting_seat(st, st["night"]["dir"]["via"])
        if seat is not None and active(st, seat):
            POWERS[base](st, ev, seat, "hyp" if entry else "dir")
        return
    pub(ev, "step_called", step=code)
    clock(st, step=code)
    STEPS[code](st, ev)


def _next_hypnosis(st, base):
    """Each hypnosis of a power gets its own sub-step; they run in the order played."""
    done = st["night"].setdefault("hyp_done", {})
    i = done.get(base, 0)
    done[base] = i + 1
    return st["night"]["hyp"][base][i]


@task("step_end")
def _step_end(st, ev, code):
    ali = st["night"]["ali"]
    for key, who in (("peek", "seat"), ("dpeek", "dseat")):
        peek = ali.get(key)
        if not peek or catalog()["life"][peek]["steps"][0] != code:
            continue
        ali[key] = None
        woke = st["night"]["woke"].get(code, [])
        s = owner(st, peek)
        if s in woke and acting_seat(st, peek) is not None:
            tell(ev, ali[who], "ali_peek", card=peek, seat=s)
        else:
            tell(ev, ali[who], "ali_peek_nobody", card=peek)
    if code == "5":
        from .nightevents import resolve_plays
        resolve_plays(st, ev)


def woke(st: dict, code: str, seat: int) -> None:
    st["night"]["woke"].setdefault(code, []).append(seat)


def holder_asks(st, ev, cid, code, fn):
    """Ask the owner of a card for its step, when the card can act tonight."""
    s = acting_seat(st, cid)
    if s is not None:
        woke(st, code, s)
        fn(st, ev, s, "own")


# ---- N0 housekeeping ---------------------------------------------------------------------------

def _s0(st, ev):
    tok = st["tokens"]
    for cid, marks in tok["paci"]:
        for m in marks:
            place(st, cid, m)
    tok["paci"] = []
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
    if st["history"]["ali_peek"]:
        return
    ask(st, q["seat"], "ali_peek", [opt("none", "none")] + [
        opt(c, "card_name", card=c) for c in _peekable(st, "0")], "none", "night_step",
        "ali_peek")


def _peekable(st, after):
    """Ali's peek (R-10): P1/P2 cards with a night step still to come, not the twins or
    Wakerfield."""
    order = catalog()["night_order"]
    life = catalog()["life"]
    return sorted(c for c in st["cards"] if life[c]["group"] in ("P1", "P2") and c not in TWINS
                  and c not in ("wakerfield", "ali") and life[c]["steps"]
                  and not life[c].get("custom")
                  and order.index(life[c]["steps"][0]) > order.index(after))


@handler("ali_peek")
def _ali_peek(st, ev, q, choice):
    if choice != "none":
        st["history"]["ali_peek"] = 1
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
    return (any(p[0] == c for p in tok["paci"]) or c in st["rabies"] or tok["chip"] == c
            or any(c in f[:2] for f in tok["flames"]) or bool(md and c in (md["M"], md["T"])))


# ---- 2 Pacto de sangre -------------------------------------------------------------------------

def _s2(st, ev):
    c = "pacto_de_sangre"
    s = acting_seat(st, c)
    if s is None or st["cards"][c]["u"]:
        return
    woke(st, "2", s)
    ask(st, s, "pact_first", [opt("skip", "pass")] + [seat_opt(t) for t in seats(st)], "skip",
        "night_step", "pact_first")


@handler("pact_first")
def _pact_first(st, ev, q, choice):
    st["cards"]["pacto_de_sangre"]["u"] = 1
    if choice == "skip":
        return
    a = parse_seat(choice)
    ask(st, q["seat"], "pact_second", [seat_opt(t) for t in seats(st) if t != a],
        None, "night_step", "pact_second", {"a": a})


@handler("pact_second")
def _pact_second(st, ev, q, choice):
    x = {**q["context"], "b": parse_seat(choice)}
    if bipolar(st, q["seat"]):
        ask(st, q["seat"], "pact_type", [opt("normal", "pact_normal"), opt("hate", "pact_hate")],
            "normal", "night_step", "pact_type", x)
    else:
        _pact_made(st, ev, q["seat"], x["a"], x["b"], "normal")


@handler("pact_type")
def _pact_type(st, ev, q, choice):
    _pact_made(st, ev, q["seat"], q["context"]["a"], q["context"]["b"], choice)


def _pact_made(st, ev, maker, a, b, kind):
    st["pact"] = {"a": a, "b": b, "type": kind, "maker": maker, "on": 0, "failed": 0}
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
    other = pact["b"] if q["seat"] == pact["a"] else pact["a"]
    tell(ev, other, "pact_failed")
    log(st, ev, "gm_pact_refused", seat=q["seat"])


def _pact_bind(st, ev):
    pact = st["pact"]
    pact["on"] = 1
    a, b = pact["a"], pact["b"]
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


# ---- 6 Melancolía ------------------------------------------------------------------------------

def _s6(st, ev):
    s = personality_seat(st, "melancolia")
    if s is None:
        return
    woke(st, "6", s)
    pool = cycle_pool(st, "melan", s)
    opts = [card_opt(st, c) for c in living_targets(st) if owner(st, c) in pool]
    ask(st, s, "melancholy", [opt("pass", "pass")] + opts, "pass", "night_step", "melancholy")


@handler("melancholy")
def _melancholy(st, ev, q, choice):
    if choice == "pass":
        return
    c = aimed(st, parse_card(st, choice))
    st["tokens"]["melan"].append(c)
    st["history"]["melan"].append(owner(st, c))
    pub(ev, "melancholy", **where_public(st, c))
    mirror_token(st, q["seat"], "melan", c)


# ---- 7 Krugman borrows a dead card -------------------------------------------------------------

def _s7(st, ev):
    s = acting_seat(st, "krugman")
    if s is None:
        return
    woke(st, "7", s)
    borrow = catalog()["borrowable"]
    cards = [c for c in dead_cards(st) if c in borrow and c not in st["history"]["dir"]]
    no = {c: "modifier_cap" for c in cards if c == "profeta" and _flames_full(st)}
    ask(st, s, "director", [opt("pass", "pass")] + [
        opt(c, "card_name", card=c) for c in sorted(cards) if c not in no], "pass", "night_step",
        "director", refused=no)


def _flames_full(st):
    return len(st["tokens"]["flames"]) >= rules()["modifier_cap"]


@handler("director")
def _director(st, ev, q, choice):
    if choice == "pass":
        return
    code = catalog()["borrowable"][choice]
    st["history"]["dir"].append(choice)
    st["tokens"]["director"] = choice
    st["night"]["dir"] = {"card": choice, "code": code, "seat": q["seat"], "via": "krugman"}
    pub(ev, "director_borrows", card=choice)
    if choice == "ali":
        ask(st, q["seat"], "ali_peek", [opt("none", "spy")] + [
            opt(c, "card_name", card=c) for c in _peekable(st, "7")], "none", "night_step",
            "director_ali")
    if code not in ("16", "16b", "day"):
        insert_after(st, code, code + "d")


@handler("director_ali")
def _director_ali(st, ev, q, choice):
    """A director borrowing Ali either spies on the mutineers or spends the peek (§5.9)."""
    if choice != "none":
        st["night"]["dir"]["peek"] = 1
        st["night"]["ali"].update(dpeek=choice, dseat=q["seat"])
        gm(ev, "gm_ali_peek", card=choice)


def director_awake(st):
    """Krugman awakened lends the borrowed card's awakening, and so does the Chef's Comida
    rápida (the Médium does not)."""
    borrowed = st["night"]["dir"] or {}
    via = borrowed.get("via")
    return via == "chef" or (via == "krugman" and bool(st["cards"]["krugman"]["aw"]))


# ---- 8 Larry Owls ------------------------------------------------------------------------------

def _larry(st, ev, s, src):
    shows = src == "own" and st["cards"]["larry_owls"]["aw"] or (src == "dir" and director_awake(st))
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
    aw = (src == "own" and st["cards"]["el_archivo"]["an"]) or (src == "dir" and director_awake(st))
    if src == "own" and st["history"]["arch_lost"] and not aw:
        return
    done = st["history"]["arch_aw"] if aw else []
    opts = [seat_opt(t) for t in seats(st) if t != s and t not in done]
    ask(st, s, "archivo", [opt("pass", "pass")] + opts, "pass", "night_step", "archivo",
        {"src": src, "aw": bool(aw)})


@handler("archivo")
def _archivo_h(st, ev, q, choice):
    if choice == "pass":
        return
    t, s, x = parse_seat(choice), q["seat"], q["context"]
    tell(ev, t, "archivo_pointed")
    if x["aw"]:
        st["history"]["arch_aw"].append(t)
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
        if x["src"] == "own":
            st["history"]["arch_lost"] = 1


def blocked_against(st: dict, actor: int, target_seat: int) -> bool:
    """Awakened El archivo: its target can do nothing against the archivist this round."""
    return [actor, target_seat] in st["round_blocks"]


# ---- 10 Mary Firth -----------------------------------------------------------------------------

def _mary(st, ev, s, src):
    hist = st["history"]["mary" if src == "own" else "mary_dir"]
    aw = (src == "own" and st["cards"]["mary_firth"]["aw"] and not st["history"]["mary_aw"]) or (
        src == "dir" and director_awake(st))
    opts = [seat_opt(t) for t in seats(st) if t != s and t not in hist]
    if aw:
        opts += [opt(f"a{t}", "player_awakened", seat=t) for t in seats(st) if t != s]
    ask(st, s, "mary", [opt("pass", "pass")] + opts, "pass", "night_step", "mary", {"src": src})


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
    if awake and q["context"]["src"] == "own":
        st["history"]["mary_aw"] = 1
        st["cards"]["mary_firth"]["an"] = 1
    if awake:
        pub(ev, "awakening_announced", seat=s, card="mary_firth")
    hist = st["history"]["mary" if q["context"]["src"] == "own" else "mary_dir"]
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
        st["history"]["mary_perm"].append(t)
    if first and st["night"]["imp"] is None:
        ask(st, s, "mary_impersonate", [opt("yes", "yes"), opt("no", "no")], "no",
            "night_step", "mary_impersonate")


@handler("mary_impersonate")
def _mary_imp(st, ev, q, choice):
    if choice == "yes":
        st["night"]["imp"] = q["seat"]


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
    ask(st, s, "scythe", opts, default, "night_step", "scythe", {"src": src})


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
    if q["context"]["src"] == "own":
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


# ---- 15 Arthur, 18 Arthur 2 --------------------------------------------------------------------

def _arthur(st, ev, s, src):
    last = last_round_pick(st, "arthur", src)
    opts = [card_opt(st, c) for c in living_targets(st) if c != last]
    ask(st, s, "arthur", [opt("pass", "pass")] + opts, "pass", "night_step", "arthur",
        {"src": src})


@handler("arthur")
def _arthur_h(st, ev, q, choice):
    if choice == "pass":
        return
    c = parse_card(st, choice)
    remember_pick(st, "arthur", c, q["context"]["src"])
    st["night"]["prot"].append([q["seat"], c, q["context"]["src"]])
    log(st, ev, "gm_protect", by=q["seat"], **where_public(st, c))


def _s18(st, ev):
    def strip(c):
        before = len(st["marks"])
        st["marks"] = [m for m in st["marks"] if m["c"] != c or not m["m"] or m["i"]]
        return len(st["marks"]) < before

    if "arthur" in st["cards"] and alive(st, "arthur") and st["cards"]["arthur"]["aw"] \
            and not inactive(st, "arthur"):
        strip("arthur")
    for s, c, src in st["night"]["prot"]:
        if src == "own" and inactive(st, "arthur"):
            continue
        saved = strip(c)
        tell(ev, s, "arthur_result", saved=saved)
        if saved:
            log(st, ev, "gm_arthur_result", by=s, **where_public(st, c))


# ---- 13, 14, 19, 20, 21 action cards -----------------------------------------------------------

FORMS = {
    "electroshock": {"n": "kill", "b": "save", "a": "kill_inev", "ab": "revive"},
    "opio": {"n": "save", "b": "kill", "a": "revive", "ab": "kill_inev"},
    "lobotomia": {"n": "lob", "b": "lob_bip", "a": "lob", "ab": "lob_bip"},
    "profeta": {"n": "flames", "b": "flames_b", "a": "flames", "ab": "flames_b"},
    "muerte_dulce": {"n": "dulce", "b": "dulce_b", "a": "dulce", "ab": "dulce_b"},
}


def forms(st: dict, s: int, card: str, src: str) -> list:
    if src != "own":
        normal, awake = True, src == "dir" and director_awake(st)
    else:
        c = st["cards"][card]
        normal, awake = not c["u"], c["aw"] and not c["au"]
    out = []
    for flag, keys in ((normal, ("n", "b")), (awake, ("a", "ab"))):
        if flag:
            out.append(keys[0])
            if bipolar(st, s):
                out.append(keys[1])
    return out


def _action(card):
    def power(st, ev, s, src):
        fs = forms(st, s, card, src)
        if len(fs) > 1:
            ask(st, s, "use_form", [opt("pass", "pass")] + [
                opt(f, "form_" + FORMS[card][f] + ("_aw" if f.startswith("a") else ""))
                for f in fs], "pass", "night_step", "use_form", {"card": card, "src": src})
        elif fs:
            _target(st, s, card, src, fs[0])
    return power


@handler("use_form")
def _use_form(st, ev, q, choice):
    if choice != "pass":
        _target(st, q["seat"], q["context"]["card"], q["context"]["src"], choice)


def _target(st, s, card, src, form):
    effect = FORMS[card][form]
    x = {"card": card, "src": src, "form": form}
    if effect in ("kill", "kill_inev"):
        opts = [card_opt(st, c) for c in living_targets(st)]
    elif effect == "save":
        opts = [card_opt(st, c) for c in sorted({m["c"] for m in st["marks"]}, key=lambda c: where(st, c))]
    elif effect == "revive":
        opts = [card_opt(st, c) for c in dead_cards(st)
                if on_row(st, c) and active(st, owner(st, c))]
    elif effect.startswith("lob"):
        opts = [seat_opt(t) for t in seats(st)]
    elif effect.startswith("flames"):
        opts = [card_opt(st, c) for c in _flame_first(st, effect, form)]
    else:
        opts = [card_opt(st, c) for c in living_targets(st) if c != "muerte_dulce"]
    no = {}
    if effect in ("kill", "kill_inev") and kill_night(st):
        no = {o[0]: "parca_night" for o in opts}
    elif effect == "save":
        no = {o[0]: "inevitable" for o in opts
              if any(m["i"] for m in marked(st, parse_card(st, o[0])))}
    elif effect.startswith("flames") and _flames_full(st):
        no = {o[0]: "modifier_cap" for o in opts}
    ask(st, s, "action_" + effect, [opt("pass", "pass")] + [o for o in opts if o[0] not in no],
        "pass", "night_step", "action", x, refused=no)


def _flame_first(st, effect, form):
    wide = form.startswith("a")
    cands = living_targets(st)
    if effect == "flames" and not wide:
        return [c for c in cands if any(not alive(st, d) for d in st["rows"][owner(st, c)])]
    if effect == "flames_b" and not wide:
        return [c for c in cands if len([d for d in st["rows"][owner(st, c)] if alive(st, d)
                                         and d not in st["tokens"]["celda"]]) >= 2]
    return cands


@handler("action")
def _action_h(st, ev, q, choice):
    if choice == "pass":
        return
    x, s = q["context"], q["seat"]
    card, effect = x["card"], FORMS[x["card"]][x["form"]]
    if x["src"] == "own":
        if x["form"].startswith("a"):
            st["cards"][card]["au"] = 1
        else:
            st["cards"][card]["u"] = 1
    if effect in ("kill", "kill_inev"):
        c = parse_card(st, choice)
        mark_death(st, ev, c, card, s, inev=int(effect == "kill_inev"))
    elif effect == "save":
        c = parse_card(st, choice)
        unmark(st, c)
        log(st, ev, "gm_save", by=s, card=c, cause=card, **where_public(st, c))
    elif effect == "revive":
        c = parse_card(st, choice)
        revive(st, ev, c, card)
    elif effect.startswith("lob"):
        _lobotomy(st, ev, s, parse_seat(choice), effect == "lob_bip", x["form"].startswith("a"))
    elif effect.startswith("flames"):
        first = parse_card(st, choice)
        _flame_second(st, s, first, effect, x)
    else:
        _sweet_death(st, ev, s, parse_card(st, choice), effect == "dulce_b", x)


def _flame_second(st, s, first, effect, x):
    wide = x["form"].startswith("a")
    pool = [c for c in (held(st, owner(st, first)) if not wide else
                        [d for t in seats(st) for d in st["rows"][t]]) if on_row(st, c)]
    if effect == "flames":
        pool = [c for c in pool if not alive(st, c)]
    else:
        pool = [c for c in pool if alive(st, c) and c != first and c not in st["tokens"]["celda"]]
    ask(st, s, "flames_second", [card_opt(st, c) for c in pool], None, "night_step",
        "flames_second", {**x, "first": first})


@handler("flames_second")
def _flames_second(st, ev, q, choice):
    x = q["context"]
    c = parse_card(st, choice)
    mode = "b" if FORMS["profeta"][x["form"]] == "flames_b" else "n"
    st["tokens"]["flames"].append([x["first"], c, mode])
    st["night"]["dawn"].append(["flames_placed", x["first"], c])
    log(st, ev, "gm_flames", by=q["seat"], a=x["first"], b=c, mode=mode)


def _lobotomy(st, ev, s, t, bip, awake):
    c = principal(st, t)
    card = st["cards"][c]
    if not bip and is_mut(st, c):
        card["lob"] = 1
    elif bip and c in INTERNO_P1 and not card["lob"]:
        card["lob"] = 2
    if card["lob"] and awake:
        card["lobv"] = 1
    st["night"]["lob"].append(c)
    st["night"]["dawn"].append(["lobotomy", c])
    log(st, ev, "gm_lobotomy", by=s, card=c, seat=t)


def _sweet_death(st, ev, s, t, bip, x):
    m = "muerte_dulce" if x["src"] == "own" else st["night"]["dir"]["via"]
    st["sweet_death"] = {"M": m, "T": t, "mode": "b" if bip else "n", "aw": int(x["form"].startswith("a")),
                "r": st["round"], "from": len(st["attacked"]), "seat": s}
    log(st, ev, "gm_sweet_death", by=s, card=t, **where_public(st, t))


# ---- 22 Muerte dulce 2 -------------------------------------------------------------------------

def _dulce_hits(md, attacks):
    """Which of the two cards the phase attacked: one of them, "both", or None."""
    hit = {c for c in attacks if c in (md["M"], md["T"])}
    return "both" if len(hit) == 2 else next(iter(hit), None)


def _s22(st, ev):
    md = st["sweet_death"]
    if not md or md.get("done"):
        return
    start = md["from"] if md["r"] == st["round"] else 0
    res = _dulce_outcome(st, ev, md, st["attacked"][start:])
    if res:
        saved, victim = res
        unmark(st, saved)
        place(st, victim, mark("muerte_dulce", [], indirect=1))
    md = st["sweet_death"]
    if md and not md.get("done") and md["r"] < st["round"]:
        if md["aw"]:
            md["done"] = 1
            return
        victim = md["T"] if md["mode"] == "b" else md["M"]
        place(st, victim, mark("muerte_dulce", [], indirect=1))
        log(st, ev, "gm_sweet_death_expires", card=victim)
        st["sweet_death"] = None


def _dulce_outcome(st, ev, md, attacks):
    """Who was attacked first decides: (card saved, card that dies instead) or None."""
    first = _dulce_hits(md, attacks)
    if first is None:
        return None
    mine, chosen = (md["M"], md["T"]) if md["mode"] == "n" else (md["T"], md["M"])
    st["sweet_death"] = None if not md["aw"] else {**md, "done": 1}
    if first == chosen:
        return None
    log(st, ev, "gm_sweet_death_swap", saved=mine, victim=chosen)
    return mine, chosen


def sweet_death_check(st: dict, ev: list, batch: list) -> list:
    md = st["sweet_death"]
    if not md or md.get("done"):
        return batch
    res = _dulce_outcome(st, ev, md, st["attacked"])
    if not res:
        return batch
    saved, victim = res
    out = [m for m in batch if m["c"] != saved or m["i"]]
    if alive(st, victim):
        out.append(mark("muerte_dulce", [], indirect=1, cid=victim))
    return out


# ---- 23 Cataléptico ----------------------------------------------------------------------------

def _s23(st, ev):
    c = "cataleptico"
    card = st["cards"][c]
    s = owner(st, c)
    if card.get("cd") and s is not None and not st["eliminated"][s]:
        card["cd"], card["d"], card["u"] = 0, 0, 1
        announce_revival(st, ev, c, c)
        if card["aw"] and not card["au"]:
            card["au"] = 1
            _cataleptic_strike(st, s, c)
        return
    if acting_seat(st, c) is None:
        return
    if st["round"] == 1 and bipolar(st, s) and "bm" not in card:
        ask(st, s, "cataleptic_mode", [opt("n", "effect_normal"), opt("b", "effect_opposite")],
            "n", "night_step", "cataleptic_mode")
    if card.get("bm") == "b" or not marked(st, c) or not usable_action(st, c):
        return
    if all(m["i"] for m in marked(st, c)):
        return
    awake_use = card["aw"] and not card["au"]
    unmark(st, c)
    card["au" if awake_use else "u"] = 1
    log(st, ev, "gm_cataleptic", card=c)
    if awake_use:  # the awakening's first night death: back to life and a kill (rb §9)
        _cataleptic_strike(st, s, c)


def _cataleptic_strike(st, s, c):
    """The awakened return (day form when bipolar) also kills one card."""
    if not kill_night(st):
        opts = [card_opt(st, t) for t in living_targets(st, exclude=(c,))]
        ask(st, s, "cataleptic_kill", [opt("pass", "pass")] + opts, "pass", "night_step",
            "cataleptic_kill")


@handler("cataleptic_mode")
def _cataleptic_mode(st, ev, q, choice):
    st["cards"]["cataleptico"]["bm"] = choice


@handler("cataleptic_kill")
def _cataleptic_kill(st, ev, q, choice):
    if choice != "pass":
        c = parse_card(st, choice)
        mark_death(st, ev, c, "cataleptico", q["seat"])


# ---- 24 Juego de azar --------------------------------------------------------------------------

def _s24(st, ev):
    tok, c = st["tokens"], "juego_de_azar"
    if tok["chip"] is None:
        s = acting_seat(st, c)
        if s is None or st["cards"][c]["u"] or not alive(st, c):
            return
        woke(st, "24", s)
        opts = [card_opt(st, t) for t in living_targets(st)]
        ask(st, s, "chip_place", [opt("pass", "pass")] + opts, "pass", "night_step", "chip_place",
            {"bip": bipolar(st, s)})
        return
    if tok["chip_round"] == st["round"]:
        return
    holder = owner(st, tok["chip"])
    step = -1 if tok["chip_mode"] == "b" else 1
    nxt = neighbour(st, holder, step)
    if nxt is None:
        return
    cands = [t for t in st["rows"][nxt] if alive(st, t) and t not in tok["celda"]]
    if not cands:
        return
    if st["eliminated"][holder]:
        _chip_move(st, ev, cands[0])
        return
    ask(st, holder, "chip_move", [card_opt(st, t) for t in cands], card_opt(st, cands[0])[0],
        "night_step", "chip_move")


@handler("chip_place")
def _chip_place(st, ev, q, choice):
    if choice == "pass":
        return
    c = parse_card(st, choice)
    if q["context"]["bip"]:
        ask(st, q["seat"], "chip_mode", [opt("n", "effect_normal"), opt("b", "effect_opposite")],
            "n", "night_step", "chip_mode", {"c": c})
        return
    _chip_set(st, ev, q["seat"], c, "n")


@handler("chip_mode")
def _chip_mode(st, ev, q, choice):
    _chip_set(st, ev, q["seat"], q["context"]["c"], choice)


def _chip_set(st, ev, s, c, mode):
    spend(st, "juego_de_azar")
    st["tokens"].update(chip=c, chip_mode=mode, chip_round=st["round"])
    st["night"]["dawn"].append(["chip_placed", c])
    log(st, ev, "gm_chip", by=s, **where_public(st, c))


@handler("chip_move")
def _chip_move_h(st, ev, q, choice):
    _chip_move(st, ev, parse_card(st, choice))


def _chip_move(st, ev, c):
    st["tokens"]["chip"], st["tokens"]["chip_round"] = c, st["round"]
    st["night"]["dawn"].append(["chip_placed", c])
    log(st, ev, "gm_chip", by=None, **where_public(st, c))


# ---- 25 Paciencia ------------------------------------------------------------------------------

def _s25(st, ev):
    s = personality_seat(st, "paciencia")
    if s is None:
        return
    woke(st, "25", s)
    last = last_round_pick(st, "paci")
    cands = sorted({m["c"] for m in st["marks"]} - {last}, key=lambda c: where(st, c))
    ask(st, s, "patience", [opt("pass", "pass")] + [card_opt(st, c) for c in cands], "pass",
        "night_step", "patience")


@handler("patience")
def _patience(st, ev, q, choice):
    if choice == "pass":
        return
    c = parse_card(st, choice)
    st["tokens"]["paci"].append([c, marked(st, c)])
    st["marks"] = [m for m in st["marks"] if m["c"] != c]
    remember_pick(st, "paci", c)
    st["night"]["dawn"].append(["patience_placed", c])
    log(st, ev, "gm_patience", by=q["seat"], **where_public(st, c))


# ---- 26 Neuroticismo, 27 Ansiedad social -------------------------------------------------------

def _s26(st, ev):
    s = personality_seat(st, "neuroticismo")
    if s is None:
        return
    woke(st, "26", s)
    if st["round"] == 1:
        ask(st, s, "neuro_pick", [opt("pass", "pass")] + [seat_opt(t) for t in seats(st)],
            "pass", "night_step", "neuro_pick")
    elif st["neurotic"] is not None and not st["eliminated"][st["neurotic"]["ctl"]]:
        ask(st, s, "neuro_order", [opt("pass", "pass")] + [seat_opt(t) for t in seats(st)],
            "pass", "night_step", "neuro_order")


@handler("neuro_pick")
def _neuro_pick(st, ev, q, choice):
    if choice != "pass":
        t = parse_seat(choice)
        st["neurotic"] = {"ctl": t, "by": q["seat"], "order": None}
        tell(ev, t, "neuro_controlled")
        log(st, ev, "gm_neuro", by=q["seat"], seat=t)


@handler("neuro_order")
def _neuro_order(st, ev, q, choice):
    if choice != "pass":
        t = parse_seat(choice)
        st["neurotic"]["order"] = [st["round"], t]
        tell(ev, st["neurotic"]["ctl"], "neuro_instruction", seat=t)
        log(st, ev, "gm_neuro_order", by=q["seat"], seat=t)


QUESTIONS = ("q_side_mutineer", "q_acted_tonight", "q_hold_event", "q_trust_left",
             "q_lost_card_soon")


def _s27(st, ev):
    s = personality_seat(st, "ansiedad_social")
    if s is None:
        return
    woke(st, "27", s)
    pool = cycle_pool(st, "ans", s)
    opts = [opt(f"s{t}:{i}", "ask_question", seat=t, question=qk)
            for t in pool if t != s for i, qk in enumerate(QUESTIONS)]
    ask(st, s, "anxiety", [opt("pass", "pass")] + opts, "pass", "night_step", "anxiety")


@handler("anxiety")
def _anxiety(st, ev, q, choice):
    if choice == "pass":
        return
    who, i = choice.split(":")
    t = parse_seat(who)
    st["history"]["ans"].append(t)
    question = QUESTIONS[int(i)]
    ask(st, t, "anxiety_answer", [opt("yes", "yes"), opt("no", "no"), opt("none", "no_answer")],
        "none", "night_step", "anxiety_answer", {"asker": q["seat"], "question": question},
        question=question)


@handler("anxiety_answer")
def _anxiety_answer(st, ev, q, choice):
    tell(ev, q["context"]["asker"], "anxiety_reply", seat=q["seat"], question=q["context"]["question"],
         answer=choice)


# ---- 28 La parca 2 -----------------------------------------------------------------------------

def _s28(st, ev):
    s = acting_seat(st, "la_parca")
    scythes = [c for c in st["tokens"]["scythe"]]
    if s is None or any(c in st["attacked"] for c in scythes):
        return
    rows = sorted({owner(st, m["c"]) for m in st["marks"]})
    opts = []
    for t in rows:
        for m in sorted({m["c"] for m in st["marks"] if owner(st, m["c"]) == t}):
            for d in st["rows"][t]:
                if d != m and alive(st, d) and d not in st["tokens"]["celda"]:
                    a, b = where(st, m), where(st, d)
                    opts.append(opt(f"s{t}p{a[1]}>{b[1]}", "move_mark", seat=t, pos=a[1],
                                    to_pos=b[1]))
    ask(st, s, "parca_move", [opt("pass", "pass")] + opts, "pass", "night_step", "parca_move")


@handler("parca_move")
def _parca_move(st, ev, q, choice):
    if choice == "pass":
        return
    src, to = choice.split(">")
    a = parse_card(st, src)
    t = owner(st, a)
    b = st["rows"][t][int(to) - 1]
    for m in st["marks"]:
        if m["c"] == a:
            m["c"] = b
    note_attack(st, b)
    log(st, ev, "gm_marks_moved", by=q["seat"], seat=t, pos=where(st, a)[1], to_pos=int(to))


# ---- dawn --------------------------------------------------------------------------------------

@task("dawn")
def _dawn(st, ev):
    pub(ev, "dawn", round=st["round"])
    st["night"]["dawned"] = 1
    for c in st["night"].pop("revived", []):
        if alive(st, c):
            pub(ev, "card_revived", card=c, **where_public(st, c))
    shown = st["night"]["shown"]
    if shown and alive(st, shown):
        st["cards"][shown]["rv"] = 1
        pub(ev, "larry_shows", card=shown, **where_public(st, shown))
    from .custom import dawn_marks
    marks, st["marks"] = st["marks"] + dawn_marks(st), []
    resolve_now(st, marks, [["dawn_after"]])


@task("dawn_after")
def _dawn_after(st, ev):
    nt = st["night"]
    nt["dawn_over"] = 1
    for kind, *cards in nt["dawn"]:
        if all(c in st["cards"] and on_row(st, c) for c in cards):
            if kind == "lobotomy":
                st["cards"][cards[0]]["rv"] = 1
                pub(ev, "lobotomy", card=cards[0], effect=st["cards"][cards[0]]["lob"],
                    **where_public(st, cards[0]))
            else:
                pub(ev, kind, **where_public(st, cards[0]),
                    **{k + "2": v for c in cards[1:] for k, v in where_public(st, c).items()})
    for ev_kind, data in nt.get("dawn_pub", []):
        pub(ev, ev_kind, **data)
    if st["round"] == 1:
        day = [s for s in range(st["players"]) if is_day_personality(st["personalities"][s])]
        for s in day:
            st["personality_shown"][s] = 1
        pub(ev, "personalities_revealed" if day else "personalities_none", seats=day,
            cards=[st["personalities"][s] for s in day])
    nt["laughed"] = []
    push(st, ["day"])
    settle(st, ev)  # a prophecy fulfilled at dawn resolves before the day starts


POWERS = {"8": _larry, "9": _archivo, "10": _mary, "11": _parca, "12": _flick, "15": _arthur,
          **{code: _action(card) for code, card in STEP_CARD.items() if card in ACTIONS}}


def _own(code):
    card = STEP_CARD[code]

    def step(st, ev):
        if card in ACTIONS:
            s = acting_seat(st, card)
            if s is not None and forms(st, s, card, "own"):
                woke(st, code, s)
                POWERS[code](st, ev, s, "own")
            return
        holder_asks(st, ev, card, code, POWERS[code])
    return step


def _mutiny(code):
    def step(st, ev):
        from . import mutiny
        mutiny.STEPS[code](st, ev)
    return step


def _events(st, ev):
    from .nightevents import open_plays
    open_plays(st, ev)


def _custom(code):
    def step(st, ev):
        from .custom import STEPS as CSTEPS
        CSTEPS[code](st, ev)
    return step


STEPS = {"0": _s0, "1": _s1, "2": _s2, "3": _s3, "4": _s4, "5": _events, "6": _s6, "7": _s7,
         "18": _s18, "22": _s22, "23": _s23, "24": _s24, "25": _s25, "26": _s26, "27": _s27,
         "28": _s28, **{code: _own(code) for code in STEP_CARD},
         **{code: _mutiny(code) for code in ("16", "16b", "17")},
         **{code: _custom(code) for code in ("c5", "c6", "c8", "c9", "c11", "c12", "c13", "c14",
                                               "c15", "c16", "c27", "c32")}}
