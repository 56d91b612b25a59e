"""Sliding a movable line (Control action, Control Room, M.A.C. movement) and the escape (spec 5.1)."""
from __future__ import annotations

from games.room25 import board
from games.room25.flow import Ctx
from games.room25.outcome import escape, escape_ok


def can_slide(s: dict, line: str, d: str) -> bool:
    """A line slid this round may only be slid again in the same direction."""
    return s["slid_lines"].get(line, d) == d


def slide_options(s: dict, lines) -> list:
    return [[f"{ln}{d}", "slide", {"line": ln, "dir": d}]
            for ln in lines for d in board.LINE_DIRS[ln[0]] if can_slide(s, ln, d)]


def slide(ctx: Ctx, line: str, d: str, steps: int, cause: str) -> None:
    """Step by step; before each step Room 25 leaving the board while the condition holds escapes."""
    s = ctx.s
    s["slid_lines"][line] = d
    ctx.emit("slid", {"line": line, "dir": d, "steps": steps, "cause": cause})
    for _ in range(steps):
        leaving = s["board"][board.line_cells(line, d)[-1]]
        if s["tile_kinds"][leaving] == "room_25" and escape_ok(s):
            ctx.emit("escaped", {"cell": board.name(board.line_cells(line, d)[-1])})
            escape(ctx)
        board.slide_once(s, line, d)
