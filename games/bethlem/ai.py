"""The "objective" AI policy: play towards the seat's objective with only what the seat knows.

What a seat knows (`Seat`): its own cards and objective, cards it has seen (peeks, swaps) and
every card the table has seen, tonight's or last night's conference if it sat in it or spied on
it, its pact partner, and the public tokens. From that it splits the table into allies and known
enemies. Everyone on a side reasons from the same public facts to the same focal player (known
enemies first, else the player the nights have spared most, or for the mutineers the one
closest to elimination), so a side votes and attacks together without talking. A seat never
aims a harmful power at itself or a known ally while it has another choice. Questions not
handled here go to the host's baseline.
"""
from __future__ import annotations

import random
import re

from .cards import MUTINEER_CARDS, group
from .table import alive, held, living, principal, seats, where

MUTINEER_SIDE = ("MUTINEER", "RICHARD")
# Questions whose answer hurts the card or player it names.
KILLS = {"conference", "solo_kill", "nathaniel_kill", "parca_kill", "action_kill",
         "action_kill_inev", "cataleptic_kill", "mania_target"}
HARMFUL = KILLS | {"vote_player", "vote_card", "action_lob", "action_lob_bip", "flick",
                   "melancholy", "sanction"}
HARMFUL_EVENTS = {"leproso", "barbero", "confesion"}
OPTION_SEAT = re.compile(r"^s(\d+)(?:p\d+)?$")


def _target(option_id: str):
    m = OPTION_SEAT.match(option_id)
    return int(m.group(1)) if m else None


def _harmful(pending) -> bool:
    return pending.kind in HARMFUL or (pending.kind in ("event_target", "event_card")
                                       and pending.params.get("event") in HARMFUL_EVENTS)


def self_harm(st: dict, pending, choice: str):
    """For the benchmark: None when the question is not harmful or every answer hits the seat
    itself; else whether `choice` aims at the seat's own card or person."""
    if pending.seat is None or not _harmful(pending):
        return None
    if all(_target(o.id) == pending.seat for o in pending.options):
        return None
    return _target(choice) == pending.seat


