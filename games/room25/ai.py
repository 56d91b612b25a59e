"""AI seats that play Room 25 to win, with only what their seat knows.

What a seat knows (`Sight`): the face-up tiles, the rooms it looked at itself, which tiles started
in the exit zones (anyone can follow the tiles, R-40) and, in co-op, the colours its teammates
looked at: the rulebook lets a looker tell a room's colour and nothing else, and an AI teammate
posts the colours it saw (`remarks`). Tiles are followed by uid, so knowledge rides along with
slides.

In co-op every seat runs the round planner (`planner`) on what it knows: tokens, rooms, slides
and looks for the whole round, so the team searches the exit zones, sends one character through
the Key Room, gathers in Room 25 and slides it out. A Suspicion prisoner plays a careful
prisoner's game: move as one group, look at the rooms around before stepping, never enter a
room known to kill, slide the group's own line to travel without entering anything, reach Room
25 and slide it out once the escape holds. A guard plays the other way: pushes people into
rooms it knows are deadly and slides Room 25 away from the others, never out.
"""
from __future__ import annotations

import heapq

from games.base import PUBLIC, Event
from games.room25 import board, data, planner
from games.room25.moves import destinations
from games.room25.outcome import turn_order
from games.room25.planner import slid, slides_out
from games.room25.programming import parse
from games.room25.sliding import can_slide
from games.room25.tokens import LETTER

# How bad entering a room is, 0 (safe) .. 100 (death), when its kind is known.
DANGER = {"death_room": 100, "flooded_room": 100, "trap_room": 70, "illusion_room": 60,
          "paranoia_room": 45, "shredder_room": 30, "acid_bath": 40, "timer_room": 30,
          "vortex_room": 25, "prison_cell": 25, "mirror_room": 20, "mac_room": 20,
          "dark_room": 10, "cold_room": 15, "fake_exit": 6, "rotating_room": 4}
COLOUR_DANGER = {"red": 85, "yellow": 22, "green": 0, "blue": 0}  # a told yellow: 1 in 2 hinders
UNKNOWN = 30        # an unseen room: about one in three is red
KEEP_TOGETHER = 10.0    # a group heading somewhere stays on one tile...
SEARCH_TOGETHER = 3.0   # ...a searching one may spread a little (co-op: colours are shared)
DEADLY = 80         # from here on a room is never entered by choice
UNSEEN = 15         # entering an unseen room: about one in ten kills at once...
TRAPPED = 20        # ...and one in twelve is a Trap Room, deadly when the next action is no Move
GOOD = 20           # below this a known room is worth programming a step into


class Sight:
    """Everything one seat may use to decide; `layout` is the board it imagines (after a slide)."""

    def __init__(self, s: dict, seat: int, layout: list[int] | None = None):
        self.s, self.seat = s, seat
        self.layout = layout or s["board"]
        self.kind = {u: k for u, k in enumerate(s["tile_kinds"]) if s["face_up"][u]}
        for u in s["seen_tiles"].get(str(seat), []):
            self.kind[u] = s["tile_kinds"][u]
        self.colour = {u: data.colour(k) for u, k in self.kind.items()}
        if s["mode"] == "coop":
            for uids in s["seen_tiles"].values():
                for u in uids:
                    self.colour.setdefault(u, data.colour(s["tile_kinds"][u]))
        self.guard = s["mode"] == "suspicion" and any(
            c["role"] == "G" for c in s["characters"] if c["seat"] == seat)

    def moved(self, layout: list[int]) -> "Sight":
        other = Sight.__new__(Sight)
        other.__dict__.update(self.__dict__, layout=layout, paths={})
        return other

    def cell(self, uid: int) -> int:
        return self.layout.index(uid)

    def where(self, ci: int) -> int:
        return self.cell(self.s["characters"][ci]["tile"])

    def danger(self, cell: int) -> float:
        return self.risk(self.layout[cell])

    def risk(self, uid: int) -> float:
        """How bad entering tile `uid` is, as far as this seat knows."""
        if uid in self.kind:
            k = self.kind[uid]
            if k == "acid_bath" and board.chars_on(self.s, uid):
                return 100
            if k == "timer_room" and self.s["remaining"] == 1:
                return 100
            return DANGER.get(k, 0)
        if uid in self.colour:
            return COLOUR_DANGER[self.colour[uid]]
        return UNKNOWN

    def known(self, cell: int) -> bool:
        return self.knows(self.layout[cell])

    def knows(self, uid: int) -> bool:
        return uid in self.kind or uid in self.colour

    def find(self, k: str) -> int | None:
        uid = next((u for u, kk in self.kind.items() if kk == k), None)
        return None if uid is None else self.cell(uid)


