"""What the public and each seat may see (spec 7), and the text of a view.

Only what the rules make public goes in `public_view`: face-down tiles have no kind (and no colour),
programmes show as a count once programming has closed, identities only once revealed."""
from __future__ import annotations

from games.room25 import board, data, programming
from games.room25.outcome import ROLE, turn_order
from games.room25.tokens import free_guard


def _adrenaline(s: dict, c: dict) -> str:
    if c["pa"]:
        return "programmed"
    return "have" if c["adr"] else "none"


def _char_public(s: dict, ci: int) -> dict:
    c = s["chars"][ci]
    programmed = s["phase"] != "programming" and c["n_p"] is not None
    return {
        "name": c["n"], "seat": c["s"], "alive": c["a"], "hidden": c["hid"],
        "cell": board.name(board.char_cell(s, ci)) if c["a"] else None,
        "role": ROLE[c["r"]] if c["r"] and c["sh"] else ("?" if c["r"] else None),
        "guard_free": free_guard(s, c), "adrenaline": _adrenaline(s, c),
        "lost": list(c["lost"]), "paranoia": len(c["para"]) if c["para"] is not None else None,
        "empties": c["emp"], "programmed": c["n_p"] if programmed else None,
        "ready": s["phase"] == "programming" and c.get("sub") is not None,
        "regenerated": c["rg"] == s["round"],
    }


def public_view(s: dict) -> dict:
    b = s["board"]
    cells = []
    for cell in range(25):
        uid = b[cell]
        shown = bool(s["up"][uid])
        cells.append({
            "cell": board.name(cell), "room": s["kind"][uid] if shown else None,
            "colour": data.colour(s["kind"][uid]) if shown else None,
            "no_pass": uid in s["np"], "lock": uid in s["locks"],
            "rot": s["rot"] if shown and s["kind"][uid] == "rotating_room" else None,
            "reminders": sorted(s["chars"][int(ci)]["n"] for ci, u in s["rem"].items() if u == uid),
            "chars": [s["chars"][ci]["n"] for ci in turn_order(s)
                      if s["chars"][ci]["a"] and s["chars"][ci]["u"] == uid],
            "robots": [i + 1 for i, r in enumerate(s["robots"]) if r == uid],
            "exit_origin": (not shown and s["opts"]["show_exit_origin"] and uid in s["exit0"]),
        })
    comp: dict[str, int] = {}
    for k in s["kind"]:
        comp[k] = comp.get(k, 0) + 1
    last = s["discard"][-1] if s["discard"] else None
    return {
        "game": "room25", "mode": s["mode"], "level": s["level"], "madness": s["madness"],
        "phase": s["phase"], "round": s["round"], "remaining": s["remaining"],
        "final": s["remaining"] == 1, "pass": s["pass"],
        "current": s["chars"][s["cur"]]["n"] if s["cur"] is not None else None,
        "order": [s["chars"][ci]["n"] for ci in turn_order(s)],
        "cells": cells, "chars": [_char_public(s, ci) for ci in turn_order(s)],
        "ctrl": dict(s["ctrl"]), "key": s["key"], "alarm": s["alarm"],
        "acceleration": s["acc"], "jamming": s["jam"], "quiet": s["jam"],
        "face_cards": list(s["face"]), "discard_top": last, "discard": list(s["discard"]),
        "deck": len(s["deck"]),
        "locks_supply": data.rules()["locks"] - len(s["locks"]),
        "robots_supply": s["robots"].count(None), "composition": comp,
        "over": dict(s["over"]) if s["over"] else None,
    }


