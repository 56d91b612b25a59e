"""Eliminations, identity reveals, the escape condition and the end of the game (spec 4.6, 5)."""
from __future__ import annotations

from games.room25 import board
from games.room25.flow import AFTER, Ctx, Halt

ROLE = {"P": "prisoner", "G": "guard"}


def who(s: dict, ci: int) -> dict:
    """Event data naming a character: its name and the seat that runs it."""
    c = s["characters"][ci]
    return {"char": c["name"], "seat": c["seat"]}


def turn_order(s: dict) -> list[int]:
    n = len(s["characters"])
    return [(s["first_character"] + k) % n for k in range(n)]


def show(ctx: Ctx, ci: int) -> None:
    """Publish a character's identity (Suspicion); once shown it stays shown."""
    c = ctx.s["characters"][ci]
    if c["role"] and not c["role_shown"]:
        c["role_shown"] = True
        ctx.emit("identity", {**who(ctx.s, ci), "role": ROLE[c["role"]]})


def clear_round_plan(c: dict) -> None:
    c["programme"] = [None, None]
    c["floating"] = None


def kill(ctx: Ctx, ci: int, cause: str) -> None:
    kill_many(ctx, [ci], cause)


def kill_many(ctx: Ctx, cis: list[int], cause: str) -> None:
    """Eliminate characters one at a time in turn order (spec 4.6); the game-ending checks run
    once the whole batch is processed, so a Carry into a Death Room kills both."""
    s = ctx.s
    order = turn_order(s)
    killed = []
    for ci in sorted(set(cis), key=order.index):
        c = s["characters"][ci]
        if not c["alive"]:
            continue
        killed.append(ci)
        cell = board.char_cell(s, ci)
        previous = [i for i, o in enumerate(s["characters"]) if not o["alive"]]
        c["alive"], c["tile"], c["hidden"] = False, -1, False
        clear_round_plan(c)
        if c["adrenaline_programmed"]:
            c["adrenaline_programmed"], c["adrenaline"] = False, 0
        c["trapped"] = c["flooded"] = c["paranoia"] = None
        c["death_order"] = s["order_stamp"] = s["order_stamp"] + 1
        ctx.emit("eliminated", {**who(s, ci), "cell": board.name(cell), "cause": cause})
        if c["name"] == "emmett" and s["locks"]:
            s["locks"] = []
            ctx.emit("locks_removed", {})
        for p in previous:
            show(ctx, p)
        if any(s["characters"][p]["role"] == "P" for p in previous):
            show(ctx, ci)
    dead = [c for c in s["characters"] if not c["alive"]]
    if s["mode"] == "coop" and dead:
        end(ctx, [], "coop_death", {"char": dead[0]["name"]})
    if sum(1 for c in dead if c["role"] == "P") >= 2:
        end(ctx, side(s, "G"), "guards_kill", {})
    if s["phase"] != "over":     # a player whose last character fell is told once, privately
        for seat in sorted({s["characters"][ci]["seat"] for ci in killed}):
            if not any(c["alive"] for c in s["characters"] if c["seat"] == seat):
                ctx.emit("you_are_out", {}, (seat,))


def side(s: dict, role: str) -> list[int]:
    return sorted({c["seat"] for c in s["characters"] if c["role"] == role})


def reveal_dead(ctx: Ctx) -> None:
    """Final round (spec 4.1a, R-22): every eliminated character shows its identity."""
    if ctx.s["mode"] == "suspicion":
        for ci, c in enumerate(ctx.s["characters"]):
            if not c["alive"]:
                show(ctx, ci)


def room25(s: dict) -> int | None:
    return board.find_kind(s, "room_25")


def escape_ok(s: dict) -> bool:
    """Whether Room 25 leaving the Complex now is an escape (spec 5.2)."""
    r25 = room25(s)
    if s["mode"] == "coop":
        return s["key_activated"] and all(c["alive"] and c["tile"] == r25 for c in s["characters"])
    missing = sum(1 for c in s["characters"] if c["role"] == "P"
                  and (not c["alive"] or c["tile"] != r25))
    return missing == 0 or (missing == 1 and s["remaining"] == 1)


def escape(ctx: Ctx) -> None:
    s = ctx.s
    if s["mode"] == "coop":
        end(ctx, list(range(s["players"])), "coop_escape", {})
    end(ctx, side(s, "P"), "escape", {})


def end(ctx: Ctx, winners: list[int], reason: str, params: dict) -> None:
    """Finish the game: record the result and say why (the host adds the one "game over" line
    with the winners, named with their side: the outcome's `sides`), then publish every
    identity and the whole layout, room by room."""
    s = ctx.s
    roles = {c["seat"]: c["role"] for c in s["characters"]}
    sides = {str(w): "team" if s["mode"] == "coop" else ROLE[roles[w]] for w in winners}
    s["outcome"] = {"winners": sorted(winners), "reason": reason,
                    "params": {**params, "sides": sides}}
    s["phase"] = "over"
    s["question"] = None
    ctx.emit("game_over", {"reason": reason, "winners": sorted(winners)})
    for ci in range(len(s["characters"])):
        show(ctx, ci)
    hidden: dict[str, list[str]] = {}
    for cell in board.face_down_cells(s):
        hidden.setdefault(board.kind_at(s, cell), []).append(board.name(cell))
    for room, cells in sorted(hidden.items()):
        ctx.emit("hidden_room", {"room": room, "cells": cells})
    raise Halt


def unmask(ctx: Ctx) -> None:
    """Continuous check (spec 5.5): more than half of the living inside Room 25 unmasks the rest."""
    s = ctx.s
    if s["mode"] != "suspicion" or s["outcome"]:
        return
    r25 = room25(s)
    alive = [i for i, c in enumerate(s["characters"]) if c["alive"]]
    inside = [i for i in alive if s["characters"][i]["tile"] == r25]
    if 2 * len(inside) > len(alive):
        for ci, c in enumerate(s["characters"]):
            if ci not in inside and c["role"] and not c["role_shown"]:
                show(ctx, ci)


AFTER.append(unmask)
