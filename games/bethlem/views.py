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
    return {c for _, *cards in st["nt"].get("dawn", []) for c in cards}


def _card_tokens(st, c, hidden):
    tok, out = st["tok"], []
    if c in hidden:
        return out
    for key in ("arrow", "scythe", "melan", "celda"):
        if c in tok[key]:
            out.append(key)
    if any(p[0] == c for p in tok["paci"]):
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
    shown = st["cx"]["clock"]["shown"] if st["cx"] else ()
    if c in shown:
        out.append("number_%d" % st["cx"]["clock"]["num"][c])
    return out


def _slot(st, c, pos, hidden):
    info = st["c"][c]
    shown = not alive(st, c) or info["rv"]
    lob = info["lob"] if info["lob"] and c not in hidden else 0
    return {"pos": pos, "card": c if shown else None,
            "state": "dead" if not alive(st, c) else ("revealed" if shown else "down"),
            "awake": bool(info["aw"]), "lob": lob, "tokens": _card_tokens(st, c, hidden)}


def public_view(st: dict) -> dict:
    hidden = _tonight(st)
    players = []
    for s in range(st["n"]):
        p = {"seat": s, "out": bool(st["out"][s]),
             "cards": [_slot(st, c, i + 1, hidden) for i, c in enumerate(st["rows"][s])],
             "reserve": len(st["res"][s]), "dead_off_row": list(st["grave"][s]),
             "personality": dealt_pers(st)[s] if st["prv"][s] else None,
             "no_vote": bool(st["novote"][s]), "daniel_token": s in st["tok"]["daniel"]
             and st["phase"] != "night", "events": len(st["hand"][s])}
        if st["mode"] == "two" or st["mode"] == "three":
            p["side"] = st["side"][s] if st["side"] else None
        if st["orv"] is not None and st["orv"][s]:
            p["objective_card"] = st["ocard"][s]
        players.append(p)
    view = {"phase": st["phase"], "round": st["round"], "mode": st["mode"],
            "seating": list(st["ring"]), "players": players, "deck": len(st["deck"])}
    if st["phase"] == "night" and st["nt"].get("cur"):
        view["step"] = st["nt"]["cur"]
    if st["phase"] == "day":
        view["sanctioned"] = st["dy"].get("sanction")
    if st["win"] is not None:
        view["winners"] = st["win"]["w"]
        view["reason"] = st["win"]["r"]
    return view


def seat_view(st: dict, seat: int) -> dict:
    view = public_view(st)
    own = []
    for c in st["rows"][seat] + st["res"][seat]:
        info = st["c"][c]
        own.append({"card": c, "pos": where(st, c)[1], "dead": not alive(st, c),
                    "spent": bool(info["u"]), "awake": bool(info["aw"])})
    known = []
    for c in dict.fromkeys(st["know"][seat]):
        found = where(st, c)
        if found and found[0] != seat and found[1] > 0:
            known.append({"seat": found[0], "pos": found[1], "card": c})
    mine = {"seat": seat, "cards": own, "personality": dealt_pers(st)[seat],
            "hand": sorted(st["hand"][seat]), "objective": st["obj"][seat], "known": known}
    pact = st["pact"]
    if pact and pact["on"] and seat in (pact["a"], pact["b"]):
        mine["pact"] = {"partner": pact["b"] if seat == pact["a"] else pact["a"],
                        "type": pact["type"]}
    if st["ocard"] is not None:
        mine["objective_card"] = st["ocard"][seat]
    if st["phase"] == "night" and any(q["s"] == seat for q in st["q"]):
        mine["night_marks"] = [{"seat": w[0], "pos": w[1]} for w in
                               (where(st, m["c"]) for m in st["marks"]) if w]
        mine["night_tokens"] = [[kind] + [where(st, c) for c in cards]
                                for kind, *cards in st["nt"].get("dawn", [])
                                if all(where(st, c) for c in cards)]
    view["me"] = mine
    return view


def describe(view: dict, t) -> str:
    lines = [t("views", "header", phase=t("phases", view["phase"]), round=view["round"])]
    for p in view["players"]:
        slots = []
        for slot in p["cards"]:
            name = t.lookup("cards", slot["card"]) if slot["card"] else t("views", "face_down")
            extra = [t("views", "tok_" + k) for k in slot["tokens"]]
            if slot["awake"]:
                extra.append(t("views", "tok_awake"))
            if slot["state"] == "dead":
                extra.append(t("views", "dead"))
            slots.append(t("views", "slot", pos=slot["pos"], card=name,
                           extra=(" (" + ", ".join(extra) + ")") if extra else ""))
        status = t("views", "out") if p["out"] else ""
        lines.append(t("views", "player", seat=p["seat"], slots=" · ".join(slots), status=status))
        if p.get("personality"):
            lines.append(t("views", "personality_public", seat=p["seat"], card=p["personality"]))
    me = view.get("me")
    if me:
        lines.append(t("views", "mine_header"))
        for c in me["cards"]:
            lines.append(t("views", "mine_card", pos=c["pos"], card=c["card"],
                           state=t("views", "dead") if c["dead"] else ""))
        lines.append(t("views", "mine_personality", card=me["personality"]))
        lines.append(t("views", "mine_objective", objective=me["objective"]))
        if me["hand"]:
            lines.append(t("views", "mine_hand", events=me["hand"]))
        for k in me["known"]:
            lines.append(t("views", "mine_known", **k))
        if me.get("pact"):
            lines.append(t("views", "mine_pact", **me["pact"]))
    if view.get("winners") is not None:
        lines.append(t("outcomes", view["reason"]))
    return "\n".join(lines)
