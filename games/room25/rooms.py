"""What each room does when characters enter it (spec 2.2). Passive rooms (Prison Cell, Cold,
Dark, Rotating corridor) are read where the rules ask: in moves, programming and actions."""
from __future__ import annotations

from games.room25 import board, data, looks, tokens
from games.room25.board import CENTRAL
from games.room25.flow import Ctx, choose, task
from games.room25.moves import arrive, can_enter, cell_options, place, replace_empty, reveal
from games.room25.outcome import end, escape_ok, kill, kill_many, reveal_dead, who
from games.room25.sliding import slide, slide_options


@task("fx")
def effect(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    uid = t["tile"]
    cis = [ci for ci in t["chars"] if s["characters"][ci]["alive"]
           and s["characters"][ci]["tile"] == uid]
    if cis:
        fn = EFFECTS.get(s["tile_kinds"][uid])
        if fn:
            fn(ctx, t, uid, cis, s["characters"][t["by"]]["seat"])


def _room_25(ctx, t, uid, cis, seat):
    s = ctx.s
    alarm = data.rules()["alarm_remaining"]
    if s["mode"] == "suspicion" and s["remaining"] > alarm:
        s["remaining"] = alarm
        s["alarm"] = True
        ctx.emit("alarm", {"remaining": alarm})
    if s["mode"] == "coop" and s["options"].get("coop_win_on_gather") and escape_ok(s):
        end(ctx, list(range(s["players"])), "coop_escape", {})


def _key_room(ctx, t, uid, cis, seat):
    ctx.s["key_activated"] = True
    ctx.emit("key_activated", who(ctx.s, cis[0]))
    replace_empty(ctx, uid, "key_room")


def _moving_room(ctx, t, uid, cis, seat):
    s = ctx.s
    if not t["newly_revealed"]:
        return
    x = choose(ctx, t, "cell", seat, "moving_room", cell_options(board.face_down_cells(s)))
    if x is None:
        return
    here = board.cell_of(s, uid)
    board.swap(s, here, board.parse(x))
    ctx.emit("room_moved", {"from": board.name(here), "to": x})


def _control_room(ctx, t, uid, cis, seat):
    x = choose(ctx, t, "line", seat, "control_room", slide_options(ctx.s, board.LINES))
    if x is not None:
        slide(ctx, x[:2], x[2], 1, "control_room")


def _monitor_room(ctx, t, uid, cis, seat):
    s = ctx.s
    x = choose(ctx, t, "cell", seat, "monitor_room", cell_options(board.face_down_cells(s)))
    if x is not None:
        looks.look(ctx, cis, board.parse(x), "monitor_room")


def _robot_room(ctx, t, uid, cis, seat):
    s = ctx.s
    if None in s["robots"]:
        i = s["robots"].index(None)
        s["robots"][i] = uid
        ctx.emit("robot_placed", {"robot": i + 1, "cell": board.name(board.cell_of(s, uid))})
    ctx.push({"task": "order", "by": t["by"]})


def _tunnel(ctx, t, uid, cis, seat):
    s = ctx.s
    others = [board.cell_of(s, u) for u, k in enumerate(s["tile_kinds"])
              if k == "tunnel" and u != uid and s["face_up"][u]
              and all(can_enter(s, ci, u) for ci in cis)]
    x = choose(ctx, t, "cell", seat, "tunnel", cell_options(sorted(others)))
    if x is not None:
        place(ctx, cis, s["board"][board.parse(x)], "tunnel")


def _regeneration_room(ctx, t, uid, cis, seat):
    s = ctx.s
    dead = [i for i, c in enumerate(s["characters"]) if not c["alive"]]
    if not dead:
        return
    central = s["board"][CENTRAL]
    for i in dead:
        c = s["characters"][i]
        c.update(alive=True, tile=central, regenerated_round=s["round"], death_order=0)
        s["order_stamp"] += 1
        c["arrival"] = s["order_stamp"]
        ctx.emit("regenerated", who(s, i))
    replace_empty(ctx, uid, "regeneration_room")


def _vortex_room(ctx, t, uid, cis, seat):
    place(ctx, cis, ctx.s["board"][CENTRAL], "vortex_room")


def _mac_room(ctx, t, uid, cis, seat):
    ctx.push({"task": "mac", "by": t["by"]})


def _mirror_room(ctx, t, uid, cis, seat):
    s = ctx.s
    for ci in cis:
        c = s["characters"][ci]
        planless = c["paranoia"] is not None or tokens.free_guard(s, c)
        if not planless:
            c["programme"], c["floating"] = [None, None], None
        if c["adrenaline_programmed"] or (planless and c["adrenaline"]):
            c.update(adrenaline_programmed=False, adrenaline=0, adrenaline_round=s["round"])
        ctx.emit("mirror", who(s, ci))


def _fake_exit(ctx, t, uid, cis, seat):
    s = ctx.s
    here = board.cell_of(s, uid)
    cand = []
    for _, n in board.neighbours(here):
        for o in board.chars_on(s, s["board"][n]):
            if not s["characters"][o]["hidden"] and can_enter(s, o, uid):
                cand.append(o)
    order = tokens.order_index(s)
    cand.sort(key=order)
    x = choose(ctx, t, "who", seat, "fake_exit", tokens.char_options(s, cand))
    if x is not None:
        place(ctx, [tokens.by_name(s, x)], uid, "fake_exit")


def _acid_bath(ctx, t, uid, cis, seat):
    """One entry kills one character: whoever has been in the bath longest (an attracting
    Jennifer), or, when Max carries someone in, the one Max's player chooses (R-17)."""
    s = ctx.s
    inside = sorted(board.chars_on(s, uid), key=lambda o: s["characters"][o]["arrival"])
    if len(cis) > 1:
        x = choose(ctx, t, "victim", seat, "acid_victim", tokens.char_options(s, inside))
        return kill(ctx, tokens.by_name(s, x), "acid_bath")
    present = [o for o in inside if o not in cis]
    if present:
        att = t.get("attractor")
        kill(ctx, att if att in present else present[0], "acid_bath")


def _trap_room(ctx, t, uid, cis, seat):
    for ci in cis:
        c = ctx.s["characters"][ci]
        c["trapped"] = [uid, c["actions_done"]]


def _flooded_room(ctx, t, uid, cis, seat):
    for ci in cis:
        ctx.s["characters"][ci]["flooded"] = [uid, ctx.s["round"]]


def _death_room(ctx, t, uid, cis, seat):
    kill_many(ctx, cis, "death_room")


def _illusion_room(ctx, t, uid, cis, seat):
    s = ctx.s
    emmetts = all(s["characters"][ci]["name"] == "emmett" for ci in cis)
    cells = [c for c in board.face_down_cells(s) if emmetts or s["board"][c] not in s["locks"]]
    x = choose(ctx, t, "cell", seat, "illusion_room", cell_options(cells))
    if x is None:
        return
    here, there = board.cell_of(s, uid), board.parse(x)
    h = s["board"][there]
    board.swap(s, here, there)
    ctx.emit("illusion", {"from": board.name(here), "to": x})
    for ci in cis:
        s["characters"][ci]["tile"] = h
    reveal(ctx, h)
    arrive(ctx, cis, h, t["dir"])
    ctx.push({**t, "task": "fx", "tile": h, "chars": cis, "newly_revealed": True, "how": "illusion",
              "answers": {}})


def _timer_room(ctx, t, uid, cis, seat):
    s = ctx.s
    if s["remaining"] > 1:
        s["remaining"] -= 1
        ctx.emit("timer", {"remaining": s["remaining"]})
        if s["remaining"] == 1:
            reveal_dead(ctx)
    else:
        kill_many(ctx, cis, "timer_room")
    replace_empty(ctx, uid, "timer_room")


def _paranoia_room(ctx, t, uid, cis, seat):
    s = ctx.s
    for ci in cis:
        c = s["characters"][ci]
        stack = ctx.rng.shuffle(tokens.owned(s, c))
        c["paranoia"], c["paranoia_tile"], c["left_paranoia_room"] = stack, uid, False
        ctx.emit("paranoia", {**who(s, ci), "size": len(stack)})


EFFECTS = {
    "room_25": _room_25, "key_room": _key_room, "moving_room": _moving_room,
    "control_room": _control_room, "monitor_room": _monitor_room, "robot_room": _robot_room,
    "tunnel": _tunnel, "regeneration_room": _regeneration_room, "vortex_room": _vortex_room,
    "mac_room": _mac_room, "mirror_room": _mirror_room, "fake_exit": _fake_exit,
    "acid_bath": _acid_bath, "trap_room": _trap_room, "flooded_room": _flooded_room,
    "death_room": _death_room, "illusion_room": _illusion_room, "timer_room": _timer_room,
    "paranoia_room": _paranoia_room,
}
