"""Putting characters into rooms: who may enter where, entering (which triggers the room) and the
non-entering relocations that do not (spec 0.2, 4.5)."""
from __future__ import annotations

from games.room25 import board
from games.room25.board import CENTRAL
from games.room25.flow import Ctx
from games.room25.outcome import kill_many, who


def can_enter(s: dict, ci: int, uid: int) -> bool:
    """No-Pass stops everyone; a Lock stops everyone but Emmett."""
    if uid in s["no_pass"]:
        return False
    return uid not in s["locks"] or s["characters"][ci]["name"] == "emmett"


def robot_can_enter(s: dict, uid: int) -> bool:
    return uid not in s["no_pass"]


def leave_ok(s: dict, from_uid: int, to_cell: int) -> bool:
    """The Prison Cell lets Move/Push/Carry out only into an occupied room or the Central Room."""
    if s["tile_kinds"][from_uid] != "prison_cell" or not s["face_up"][from_uid]:
        return True
    return to_cell == CENTRAL or board.occupied(s, s["board"][to_cell])


def destinations(s: dict, movers: list[int], from_cell: int) -> list[tuple[str, int]]:
    """Cells `movers` may be moved to from `from_cell` by Move, Push or Carry."""
    from_uid = s["board"][from_cell]
    out = []
    for d, cell in board.exits(s, from_cell):
        uid = s["board"][cell]
        if leave_ok(s, from_uid, cell) and all(can_enter(s, ci, uid) for ci in movers):
            out.append((d, cell))
    return out


def cell_options(cells, key: str = "cell") -> list:
    return [[board.name(c), key, {"cell": board.name(c)}] for c in cells]


def reveal(ctx: Ctx, uid: int, by_robot: bool = False) -> bool:
    """Turn a tile face-up: announce it, hand back Reminders, block Flooded (and a Shredder found by
    a robot) with No-Pass. Returns whether it was face-down."""
    s = ctx.s
    if s["face_up"][uid]:
        return False
    s["face_up"][uid] = 1
    k = s["tile_kinds"][uid]
    ctx.emit("revealed", {"cell": board.name(board.cell_of(s, uid)), "room": k})
    for ci, r in list(s["reminders"].items()):
        if r == uid:
            del s["reminders"][ci]
            ctx.emit("reminder_back", who(s, int(ci)))
    if k == "flooded_room" or (by_robot and k == "shredder_room"):
        no_pass(ctx, uid)
    return True


def no_pass(ctx: Ctx, uid: int) -> None:
    s = ctx.s
    if uid not in s["no_pass"]:
        s["no_pass"].append(uid)
        ctx.emit("no_pass", {"cell": board.name(board.cell_of(s, uid))})


def replace_empty(ctx: Ctx, uid: int, cause: str) -> None:
    """R-04: a face-up Empty Room takes the tile's place; occupants and locks stay, No-Pass goes,
    and the Paranoia the old tile caused ends (Trap and Flooded deadlines read the tile's kind)."""
    s = ctx.s
    old = s["tile_kinds"][uid]
    s["tile_kinds"][uid], s["face_up"][uid] = "empty_room", 1
    if uid in s["no_pass"]:
        s["no_pass"].remove(uid)
    ctx.emit("replaced", {"cell": board.name(board.cell_of(s, uid)), "room": old, "cause": cause})
    for ci, c in enumerate(s["characters"]):
        if c["paranoia"] is not None and c["paranoia_tile"] == uid:
            c["paranoia"] = None
            ctx.emit("paranoia_end", who(s, ci))


def shift(ctx: Ctx, cis: list[int], uid: int) -> None:
    """Move characters onto tile `uid`, then run the leave effects of the tiles they left."""
    s = ctx.s
    old = []
    for ci in cis:
        c = s["characters"][ci]
        if c["tile"] != uid and c["tile"] not in old:
            old.append(c["tile"])
        c["tile"] = uid
        if c["paranoia"] is not None and c.get("paranoia_tile") != uid:
            c["left_paranoia_room"] = True
    for o in old:
        if s["tile_kinds"][o] == "shredder_room" and s["face_up"][o] and o not in s["no_pass"]:
            victims = board.chars_on(s, o)
            ctx.emit("shredder", {"cell": board.name(board.cell_of(s, o))})
            no_pass(ctx, o)
            kill_many(ctx, victims, "shredder_room")


def relocate(ctx: Ctx, cis: list[int], cell: int, d: str | None, how: str,
             by: int | None = None, **extra) -> None:
    """An entering relocation (Move, Push, Carry, Attract, robot or card push, Fake-Exit excepted):
    leave, reveal, arrival order, rotation, then the room's effect as a task (spec 4.5)."""
    s = ctx.s
    uid = s["board"][cell]
    shift(ctx, cis, uid)
    ctx.emit("entered", {**group(s, cis), "cell": board.name(cell), "how": how})
    fresh = reveal(ctx, uid)
    arrive(ctx, cis, uid, d)
    ctx.push({"task": "fx", "tile": uid, "chars": cis, "by": cis[0] if by is None else by,
              "newly_revealed": fresh, "dir": d, "how": how, **extra})


def group(s: dict, cis: list[int]) -> dict:
    """Event data naming several characters; `n` (1, or 2 for more) picks the verb's number."""
    return {"chars": [s["characters"][ci]["name"] for ci in cis],
            "seats": [s["characters"][ci]["seat"] for ci in cis], "n": min(len(cis), 2)}


def arrive(ctx: Ctx, cis: list[int], uid: int, d: str | None) -> None:
    s = ctx.s
    for ci in cis:
        s["order_stamp"] += 1
        s["characters"][ci]["arrival"] = s["order_stamp"]
    if s["tile_kinds"][uid] == "rotating_room" and d:
        s["corridor_axis"] = "NS" if d in "NS" else "EW"


def place(ctx: Ctx, cis: list[int], uid: int, how: str) -> None:
    """A non-entering relocation (Tunnel, Vortex, Rewind, Fake-Exit pull): no room effect."""
    s = ctx.s
    shift(ctx, cis, uid)
    arrive(ctx, cis, uid, None)
    live = [ci for ci in cis if s["characters"][ci]["alive"]]
    if live:
        ctx.emit("placed", {**group(s, live), "cell": board.name(board.cell_of(s, uid)),
                            "how": how})
