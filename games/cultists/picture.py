"""The map as a picture (Pillow, the bundled font), sized for Discord's ~500 px
(`games/canvas.py`): the round, the phase and the event in play; the Investigators' score track
(points towards the target) with each shelf's books; the rooms around the corridors (rooms on
the side of the board their angle puts them, so each sits by the corridors it opens on), each
named, explored or not, with its books, deck, Cultist token, hazard, the Portal, power and the
vote token; every person as a token carrying their name in their colour, where they stand, a
ghost hollow and marked ☠; the Fish Man; then the roster. A seat's picture adds only what that
seat knows (its route, the Cultists it knows)."""
from __future__ import annotations

from games.canvas import Canvas
from games.cultists import data

W, GAP, PAD = 1000, 12, 10
SIDE = 280                  # the left and right columns of rooms; the corridors between
NAME, LINE = 26, 24         # type sizes (the canvas keeps them at least 12 px as shown)
TOKEN = 150                 # a person's token at most this wide
BG, INK, DIM, GOLD = (24, 24, 30), (240, 240, 240), (150, 150, 160), (250, 215, 140)
DARK, CORRIDOR, WIRE = (18, 18, 22), (62, 62, 72), (100, 100, 112)
FILL = {"dark_blue": (40, 60, 140), "pink": (200, 95, 150), "orange": (215, 120, 40),
        "light_blue": (70, 150, 200), "red": (185, 45, 45), "green": (50, 140, 70)}
PEOPLE = [(240, 240, 240), (250, 210, 60), (120, 220, 120), (120, 200, 250), (250, 130, 130),
          (205, 150, 245), (250, 165, 85), (175, 175, 175), (90, 230, 200)]


def render(view: dict, t) -> bytes:
    cv = draw(view, t)
    # A palette image encodes three times faster than RGB and the map has few colours.
    return cv.png(cv.bottom + GAP, palette=True)


def draw(view: dict, t) -> Canvas:
    """The picture on a canvas that keeps every word drawn (for tests of sizes and labels)."""
    cv = Canvas(W, BG)
    y = _head(cv, view, t, GAP)
    y = _score(cv, view, t, y + 6)
    y = _map(cv, view, t, y + GAP)
    _roster(cv, view, t, y + GAP)
    return cv


def _head(cv, view, t, y) -> int:
    y = cv.lines(GAP, y, t("views_pic", "head", round=view["round"],
                           phase=t.lookup("phases", view["phase"])), 30, INK, W - 2 * GAP, True)
    event = view["event"] or view["effect"]
    if event:   # an empty bag leaves the last effect in play
        y = cv.lines(GAP, y + 2, t("views_pic", "event", event=t.lookup("tokens", event)),
                     NAME, GOLD, W - 2 * GAP, True)
        entry = t.template("tokens", event)
        if isinstance(entry, dict) and entry.get("text"):
            y = cv.lines(GAP, y, entry["text"], LINE, INK, W - 2 * GAP)
    if view["portal"]["open"]:
        y = cv.lines(GAP, y + 2, t("views", "portal", deadline=view["portal"]["deadline"]),
                     LINE, (180, 255, 120), W - 2 * GAP)
    return y


