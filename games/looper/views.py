"""What everyone sees (spec 7.2: the board, counters, face-down cards with owner and target,
spent once-per-loop cards, the public sheet) and what each seat adds: the Mastermind its script,
hand and its own face-down cards; a protagonist the hands of the decks it holds and its own
face-down cards. The script goes public only when the game is over."""
from __future__ import annotations

from itertools import accumulate

from games.looper import cards, data
from games.looper.script import public_sheet
from games.looper.table import MM_SEAT, in_public_order


# With talk_restricted (spec 5.1, R-37) the protagonists talk only in time spirals and during
# the Final Guess; otherwise the bot asks the thread for silence and removes posts.
TALK_STEPS = ("spiral", "spiral_confirm", "final_guess", "over")


def public_view(s: dict) -> dict:
    chars = [{"id": cid, "location": st["location"], "alive": st["alive"],
              "goodwill": st["goodwill"], "paranoia": st["paranoia"],
              "intrigue": st["intrigue"], "guards": st["guards"],
              "limit": data.characters()[cid]["limit"],
              "role": s["revealed_roles"].get(cid)}
             for cid, st in in_public_order(s) if st["in_play"]]
    view = {
        "game": "looper", "phase": s["step"], "round": s["days_played"],
        "sheet": public_sheet(s["script"]), "loop": s["loop"], "day": s["day"],
        "characters": chars, "locations": dict(s["location_intrigue"]),
        "leader": s["leader"], "deck_owner": dict(s["deck_owner"]),
        "placed": [{"owner": p["owner"], "target": p["target"]} for p in s["placed"]],
        "set_aside": {"mastermind": list(s["mastermind_set_aside"]),
                      **{d: list(s["deck_set_aside"][d]) for d in data.DECKS}},
        "occurred": [i["incident"] for i in s["incidents_occurred"]],
        "revealed_roles": dict(s["revealed_roles"]),
        "quiet": bool(s["options"].get("talk_restricted")) and s["step"] not in TALK_STEPS,
        "chronicle": [dict(d) for d in s["chronicle"]],
        "loop_results": [dict(r) for r in s["loop_results"]],
        "over": dict(s["result"]) if s["result"] else None,
        "clock": clock(s),
    }
    if s["result"]:
        view["script"] = s["script"]
    return view


# Before a loop starts, its day is not yet the first (the board still shows the last one's).
BETWEEN_LOOPS = ("spiral", "spiral_confirm", "loop_prepare")


def clock(s: dict) -> dict:
    """The game's own clock for headers ("Loop 2 · Day 4"): a `views` template and its
    params, in place of the host's round (days begun over the whole game)."""
    if s["step"] in BETWEEN_LOOPS:
        return {"key": "clock_before_loop", "params": {"loop": s["loop"]}}
    return {"key": "clock", "params": {"loop": s["loop"], "day": s["day"]}}


def clock_at(s: dict, phase: str, days: int) -> dict:
    """The clock at a past moment (its step and the days begun by then): the loop it falls
    in, from the days each finished loop lasted (public)."""
    ends = list(accumulate(r["day"] for r in s["loop_results"]))    # the last day of each
    if phase in BETWEEN_LOOPS:
        return {"key": "clock_before_loop", "params": {"loop": sum(e <= days for e in ends) + 1}}
    loop = sum(e < days for e in ends) + 1
    return {"key": "clock", "params": {"loop": loop,
                                       "day": days - (ends[loop - 2] if loop > 1 else 0)}}


def seat_view(s: dict, seat: int) -> dict:
    view = public_view(s)
    view["seat"] = seat
    if seat == MM_SEAT:
        view["script"] = s["script"]
        view["hand"] = cards.hand(s, data.MASTERMIND)
        view["my_cards"] = [p for p in s["placed"] if p["owner"] == data.MASTERMIND]
        return view
    mine = [d for d in data.DECKS if s["deck_owner"][d] == seat]
    view["notes"] = dict(s["deductions"][str(seat)])
    view["decks"] = {d: cards.hand(s, d) for d in mine}
    view["my_cards"] = [p for p in s["placed"] if p["owner"] in mine]
    return view


def describe(view: dict, t) -> str:
    sheet = view["sheet"]
    lines = [t("views", "header", set=sheet["tragedy_set"], loop=view["loop"],
               loops=sheet["loops"], day=view["day"], days=sheet["days_per_loop"],
               leader=view["leader"])]
    lines.append(t("views", "schedule", incidents=", ".join(
        t("views", "scheduled", day=i["day"], incident=i["incident"]) for i in sheet["incidents"])))
    for loc in data.LOCATIONS:
        here = [c for c in view["characters"] if c["location"] == loc]
        lines.append(t("views", "location", location=loc, intrigue=view["locations"][loc]))
        for c in here:
            key = "character" if c["alive"] else "corpse"
            lines.append(t("views", key, character=c["id"], goodwill=c["goodwill"],
                           paranoia=c["paranoia"], limit=c["limit"], intrigue=c["intrigue"],
                           guards=c["guards"]))
    for cid, role in view["revealed_roles"].items():
        lines.append(t("views", "revealed", character=cid, role=role))
    if view["placed"]:
        lines.append(t("views", "placed", cards=", ".join(
            t("views", "placement", owner=p["owner"], target=p["target"])
            for p in view["placed"])))
    spent = [t("views", "spent", owner=o, cards=cs) for o, cs in view["set_aside"].items() if cs]
    if spent:
        lines.append(t("views", "set_aside", lines="; ".join(spent)))
    if "script" in view and view.get("seat") == MM_SEAT:
        sc = view["script"]
        lines.append(t("views", "script", title=sc["title"], main_plot=sc["main_plot"],
                       subplots=sc["subplots"]))
        for e in sc["cast"]:
            lines.append(t("views", "cast_role", character=e["character"], role=e["role"]))
        for i in sc["incidents"]:
            lines.append(t("views", "culprit", day=i["day"], incident=i["incident"],
                           character=i["culprit"]))
    if "hand" in view:
        lines.append(t("views", "hand", cards=view["hand"]))
    for deck, hand in view.get("decks", {}).items():
        lines.append(t("views", "deck_hand", deck=deck, cards=hand))
    for p in view.get("my_cards", []):
        lines.append(t("views", "my_card", card=p["card"], target=p["target"]))
    for cid, role in view.get("notes", {}).items():
        lines.append(t("views", "note", character=cid, role=role))
    return "\n".join(lines)
