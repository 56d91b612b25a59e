"""La Ludópata (spec §6.5.2, custom step 12): one bet a round, settled at the end of the round;
winnings are collected at her next turn.

Bets: the player winning at the end of the round (a tied leader counts; reward: look at a card),
a group that loses a card (reward: kill), a cellmate dies (1 reward), a given card dies
(2 rewards), both twins die (3 rewards or one awakening). Rewards are a kill, a look or an event.
Risk: the player bet on ends among the losing ones, or a death bet in a round where no card died
-> her card dies. Announced awakening: two bets a round, no per-type cap, no risk.
"""
from __future__ import annotations

from .cards import CELLMATES, GROUPS, TWINS, group, rules
from .core import ask, handler, opt, plural, pub, tell
from .deaths import awaken, mark, resolve_now
from .night import kill_night, log, mark_death, woke
from .table import (acting_seat, alive, card_opt, held, living, living_targets, owner,
                    parse_card, parse_seat, seat_opt, seats, where_public)

BETS = ("leader", "group", "cellmate", "card", "twins")


def _g(st):
    return st["custom"]["gamble"]


def _lucky(st):
    return bool(st["cards"]["ludopata"]["announced"])


def step(st: dict, ev: list) -> None:
    s = acting_seat(st, "ludopata")
    if s is None:
        return
    woke(st, "c12", s)
    _next(st, s)


def _next(st, s):
    """Collect what is owed first, then place the round's bets."""
    g = _g(st)
    if g["owed"]:
        _collect(st, s, g["owed"][0])
        return
    if len([b for b in g["bets"] if b["round"] == st["round"]]) >= (2 if _lucky(st) else 1):
        return
    cap = rules()["ludopata_bets_per_type"]
    kinds = [k for k in BETS if _lucky(st) or g["count"].get(k, 0) < cap]
    if "cellmate" in kinds and CELLMATES[0] not in st["cards"]:
        kinds.remove("cellmate")
    if "twins" in kinds and not all(t in st["cards"] and alive(st, t) for t in TWINS):
        kinds.remove("twins")
    ask(st, s, "bet", [opt("pass", "pass")] + [opt(k, "bet_" + k) for k in kinds], "pass",
        "night_step", "bet")


@handler("bet")
def _bet(st, ev, q, choice):
    if choice == "pass":
        return
    s = q["seat"]
    if choice == "leader":
        opts = [seat_opt(t) for t in seats(st)]
    elif choice == "group":
        opts = [opt(g, "group", group=g) for g in GROUPS]
    elif choice == "card":
        opts = [card_opt(st, c) for c in living_targets(st)]
    else:
        _place(st, ev, s, choice, None)
        return
    ask(st, s, "bet_on", opts, None, "night_step", "bet_on", {"bet": choice})


@handler("bet_on")
def _bet_on(st, ev, q, choice):
    k = q["context"]["bet"]
    arg = parse_card(st, choice) if k == "card" else (parse_seat(choice) if k == "leader"
                                                       else choice)
    _place(st, ev, q["seat"], k, arg)


def _place(st, ev, s, kind, arg):
    g = _g(st)
    g["count"][kind] = g["count"].get(kind, 0) + 1
    g["bets"].append({"kind": kind, "arg": arg, "round": st["round"]})
    log(st, ev, "gm_bet", by=s, bet=kind)
    _next(st, s)


# ---- settling at the end of the round ----------------------------------------------------------

def _rank(st, s):
    dead = [sum(1 for c in held(st, s) if group(c) == g and not alive(st, c)) for g in GROUPS]
    return (living(st, s), [-d for d in dead])


def settle(st: dict, ev: list, r: int) -> None:
    """End of round r: pay the bets placed that round, or make the gambler pay."""
    g = _g(st)
    bets = [b for b in g["bets"] if b["round"] == r]
    g["bets"] = [b for b in g["bets"] if b["round"] != r]
    if not bets or "ludopata" not in st["cards"]:
        return
    died = [c for c, info in st["cards"].items() if info["dead"] and info.get("died_round") == r]
    act = seats(st)
    ranks = {s: _rank(st, s) for s in act}
    top = max(ranks.values()) if act else None
    low = min(ranks.values()) if act else None
    lose = False
    for b in bets:
        k, a = b["kind"], b["arg"]
        won = {"leader": a in act and ranks[a] == top,
               "group": any(group(c) == a for c in died),
               "cellmate": any(c in CELLMATES for c in died),
               "card": a in died,
               "twins": all(t in died or (t in st["cards"] and st["cards"][t]["dead"]) for t in TWINS)
               and any(t in died for t in TWINS)}[k]
        if won:
            g["owed"].append({"leader": ["look"], "group": ["kill"], "cellmate": ["any"],
                              "card": ["any", "any"], "twins": ["jackpot"]}[k])
        elif k == "leader" and a in act and ranks[a] == low and len(act) > 1:
            lose = True
        elif k != "leader" and not died:
            lose = True
    s = owner(st, "ludopata")
    if s is not None:
        tell(ev, s, plural("bets_settled", len(g["owed"])), won=len(g["owed"]))
    if lose and not _lucky(st) and alive(st, "ludopata"):
        resolve_now(st, [mark("ludopata", [], indirect=1, cid="ludopata")])


# ---- collecting ----------------------------------------------------------------------------

def _collect(st, s, owed):
    kind = owed[0]
    if kind == "jackpot":
        keys = ["any3"] + (["awaken"] if _sleepers(st, s) else [])
    elif kind == "any":
        keys = ["kill", "look", "event"]
    else:
        keys = [kind]
    no = {"kill": "parca_night"} if "kill" in keys and kill_night(st) else {}
    ask(st, s, "reward", [opt(k, "reward_" + k) for k in keys if k not in no]
        + [opt("pass", "pass")], "pass", "night_step", "reward", refused=no)


def _sleepers(st, s):
    return [c for c in st["rows"][s] if alive(st, c) and not st["cards"][c]["awake"]]


def _pay(st, s, used_all=False):
    g = _g(st)
    g["owed"][0].pop(0)
    if used_all or not g["owed"][0]:
        g["owed"].pop(0)


@handler("reward")
def _reward(st, ev, q, choice):
    s, g = q["seat"], _g(st)
    if choice == "pass":
        g["owed"].pop(0)
        _next(st, s)
        return
    if choice == "any3":
        g["owed"][0] = ["any", "any", "any"]
        _collect(st, s, g["owed"][0])
        return
    if choice == "event":
        _pay(st, s)
        if st["deck"]:
            e = st["deck"].pop(0)
            st["hands"][s].append(e)
            pub(ev, "drew_event", seat=s)
            tell(ev, s, "you_drew", event=e)
        _next(st, s)
        return
    cards = _sleepers(st, s) if choice == "awaken" else [
        c for c in living_targets(st) if choice == "kill" or owner(st, c) != s]
    if not cards:
        _pay(st, s, choice == "awaken")
        _next(st, s)
        return
    ask(st, s, "reward_target", [card_opt(st, c) for c in cards], None, "night_step",
        "reward_target", {"reward": choice})


@handler("reward_target")
def _reward_target(st, ev, q, choice):
    s, k, c = q["seat"], q["context"]["reward"], parse_card(st, choice)
    _pay(st, s, k == "awaken")
    if k == "kill":
        mark_death(st, ev, c, "ludopata", s)
    elif k == "look":
        tell(ev, s, "peek_result", card=c, **where_public(st, c))
        st["known_cards"][s].append(c)
    else:
        awaken(st, ev, c)
    _next(st, s)
