"""What each audience sees (spec section 6): the table for everyone; behind the screen (hand,
triples, the shared vision's labels) for the Ghost; a psychic-player's own ballot for them."""
from __future__ import annotations

from games.mysterium.epilogue import agreeing
from games.mysterium.settings import level, uses_track
from games.mysterium.state import CATEGORIES


def clock(hour: int) -> dict:
    """The game's own clock for headers: "Hour 3 of 7"."""
    return {"key": "clock", "params": {"hour": hour}}


def public_view(state: dict) -> dict:
    track = uses_track(state["total"])
    over = state["phase"] == "over"
    psychics = [{
        "persona": p["persona"], "colour": p["colour"], "seat": p["seat"], "stage": p["stage"],
        "found": p["found"], "visions": p["visions"], "guess": p["guess"],
        "wrong": p["wrong"],            # each told to the table when the timer ran out
        "served": p["served"], "ready": p["ready"], "bets": p["bets"],
        "tokens": p["tokens"] if track else None, "track": p["track"] if track else None,
        "level": level(p["track"], state["total"]) if track else None,
        "targets": [p["targets"][c] for c in CATEGORIES] if over else None,
    } for p in state["psychics"]]
    view = {
        "phase": state["phase"], "round": state["hour"], "hour": state["hour"],
        "clock": clock(state["hour"]),
        "difficulty": state["difficulty"], "total": state["total"],
        "bot_ghost": state["bot_ghost"], "ghost_seat": state["ghost_seat"],
        "table": state["table"], "psychics": psychics, "crows_left": state["crows_left"],
        "deck": len(state["deck"]), "discard": len(state["discard"]),
        "age_rank": state["age_rank"],
        "result": state["result"], "epilogue": None,
        # No talking during the vote ("no pueden comunicarse durante las votaciones"), save
        # where the psychics vote in public and must agree.
        "quiet": state["phase"] == "vote" and not agreeing(state),
    }
    ep = state["epilogue"]
    if ep:
        view["epilogue"] = {
            "groups": ep["groups"], "shown": ep["shared"][:ep["revealed"]],
            "stage": ep["stage"],
            "voted": sorted(ep["votes"], key=int),
            "votes": ep["votes"] if over else None,
            "verdict": ep["verdict"], "culprit": ep["culprit"] if over else None,
            "labels": ep["labels"] if over else None,
        }
    return view


def seat_view(state: dict, seat: int) -> dict:
    view = public_view(state)
    view["seat"] = seat
    if seat == state["ghost_seat"]:
        view["ghost"] = {
            "hand": state["hand"], "draft": state["draft"],
            "targets": [[p["targets"][c] for c in CATEGORIES] for p in state["psychics"]],
            "wrong": [p["wrong"] for p in state["psychics"]],
        }
        ep = state["epilogue"]
        if ep and ep["culprit"] is not None:
            view["ghost"].update(culprit=ep["culprit"], labels=ep["labels"])
    elif state["epilogue"]:
        keys = [str(seat)] if not uses_track(state["total"]) else \
            [str(i) for i, p in enumerate(state["psychics"]) if p["seat"] == seat]
        view["my_votes"] = {k: state["epilogue"]["votes"][k] for k in keys
                            if k in state["epilogue"]["votes"]}
    view["mine"] = [i for i, p in enumerate(state["psychics"]) if p["seat"] == seat]
    return view


def describe(view: dict, t) -> str:
    lines = [t("views", "hour", hour=view["hour"], difficulty=view["difficulty"],
               crows=view["crows_left"])]
    for category in CATEGORIES:
        if view["table"].get(category):
            lines.append(t("views", "table", category=category, cards=view["table"][category]))
    for p in view["psychics"]:
        key = "psychic_track" if p["track"] is not None else "psychic"
        seat = p["seat"] if p["seat"] is not None else t("views", "no_player")
        lines.append(t("views", key, persona=p["persona"], seat=seat, stage=p["stage"],
                       found=p["found"], visions=p["visions"], track=p["track"],
                       level=p["level"], agree=(p["tokens"] or {}).get("agree"),
                       disagree=(p["tokens"] or {}).get("disagree")))
        if p["guess"] is not None:
            lines.append(t("views", "guess", persona=p["persona"], card=p["guess"]))
        if p["wrong"] and not view.get("ghost"):     # the Ghost's screen lists them
            lines.append(t("views", "ruled_out", cards=p["wrong"]))
    ep = view["epilogue"]
    if ep:
        for g in ep["groups"]:
            lines.append(t("views", "group", number=g["number"],
                           cards=[g["cards"][c] for c in CATEGORIES]))
        if ep["shown"]:
            lines.append(t("views", "shown", cards=ep["shown"]))
    ghost = view.get("ghost")
    if ghost:
        lines.append(t("views", "hand", cards=ghost["hand"]))
        for p, triple, wrong in zip(view["psychics"], ghost["targets"], ghost["wrong"]):
            lines.append(t("views", "screen", persona=p["persona"], cards=triple))
            if wrong:
                lines.append(t("views", "screen_wrong", cards=wrong))
        if ghost.get("culprit"):
            lines.append(t("views", "culprit", group=ghost["culprit"]))
    for key, group in (view.get("my_votes") or {}).items():
        lines.append(t("views", "my_vote", group=group or 0))
    return "\n".join(lines)