def _manhattan(a: int, b: int) -> int:
    return abs(a // 5 - b // 5) + abs(a % 5 - b % 5)


def distances(sight: Sight, goal: int) -> list[float]:
    """Cheapest way from every cell to `goal` through rooms this seat would enter (Dijkstra
    backwards: a step costs 1 plus how risky the room stepped into is)."""
    dist = [float("inf")] * 25
    dist[goal] = 0.0
    heap = [(0.0, goal)]
    while heap:
        d, cell = heapq.heappop(heap)
        if d > dist[cell]:
            continue
        risk = 0 if cell == goal else sight.danger(cell)
        if risk >= DEADLY:
            continue
        for _, n in board.neighbours(cell):
            if d + 1 + risk / 12 < dist[n]:
                dist[n] = d + 1 + risk / 12
                heapq.heappush(heap, (dist[n], n))
    return dist


# ---- what the team is after ------------------------------------------------------------------
def team(sight: Sight) -> list[int]:
    """Characters this seat plays for: everyone in co-op; in Suspicion a prisoner counts every
    character not known to be a guard, a guard only itself."""
    s = sight.s
    alive = [i for i, c in enumerate(s["characters"]) if c["alive"]]
    if s["mode"] == "coop":
        return alive
    if sight.guard:
        return [i for i in alive if s["characters"][i]["seat"] == sight.seat]
    return [i for i in alive if not (s["characters"][i]["role_shown"]
                                     and s["characters"][i]["role"] == "G")]


def exits(sight: Sight) -> tuple[int | None, int | None]:
    """Where this seat believes the Key Room (co-op, until it is turned) and Room 25 are. In
    co-op the only blue rooms besides the Central Room are those two, so a teammate's "blue" on
    a room it has not seen is whichever of them it does not know yet."""
    s = sight.s
    coop_key = s["mode"] == "coop" and not s["key_activated"]
    key = sight.find("key_room") if coop_key else None
    r25 = sight.find("room_25")
    blue = [c for c in mysteries(sight) if sight.colour.get(sight.layout[c]) == "blue"]
    if coop_key and key is None and blue:
        key = blue.pop(0)
    if r25 is None and blue:
        r25 = blue.pop(0)
    return key, r25


def goals(sight: Sight) -> dict[int, int | None]:
    """Each teammate's destination: the group goes to the Key Room first (co-op), then to Room
    25; None means "explore"."""
    s = sight.s
    key, r25 = exits(sight)
    if sight.guard:  # a guard keeps close to the crowd, where a push can kill
        crowd = [sight.where(i) for i, c in enumerate(s["characters"])
                 if c["alive"] and c["seat"] != sight.seat]
        goal = max(set(crowd), key=lambda cell: (crowd.count(cell), -cell)) if crowd else None
        return dict.fromkeys(team(sight), goal)
    if s["mode"] == "coop" and not s["key_activated"]:
        return dict.fromkeys(team(sight), key)
    return dict.fromkeys(team(sight), r25)


def mysteries(sight: Sight) -> list[int]:
    """Cells holding a tile that started in an exit zone and is still a mystery to this seat (a
    teammate's "blue" keeps it one: it is either exit)."""
    s = sight.s
    return [sight.cell(u) for u in s["exit_tiles"]
            if u not in sight.kind and sight.colour.get(u, "blue") == "blue"]


def _search_cost(cell: int, todo: list[int]) -> float:
    """How far `cell` is from seeing mysteries: steps until one is next door, less half a point
    for every mystery next door now."""
    if not todo:
        return 0
    near = sum(1 for m in todo if _manhattan(cell, m) == 1)
    return max(min(_manhattan(cell, m) for m in todo) - 1, 0) - 0.5 * near


def lookouts(sight: Sight) -> list[int]:
    """Where exploring pays: next to a mystery, or a Monitor Room nobody stands in (each entry
    looks at any room)."""
    monitor = sight.find("monitor_room")
    spots = mysteries(sight)
    if monitor is not None and spots and not board.chars_on(sight.s, sight.layout[monitor]):
        spots.append(monitor)
    return spots


def score(sight: Sight, moved: dict[int, int] | None = None) -> float:
    """Lower is better: how far each teammate is from its destination (or from seeing the
    mysteries while exploring), plus a little for every group heading the same way that is
    spread (a group need not gather at the end). `moved` puts characters on other cells."""
    moved = moved or {}
    total = 0.0
    todo = None
    by_goal: dict[int | None, set[int]] = {}
    for ci, goal in goals(sight).items():
        cell = moved.get(ci, sight.where(ci))
        by_goal.setdefault(goal, set()).add(cell)
        if goal is None:
            todo = lookouts(sight) if todo is None else todo
            total += _search_cost(cell, todo)

        else:
            total += min(_paths(sight, goal)[cell], 40)
    for goal, cells in by_goal.items():
        together = KEEP_TOGETHER if goal is not None else SEARCH_TOGETHER
        if sight.s["mode"] != "coop":  # nobody shares what they saw: each searches alone
            together = 0 if goal is None else 1
        total += (len(cells) - 1) * together
    return total


def _paths(sight: Sight, goal: int) -> list[float]:
    cache = sight.__dict__.setdefault("paths", {})
    if goal not in cache:
        cache[goal] = distances(sight, goal)
    return cache[goal]


def escape_sure(sight: Sight) -> bool:
    """Whether Room 25 leaving now wins for certain, on public facts: co-op, the key and everyone
    inside; Suspicion, nobody who might be a prisoner is missing (at most one in the final
    round, when every dead identity is public)."""
    s = sight.s
    r25 = sight.find("room_25")
    if r25 is None:
        return False
    uid = sight.layout[r25]
    if s["mode"] == "coop":
        return s["key_activated"] and all(c["alive"] and c["tile"] == uid for c in s["characters"])
    mine = [c for c in s["characters"] if c["seat"] == sight.seat]
    maybe = [c for c in s["characters"]
             if c["seat"] != sight.seat and not (c["role_shown"] and c["role"] == "G")]
    missing = sum(1 for c in maybe if not c["alive"] or c["tile"] != uid)
    return all(c["alive"] and c["tile"] == uid for c in mine) and (
        missing == 0 or (missing == 1 and s["remaining"] == 1))


# ---- sliding -----------------------------------------------------------------------------------
def takes_out_room_25(sight: Sight, oid: str) -> bool:
    """Whether slide `oid` pushes a tile this seat knows is Room 25 off the edge."""
    leaving = sight.layout[board.line_cells(oid[:2], oid[2])[-1]]
    return sight.kind.get(leaving) == "room_25"


def _slide(sight: Sight, ids: list[str]) -> str | None:
    if sight.guard:
        safe = [o for o in ids if not takes_out_room_25(sight, o)]
        return max(safe, key=lambda o: _others_score(sight.moved(slid(sight.layout, o))),
                   default=None)
    if escape_sure(sight):  # out now, else the slide leaving the fewest still to make
        uid = sight.layout[sight.find("room_25")]
        return min(ids, key=lambda o: 0 if takes_out_room_25(sight, o)
                   else slides_out(slid(sight.layout, o).index(uid), sight.s["slid_lines"]))
    options = [o for o in ids if not takes_out_room_25(sight, o)]
    return min(options, key=lambda o: score(sight.moved(slid(sight.layout, o))), default=None)


def _others_score(sight: Sight) -> float:
    """A guard's measure of a board: how far everyone else is from Room 25 (higher is better)."""
    r25 = sight.find("room_25")
    if r25 is None:
        return 0
    dist = distances(sight, r25)
    return sum(min(dist[sight.where(ci)], 40) for ci, c in enumerate(sight.s["characters"])
               if c["alive"] and c["seat"] != sight.seat)


# ---- moving, looking, pushing -------------------------------------------------------------------
def group(sight: Sight, ci: int) -> list[int]:
    """The teammates standing with `ci` (itself included): they will follow where it goes."""
    here = sight.where(ci)
    return [m for m in team(sight) if sight.where(m) == here] or [ci]


def step_score(sight: Sight, ci: int, cell: int) -> float:
    """The team's score once `ci` and the teammates with it have stepped to `cell`."""
    return score(sight, {m: cell for m in group(sight, ci)})


def _move(sight: Sight, ids: list[str], ci: int) -> str:
    blind = UNSEEN + TRAPPED * _acts_after(sight.s, ci)

    def cost(oid: str) -> float:
        cell = board.parse(oid)
        risk = sight.danger(cell)
        unseen = 0 if sight.known(cell) else blind
        lands = board.CENTRAL if sight.kind.get(sight.layout[cell]) == "vortex_room" else cell
        return (risk >= DEADLY) * 1000 + risk / 5 + unseen + step_score(sight, ci, lands)
    return min(ids, key=cost)


def _acts_after(s: dict, ci: int) -> bool:
    """Whether `ci` acts again this round with something other than a Move (a Trap Room found
    by this step would then kill it)."""
    later = s["characters"][ci]["programme"][1]
    return s["phase"] == "action" and s["action_pass"] == 1 and later not in (None, "move")


def _look(sight: Sight, ids: list[str], ci: int | None) -> str | None:
    """The mystery room worth most: where an exit may be, or the next step towards the goal."""
    cells = [o for o in ids if len(o) == 2]
    if not cells:
        return None
    exits = set(sight.s["exit_tiles"])
    now = score(sight) if ci is not None else 0

    def value(oid: str) -> float:
        cell = board.parse(oid)
        uid = sight.layout[cell]
        told = sight.colour.get(uid)
        if uid in sight.kind or told not in (None, "blue"):
            return 0
        v = (3 if uid in exits else 1) * (0.3 if told else 1)
        if not told and ci is not None and _manhattan(cell, sight.where(ci)) == 1 \
                and step_score(sight, ci, cell) < now:
            v += 2
        return v
    ranked = sorted(cells, key=value, reverse=True)
    if sight.s["mode"] != "coop" and ci is not None:
        # nobody shares what they saw: those standing together look at different rooms
        mates = [m for m in group(sight, ci)]
        return ranked[min(sorted(mates).index(ci), len(ranked) - 1)]
    return ranked[0]


def _push(sight: Sight, pending, ci: int) -> str | None:
    s = sight.s
    ids = [o.id for o in pending.options]
    index = {c["name"]: i for i, c in enumerate(s["characters"])}
    mates = set(team(sight))
    if pending.kind == "push_target":
        if sight.guard:
            return next((o for o in ids if index[o] not in mates), None)
        return None
    victim = index.get(pending.params.get("target"))
    if victim is None:
        return None
    if sight.guard and victim not in mates:
        return max(ids, key=lambda o: sight.danger(board.parse(o)))
    return _move(sight, ids, victim)


# ---- programming -------------------------------------------------------------------------------
def _steps(sight: Sight, ci: int) -> list[int]:
    """Neighbours this character may move to that it does not know to be deadly."""
    s = sight.s
    return [n for _, n in destinations(s, [ci], sight.where(ci)) if sight.danger(n) < DEADLY]


def _slide_gain(sight: Sight, ci: int) -> float:
    here = sight.where(ci)
    if here == board.CENTRAL:
        return 0
    now = score(sight)
    options = [ln + d for ln in board.lines_of(here) for d in board.LINE_DIRS[ln[0]]
               if can_slide(sight.s, ln, d)]
    return max((now - score(sight.moved(slid(sight.layout, o))) for o in options), default=0)


def _wish(sight: Sight, ci: int) -> list[str]:
    """A prisoner's or co-op programme, best first (token letters in slot order)."""
    here = sight.where(ci)
    r25 = sight.find("room_25")
    gain = _slide_gain(sight, ci)
    if r25 == here and goals(sight).get(ci) == r25:
        if escape_sure(sight):
            return ["CL", "CM", "C"]
        inside = [m for m in team(sight) if sight.where(m) == here]
        first = min(inside, key=turn_order(sight.s).index)
        # a Control must be played once programmed. Once the last ones can step in this round,
        # those inside slide after them (the slide may push Room 25 out); before that, in co-op
        # they slide it towards the others (a slide carries them along), in Suspicion only the
        # first one in does, if it helps
        if gain > 0 and first == ci or _arriving(sight, r25):
            return ["LC", "L"]
        return ["CL", "L"] if sight.s["mode"] == "coop" else ["L"]
    now = score(sight)
    steps = _steps(sight, ci)
    if _must_leave(sight, ci) and steps:  # a Trap Room kills after the next action
        return ["MC", "ML", "M"]
    good = [n for n in steps if sight.known(n) and sight.danger(n) < GOOD
            and step_score(sight, ci, n) < now]
    slide = gain >= 2
    if here == board.CENTRAL:  # only Look and Move work here
        unseen = any(not sight.known(n) for n in steps)
        return ["ML", "LM"] if good or not unseen else (["LM", "L"] if steps else ["L"])
    if goals(sight).get(ci) is None and board.lines_of(here) and sight.s["mode"] == "coop":
        return _search_roles(sight, ci)
    if good:
        into_exit = r25 in good and goals(sight).get(ci) == r25
        return ["MC", "ML"] if slide or into_exit else ["ML", "MC"]
    if slide:
        return ["CL", "CM"] if steps else ["CL", "C"]
    if steps and all(sight.known(n) for _, n in board.neighbours(here)):
        return ["ML", "MC"]  # nothing new to look at here: step first, look from there
    return ["LM", "LC"] if steps else ["LC", "L"]


def _arriving(sight: Sight, r25: int) -> bool:
    """Whether every teammate outside Room 25 stands next to it."""
    return all(_manhattan(sight.where(m), r25) <= 1 for m in team(sight))


def _search_roles(sight: Sight, ci: int) -> list[str]:
    """A co-op group searching off the central cross lines slides its own tile (a slide carries
    everyone on it, enters nothing and brings new rooms next door) and looks, in turns: every
    other member in turn order slides first, the rest look first, so slides and looks alternate
    through both passes."""
    mates = sorted(group(sight, ci), key=turn_order(sight.s).index)
    return ["CL", "LC"] if mates.index(ci) % 2 == 0 else ["LC", "CL"]


def _must_leave(sight: Sight, ci: int) -> bool:
    """Whether `ci` stands in a Trap Room it entered (its next action must take it out) or in a
    Flooded Room whose deadline is this round."""
    c = sight.s["characters"][ci]
    return any(c[k] and c[k][0] == c["tile"] for k in ("trapped", "flooded"))


def _guard_wish(sight: Sight, ci: int) -> list[str]:
    s = sight.s
    here = sight.where(ci)
    others = [o for o in board.chars_on(s, s["characters"][ci]["tile"]) if o != ci]
    # a push into a room it knows kills; a lone guard (how many guards there are is public) also
    # gambles on one nobody has seen (one in three is red) when everyone stands with it
    worst = max((sight.danger(n) for _, n in board.neighbours(here)), default=0)
    lone = sum(1 for c in s["characters"] if c["role"] == "G") == 1
    everyone = len(others) >= 3 and len(others) == sum(1 for c in s["characters"] if c["alive"]) - 1
    if here != board.CENTRAL and others and (
            worst >= DEADLY or worst >= UNKNOWN and lone and everyone):
        return ["PL", "PM", "PC", "P"]
    if here == board.CENTRAL:
        return ["LM", "ML", "M"]
    r25 = sight.find("room_25")
    rest = [o for o, c in enumerate(s["characters"]) if c["alive"] and o != ci]
    near = r25 is not None and 4 * sum(_manhattan(sight.where(o), r25) <= 2 for o in rest) \
        >= len(rest)
    # blend in while searching; once the others close in on Room 25, slide it away
    return ["LC", "CL"] if near else ["LM", "ML", "LC"]


def _planner(sight: Sight) -> planner.Planner | None:
    """The co-op round planner on this seat's knowledge (None in Suspicion): towards the
    exits it knows, searching the mysteries that may be them."""
    if sight.s["mode"] != "coop":
        return None
    key, r25 = exits(sight)
    uid = {cell: sight.layout[cell] for cell in (key, r25) if cell is not None}
    return planner.Planner(sight, uid.get(r25), uid.get(key),
                           [sight.layout[cell] for cell in mysteries(sight)])


def _programme(sight: Sight, pending, ci: int) -> str | None:
    ids = {o.id for o in pending.options}
    c = sight.s["characters"][ci]
    wish = _guard_wish(sight, ci) if sight.guard else _wish(sight, ci)
    plan = _planner(sight)
    if plan is not None and not _must_leave(sight, ci):
        tokens = planner.programme(plan, ci)
        wish = ["".join(LETTER[k] for k in tokens)] + wish
    adrenaline = c["adrenaline"] and sight.s["remaining"] <= 2 and not sight.guard
    for w in wish + FALLBACK:
        if adrenaline and w + "A" in ids:
            return w + "A"
        if w in ids:
            return w
    return None


FALLBACK = ["LM", "ML", "MC", "CM", "LC", "CL", "M", "L", "C"]  # when punishment took a token


def _guard_action(sight: Sight, ids: list[str], ci: int) -> str:
    here = sight.where(ci)
    others = [o for o in board.chars_on(sight.s, sight.s["characters"][ci]["tile"]) if o != ci]
    if "push" in ids and others and here != board.CENTRAL:
        return "push"
    for k in ("ctrl", "look", "move"):
        if k in ids and not (k == "ctrl" and here == board.CENTRAL):
            return k
    return "pass"


def _planned(sight: Sight, kind: str, ci: int, ids: list[str]) -> str | None:
    """The round planner's pick for `ci`'s own Move, Control or Look, when it has one."""
    token = {"move": "move", "control": "ctrl", "look": "look",
             "control_room": planner.ROOM_SLIDE}.get(kind)
    plan = _planner(sight) if token and sight.s["phase"] == "action" else None
    if plan is None:
        return None
    choice = planner.choice_now(plan, ci, token)
    return choice if choice in ids else None


def choose(s: dict, pending, policy: str) -> str | None:
    """The AI's answer to `pending`, or None to leave it to the baseline."""
    if pending.seat is None or policy == "baseline":
        return None
    sight = Sight(s, pending.seat)
    ci = next((i for i, c in enumerate(s["characters"]) if c["name"] == pending.params.get("char")),
              None)
    ids = [o.id for o in pending.options]
    kind = pending.kind
    if ci is None and kind == "control_room" and s["acting"] is not None \
            and s["characters"][s["acting"]]["seat"] == pending.seat:  # its Move entered it
        ci = s["acting"]
    planned = None if ci is None else _planned(sight, kind, ci, ids)
    if planned is not None:
        return planned
    if kind in ("look", "monitor_room", "clue"):
        return _look(sight, ids, ci)
    if kind in ("control", "control_room"):
        return _slide(sight, ids)
    if kind == "punishment":  # Look matters while exploring, Control to get out
        exploring = None in goals(sight).values()
        return next((k for k in ("spec", "ctrl" if exploring else "look", "look", "ctrl")
                     if k in ids), None)
    if kind == "floating":
        return "now"
    if kind == "reminder":
        return "keep"
    if kind == "guard_reveal":
        return "reveal" if s["remaining"] <= 3 else "not_now"
    if ci is None:
        return None
    if kind == "program":
        return _programme(sight, pending, ci)
    if kind in ("move", "carry_dest", "robot_push_yellow"):
        return "stay" if "stay" in ids else _move(sight, ids, ci)
    if kind in ("push_target", "push_dest"):
        return _push(sight, pending, ci)
    if kind == "guard_action":
        return _guard_action(sight, ids, ci)
    if kind == "adrenaline":
        if escape_sure(sight):
            return "ctrl"
        return "move" if _steps(sight, ci) else "look"
    return None


def deadly(s: dict, seat: int, cell_name: str) -> bool:
    """Whether this seat knows that entering `cell_name` kills (the benchmark's self-harm):
    a Death or Flooded Room, an occupied Acid Bath, the Timer Room in the final round, a room a
    teammate said is red."""
    return Sight(s, seat).danger(board.parse(cell_name)) >= DEADLY


def remarks(s: dict, pending, choice: str) -> list[Event]:
    """What a co-op AI teammate tells the table as it programs, as a person would: the colours of
    the hidden rooms it saw since it last programmed (the only thing the rules let it tell about
    them) and where it heads with
    which tokens. Silent under Jamming, in Suspicion, and for any other question."""
    if s["mode"] != "coop" or s["jamming"] or pending.kind != "program" or pending.seat is None:
        return []
    sight = Sight(s, pending.seat)
    ci = next(i for i, c in enumerate(s["characters"]) if c["name"] == pending.params["char"])
    who = {"char": s["characters"][ci]["name"], "seat": pending.seat}
    out = []
    by_colour: dict[str, list[str]] = {}
    when = s["seen_rounds"].get(str(pending.seat), {})
    for u in s["seen_tiles"].get(str(pending.seat), []):
        fresh = when.get(str(u), 0) == s["round"] - 1 or s["round"] == 1
        if fresh and not s["face_up"][u]:
            by_colour.setdefault(sight.colour[u], []).append(board.name(sight.cell(u)))
    for colour in ("blue", "green", "yellow", "red"):
        if colour in by_colour:
            out.append(Event("ai_seen", {**who, "colour": colour,
                                         "cells": sorted(by_colour[colour])}, PUBLIC))
    tokens, _, _ = parse(choice)
    goal = goals(sight).get(ci)
    if tokens:
        plan = {**who, "tokens": tokens}
        out.append(Event("ai_plan_search", plan, PUBLIC) if goal is None else
                     Event("ai_plan_goal", {**plan, "cell": board.name(goal)}, PUBLIC))
    return out

