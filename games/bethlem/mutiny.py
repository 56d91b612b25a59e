"""The mutineers' turn (spec §5.7): the private conference at 16, the director's kill at 16b and
Daniel's (or Richard's) solo attack at 17.

The conference is consensus-only (R-08): the target locks the moment every participant names the
same card; when everyone is done without agreement nobody is attacked. Its traffic goes to the
participants and to anybody spying on them, never to the public.
"""
from __future__ import annotations

from games.rng import Rng

from .cards import MUTINEER_CARDS, rules
from .core import ask, drop_questions, handler, opt, push, task, tell
from .deaths import mark, place
from .happenings import twice
from .curse import group_attack
from .laughing import revenge, revenge_seat
from .night import blocked_against, kill_night, log, mark_death, woke
from .table import (acting_seat, alive, card_opt, held, is_mut, living_targets, owner,
                    parse_card, parse_seat, seat_opt, seats, where_public)


def participants(st: dict) -> list:
    if kill_night(st) or revenge_seat(st) is not None:
        return []
    nt, out = st["night"], []
    for s in seats(st):
        if s in nt["blocked"] or s in st["history"]["mary_permanent"]:
            continue
        if st["mode"] == "custom":
            from .objectives import wakes_with_mutineers
            if wakes_with_mutineers(st, s):
                out.append(s)
        elif any(is_mut(st, c) and acting_seat(st, c) == s for c in MUTINEER_CARDS):
            out.append(s)
    if (nt["impersonated"] is not None and nt["impersonated"] not in out
            and not st["eliminated"][nt["impersonated"]]):
        out.append(nt["impersonated"])
    return sorted(out)


def _s16(st, ev):
    avenger = revenge_seat(st)
    if avenger is not None:
        revenge(st, ev, avenger)
    traitor = _undecided_traitor(st)
    if traitor is not None:
        ask(st, traitor, "traitor_side", [opt("mut", "join_mutineers"), opt("int", "stay_away")],
            "int", "night_step", "traitor_side")
    push(st, ["conf_open"])


def _undecided_traitor(st):
    if st["mode"] != "custom" or st["traitor"] is not None:
        return None
    return next((s for s in seats(st) if st["objective_cards"][s] == "obj_traidor"), None)


@handler("traitor_side")
def _traitor_side(st, ev, q, choice):
    st["traitor"] = choice
    from .objectives import refresh
    refresh(st, ev)


@task("conf_open")
def _conf_open(st, ev):
    parts = participants(st)
    spies = _spies(st)
    st["night"]["conference"] = {"members": parts, "picks": {}, "changes": {}, "locked": None,
                                 "spies": spies, "nathaniel": None}
    for s in parts:
        woke(st, "16", s)
    if not parts:
        return
    tell(ev, parts + spies, "conference_open", seats=parts)
    log(st, ev, "gm_conference", seats=parts)
    pct = st["options"]["ali_detect_pct"]
    for spy in spies:
        if Rng(st).below(100) < pct:
            tell(ev, parts, "ali_caught", seat=spy)
            log(st, ev, "gm_ali_caught", seat=spy)
    for s in parts:
        _ask_pick(st, s)
    push(st, ["conf_close"])


def _spies(st):
    out = []
    ali = st["night"]["ali"]
    if ali.get("spy") and acting_seat(st, "ali") is not None:
        out.append(acting_seat(st, "ali"))
    d = st["night"]["director_turn"]
    if d and d["card"] == "ali" and not d.get("peek") and acting_seat(st, "krugman") is not None:
        out.append(acting_seat(st, "krugman"))
    return sorted(set(out))


def _ask_pick(st, s):
    opts = [opt("done", "conf_done")]
    if _nathaniel_ready(st, s):
        opts.append(opt("nath", "nathaniel_awakening"))
    opts += [card_opt(st, c) for c in living_targets(st)
             if not blocked_against(st, s, owner(st, c))]
    ask(st, s, "conference", opts, "done", "conference", "conf_pick")


def _nathaniel_ready(st, s):
    return ("nathaniel" in st["cards"] and acting_seat(st, "nathaniel") == s
            and st["cards"]["nathaniel"]["awake"] and not st["history"]["nathaniel_used"]
            and is_mut(st, "nathaniel"))


@handler("conf_pick")
def _conf_pick(st, ev, q, choice):
    conf, s = st["night"]["conference"], q["seat"]
    audience = conf["members"] + conf["spies"]
    if choice == "done":
        return
    if choice == "nath":
        st["history"]["nathaniel_used"] = 1
        conf["nathaniel"] = s
        tell(ev, audience, "nathaniel_announces", seat=s)
        _ask_pick(st, s)
        return
    c = parse_card(st, choice)
    conf["picks"][str(s)] = c
    conf["changes"][str(s)] = conf["changes"].get(str(s), 0) + 1
    tell(ev, audience, "conference_pick", by=s, **where_public(st, c))
    picks = [conf["picks"].get(str(p)) for p in conf["members"]]
    if None not in picks and len(set(picks)) == 1:
        conf["locked"] = c
        drop_questions(st, "conference")
        return
    if conf["changes"][str(s)] < rules()["conference_changes"]:
        _ask_pick(st, s)


