"""The night guide's closing steps (spec §4.2.2 steps 22-28): Muerte dulce's reckoning,
the Cataléptico, Juego de azar, Paciencia, Neuroticismo, Ansiedad social and La parca 2."""
from __future__ import annotations

from .core import ask, handler, opt, tell
from .deaths import announce_revival, mark, marked, note_attack, place, unmark
from .table import (acting_seat, alive, bipolar, card_opt, cycle_pool, living_targets, neighbour,
                    owner, parse_card, parse_seat, seat_opt, seats, spend, usable_action, where,
                    where_public)
from .night import (STEPS, kill_night, last_round_pick, log, mark_death, personality_wakes,
                    remember_pick, woke)


# ---- 22 Muerte dulce 2 -------------------------------------------------------------------------

def _dulce_hits(md, attacks):
    """Which of the two cards the phase attacked: one of them, "both", or None."""
    hit = {c for c in attacks if c in (md["muerte_card"], md["target"])}
    return "both" if len(hit) == 2 else next(iter(hit), None)


def _s22(st, ev):
    md = st["sweet_death"]
    if not md or md.get("done"):
        return
    start = md["attacked_from"] if md["round"] == st["round"] else 0
    res = _dulce_outcome(st, ev, md, st["attacked"][start:])
    if res:
        saved, victim = res
        unmark(st, saved)
        place(st, victim, mark("muerte_dulce", [], indirect=1))
    md = st["sweet_death"]
    if md and not md.get("done") and md["round"] < st["round"]:
        if md["awakened"]:
            md["done"] = 1
            return
        victim = md["target"] if md["mode"] == "b" else md["muerte_card"]
        place(st, victim, mark("muerte_dulce", [], indirect=1))
        log(st, ev, "gm_sweet_death_expires", card=victim)
        st["sweet_death"] = None


def _dulce_outcome(st, ev, md, attacks):
    """Who was attacked first decides: (card saved, card that dies instead) or None."""
    first = _dulce_hits(md, attacks)
    if first is None:
        return None
    mine, chosen = ((md["muerte_card"], md["target"]) if md["mode"] == "n"
                    else (md["target"], md["muerte_card"]))
    st["sweet_death"] = None if not md["awakened"] else {**md, "done": 1}
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
    out = [m for m in batch if m["card"] != saved or m["inevitable"]]
    if alive(st, victim):
        out.append(mark("muerte_dulce", [], indirect=1, cid=victim))
    return out


# ---- 23 Cataléptico ----------------------------------------------------------------------------

def _s23(st, ev):
    c = "cataleptico"
    card = st["cards"][c]
    s = owner(st, c)
    if card.get("dead_by_day") and s is not None and not st["eliminated"][s]:
        card["dead_by_day"], card["dead"], card["used"] = 0, 0, 1
        announce_revival(st, ev, c, c)
        if card["awake"] and not card["awake_used"]:
            card["awake_used"] = 1
            _cataleptic_strike(st, s, c)
        return
    if acting_seat(st, c) is None:
        return
    if st["round"] == 1 and bipolar(st, s) and "bipolar_mode" not in card:
        ask(st, s, "cataleptic_mode", [opt("n", "effect_normal"), opt("b", "effect_opposite")],
            "n", "night_step", "cataleptic_mode")
    if card.get("bipolar_mode") == "b" or not marked(st, c) or not usable_action(st, c):
        return
    if all(m["inevitable"] for m in marked(st, c)):
        return
    awake_use = card["awake"] and not card["awake_used"]
    unmark(st, c)
    card["awake_used" if awake_use else "used"] = 1
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
    st["cards"]["cataleptico"]["bipolar_mode"] = choice


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
        if s is None or st["cards"][c]["used"] or not alive(st, c):
            return
        woke(st, "24", s)
        opts = [card_opt(st, t) for t in living_targets(st)]
        ask(st, s, "chip_place", [opt("pass", "pass")] + opts, "pass", "night_step", "chip_place",
            {"bipolar": bipolar(st, s)})
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
    if q["context"]["bipolar"]:
        ask(st, q["seat"], "chip_mode", [opt("n", "effect_normal"), opt("b", "effect_opposite")],
            "n", "night_step", "chip_mode", {"card": c})
        return
    _chip_set(st, ev, q["seat"], c, "n")


