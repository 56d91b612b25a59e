"""What the public and each seat may see (spec 8.2), and the text of a view.

Public: positions, ghosts, revealed roles (every role once the game is over), Pulse deck sizes,
room deck sizes, explored tokens and their icons, books, shelves, VP, events, the Portal, power,
the vote token, the AUTOMA's route. A seat adds its own role, route, hand and (Cultists, Seer)
what the night told it."""
from __future__ import annotations

from games.cultists import board, data
from games.cultists.setup import name


def public_view(s: dict) -> dict:
    lay = board.layout(s)
    chars = []
    for ci in s["order"]:
        c = s["chars"][ci]
        chars.append({"char": name(s, ci), "place": c["location"], "ghost": c["ghost"],
                      "role": c["role"] if c["role_shown"] or s["over"] else None,
                      "pulse": len(c["pulse"]), "dead_shown": c["dead_shown"],
                      "knife": ci == s["knife"], "automa": c["automa"],
                      "route": data.route(c["route"]) if c["automa"] else None})
    rooms = {}
    for r, room in s["rooms"].items():
        rooms[r] = {"color": lay["loc"][r]["color"], "explored": room["explored"],
                    "hazard": room["hazard_icon"] if room["explored"] else None,
                    "books": room["books"], "finished": room["finished"],
                    "deck": len(room["deck"]), "cultist": room["cultist_token"]}
    return {
        "game": "cultists", "mode": s["mode"], "phase": s["phase"], "round": s["round"],
        "layout": s["layout"], "chars": chars, "rooms": rooms,
        "shelves": {k: {"books": v["books"], "spaces": lay["shelf"][k]["spaces"],
                        "vp": lay["shelf"][k]["vp"], "color": lay["shelf"][k]["color"]}
                    for k, v in s["shelves"].items()},
        "vp": s["vp"], "target": s["vp_target"], "power": s["power_on"],
        "vote_token": s["vote_token"], "event": s["event"], "effect": s["effect"],
        "clock": dict(s["clock"]), "portal": dict(s["portal"]), "fish_man": s["fish_man"],
        "draw": len(s["draw_deck"]), "unsafe": len(s["unsafe_deck"]), "bag": len(s["bag"]),
        "tokens_hidden": sum(t["state"] == "hidden" for t in s["cultist_tokens"]),
        "ballots": [list(b) for b in s["ballot_log"]],
        "quiet": s["effect"] == "NO_CONNECTION" and s["over"] is None,
        "over": dict(s["over"]) if s["over"] else None,
    }


def knowledge(s: dict, ci: int) -> dict:
    """What the night told this character's player (spec 4.3)."""
    c = s["chars"][ci]
    out: dict = {}
    cultists = [x for x, o in enumerate(s["chars"]) if o["team"] == "CULT"]
    if c["team"] == "CULT":
        out["cultists"] = [name(s, x) for x in cultists if x != ci]
        if data.table(s["count"])["pulse_pool"]:
            out["starting_dead"] = [name(s, x) for x, o in enumerate(s["chars"])
                                    if o["death_round"] == 0]
    if c["role"] == "SEER":
        out["cultists"] = [name(s, x) for x in cultists]
    return out


def seat_view(s: dict, seat: int) -> dict:
    view = public_view(s)
    ci = next(i for i, c in enumerate(s["chars"]) if c["seat"] == seat)
    c = s["chars"][ci]
    view["seat"] = seat
    view["me"] = {"char": name(s, ci), "role": c["role"], "team": c["team"],
                  "route": data.route(c["route"]), "line": data.route_line(s["round"]),
                  "hand": dict(c["hand"]), **knowledge(s, ci)}
    return view


def describe(view: dict, t) -> str:
    lines = [t("views", "header", round=view["round"], phase=t.lookup("phases", view["phase"]),
               vp=view["vp"], target=view["target"])]
    lines.append(t("views", "power_on" if view["power"] else "power_off"))
    if view["event"] or view["effect"]:  # an empty bag leaves the last effect in play
        lines.append(t("views", "event", event=view["event"] or view["effect"]))
    if view["portal"]["open"]:
        lines.append(t("views", "portal", deadline=view["portal"]["deadline"]))
    for c in view["chars"]:
        key = "char_ghost" if c["ghost"] else "char"
        lines.append(t("views", key, char=c["char"], place=c["place"], pulse=c["pulse"],
                       knife=" 🔪" if c["knife"] else "",
                       role=c["role"] or "unknown"))
    for r, room in view["rooms"].items():
        state = "finished" if room["finished"] else "explored" if room["explored"] else "closed"
        lines.append(t("views", "room", place=r, state=state, books=room["books"],
                       deck=room["deck"]))
    if "me" in view:
        me = view["me"]
        lines.append(t("views", "me", role=me["role"], team=me["team"], **me["hand"]))
        lines.append(t("views", "my_route", colours=me["route"][me["line"]]))
        if "cultists" in me:
            lines.append(t("views", "known_cultists", chars=me["cultists"] or ["—"]))
        if "starting_dead" in me:
            lines.append(t("views", "known_dead", chars=me["starting_dead"] or ["—"]))
    return "\n".join(lines)