class Seat:
    """One seat's knowledge of the table."""

    def __init__(self, st: dict, s: int):
        self.st, self.s, self.obj = st, s, st["objectives"][s]
        self.seen = set(st["known_cards"][s]) | {c for c, info in st["cards"].items()
                                          if info["dead"] or info["revealed"]} | set(held(st, s))
        conf = st["night"].get("conference") or {}
        sat_in = s in conf.get("members", ()) or s in conf.get("spies", ())
        table = set(conf.get("members", ())) - {s} if sat_in else set()
        self.allies = {s}
        self.enemies: set = set()
        if self.obj == "RICHARD":  # must outlive everybody, his conference included
            self.enemies |= set(seats(st)) - {s}
        elif self.obj == "MUTINEER":
            self.allies |= table | set(st["tokens"]["daniel"])
        elif self.obj in ("INTERNOS", "DIRECTOR"):
            self.enemies |= table | set(st["tokens"]["daniel"])
        if st["mode"] == "custom":
            self._shown_objectives()
        pact = st["pact"]
        if pact and pact["active"] and s in (pact["first_seat"], pact["second_seat"]):
            partner = pact["second_seat"] if s == pact["first_seat"] else pact["first_seat"]
            (self.allies if pact["type"] == "normal" else self.enemies).add(partner)
        for c in self.seen:
            owner = where(st, c)
            if not owner or not alive(st, c) or owner[0] in self.allies:
                continue
            if self._bad(c):
                self.enemies.add(owner[0])
        self.enemies -= self.allies
        self.target = self.focal(seats(st))  # the player this seat's side is after

    def _shown_objectives(self):
        """Custom mode: an objective card on the table says whom a seat plays with."""
        st = self.st
        for t in seats(st):
            if t == self.s or not st["objective_shown"][t]:
                continue
            rioter = st["objective_cards"][t] in ("obj_amotinados", "obj_renegado")
            if self.obj == "MUTINEER" and st["objective_cards"][t] == "obj_amotinados":
                self.allies.add(t)
            elif self.obj in ("MUTINEER", "RENEGADE") and not rioter:
                self.enemies.add(t)
            elif self.obj == "INTERNOS" and rioter:
                self.enemies.add(t)

    def _bad(self, c: str) -> bool:
        """A card whose living is against this seat's objective."""
        mutineer = c in MUTINEER_CARDS and not self.st["cards"][c]["lobotomy"]
        if self.obj == "RICHARD":
            return True
        if self.obj == "MUTINEER":
            return not mutineer
        if self.obj == "DIRECTOR":
            return group(c) == "P1" or mutineer
        return mutineer

    def friendly(self, seat) -> bool:
        return seat in self.allies

    def focal(self, candidates) -> int | None:
        """The player a side agrees on: a known enemy first; then, for the mutineers, the one
        closest to elimination, for everyone else the one the nights have spared most (the
        mutineers rarely attack their own); ties go round the table from a seat that moves
        each round."""
        pool = [t for t in candidates if t is not None and not self.friendly(t)]
        if not pool:
            return None
        n, r = self.st["players"], self.st["round"]
        finish = -1 if self.obj == "MUTINEER" else 1  # mutineers finish players off
        return min(pool, key=lambda t: (t not in self.enemies, -finish * living(self.st, t),
                                        (t - r) % n))

    def card_rank(self, option) -> tuple:
        """Which card to hit first: one known bad, then the focal player's, then any."""
        st = self.st
        c = st["rows"][option.params["seat"]][option.params["pos"] - 1]
        known_bad = c in self.seen and self._bad(c)
        return (not known_bad, option.params["seat"] != self.target,
                option.params["seat"], option.params["pos"])


def _cards(pending):
    return [o for o in pending.options if o.key == "card"]


def _rank_hit(me: Seat, pending, optional: bool) -> str | None:
    """A harmful card choice: never own or an ally's; an optional power waits for a known
    target unless the seat's side is against everyone it does not know."""
    cands = [o for o in _cards(pending) if not me.friendly(o.params["seat"])]
    if optional and me.obj not in MUTINEER_SIDE and me.st["mode"] != "custom":
        cands = [o for o in cands if me.st["rows"][o.params["seat"]][o.params["pos"] - 1]
                 in me.seen and me._bad(me.st["rows"][o.params["seat"]][o.params["pos"] - 1])
                 or o.params["seat"] in me.enemies]
    if not cands:
        return _fallback(pending)
    return min(cands, key=me.card_rank).id


def _fallback(pending) -> str | None:
    """Pass, abstain or finish when nothing good is left; else the baseline decides."""
    for word in ("pass", "abstain", "done", "none", "no"):
        if pending.option(word) is not None:
            return word
    safe = [o for o in pending.options if _target(o.id) != pending.seat]
    return safe[0].id if safe else None


def _conference(me: Seat, pending) -> str | None:
    st = me.st
    conf = st["night"].get("conference") or {}
    ids = {o.id for o in pending.options}
    if me.obj not in MUTINEER_SIDE:  # Mary among them: break the consensus
        picked = set(conf.get("picks", {}).values())
        other = [o for o in _cards(pending) if not me.friendly(o.params["seat"])
                 and st["rows"][o.params["seat"]][o.params["pos"] - 1] not in picked]
        return min(other, key=me.card_rank).id if other else "done"
    for c in conf.get("picks", {}).values():
        w = where(st, c)
        if w and not me.friendly(w[0]) and f"s{w[0]}p{w[1]}" in ids:
            return f"s{w[0]}p{w[1]}"
    return _rank_hit(me, pending, optional=False)


def _vote_player(me: Seat, pending) -> str | None:
    t = me.focal([_target(o.id) for o in pending.options])
    return f"s{t}" if t is not None else _fallback(pending)


