"""Day powers (spec §4.4.1, §5.13, §5.17, R-43, R-46, R-49, R-50): day events, Hostilidad,
Amnesia, awakening announcements, Nostradamus prophecies. All of them are public acts.
"""
from __future__ import annotations

from .cards import GROUPS, event_when, group, is_action
from .core import ask, gm, handler, opt, pub, tell
from .deaths import awaken, mark, resolve_now, revive
from .table import (acting_seat, active, cycle_pool, alive, card_opt, dead_cards, living,
                    living_targets, on_row, owner, parse_card, parse_seat, seat_opt, seats,
                    usable_action, where_public)

ANNOUNCED = ("mary_firth", "el_archivo", "john_flick", "la_parca", "ludopata", "chef", "cyborg",
             "relojero", "medium")


def amnesia_holder(st: dict):
    s = acting_seat(st, "amnesia") if "amnesia" in st["cards"] else None
    return s if s is not None and usable_action(st, "amnesia") else None


def _amnesia_forms(st, s):
    dy, out = st["day"], []
    first_pending = not dy["done"]
    bip = st["personalities"][s] == "bipolaridad"
    if amnesia_holder(st) == s:
        card = st["cards"]["amnesia"]
        if not card["used"]:
            out.append("amnesia")
            if bip and first_pending:
                out.append("amnesia_cancel")
        if card["awake"] and not card["awake_used"]:
            out.append("amnesia_dead" if bip else "amnesia_pick")
    borrowed = st["night"].get("director_turn") or {}
    if s in st["night"].get("hypnosis_amnesia", ()) or (borrowed.get("code") == "day"
                                              and acting_seat(st, "krugman") == s
                                              and not st["night"].get("director_amnesia_used")):
        out += [f for f in ("amnesia", "amnesia_cancel") if f not in out
                and (f == "amnesia" or (bip and first_pending))]
    return out


def day_powers(st: dict, s: int) -> list:
    from .bodies import silenced
    from .timecontrol import stopped
    if stopped(st, s) or silenced(st, s):
        return []
    opts = []
    for e in sorted(set(st["hands"][s])):
        if event_when(e) == "day" and _event_usable(st, s, e):
            opts.append(opt(f"ev:{e}", "play_event", event=e))
    if st["personalities"][s] == "hostilidad" and st["day"]["sanction"] is None and not st["day"]["done"]:
        opts.append(opt("hostil", "sanction"))
    opts += [opt(f, f) for f in _amnesia_forms(st, s)]
    for c in ANNOUNCED:
        if c in st["cards"] and st["cards"][c]["awake"] and not st["cards"][c]["announced"] and owner(st, c) == s \
                and alive(st, c):
            opts.append(opt(f"an:{c}", "announce", card=c))
    from .custom import day_powers as custom_powers
    return opts + custom_powers(st, s)


def _milagro_targets(st):
    return [c for t in seats(st) for c in st["rows"][t]
            if is_action(c) and c != "pacto_de_sangre" and alive(st, c) and st["cards"][c]["used"]]


def _own_sleepers(st, s):
    return [c for c in st["rows"][s] if alive(st, c) and not st["cards"][c]["awake"]
            and c not in st["tokens"]["pandora"]]


def _event_usable(st, s, e):
    if e == "milagrero":
        return bool(_milagro_targets(st))
    if e == "despertar":
        return bool(_own_sleepers(st, s))
    if e == "pandora":
        return bool(living_targets(st))
    if e == "psiquiatra":
        return len(seats(st)) >= 2
    return e != "indulto"


def use(st: dict, ev: list, s: int, choice: str) -> None:
    if choice.startswith("ev:"):
        _event(st, ev, s, choice[3:])
    elif choice == "hostil":
        pool = cycle_pool(st, "hostilidad", s)
        if len(pool) == 1:      # the one player left to sanction: no question
            _sanction(st, ev, {"seat": s}, seat_opt(pool[0])[0])
        else:
            ask(st, s, "sanction", [seat_opt(t) for t in pool], None, "reactive", "sanction")
    elif choice.startswith("an:"):
        c = choice[3:]
        st["cards"][c]["announced"] = 1
        pub(ev, "awakening_announced", seat=s, card=c)
        if c == "medium":
            from .bodies import choose
            choose(st, s)
    elif choice.startswith("amnesia"):
        _amnesia(st, ev, s, choice)
    else:
        from .custom import use_power
        use_power(st, ev, s, choice)


