"""Smarter seats than the uniform baseline.

"coop" explores carefully (looks before moving, avoids rooms it knows are deadly, converges on
Room 25 and slides it out when everyone is in); "guard" plays that way as a prisoner and, as a
guard, pushes people into rooms it knows are deadly and never slides Room 25 out. Both use only
what the seat may know: face-up tiles plus the rooms it has looked at. None means "baseline"."""
from __future__ import annotations

import copy

from games.room25 import board, data
from games.room25.outcome import escape_ok

RISK = {"death_room": -20, "acid_bath": -8, "trap_room": -6, "flooded_room": -8,
        "paranoia_room": -6, "timer_room": -4, "illusion_room": -3, "shredder_room": -1,
        "mirror_room": -2, "vortex_room": -2, "prison_cell": -2, "mac_room": -1,
        "room_25": 6, "key_room": 6}
UNKNOWN = -2.5


def knowledge(s: dict, seat: int) -> dict[int, str]:
    """uid -> room kind, for what this seat may know."""
    known = {u: k for u, k in enumerate(s["kind"]) if s["up"][u]}
    for u in s["seen"].get(str(seat), []):
        known[u] = s["kind"][u]
    return known


def _char(s: dict, pending) -> int | None:
    name = pending.params.get("char")
    return next((i for i, c in enumerate(s["chars"]) if c["n"] == name), None)


def _goal(s: dict, known: dict) -> int | None:
    """The cell to converge on: the Key Room first in co-op, then Room 25, when known."""
    want = ["key_room", "room_25"] if s["mode"] == "coop" and not s["key"] else ["room_25"]
    for k in want:
        for u, kk in known.items():
            if kk == k:
                return board.cell_of(s, u)
    return None


def _dist(a: int, b: int) -> int:
    return abs(a // 5 - b // 5) + abs(a % 5 - b % 5)


def room_score(s: dict, known: dict, cell: int, goal: int | None) -> float:
    uid = s["board"][cell]
    if uid in known:
        k = known[uid]
        score = RISK.get(k, 0 if data.colour(k) != "red" else -5)
        if k == "acid_bath" and not board.chars_on(s, uid):
            score = -3
    else:
        score = UNKNOWN
    if goal is not None:
        score -= _dist(cell, goal)
    return score


def _is_guard(s: dict, seat: int) -> bool:
    return any(c["r"] == "G" for c in s["chars"] if c["s"] == seat)


def _after_slide(s: dict, oid: str) -> tuple[bool, dict]:
    t = copy.deepcopy({k: s[k] for k in ("board", "kind", "chars", "mode", "key", "remaining")})
    line, d = oid[:2], oid[2]
    leaving = t["board"][board.line_cells(line, d)[-1]]
    if t["kind"][leaving] == "room_25" and escape_ok(t):
        return True, t
    board.slide_once(t, line, d)
    return False, t


def _slide(s: dict, pending, guard: bool) -> str | None:
    options = [o.id for o in pending.options]
    escapes = [o for o in options if _after_slide(s, o)[0]]
    if guard:
        safe = [o for o in options if o not in escapes]
        return safe[0] if safe else None
    return escapes[0] if escapes else None


def _programme(s: dict, pending, ci: int, guard: bool) -> str | None:
    ids = {o.id for o in pending.options}
    c = s["chars"][ci]
    known = knowledge(s, c["s"])
    r25 = next((u for u, k in known.items() if k == "room_25"), None)
    cell = board.char_cell(s, ci)
    if guard:
        if "PMR" in ids and s["remaining"] <= 3:
            return "PMR"
        others = [o for o in board.chars_on(s, c["u"]) if o != ci]
        wish = ["PM", "PC", "MP"] if others else ["MP", "LM"]
    elif r25 is not None and c["u"] == r25:
        everyone = all(o["u"] == r25 for o in s["chars"] if o["a"] and o["r"] != "G")
        wish = ["CL", "CM", "C"] if everyone else ["L", "M"]
    elif r25 is not None:
        wish = ["ML", "MC", "M"]
    else:
        wish = ["LM", "ML", "M"]
    if s["remaining"] == 1 and not guard:
        wish = [w + "A" for w in wish] + wish
    if cell == board.CENTRAL:
        wish = ["LM", "ML", "M"] + wish
    return next((w for w in wish if w in ids), None)


def _move(s: dict, pending, ci: int) -> str | None:
    known = knowledge(s, s["chars"][ci]["s"])
    goal = _goal(s, known)
    best = max(pending.options, key=lambda o: room_score(s, known, board.parse(o.id), goal))
    return best.id


def _look(s: dict, pending, seat: int) -> str | None:
    seen = set(s["seen"].get(str(seat), []))
    fresh = [o.id for o in pending.options
             if o.id not in ("none",) and len(o.id) == 2 and s["board"][board.parse(o.id)] not in seen]
    return fresh[0] if fresh else None


def _push_dest(s: dict, pending, seat: int, guard: bool) -> str | None:
    known = knowledge(s, seat)
    goal = _goal(s, known)
    score = {o.id: room_score(s, known, board.parse(o.id), goal) for o in pending.options}
    return (min if guard else max)(score, key=score.get)


def choose(s: dict, pending, policy: str) -> str | None:
    if policy not in ("coop", "guard") or pending.seat is None:
        return None
    guard = policy == "guard" and s["mode"] == "suspicion" and _is_guard(s, pending.seat)
    ci = _char(s, pending)
    kind = pending.kind
    if kind == "program" and ci is not None:
        return _programme(s, pending, ci, guard)
    if kind in ("move", "carry_dest") and ci is not None:
        return _move(s, pending, ci)
    if kind in ("look", "monitor_room", "clue"):
        return _look(s, pending, pending.seat)
    if kind in ("control", "control_room"):
        return _slide(s, pending, guard)
    if kind == "push_dest":
        return _push_dest(s, pending, pending.seat, guard)
    if kind == "floating":
        return "now"
    if kind == "punishment":
        ids = [o.id for o in pending.options]
        return "spec" if "spec" in ids else None
    if kind == "adrenaline" and s["remaining"] == 1:
        return "ctrl" if not guard else "none"
    return None
