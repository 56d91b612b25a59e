"""The night guide (rulebook §7, spec §4.2): the agenda of a night, which steps are called,
the helpers every step shares, and dawn. The steps themselves live in the guide's sections:
`night_opening` (N0-4), `night_watch` (6-12), `night_actions` (13-15, 18-21), `night_closing`
(22-28); `nightevents` (5) and `mutiny` (16-17) are their own modules.

Every step that the public can know is called gets a clock-only question, so a step lasts its
minimum whether or not anybody wakes; the holder, if any, is asked privately alongside it.
A power may be used by its card's owner ("own"), a hypnotised player ("hyp") or the director
who borrowed it ("dir"): the power functions take that source and the acting seat.
"""
from __future__ import annotations

from .cards import CELLMATES, MUTINEER_CARDS, TWINS, catalog, is_day_personality, rules
from .core import clock, gm, pub, push, task, tell
from .deaths import mark, place, resolve_now, settle
from .dayevents import arm_prophecies
from .happenings import skip_night
from .table import (acting_seat, active, alive, dealt_pers, on_row, owner, personality_seat,
                    where_public)

ACTIONS = ("electroshock", "opio", "lobotomia", "profeta", "muerte_dulce")
STEPS: dict = {}   # step code -> what calling it does, fn(st, ev); the night_* modules fill it
POWERS: dict = {}  # step code -> a card's night power, fn(st, ev, seat, source)
STEP_CARD = {"8": "larry_owls", "9": "el_archivo", "10": "mary_firth", "11": "la_parca",
             "12": "john_flick", "13": "profeta", "14": "muerte_dulce", "15": "arthur",
             "19": "electroshock", "20": "opio", "21": "lobotomia"}


