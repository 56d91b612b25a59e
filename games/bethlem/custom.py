"""Custom-cards mode (spec §6.5): objective cards and their reveal, the traitor's choice, the
inquisitor's declaration, the custom events, and the custom characters the bot supports
(Arquitecto, Chef, Gas de la risa, Otaku, Cyborg, Médium, Superviviente, Alquimista).

Hooks called from the shared pipeline are no-ops outside this mode.
"""
from __future__ import annotations

from . import (alchemist, bodies, doctor, gambler, happenings, laughing, machines, maze,
               timecontrol, voodoo, watchmaker)
from .cards import CELLMATES, TWINS, catalog, group_rank, rules
from .core import ask, handler, opt, pub, push, task, tell
from .deaths import mark, resolve_now, revive
from .night import borrow_turn, kill_night, log, woke
from .objectives import declare, refresh, wakes_with_mutineers
from .table import (acting_seat, active, alive, card_opt, dead_cards, held, inactive,
                    living_targets, neighbour, on_row, owner, parse_card, parse_seat, seat_opt,
                    seats, where, where_public)

SUPPORTED = ("arquitecto", "chef", "gas_risa", "otaku", "cyborg", "medium", "superviviente",
             "alquimista", "ludopata", "relojero", "vudu", "medico")
STEP_CARD = {"c5": "superviviente", "c6": "relojero", "c8": "arquitecto", "c9": "vudu",
             "c11": "gas_risa", "c12": "ludopata", "c13": "otaku", "c14": "cyborg", "c15": "chef",
             "c16": "medium", "c27": "relojero", "c32": "medico"}
HAKIS = ("haki_off", "haki_def", "haki_obs")


def cx(st: dict) -> dict:
    return st["custom"]


def custom_called(st: dict, code: str) -> bool:
    card = STEP_CARD.get(code)
    if card is None or card not in st["cards"]:
        return False
    if code in ("c5", "c6"):
        return st["round"] == 1
    if code == "c27":
        return watchmaker.called_late(st)
    if code in ("c8", "c14"):
        return True
    return not st["cards"][card]["dead"]


def extra_power(st: dict, s: int) -> bool:
    """The extra power is for players who do not wake with the mutineers."""
    return not wakes_with_mutineers(st, s)


# ---- objective reveal --------------------------------------------------------------------------

def reveal_objective(st: dict, ev: list, s: int, why: str) -> None:
    """Show a seat's objective card, saying which rule did it (`reveal_reasons` in the
    locales)."""
    if not st["objective_shown"][s]:
        st["objective_shown"][s] = 1
        happenings.note_reveal(st, s)
        pub(ev, "objective_revealed", seat=s, objective=st["objective_cards"][s], why=why)


def _reveal_due(st, s):
    cards = held(st, s)
    if "alquimista" in cards:
        return all(not alive(st, c) or st["cards"][c].get("ghost") for c in cards) and st["eliminated"][s]
    if "arquitecto" in cards and cx(st)["link"] and alive(st, cx(st)["link"]):
        return False
    best = min(group_rank(c) for c in cards)
    return any(group_rank(c) == best and not alive(st, c) for c in cards)


def after_cascade(st: dict, ev: list) -> None:
    if st["mode"] != "custom":
        return
    sv = "superviviente"
    if sv in st["cards"] and not alive(st, sv) and st["cards"][sv].get("died_round", 99) <= 3:
        declare(st, ev, [owner(st, sv)], "survivor")
        return
    arch = owner(st, "arquitecto") if "arquitecto" in st["cards"] else None
    if arch is not None and st["eliminated"][arch]:
        cx(st)["link"] = None
    for s in range(st["players"]):
        if not st["objective_shown"][s] and _reveal_due(st, s):
            reveal_objective(st, ev, s, "principal_died")
    from .objectives import check
    if not check(st, ev):
        alchemist.offer_return(st, ev)


def rabies_reveal(st: dict, ev: list, s: int) -> None:
    """FAQ 15.3: rabies shows the objective of the first mutineer to the left; nobody dies."""
    t = s
    for _ in range(st["players"]):
        t = neighbour(st, t, 1)
        if t is None or t == s:
            return
        if wakes_with_mutineers(st, t):
            reveal_objective(st, ev, t, "rabies")
            return


# ---- immunities in the pipeline ----------------------------------------------------------------

