"""What the table shows: the public view, one seat's view, and their text (spec §7.1).

A face-down card shows only its position; dead or revealed cards show their identity. Tokens
placed tonight stay hidden from the public until dawn (Melancolía and the Director at once);
a seat asked something at night also sees the night view: marks and tokens placed so far.
"""
from __future__ import annotations

from .table import alive, dealt_pers, where


def _tonight(st):
    if st["phase"] != "night":
        return set()
    return {c for _, *cards in st["night"].get("dawn", []) for c in cards}


def _card_tokens(st, c, hidden):
    tok, out = st["tokens"], []
    if c in hidden:
        return out
    for key in ("arrow", "scythe", "melancholy", "celda"):
        if c in tok[key]:
            out.append(key)
    if any(p[0] == c for p in tok["patience"]):
        out.append("paciencia")
    if tok["chip"] == c:
        out.append("chip")
    if any(c in f[:2] for f in tok["flames"]):
        out.append("flames")
    if tok["director"] == c:
        out.append("director")
    if c in tok["pandora"]:
        out.append("pandora")
    if c in tok["coma"]:
        out.append("coma")
    if tok["transplant"] == c:
        out.append("transplant")
    shown = st["custom"]["clock"]["shown"] if st["custom"] else ()
    if c in shown:
        out.append("number_%d" % st["custom"]["clock"]["numbers"][c])
    return out


def _slot(st, c, pos, hidden):
    """A card as the table sees it; once the game is over every card is turned up."""
    info = st["cards"][c]
    shown = not alive(st, c) or info["revealed"] or st["win"] is not None
    lob = info["lobotomy"] if info["lobotomy"] and c not in hidden else 0
    return {"pos": pos, "card": c if shown else None,
            "state": "dead" if not alive(st, c) else ("revealed" if shown else "down"),
            "awake": bool(info["awake"]), "lob": lob, "tokens": _card_tokens(st, c, hidden)}


def public_view(st: dict) -> dict:
    hidden = _tonight(st)
    players = []
    for s in range(st["players"]):
        p = {"seat": s, "out": bool(st["eliminated"][s]),
             "cards": [_slot(st, c, i + 1, hidden) for i, c in enumerate(st["rows"][s])],
             "reserve": len(st["reserve"][s]), "dead_off_row": list(st["grave"][s]),
             "personality": (dealt_pers(st)[s] if st["personality_shown"][s]
                             or st["win"] is not None else None),
             "no_vote": bool(st["vote_lost"][s]), "daniel_token": s in st["tokens"]["daniel"]
             and st["phase"] != "night", "events": len(st["hands"][s])}
        if st["mode"] == "two" or st["mode"] == "three":
            p["side"] = st["sides"][s] if st["sides"] else None
        if st["objective_shown"] is not None and st["objective_shown"][s]:
            p["objective_card"] = st["objective_cards"][s]
        players.append(p)
    view = {"phase": st["phase"], "round": st["round"], "mode": st["mode"],
            "seating": list(st["seating"]), "players": players, "deck": len(st["deck"])}
    if st["phase"] == "night" and st["night"].get("step"):
        view["step"] = st["night"]["step"]
    if st["phase"] == "day":
        view["sanctioned"] = st["day"].get("sanction")
    if st["win"] is not None:
        view["winners"] = st["win"]["winners"]
        view["reason"] = st["win"]["reason"]
    return view


def seat_view(st: dict, seat: int) -> dict:
    view = public_view(st)
    own = []
    for c in st["rows"][seat] + st["reserve"][seat]:
        info = st["cards"][c]
        own.append({"card": c, "pos": where(st, c)[1], "dead": not alive(st, c),
                    "spent": bool(info["used"]), "awake": bool(info["awake"])})
    known = []
    for c in dict.fromkeys(st["known_cards"][seat]):
        found = where(st, c)
        if found and found[0] != seat and found[1] > 0:
            known.append({"seat": found[0], "pos": found[1], "card": c})
    mine = {"seat": seat, "cards": own, "personality": dealt_pers(st)[seat],
            "hand": sorted(st["hands"][seat]), "objective": st["objectives"][seat], "known": known}
    pact = st["pact"]
    if pact and pact["active"] and seat in (pact["first_seat"], pact["second_seat"]):
        mine["pact"] = {"partner": pact["second_seat"] if seat == pact["first_seat"] else pact["first_seat"],
                        "type": pact["type"]}
    if st["objective_cards"] is not None:
        mine["objective_card"] = st["objective_cards"][seat]
    if st["phase"] == "night" and any(q["seat"] == seat for q in st["questions"]):
        mine["night_marks"] = [{"seat": w[0], "pos": w[1]} for w in
                               (where(st, m["card"]) for m in st["marks"]) if w]
        mine["night_tokens"] = [[kind] + [where(st, c) for c in cards]
                                for kind, *cards in st["night"].get("dawn", [])
                                if all(where(st, c) for c in cards)]
    view["me"] = mine
    return view


def _row(p: dict, t) -> str:
    """One player's line: the cards the table can name, then how many are face down."""
    known, down = [], 0
    for slot in p["cards"]:
        marks = [t("views", "tok_" + k) for k in slot["tokens"]]
        if slot["awake"]:
            marks.append(t("views", "tok_awake"))
        if not slot["card"]:
            down += 1
            if marks:
                known.append(t("views", "slot_down", pos=slot["pos"], marks=", ".join(marks)))
            continue
        if slot["state"] == "dead":
            marks.insert(0, t("views", "dead_word"))
        known.append(t("views", "slot", pos=slot["pos"], card=slot["card"])
                     + (" (" + ", ".join(marks) + ")" if marks else ""))
    parts = [t.plural("views", "down", down)] if down else []
    parts += known
    if p.get("personality"):
        parts.append(t("views", "shows", card=p["personality"]))
    if p["out"]:
        parts.append(t("views", "out_word"))
    return t("views", "player", seat=p["seat"], facts=" · ".join(parts))


def describe(view: dict, t) -> str:
    lines = [t("views", "header", phase=t("phases", view["phase"]), round=view["round"])]
    dealt = [p for p in view["players"] if p["cards"]]
    lines += [_row(p, t) for p in dealt]
    if not dealt:
        lines.append(t("views", "not_dealt"))
    if view.get("me"):
        mine = secrets(view, t)
        lines += [t("views", "mine_header"), *mine["own"], *mine["known"]]
    return "\n".join(lines)        # how the game ended is the status's own line


def secrets(view: dict, t) -> dict[str, list[str]]:
    """The seat's own cards, personality, objective and events; then what it knows of others."""
    me = view["me"]
    own = [t("views", ("mine_card_dead" if c["dead"] else "mine_card") if c["pos"]
             else "mine_card_unplaced", pos=c["pos"], card=c["card"]) for c in me["cards"]]
    if me["personality"]:       # none while the cards are being dealt
        own.append(t("views", "mine_personality", card=me["personality"]))
    if me["objective"]:
        own.append(t("views", "mine_objective", objective=me["objective"]))
    if me["hand"]:
        own.append(t("views", "mine_hand", events=me["hand"]))
    known = [t("views", "mine_known", **k) for k in me["known"]]
    if me.get("pact"):
        known.append(t("views", "mine_pact", **me["pact"]))
    return {"own": own, "known": known}