@handler("sanction")
def _sanction(st, ev, q, choice):
    t = parse_seat(choice)
    st["day"]["sanction"] = t
    st["history"]["hostilidad"].append(t)
    pub(ev, "sanctioned", by_seat=q["seat"], seat=t)


def _amnesia(st, ev, s, form):
    dy = st["day"]
    own = amnesia_holder(st) == s and (form in ("amnesia_pick", "amnesia_dead")
                                       or not st["cards"]["amnesia"]["used"])
    if own:
        if form in ("amnesia_pick", "amnesia_dead"):
            st["cards"]["amnesia"]["awake_used"] = 1
        else:
            st["cards"]["amnesia"]["used"] = 1
    elif s in st["night"].get("hypnosis_amnesia", ()):
        st["night"]["hypnosis_amnesia"].remove(s)
    else:
        st["night"]["director_amnesia_used"] = 1
    if form == "amnesia_cancel":
        dy["cancel"] = 1
        pub(ev, "amnesia_cancels", seat=s)
        return
    kind = {"amnesia": "normal", "amnesia_pick": "pick", "amnesia_dead": "dead"}[form]
    dy["extra"].append(kind)
    if kind == "pick":
        dy["picker"] = s
    if not dy["done"]:
        dy["defer"] = 1
    pub(ev, "amnesia_declared", seat=s, kind=kind)


# ---- day events --------------------------------------------------------------------------------

def _event(st, ev, s, e):
    st["hands"][s].remove(e)
    st["discard"].append(e)
    pub(ev, "event_played", seat=s, event=e)
    if e in ("barbero", "confesion"):
        cards = living_targets(st) if e == "barbero" else [
            c for t in seats(st) for c in st["rows"][t] if alive(st, c) and not st["cards"][c]["revealed"]]
        if cards:
            ask(st, s, "event_card", [card_opt(st, c) for c in cards], None, "reactive",
                "day_event", {"event": e}, event=e, alone="cover")
    elif e == "milagrero":
        ask(st, s, "event_card", [card_opt(st, c) for c in _milagro_targets(st)], None,
            "reactive", "day_event", {"event": e}, event=e, alone="cover")
    elif e == "despertar":
        ask(st, s, "event_card", [card_opt(st, c) for c in _own_sleepers(st, s)], None,
            "reactive", "day_event", {"event": e}, event=e, alone="cover")
    elif e == "nostradamus":
        ask(st, s, "prophecy_condition", [opt(k, "cond_" + k) for k in CONDITIONS], "quiet_night",
            "reactive", "prophecy_condition")
    else:
        from .custom import day_event
        day_event(st, ev, s, e)


@handler("day_event")
def _day_event(st, ev, q, choice):
    e, s = q["context"]["event"], q["seat"]
    c = parse_card(st, choice)
    if e == "barbero":
        pub(ev, "barber", by_seat=s, **where_public(st, c))
        resolve_now(st, [mark("barbero", [s], cid=c)])
    elif e == "confesion":
        st["cards"][c]["revealed"] = 1
        pub(ev, "confession", card=c, **where_public(st, c))
    elif e == "milagrero":
        st["cards"][c]["used"] = 0
        pub(ev, "miracle", **where_public(st, c))
    elif e == "despertar":
        awaken(st, ev, c)


# ---- Síndrome de Nostradamus -------------------------------------------------------------------

CONDITIONS = ("card_dies", "player_loses", "player_lynched", "quiet_night", "group_dies")
EFFECTS = ("kill", "revive", "reveal")