def _protect(me: Seat, pending) -> str | None:
    """Protect, save or delay: own cards first (the principal one), then allies'."""
    st = me.st
    mine = [o for o in _cards(pending) if me.friendly(o.params["seat"])]
    if not mine:
        return _fallback(pending)
    best = principal(st, me.s, [st["rows"][o.params["seat"]][o.params["pos"] - 1] for o in mine
                                if o.params["seat"] == me.s]) if any(
        o.params["seat"] == me.s for o in mine) else None
    for o in mine:
        if best and st["rows"][o.params["seat"]][o.params["pos"] - 1] == best:
            return o.id
    return mine[0].id


def _players(me: Seat, pending, harmful: bool) -> str | None:
    """A player to point a power at: the focal enemy for harm, anyone else to learn about."""
    others = [_target(o.id) for o in pending.options if _target(o.id) not in (None, me.s)]
    if harmful:
        t = me.focal(others)
        if t is None or (me.obj not in MUTINEER_SIDE and t not in me.enemies
                         and pending.option("pass") is not None):
            return _fallback(pending)
        return f"s{t}"
    pool = [t for t in others if not me.friendly(t)] or others
    if not pool:
        return _fallback(pending)
    return f"s{random.Random(f'{pending.id}|{me.s}').choice(pool)}"


def _peek(me: Seat, pending) -> str | None:
    st = me.st
    unseen = [o for o in _cards(pending) if not me.friendly(o.params["seat"])
              and st["rows"][o.params["seat"]][o.params["pos"] - 1] not in me.seen]
    if not unseen:
        return _fallback(pending)
    return random.Random(f"{pending.id}|{me.s}").choice(unseen).id


def _lynch_card(me: Seat, pending) -> str | None:
    target = pending.params.get("seat")
    if me.friendly(target):
        return _fallback(pending)
    cands = _cards(pending)
    return min(cands, key=me.card_rank).id if cands else _fallback(pending)


def _answer(me: Seat, pending) -> str | None:
    kind = pending.kind
    if kind == "conference":
        return _conference(me, pending)
    if kind in ("solo_kill", "nathaniel_kill", "parca_kill"):
        return _rank_hit(me, pending, optional=kind == "solo_kill")
    if kind in KILLS:
        return _rank_hit(me, pending, optional=True)
    if kind in ("flick", "melancholy"):
        return _rank_hit(me, pending, optional=True)
    if kind in ("event_target", "event_card") and pending.params.get("event") in HARMFUL_EVENTS:
        if _cards(pending):
            return _rank_hit(me, pending, optional=False)
        return _players(me, pending, harmful=True)
    if kind == "vote_player":
        return _vote_player(me, pending)
    if kind == "vote_card":
        return _lynch_card(me, pending)
    if kind in ("action_lob", "action_lob_bip", "sanction", "neuro_order", "daniel_convert"):
        return _players(me, pending, harmful=True)
    if kind in ("mary", "archivo", "neuro_pick"):
        return _players(me, pending, harmful=False)
    if kind in ("arthur", "action_save", "patience", "action_revive"):
        return _protect(me, pending)
    if kind == "larry":
        return _peek(me, pending)
    if kind in ("ali_spy", "mary_impersonate", "draw_event"):
        return {"ali_spy": "spy", "mary_impersonate": "yes", "draw_event": "yes"}[kind]
    if kind in ("pact_first", "amnesia_late", "wakerfield"):
        return _fallback(pending)
    if kind == "indulto":  # the lynch's card is public: pardon it if it is ours
        chosen = next((t[1] for t in me.st["agenda"] if t[0] == "lynch_kill"), None)
        w = where(me.st, chosen) if chosen else None
        return "yes" if w and me.friendly(w[0]) else "no"
    return None


def choose(st: dict, pending, policy: str):
    if policy != "objective" or pending.seat is None:
        return None
    return _answer(Seat(st, pending.seat), pending)
