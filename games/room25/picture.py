"""The Complex as a PNG (spec 8), drawn from a view only, so it never shows more than the view
holds: the public view gives every face-down tile one neutral back; a seat's view adds the rooms
that seat has looked at (marked as seen by it alone) and its own programme.

The board sits above a panel of words (round, turn order, each character's state, the legend of
every symbol drawn), sized so the picture stays readable where Discord shows it about 400 px
wide: rooms carry their short name in type that stays about 12 px tall there, the characters are
lettered discs in their own colours, and the panel's words are as large.
"""
from __future__ import annotations

import io

from PIL import Image, ImageDraw

from games.fonts import font

CELL, MARGIN = 120, 40
WIDTH = MARGIN * 2 + CELL * 5
FILL = {"blue": (70, 120, 220), "green": (70, 160, 85), "yellow": (226, 190, 60),
        "red": (205, 70, 62)}
BACK, BG, INK, DIM = (88, 90, 100), (24, 26, 31), (240, 240, 240), (150, 150, 150)
EDGE, DARK = (255, 150, 40), (20, 20, 20)
PAWN = {"jennifer": (236, 94, 160), "max": (245, 140, 40), "emmett": (80, 200, 230),
        "sarah": (160, 110, 230), "kevin": (120, 220, 120), "franck": (240, 230, 90),
        "alice": (250, 250, 250), "bruce": (150, 100, 60)}
EXIT = {"A1", "B1", "A2", "D1", "E1", "E2", "A4", "A5", "B5", "D5", "E5", "E4"}
ARROW = {"N": ((0, -9), (-8, 7), (8, 7)), "S": ((0, 9), (-8, -7), (8, -7)),
         "E": ((9, 0), (-7, -8), (-7, 8)), "W": ((-9, 0), (7, -8), (7, 8))}


def _xy(cell: str) -> tuple[int, int]:
    return MARGIN + "ABCDE".index(cell[0]) * CELL, MARGIN + (int(cell[1]) - 1) * CELL


def _wrap(d: ImageDraw.ImageDraw, text: str, size: int, width: int, bold=False) -> list[str]:
    """Break `text` into lines that fit `width` pixels at `size`."""
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and d.textlength(trial, font=font(size, bold)) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + [line] if line else lines


def _padlock(d, x, y):
    d.rectangle((x, y + 7, x + 14, y + 18), fill=DARK)
    d.arc((x + 2, y, x + 12, y + 14), 180, 360, fill=DARK, width=3)


