"""The pictures, drawn from a view only (so they never show more than the view holds), sized for
the width Discord shows a picture at: every size below is in pixels as shown at DISPLAY wide.

- A psychic-player's own picture (its seat view while the hours run): for each psychic it plays,
  its visions at least 200 px wide as shown, each labelled with the id the text uses ("V79"),
  then the cards of its category on the table, labelled as the text names them ("#12 The
  Singer"), a card it already guessed wrong struck out, the card its intuition is on framed.
- The Ghost's picture: its hand, three cards a row, numbered 1-7 as its buttons name them;
  during the hours its screen (each psychic's visions, guess, wrong guesses and triple) and
  the table.
- The table (the public view, and anyone else's): a compact overview, the table's cards by
  category and one line per psychic.
- From the epilogue on: the shared vision shown so far, large, beside the groups, so a voter
  compares them; the Ghost's own picture adds its hand while it still picks, and frames the
  group it chose.

`layout` places every card with the label printed on it (what the tests read); `render` paints
a layout."""
from __future__ import annotations

import io
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from games.fonts import font
from games.mysterium import cards, pack
from games.mysterium.state import CATEGORIES

DISPLAY = 500              # how wide Discord shows a picture (about 400-550 px)
WIDTH = 750                # how wide it is drawn: a little sharper than shown
PAD = 10                   # margins and gaps, as shown
BIG, HAND, CANDIDATE, GROUP, SMALL, TINY = 220, 150, 110, 70, 44, 38   # card widths, as shown
TITLED = 60                # a psychic card at least this wide has its title under its number
BG, INK, DIM = (22, 20, 30), (236, 230, 216), (150, 144, 160)
GOLD, RED, GREEN = (236, 190, 60), (226, 62, 62), (90, 220, 120)


def px(n: float) -> int:
    """A length as shown at DISPLAY wide, in the picture's pixels."""
    return round(n * WIDTH / DISPLAY)


@dataclass(frozen=True)
class Placed:
    """One card in a picture: where it is (the picture's pixels) and what is printed with it."""
    kind: str                  # "vision" or "psychic"
    card: str | int
    box: tuple[int, int, int, int]     # left, top, width, height of the card itself
    label: str                 # the words printed under it
    struck: bool = False       # ruled out: guessed wrong at this stage
    number: int | None = None  # the Ghost's hand: the number its buttons use
    mark: str | None = None    # "guess" (intuition), "target" (Ghost: sought now), "found",
                               # "culprit" (the Ghost's or, at the end, the real one)


@dataclass
class Layout:
    """A picture being placed: cards, words and chips top to bottom; `y` is the next free row."""
    width: int = WIDTH
    y: int = px(PAD)
    cards: list[Placed] = field(default_factory=list)
    ops: list[tuple] = field(default_factory=list)

    def text(self, x: int, y: int, words: str, size: int, bold: bool = True, colour=INK,
             anchor: str = "la") -> None:
        self.ops.append(("text", x, y, words, px(size), bold, colour, anchor))

    def line(self, words: str, size: int = 15, colour=INK, chip: str | None = None) -> None:
        """A line of words across the picture, after a persona's colour chip if given."""
        x = px(PAD)
        if chip:
            self.ops.append(("chip", x, self.y + px(1), px(size), pack.COLOURS[chip]))
            x += px(size + 6)
        self.text(x, self.y, fit(words, px(size), self.width - x - px(PAD)), size, colour=colour)
        self.y += px(size + 8)

    def card(self, placed: Placed) -> None:
        self.cards.append(placed)
        self.ops.append(("card", placed))

    @property
    def height(self) -> int:
        return self.y + px(PAD)


def fit(words: str, size: int, room: int, bold: bool = True) -> str:
    """The words, cut with an ellipsis where they would run past `room` pixels."""
    face = font(size, bold)
    if face.getlength(words) <= room:
        return words
    while words and face.getlength(words + "…") > room:
        words = words[:-1]
    return words + "…"


def _label_lines(placed: Placed, t) -> list[str]:
    return placed.label.split(" ", 1) if placed.kind == "psychic" and " " in placed.label \
        else [placed.label]


def _label_size(width: int) -> int:
    """The label's type size, as shown, for a card this wide (as shown)."""
    return 16 if width >= BIG else 14 if width >= CANDIDATE else 12 if width >= GROUP else 11


