"""The "objective" AI policy: play towards the seat's objective using only what the seat knows.

Mutineers attack cards of players outside their conference (and agree on the same one, so the
conference reaches consensus); inmates vote for players whose mutineer cards they have seen;
protectors protect their own side. Anything else is left to the host's baseline (None).
"""
from __future__ import annotations

from .cards import MUTINEER_CARDS
from .table import alive, principal, where

KILLS = {"conference", "solo_kill", "nathaniel_kill", "parca_kill", "action_kill",
         "action_kill_inev", "cataleptic_kill", "mania_target"}


def _cards(pending):
    return [o for o in pending.options if o.key == "card"]


def _allies(st, s):
    conf = st["nt"].get("conf") or {}
    return {s} | (set(conf.get("p", [])) if s in conf.get("p", []) else set())


def _known_mutineers(st, s):
    """Cards this seat has seen (or everyone has seen) that are living mutineer cards."""
    seen = set(st["know"][s]) | {c for c in st["c"] if st["c"][c]["rv"]}
    return [c for c in seen if c in MUTINEER_CARDS and alive(st, c) and not st["c"][c]["lob"]
            and where(st, c)]


def _attack(st, s, pending):
    allies = _allies(st, s)
    cands = [o for o in _cards(pending) if o.params["seat"] not in allies]
    if not cands:
        return None
    chosen = set((st["nt"].get("conf") or {}).get("sel", {}).values())
    for o in cands:
        if st["rows"][o.params["seat"]][o.params["pos"] - 1] in chosen:
            return o.id
    return min(cands, key=lambda o: (o.params["seat"], o.params["pos"])).id


def choose(st: dict, pending, policy: str):
    if policy != "objective" or pending.seat is None:
        return None
    s, kind, obj = pending.seat, pending.kind, st["obj"][pending.seat]
    ids = {o.id for o in pending.options}
    if kind in KILLS and (kind == "conference" or obj in ("MUTINEER", "RICHARD")):
        return _attack(st, s, pending)
    if obj == "INTERNOS" and kind in ("vote_player", "vote_card"):
        for c in _known_mutineers(st, s):
            seat, pos = where(st, c)
            want = f"s{seat}" if kind == "vote_player" else f"s{seat}p{pos}"
            if want in ids:
                return want
        return None
    if kind == "arthur":
        mine = principal(st, s, [c for c in st["rows"][s] if alive(st, c)])
        if mine is not None:
            seat, pos = where(st, mine)
            if f"s{seat}p{pos}" in ids:
                return f"s{seat}p{pos}"
    if kind == "action_save":
        for o in _cards(pending):
            if o.params["seat"] in _allies(st, s):
                return o.id
    return None