def custom_filter(st: dict, ev: list, batch: list) -> list:
    if st["mode"] != "custom":
        return batch
    c = cx(st)
    out = []
    for m in batch:
        card = m["card"]
        info = st["cards"][card]
        if info.get("ghost") or timecontrol.untouchable(st, card) or bodies.immune(st, card):
            continue
        if card == "superviviente" and info["awake"] and st["round"] <= info.get("awoke_round", 0) + 3:
            continue
        if card in c["shield"] and not m["inevitable"]:
            c["shield"].remove(card)
            continue
        if card == "otaku" and c["observed"] and alive(st, c["observed"]) and not m["inevitable"]:
            continue
        if card == "cyborg" and not inactive(st, card):
            _cyborg_hit(st, ev)
            continue
        if machines.robot_shield(st, ev, m):
            continue
        if card == laughing.CARD and not inactive(st, card):
            out += laughing.pills(st, ev, m)
            continue
        out.append(m)
    out = happenings.spy_filter(st, ev, watchmaker.filter_batch(st, ev, out))
    for m in out:
        if m["card"] == "superviviente":
            st["cards"]["superviviente"]["died_round"] = st["round"]
    return out


def _cyborg_hit(st, ev):
    c = cx(st)
    c["points"] += 1
    s = owner(st, "cyborg")
    cands = [t for t in living_targets(st) if owner(st, t) != s]
    if cands and not st["eliminated"][s]:
        ask(st, s, "cyborg_swap", [card_opt(st, t) for t in cands], card_opt(st, cands[0])[0],
            "reactive", "cyborg_swap")


@handler("cyborg_swap")
def _cyborg_swap(st, ev, q, choice):
    t = parse_card(st, choice)
    (a, pa), (b, pb) = where(st, "cyborg"), where(st, t)
    st["rows"][a][pa - 1], st["rows"][b][pb - 1] = t, "cyborg"
    pub(ev, "cyborg_swap", seat=a, pos=pa, to_seat=b, to_pos=pb)
    for s in (a, b):
        tell(ev, s, "your_row", row=list(st["rows"][s]))
    refresh(st, ev)


# ---- night steps -------------------------------------------------------------------------------

def _c5(st, ev):
    s = acting_seat(st, "superviviente")
    if s is not None:
        pub(ev, "survivor_announced", seat=s)


def _c8(st, ev):
    card = "arquitecto"
    s = owner(st, card)
    link = cx(st)["link"]
    if s is None or st["eliminated"][s] or inactive(st, card):
        return
    if not alive(st, card) and not (link and alive(st, link)):
        return
    woke(st, "c8", s)
    maze.offer(st, s)
    if link is None:
        ask(st, s, "architect_link", [card_opt(st, c) for c in living_targets(st, (card,))],
            None, "night_step", "architect_link")
        return
    _labyrinth(st, s)


def _labyrinth(st, s):
    _pick_new_seat(st, s, "labyrinth", cx(st)["maze"])


def _pick_new_seat(st, s, kind, picked):
    """Laberinto and the Chef's meal may each name any other player not named before."""
    pool = [t for t in seats(st) if t != s and t not in picked]
    if pool:
        ask(st, s, kind, [opt("pass", "pass")] + [seat_opt(t) for t in pool], "pass",
            "night_step", kind)


@handler("architect_link")
def _architect_link(st, ev, q, choice):
    cx(st)["link"] = parse_card(st, choice)
    log(st, ev, "gm_architect_link", **where_public(st, cx(st)["link"]))
    _labyrinth(st, q["seat"])


@handler("labyrinth")
def _labyrinth_h(st, ev, q, choice):
    if choice == "pass":
        return
    t = parse_seat(choice)
    cx(st)["maze"].append(t)
    st["night"]["dawn_public"] = st["night"].get("dawn_public", []) + [["labyrinth", {"seat": t}]]
    tell(ev, q["seat"], "labyrinth_sees", seat=t, card=st["personalities"][t])
    _borrow_personality(st, q["seat"], t)
    if extra_power(st, q["seat"]):
        tell(ev, q["seat"], "objective_seen", seat=t, objective=st["objective_cards"][t])


def _borrow_personality(st, a, t):
    """The Arquitecto uses the marked player's personality in their place this round (RULING:
    his own is set aside for the round, and the marked player has none)."""
    p = st["personalities"]
    cx(st)["maze_swap"] = {"architect_seat": a, "marked_seat": t, "architect_personality": p[a],
                          "marked_personality": p[t]}
    p[a], p[t] = p[t], "cuentacuentos"


def restore_personalities(st: dict) -> None:
    swap = cx(st).pop("maze_swap", None)
    if swap:
        st["personalities"][swap["architect_seat"]] = swap["architect_personality"]
        st["personalities"][swap["marked_seat"]] = swap["marked_personality"]


