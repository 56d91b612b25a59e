"""The night guide's protections and action cards (spec §4.2.2 steps 13-15 and 18-21):
Arthur, Profeta, Muerte dulce, Electroshock, Opio y barbitúricos and Lobotomía."""
from __future__ import annotations

from .cards import INTERNO_P1
from .core import ask, handler, opt, tell
from .deaths import marked, revive, unmark
from .table import (acting_seat, active, alive, bipolar, card_opt, dead_cards, held, inactive,
                    is_mut, living_targets, on_row, owner, parse_card, parse_seat, principal,
                    seat_opt, seats, where, where_public)
from .night import (ACTIONS, POWERS, STEP_CARD, STEPS, director_awake, flames_full, kill_night,
                    last_round_pick, log, mark_death, remember_pick, woke)


# ---- 15 Arthur, 18 Arthur 2 --------------------------------------------------------------------

def _arthur(st, ev, s, src):
    last = last_round_pick(st, "arthur", src)
    opts = [card_opt(st, c) for c in living_targets(st) if c != last]
    ask(st, s, "arthur", [opt("pass", "pass")] + opts, "pass", "night_step", "arthur",
        {"source": src})


@handler("arthur")
def _arthur_h(st, ev, q, choice):
    if choice == "pass":
        return
    c = parse_card(st, choice)
    remember_pick(st, "arthur", c, q["context"]["source"])
    st["night"]["protections"].append([q["seat"], c, q["context"]["source"]])
    log(st, ev, "gm_protect", by=q["seat"], **where_public(st, c))


def _s18(st, ev):
    def strip(c):
        before = len(st["marks"])
        st["marks"] = [m for m in st["marks"] if m["card"] != c or not m["mutineer"] or m["inevitable"]]
        return len(st["marks"]) < before

    if "arthur" in st["cards"] and alive(st, "arthur") and st["cards"]["arthur"]["awake"] \
            and not inactive(st, "arthur"):
        strip("arthur")
    for s, c, src in st["night"]["protections"]:
        if src == "own" and inactive(st, "arthur"):
            continue
        saved = strip(c)
        # News to Arthur's seat either way; only a stopped attack is worth a recap line.
        tell(ev, s, "arthur_result", saved=saved, **({} if saved else {"uneventful": True}))
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
        normal, awake = not c["used"], c["awake"] and not c["awake_used"]
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
                for f in fs], "pass", "night_step", "use_form", {"card": card, "source": src})
        elif fs:
            _target(st, s, card, src, fs[0])
    return power


@handler("use_form")
def _use_form(st, ev, q, choice):
    if choice != "pass":
        _target(st, q["seat"], q["context"]["card"], q["context"]["source"], choice)


def _target(st, s, card, src, form):
    effect = FORMS[card][form]
    x = {"card": card, "source": src, "form": form}
    if effect in ("kill", "kill_inev"):
        opts = [card_opt(st, c) for c in living_targets(st)]
    elif effect == "save":
        opts = [card_opt(st, c) for c in sorted({m["card"] for m in st["marks"]}, key=lambda c: where(st, c))]
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
              if any(m["inevitable"] for m in marked(st, parse_card(st, o[0])))}
    elif effect.startswith("flames") and flames_full(st):
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
    if x["source"] == "own":
        if x["form"].startswith("a"):
            st["cards"][card]["awake_used"] = 1
        else:
            st["cards"][card]["used"] = 1
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
        card["lobotomy"] = 1
    elif bip and c in INTERNO_P1 and not card["lobotomy"]:
        card["lobotomy"] = 2
    if card["lobotomy"] and awake:
        card["lobotomy_keeps_vote"] = 1
    st["night"]["lobotomised"].append(c)
    st["night"]["dawn"].append(["lobotomy", c])
    log(st, ev, "gm_lobotomy", by=s, card=c, seat=t)


def _sweet_death(st, ev, s, t, bip, x):
    m = "muerte_dulce" if x["source"] == "own" else st["night"]["director_turn"]["via"]
    st["sweet_death"] = {"muerte_card": m, "target": t, "mode": "b" if bip else "n",
                         "awakened": int(x["form"].startswith("a")), "round": st["round"],
                         "attacked_from": len(st["attacked"]), "seat": s}
    log(st, ev, "gm_sweet_death", by=s, card=t, **where_public(st, t))


def _own_action(code):
    """An action card's step: its holder wakes only while the card has a use left."""
    card = STEP_CARD[code]

    def step(st, ev):
        s = acting_seat(st, card)
        if s is not None and forms(st, s, card, "own"):
            woke(st, code, s)
            POWERS[code](st, ev, s, "own")
    return step


ACTION_STEPS = [code for code, card in STEP_CARD.items() if card in ACTIONS]
POWERS.update({"15": _arthur, **{code: _action(STEP_CARD[code]) for code in ACTION_STEPS}})
STEPS.update({"18": _s18, **{code: _own_action(code) for code in ACTION_STEPS}})
