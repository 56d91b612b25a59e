"""The public board as a PNG (spec 8), drawn from a view only, so it can never show more than the
view holds: face-down tiles are one neutral back, hidden characters a "?" token."""
from __future__ import annotations

import io

from PIL import Image, ImageDraw

from games.fonts import font

CELL, MARGIN, PANEL = 92, 34, 300
SIZE = (MARGIN * 2 + CELL * 5 + PANEL, MARGIN * 2 + CELL * 5)
FILL = {"blue": (59, 111, 216), "green": (63, 155, 75), "yellow": (216, 184, 51),
        "red": (200, 65, 59), None: (78, 80, 88)}
PAWN = {"jennifer": (236, 94, 160), "max": (245, 140, 40), "emmett": (80, 200, 230),
        "sarah": (160, 110, 230), "kevin": (120, 220, 120), "franck": (240, 230, 90),
        "alice": (250, 250, 250), "bruce": (150, 100, 60)}
EXIT = {"A1", "B1", "A2", "D1", "E1", "E2", "A4", "A5", "B5", "D5", "E5", "E4"}
BG, INK, EDGE = (24, 26, 31), (235, 235, 235), (255, 150, 40)


def _xy(cell: str) -> tuple[int, int]:
    return MARGIN + "ABCDE".index(cell[0]) * CELL, MARGIN + (int(cell[1]) - 1) * CELL


def _wrap(text: str, width: int) -> list[str]:
    words, lines, line = text.split(), [], ""
    for w in words:
        if len(line) + len(w) + 1 > width and line:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}".strip()
    return lines + [line] if line else lines