@task("conf_close")
def _conf_close(st, ev):
    conf = st["night"]["conference"]
    audience = conf["members"] + conf["spies"]
    picks = {c for c in conf["picks"].values() if c}
    target = conf["locked"] or (picks.pop() if len(picks) == 1 else None)
    if target is not None and group_attack(st, target, conf["members"]):
        log(st, ev, "gm_group_attack", seats=conf["members"], card=target, **where_public(st, target))
    elif target is not None and alive(st, target):
        place(st, target, mark("mutineers", conf["members"], mut=1))
        tell(ev, audience, "conference_result", **where_public(st, target))
        log(st, ev, "gm_group_attack", seats=conf["members"], card=target, **where_public(st, target))
    else:
        tell(ev, audience, "conference_failed")
    if conf["nathaniel"] is not None:
        _nathaniel(st, ev, conf["nathaniel"])
    if twice(st) and not st["night"].get("second_conference"):
        st["night"]["second_conference"] = 1
        push(st, ["conf_open"])


def _nathaniel(st, ev, s):
    """Awakened Nathaniel: half (rounded down) of the living cards of mutineer-free players."""
    pool = [c for t in seats(st) if not any(is_mut(st, m) for m in held(st, t))
            for c in st["rows"][t] if alive(st, c)]
    left = len(pool) // 2
    if left:
        _nath_ask(st, s, left)


def _nath_ask(st, s, left):
    pool = [c for t in seats(st) if not any(is_mut(st, m) for m in held(st, t))
            for c in st["rows"][t] if alive(st, c) and c not in st["tokens"]["celda"]
            and not any(m["card"] == c and m["source"] == "nathaniel" for m in st["marks"])]
    if pool and left:
        ask(st, s, "nathaniel_kill", [card_opt(st, c) for c in pool], card_opt(st, pool[0])[0],
            "night_step", "nathaniel_kill", {"left": left})


@handler("nathaniel_kill")
def _nath_kill(st, ev, q, choice):
    c = parse_card(st, choice)
    mark_death(st, ev, c, "nathaniel", q["seat"], mut=1)
    _nath_ask(st, q["seat"], q["context"]["left"] - 1)


def _s16b(st, ev):
    d = st["night"]["director_turn"]
    s = acting_seat(st, "krugman")
    if s is None or kill_night(st) or not d:
        return
    woke(st, "16b", s)
    _ask_kill(st, s, "director")


def _solo_seat(st):
    """Daniel's holder, or Richard's if Daniel is dead or lobotomised (not merely blocked)."""
    for c in ("daniel", "richard_dadd"):
        if c not in st["cards"]:
            continue
        if not alive(st, c) or not is_mut(st, c):
            continue
        s = acting_seat(st, c)
        if s is None or s in st["night"]["blocked"] or s in st["history"]["mary_permanent"]:
            return None, None
        return s, c
    return None, None


def _s17(st, ev):
    s, c = _solo_seat(st)
    if s is None or kill_night(st):
        return
    woke(st, "17", s)
    _ask_kill(st, s, c)


def _ask_kill(st, s, source):
    opts = [card_opt(st, c) for c in living_targets(st)]
    ask(st, s, "solo_kill", [opt("pass", "pass")] + opts, "pass", "night_step", "solo_kill",
        {"source": source})


@handler("solo_kill")
def _solo_kill(st, ev, q, choice):
    s, src = q["seat"], q["context"]["source"]
    if choice != "pass":
        c = parse_card(st, choice)
        mark_death(st, ev, c, src, s, mut=1)
    if src == "daniel" and st["cards"]["daniel"]["awake"] and not st["history"]["daniel_converted"]:
        ask(st, s, "daniel_convert", [opt("pass", "pass")] + [seat_opt(t) for t in seats(st)
                                                              if t != s],
            "pass", "night_step", "daniel_convert")


@handler("daniel_convert")
def _daniel_convert(st, ev, q, choice):
    if choice == "pass":
        return
    t = parse_seat(choice)
    st["history"]["daniel_converted"] = 1
    st["tokens"]["daniel"].append(t)
    st["night"]["dawn_public"] = st["night"].get("dawn_public", []) + [["daniel_token", {"seat": t}]]
    log(st, ev, "gm_daniel_convert", by=q["seat"], seat=t)


STEPS = {"16": _s16, "16b": _s16b, "17": _s17}
