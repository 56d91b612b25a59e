"""A PNG of the table, drawn from a view only (so it can show nothing the view hides), sized to
read on a phone where Discord shows it about 400 px wide: 480 px, one band per player (a line
with the name and what the table knows of the player, then four card slots across the whole
width, the names in type that stays about 13 px tall at 400 px). Face-down cards are grey,
dead cards dark red, revealed living cards amber; in a seat's view its own cards carry their
names inside a green frame. Tokens are symbols on the card, explained by a legend under the
table that lists only the symbols drawn."""
from __future__ import annotations

import io

from PIL import Image, ImageDraw

from games.fonts import font

WIDTH, GAP, PAD, CARD_H, NAME_H = 480, 5, 8, 70, 26
CARD_W = (WIDTH - 2 * PAD - 3 * GAP) // 4
COLOURS = {"down": (90, 90, 98), "dead": (118, 32, 32), "revealed": (170, 112, 20)}
OWN, TEXT, DIM, BG = (46, 180, 90), (245, 245, 245), (190, 190, 200), (24, 24, 30)
SYMBOLS = {"arrow": "→", "scythe": "☠", "melancholy": "☁", "celda": "▦", "paciencia": "◷",
           "chip": "♦", "flames": "♨", "director": "★", "pandora": "◆", "coma": "☾",
           "transplant": "✚", "awake": "☀", "lob": "✂"}


def _wrap(draw, text: str, width: int, fnt, lines: int) -> list[str]:
    out, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if draw.textlength(trial, font=fnt) <= width or not line:
            line = trial
        else:
            out.append(line)
            line = word
    out.append(line)
    if len(out) > lines:
        out = out[:lines]
        while out[-1] and draw.textlength(out[-1] + "…", font=fnt) > width:
            out[-1] = out[-1][:-1]
        out[-1] += "…"
    return out


def _fitted(draw, text: str, width: int) -> tuple[list[str], object, int]:
    """A card's name in the largest type (17 px down to 13) in which it fits three lines with
    no word cut; the smallest otherwise."""
    for size in (17, 15, 13):
        fnt = font(size, bold=True)
        lines = _wrap(draw, text, width, fnt, 3)
        if all(draw.textlength(line, font=fnt) <= width for line in lines) and \
                not lines[-1].endswith("…"):
            return lines, fnt, size
    return lines, fnt, size


def _marks(slot) -> list[tuple[str, str]]:
    """(symbol, legend key) for each token on a card; a watchmaker number shows itself."""
    out = []
    for k in slot["tokens"]:
        if k.startswith("number_"):
            out.append((k.split("_")[1], "tok_number"))
        else:
            out.append((SYMBOLS.get(k, "?"), "tok_" + k))
    if slot["awake"]:
        out.append((SYMBOLS["awake"], "tok_awake"))
    if slot.get("lob"):
        out.append((SYMBOLS["lob"], "tok_lob"))
    return out


def _about(p: dict, t) -> str:
    """What the table knows of a player beside their cards, for the name line."""
    facts = []
    if p.get("personality"):
        facts.append(t.lookup("cards", p["personality"]))
    if p["out"]:
        facts.append(t("views", "out_word"))
    return " · ".join(facts)


