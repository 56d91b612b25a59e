"""The M.A.C. deck (spec 2.6, 3.6): drawing, reshuffling, and what each card does.

A card drawn by an M.A.C. Room hits the drawer (`by`); otherwise "the first player" is the first
living character in turn order (R-26)."""
from __future__ import annotations

from games.room25 import abilities, actions, board, data, robots, rooms, tokens
from games.room25.board import CENTRAL, OPPOSITE
from games.room25.flow import Ctx, choose, opt, task
from games.room25.moves import can_enter, destinations, place, relocate, replace_empty
from games.room25.outcome import kill_many, turn_order, who
from games.room25.sliding import can_slide, slide


def build_deck(s: dict, madness: bool) -> list[str]:
    """Basic cards, plus Madness cards; in co-op Madness, Punishments of absent characters go."""
    present = {c["n"] for c in s["chars"]}
    out = []
    for cid, card in data.cards().items():
        basic = card["type"] in ("move", "punishment")
        if not basic and not madness:
            continue
        if (card["type"] == "punishment" and madness and s["mode"] == "coop"
                and card["target"] not in present):
            continue
        out.append(cid)
    return out


def target(s: dict, t: dict) -> int | None:
    if t.get("by") is not None:
        return t["by"]
    return next((ci for ci in turn_order(s) if s["chars"][ci]["a"]), None)


