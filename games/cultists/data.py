"""The game's tables and maps, read once from data/cultists/*.json so that the provisional map
and the reconstructed table cells stay editable data (spec 2.3, 3.3, 3.4)."""
from __future__ import annotations

import json
from collections import deque
from functools import lru_cache
from pathlib import Path

DIR = Path(__file__).resolve().parents[2] / "data" / "cultists"
ROOM_COUNTS = {"4-6": 9, "7": 10, "8": 11}
MAX_BOOKS = 25


class MapError(ValueError):
    """A layout breaks an invariant of spec 3.3."""


@lru_cache(maxsize=None)
def _load(name: str) -> dict:
    return json.loads((DIR / f"{name}.json").read_text(encoding="utf-8"))


def rules() -> dict:
    return _load("rules")


def table(characters: int) -> dict:
    """The per-character-count row of spec 2.3."""
    return rules()["by_characters"][str(characters)]


def roles() -> dict:
    return rules()["roles"]


def route(index: int) -> list[list[str]]:
    return rules()["routes"][index]


def route_line(round_: int) -> int:
    """Which of a route card's four lines rules this round (spec 3.5), 0-based."""
    return rules()["route_lines"][str(round_)]


@lru_cache(maxsize=None)
def layout(layout_id: str) -> dict:
    """A checked layout, with lookups added: `loc` by id, `adj` neighbours sorted by id."""
    raw = _load("layouts")["layouts"][layout_id]
    check(raw)
    locs = {x["id"]: x for x in raw["locations"]}
    adj: dict[str, list[str]] = {k: [] for k in locs}
    for a, b in raw["edges"]:
        adj[a].append(b)
        adj[b].append(a)
    return {**raw, "loc": locs, "adj": {k: sorted(v) for k, v in adj.items()},
            "rooms": [x["id"] for x in raw["locations"] if x["kind"] == "room"],
            "shelf": {s["id"]: s for s in raw["shelves"]}}


def check(raw: dict) -> None:
    """Spec 3.3's loader invariants."""
    locs = {x["id"]: x for x in raw["locations"]}
    rooms = [x for x in raw["locations"] if x["kind"] == "room"]
    for special, colour in (("DINING", "light_blue"), ("SECURITY", "red"), ("PORTAL", "green")):
        found = [r for r in rooms if r["special"] == special]
        if len(found) != 1 or found[0]["color"] != colour:
            raise MapError(f"{raw['layout_id']}: needs exactly one {colour} {special} room")
    if len(rooms) != ROOM_COUNTS[raw["layout_id"]]:
        raise MapError(f"{raw['layout_id']}: {len(rooms)} rooms")
    if sum(r["book_spaces"] for r in rooms) > MAX_BOOKS:
        raise MapError(f"{raw['layout_id']}: more than {MAX_BOOKS} books")
    for shelf in raw["shelves"]:
        if shelf["spaces"] != sum(locs[r]["book_spaces"] for r in shelf["rooms"]):
            raise MapError(f"{raw['layout_id']}: shelf {shelf['id']} spaces")
        if any(locs[r]["shelf"] != shelf["id"] for r in shelf["rooms"]):
            raise MapError(f"{raw['layout_id']}: shelf {shelf['id']} rooms")
    for a, b in raw["edges"]:
        if a not in locs or b not in locs:
            raise MapError(f"{raw['layout_id']}: edge {a}-{b}")
    seen, todo = {raw["start_location"]}, deque([raw["start_location"]])
    while todo:
        here = todo.popleft()
        for a, b in raw["edges"]:
            for x, y in ((a, b), (b, a)):
                if x == here and y not in seen:
                    seen.add(y)
                    todo.append(y)
    if seen != set(locs):
        raise MapError(f"{raw['layout_id']}: not connected")
    for key in ("fish_man_entry", "start_location"):
        if locs[raw[key]]["kind"] != "corridor":
            raise MapError(f"{raw['layout_id']}: {key} must be a corridor")