def _label_height(kind: str, width: int, lines: int | None = None) -> int:
    size = _label_size(width)
    lines = lines or (2 if kind == "psychic" and width >= TITLED else 1)
    return lines * (size + 3) + 4


def _psychic_label(t, card: int, width: int) -> str:
    """How the text names a psychic card ("#12 The Singer"); on a card too narrow for the
    title, its number alone."""
    name = t.lookup("cards", str(card))
    return name if width >= TITLED else name.split(" ", 1)[0]


def row_of(lay: Layout, items: list[dict], width: int, per_row: int, x0: int | None = None,
           room: int | None = None) -> None:
    """Cards in rows of `per_row`, `width` wide as shown, each with its label under it; the
    row is spread over `room` (as shown) from `x0`. Advances the layout below them."""
    if not items:
        return
    x0 = PAD if x0 is None else x0
    room = DISPLAY - 2 * PAD if room is None else room
    gap = (room - per_row * width) / max(1, per_row - 1) if per_row > 1 else 0
    gap = min(gap, PAD * 2)
    height = width * 3 // 2
    label = max(_label_height(i["kind"], width) for i in items)
    for first in range(0, len(items), per_row):
        for k, item in enumerate(items[first:first + per_row]):
            x = x0 + k * (width + gap)
            lay.card(Placed(item["kind"], item["card"],
                            (px(x), lay.y, px(width), px(height)), item["label"],
                            item.get("struck", False), item.get("number"), item.get("mark")))
        lay.y += px(height + label + PAD)


def vision_item(card: str, **more) -> dict:
    return {"kind": "vision", "card": card, "label": card} | more


def psychic_item(t, card: int, width: int, **more) -> dict:
    return {"kind": "psychic", "card": card, "label": _psychic_label(t, card, width), **more}


# ---- what each audience sees ---------------------------------------------------------------------
def layout(view: dict, t) -> Layout:
    lay = Layout()
    lay.line(t("views", "hour", hour=view["hour"], difficulty=view["difficulty"],
               crows=view["crows_left"]), 14)
    ghost = view.get("ghost")
    phase, ep = view["phase"], view["epilogue"]
    mine = [] if ghost else [view["psychics"][i] for i in view.get("mine", [])]
    if ghost and ghost["hand"] and phase in ("give", "window", "shared"):
        _hand(lay, t, ghost["hand"])
    if ep:
        _vote(lay, view, t)
    elif mine and phase in ("give", "window"):
        for p in mine:
            _panel(lay, view, t, p)
    else:
        _table(lay, view, t)
        triples = ghost["targets"] if ghost else [p.get("targets") for p in view["psychics"]]
        for p, triple in zip(view["psychics"], triples):
            _psychic_line(lay, t, p, triple)
    return lay


def _panel(lay: Layout, view: dict, t, p: dict) -> None:
    """One psychic's decision: its visions large, then the candidates of its category."""
    lay.line(t("ui", "panel_title", persona=p["persona"], stage=p["stage"]), 15,
             chip=p["colour"])
    if p["stage"] not in CATEGORIES:
        lay.line(t("ui", "found_title"), 14, DIM)
        row_of(lay, [psychic_item(t, c, CANDIDATE, mark="found") for c in p["found"]],
               CANDIDATE, 3)
        return
    if p["visions"]:
        row_of(lay, [vision_item(v) for v in p["visions"]], BIG, 2)
    else:
        lay.line(t("ui", "no_visions"), 14, DIM)
    lay.line(t("ui", "candidates_title", category=p["stage"]), 14, DIM)
    wrong = set(p.get("wrong") or ())
    row_of(lay, [psychic_item(t, c, CANDIDATE, struck=c in wrong,
                              mark="guess" if c == p["guess"] else None)
                 for c in view["table"][p["stage"]]], CANDIDATE, 4)


def _hand(lay: Layout, t, hand: list[str]) -> None:
    lay.line(t("ui", "hand_title"), 17)
    row_of(lay, [vision_item(v, number=i + 1) for i, v in enumerate(hand)], HAND, 3)