@task("mac")
def draw(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    if t.get("sched") and s["remaining"] <= 1:
        return
    if not s["deck"]:
        s["deck"], s["discard"] = ctx.rng.shuffle(s["discard"]), []
        ctx.emit("mac_reshuffle", {})
        if not s["deck"]:
            return
    cid = s["deck"].pop()
    card = data.cards()[cid]
    (s["face"] if card["type"] in data.load("mac")["round_long"] else s["discard"]).append(cid)
    ctx.emit("mac_card", {"card": cid, "type": card["type"]})
    ctx.push({"t": "card", "id": cid, "by": t.get("by")})


@task("card")
def resolve(ctx: Ctx, t: dict) -> None:
    card = data.cards()[t["id"]]
    CARDS[card["type"]](ctx, t, card)


def _none(ctx, why: str) -> None:
    ctx.emit("card_void", {"why": why})


def _move(ctx, t, card):
    s = ctx.s
    if not can_slide(s, card["line"], card["dir"]):
        _none(ctx, "locked_line")
    else:
        slide(ctx, card["line"], card["dir"], card["steps"], "mac")
    if card["again"]:
        ctx.push({"t": "mac", "by": t.get("by")})


def _punishment(ctx, t, card):
    s = ctx.s
    ci = t["by"] if t.get("by") is not None else next(
        (i for i, c in enumerate(s["chars"]) if c["n"] == card["target"]), None)
    if ci is None or not s["chars"][ci]["a"] or s["chars"][ci]["n"] == "alice":
        return _none(ctx, "no_target")
    c = s["chars"][ci]
    choices = [k for k in ("look", "ctrl", "spec") if k in tokens.owned(s, c)]
    x = choose(ctx, t, "token", c["s"], "punishment",
               [opt(k, "token", token=k) for k in choices], params=who(s, ci))
    if x is None:
        return _none(ctx, "nothing_left")
    c["lost"].append(x)
    c["p"] = [None if k == x else k for k in c["p"]]
    if c["f"] == x:
        c["f"] = None
    if c["para"]:
        c["para"] = [k for k in c["para"] if k != x]
    ctx.emit("punished", {**who(s, ci), "token": x})


def _blackout(ctx, t, card):
    s = ctx.s
    for i in range(len(s["robots"])):
        robots.destroy(ctx, i)
    for uid, k in enumerate(s["kind"]):
        if s["up"][uid] and data.colour(k) == "green" and k != "empty_room":
            replace_empty(ctx, uid, "blackout")


def _jamming(ctx, t, card):
    ctx.s["jam"] = True
    ctx.emit("jamming", {})


def _rewind(ctx, t, card):
    s = ctx.s
    ci = target(s, t)
    if ci is None or s["chars"][ci]["n"] == "alice":
        return _none(ctx, "immune")
    place(ctx, [ci], s["board"][CENTRAL], "rewind")


def _robot(ctx, t, card):
    s = ctx.s
    ci = target(s, t)
    if ci is None:
        return _none(ctx, "no_target")
    uid = s["chars"][ci]["u"]
    if data.colour(s["kind"][uid]) in ("red", "blue"):
        return _none(ctx, "room_colour")
    active = [i for i, r in enumerate(s["robots"]) if r is not None]
    if active:
        x = choose(ctx, t, "robot", s["chars"][ci]["s"], "card_robot",
                   [opt(str(i), "robot", robot=i + 1) for i in active])
        i = int(x)
    else:
        i = s["robots"].index(None)
    s["robots"][i] = uid
    ctx.emit("robot_placed", {"robot": i + 1, "cell": board.name(board.cell_of(s, uid))})
    ctx.push({"t": "ypush", "c": ci, "r": i})


def yellow_dests(s: dict, group: list, cell: int):
    """Robots, Bruce's push and Max's carry only ever move people into face-up yellow rooms, and
    never out of the Central Room (pushing from it is strictly forbidden)."""
    if cell == CENTRAL:
        return []
    return [(d, c) for d, c in destinations(s, group, cell)
            if s["up"][s["board"][c]] and data.colour(board.kind_at(s, c)) == "yellow"]


@task("ypush")
def ypush(ctx: Ctx, t: dict) -> None:
    """A robot (Robot card, Chaos) pushes a character into an adjacent face-up yellow room chosen
    by that character's player; Alice may stay (robot immunity)."""
    s = ctx.s
    ci = t["c"]
    c = s["chars"][ci]
    if not c["a"] or c["hid"] or s["robots"][t["r"]] != c["u"] or board.is_blue_up(s, c["u"]):
        return
    cell = board.char_cell(s, ci)
    dests = yellow_dests(s, [ci], cell)
    options = actions.dir_options(dests)
    if c["n"] == "alice" and options:
        options = [opt("stay", "stay")] + options
    x = choose(ctx, t, "cell", c["s"], "robot_push_yellow", options, params=who(s, ci))
    if x is None or x == "stay":
        return
    d = next(d for d, cc in dests if board.name(cc) == x)
    relocate(ctx, [ci], board.parse(x), d, "robot")


def _time_bomb(ctx, t, card):
    s = ctx.s
    if sum(data.cards()[f]["type"] == "time_bomb" for f in s["face"]) >= 2:
        red = [i for i, c in enumerate(s["chars"]) if c["a"] and board.colour_of(s, c["u"]) == "red"]
        ctx.emit("time_bomb", {})
        kill_many(ctx, red, "time_bomb")


def _lock(ctx, t, card):
    s = ctx.s
    ci = target(s, t)
    if ci is None:
        return _none(ctx, "no_target")
    cell = board.char_cell(s, ci)
    cells = abilities.lockable(s, [n for _, n in board.neighbours(cell)])
    if not cells:
        return _none(ctx, "no_room")
    abilities.place_lock(ctx, t, s["chars"][ci]["s"], cells, who(s, ci))


def _inoperative(ctx, t, card):
    s = ctx.s
    flipped = []
    for cell in range(25):
        uid = s["board"][cell]
        if (s["up"][uid] and data.colour(s["kind"][uid]) == card["colour"]
                and not board.occupied(s, uid) and uid not in s["np"]):
            s["up"][uid] = 0
            flipped.append(board.name(cell))
    if not flipped:
        return _none(ctx, "no_room")
    ctx.emit("inoperative", {"colour": card["colour"], "cells": flipped})


def _chaos(ctx, t, card):
    s = ctx.s
    rot = board.find_kind(s, "rotating_room")
    if rot is not None:
        s["rot"] = "EW" if s["rot"] == "NS" else "NS"
        if s["up"][rot]:  # a face-down one turns unseen
            ctx.emit("rotated", {"rot": s["rot"]})
    tasks = []
    for ci in turn_order(s):
        c = s["chars"][ci]
        if c["a"] and c["u"] in s["robots"]:
            tasks.append({"t": "ypush", "c": ci, "r": s["robots"].index(c["u"])})
    ctx.push(*tasks, {"t": "chaos_tunnels"})


@task("chaos_tunnels")
def chaos_tunnels(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    ctx.push(*[{"t": "tunnel_hop", "c": ci, "u": s["chars"][ci]["u"]} for ci in turn_order(s)
               if s["chars"][ci]["a"] and s["kind"][s["chars"][ci]["u"]] == "tunnel"])


@task("tunnel_hop")
def tunnel_hop(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    ci = t["c"]
    if not s["chars"][ci]["a"] or s["chars"][ci]["u"] != t["u"]:
        return
    rooms.EFFECTS["tunnel"](ctx, t, t["u"], [ci], s["chars"][ci]["s"])


def _acceleration(ctx, t, card):
    ctx.s["acc"] = True
    ctx.emit("acceleration", {})


def _panic(ctx, t, card):
    s = ctx.s
    ci = target(s, t)
    if ci is None:
        return _none(ctx, "no_target")
    name = s["chars"][ci]["n"]
    PANIC.get(name, lambda *a: _none(ctx, "immune"))(ctx, t, ci, board.char_cell(s, ci))


def _panic_franck(ctx, t, ci, cell):
    c = ctx.s["chars"][ci]
    if c["adr"]:
        c["adr"], c["pa"], c["adr_r"] = 0, False, ctx.s["round"]
        ctx.emit("adrenaline_lost", who(ctx.s, ci))


def _panic_jennifer(ctx, t, ci, cell):
    s = ctx.s
    uid = s["board"][cell]
    if board.colour_of(s, uid) != "yellow":
        return _none(ctx, "room_colour")
    moves = []
    for ci2 in turn_order(s):
        c = s["chars"][ci2]
        if ci2 == ci or not c["a"] or c["hid"] or not can_enter(s, ci2, uid):
            continue
        for d, n in board.neighbours(cell):
            if s["board"][n] == c["u"]:
                moves.append({"t": "go", "c": [ci2], "cell": cell, "d": OPPOSITE[d], "how": "panic"})
    ctx.push(*moves)


def _panic_kevin(ctx, t, ci, cell):
    s = ctx.s
    pairs = abilities._hack_pairs(s, cell)
    occ = {n for _, n in board.neighbours(cell) if board.chars_on(s, s["board"][n])}
    need = min(len(occ), 2)
    pairs = [p for p in pairs if len(occ & set(p)) >= need] or pairs
    x = choose(ctx, t, "pair", s["chars"][ci]["s"], "hack_complex", abilities.swap_options(pairs),
               params=who(s, ci))
    if x is None:
        return _none(ctx, "no_room")
    board.swap(s, board.parse(x[:2]), board.parse(x[2:]))
    ctx.emit("swapped", {"a": x[:2], "b": x[2:], "cause": "panic"})


def _panic_emmett(ctx, t, ci, cell):
    cells = abilities.lockable(ctx.s, [cell])
    if not cells:
        return _none(ctx, "room_colour")
    abilities.place_lock(ctx, t, ctx.s["chars"][ci]["s"], cells, who(ctx.s, ci))


def _panic_max(ctx, t, ci, cell):
    s = ctx.s
    group = [ci] + [o for o in board.chars_on(s, s["board"][cell]) if o != ci and not s["chars"][o]["hid"]]
    dests = yellow_dests(s, group, cell)
    x = choose(ctx, t, "cell", s["chars"][ci]["s"], "carry_dest", actions.dir_options(dests),
               params=who(s, ci))
    if x is None:
        return _none(ctx, "no_room")
    d = next(d for d, c in dests if board.name(c) == x)
    relocate(ctx, group, board.parse(x), d, "carry", by=ci)


def _panic_sarah(ctx, t, ci, cell):
    s = ctx.s
    if s["chars"][ci]["emp"] <= 0 or board.kind_at(s, cell) in board.BLUE:
        return _none(ctx, "no_room")
    s["chars"][ci]["emp"] -= 1
    replace_empty(ctx, s["board"][cell], "sabotage")


def _panic_bruce(ctx, t, ci, cell):
    s = ctx.s
    others = [o for o in turn_order(s) if o != ci and s["chars"][o]["a"]
              and s["chars"][o]["u"] == s["board"][cell] and not s["chars"][o]["hid"]]
    ctx.push(*[{"t": "bpush", "c": o, "by": ci, "u": s["board"][cell]} for o in others])


@task("bpush")
def bpush(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    o = t["c"]
    if not s["chars"][o]["a"] or s["chars"][o]["u"] != t["u"]:
        return
    cell = board.cell_of(s, t["u"])
    dests = yellow_dests(s, [o], cell)
    x = choose(ctx, t, "cell", s["chars"][t["by"]]["s"], "push_dest", actions.dir_options(dests),
               params={**who(s, t["by"]), "target": s["chars"][o]["n"]})
    if x is not None:
        d = next(d for d, c in dests if board.name(c) == x)
        relocate(ctx, [o], board.parse(x), d, "push")


@task("go")
def go(ctx: Ctx, t: dict) -> None:
    """A deferred entering relocation, so several people entering one after another resolve in
    order, each with its room effect."""
    s = ctx.s
    cis = [ci for ci in t["c"] if s["chars"][ci]["a"]]
    uid = s["board"][t["cell"]]
    if cis and all(can_enter(s, ci, uid) and s["chars"][ci]["u"] != uid for ci in cis):
        relocate(ctx, cis, t["cell"], t["d"], t["how"])


PANIC = {"franck": _panic_franck, "jennifer": _panic_jennifer, "kevin": _panic_kevin,
         "emmett": _panic_emmett, "max": _panic_max, "sarah": _panic_sarah, "bruce": _panic_bruce}

CARDS = {"move": _move, "punishment": _punishment, "blackout": _blackout, "jamming": _jamming,
         "rewind": _rewind, "robot": _robot, "time_bomb": _time_bomb, "lock": _lock,
         "inoperative": _inoperative, "chaos": _chaos, "acceleration": _acceleration,
         "panic": _panic}
