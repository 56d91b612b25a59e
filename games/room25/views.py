"""What the public and each seat may see (spec 7), and the text of a view. Once the game is
over every room and identity is shown.

Only what the rules make public goes in `public_view`: face-down tiles have no kind (and no colour),
programmes show as a count once programming has closed, identities only once revealed."""
from __future__ import annotations

from games.room25 import board, data, programming
from games.room25.outcome import ROLE, turn_order
from games.room25.tokens import free_guard


def _adrenaline(s: dict, c: dict) -> str:
    if c["adrenaline_programmed"]:
        return "programmed"
    return "have" if c["adrenaline"] else "none"


def _char_public(s: dict, ci: int) -> dict:
    c = s["characters"][ci]
    programmed = s["phase"] != "programming" and c["programmed_count"] is not None
    return {
        "name": c["name"], "seat": c["seat"], "alive": c["alive"], "hidden": c["hidden"],
        "cell": board.name(board.char_cell(s, ci)) if c["alive"] else None,
        "role": (ROLE[c["role"]] if c["role"] and (c["role_shown"] or s["outcome"])
                 else ("?" if c["role"] else None)),
        "guard_free": free_guard(s, c), "adrenaline": _adrenaline(s, c),
        "lost": list(c["lost_tokens"]),
        "paranoia": len(c["paranoia"]) if c["paranoia"] is not None else None,
        "empties": c["empty_rooms_left"],
        "programmed": c["programmed_count"] if programmed else None,
        "ready": s["phase"] == "programming" and c.get("submitted") is not None,
        "regenerated": c["regenerated_round"] == s["round"],
    }


def settled(s: dict) -> list[int]:
    """The characters in turn order whose name is chosen: while the players pick, a pawn not
    picked yet holds only a default name, which the table must not read as a choice."""
    if s["phase"] != "pick":
        return turn_order(s)
    picking = next((t.get("pawn", 0) for t in reversed(s["stack"]) if t["task"] == "pick"), 0)
    return [ci for ci in turn_order(s) if ci < picking]


def public_view(s: dict) -> dict:
    b = s["board"]
    named = settled(s)
    cells = []
    for cell in range(25):
        uid = b[cell]
        shown = bool(s["face_up"][uid] or s["outcome"])     # at the end the whole Complex is shown
        cells.append({
            "cell": board.name(cell), "room": s["tile_kinds"][uid] if shown else None,
            "colour": data.colour(s["tile_kinds"][uid]) if shown else None,
            "no_pass": uid in s["no_pass"], "lock": uid in s["locks"],
            "rot": (s["corridor_axis"] if shown and s["tile_kinds"][uid] == "rotating_room"
                    else None),
            "reminders": sorted(s["characters"][int(ci)]["name"]
                                for ci, u in s["reminders"].items() if u == uid),
            "chars": [s["characters"][ci]["name"] for ci in named
                      if s["characters"][ci]["alive"] and s["characters"][ci]["tile"] == uid],
            "robots": [i + 1 for i, r in enumerate(s["robots"]) if r == uid],
            "exit_origin": (not shown and s["options"]["show_exit_origin"]
                            and uid in s["exit_tiles"]),
        })
    comp: dict[str, int] = {}
    for k in s["tile_kinds"]:
        comp[k] = comp.get(k, 0) + 1
    last = s["discard"][-1] if s["discard"] else None
    return {
        "game": "room25", "mode": s["mode"], "level": s["level"], "madness": s["madness"],
        "phase": s["phase"], "round": s["round"], "remaining": s["remaining"],
        "final": s["remaining"] == 1, "pass": s["action_pass"],
        "current": s["characters"][s["acting"]]["name"] if s["acting"] is not None else None,
        "order": [s["characters"][ci]["name"] for ci in named],
        "cells": cells, "chars": [_char_public(s, ci) for ci in named],
        "choosing": sorted({c["seat"] for ci, c in enumerate(s["characters"]) if ci not in named}),
        "ctrl": dict(s["slid_lines"]), "key": s["key_activated"], "alarm": s["alarm"],
        "acceleration": s["acceleration"], "jamming": s["jamming"], "quiet": s["jamming"],
        "face_cards": list(s["face_up_cards"]), "discard_top": last, "discard": list(s["discard"]),
        "deck": len(s["deck"]),
        "locks_supply": data.rules()["locks"] - len(s["locks"]),
        "robots_supply": s["robots"].count(None), "composition": comp,
        "over": dict(s["outcome"]) if s["outcome"] else None,
    }


def seat_view(s: dict, seat: int) -> dict:
    view = public_view(s)
    view["seat"] = seat
    mine, named = [], settled(s)
    for ci, c in enumerate(s["characters"]):
        if c["seat"] != seat or ci not in named:     # not one's own until picked
            continue
        plan = [k for k in c["programme"] if k] + ([c["floating"]] if c["floating"] else [])
        mine.append({"name": c["name"], "role": ROLE.get(c["role"], "team"), "plan": plan,
                     "floating": c["floating"], "adr_programmed": c["adrenaline_programmed"],
                     "submitted": c.get("submitted"), "reveal_planned": c["reveal_programmed"],
                     "may_reveal": programming.may_reveal(s, c)})
    view["mine"] = mine
    view["clue"] = s["clues"].get(str(seat))
    view["seen"] = [{"cell": board.name(board.cell_of(s, uid)), "room": s["tile_kinds"][uid],
                     "colour": data.colour(s["tile_kinds"][uid])}
                    for uid in s["seen_tiles"].get(str(seat), [])
                    if not s["face_up"][uid] and not s["outcome"]]    # at the end all is shown
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
    if view["choosing"]:
        lines.append(t("views", "choosing", seats=view["choosing"]))
    elif view["over"] is None:
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
    if view.get("seat") in view["choosing"]:
        own.append(t("views", "mine_choosing"))
    known = [t("views", "seen_item", cell=x["cell"], room=x["room"])
             for x in view.get("seen", [])]
    return {"own": own, "known": known}