def _robot(d, x, y, label, size=22):
    d.rectangle((x, y, x + size, y + size), fill=(160, 160, 160), outline=DARK)
    d.text((x + size // 2, y + size // 2), label, fill=DARK, font=font(size * 3 // 5, True),
           anchor="mm")


def _hidden(d, x, y, size=24):
    d.ellipse((x, y, x + size, y + size), outline=INK, width=2)
    d.text((x + size // 2, y + size // 2), "?", fill=INK, font=font(size * 3 // 5, True),
           anchor="mm")


def _cross(d, x, y, size):
    d.line((x, y, x + size, y + size), fill=(110, 0, 0), width=5)
    d.line((x, y + size, x + size, y), fill=(110, 0, 0), width=5)


def _tile(d: ImageDraw.ImageDraw, c: dict, seen: dict, t, used: set) -> None:
    x, y = _xy(c["cell"])
    room, colour = c["room"], c["colour"]
    mine = seen.get(c["cell"]) if room is None else None
    d.rectangle((x + 2, y + 2, x + CELL - 2, y + CELL - 2), fill=FILL.get(colour, BACK),
                outline=EDGE if c["cell"] in EXIT else DARK, width=3)
    if mine:  # a face-down room this seat has looked at: a band of its colour and its name
        d.rectangle((x + 5, y + 5, x + CELL - 5, y + 52), fill=FILL[mine["colour"]])
        used.add("seen")
        room = mine["room"]
    if c["no_pass"]:
        used.add("no_pass")
        _cross(d, x + 10, y + 10, CELL - 20)
    if room:   # drawn over the cross of a closed room, so the name stays legible
        name, width = t.lookup("rooms_short", room), CELL - 12
        for size in (22, 19, 16):  # smaller only when a long word would not fit
            lines = _wrap(d, name, size, width, True)[:2]
            if all(d.textlength(line, font=font(size, True)) <= width for line in lines):
                break
        for i, line in enumerate(lines):
            d.text((x + 7, y + 6 + i * (size + 2)), line, fill=DARK, font=font(size, True))
    if c["rot"]:
        used.add("rot")
        if c["rot"] == "NS":
            d.rectangle((x + CELL // 2 - 7, y + 3, x + CELL // 2 + 7, y + CELL - 3), outline=INK,
                        width=2)
        else:
            d.rectangle((x + 3, y + CELL // 2 - 7, x + CELL - 3, y + CELL // 2 + 7), outline=INK,
                        width=2)
    if c["lock"]:
        used.add("lock")
        _padlock(d, x + CELL - 24, y + CELL - 26)
    for i, who in enumerate(c["reminders"]):
        used.add("reminder")
        d.rectangle((x + CELL - 22 - i * 18, y + 56, x + CELL - 8 - i * 18, y + 68),
                    fill=PAWN.get(who, INK), outline=DARK)


def _pieces(d: ImageDraw.ImageDraw, c: dict, hidden: set, used: set) -> None:
    x, y = _xy(c["cell"])
    pieces = [("c", n) for n in c["chars"]] + [("r", r) for r in c["robots"]]
    size, across = (32, 3) if len(pieces) <= 6 else (25, 4)   # large discs while they fit
    step = (CELL - 12) // across
    for i, (kind, who) in enumerate(pieces):
        px = x + 6 + (i % across) * step + (step - size) // 2
        py = y + CELL - 8 - size - (i // across) * (size + 3)
        if kind == "r":
            used.add("robot")
            _robot(d, px, py, str(who), size)
        elif who in hidden:
            used.add("hidden")
            _hidden(d, px, py, size)
        else:
            d.ellipse((px, py, px + size, py + size), fill=PAWN.get(who, INK), outline=DARK,
                      width=2)
            d.text((px + size // 2, py + size // 2 + 1), who[0].upper(), fill=DARK,
                   font=font(size * 3 // 5, True), anchor="mm")


def _arrows(d: ImageDraw.ImageDraw, ctrl: dict, used: set) -> None:
    """Control tokens: an arrow outside the board at the end of each line slid this round."""
    for line, direction in ctrl.items():
        used.add("slid")
        if line[0] == "r":
            cy = MARGIN + (int(line[1]) - 1) * CELL + CELL // 2
            cx = MARGIN + 5 * CELL + 16 if direction == "E" else MARGIN - 12
        else:
            cx = MARGIN + "ABCDE".index(line[1]) * CELL + CELL // 2
            cy = MARGIN + 5 * CELL + 16 if direction == "S" else MARGIN - 12
        d.polygon([(cx + dx, cy + dy) for dx, dy in ARROW[direction]], fill=EDGE)


def _legend_symbol(d, key, x, y):
    if key == "exit":
        d.rectangle((x, y, x + 22, y + 22), fill=BACK, outline=EDGE, width=3)
    elif key == "seen":
        d.rectangle((x, y, x + 22, y + 22), fill=BACK, outline=DARK)
        d.rectangle((x + 2, y + 2, x + 20, y + 9), fill=FILL["red"])
    elif key == "lock":
        d.rectangle((x, y, x + 22, y + 22), fill=FILL["yellow"])
        _padlock(d, x + 4, y + 2)
    elif key == "no_pass":
        d.rectangle((x, y, x + 22, y + 22), fill=FILL["red"])
        _cross(d, x + 3, y + 3, 16)
    elif key == "reminder":
        d.rectangle((x + 4, y + 6, x + 18, y + 16), fill=PAWN["max"], outline=DARK)
    elif key == "robot":
        _robot(d, x, y, "1")
    elif key == "hidden":
        _hidden(d, x - 1, y - 1)
    elif key == "slid":
        d.polygon([(x + 11 + dx, y + 11 + dy) for dx, dy in ARROW["E"]], fill=EDGE)
    elif key == "rot":
        d.rectangle((x + 4, y, x + 18, y + 22), outline=INK, width=2)


LEGEND = ("exit", "seen", "slid", "lock", "no_pass", "reminder", "robot", "hidden", "rot")


class _Panel:
    """Lines of words under the board, wrapped to its width."""

    def __init__(self, d: ImageDraw.ImageDraw, y: int):
        self.d, self.y = d, y

    def text(self, text: str, size=21, fill=INK, bold=False, indent=0, swatch=None):
        x = MARGIN + indent
        if swatch:
            self.d.ellipse((x, self.y + 2, x + 20, self.y + 22), fill=swatch, outline=DARK)
            x += 28
        for line in _wrap(self.d, text, size, WIDTH - MARGIN - x, bold):
            self.d.text((x, self.y), line, fill=fill, font=font(size, bold))
            self.y += size + 6
        return self

    def gap(self, px=8):
        self.y += px
        return self


def _panel(d: ImageDraw.ImageDraw, view: dict, t, used: set, y: int) -> int:
    from games.room25.views import char_line
    p = _Panel(d, y)
    p.text(t("picture", "round_over" if view["over"] else "round", round=view["round"],
             remaining=view["remaining"]), 26, EDGE if view["final"] else INK, True)
    p.text(t("phases", view["phase"]), 21, DIM)
    flags = [t("picture", k) for k in ("alarm", "key", "jamming", "acceleration") if view[k]]
    if flags:
        p.text(" · ".join(flags), 21, EDGE, True)
    if view["choosing"]:
        p.text(t("views", "choosing", seats=view["choosing"]), 21, DIM)
    p.gap()
    for c in view["chars"]:
        p.text(char_line(c, t), 21, INK if c["alive"] else DIM, swatch=PAWN.get(c["name"], INK))
    for m in view.get("mine", []):
        p.gap().text(t("picture", "mine", char=m["name"]), 21, EDGE, True)
        p.text(t("views", "plan", plan=m["plan"]) if m["plan"] else t("views", "no_plan"),
               20, indent=12)
    cards = view["face_cards"] + ([view["discard_top"]] if view["discard_top"] else [])
    if cards:
        p.gap().text(t("picture", "cards", cards=cards), 19, DIM)
    p.gap()
    keys = ["exit"] + [k for k in LEGEND[1:] if k in used]
    x = MARGIN
    for key in keys:
        label = t("picture", f"legend_{key}")
        w = 32 + int(d.textlength(label, font=font(19)))
        if x + w > WIDTH - MARGIN:
            x, p.y = MARGIN, p.y + 32
        _legend_symbol(d, key, x, p.y)
        d.text((x + 30, p.y + 1), label, fill=INK, font=font(19))
        x += w + 20
    return p.y + 36


def render(view: dict, t) -> bytes:
    seen = {x["cell"]: x for x in view.get("seen", [])}
    scratch = Image.new("RGB", (WIDTH, 2000), BG)
    d = ImageDraw.Draw(scratch)
    for i, letter in enumerate("ABCDE"):
        d.text((MARGIN + i * CELL + CELL // 2, 11), letter, fill=INK, font=font(19, True),
               anchor="mm")
        d.text((11, MARGIN + i * CELL + CELL // 2), str(i + 1), fill=INK, font=font(19, True),
               anchor="mm")
    used: set = set()
    hidden = {c["name"] for c in view["chars"] if c["hidden"]}
    for c in view["cells"]:
        _tile(d, c, seen, t, used)
        _pieces(d, c, hidden, used)
    _arrows(d, view["ctrl"], used)
    height = _panel(d, view, t, used, MARGIN * 2 + CELL * 5)
    img = scratch.crop((0, 0, WIDTH, height))
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=1)
    return buf.getvalue()
