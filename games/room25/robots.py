"""Robots (spec 2.4): placed by Robot Rooms and cards, acting only on an order (Move or Push)."""
from __future__ import annotations

from games.room25 import actions, board, data
from games.room25.flow import Ctx, choose, opt, task
from games.room25.moves import cell_options, destinations, no_pass, reveal, robot_can_enter
from games.room25.outcome import kill_many


def robot_cell(s: dict, i: int) -> int:
    return board.cell_of(s, s["robots"][i])


def move_cells(s: dict, i: int) -> list[int]:
    return [n for _, n in board.exits(s, robot_cell(s, i)) if robot_can_enter(s, s["board"][n])]


def can_push(s: dict, i: int) -> bool:
    uid = s["robots"][i]
    if board.is_blue_up(s, uid):
        return False
    cell = robot_cell(s, i)
    return any(not s["characters"][o]["hidden"] and destinations(s, [o], cell)
               for o in board.chars_on(s, uid))


def order_options(s: dict) -> list:
    out = []
    for i, uid in enumerate(s["robots"]):
        if uid is None:
            continue
        if move_cells(s, i):
            out.append(opt(f"{i}m", "robot_move", robot=i + 1))
        if can_push(s, i):
            out.append(opt(f"{i}p", "robot_push", robot=i + 1))
    return out


def destroy(ctx: Ctx, i: int) -> None:
    s = ctx.s
    if s["robots"][i] is not None:
        ctx.emit("robot_destroyed", {"robot": i + 1, "cell": board.name(robot_cell(s, i))})
        s["robots"][i] = None


@task("order")
def order(ctx: Ctx, t: dict) -> None:
    """Give one order to a robot in play; mandatory when some robot can act (R-11)."""
    s = ctx.s
    seat = s["characters"][t["by"]]["seat"]
    x = choose(ctx, t, "order", seat, "robot_order", order_options(s))
    if x is not None:
        ctx.push({"task": "rmove" if x[1] == "m" else "rpush", "robot": int(x[0]), "by": t["by"]})


@task("rmove")
def rmove(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    i = t["robot"]
    if s["robots"][i] is None:
        return
    x = choose(ctx, t, "cell", s["characters"][t["by"]]["seat"], "robot_dest",
               cell_options(move_cells(s, i)), params={"robot": i + 1})
    if x is None:
        return
    uid = s["board"][board.parse(x)]
    s["robots"][i] = uid
    ctx.emit("robot_moved", {"robot": i + 1, "cell": x})
    reveal(ctx, uid, by_robot=True)
    k = s["tile_kinds"][uid]
    if data.colour(k) == "red":
        victims = board.chars_on(s, uid) if k in ("acid_bath", "shredder_room") else []
        if k == "shredder_room":
            no_pass(ctx, uid)
        destroy(ctx, i)
        kill_many(ctx, victims, "robot")


@task("rpush")
def rpush(ctx: Ctx, t: dict) -> None:
    """The ordering player picks victim and destination; Alice may refuse, and the robot then
    pushes someone else in the room if it can."""
    s = ctx.s
    i = t["robot"]
    if s["robots"][i] is None or not can_push(s, i):
        return
    cell = robot_cell(s, i)
    seat = s["characters"][t["by"]]["seat"]
    victims = board.chars_on(s, s["robots"][i])
    alice = next((o for o in victims if s["characters"][o]["name"] == "alice"), None)
    if (alice is not None and not s["characters"][alice]["hidden"]
            and destinations(s, [alice], cell)):
        y = choose(ctx, t, "alice", s["characters"][alice]["seat"], "robot_refuse",
                   [opt("refuse", "refuse"), opt("accept", "accept")], params={"robot": i + 1})
        if y == "refuse":
            victims = [o for o in victims if o != alice]
    actions.push_choice(ctx, t, seat, None, victims, cell, {"robot": i + 1}, "robot")
