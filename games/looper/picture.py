"""The board as a PNG, drawn from a view only, sized for Discord's ~500 px (`games/canvas.py`):
day, loop and the incident schedule; the four locations in the 2x2 layout (R-1), each with its
Intrigue; each character (in the view's public order) with labelled counters (Goodwill, Paranoia
against its limit, Intrigue, Extra guards), a dead one marked as a corpse, a revealed role under
its name; face-down cards as chips labelled by owner on their target. The Mastermind's view adds
every role and the culprits; a protagonist's its own notes and its own cards (chips outlined and
named underneath). Nothing else is drawn."""
from __future__ import annotations

from games.canvas import Canvas
from games.looper.board import CELL

WIDTH, MARGIN, PAD = 1000, 16, 14
BOX = (WIDTH - 3 * MARGIN) // 2
NAME, LINE, CHIP = 26, 24, 40       # type sizes; a chip's height at the least type size
BG, INK, DIM, GOLD = (22, 24, 30), (240, 240, 240), (150, 150, 160), (250, 215, 140)
DARK, DEAD = (20, 20, 24), (120, 30, 30)
PLACE = {"hospital": (46, 76, 108), "shrine": (106, 54, 54), "city": (62, 62, 78),
         "school": (50, 92, 62)}
GOOD, PARA, INTR, GUARD = (110, 200, 120), (240, 125, 125), (190, 145, 245), (240, 210, 90)
OWNER = {"mastermind": (215, 65, 65), "A": (90, 155, 235), "B": (70, 200, 200),
         "C": (235, 165, 70)}


def render(view: dict, t) -> bytes:
    cv = draw(view, t)
    return cv.png(cv.bottom + MARGIN, palette=True)


def draw(view: dict, t) -> Canvas:
    """The picture on a canvas that keeps every word drawn (for tests of sizes and labels)."""
    cv = Canvas(WIDTH, BG)
    sheet = view["sheet"]
    y = cv.lines(MARGIN, MARGIN, t("views", "header", set=sheet["tragedy_set"],
                                   loop=view["loop"], loops=sheet["loops"], day=view["day"],
                                   days=sheet["days_per_loop"], leader=view["leader"]),
                 28, INK, WIDTH - 2 * MARGIN, bold=True)
    y = cv.lines(MARGIN, y + 2, t("views", "schedule", incidents=", ".join(
        t("views", "scheduled", day=i["day"], incident=i["incident"])
        for i in sheet["incidents"])), LINE, DIM, WIDTH - 2 * MARGIN) + 6
    roles = {e["character"]: e["role"] for e in view["script"]["cast"]} if "script" in view \
        else {}
    culprits = {i["culprit"]: i["day"] for i in view["script"]["incidents"]} if roles else {}
    mine = {p["target"] for p in view.get("my_cards", [])}
    subs = {c["id"]: (_sub(c, view, t, roles, culprits), _crowded(cv, view, t, c))
            for c in view["characters"]}
    for row in (0, 1):
        places = [loc for loc, (r, _) in CELL.items() if r == row]
        height = max(_height(view, loc, subs) for loc in places)
        for loc in places:
            x = MARGIN + CELL[loc][1] * (BOX + MARGIN)
            _location(cv, view, t, loc, x, y, height, subs, mine)
        y += height + MARGIN
    _footer(cv, view, t, y)
    return cv


def _sub(c: dict, view: dict, t, roles: dict, culprits: dict) -> str:
    """The line under a character's counters: its role if known, a note, a culprit's day."""
    label = roles.get(c["id"]) or c["role"]
    sub = t.lookup("roles", label) if label else ""
    noted = view.get("notes", {}).get(c["id"])
    if noted and not label:
        sub = t("views", "noted", role=noted)
    if c["id"] in culprits:
        sub = " · ".join(x for x in (sub, t("views", "culprit_day", day=culprits[c["id"]])) if x)
    return sub


def _crowded(cv, view, t, c) -> bool:
    """Whether the cards on a character leave no room for its name on one line (they go on a
    line of their own then)."""
    width = cv.length(t.lookup("names", c["id"]), NAME, True) + 10 + sum(
        cv.chip_width(t.lookup("owners_short", p["owner"]), LINE) + 6
        for p in view["placed"] if p["target"] == c["id"])
    if not c["alive"]:
        width += cv.chip_width(t("picture", "dead"), LINE) + 10
    return width > BOX - 2 * PAD


def _char_height(shape: tuple[str, bool]) -> int:
    sub, crowded = shape
    return 34 + CHIP + 8 + (CHIP + 6 if crowded else 0) + (32 if sub else 0) + 10


