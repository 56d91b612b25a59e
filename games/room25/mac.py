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
    present = {c["name"] for c in s["characters"]}
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
    return next((ci for ci in turn_order(s) if s["characters"][ci]["alive"]), None)


@task("mac")
def draw(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    if t.get("scheduled") and s["remaining"] <= 1:
        return
    if not s["deck"]:
        s["deck"], s["discard"] = ctx.rng.shuffle(s["discard"]), []
        ctx.emit("mac_reshuffle", {})
        if not s["deck"]:
            return
    cid = s["deck"].pop()
    card = data.cards()[cid]
    (s["face_up_cards"]
     if card["type"] in data.load("mac")["round_long"] else s["discard"]).append(cid)
    ctx.emit("mac_card", {"card": cid, "type": card["type"]})
    ctx.push({"task": "card", "card": cid, "by": t.get("by")})


@task("card")
def resolve(ctx: Ctx, t: dict) -> None:
    card = data.cards()[t["card"]]
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
        ctx.push({"task": "mac", "by": t.get("by")})


def _punishment(ctx, t, card):
    s = ctx.s
    ci = t["by"] if t.get("by") is not None else next(
        (i for i, c in enumerate(s["characters"]) if c["name"] == card["target"]), None)
    if ci is None or not s["characters"][ci]["alive"] or s["characters"][ci]["name"] == "alice":
        return _none(ctx, "no_target")
    c = s["characters"][ci]
    choices = [k for k in ("look", "ctrl", "spec") if k in tokens.owned(s, c)]
    x = choose(ctx, t, "token", c["seat"], "punishment",
               [opt(k, "token", token=k) for k in choices], params=who(s, ci))
    if x is None:
        return _none(ctx, "nothing_left")
    c["lost_tokens"].append(x)
    c["programme"] = [None if k == x else k for k in c["programme"]]
    if c["floating"] == x:
        c["floating"] = None
    if c["paranoia"]:
        c["paranoia"] = [k for k in c["paranoia"] if k != x]
    ctx.emit("punished", {**who(s, ci), "token": x})


def _blackout(ctx, t, card):
    s = ctx.s
    for i in range(len(s["robots"])):
        robots.destroy(ctx, i)
    for uid, k in enumerate(s["tile_kinds"]):
        if s["face_up"][uid] and data.colour(k) == "green" and k != "empty_room":
            replace_empty(ctx, uid, "blackout")


def _jamming(ctx, t, card):
    ctx.s["jamming"] = True
    ctx.emit("jamming", {})


def _rewind(ctx, t, card):
    s = ctx.s
    ci = target(s, t)
    if ci is None or s["characters"][ci]["name"] == "alice":
        return _none(ctx, "immune")
    place(ctx, [ci], s["board"][CENTRAL], "rewind")


def _robot(ctx, t, card):
    s = ctx.s
    ci = target(s, t)
    if ci is None:
        return _none(ctx, "no_target")
    uid = s["characters"][ci]["tile"]
    if data.colour(s["tile_kinds"][uid]) in ("red", "blue"):
        return _none(ctx, "room_colour")
    active = [i for i, r in enumerate(s["robots"]) if r is not None]
    if active:
        x = choose(ctx, t, "robot", s["characters"][ci]["seat"], "card_robot",
                   [opt(str(i), "robot", robot=i + 1) for i in active])
        i = int(x)
    else:
        i = s["robots"].index(None)
    s["robots"][i] = uid
    ctx.emit("robot_placed", {"robot": i + 1, "cell": board.name(board.cell_of(s, uid))})
    ctx.push({"task": "ypush", "char": ci, "robot": i})


def yellow_dests(s: dict, group: list, cell: int):
    """Robots, Bruce's push and Max's carry only ever move people into face-up yellow rooms, and
    never out of the Central Room (pushing from it is strictly forbidden)."""
    if cell == CENTRAL:
        return []
    return [(d, c) for d, c in destinations(s, group, cell)
            if s["face_up"][s["board"][c]] and data.colour(board.kind_at(s, c)) == "yellow"]


@task("ypush")
def ypush(ctx: Ctx, t: dict) -> None:
    """A robot (Robot card, Chaos) pushes a character into an adjacent face-up yellow room chosen
    by that character's player; Alice may stay (robot immunity)."""
    s = ctx.s
    ci = t["char"]
    c = s["characters"][ci]
    if (not c["alive"] or c["hidden"] or s["robots"][t["robot"]] != c["tile"]
            or board.is_blue_up(s, c["tile"])):
        return
    cell = board.char_cell(s, ci)
    dests = yellow_dests(s, [ci], cell)
    options = actions.dir_options(dests)
    if c["name"] == "alice" and options:
        options = [opt("stay", "stay")] + options
    x = choose(ctx, t, "cell", c["seat"], "robot_push_yellow", options, params=who(s, ci))
    if x is None or x == "stay":
        return
    d = next(d for d, cc in dests if board.name(cc) == x)
    relocate(ctx, [ci], board.parse(x), d, "robot")


def _time_bomb(ctx, t, card):
    s = ctx.s
    if sum(data.cards()[f]["type"] == "time_bomb" for f in s["face_up_cards"]) >= 2:
        red = [i for i, c in enumerate(s["characters"])
               if c["alive"] and board.colour_of(s, c["tile"]) == "red"]
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
    abilities.place_lock(ctx, t, s["characters"][ci]["seat"], cells, who(s, ci))


def _inoperative(ctx, t, card):
    s = ctx.s
    flipped = []
    for cell in range(25):
        uid = s["board"][cell]
        if (s["face_up"][uid] and data.colour(s["tile_kinds"][uid]) == card["colour"]
                and not board.occupied(s, uid) and uid not in s["no_pass"]):
            s["face_up"][uid] = 0
            flipped.append(board.name(cell))
    if not flipped:
        return _none(ctx, "no_room")
    ctx.emit("inoperative", {"colour": card["colour"], "cells": flipped})


def _chaos(ctx, t, card):
    s = ctx.s
    rot = board.find_kind(s, "rotating_room")
    if rot is not None:
        s["corridor_axis"] = "EW" if s["corridor_axis"] == "NS" else "NS"
        if s["face_up"][rot]:  # a face-down one turns unseen
            ctx.emit("rotated", {"rot": s["corridor_axis"]})
    tasks = []
    for ci in turn_order(s):
        c = s["characters"][ci]
        if c["alive"] and c["tile"] in s["robots"]:
            tasks.append({"task": "ypush", "char": ci, "robot": s["robots"].index(c["tile"])})
    ctx.push(*tasks, {"task": "chaos_tunnels"})


@task("chaos_tunnels")
def chaos_tunnels(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    ctx.push(*[{"task": "tunnel_hop", "char": ci,
                "tile": s["characters"][ci]["tile"]} for ci in turn_order(s)
               if s["characters"][ci]["alive"]
               and s["tile_kinds"][s["characters"][ci]["tile"]] == "tunnel"])


@task("tunnel_hop")
def tunnel_hop(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    ci = t["char"]
    if not s["characters"][ci]["alive"] or s["characters"][ci]["tile"] != t["tile"]:
        return
    rooms.EFFECTS["tunnel"](ctx, t, t["tile"], [ci], s["characters"][ci]["seat"])


def _acceleration(ctx, t, card):
    ctx.s["acceleration"] = True
    ctx.emit("acceleration", {})


def _panic(ctx, t, card):
    s = ctx.s
    ci = target(s, t)
    if ci is None:
        return _none(ctx, "no_target")
    name = s["characters"][ci]["name"]
    PANIC.get(name, lambda *a: _none(ctx, "immune"))(ctx, t, ci, board.char_cell(s, ci))


def _panic_franck(ctx, t, ci, cell):
    c = ctx.s["characters"][ci]
    if c["adrenaline"]:
        c.update(adrenaline=0, adrenaline_programmed=False, adrenaline_round=ctx.s["round"])
        ctx.emit("adrenaline_lost", who(ctx.s, ci))


def _panic_jennifer(ctx, t, ci, cell):
    s = ctx.s
    uid = s["board"][cell]
    if board.colour_of(s, uid) != "yellow":
        return _none(ctx, "room_colour")
    moves = []
    for ci2 in turn_order(s):
        c = s["characters"][ci2]
        if ci2 == ci or not c["alive"] or c["hidden"] or not can_enter(s, ci2, uid):
            continue
        for d, n in board.neighbours(cell):
            if s["board"][n] == c["tile"]:
                moves.append({"task": "go", "chars": [ci2], "cell": cell, "dir": OPPOSITE[d],
                              "how": "panic"})
    ctx.push(*moves)


def _panic_kevin(ctx, t, ci, cell):
    s = ctx.s
    pairs = abilities._hack_pairs(s, cell)
    occ = {n for _, n in board.neighbours(cell) if board.chars_on(s, s["board"][n])}
    need = min(len(occ), 2)
    pairs = [p for p in pairs if len(occ & set(p)) >= need] or pairs
    x = choose(ctx, t, "pair", s["characters"][ci]["seat"], "hack_complex",
               abilities.swap_options(pairs),
               params=who(s, ci))
    if x is None:
        return _none(ctx, "no_room")
    board.swap(s, board.parse(x[:2]), board.parse(x[2:]))
    ctx.emit("swapped", {"a": x[:2], "b": x[2:], "cause": "panic"})


def _panic_emmett(ctx, t, ci, cell):
    cells = abilities.lockable(ctx.s, [cell])
    if not cells:
        return _none(ctx, "room_colour")
    abilities.place_lock(ctx, t, ctx.s["characters"][ci]["seat"], cells, who(ctx.s, ci))


def _panic_max(ctx, t, ci, cell):
    s = ctx.s
    group = [ci] + [o for o in board.chars_on(s, s["board"][cell])
                    if o != ci and not s["characters"][o]["hidden"]]
    dests = yellow_dests(s, group, cell)
    x = choose(ctx, t, "cell", s["characters"][ci]["seat"], "carry_dest",
               actions.dir_options(dests),
               params=who(s, ci))
    if x is None:
        return _none(ctx, "no_room")
    d = next(d for d, c in dests if board.name(c) == x)
    relocate(ctx, group, board.parse(x), d, "carry", by=ci)


def _panic_sarah(ctx, t, ci, cell):
    s = ctx.s
    if s["characters"][ci]["empty_rooms_left"] <= 0 or board.kind_at(s, cell) in board.BLUE:
        return _none(ctx, "no_room")
    s["characters"][ci]["empty_rooms_left"] -= 1
    replace_empty(ctx, s["board"][cell], "sabotage")


def _panic_bruce(ctx, t, ci, cell):
    s = ctx.s
    others = [o for o in turn_order(s) if o != ci and s["characters"][o]["alive"]
              and s["characters"][o]["tile"] == s["board"][cell]
              and not s["characters"][o]["hidden"]]
    ctx.push(*[{"task": "bpush", "char": o, "by": ci, "tile": s["board"][cell]} for o in others])


@task("bpush")
def bpush(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    o = t["char"]
    if not s["characters"][o]["alive"] or s["characters"][o]["tile"] != t["tile"]:
        return
    cell = board.cell_of(s, t["tile"])
    dests = yellow_dests(s, [o], cell)
    x = choose(ctx, t, "cell", s["characters"][t["by"]]["seat"], "push_dest",
               actions.dir_options(dests),
               params={**who(s, t["by"]), "target": s["characters"][o]["name"]})
    if x is not None:
        d = next(d for d, c in dests if board.name(c) == x)
        relocate(ctx, [o], board.parse(x), d, "push")


@task("go")
def go(ctx: Ctx, t: dict) -> None:
    """A deferred entering relocation, so several people entering one after another resolve in
    order, each with its room effect."""
    s = ctx.s
    cis = [ci for ci in t["chars"] if s["characters"][ci]["alive"]]
    uid = s["board"][t["cell"]]
    if cis and all(can_enter(s, ci, uid) and s["characters"][ci]["tile"] != uid for ci in cis):
        relocate(ctx, cis, t["cell"], t["dir"], t["how"])


PANIC = {"franck": _panic_franck, "jennifer": _panic_jennifer, "kevin": _panic_kevin,
         "emmett": _panic_emmett, "max": _panic_max, "sarah": _panic_sarah, "bruce": _panic_bruce}

CARDS = {"move": _move, "punishment": _punishment, "blackout": _blackout, "jamming": _jamming,
         "rewind": _rewind, "robot": _robot, "time_bomb": _time_bomb, "lock": _lock,
         "inoperative": _inoperative, "chaos": _chaos, "acceleration": _acceleration,
         "panic": _panic}
