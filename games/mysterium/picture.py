"""The table as a picture, drawn from a view only (so it never shows more than the view holds):
the laid-out psychic cards with their numbers, each psychic's visions and guess; in the
epilogue the groups and the shared cards shown so far. The Ghost's view adds its hand, numbered
1-7 as its buttons name them, and every psychic's secret triple."""
from __future__ import annotations

import io

from PIL import Image, ImageDraw

from games.fonts import font
from games.mysterium import cards, pack
from games.mysterium.state import CATEGORIES

WIDTH, PAD = 1240, 20
BG, INK, DIM = (22, 20, 30), (236, 230, 216), (150, 144, 160)
TABLE_W, VISION_W, HAND_W, SMALL_W = 112, 78, 150, 52


class Sheet:
    """A growing column of rows; each row is drawn by a function once its height is known."""

    def __init__(self):
        self.rows: list[tuple[int, callable]] = []

    def add(self, height: int, draw) -> None:
        self.rows.append((height, draw))

    def render(self) -> bytes:
        height = PAD * 2 + sum(h + PAD for h, _ in self.rows)
        img = Image.new("RGB", (WIDTH, height), BG)
        d = ImageDraw.Draw(img)
        y = PAD
        for h, draw in self.rows:
            draw(img, d, y)
            y += h + PAD
        out = io.BytesIO()
        img.save(out, "PNG", compress_level=3)
        return out.getvalue()


def _title(t, card: int) -> str:
    return t.lookup("cards", str(card)).split(" ", 1)[-1]


def _psychic_row(sheet: Sheet, t, cards_: list[int], width: int, x0: int = PAD,
                 label: str | None = None) -> None:
    h = width * 3 // 2 + (24 if label else 0)

    def draw(img, d, y):
        top = y
        if label:
            d.text((x0, y), label, fill=INK, font=font(18, True))
            top += 24
        for i, card in enumerate(cards_):
            img.paste(cards.psychic_image(card, width, _title(t, card)),
                      (x0 + i * (width + 8), top))
    sheet.add(h, draw)


def _text(sheet: Sheet, text: str, size: int = 20, bold: bool = True, colour=INK) -> None:
    sheet.add(size + 4, lambda img, d, y: d.text((PAD, y), text, fill=colour,
                                                  font=font(size, bold)))


def _psychic_line(sheet: Sheet, t, p: dict, triple: list[int] | None) -> None:
    """One psychic: colour chip, name, stage and track; visions; guess; (Ghost) its triple."""
    h = VISION_W * 3 // 2 + 30

    def draw(img, d, y):
        d.rounded_rectangle([PAD, y, PAD + 22, y + 22], 5, fill=pack.COLOURS[p["colour"]])
        line = f"{t.lookup('personas', p['persona'])} · {t.lookup('stages', p['stage'])}"
        if p["track"] is not None:
            line += f" · {p['track']} ({t.lookup('levels', str(p['level']))})"
        d.text((PAD + 32, y + 1), line, fill=INK, font=font(18, True))
        x, top = PAD, y + 28
        for v in p["visions"][:11]:
            img.paste(cards.vision_image(v, VISION_W), (x, top))
            x += VISION_W + 6
        if len(p["visions"]) > 11:
            d.text((x, top + 40), f"+{len(p['visions']) - 11}", fill=INK, font=font(20, True))
        right = WIDTH - PAD - (SMALL_W + 6) * 3 - VISION_W - 20
        if p["guess"] is not None:
            d.text((right, top - 26), "➜", fill=INK, font=font(20, True))
            img.paste(cards.psychic_image(p["guess"], VISION_W, _title(t, p["guess"])),
                      (right, top))
        if triple:
            x = WIDTH - PAD - (SMALL_W + 6) * 3
            for card in triple:
                img.paste(cards.psychic_image(card, SMALL_W, _title(t, card)), (x, top + 20))
                if card in p["found"]:
                    d.line([x, top + 20, x + SMALL_W, top + 20 + SMALL_W * 3 // 2],
                           fill=(90, 220, 120), width=4)
                x += SMALL_W + 6
    sheet.add(h, draw)


def _hand(sheet: Sheet, t, hand: list[str]) -> None:
    h = HAND_W * 3 // 2 + 34

    def draw(img, d, y):
        d.text((PAD, y), t("ui", "hand_title"), fill=INK, font=font(20, True))
        for i, v in enumerate(hand):
            x = PAD + i * (HAND_W + 18)
            img.paste(cards.vision_image(v, HAND_W), (x, y + 30))
            d.ellipse([x - 6, y + 24, x + 30, y + 60], fill=(240, 232, 214), outline=BG,
                      width=3)
            d.text((x + 12, y + 42), str(i + 1), fill=BG, font=font(22, True), anchor="mm")
            d.text((x + HAND_W - 4, y + 30 + HAND_W * 3 // 2 - 4), v, fill=INK,
                   font=font(14, True), anchor="rd", stroke_width=2, stroke_fill=BG)
    sheet.add(h, draw)


def render(view: dict, t) -> bytes:
    sheet = Sheet()
    _text(sheet, t("views", "hour", hour=view["hour"], difficulty=view["difficulty"],
                   crows=view["crows_left"]), 24)
    ghost = view.get("ghost")
    if ghost and ghost["hand"]:
        _hand(sheet, t, ghost["hand"])
    for category in CATEGORIES:
        if view["table"].get(category):
            _psychic_row(sheet, t, view["table"][category], TABLE_W,
                         label=t.lookup("categories_title", category))
    triples = ghost["targets"] if ghost else [p.get("targets") for p in view["psychics"]]
    ep = view["epilogue"]
    for p, triple in zip(view["psychics"], triples):
        if ep is None:
            _psychic_line(sheet, t, p, triple)
        else:
            level = f" · {p['track']} ({t.lookup('levels', str(p['level']))})" \
                if p["track"] is not None else ""
            _text(sheet, f"{t.lookup('personas', p['persona'])}{level}", 18)
    if ep:
        _groups(sheet, t, ep["groups"])
        if ep["shown"]:
            _text(sheet, t("views", "shown", cards=ep["shown"]), 20)
            shown = ep["shown"]
            sheet.add(HAND_W * 3 // 2, lambda img, d, y: [
                img.paste(cards.vision_image(v, HAND_W), (PAD + i * (HAND_W + 12), y))
                for i, v in enumerate(shown)])
    return sheet.render()


def _groups(sheet: Sheet, t, groups: list[dict]) -> None:
    """The lineup, three groups a row, each its suspect, place and object."""
    width = 3 * (TABLE_W + 8) + 40
    per_row = (WIDTH - PAD) // width
    for first in range(0, len(groups), per_row):
        row = groups[first:first + per_row]

        def draw(img, d, y, row=row):
            for k, g in enumerate(row):
                x = PAD + k * width
                d.text((x, y), t("views", "group_title", number=g["number"]), fill=INK,
                       font=font(18, True))
                for i, category in enumerate(CATEGORIES):
                    card = g["cards"][category]
                    img.paste(cards.psychic_image(card, TABLE_W, _title(t, card)),
                              (x + i * (TABLE_W + 8), y + 24))
        sheet.add(TABLE_W * 3 // 2 + 24, draw)