def render(view: dict, t) -> bytes:
    players = view["players"]
    me = view.get("me")
    mine = {c["pos"]: c["card"] for c in me["cards"] if c["pos"] > 0} if me else {}
    small, label, bold, symbols = font(15), font(17, bold=True), font(19, bold=True), font(21)
    scratch = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    used: dict[str, str] = {}
    band = NAME_H + CARD_H + GAP * 2
    top = 38
    legend_keys = _legend_rows(view, players, used)
    legend = _legend_lines(scratch, t, used, small)
    img = Image.new("RGB", (WIDTH, top + band * len(players) + 70 + 22 * len(legend)), BG)
    draw = ImageDraw.Draw(img)
    title = t("views", "header", phase=t("phases", view["phase"]), round=view["round"])
    if me:
        title += " · " + t("views", "picture_of", seat=me["seat"])
    draw.text((PAD, 8), _wrap(draw, title, WIDTH - 2 * PAD, bold, 1)[0], fill=TEXT, font=bold)
    for i, p in enumerate(players):
        y = top + i * band
        name = _wrap(draw, t.seat_name(p["seat"]), WIDTH // 2, label, 1)[0]
        draw.text((PAD, y), name, fill=DIM if p["out"] else TEXT, font=label)
        about = _about(p, t)
        if about:
            x = PAD + draw.textlength(name, font=label) + 12
            draw.text((x, y + 2), _wrap(draw, about, WIDTH - PAD - x, small, 1)[0], fill=DIM,
                      font=small)
        y += NAME_H
        own = me is not None and p["seat"] == me["seat"]
        for slot in p["cards"]:
            x = PAD + (slot["pos"] - 1) * (CARD_W + GAP)
            draw.rounded_rectangle([x, y, x + CARD_W, y + CARD_H], 6,
                                   fill=COLOURS[slot["state"]], outline=OWN if own else None,
                                   width=3 if own else 1)
            card = slot["card"] or (mine.get(slot["pos"]) if own else None)
            if card:
                lines, fnt, size = _fitted(draw, t.lookup("cards", card), CARD_W - 10)
                for j, line in enumerate(lines):
                    draw.text((x + 5, y + 3 + (size + 2) * j), line, fill=TEXT, font=fnt)
            else:   # a face-down card: its position, large and quiet
                draw.text((x + CARD_W // 2, y + CARD_H // 2 - 6), "#%d" % slot["pos"],
                          fill=DIM, font=font(22, bold=True), anchor="mm")
            marks = " ".join(sym for sym, _ in _marks(slot))
            if marks:
                draw.text((x + 5, y + CARD_H - 25), marks, fill=TEXT, font=symbols)
    y = top + band * len(players) + 4
    y = _colour_legend(draw, t, y, small, legend_keys)
    for line in legend:
        draw.text((PAD, y), line, fill=DIM, font=small)
        y += 22
    out = io.BytesIO()
    img.crop((0, 0, WIDTH, y + PAD)).save(out, "PNG", optimize=False)
    return out.getvalue()


def _legend_rows(view, players, used) -> list[str]:
    """The colour keys the picture needs, and (filled into `used`) every symbol drawn."""
    states = {slot["state"] for p in players for slot in p["cards"]}
    for p in players:
        for slot in p["cards"]:
            for sym, key in _marks(slot):
                used.setdefault(key, sym if key != "tok_number" else "1-4")
    keys = [s for s in ("down", "dead", "revealed") if s in states]
    return keys + (["own"] if view.get("me") else [])


def _colour_legend(draw, t, y, fnt, keys) -> int:
    x = PAD
    for key in keys:
        text = t("views", "legend_" + key)
        if x + 16 + draw.textlength(text, font=fnt) > WIDTH - PAD:
            x, y = PAD, y + 22
        if key == "own":
            draw.rectangle([x, y + 2, x + 14, y + 16], outline=OWN, width=2)
        else:
            draw.rectangle([x, y + 2, x + 14, y + 16], fill=COLOURS[key])
        draw.text((x + 19, y), text, fill=DIM, font=fnt)
        x += 19 + draw.textlength(text, font=fnt) + 16
    return y + 24


def _legend_lines(draw, t, used, fnt) -> list[str]:
    items = [f"{sym} {t('views', key)}" for key, sym in used.items()]
    lines, line = [], ""
    for item in items:
        trial = f"{line}   {item}" if line else item
        if draw.textlength(trial, font=fnt) <= WIDTH - 2 * PAD:
            line = trial
        else:
            lines.append(line)
            line = item
    return lines + ([line] if line else [])
