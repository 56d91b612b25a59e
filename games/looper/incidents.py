"""Incidents (spec 3.5, step S7): whether today's incident occurs, the Mastermind's choices it
needs, and its effect. An incident that occurs but finds no legal target still counts as having
occurred and is announced as "nothing happened"; the culprit is never named."""
from __future__ import annotations

from games.looper import data
from games.base import GM
from games.looper.cards import forbidden
from games.looper.table import (add, effective_role, emit, here, is_alive, kill,
                                kill_protagonists, living, panicked, remove)

# Incidents whose effect needs a Mastermind choice: it is asked every time they occur, even
# with a single option, so the question itself says nothing about the board's hidden side.
CHOOSING = ("murder", "increasing_unease", "faraway_murder", "missing_person", "spreading",
            "butterfly_effect")
NOTHING = "nothing"


def today(s: dict) -> dict | None:
    return next((i for i in s["script"]["incidents"] if i["day"] == s["day"]), None)


def occurs(s: dict, inc: dict) -> bool:
    return panicked(s, inc["culprit"])


def choice_options(s: dict, inc: dict) -> list[list]:
    name, culprit = inc["incident"], inc["culprit"]
    loc = s["characters"][culprit]["location"]
    alive = living(s)
    out: list[list] = []
    if name == "murder":
        out = [[c, "victim", {"character": c}] for c in here(s, loc, exclude=culprit)]
    elif name == "faraway_murder":
        out = [[c, "victim", {"character": c}] for c in alive
               if s["characters"][c]["intrigue"] >= 2]
    elif name == "increasing_unease":
        out = [[f"{a}>{b}", "unease", {"paranoia": a, "intrigue": b}]
               for a in alive for b in alive if a != b]
        if not out:
            out = [[f"{a}>", "unease_alone", {"paranoia": a}] for a in alive]
    elif name == "missing_person":
        out = [[loc2, "destination", {"location": loc2}] for loc2 in data.LOCATIONS
               if loc2 not in forbidden(s, culprit)]
    elif name == "spreading":
        out = [[f"{a}>{b}", "spreading", {"source": a, "target": b}]
               for a in alive for b in alive if a != b]
    elif name == "butterfly_effect":
        out = [[f"{k}>{c}", "butterfly", {"counter": k, "character": c}]
               for c in here(s, loc) for k in ("goodwill", "paranoia", "intrigue")]
    return out or [[NOTHING, "nothing", {}]]


def resolve(s: dict, ev: list, inc: dict, choice: str | None) -> None:
    """Apply an occurring incident with the Mastermind's choice (None for those without)."""
    name, culprit = inc["incident"], inc["culprit"]
    s["incidents_occurred"].append(dict(inc))
    emit(ev, "gm_incident", GM, incident=name, culprit=culprit)
    if choice == NOTHING:
        emit(ev, "incident_nothing", incident=name)
        return
    if name in ("murder", "faraway_murder", "suicide"):
        victim = culprit if name == "suicide" else choice
        if effective_role(s, victim) == "time_traveler":
            emit(ev, "incident_nothing", incident=name)
            return
        emit(ev, "incident_occurred", incident=name)
        kill(s, ev, victim, name)
    elif name == "hospital_incident":
        inside = here(s, "hospital")
        if s["location_intrigue"]["hospital"] < 1 or (not inside and
                                                      s["location_intrigue"]["hospital"] < 2):
            emit(ev, "incident_nothing", incident=name)
            return
        emit(ev, "incident_occurred", incident=name)
        for c in inside:
            kill(s, ev, c, name)
        if s["location_intrigue"]["hospital"] >= 2:
            kill_protagonists(s, ev, name)
    elif name == "increasing_unease":
        emit(ev, "incident_occurred", incident=name)
        first, _, second = choice.partition(">")
        add(s, ev, first, "paranoia", 2)
        if second and is_alive(s, second):
            add(s, ev, second, "intrigue", 1)
    elif name == "missing_person":
        emit(ev, "incident_occurred", incident=name)
        if s["characters"][culprit]["location"] != choice:
            s["characters"][culprit]["location"] = choice
            emit(ev, "moved", character=culprit, location=choice)
        add(s, ev, choice, "intrigue", 1)
    elif name == "spreading":
        emit(ev, "incident_occurred", incident=name)
        src, _, dst = choice.partition(">")
        before = s["characters"][src]["goodwill"]
        remove(s, ev, src, "goodwill", 2)
        taken = before - s["characters"][src]["goodwill"]
        gain = 2 if s["options"]["spreading_mode"] == "literal" else taken
        add(s, ev, dst, "goodwill", gain)
    elif name == "foul_evil":
        emit(ev, "incident_occurred", incident=name)
        add(s, ev, "shrine", "intrigue", 2)
    elif name == "butterfly_effect":
        emit(ev, "incident_occurred", incident=name)
        kind, _, target = choice.partition(">")
        add(s, ev, target, kind, 1)