def _c13(st, ev):
    s = acting_seat(st, "otaku")
    if s is None:
        return
    machines.recover_hakis(st)
    if len(cx(st)["hakis"]) == len(HAKIS):
        return
    woke(st, "c13", s)
    if extra_power(st, s):
        ask(st, s, "otaku_peek", [opt("pass", "pass")] + [
            card_opt(st, c) for c in living_targets(st) if owner(st, c) != s], "pass",
            "night_step", "otaku_peek")
    else:
        _haki_ask(st, s)


def _haki_ask(st, s):
    left = [h for h in HAKIS if h not in cx(st)["hakis"]]
    no = {"haki_off": "parca_night"} if "haki_off" in left and kill_night(st) else {}
    ask(st, s, "haki", [opt("pass", "pass")] + [opt(h, h) for h in left if h not in no], "pass",
        "night_step", "haki", refused=no)


@handler("otaku_peek")
def _otaku_peek(st, ev, q, choice):
    if choice != "pass":
        c = parse_card(st, choice)
        tell(ev, q["seat"], "peek_result", card=c, **where_public(st, c))
        st["known_cards"][q["seat"]].append(c)
    _haki_ask(st, q["seat"])


@handler("haki")
def _haki(st, ev, q, choice):
    if choice == "pass":
        return
    ask(st, q["seat"], "haki_target", [card_opt(st, c) for c in living_targets(st)], None,
        "night_step", "haki_target", {"haki": choice})


@handler("haki_target")
def _haki_target(st, ev, q, choice):
    h, c = q["context"]["haki"], parse_card(st, choice)
    cx(st)["hakis"].append(h)
    if h == "haki_off":
        from .deaths import place
        place(st, c, mark("otaku", [q["seat"]]))
    elif h == "haki_def":
        cx(st)["shield"].append(c)
    else:
        cx(st)["observed"] = c
    log(st, ev, "gm_haki", by=q["seat"], haki=h, **where_public(st, c))


def _c14(st, ev):
    machines.robot_turn(st, ev)
    c = cx(st)
    s = st["cards"]["cyborg"]["first_owner"]
    if st["eliminated"][s] or c["points"] < 1:
        return
    costs = catalog_costs()
    opts = [opt(k, "cyborg_" + k, cost=v) for k, v in costs.items() if v <= c["points"]]
    no = {"kill": "parca_night"} if kill_night(st) else {}
    ask(st, s, "cyborg_points", [opt("pass", "pass")] + [o for o in opts if o[0] not in no],
        "pass", "night_step", "cyborg_points", refused=no)


def catalog_costs():
    return rules()["cyborg_costs"]


@handler("cyborg_points")
def _cyborg_points(st, ev, q, choice):
    if choice == "pass":
        return
    cards = dead_cards(st) if choice == "revive" else living_targets(st)
    cards = [c for c in cards if on_row(st, c) and active(st, owner(st, c))]
    if cards:
        ask(st, q["seat"], "cyborg_target", [card_opt(st, c) for c in cards], None, "night_step",
            "cyborg_target", {"use": choice})


@handler("cyborg_target")
def _cyborg_target(st, ev, q, choice):
    use, c = q["context"]["use"], parse_card(st, choice)
    cx(st)["points"] -= catalog_costs()[use]
    if use == "look":
        tell(ev, q["seat"], "peek_result", card=c, **where_public(st, c))
        st["known_cards"][q["seat"]].append(c)
    elif use == "kill":
        from .deaths import place
        place(st, c, mark("cyborg", [q["seat"]]))
    else:
        revive(st, ev, c, "cyborg")


def _c15(st, ev):
    s = acting_seat(st, "chef")
    if s is None:
        return
    woke(st, "c15", s)
    c = cx(st)
    if st["round"] == 1 and not c["broccoli_dealt"]:
        c["broccoli_dealt"] = 1
        c["centre"] += len(seats(st))
    c["fed"] = []
    machines.steal_offer(st, s)
    _serve(st, s)


def _serve(st, s):
    """The chef hands out broccoli from the centre, one per player per round."""
    c = cx(st)
    if c["centre"] <= 0:
        _meal(st, s)
        return
    cap_one = c["centre"] <= len(seats(st))
    cards = [t for t in living_targets(st) if t != "chef"
             and not (cap_one and owner(st, t) in c["fed"])]
    if not cards:
        _meal(st, s)
        return
    ask(st, s, "broccoli", [opt("stop", "pass")] + [card_opt(st, t) for t in cards], "stop",
        "night_step", "broccoli")