def _tile(d: ImageDraw.ImageDraw, c: dict, t) -> None:
    x, y = _xy(c["cell"])
    d.rectangle((x + 2, y + 2, x + CELL - 2, y + CELL - 2), fill=FILL[c["colour"]],
                outline=EDGE if c["cell"] in EXIT else (40, 40, 40), width=3)
    if c["room"]:
        for i, line in enumerate(_wrap(t.lookup("rooms", c["room"]), 13)[:3]):
            d.text((x + 5, y + 4 + i * 11), line, fill=(10, 10, 10), font=font(10))
    elif c.get("exit_origin"):
        d.ellipse((x + CELL - 14, y + 6, x + CELL - 6, y + 14), outline=EDGE, width=2)
    if c["rot"]:
        if c["rot"] == "NS":
            d.rectangle((x + CELL // 2 - 6, y + 2, x + CELL // 2 + 6, y + CELL - 2), outline=INK)
        else:
            d.rectangle((x + 2, y + CELL // 2 - 6, x + CELL - 2, y + CELL // 2 + 6), outline=INK)
    if c["no_pass"]:
        d.line((x + 6, y + 6, x + CELL - 6, y + CELL - 6), fill=(120, 0, 0), width=5)
        d.line((x + 6, y + CELL - 6, x + CELL - 6, y + 6), fill=(120, 0, 0), width=5)
    if c["lock"]:
        d.rectangle((x + CELL - 22, y + CELL - 18, x + CELL - 8, y + CELL - 6), fill=(30, 30, 30))
        d.arc((x + CELL - 20, y + CELL - 27, x + CELL - 10, y + CELL - 13), 180, 360,
              fill=(30, 30, 30), width=2)
    for i, who in enumerate(c["reminders"]):
        d.ellipse((x + 6 + i * 10, y + CELL - 14, x + 14 + i * 10, y + CELL - 6),
                  fill=PAWN.get(who, INK))


def _pieces(d: ImageDraw.ImageDraw, c: dict, hidden: set) -> None:
    x, y = _xy(c["cell"])
    pieces = [("c", n) for n in c["chars"]] + [("r", r) for r in c["robots"]]
    for i, (kind, who) in enumerate(pieces):
        px, py = x + 8 + (i % 4) * 20, y + 40 + (i // 4) * 22
        if kind == "r":
            d.rectangle((px, py, px + 16, py + 16), fill=(150, 150, 150), outline=(20, 20, 20))
            d.text((px + 5, py + 2), str(who), fill=(0, 0, 0), font=font(11))
        elif who in hidden:
            d.ellipse((px, py, px + 17, py + 17), outline=INK, width=2)
            d.text((px + 5, py + 2), "?", fill=INK, font=font(11))
        else:
            d.ellipse((px, py, px + 17, py + 17), fill=PAWN.get(who, INK), outline=(0, 0, 0))
            d.text((px + 5, py + 2), who[0].upper(), fill=(0, 0, 0), font=font(11))


ARROW = {"N": ((0, -9), (-8, 7), (8, 7)), "S": ((0, 9), (-8, -7), (8, -7)),
         "E": ((9, 0), (-7, -8), (-7, 8)), "W": ((-9, 0), (7, -8), (7, 8))}


def _arrows(d: ImageDraw.ImageDraw, ctrl: dict) -> None:
    """Control tokens: an arrow outside the board at the end of each line slid this round."""
    for line, direction in ctrl.items():
        if line[0] == "r":
            cy = MARGIN + (int(line[1]) - 1) * CELL + CELL // 2
            cx = MARGIN + 5 * CELL + 13 if direction == "E" else MARGIN - 13
        else:
            cx = MARGIN + "ABCDE".index(line[1]) * CELL + CELL // 2
            cy = MARGIN + 5 * CELL + 13 if direction == "S" else MARGIN - 11
        d.polygon([(cx + dx, cy + dy) for dx, dy in ARROW[direction]], fill=EDGE)


def _panel(d: ImageDraw.ImageDraw, view: dict, t) -> None:
    x, y = MARGIN * 2 + CELL * 5, MARGIN
    big = t("views", "final") if view["final"] else f"-{view['remaining']}"
    d.text((x, y), big.replace("*", ""), fill=EDGE if view["final"] else INK, font=font(26))
    y += 34
    d.text((x, y), f"{t('phases', view['phase'])} · {view['round']}", fill=INK, font=font(13))
    y += 22
    if view["alarm"] or view["key"]:
        d.text((x, y), ("ALARM  " if view["alarm"] else "") + ("KEY" if view["key"] else ""),
               fill=EDGE, font=font(13))
        y += 20
    for c in view["chars"]:
        status = "+ " if not c["alive"] else ""
        role = {"guard": "G", "prisoner": "P"}.get(c["role"], "?" if c["role"] else "")
        extra = [f"A:{c['adrenaline'][0]}"]
        if c["programmed"] is not None:
            extra.append(f"#{c['programmed']}")
        if c["lost"]:
            extra.append("-" + "".join(k[0].upper() for k in c["lost"]))
        if c["paranoia"] is not None:
            extra.append(f"P{c['paranoia']}")
        if c["empties"]:
            extra.append(f"E{c['empties']}")
        if c["ready"]:
            extra.append("ok")
        d.ellipse((x, y + 2, x + 12, y + 14), fill=PAWN.get(c["name"], INK))
        d.text((x + 18, y), f"{status}{t.lookup('chars', c['name'])} {role}  {' '.join(extra)}",
               fill=INK if c["alive"] else (130, 130, 130), font=font(13))
        y += 20
    y += 6
    for card in view["face_cards"] + ([view["discard_top"]] if view["discard_top"] else []):
        d.text((x, y), t.lookup("cards", card).replace("→", "->")[:44], fill=INK, font=font(11))
        y += 16


def render(view: dict, t) -> bytes:
    img = Image.new("RGB", SIZE, BG)
    d = ImageDraw.Draw(img)
    for i, letter in enumerate("ABCDE"):
        d.text((MARGIN + i * CELL + CELL // 2 - 4, 1), letter, fill=INK, font=font(12))
        d.text((3, MARGIN + i * CELL + CELL // 2 - 6), str(i + 1), fill=INK, font=font(12))
    hidden = {c["name"] for c in view["chars"] if c["hidden"]}
    for c in view["cells"]:
        _tile(d, c, t)
        _pieces(d, c, hidden)
    _arrows(d, view["ctrl"])
    _panel(d, view, t)
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=1)
    return buf.getvalue()