@handler("prophecy_condition")
def _prophecy_condition(st, ev, q, choice):
    x = {"condition": choice}
    if choice == "card_dies":
        opts = [card_opt(st, c) for c in living_targets(st)]
    elif choice in ("player_loses", "player_lynched"):
        opts = [seat_opt(t) for t in seats(st)]
    elif choice == "group_dies":
        opts = [opt(g, "group", group=g) for g in GROUPS]
    else:
        _prophecy_effect(st, q["seat"], {**x, "param": None})
        return
    ask(st, q["seat"], "prophecy_param", opts, None, "reactive", "prophecy_param", x)


@handler("prophecy_param")
def _prophecy_param(st, ev, q, choice):
    x = q["context"]
    param = parse_card(st, choice) if x["condition"] == "card_dies" else (
        parse_seat(choice) if x["condition"] != "group_dies" else choice)
    _prophecy_effect(st, q["seat"], {**x, "param": param})


def _prophecy_effect(st, s, x):
    ask(st, s, "prophecy_effect", [opt(k, "eff_" + k) for k in EFFECTS], "reveal", "reactive",
        "prophecy_effect", x)


@handler("prophecy_effect")
def _prophecy_eff(st, ev, q, choice):
    x = {**q["context"], "effect": choice}
    cards = dead_cards(st) if choice == "revive" else [c for t in seats(st) for c in st["rows"][t]
                                                         if alive(st, c)]
    cards = [c for c in cards if on_row(st, c) and active(st, owner(st, c))]
    if not cards:
        return
    ask(st, q["seat"], "prophecy_card", [card_opt(st, c) for c in cards], None, "reactive",
        "prophecy_card", x, alone="cover")


@handler("prophecy_card")
def _prophecy_card(st, ev, q, choice):
    x = q["context"]
    p = {"by": q["seat"], "condition": x["condition"], "param": x["param"], "effect": x["effect"],
         "card": parse_card(st, choice), "first_round": st["round"] + 1,
         "last_round": st["round"] + 2, "base": None}
    st["prophecies"].append(p)
    shown = (where_public(st, p["param"]) if x["condition"] == "card_dies" else
             {"target": x["param"]} if x["param"] is not None else {})
    pub(ev, "prophecy_" + x["condition"], by_seat=q["seat"], **shown)
    tell(ev, q["seat"], "prophecy_hidden", eff=x["effect"], **where_public(st, p["card"]))
    gm(ev, "gm_prophecy", by=q["seat"], cond="cond_" + x["condition"], eff=x["effect"],
       card=p["card"])


def arm_prophecies(st: dict) -> None:
    """At the start of the first night of a prophecy's window, note what counts as change."""
    for p in st["prophecies"]:
        if p["first_round"] == st["round"] and p["base"] is None:
            if p["condition"] == "player_loses":
                p["base"] = living(st, p["param"])
            elif p["condition"] == "group_dies":
                p["base"] = sum(1 for c in st["cards"] if group(c) == p["param"] and not alive(st, c))
            else:
                p["base"] = 0


def _fulfilled(st, p, quiet):
    if p["base"] is None:
        return False
    cond, x = p["condition"], p["param"]
    if cond == "card_dies":
        return not alive(st, x)
    if cond == "player_loses":
        return living(st, x) < p["base"]
    if cond == "player_lynched":
        return st["phase"] == "day" and x in st["day"]["lynched"]
    if cond == "group_dies":
        return sum(1 for c in st["cards"] if group(c) == x and not alive(st, c)) > p["base"]
    return quiet


def nostradamus_check(st: dict, ev: list, quiet: bool = False) -> None:
    for p in list(st["prophecies"]):
        if not _fulfilled(st, p, quiet):
            continue
        st["prophecies"].remove(p)
        c = p["card"]
        pub(ev, "prophecy_fulfilled", by_seat=p["by"], eff=p["effect"], **where_public(st, c))
        if p["effect"] == "kill" and alive(st, c):
            resolve_now(st, [mark("nostradamus", [p["by"]], cid=c)])
        elif p["effect"] == "revive":
            revive(st, ev, c, "nostradamus")
        elif p["effect"] == "reveal":
            st["cards"][c]["revealed"] = 1
            pub(ev, "confession", card=c, **where_public(st, c))


def expire_prophecies(st: dict) -> None:
    st["prophecies"] = [p for p in st["prophecies"] if p["last_round"] > st["round"]]