def log(st: dict, ev: list, kind: str, /, **data) -> None:
    """The night timeline: the GM log, and an awakened Ali who watches every step."""
    gm(ev, kind, **data)
    watcher = acting_seat(st, "ali")
    if watcher is not None and st["cards"]["ali"]["awake"]:
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
    return cid in st["cards"] and (not st["cards"][cid]["dead"] or st["cards"][cid].get("dead_by_day")
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


def flames_full(st):
    return len(st["tokens"]["flames"]) >= rules()["modifier_cap"]


def peekable(st, after):
    """Ali's peek (R-10): P1/P2 cards with a night step still to come, not the twins or
    Wakerfield."""
    order = catalog()["night_order"]
    life = catalog()["life"]
    return sorted(c for c in st["cards"] if life[c]["group"] in ("P1", "P2") and c not in TWINS
                  and c not in ("wakerfield", "ali") and life[c]["steps"]
                  and not life[c].get("custom")
                  and order.index(life[c]["steps"][0]) > order.index(after))


# ---- the agenda of a night -----------------------------------------------------------------

@task("night")
def _night(st, ev):
    st["phase"], st["attacked"], st["marks"] = "night", [], []
    st["night"] = {"woke": {}, "blocked": [], "impersonated": None, "protections": [], "plays": [],
                   "hypnoses": {}, "director_turn": None, "ali": {}, "shown": None, "laughed": [],
                   "dawn": [], "kill_night": st["parca"]["kill"], "lobotomised": []}
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
        return st["mode"] == "custom" or any(public_alive(st, c) and not st["cards"][c]["lobotomy"]
                                             for c in MUTINEER_CARDS)
    if code == "16b":
        return bool(st["night"]["director_turn"]) and st["night"]["director_turn"]["code"] == "16b"
    if code == "17":
        return any(public_alive(st, c) and not st["cards"][c]["lobotomy"] for c in ("daniel", "richard_dadd"))
    if code == "18":
        borrowed = st["night"]["director_turn"] or {}
        return (public_alive(st, "arthur") or "15" in st["night"]["hypnoses"]
                or borrowed.get("card") == "arthur")
    if code == "22":
        return public_alive(st, "muerte_dulce") or "muerte_dulce" in st["history"]["director"]
    if code == "24":
        return public_alive(st, "juego_de_azar") or bool(st["tokens"]["chip"])
    if code in ("25", "27"):
        return {"25": "paciencia", "27": "ansiedad_social"}[code] in dealt_pers(st)
    if code == "26":
        return "neuroticismo" in dealt_pers(st) and (r == 1 or r % 2 == 0)
    if code == "28":
        return public_alive(st, "la_parca") and bool(st["cards"]["la_parca"]["announced"])
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
    st["night"]["director_turn"] = {"card": c, "code": code, "seat": seat, "via": via}
    insert_after(st, code, code + "d")


@task("step")
def _step(st, ev, code):
    if not called(st, code):
        return
    st["night"]["step"] = code
    push(st, ["step_end", code])
    if code[-1] in "hd":
        base, sub = code[:-1], code[-1]
        entry = _next_hypnosis(st, base) if sub == "h" else None
        card = entry[1] if entry else st["night"]["director_turn"]["card"]
        pub(ev, "step_sub", step=base, card=card, sub=sub)
        clock(st, step=code)
        seat = entry[0] if entry else acting_seat(st, st["night"]["director_turn"]["via"])
        if seat is not None and active(st, seat):
            POWERS[base](st, ev, seat, "hyp" if entry else "dir")
        return
    pub(ev, "step_called", step=code)
    clock(st, step=code)
    STEPS[code](st, ev)


def _next_hypnosis(st, base):
    """Each hypnosis of a power gets its own sub-step; they run in the order played."""
    done = st["night"].setdefault("hypnoses_done", {})
    i = done.get(base, 0)
    done[base] = i + 1
    return st["night"]["hypnoses"][base][i]


@task("step_end")
def _step_end(st, ev, code):
    ali = st["night"]["ali"]
    for key, who in (("peek", "seat"), ("director_peek", "director_seat")):
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


def personality_wakes(st: dict, personality: str, code: str):
    """The seat whose personality acts at this step, noted as awake; None if nobody may."""
    s = personality_seat(st, personality)
    if s is not None:
        woke(st, code, s)
    return s


def holder_asks(st, ev, cid, code, fn):
    """Ask the owner of a card for its step, when the card can act tonight."""
    s = acting_seat(st, cid)
    if s is not None:
        woke(st, code, s)
        fn(st, ev, s, "own")


def blocked_against(st: dict, actor: int, target_seat: int) -> bool:
    """Awakened El archivo: its target can do nothing against the archivist this round."""
    return [actor, target_seat] in st["round_blocks"]


def director_awake(st):
    """Krugman awakened lends the borrowed card's awakening, and so does the Chef's Comida
    rápida (the Médium does not)."""
    borrowed = st["night"]["director_turn"] or {}
    via = borrowed.get("via")
    return via == "chef" or (via == "krugman" and bool(st["cards"]["krugman"]["awake"]))


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
        st["cards"][shown]["revealed"] = 1
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
                st["cards"][cards[0]]["revealed"] = 1
                pub(ev, "lobotomy", card=cards[0], effect=st["cards"][cards[0]]["lobotomy"],
                    **where_public(st, cards[0]))
            else:
                pub(ev, kind, **where_public(st, cards[0]),
                    **{k + "2": v for c in cards[1:] for k, v in where_public(st, c).items()})
    for ev_kind, data in nt.get("dawn_public", []):
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


def _own(code):
    """A character's step: its holder acts if the card can tonight."""
    def step(st, ev):
        holder_asks(st, ev, STEP_CARD[code], code, POWERS[code])
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


STEPS.update({"5": _events,
              **{code: _own(code) for code, card in STEP_CARD.items() if card not in ACTIONS},
              **{code: _mutiny(code) for code in ("16", "16b", "17")},
              **{code: _custom(code) for code in ("c5", "c6", "c8", "c9", "c11", "c12", "c13",
                                                    "c14", "c15", "c16", "c27", "c32")}})
