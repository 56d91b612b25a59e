"""Awakenings of El Otaku and El Cyborg, and La Chef's comeback (spec §6.5.2).

- Haki del Rey: while the awakened Otaku lives, only main-character cards wake at night (the
  mutineers' turn belongs to an objective, not a card, and stays); spent hakis come back once,
  at the Otaku's next turn.
- Máquina de matar (announced): two robots. While one is left, the Cyborg's holder kills one
  card at step 14, and an attack on any of that holder's cards destroys a robot instead.
- Chef (extra power): when the card dies, its holder may destroy all food in play to bring it
  back; the objective is revealed anyway. Comida rápida (announced): a card broccoli killed
  lends the Chef its night power, awakening included, the next round.
"""
from __future__ import annotations

from .cards import catalog, group
from .core import ask, handler, opt, pub
from .deaths import revive
from .night import borrow_turn, kill_night, log, mark_death, woke
from .objectives import wakes_with_mutineers
from .table import alive, card_opt, living_targets, owner, parse_card


def king(st: dict) -> bool:
    info = st["cards"].get("otaku")
    return bool(info) and info["awake"] and alive(st, "otaku") and owner(st, "otaku") is not None


def asleep(st: dict, cid: str) -> bool:
    """Haki del Rey keeps every other group in bed at night."""
    return st["phase"] == "night" and group(cid) != "P1" and king(st)


def recover_hakis(st: dict) -> None:
    c = st["custom"]
    if st["cards"]["otaku"]["awake"] and not c.get("king"):
        c["king"], c["hakis"] = 1, []


# ---- the Cyborg's robots -----------------------------------------------------------------------

def robots(st: dict) -> int:
    if "cyborg" not in st["cards"] or not st["cards"]["cyborg"]["announced"]:
        return 0
    return 2 - st["custom"].get("robots_lost", 0)


def robot_shield(st: dict, ev: list, m: dict) -> bool:
    """True when a robot takes this attack."""
    if m["inevitable"] or not robots(st) or owner(st, m["card"]) != owner(st, "cyborg"):
        return False
    st["custom"]["robots_lost"] = st["custom"].get("robots_lost", 0) + 1
    pub(ev, "robot_destroyed", left=robots(st))
    return True


def robot_turn(st: dict, ev: list) -> None:
    s = owner(st, "cyborg")
    if not robots(st) or s is None or st["eliminated"][s] or kill_night(st):
        return
    woke(st, "c14", s)
    ask(st, s, "robot_kill", [opt("pass", "pass")] + [card_opt(st, c) for c in living_targets(st)
                                                      if owner(st, c) != s],
        "pass", "night_step", "robot_kill")


@handler("robot_kill")
def _robot_kill(st, ev, q, choice):
    if choice == "pass":
        return
    c = parse_card(st, choice)
    mark_death(st, ev, c, "cyborg", q["seat"])


# ---- the Chef's comeback -----------------------------------------------------------------------

def _food(st):
    c = st["custom"]
    return c["centre"] + sum(c["broccoli"].values()) + len(c["broccoli_deaths"])


def chef_fires(st: dict, c: str, seat: int) -> bool:
    return c == "chef" and st["mode"] == "custom" and not wakes_with_mutineers(st, seat) \
        and _food(st) > 0


def chef_offer(st: dict, ev: list) -> None:
    s = owner(st, "chef")
    ask(st, s, "chef_return", [opt("no", "no"), opt("yes", "destroy_food")],
        "no", "reactive", "chef_return")


@handler("chef_return")
def _chef_return(st, ev, q, choice):
    if choice != "yes":
        return
    c = st["custom"]
    c["broccoli"], c["broccoli_deaths"], c["centre"] = {}, [], 0
    pub(ev, "food_destroyed", seat=q["seat"])
    revive(st, ev, "chef", "chef")
    from .custom import reveal_objective
    reveal_objective(st, ev, q["seat"], "chef")


# ---- the Chef's "Comida rápida": stealing a broccoli victim's power ----------------------------

def stolen_candidates(st: dict) -> list:
    """Cards broccoli killed last round, whose night power the announced Chef may take, with
    its awakening, this round (one a night: the borrow slot is shared with La Médium)."""
    borrow = catalog()["borrowable"]
    return [c for c, info in sorted(st["cards"].items())
            if info["dead"] and info.get("cause") == "brocoli" and info.get("died_round") == st["round"] - 1
            and not info.get("gone") and borrow.get(c) not in (None, "16", "16b", "day")]


def steal_offer(st: dict, s: int) -> None:
    if not st["cards"]["chef"]["announced"] or st["night"]["director_turn"]:
        return
    cards = stolen_candidates(st)
    if cards:
        ask(st, s, "chef_steal", [opt("pass", "pass")] + [card_opt(st, c) for c in cards],
            "pass", "night_step", "chef_steal")


@handler("chef_steal")
def _steal(st, ev, q, choice):
    if choice == "pass":
        return
    c = parse_card(st, choice)
    log(st, ev, "gm_chef_steals", by=q["seat"], card=c)
    borrow_turn(st, c, q["seat"], "chef")
