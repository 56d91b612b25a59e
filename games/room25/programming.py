"""The secret programming of tokens (spec 4.2): which programmes are legal and what they mean.

An option id spells the programme: token letters in slot order (one letter = the floating
token), then "A" when Adrenaline is programmed and "R" when a guard plans to reveal itself at its
next action turn. "0" is the empty programme: never offered to a character that can program a
token, it is the default a timeout gives (R-37a); a character under Paranoia, who programs no
token, is offered it as "draws only". Each programme of tokens is also spelt as the steps a
person picks it in (`path`): first action, second action, Adrenaline, reveal.
"""
from __future__ import annotations

from games.room25 import board
from games.room25.tokens import LETTER, TOKEN, owned


def adrenaline_ok(s: dict, c: dict) -> bool:
    return bool(c["adrenaline"]) and board.kind(s, c["tile"]) != "cold_room"


def may_reveal(s: dict, c: dict) -> bool:
    """An unrevealed guard may flip its identity once Room 25 is face-up (5.3)."""
    r25 = board.find_kind(s, "room_25")
    return (c["role"] == "G" and not c["revealed_round"] and r25 is not None
            and bool(s["face_up"][r25]))


def options(s: dict, c: dict) -> list:
    cold = board.kind(s, c["tile"]) == "cold_room"
    plans: list[tuple[str, str, dict]] = []
    if c["paranoia"] is None:
        toks = owned(s, c)
        for a in toks:
            plans.append((LETTER[a], "prog_one", {"a": a}))
        if not cold:
            for a in toks:
                for b in toks:
                    if a != b:
                        plans.append((LETTER[a] + LETTER[b], "prog_two", {"a": a, "b": b}))
    adr = [False, True] if adrenaline_ok(s, c) else [False]
    rev = [False, True] if may_reveal(s, c) else [False]
    out = []
    base = plans or [("", "prog_adr_only", {})]
    for oid, key, params in base:
        for a in adr:
            for r in rev:
                if not oid and not (a or r):
                    continue
                more = {"path": path(params, a, r)} if plans else {}
                out.append([oid + ("A" if a else "") + ("R" if r else ""), key,
                            {**params, "adr": a, "reveal": r, **more}])
    if not plans:
        out.append(["0", "prog_draws_only", {}])
    return out


def path(params: dict, adrenaline: bool, reveal: bool) -> list[list[str]]:
    """A programme as the steps a person picks it in: the first action, the second, then
    Adrenaline and the guard's reveal (a step with one way left is not asked)."""
    return [["prog_first", params["a"]], ["prog_second", params.get("b", "none")],
            ["prog_adr", "adr" if adrenaline else "no_adr"],
            ["prog_reveal", "reveal" if reveal else "no_reveal"]]


def parse(choice: str) -> tuple[list[str], bool, bool]:
    """(tokens in slot order, adrenaline, reveal)."""
    if choice == "0":
        return [], False, False
    toks = [TOKEN[ch] for ch in choice if ch in TOKEN]
    return toks, "A" in choice, "R" in choice
