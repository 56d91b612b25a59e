"""The 5x5 Complex: cells, lines, adjacency, and the tiles lying on it.

Cells are 0..24 row-major (A1=0 ... E5=24). Tiles keep a fixed uid for the whole game and
`board[cell]` is the uid lying on a cell, so a slide or a swap only permutes `board`: every
piece on a tile (characters, robots, locks, reminders) rides along with no bookkeeping. A
"replaced" tile keeps its uid and changes kind (R-04).
"""
from __future__ import annotations

from games.room25 import data

CENTRAL = 12
DIRS = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
LINES = ("r1", "r2", "r4", "r5", "cA", "cB", "cD", "cE")
LINE_DIRS = {"r": "EW", "c": "NS"}
BLUE = ("central_room", "room_25", "key_room")


def name(cell: int) -> str:
    return "ABCDE"[cell % 5] + str(cell // 5 + 1)


def parse(cell_name: str) -> int:
    return (int(cell_name[1]) - 1) * 5 + "ABCDE".index(cell_name[0])


def step(cell: int, d: str) -> int | None:
    r, c = divmod(cell, 5)
    dr, dc = DIRS[d]
    r, c = r + dr, c + dc
    return r * 5 + c if 0 <= r < 5 and 0 <= c < 5 else None


def neighbours(cell: int) -> list[tuple[str, int]]:
    """(direction, cell) in canonical N, E, S, W order."""
    out = []
    for d in "NESW":
        n = step(cell, d)
        if n is not None:
            out.append((d, n))
    return out


def _dist(cell: int) -> int:
    r, c = divmod(cell, 5)
    return abs(r - 2) + abs(c - 2)


EXIT = tuple(c for c in range(25) if _dist(c) >= 3)
CROSS = tuple(c for c in range(25) if 1 <= _dist(c) <= 2)


def line_cells(line: str, d: str) -> list[int]:
    """The five cells of a line ordered along direction d (the last one is the leaving cell)."""
    if line[0] == "r":
        r = int(line[1]) - 1
        cells = [r * 5 + c for c in range(5)]
    else:
        c = "ABCDE".index(line[1])
        cells = [r * 5 + c for r in range(5)]
    return cells if d in "ES" else cells[::-1]


def lines_of(cell: int) -> list[str]:
    """The movable lines through a cell (its row, then its column)."""
    r, c = divmod(cell, 5)
    out = []
    if r != 2:
        out.append(f"r{r + 1}")
    if c != 2:
        out.append("c" + "ABCDE"[c])
    return out


def slide_once(state: dict, line: str, d: str) -> None:
    cells = line_cells(line, d)
    b = state["board"]
    uids = [b[c] for c in cells]
    for i, c in enumerate(cells):
        b[c] = uids[i - 1]


def swap(state: dict, a: int, b: int) -> None:
    bd = state["board"]
    bd[a], bd[b] = bd[b], bd[a]


# ---- tiles ---------------------------------------------------------------------------------
def kind(state: dict, uid: int) -> str:
    return state["tile_kinds"][uid]


def kind_at(state: dict, cell: int) -> str:
    return state["tile_kinds"][state["board"][cell]]


def up(state: dict, uid: int) -> bool:
    return bool(state["face_up"][uid])


def cell_of(state: dict, uid: int) -> int:
    return state["board"].index(uid)


def colour_of(state: dict, uid: int) -> str:
    return data.colour(state["tile_kinds"][uid])


def is_blue_up(state: dict, uid: int) -> bool:
    return bool(state["face_up"][uid]) and state["tile_kinds"][uid] in BLUE


def find_kind(state: dict, k: str) -> int | None:
    for uid, kk in enumerate(state["tile_kinds"]):
        if kk == k:
            return uid
    return None


def chars_on(state: dict, uid: int) -> list[int]:
    return [i for i, c in enumerate(state["characters"]) if c["alive"] and c["tile"] == uid]


def robots_on(state: dict, uid: int) -> list[int]:
    return [i for i, r in enumerate(state["robots"]) if r == uid]


def occupied(state: dict, uid: int) -> bool:
    return bool(chars_on(state, uid) or robots_on(state, uid))


def char_cell(state: dict, ci: int) -> int:
    return state["board"].index(state["characters"][ci]["tile"])


def exits(state: dict, cell: int) -> list[tuple[str, int]]:
    """Neighbours a piece standing on `cell` may Move/Look/Push through (Rotating corridor)."""
    nb = neighbours(cell)
    if kind_at(state, cell) == "rotating_room":
        allowed = "NS" if state["corridor_axis"] == "NS" else "EW"
        nb = [(d, n) for d, n in nb if d in allowed]
    return nb


def face_down_cells(state: dict) -> list[int]:
    b, u = state["board"], state["face_up"]
    return [c for c in range(25) if not u[b[c]]]
