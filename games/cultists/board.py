"""Where characters stand and how they move (spec 3.7, 5.1, 5.2): logical locations under
Secret Doors, the Fish Man's corridor, Encounter groups and distances for the AUTOMA."""
from __future__ import annotations

import heapq

from games.cultists import data


def layout(s: dict) -> dict:
    return data.layout(s["layout"])


def loc(s: dict, x: str) -> dict:
    return layout(s)["loc"][x]


def is_room(s: dict, x: str) -> bool:
    return loc(s, x)["kind"] == "room"


def colour(s: dict, x: str) -> str | None:
    return loc(s, x)["color"]


def special_room(s: dict, special: str) -> str:
    return next(r for r in layout(s)["rooms"] if loc(s, r)["special"] == special)


def secret_doors(s: dict) -> bool:
    return s["effect"] == "SECRET_DOORS"


def logical(s: dict, x: str) -> str:
    """The logical location of a physical one: under Secret Doors every room of a colour is
    one place, named "*colour"."""
    return f"*{colour(s, x)}" if secret_doors(s) and is_room(s, x) else x


def members(s: dict, key: str) -> list[str]:
    """The physical locations of a logical one."""
    if key.startswith("*"):
        return [r for r in layout(s)["rooms"] if colour(s, r) == key[1:]]
    return [key]


def living(c: dict) -> bool:
    return not c["ghost"]


def truly_dead(c: dict) -> bool:
    return c["ghost"] or "D" in c["pulse"]


def participants(s: dict, key: str) -> list[int]:
    """Living characters in a logical location, clockwise from the Knife holder."""
    return [ci for ci in turn_order(s)
            if living(s["chars"][ci]) and logical(s, s["chars"][ci]["location"]) == key]


def turn_order(s: dict) -> list[int]:
    order = s["order"]
    i = order.index(s["knife"])
    return order[i:] + order[:i]


def after(s: dict, ci: int) -> list[int]:
    """Everyone else clockwise from `ci`."""
    order = s["order"]
    i = order.index(ci)
    return order[i + 1:] + order[:i]


def power_at(s: dict, key: str) -> bool:
    """Power ON, or a revealed Radiant Beauty ghost stands here (R-20)."""
    return s["power_on"] or any(
        c["ghost"] and c["role_shown"] and c["role"] == "RADIANT_BEAUTY"
        and logical(s, c["location"]) == key for c in s["chars"])


def encounter_rule(n: int, power: bool) -> bool:
    """The trigger table of spec 5.2."""
    return n == 2 if power else n >= 2


def encounter_group(s: dict, key: str) -> list[int] | None:
    group = participants(s, key)
    return group if encounter_rule(len(group), power_at(s, key)) else None


def enterable(s: dict, ci: int, x: str) -> bool:
    """The Fish Man's corridor admits only a living Knife holder (R-16)."""
    c = s["chars"][ci]
    return s["fish_man"] != x or (living(c) and s["knife"] == ci)


def steps(s: dict, here: str) -> list[tuple[str, int]]:
    """Where one step leads and what it costs: doors 1, Secret-Doors links 0."""
    out = [(x, 1) for x in layout(s)["adj"][here]]
    if secret_doors(s) and is_room(s, here):
        out += [(r, 0) for r in members(s, logical(s, here)) if r != here]
    return out


def angle(s: dict, x: str) -> float:
    a = loc(s, x)["angle"]
    return 0.0 if a is None else float(a)


def cw(s: dict, a: str, b: str) -> float:
    """Clockwise turn from a to b in (0, 360]; the centre counts as angle 0 (spec 6.2)."""
    d = (angle(s, b) - angle(s, a)) % 360
    return d or 360.0


def clockwise(s: dict, here: str, places) -> list[str]:
    return sorted(places, key=lambda x: (cw(s, here, x), x))


def distances(s: dict, src: str, blocked: str | None = None) -> dict[str, int]:
    """Path costs from `src` (0/1 costs), never entering `blocked`."""
    best = {src: 0}
    heap = [(0, src)]
    while heap:
        d, x = heapq.heappop(heap)
        if d > best[x]:
            continue
        for y, cost in steps(s, x):
            if y == blocked:
                continue
            if d + cost < best.get(y, 1 << 30):
                best[y] = d + cost
                heapq.heappush(heap, (d + cost, y))
    return best


def first_step(s: dict, src: str, dest: str, blocked: str | None = None) -> str | None:
    """The first step of a shortest path, clockwise first among equals (spec 6.2). A mover
    standing in `blocked` may leave it: only entering it is barred."""
    to_dest = distances(s, dest, blocked)
    ways = [(y, cost) for y, cost in steps(s, src) if y != blocked and y in to_dest]
    if src == dest or not ways:
        return None
    need = to_dest.get(src, min(cost + to_dest[y] for y, cost in ways))
    good = [y for y, cost in ways if cost + to_dest[y] == need]
    progress = [y for y in good if to_dest[y] < need]  # a 0-cost link may only help onwards
    return clockwise(s, src, progress or good)[0] if good else None