def _height(view: dict, loc: str, subs: dict) -> int:
    here = [c for c in view["characters"] if c["location"] == loc]
    return 58 + sum(_char_height(subs[c["id"]]) for c in here) + PAD


def _location(cv, view, t, loc, x, y, height, subs, mine) -> None:
    cv.d.rounded_rectangle((x, y, x + BOX, y + height), 14, fill=PLACE[loc], outline=DARK)
    cv.text((x + PAD, y + 10), t.lookup("locations", loc), 30, INK, bold=True)
    right = x + BOX - PAD
    _cards(cv, view, t, loc, right, y + 10, mine)
    right -= sum(cv.chip_width(t.lookup("owners_short", p["owner"]), LINE) + 6
                 for p in view["placed"] if p["target"] == loc)
    label = t("picture", "intrigue", n=view["locations"][loc])
    cv.chip(right - cv.chip_width(label, LINE) - 4, y + 10, label, LINE,
            INTR if view["locations"][loc] else (70, 70, 80), DARK)
    row = y + 58
    for c in [c for c in view["characters"] if c["location"] == loc]:
        _character(cv, view, t, c, x + PAD, row, subs[c["id"]], mine)
        row += _char_height(subs[c["id"]])


def _character(cv, view, t, c, x, y, shape, mine) -> None:
    width, (sub, crowded) = BOX - 2 * PAD, shape
    if not c["alive"]:   # a corpse: a dark red band, the name struck through, "dead"
        cv.d.rounded_rectangle((x - 6, y - 4, x + width + 6, y + _char_height(shape) - 8), 8,
                               fill=DEAD)
    name = t.lookup("names", c["id"])
    box = cv.text((x, y), name, NAME, INK if c["alive"] else DIM, bold=True)
    if not c["alive"]:
        mid = (box[1] + box[3]) // 2
        cv.d.line((x, mid, box[2], mid), fill=(255, 90, 90), width=4)
        cv.chip(box[2] + 10, y - 4, t("picture", "dead"), LINE, (255, 90, 90), DARK)
    cx, cy = x, y + 36
    if crowded:
        _cards(cv, view, t, c["id"], x + width, cy, mine)
        cy += CHIP + 6
    else:
        _cards(cv, view, t, c["id"], x + width, y - 4, mine)
    over = c["paranoia"] >= c["limit"]
    for label, colour, outline in (
            (t("picture", "goodwill", n=c["goodwill"]), GOOD, None),
            (t("picture", "paranoia", n=c["paranoia"], limit=c["limit"]), PARA,
             INK if over else None),
            (t("picture", "intrigue", n=c["intrigue"]), INTR, None)):
        cx = cv.chip(cx, cy, label, LINE, colour, DARK, outline) + 8
    if c["guards"]:
        cv.chip(cx, cy, t("picture", "guards", n=c["guards"]), LINE, GUARD, DARK)
    if sub:
        cv.text((x, cy + CHIP + 6), sub, LINE, GOLD)


def _cards(cv, view, t, target, right, y, mine) -> None:
    """Face-down cards on a target, right-aligned at `right`: one chip per card, labelled by its
    owner; a seat's own chips are outlined (their names are listed under the board)."""
    owners = [p["owner"] for p in view["placed"] if p["target"] == target]
    mine_here = target in mine
    x = right - sum(cv.chip_width(t.lookup("owners_short", o), LINE) + 6 for o in owners)
    own = {p["owner"] for p in view.get("my_cards", [])}
    for owner in owners:
        outline = GOLD if mine_here and owner in own else None
        x = cv.chip(x, y, t.lookup("owners_short", owner), LINE, OWNER[owner], DARK, outline) + 6


def _footer(cv, view, t, y) -> None:
    width = WIDTH - 2 * MARGIN
    y = cv.lines(MARGIN, y, t("picture", "legend"), LINE, DIM, width)
    x = MARGIN
    for owner, colour in OWNER.items():
        label = t.lookup("owners", owner)
        w = cv.chip_width(t.lookup("owners_short", owner), LINE) + 8 + cv.length(label, LINE)
        if x + w > WIDTH - MARGIN:
            x, y = MARGIN, y + CHIP + 6
        x = cv.chip(x, y, t.lookup("owners_short", owner), LINE, colour, DARK) + 8
        cv.text((x, y + 6), label, LINE, INK)
        x += int(cv.length(label, LINE)) + 24
    mine = view.get("my_cards", [])
    if mine:
        cv.lines(MARGIN, y + CHIP + 8, t("views", "my_cards_line", cards=", ".join(
            t("views", "my_card_short", card=p["card"], target=p["target"]) for p in mine)),
            LINE, GOLD, width)
