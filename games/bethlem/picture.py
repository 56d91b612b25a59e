"""A PNG of the table: one line per player, four card slots each. Face-down cards are grey, dead
cards dark red, revealed living cards amber; in a seat's view its own cards show their names
inside a green frame. Tokens are listed under the card name."""
from __future__ import annotations

import io

from PIL import Image, ImageDraw

from games.fonts import font as bundled_font

CARD_W, CARD_H, GAP, NAME_W, ROW_H, TOP = 150, 58, 8, 130, 70, 30
COLOURS = {"down": (90, 90, 98), "dead": (120, 30, 30), "revealed": (176, 120, 24)}
OWN, TEXT, BG = (40, 170, 80), (245, 245, 245), (24, 24, 30)


def _fit(text: str, width: int = 24) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"


def render(view: dict, t) -> bytes:
    players = view["players"]
    width = NAME_W + 4 * (CARD_W + GAP) + GAP
    img = Image.new("RGB", (width, TOP + ROW_H * len(players) + GAP), BG)
    draw = ImageDraw.Draw(img)
    font = bundled_font(11)
    draw.text((GAP, 8), t("views", "header", phase=t("phases", view["phase"]),
                          round=view["round"]), fill=TEXT, font=font)
    me = view.get("me")
    mine = {c["pos"]: c["card"] for c in me["cards"] if c["pos"] > 0} if me else {}
    for i, p in enumerate(players):
        y = TOP + i * ROW_H
        name = t.seat_name(p["seat"]) + (" " + t("views", "out") if p["out"] else "")
        draw.text((GAP, y + CARD_H // 2 - 6), _fit(name, 20), fill=TEXT, font=font)
        for slot in p["cards"]:
            x = NAME_W + GAP + (slot["pos"] - 1) * (CARD_W + GAP)
            own = me is not None and p["seat"] == me["seat"]
            draw.rectangle([x, y, x + CARD_W, y + CARD_H], fill=COLOURS[slot["state"]],
                           outline=OWN if own else None, width=3 if own else 1)
            card = slot["card"] or (mine.get(slot["pos"]) if own else None)
            label = t.lookup("cards", card) if card else "#%d" % slot["pos"]
            draw.text((x + 6, y + 6), _fit(label), fill=TEXT, font=font)
            marks = [t("views", "tok_" + k) for k in slot["tokens"]]
            if slot["awake"]:
                marks.append(t("views", "tok_awake"))
            if marks:
                draw.text((x + 6, y + 24), _fit(", ".join(marks)), fill=TEXT, font=font)
    out = io.BytesIO()
    img.save(out, "PNG", optimize=False)
    return out.getvalue()
