"""Looking at a face-down room: the result goes to the looker's seat only, the cell to everyone."""
from __future__ import annotations

from games.base import GM
from games.room25 import board, data
from games.room25.flow import Ctx
from games.room25.outcome import who


def look(ctx: Ctx, cis: list[int], cell: int, how: str) -> None:
    """`cis` see the room (Carry into a Monitor Room shows it to both players)."""
    s = ctx.s
    uid = s["board"][cell]
    k = s["tile_kinds"][uid]
    seats = sorted({s["characters"][ci]["seat"] for ci in cis})
    ctx.emit("looked", {**who(s, cis[0]), "cell": board.name(cell), "how": how})
    ctx.emit("look_result", {"cell": board.name(cell), "room": k, "colour": data.colour(k)}, seats)
    ctx.emit("gm_look", {**who(s, cis[0]), "cell": board.name(cell), "room": k}, GM)
    for seat in seats:
        remember(s, seat, uid)


def remember(s: dict, seat: int, uid: int) -> None:
    """A seat now knows tile `uid`; `seen_rounds` keeps when, so a co-op AI tells only news."""
    seen = s["seen_tiles"].setdefault(str(seat), [])
    if uid not in seen:
        seen.append(uid)
    s["seen_rounds"].setdefault(str(seat), {})[str(uid)] = s["round"]
