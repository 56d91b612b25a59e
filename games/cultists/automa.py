"""The rulebook's AI investigator (spec 6): where it heads, how it walks, what it gives in an
Encounter and which single action it takes. It uses no hidden information at all: only the
map, its own face-down piles (top card only) and public facts."""
from __future__ import annotations

from games.cultists import board, data
from games.cultists.flow import Ctx
from games.cultists.setup import name


def line(s: dict, ci: int) -> list[str]:
    return data.route(s["chars"][ci]["route"])[data.route_line(s["round"])]


def blocked(s: dict) -> str | None:
    """R-16: the AUTOMA never paths through the Fish Man's corridor."""
    return s["fish_man"] if s["fish_man"] not in (None, "LAKE") else None


def rooms_of(s: dict, colour: str) -> list[str]:
    return [r for r in board.layout(s)["rooms"] if board.colour(s, r) == colour]


def nearest(s: dict, here: str, rooms: list[str]) -> str | None:
    """Least path cost, clockwise first among equals; through the Fish Man only if nothing is
    reachable otherwise (spec 6.2)."""
    if not rooms:
        return None
    for block in (blocked(s), None):
        dist = board.distances(s, here, block)
        reach = [r for r in rooms if r in dist]
        if reach:
            return min(reach, key=lambda r: (dist[r], board.cw(s, here, r), r))
    return None


def target(s: dict, ci: int, exclude: str | None = None) -> str | None:
    """Spec 6.2 with the R-50 fallbacks: the first colour of today's line with an unexplored
    room, else an unfinished room of the line, else any unfinished room."""
    here = s["chars"][ci]["location"]
    rooms = s["rooms"]
    for test in (lambda r: not rooms[r]["explored"], lambda r: not rooms[r]["finished"]):
        for colour in line(s, ci):
            found = nearest(s, here, [r for r in rooms_of(s, colour) if test(r) and r != exclude])
            if found:
                return found
    return nearest(s, here, [r for r in rooms if not rooms[r]["finished"] and r != exclude])


def goal(s: dict, ci: int, dest: str, mp: int) -> str:
    """Where to walk: the target if reachable without the Fish Man, else the reachable place
    that leaves the least distance to it."""
    here = s["chars"][ci]["location"]
    safe = board.distances(s, here, blocked(s))
    if dest in safe:
        return dest
    to_dest = board.distances(s, dest)
    near = [x for x, d in safe.items() if d <= mp]
    return min(near, key=lambda x: (to_dest.get(x, 1 << 30), safe[x], board.cw(s, here, x), x))


def teleport(ctx: Ctx, ci: int) -> None:
    """R-52: the first unfinished, token-free room of its line, else the nearest unfinished."""
    s = ctx.s
    here = s["chars"][ci]["location"]
    rooms = s["rooms"]
    cands = [r for colour in line(s, ci)
             for r in board.clockwise(s, here, rooms_of(s, colour))
             if not rooms[r]["finished"] and not rooms[r]["cultist_token"] and r != here]
    if not cands:
        other = [r for r in rooms if not rooms[r]["finished"] and r != here]
        dist = board.distances(s, here)
        cands = sorted(other, key=lambda r: (dist.get(r, 1 << 30), board.cw(s, here, r), r))
    if not cands:
        cands = board.clockwise(s, here, [x for x in board.layout(s)["loc"]
                                          if x != here and x != blocked(s)])
    if cands:
        s["chars"][ci]["location"] = cands[0]
        ctx.emit("teleported", {"char": name(s, ci), "place": cands[0]})


def encounter_gift(s: dict, ci: int, group: list[int]) -> tuple[str | None, int | None]:
    """Spec 6.4: the top of its encounter pile, to the other one, or (3+) to whoever has the
    fewest Pulse cards, the first on its left among equals."""
    pile = s["chars"][ci]["encounter_pile"]
    if not pile:
        return None, None
    others = [x for x in board.after(s, ci) if x in group]
    to = min(others, key=lambda x: (len(s["chars"][x]["pulse"]), others.index(x)))
    return pile[-1], to


def action(s: dict, ci: int) -> tuple[str, str | None]:
    """Spec 6.5: ("fight", room) / ("check", room) / ("fill", room) / ("secure", None) /
    ("pass", None)."""
    c = s["chars"][ci]
    here = c["location"]
    hazards = s["hazards"]
    if not board.is_room(s, here):  # a ghost has no character action to take there
        can = c["room_pile"] and hazards and not c["ghost"]
        return ("secure", None) if can else ("pass", None)
    room = s["rooms"][here]
    if room["cultist_token"]:
        return ("fight", here) if not c["ghost"] else ("pass", None)
    if room["finished"] or board.colour(s, here) not in line(s, ci):
        return "pass", None
    if room["explored"] and room["deck"]:
        return "check", here
    if c["room_pile"]:
        return "fill", here
    return "pass", None
