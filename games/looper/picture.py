"""The board as a PNG, drawn from a view only: four locations in the 2x2 layout (R-1) with their
Intrigue, each character with Goodwill, Paranoia (against its limit), Intrigue and guards, corpses
crossed out, face-down cards by owner, day and loop. The Mastermind's view adds each character's
role and the culprits; a protagonist's adds its own face-down cards. Nothing else is drawn."""
from __future__ import annotations

import io

from PIL import Image, ImageDraw

from games.fonts import font
from games.looper.board import CELL

BOX_W, BOX_H, MARGIN, HEAD, FOOT = 470, 300, 20, 70, 64
SIZE = (MARGIN * 3 + BOX_W * 2, HEAD + MARGIN * 3 + BOX_H * 2 + FOOT)
BG, INK, DIM = (22, 24, 30), (236, 236, 236), (140, 140, 150)
PLACE = {"hospital": (52, 86, 120), "shrine": (120, 62, 62), "city": (70, 70, 86),
         "school": (58, 104, 70)}
GOOD, PARA, INTR, GUARD = (110, 200, 120), (235, 120, 120), (190, 140, 240), (240, 210, 90)
OWNER = {"mastermind": (200, 60, 60), "A": (80, 150, 230), "B": (80, 200, 200),
         "C": (230, 160, 70)}


def render(view: dict, t) -> bytes:
    img = Image.new("RGB", SIZE, BG)
    d = ImageDraw.Draw(img)
    sheet = view["sheet"]
    d.text((MARGIN, 14), t("views", "header", set=sheet["tragedy_set"], loop=view["loop"],
                           loops=sheet["loops"], day=view["day"], days=sheet["days_per_loop"],
                           leader=view["leader"]), font=font(22, True), fill=INK)
    d.text((MARGIN, 44), t("views", "schedule", incidents=", ".join(
        t("views", "scheduled", day=i["day"], incident=i["incident"])
        for i in sheet["incidents"])), font=font(16), fill=DIM)
    roles = {e["character"]: e["role"] for e in view["script"]["cast"]} if "script" in view \
        else {}
    culprits = {i["culprit"]: i["day"] for i in view["script"]["incidents"]} if roles else {}
    mine = {p["target"]: p["card"] for p in view.get("my_cards", [])}
    for loc, (row, col) in CELL.items():
        x = MARGIN + col * (BOX_W + MARGIN)
        y = HEAD + MARGIN + row * (BOX_H + MARGIN)
        _location(d, view, t, loc, x, y, roles, culprits, mine)
    _footer(d, view, t)
    out = io.BytesIO()
    img.save(out, format="PNG")
    return out.getvalue()


def _cards_on(view: dict, target: str) -> list[str]:
    return [p["owner"] for p in view["placed"] if p["target"] == target]


def _location(d, view, t, loc, x, y, roles, culprits, mine) -> None:
    d.rounded_rectangle((x, y, x + BOX_W, y + BOX_H), 14, fill=PLACE[loc], outline=(0, 0, 0))
    d.text((x + 14, y + 10), t.lookup("locations", loc), font=font(24, True), fill=INK)
    _counter(d, x + BOX_W - 70, y + 12, view["locations"][loc], INTR)
    _marks(d, view, loc, x + 180, y + 14, mine)
    row_y = y + 50
    for c in [c for c in view["characters"] if c["location"] == loc]:
        colour = INK if c["alive"] else DIM
        name = t.lookup("names", c["id"])
        d.text((x + 14, row_y), name, font=font(18, True), fill=colour)
        if not c["alive"]:
            w = d.textlength(name, font=font(18, True))
            d.line((x + 14, row_y + 11, x + 14 + w, row_y + 11), fill=(220, 60, 60), width=3)
        label = roles.get(c["id"]) or c["role"]
        sub = t.lookup("roles", label) if label else ""
        noted = view.get("notes", {}).get(c["id"])
        if noted and not label:
            sub = t("views", "noted", role=noted)
        if c["id"] in culprits:
            sub += f" · {t('views', 'culprit_day', day=culprits[c['id']])}"
        if sub:
            d.text((x + 14, row_y + 22), sub, font=font(13), fill=(250, 220, 160))
        cx = x + 250
        for value, colour_c in ((c["goodwill"], GOOD), (c["paranoia"], PARA),
                                (c["intrigue"], INTR)):
            _counter(d, cx, row_y, value, colour_c)
            cx += 50
        d.text((cx - 6, row_y + 2), f"/{c['limit']}", font=font(12), fill=DIM)
        if c["guards"]:
            d.text((cx + 16, row_y), "⛨" * c["guards"], font=font(18), fill=GUARD)
        _marks(d, view, c["id"], x + 250, row_y + 26, mine)
        row_y += 48


def _counter(d, x, y, value, colour) -> None:
    d.ellipse((x, y, x + 26, y + 26), fill=colour if value else (60, 60, 66))
    d.text((x + 13, y + 13), str(value), font=font(15, True), fill=(20, 20, 20), anchor="mm")


def _marks(d, view, target, x, y, mine) -> None:
    """Face-down cards on a target: one small card per owner; the seat's own shows its name."""
    for owner in _cards_on(view, target):
        d.rounded_rectangle((x, y, x + 16, y + 20), 3, fill=OWNER[owner])
        x += 20


def _footer(d, view, t) -> None:
    y = SIZE[1] - FOOT + 6
    legend = [(GOOD, t.lookup("kinds", "goodwill")), (PARA, t.lookup("kinds", "paranoia")),
              (INTR, t.lookup("kinds", "intrigue"))]
    x = MARGIN
    for colour, label in legend:
        d.ellipse((x, y, x + 16, y + 16), fill=colour)
        d.text((x + 22, y - 1), label, font=font(15), fill=INK)
        x += 40 + d.textlength(label, font=font(15))
    for owner, colour in OWNER.items():
        d.rounded_rectangle((x, y - 2, x + 14, y + 18), 3, fill=colour)
        label = t.lookup("owners", owner)
        d.text((x + 20, y - 1), label, font=font(15), fill=INK)
        x += 34 + d.textlength(label, font=font(15))
    mine = view.get("my_cards", [])
    if mine:
        d.text((MARGIN, y + 24), t("views", "my_cards_line", cards=", ".join(
            t("views", "my_card_short", card=p["card"], target=p["target"]) for p in mine)),
            font=font(15), fill=GUARD)