@handler("chip_mode")
def _chip_mode(st, ev, q, choice):
    _chip_set(st, ev, q["seat"], q["context"]["card"], choice)


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
    s = personality_wakes(st, "paciencia", "25")
    if s is None:
        return
    last = last_round_pick(st, "paciencia")
    cands = sorted({m["card"] for m in st["marks"]} - {last}, key=lambda c: where(st, c))
    ask(st, s, "patience", [opt("pass", "pass")] + [card_opt(st, c) for c in cands], "pass",
        "night_step", "patience")


@handler("patience")
def _patience(st, ev, q, choice):
    if choice == "pass":
        return
    c = parse_card(st, choice)
    st["tokens"]["patience"].append([c, marked(st, c)])
    st["marks"] = [m for m in st["marks"] if m["card"] != c]
    remember_pick(st, "paciencia", c)
    st["night"]["dawn"].append(["patience_placed", c])
    log(st, ev, "gm_patience", by=q["seat"], **where_public(st, c))


# ---- 26 Neuroticismo, 27 Ansiedad social -------------------------------------------------------

def _s26(st, ev):
    s = personality_wakes(st, "neuroticismo", "26")
    if s is None:
        return
    if st["round"] == 1:
        ask(st, s, "neuro_pick", [opt("pass", "pass")] + [seat_opt(t) for t in seats(st)],
            "pass", "night_step", "neuro_pick")
    elif st["neurotic"] is not None and not st["eliminated"][st["neurotic"]["controlled"]]:
        ask(st, s, "neuro_order", [opt("pass", "pass")] + [seat_opt(t) for t in seats(st)],
            "pass", "night_step", "neuro_order")


@handler("neuro_pick")
def _neuro_pick(st, ev, q, choice):
    if choice != "pass":
        t = parse_seat(choice)
        st["neurotic"] = {"controlled": t, "by": q["seat"], "order": None}
        tell(ev, t, "neuro_controlled")
        log(st, ev, "gm_neuro", by=q["seat"], seat=t)


@handler("neuro_order")
def _neuro_order(st, ev, q, choice):
    if choice != "pass":
        t = parse_seat(choice)
        st["neurotic"]["order"] = [st["round"], t]
        tell(ev, st["neurotic"]["controlled"], "neuro_instruction", seat=t)
        log(st, ev, "gm_neuro_order", by=q["seat"], seat=t)


QUESTIONS = ("q_side_mutineer", "q_acted_tonight", "q_hold_event", "q_trust_left",
             "q_lost_card_soon")


def _s27(st, ev):
    s = personality_wakes(st, "ansiedad_social", "27")
    if s is None:
        return
    pool = cycle_pool(st, "ansiedad_social", s)
    opts = [opt(f"s{t}:{i}", "ask_question", seat=t, question=qk)
            for t in pool if t != s for i, qk in enumerate(QUESTIONS)]
    ask(st, s, "anxiety", [opt("pass", "pass")] + opts, "pass", "night_step", "anxiety")


@handler("anxiety")
def _anxiety(st, ev, q, choice):
    if choice == "pass":
        return
    who, i = choice.split(":")
    t = parse_seat(who)
    st["history"]["ansiedad_social"].append(t)
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
    rows = sorted({owner(st, m["card"]) for m in st["marks"]})
    opts = []
    for t in rows:
        for m in sorted({m["card"] for m in st["marks"] if owner(st, m["card"]) == t}):
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
        if m["card"] == a:
            m["card"] = b
    note_attack(st, b)
    log(st, ev, "gm_marks_moved", by=q["seat"], seat=t, pos=where(st, a)[1], to_pos=int(to))


STEPS.update({"22": _s22, "23": _s23, "24": _s24, "25": _s25, "26": _s26, "27": _s27,
              "28": _s28})