def _table(lay: Layout, view: dict, t) -> None:
    """The cards on the table by category, each row as many as there are."""
    for category in CATEGORIES:
        laid = view["table"].get(category) or []
        if not laid:
            continue
        lay.line(t.lookup("categories_title", category), 14, DIM)
        per_row = max(7, -(-len(laid) // 2)) if len(laid) > 7 else 7
        width = min(64, int((DISPLAY - 2 * PAD - (per_row - 1) * 4) / per_row))
        row_of(lay, [psychic_item(t, c, width) for c in laid], width, per_row)


def _psychic_line(lay: Layout, t, p: dict, triple: list[int] | None) -> None:
    """One psychic on the overview: its visions small; at the right its intuition, the cards
    ruled out, and (the Ghost, or at the end) its triple with what it has found."""
    words = f"{t.lookup('personas', p['persona'])} · {t.lookup('stages', p['stage'])}"
    if p["track"] is not None:
        words += f" · {p['track']} ({t.lookup('levels', str(p['level']))})"
    lay.line(words, 14, chip=p["colour"])
    right = [psychic_item(t, p["guess"], TINY, mark="guess")] if p["guess"] is not None else []
    right += [psychic_item(t, c, TINY, struck=True) for c in p.get("wrong") or ()]
    current = p["stage"] if p["stage"] in CATEGORIES else None
    right += [psychic_item(t, c, TINY, mark="found" if c in p["found"] else
                           "target" if current and c == triple[CATEGORIES.index(current)]
                           else None) for c in triple or p["found"]]
    right_w = len(right) * (TINY + 4)
    room = DISPLAY - 2 * PAD - right_w - (PAD if right else 0)
    fits = max(1, int((room + 4) / (SMALL + 4)))
    visions = p["visions"]
    shown = visions if len(visions) <= fits else visions[:fits - 1]
    top = lay.y
    if shown:
        row_of(lay, [vision_item(v) for v in shown], SMALL, len(shown),
               room=len(shown) * (SMALL + 4) - 4)
    if len(shown) < len(visions):
        x = PAD + len(shown) * (SMALL + 4) + SMALL / 2
        lay.text(px(x), top + px(SMALL * 3 // 4), f"+{len(visions) - len(shown)}", 16,
                 anchor="mm")
    bottom = lay.y
    if right:
        lay.y = top
        row_of(lay, right, TINY, len(right), x0=DISPLAY - PAD - right_w + 4,
               room=right_w - 4)
    lay.y = max(bottom, lay.y, top + px(SMALL * 3 // 2 + PAD))


def _vote(lay: Layout, view: dict, t) -> None:
    """The epilogue: the shared vision shown so far, large, then the groups to compare it with,
    then each psychic's track. At the end each group names whose triple it was."""
    ep = view["epilogue"]
    ghost = view.get("ghost") or {}
    labels = ep.get("labels") or ghost.get("labels") or {}
    culprit = ep.get("culprit") or ghost.get("culprit") or ghost.get("draft", {}).get("group")
    if ep["shown"]:
        lay.line(t("views", "shown", cards=ep["shown"]), 15)
        row_of(lay, [vision_item(v, label=f"{v} · {t.lookup('categories', labels[v])}")
                     if v in labels else vision_item(v) for v in ep["shown"]], BIG, 2)
    per_row, block = 2, (DISPLAY - 2 * PAD - PAD) / 2
    for first in range(0, len(ep["groups"]), per_row):
        top, bottom = lay.y, lay.y
        for k, g in enumerate(ep["groups"][first:first + per_row]):
            lay.y = top
            x = PAD + k * (block + PAD)
            title = t("views", "group_title", number=g["number"])
            owner = view["psychics"][g["psychic"]] if g["psychic"] is not None else None
            if owner and owner.get("targets"):
                title += f" · {t.lookup('personas', owner['persona'])}"
            colour = GOLD if g["number"] == culprit else INK
            lay.text(px(x), lay.y, fit(title, px(15), px(block)), 15, colour=colour)
            lay.y += px(21)
            row_of(lay, [psychic_item(t, g["cards"][c], GROUP,
                                      mark="culprit" if g["number"] == culprit else None)
                         for c in CATEGORIES], GROUP, 3, x0=x, room=block)
            bottom = max(bottom, lay.y)
        lay.y = bottom
    for p in view["psychics"]:
        level = f" · {p['track']} ({t.lookup('levels', str(p['level']))})" \
            if p["track"] is not None else ""
        lay.line(f"{t.lookup('personas', p['persona'])}{level}", 14, chip=p["colour"])


# ---- painting -----------------------------------------------------------------------------------
def render(view: dict, t) -> bytes:
    return paint(layout(view, t), t)


def paint(lay: Layout, t) -> bytes:
    img = Image.new("RGB", (lay.width, lay.height), BG)
    d = ImageDraw.Draw(img)
    for op in lay.ops:
        if op[0] == "text":
            _, x, y, words, size, bold, colour, anchor = op
            d.text((x, y), words, fill=colour, font=font(size, bold), anchor=anchor)
        elif op[0] == "chip":
            _, x, y, size, colour = op
            d.rounded_rectangle([x, y, x + size, y + size], px(3), fill=colour,
                                outline=DIM if colour == pack.COLOURS["black"] else None)
        else:
            _paint_card(img, d, op[1], t)
    out = io.BytesIO()
    img.save(out, "PNG", compress_level=3)
    return out.getvalue()


def _title(t, card: int) -> str:
    return t.lookup("cards", str(card)).split(" ", 1)[-1]


def _paint_card(img: Image.Image, d: ImageDraw.ImageDraw, c: Placed, t) -> None:
    x, y, w, h = c.box
    picture = cards.vision_image(c.card, w) if c.kind == "vision" else \
        cards.psychic_image(c.card, w, _title(t, c.card))
    if c.struck:
        picture = Image.blend(picture, Image.new("RGB", picture.size, BG), 0.55)
    img.paste(picture, (x, y))
    frame = {"guess": GOLD, "target": GOLD, "culprit": GOLD, "found": GREEN}.get(c.mark)
    if frame:
        d.rectangle([x - px(2), y - px(2), x + w + px(1), y + h + px(1)], outline=frame,
                    width=px(3) if w >= px(GROUP) else px(2))
    if c.mark == "found":
        d.line([x + w * 0.2, y + h * 0.55, x + w * 0.42, y + h * 0.75, x + w * 0.82,
                y + h * 0.3], fill=GREEN, width=max(3, w // 12))
    if c.struck:
        inset = w // 8
        for a, b in (((x + inset, y + inset), (x + w - inset, y + h - inset)),
                     ((x + w - inset, y + inset), (x + inset, y + h - inset))):
            d.line([a, b], fill=RED, width=max(3, w // 14))
    if c.number is not None:
        r = px(15)
        d.ellipse([x - px(4), y - px(4), x - px(4) + 2 * r, y - px(4) + 2 * r],
                  fill=(240, 232, 214), outline=BG, width=px(2))
        d.text((x - px(4) + r, y - px(4) + r), str(c.number), fill=BG, font=font(px(18), True),
               anchor="mm")
    if c.mark == "guess" and w >= px(CANDIDATE):
        _tag(d, x + w // 2, y + px(4), t("ui", "guess_tag"), GOLD, BG, w)
    if c.struck and w >= px(CANDIDATE):
        _tag(d, x + w // 2, y + px(4), t("ui", "wrong_tag"), RED, INK, w)
    size = px(_label_size(round(w * DISPLAY / WIDTH)))
    top = y + h + px(3)
    colour = RED if c.struck else GOLD if c.mark in ("guess", "culprit") else INK
    for i, words in enumerate(_label_lines(c, t)):
        face = font(size if i == 0 else max(px(10), size - px(2)), i == 0)
        words = fit(words, face.size, w + px(2), i == 0)
        d.text((x + w // 2, top), words, fill=colour if i == 0 else DIM if not c.struck else RED,
               font=face, anchor="ma")
        if c.struck:
            left, _, right, _ = d.textbbox((x + w // 2, top), words, font=face, anchor="ma")
            d.line([left, top + face.size * 0.55, right, top + face.size * 0.55], fill=RED,
                   width=max(2, face.size // 8))
        top += face.size + px(3)


def _tag(d: ImageDraw.ImageDraw, cx: int, y: int, words: str, fill, ink, width: int) -> None:
    """A small banner across the top of a card ("intuition", "ruled out")."""
    face = font(px(11), True)
    words = fit(words, face.size, width - px(8))
    half = face.getlength(words) / 2 + px(5)
    d.rounded_rectangle([cx - half, y, cx + half, y + face.size + px(6)], px(3), fill=fill)
    d.text((cx, y + px(3)), words, fill=ink, font=face, anchor="ma")