def _score(cv, view, t, y) -> int:
    """The Investigators' points towards the target, one box a point, and the shelves' books."""
    vp, target = view["vp"], view["target"]
    y = cv.lines(GAP, y, t("views_pic", "score", vp=vp, target=target), NAME, INK,
                 W - 2 * GAP, True) + 4
    cells = max(vp, target)
    size = min(48, (W - 2 * GAP) // max(cells, 1) - 4)
    for i in range(1, cells + 1):
        x = GAP + (i - 1) * (size + 4)
        got = i <= vp
        cv.d.rounded_rectangle((x, y, x + size, y + size), 6, fill=GOLD if got else DARK,
                               outline=(255, 90, 90) if i == target else WIRE,
                               width=4 if i == target else 2)
        cv.text((x + size / 2, y + size / 2), str(i), LINE, DARK if got else DIM, True, "mm")
    y += size + 8
    x = GAP
    for shelf in view["shelves"].values():
        full = shelf["books"] >= shelf["spaces"]
        label = t("views_pic", "shelf_done" if full else "shelf", books=shelf["books"],
                  spaces=shelf["spaces"], vp=shelf["vp"])
        w = cv.chip_width(label, LINE)
        if x + w > W - GAP:
            x, y = GAP, y + LINE + 24
        x = cv.chip(x, y, label, LINE, FILL[shelf["color"]], INK,
                    outline=GOLD if full else None) + 8
    return y + LINE + 16


# ---- the map ------------------------------------------------------------------------------

def _side(angle: int) -> str:
    """Which side of the map a room's angle puts it on (0 is the top, clockwise)."""
    return ("top", "right", "bottom", "left")[((angle + 45) % 360) // 90]


def _tokens(cv, view, t, place: str) -> list[tuple[str, int, dict]]:
    return [(_token_label(cv, t, c), i, c) for i, c in enumerate(view["chars"])
            if c["place"] == place]


def _token_label(cv, t, c, limit: int = TOKEN) -> str:
    """A person's name, ☠ for a ghost and ⚔ for the Knife, shortened to fit `limit` px."""
    name = t.seat_name(c["char"])
    label = ("☠ " if c["ghost"] else "") + name + (" ⚔" if c["knife"] else "")
    while cv.chip_width(label, LINE) > limit and len(name) > 1:
        name = name[:-1]
        label = ("☠ " if c["ghost"] else "") + name + "…" + (" ⚔" if c["knife"] else "")
    return label


def _flow(cv, tokens, width) -> list[list]:
    """Tokens in rows that fit `width`."""
    rows, row, used = [], [], 0
    for tok in tokens:
        w = cv.chip_width(tok[0], LINE) + 8
        if row and used + w > width:
            rows.append(row)
            row, used = [], 0
        row.append(tok)
        used += w
    return rows + [row] if row else rows


def _place_lines(view, t, x: str, loc: dict) -> list[tuple[str, tuple, bool]]:
    """The words in a place's box under its name: (text, colour, bold)."""
    if loc["kind"] == "corridor":
        return [(t("views_pic", "fish"), (60, 220, 220), True)] if view["fish_man"] == x else []
    room = view["rooms"][x]
    if room["finished"]:
        lines = [(t.lookup("room_states", "finished"), INK, False)]
    elif room["explored"]:
        lines = [(t("views_pic", "room_line", books=room["books"], deck=room["deck"]), INK, False)]
    else:
        lines = [(t.lookup("room_states", "closed"), DIM, False)]
    if room["hazard"]:
        lines.append((t("views_pic", "hazard"), GOLD, True))
    if room["cultist"]:
        lines.append((t("views_pic", "cultist_token"), (255, 120, 120), True))
    if loc["special"] == "DINING":
        lines.append((t("views_pic", "vote_on" if view["vote_token"] else "vote_off"), INK, False))
    if loc["special"] == "SECURITY":
        lines.append((t("views", "power_on" if view["power"] else "power_off"),
                      (250, 230, 90) if view["power"] else DIM, False))
    if loc["special"] == "PORTAL" and view["portal"]["open"]:
        lines.append((t("views_pic", "portal_open"), (180, 255, 120), True))
    return lines


class _Box:
    """A place's box: measured first, so the map can be laid out, then painted."""

    def __init__(self, cv, view, t, x: str, loc: dict, width: int):
        self.id, self.loc, self.width = x, loc, width
        inner = width - 2 * PAD
        self.name = cv.wrap(t.lookup("pic_places", x), NAME, inner, True)
        self.lines = [(line, colour, bold) for text, colour, bold in _place_lines(view, t, x, loc)
                      for line in cv.wrap(text, LINE, inner, bold)]
        self.rows = _flow(cv, _tokens(cv, view, t, x), inner)
        self.height = (PAD + len(self.name) * (NAME + 5) + len(self.lines) * (LINE + 6)
                       + len(self.rows) * (LINE + 24) + PAD)
        self.xy = (0, 0)

    def centre(self) -> tuple[int, int]:
        return self.xy[0] + self.width // 2, self.xy[1] + self.height // 2

    def paint(self, cv, view) -> None:
        x, y = self.xy
        box = (x, y, x + self.width, y + self.height)
        if self.loc["kind"] == "corridor":
            fish = view["fish_man"] == self.id
            cv.d.rounded_rectangle(box, 18, fill=CORRIDOR, outline=(60, 220, 220) if fish
                                   else WIRE, width=4 if fish else 2)
        else:
            room = view["rooms"][self.id]
            colour = FILL[self.loc["color"]]
            if not room["explored"]:
                colour = tuple(c * 3 // 5 for c in colour)
            portal = self.loc["special"] == "PORTAL" and view["portal"]["open"]
            cv.d.rounded_rectangle(box, 10, fill=colour, width=5 if portal else 2,
                                   outline=(180, 255, 120) if portal else
                                   INK if room["explored"] else WIRE)
        y += PAD
        for line in self.name:
            cv.text((x + PAD, y), line, NAME, INK, True)
            y += NAME + 5
        for text, colour, bold in self.lines:
            if bold:   # a mark on the room: on a dark tag, so it reads on every colour
                w = cv.length(text, LINE, True)
                cv.d.rounded_rectangle((x + PAD - 4, y - 2, x + PAD + w + 4, y + LINE + 4), 5,
                                       fill=DARK)
            cv.text((x + PAD, y), text, LINE, colour, bold)
            y += LINE + 6
        for row in self.rows:
            tx = x + PAD
            for label, i, c in row:
                colour = PEOPLE[i % len(PEOPLE)]
                tx = _token(cv, tx, y + 2, label, colour, c["ghost"]) + 8
            y += LINE + 24


def _token(cv, x, y, label, colour, ghost) -> int:
    """A person: their name on a disc of their colour; a ghost hollow, in their colour."""
    if ghost:
        return cv.chip(x, y, label, LINE, DARK, colour, outline=colour)
    return cv.chip(x, y, label, LINE, colour, DARK, outline=DARK)


def _map(cv, view, t, top) -> int:
    lay = data.layout(view["layout"])
    sides: dict[str, list] = {"top": [], "right": [], "bottom": [], "left": []}
    corridors = {}
    for x, loc in lay["loc"].items():
        if loc["kind"] == "corridor":
            corridors[x] = loc
        else:
            sides[_side(loc["angle"])].append((loc["angle"], x, loc))
    # clockwise from the top left: the top left to right, the right top down, the bottom right
    # to left, the left bottom up
    sides["top"].sort(key=lambda e: (e[0] + 45) % 360)
    sides["right"].sort()
    sides["bottom"].sort(reverse=True)
    sides["left"].sort(reverse=True)
    boxes = {}

    def band(entries, y) -> int:
        if not entries:
            return y
        width = (W - GAP * (len(entries) + 1)) // len(entries)
        row = [_Box(cv, view, t, x, loc, width) for _, x, loc in entries]
        height = max(b.height for b in row)
        for k, b in enumerate(row):
            b.height = height
            b.xy = (GAP + k * (width + GAP), y)
            boxes[b.id] = b
        return y + height + GAP

    def column(entries) -> list:
        return [_Box(cv, view, t, e[1], e[2], SIDE) for e in entries]

    y = band(sides["top"], top)
    left, right = column(sides["left"]), column(sides["right"])
    mid_x, mid_w = GAP * 2 + SIDE, W - 4 * GAP - 2 * SIDE
    corner_w = (mid_w - GAP) // 2
    # every map has its four corridors at 45°, 135°, 225° and 315° around the central one
    by_angle = {loc["angle"]: x for x, loc in corridors.items()}
    corner = {a: _Box(cv, view, t, x, corridors[x], corner_w)
              for a, x in by_angle.items() if a is not None}
    centre = _Box(cv, view, t, by_angle[None], corridors[by_angle[None]], mid_w)
    upper = max(corner[315].height, corner[45].height)
    lower = max(corner[225].height, corner[135].height)
    mid_h = max(upper + centre.height + lower + 2 * GAP,
                *(sum(b.height for b in col) + GAP * (len(col) - 1) for col in (left, right)
                  if col))
    for col, x in ((left, GAP), (right, W - GAP - SIDE)):
        spare = (mid_h - sum(b.height for b in col)) // (len(col) + 1) if col else 0
        cy = y + spare
        for b in col:
            b.xy = (x, cy)
            boxes[b.id] = b
            cy += b.height + spare
    corner[315].xy, corner[45].xy = (mid_x, y), (mid_x + corner_w + GAP, y)
    corner[225].xy = (mid_x, y + mid_h - corner[225].height)
    corner[135].xy = (mid_x + corner_w + GAP, y + mid_h - corner[135].height)
    centre.xy = (mid_x, y + upper + (mid_h - upper - lower - centre.height) // 2)
    boxes.update({b.id: b for b in (*corner.values(), centre)})
    bottom = band(sides["bottom"], y + mid_h + GAP)
    for a, b in lay["edges"]:
        cv.d.line([boxes[a].centre(), boxes[b].centre()], fill=WIRE, width=4)
    for b in boxes.values():
        b.paint(cv, view)
    return bottom


def _roster(cv, view, t, y) -> None:
    """Each person's token with their full name, pulse, the Knife and any role shown."""
    col = (W - 3 * GAP) // 2
    for k, c in enumerate(view["chars"]):
        x = GAP + (k % 2) * (col + GAP)
        row = y + (k // 2) * (LINE + 26)
        words = t("views_pic", "pulse", n=c["pulse"]).lstrip(" ·") + (
            t("views_pic", "knife") if c["knife"] else "") + (
            f" · {t.lookup('roles', c['role'])}" if c["role"] else "")
        room = col - 10 - int(cv.length(words, LINE))
        end = _token(cv, x, row, _token_label(cv, t, {**c, "knife": False}, max(room, 120)),
                     PEOPLE[k % len(PEOPLE)], c["ghost"])
        cv.text((end + 10, row + 7), words, LINE, INK)
    y += ((len(view["chars"]) + 1) // 2) * (LINE + 26) + 4
    y = cv.lines(GAP, y, t("views_pic", "legend"), LINE, DIM, W - 2 * GAP)
    if "me" in view:
        me = view["me"]
        mine = t("views", "my_route", colours=me["route"][me["line"]])
        if "cultists" in me:
            mine += " · " + t("views", "known_cultists", chars=me["cultists"] or ["—"])
        cv.lines(GAP, y + 4, mine, LINE, GOLD, W - 2 * GAP)