@handler("broccoli")
def _broccoli(st, ev, q, choice):
    if choice == "stop":
        _meal(st, q["seat"])
        return
    t = parse_card(st, choice)
    c = cx(st)
    c["centre"] -= 1
    c["fed"].append(owner(st, t))
    add_broccoli(st, t)
    _serve(st, q["seat"])


def add_broccoli(st: dict, t: str) -> None:
    c = cx(st)
    c["broccoli"][t] = c["broccoli"].get(t, 0) + 1
    need = 2 if st["cards"]["chef"]["announced"] else 3
    if c["broccoli"][t] >= need:
        c["broccoli"].pop(t)
        c["broccoli_deaths"].append(t)


def _meal(st, s):
    _pick_new_seat(st, s, "chef_meal", cx(st)["meals"])


@handler("chef_meal")
def _chef_meal(st, ev, q, choice):
    if choice == "pass":
        return
    t = parse_seat(choice)
    cx(st)["meals"].append(t)
    tell(ev, q["seat"], "meal_partner", seat=t, objective=st["objective_cards"][t])
    tell(ev, t, "meal_partner", seat=q["seat"], objective=st["objective_cards"][q["seat"]])


@task("after_lynches")
def _after_lynches(st, ev):
    """Right after a day's lynches: La Médium changes body, then El Relojero's trip back."""
    if st["mode"] == "custom":
        bodies.switch(st, ev)
        push(st, ["time_past"])


def dawn_marks(st: dict) -> list:
    """Broccoli deaths are not skulls: they join the dawn batch after Paciencia has acted."""
    if st["mode"] != "custom":
        return []
    out = [mark("brocoli", [], cid=t) for t in cx(st)["broccoli_deaths"] if alive(st, t)]
    cx(st)["broccoli_deaths"] = []
    return out


def _c16(st, ev):
    s = acting_seat(st, "medium")
    if s is None or bodies.body(st) == "flesh":
        return
    woke(st, "c16", s)
    borrow = catalog()["borrowable"]
    spirit = bodies.body(st)
    cards = [c for c in dead_cards(st) if c in borrow and borrow[c] not in ("16", "16b", "day")
             and (c not in cx(st).get("medium_cards", []) if spirit == "spirit"
                  else owner(st, c) not in cx(st)["medium"])
             and not st["night"]["director_turn"]]
    ask(st, s, "medium", [opt("pass", "pass")] + [card_opt(st, c) for c in cards], "pass",
        "night_step", "medium")


@handler("medium")
def _medium(st, ev, q, choice):
    s = q["seat"]
    if choice != "pass":
        c = parse_card(st, choice)
        cx(st)["medium"].append(owner(st, c))
        cx(st).setdefault("medium_cards", []).append(c)
        pub(ev, "medium_borrows", card=c)
        borrow_turn(st, c, s, "medium")
    if extra_power(st, s):
        ask(st, s, "medium_sight", [opt("pass", "pass")] + [seat_opt(t) for t in seats(st)
                                                           if t != s],
            "pass", "night_step", "medium_sight")


@handler("medium_sight")
def _medium_sight(st, ev, q, choice):
    if choice != "pass":
        t = parse_seat(choice)
        tell(ev, q["seat"], "objective_seen", seat=t, objective=st["objective_cards"][t])


STEPS = {"c5": _c5, "c6": watchmaker.setup_step, "c8": _c8, "c9": voodoo.step, "c11": laughing.step,
         "c12": gambler.step, "c13": _c13, "c14": _c14, "c15": _c15, "c16": _c16,
         "c27": watchmaker.step, "c32": doctor.step}


# ---- day: the inquisitor and the custom events -------------------------------------------------

def day_powers(st: dict, s: int) -> list:
    if st["mode"] != "custom":
        return []
    out = happenings.risky_power(st, s) + alchemist.day_powers(st, s)
    if st["objective_cards"][s] == "obj_inquisidor" and cx(st)["inquired"] != st["round"]:
        out.append(opt("inquire", "inquire"))
    return out


def _slots(st, s):
    slots = [["twins"], ["twins"], ["cellmates"], ["cellmates"], ["cellmates"], ["pact"]]
    return slots + [["obj", t] for t in range(st["players"]) if t != s]


def use_power(st: dict, ev: list, s: int, choice: str) -> None:
    if choice == "risky":
        happenings.risky(st, ev, s)
        return
    if choice == "sacrifice":
        alchemist.sacrifice(st, ev, s)
        return
    cx(st)["inquired"] = st["round"]
    _inquire_next(st, s, [])