def seat_view(s: dict, seat: int) -> dict:
    view = public_view(s)
    view["seat"] = seat
    mine = []
    for ci, c in enumerate(s["chars"]):
        if c["s"] != seat:
            continue
        plan = [k for k in c["p"] if k] + ([c["f"]] if c["f"] else [])
        mine.append({"name": c["n"], "role": ROLE.get(c["r"], "team"), "plan": plan,
                     "floating": c["f"], "adr_programmed": c["pa"],
                     "submitted": c.get("sub"), "reveal_planned": c["rv"],
                     "may_reveal": programming.may_reveal(s, c)})
    view["mine"] = mine
    view["clue"] = s["clue"].get(str(seat))
    view["seen"] = [{"cell": board.name(board.cell_of(s, uid)), "room": s["kind"][uid],
                     "colour": data.colour(s["kind"][uid])}
                    for uid in s["seen"].get(str(seat), []) if not s["up"][uid]]
    return view


def char_line(c: dict, t) -> str:
    """One character's public status, in words, naming only what applies to it."""
    if not c["alive"]:
        line = t("views", "char_dead", char=c["name"], seat=c["seat"])
    else:
        line = t("views", "char_at", char=c["name"], seat=c["seat"], cell=c["cell"])
    parts = [line]
    if c["role"]:
        parts.append(t("views", "identity", role=c["role"]))
    if not c["alive"]:
        return " · ".join(parts)
    if c["hidden"]:
        parts.append(t("views", "hidden"))
    if c["adrenaline"] != "none":
        parts.append(t("views", "adrenaline", adr=c["adrenaline"]))
    if c["programmed"] is not None:
        parts.append(t("views", "programmed", count=c["programmed"]))
    elif c["ready"]:
        parts.append(t("views", "ready"))
    if c["lost"]:
        parts.append(t("views", "lost", tokens=c["lost"]))
    if c["paranoia"] is not None:
        parts.append(t("views", "paranoia", count=c["paranoia"]))
    if c["empties"]:
        parts.append(t("views", "empties", count=c["empties"]))
    return " · ".join(parts)


def describe(view: dict, t) -> str:
    header = "header_over" if view["over"] else "header"
    lines = [t("views", header, phase=t("phases", view["phase"]), round=view["round"],
               remaining=view["remaining"])]
    if view["over"] is None:
        lines.append(t("views", "order", chars=view["order"]))
    lines += [char_line(c, t) for c in view["chars"]]
    for cell in view["cells"]:
        marks = [t("views", m) for m in ("lock", "no_pass") if cell[m]]
        if cell["robots"]:
            marks.append(t("views", "robots", robots=cell["robots"]))
        if cell["chars"] or marks:
            room = cell["room"] or "face_down"
            head = t("views", "cell", cell=cell["cell"], room=room)
            who = t("views", "cell_chars", chars=cell["chars"]) if cell["chars"] else ""
            lines.append(" · ".join(x for x in [head, who, *marks] if x))
    if view["ctrl"]:
        slid = [t("views", "slid_line", line=ln, dir=d) for ln, d in sorted(view["ctrl"].items())]
        lines.append(t("views", "ctrl", lines=", ".join(slid)))
    if view["face_cards"]:
        lines.append(t("views", "face_cards", cards=view["face_cards"]))
    if view["key"]:
        lines.append(t("views", "key"))
    for m in view.get("mine", []):
        plan = (t("views", "plan", plan=m["plan"]) if m["plan"] else t("views", "no_plan"))
        role = t("roles", m["role"])
        lines.append(t("views", "mine", char=m["name"], role=role, plan=plan))
    seen = [t("views", "seen_item", cell=x["cell"], room=x["room"]) for x in view.get("seen", [])]
    if seen:
        lines.append(t("views", "seen", rooms=", ".join(seen)))
    return "\n".join(lines)


def secrets(view: dict, t) -> dict[str, list[str]]:
    """The seat's characters with their side and programme; then the hidden rooms it saw."""
    own = [t("views", "mine", char=m["name"], role=t("roles", m["role"]),
             plan=t("views", "plan", plan=m["plan"]) if m["plan"] else t("views", "no_plan"))
           for m in view.get("mine", [])]
    known = [t("views", "seen_item", cell=x["cell"], room=x["room"])
             for x in view.get("seen", [])]
    return {"own": own, "known": known}
