"""The four basic actions and the dispatch of a resolved token (spec 4.4)."""
from __future__ import annotations

from games.room25 import board, data, looks, tokens
from games.room25.board import CENTRAL
from games.room25.flow import Ctx, choose, task
from games.room25.moves import cell_options, destinations, relocate
from games.room25.outcome import who
from games.room25.sliding import slide, slide_options


def lost(ctx: Ctx, ci: int, token: str, why: str) -> None:
    ctx.emit("action_lost", {**who(ctx.s, ci), "token": token, "why": why})


@task("act")
def act(ctx: Ctx, t: dict) -> None:
    """Resolve token t["token"] for character t["char"]; an impossible action is lost (it still
    counts)."""
    s = ctx.s
    ci, k = t["char"], t["token"]
    if not s["characters"][ci]["alive"]:
        return
    cell = board.char_cell(s, ci)
    if k not in ("look", "move") and cell == CENTRAL:
        return lost(ctx, ci, k, "central")
    if ACTIONS[k](ctx, t, ci, cell) is False:
        lost(ctx, ci, k, "impossible")


def seat(s: dict, ci: int) -> int:
    return s["characters"][ci]["seat"]


def _look(ctx, t, ci, cell):
    s = ctx.s
    if board.kind_at(s, cell) == "dark_room":
        return False
    targets = [n for _, n in board.exits(s, cell) if not s["face_up"][s["board"][n]]]
    x = choose(ctx, t, "cell", seat(s, ci), "look", cell_options(targets), params=who(s, ci))
    if x is None:
        return False
    looks.look(ctx, [ci], board.parse(x), "look")


def dir_options(dests) -> list:
    return [[board.name(c), "dest", {"cell": board.name(c), "dir": d}] for d, c in dests]


def _move(ctx, t, ci, cell):
    s = ctx.s
    dests = destinations(s, [ci], cell)
    x = choose(ctx, t, "cell", seat(s, ci), "move", dir_options(dests), params=who(s, ci))
    if x is None:
        return False
    d = next(d for d, c in dests if board.name(c) == x)
    relocate(ctx, [ci], board.parse(x), d, "move")


def pushable(s: dict, pusher: int | None, target: int) -> bool:
    """Hidden characters cannot be pushed, except a hidden Bruce by Alice."""
    c = s["characters"][target]
    return not c["hidden"] or (pusher is not None and s["characters"][pusher]["name"] == "alice"
                            and c["name"] == "bruce")


def push_choice(ctx, t, decider_seat: int, pusher: int | None, victims, cell, params,
                how: str = "push") -> bool:
    """Choose a victim in `victims` and a destination from `cell`, then push. False if none."""
    s = ctx.s
    cand = [o for o in victims if pushable(s, pusher, o) and destinations(s, [o], cell)]
    x = choose(ctx, t, "who", decider_seat, "push_target", tokens.char_options(s, cand),
               params=params)
    if x is None:
        return False
    o = tokens.by_name(s, x)
    dests = destinations(s, [o], cell)
    y = choose(ctx, t, "cell", decider_seat, "push_dest", dir_options(dests),
               params={**params, "target": x})
    d = next(d for d, c in dests if board.name(c) == y)
    relocate(ctx, [o], board.parse(y), d, how)
    return True


def _push(ctx, t, ci, cell):
    s = ctx.s
    others = [o for o in board.chars_on(s, s["board"][cell]) if o != ci]
    others.sort(key=tokens.order_index(s))
    return push_choice(ctx, t, seat(s, ci), ci, others, cell, who(s, ci))


def _ctrl(ctx, t, ci, cell):
    s = ctx.s
    opts = slide_options(s, board.lines_of(cell))
    x = choose(ctx, t, "line", seat(s, ci), "control", opts, params=who(s, ci))
    if x is None:
        return False
    steps = data.rules()["acceleration_steps"] if s["acceleration"] else 1
    slide(ctx, x[:2], x[2], steps, "control")


ACTIONS = {"look": _look, "move": _move, "push": _push, "ctrl": _ctrl}  # "spec" is added by abilities