def _inquire_next(st, s, answers):
    slots = _slots(st, s)
    if len(answers) == len(slots):
        push(st, ["inquiry_check", s, answers])
        return
    slot = slots[len(answers)]
    if slot[0] == "obj":
        opts = [opt(o, "objective_card", objective=o) for o in catalog()["objectives"]]
    else:
        opts = [seat_opt(t) for t in range(st["players"])] + ([opt("none", "none")]
                                                       if slot[0] == "pact" else [])
    about = {"seat": slot[1]} if len(slot) > 1 else {}
    ask(st, s, "inquiry_about" if about else "inquiry", opts, opts[0][0], "reactive", "inquiry",
        {"answers": answers}, slot=slot[0], **about)


@handler("inquiry")
def _inquiry(st, ev, q, choice):
    _inquire_next(st, q["seat"], q["context"]["answers"] + [choice])


def _truth(st, s):
    def holders(cards):
        return sorted(f"s{owner(st, c)}" for c in cards if c in st["cards"])
    pact = st["pact"]
    return [sorted(x) for x in (holders(TWINS), holders(CELLMATES))] + [
        f"s{owner(st, 'pacto_de_sangre')}" if "pacto_de_sangre" in st["cards"] and pact else "none"
    ] + [st["objective_cards"][t] for t in range(st["players"]) if t != s]


@task("inquiry_check")
def _inquiry_check(st, ev, s, answers):
    said = [sorted(answers[0:2]), sorted(answers[2:5]), answers[5]] + answers[6:]
    if said == _truth(st, s):
        pub(ev, "inquisition_right", seat=s)
        declare(st, ev, [s], "inquisitor")
    else:
        pub(ev, "inquisition_wrong", seat=s)
        reveal_objective(st, ev, s, "inquisition")


def day_event(st: dict, ev: list, s: int, e: str) -> None:
    if e == "psiquiatra":
        ask(st, s, "event_player", [seat_opt(t) for t in seats(st)], None, "reactive",
            "psychiatrist", {"first_seat": None}, event=e, alone="cover")
    elif e == "pandora":
        ask(st, s, "event_card", [card_opt(st, c) for c in living_targets(st)], None,
            "reactive", "pandora", event=e, alone="cover")


@handler("psychiatrist")
def _psychiatrist(st, ev, q, choice):
    t = parse_seat(choice)
    a = q["context"]["first_seat"]
    if a is None:
        ask(st, q["seat"], "event_player", [seat_opt(x) for x in seats(st) if x != t], None,
            "reactive", "psychiatrist", {"first_seat": t}, event="psiquiatra")
        return
    oc = st["objective_cards"]
    oc[a], oc[t] = oc[t], oc[a]
    st["objective_shown"][a] = st["objective_shown"][t] = 0
    pub(ev, "objectives_swapped", seats=[a, t])
    for x in (a, t):
        tell(ev, x, "your_objective_card", objective=oc[x])
    refresh(st, ev)


@handler("pandora")
def _pandora(st, ev, q, choice):
    c = parse_card(st, choice)
    st["tokens"]["pandora"].append(c)
    st["cards"][c]["awake"] = 0
    pub(ev, "pandora", **where_public(st, c))


def upkeep(st: dict, ev: list) -> None:
    """End of round: bets are settled; broccoli on cards not used this round pass to the left
    neighbour."""
    if st["mode"] != "custom":
        return
    restore_personalities(st)
    maze.restore(st)
    happenings.end_round(st)
    happenings.start_round(st, ev)
    timecontrol.start_round(st)
    bodies.start_round(st)
    if "ludopata" in st["cards"]:
        gambler.settle(st, ev, st["round"] - 1)
    if "chef" not in st["cards"]:
        return
    c = cx(st)
    for t, n in list(c["broccoli"].items()):
        if t == "chef" or not alive(st, t) or owner(st, t) is None:
            c["centre"] += n
            c["broccoli"].pop(t, None)
            continue
        s = owner(st, t)
        used = any(s in st["night"]["woke"].get(code, []) for code in catalog()["life"][t]["steps"])
        if used:
            c["centre"] += 1
            continue
        left = neighbour(st, s, 1)
        dest = next((x for x in st["rows"][left] if alive(st, x)), None) if left is not None \
            else None
        if dest is not None:
            c["broccoli"].pop(t, None)
            for _ in range(n):
                add_broccoli(st, dest)
    dying = [x for x in c["broccoli_deaths"] if alive(st, x)]
    c["broccoli_deaths"] = []
    if dying:
        resolve_now(st, [mark("brocoli", [], cid=x) for x in dying])
