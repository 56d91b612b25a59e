"""Pictures of what a game looks like on Discord, for the README: a whole game is played through
the loopback Discord (two people and AI seats, tests/loopback/wholegame.py), then the thread
and one person's DMs are drawn roughly as Discord's dark theme draws them: messages, embeds
with their colour bar, buttons and menus (greyed when disabled), attached pictures scaled to
Discord's display width. Long conversations show their start and their end.

    .venv/bin/python bench/draw_views.py                # docs/<table>-thread.jpg, -dm.jpg
    .venv/bin/python bench/draw_views.py --games room25 --out /tmp
"""
from __future__ import annotations

import argparse
import asyncio
import io
import re
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from unittest import mock

from PIL import Image, ImageDraw

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.fonts import font  # noqa: E402
from hosting.text import Translator  # noqa: E402
from tests.loopback import Loopback  # noqa: E402
from tests.loopback.limits import BUTTON, SELECTS, walk  # noqa: E402
from tests.loopback.seen import GAME_OVER, Seen, Shown, what_people_see  # noqa: E402
from tests.loopback.wholegame import TABLES, play  # noqa: E402

WIDTH, PAD, AVATAR = 760, 16, 40
TEXT_X = PAD + AVATAR + 14
PICTURE_MAX = 400                    # Discord draws an attached picture at most this wide
BG, EMBED_BG, TEXT, MUTED, WHITE = "#313338", "#2b2d31", "#dbdee1", "#949ba4", "#f2f3f5"
BLURPLE, GREY_BUTTON, GREEN, RED, MENTION_BG = "#5865f2", "#4e5058", "#248046", "#da373c", "#3c4270"
BUTTON_COLOURS = {1: BLURPLE, 2: GREY_BUTTON, 3: GREEN, 4: RED, 5: GREY_BUTTON}
SIZE = 15
TOKENS = re.compile(r"(\*\*|<@[!&]?\d+>|<t:\d+(?::\w)?>)")


class Canvas:
    """A growing strip of the conversation: text wraps at the right margin, boxes stack."""

    def __init__(self, names: dict[int, str], now: float):
        self.names, self.now = names, now
        self.image = Image.new("RGB", (WIDTH, 4000), BG)
        self.draw = ImageDraw.Draw(self.image)
        self.y = 0
        self.line_end = (TEXT_X, 0)       # where the last line of text ended

    def grow(self, height: int) -> None:
        if self.y + height + 50 > self.image.height:
            bigger = Image.new("RGB", (WIDTH, self.image.height * 2), BG)
            bigger.paste(self.image, (0, 0))
            self.image, self.draw = bigger, ImageDraw.Draw(bigger)

    def words(self, line: str) -> list[tuple[str, bool, bool]]:
        """(word, bold, mention) pieces of one line of Discord markdown."""
        out, bold = [], False
        for token in TOKENS.split(line):
            if token == "**":
                bold = not bold
            elif token.startswith("<@"):
                name = self.names.get(int(re.sub(r"\D", "", token)), "someone")
                out.append((f"@{name}", bold, True))
            elif token.startswith("<t:"):
                out.append((self.when(int(token[3:].split(":")[0].rstrip(">"))), bold, False))
            else:
                out += [(w, bold, False) for w in re.split(r"(?<= )", token) if w]
        return out

    def when(self, stamp: float) -> str:
        seconds = int(stamp - self.now)
        if seconds <= 0:
            return f"{max(1, -seconds)} seconds ago"
        return f"in {seconds} seconds" if seconds < 120 else f"in {seconds // 60} minutes"

    def text(self, lines: list[str], x: int, right: int, size: int = SIZE,
             colour: str = TEXT, bold: bool = False) -> None:
        for line in lines:
            small = line.startswith("-# ")
            if small:
                line = line[3:]
            face_size = size - 3 if small else size
            cx, height = x, face_size + 6
            self.grow(height)
            for word, strong, mention in self.words(line):
                face = font(face_size, bold or strong)
                width = int(self.draw.textlength(word, font=face))
                if cx + width > right and cx > x:
                    cx, self.y = x, self.y + height
                    self.grow(height)
                    word = word.lstrip()
                    width = int(self.draw.textlength(word, font=face))
                if mention:
                    self.draw.rounded_rectangle((cx - 1, self.y, cx + width + 1,
                                                 self.y + height - 2), 3, fill=MENTION_BG)
                self.draw.text((cx, self.y), word, font=face,
                               fill=MUTED if small else ("#c9cdfb" if mention else colour))
                cx += width
            self.y += height
            self.line_end = (cx, self.y - height)

    def picture(self, data: bytes, x: int, max_width: int = PICTURE_MAX) -> None:
        picture = Image.open(io.BytesIO(data)).convert("RGB")
        scale = min(1.0, max_width / picture.width, 400 / picture.height)
        picture = picture.resize((max(1, int(picture.width * scale)),
                                  max(1, int(picture.height * scale))), Image.LANCZOS)
        self.grow(picture.height + 8)
        self.image.paste(picture, (x, self.y + 4))
        self.y += picture.height + 8

    def embed(self, embed: dict, pictures: dict[str, bytes]) -> None:
        """Measured on a scratch canvas first, so that its box is painted under its words."""
        scratch = Canvas(self.names, self.now)
        scratch.embed_content(embed, dict(pictures))
        top = self.y + 4
        self.grow(scratch.y + 8)
        self.draw.rounded_rectangle((TEXT_X, top, WIDTH - PAD, top + scratch.y), 4,
                                    fill=EMBED_BG)
        colour = f"#{embed.get('color') or 0x1e1f22:06x}"
        self.draw.rounded_rectangle((TEXT_X, top, TEXT_X + 4, top + scratch.y), 2, fill=colour)
        self.y = top
        self.embed_content(embed, pictures)
        self.y += 4

    def embed_content(self, embed: dict, pictures: dict[str, bytes]) -> None:
        x, right = TEXT_X + 16, WIDTH - PAD - 16
        self.y += 10
        if embed.get("author", {}).get("name"):
            self.text([embed["author"]["name"]], x, right, SIZE - 2, WHITE, True)
        if embed.get("title"):
            self.text([embed["title"]], x, right, SIZE, WHITE, True)
        self.text(embed.get("description", "").splitlines(), x, right)
        for field in embed.get("fields", []):
            if field.get("name", "\u200b") != "\u200b":
                self.text([field["name"]], x, right, SIZE - 1, WHITE, True)
            self.text(field.get("value", "").splitlines(), x, right)
        image = embed.get("image", {}).get("url", "").removeprefix("attachment://")
        if image in pictures:
            self.picture(pictures.pop(image), x, min(PICTURE_MAX, right - x))
        if embed.get("footer", {}).get("text"):
            self.y += 4
            self.text([embed["footer"]["text"]], x, right, SIZE - 3, MUTED)
        self.y += 10

    def components(self, components: list[dict]) -> None:
        """Each row's buttons side by side (wrapping like Discord's on a narrow screen), each
        menu on a row of its own."""
        self.y += 4
        for row in components:
            x = TEXT_X
            items = [c for c in walk([row]) if c.get("type") == BUTTON or c.get("type") in SELECTS]
            for item in items:
                if item["type"] == BUTTON:
                    x = self.button(item, x)
                else:
                    self.menu(item)
            self.y += 40 if items else 0

    def button(self, item: dict, x: int) -> int:
        label = " ".join(filter(None, [(item.get("emoji") or {}).get("name"), item.get("label")]))
        face = font(SIZE - 1, True)
        width = int(self.draw.textlength(label, font=face)) + 28
        if x + width > WIDTH - PAD:
            x, self.y = TEXT_X, self.y + 40
        self.grow(40)
        fill = BUTTON_COLOURS.get(item.get("style", 2), GREY_BUTTON)
        disabled = item.get("disabled")
        self.draw.rounded_rectangle((x, self.y, x + width, self.y + 32), 4,
                                    fill=_dim(fill) if disabled else fill)
        self.draw.text((x + 14, self.y + 7), label, font=face, fill=MUTED if disabled else WHITE)
        return x + width + 8

    def menu(self, item: dict) -> None:
        self.grow(48)
        right = WIDTH - PAD - 60
        self.draw.rounded_rectangle((TEXT_X, self.y, right, self.y + 38), 4, fill="#1e1f22",
                                    outline="#3f4147")
        self.draw.text((TEXT_X + 12, self.y + 10), item.get("placeholder") or "Make a selection",
                       font=font(SIZE - 1), fill=MUTED if item.get("disabled") else TEXT)
        self.draw.text((right - 28, self.y + 8), "⌄", font=font(SIZE + 2), fill=TEXT)

    def message(self, m: Shown, grouped: bool) -> None:
        if not grouped:
            self.y += 14
            self.grow(60)
            self.draw.ellipse((PAD, self.y + 2, PAD + AVATAR, self.y + 2 + AVATAR),
                              fill=BLURPLE if m.author.endswith("Bot") else "#3ba55d")
            self.draw.text((PAD + AVATAR / 2, self.y + 22), m.author[:1].upper(),
                           font=font(18, True), fill=WHITE, anchor="mm")
            name_face = font(SIZE, True)
            self.draw.text((TEXT_X, self.y), m.author, font=name_face, fill=WHITE)
            x = TEXT_X + int(self.draw.textlength(m.author, font=name_face)) + 6
            if m.author.endswith("Bot"):
                self.draw.rounded_rectangle((x, self.y + 2, x + 34, self.y + 18), 3, fill=BLURPLE)
                self.draw.text((x + 5, self.y + 3), "APP", font=font(11, True), fill=WHITE)
            self.y += SIZE + 8
        else:
            self.y += 4
        right = WIDTH - PAD
        self.text(m.content.splitlines(), TEXT_X, right)
        if m.edited and m.content:     # Discord marks an edit at the end of the text
            x, y = self.line_end
            self.draw.text((x + 5, y + 3), "(edited)", font=font(SIZE - 4), fill=MUTED)
        pictures = {p.filename: p.data for p in m.pictures}
        for e in m.embeds:
            self.embed(e, pictures)
        for data in pictures.values():
            self.picture(data, TEXT_X)
        if m.components:
            self.components(list(m.components))
        if m.pinned:
            self.text(["-# 📌 pinned"], TEXT_X, right)

    def gap(self, label: str) -> None:
        self.y += 16
        self.grow(40)
        face = font(SIZE - 2, True)
        w = self.draw.textlength(label, font=face)
        middle = self.y + 8
        self.draw.line((PAD, middle, WIDTH / 2 - w / 2 - 10, middle), fill=RED, width=1)
        self.draw.line((WIDTH / 2 + w / 2 + 10, middle, WIDTH - PAD, middle), fill=RED, width=1)
        self.draw.text((WIDTH / 2, middle), label, font=face, fill=RED, anchor="mm")
        self.y += 24

    def done(self, title: str) -> Image.Image:
        header = Image.new("RGB", (WIDTH, 48), BG)
        draw = ImageDraw.Draw(header)
        draw.text((PAD, 14), title, font=font(SIZE + 1, True), fill=WHITE)
        draw.line((0, 47, WIDTH, 47), fill="#1f2023", width=2)
        body = self.image.crop((0, 0, WIDTH, self.y + 16))
        out = Image.new("RGB", (WIDTH, header.height + body.height), BG)
        out.paste(header, (0, 0))
        out.paste(body, (0, header.height))
        return out


def _dim(colour: str) -> str:
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{(c + 0x31) // 2:02x}" for c in rgb)


def height_of(m: Shown, names: dict[int, str], now: float) -> int:
    canvas = Canvas(names, now)
    canvas.message(m, grouped=False)
    return canvas.y


def draw(messages: list[Shown], title: str, names: dict[int, str], now: float,
         head: int, tail: int, ending: int | None = None) -> Image.Image:
    """The conversation's first messages up to `head` pixels, then up to `tail` pixels from
    the message `ending` on (by default, the last ones), with how many are left out."""
    heights = [height_of(m, names, now) for m in messages]

    def fitting(indices, budget: int) -> int:
        """How many of these messages, in this order, fit in `budget` pixels."""
        used = count = 0
        for i in indices:
            used += heights[i]
            if used > budget:
                break
            count += 1
        return count

    first = fitting(range(len(messages)), head)
    if ending is None or ending < first:
        stop = len(messages)
        start = stop - fitting(range(stop - 1, first - 1, -1), tail)
    else:
        start = ending
        stop = ending + max(1, fitting(range(ending, len(messages)), tail))
    canvas = Canvas(names, now)
    for i, m in enumerate(messages[:first]):
        canvas.message(m, grouped=i > 0 and messages[i - 1].author == m.author)
    if start > first:
        canvas.gap(f"{start - first} messages later")
    for i, m in enumerate(messages[start:stop]):
        canvas.message(m, grouped=i > 0)
    if stop < len(messages):
        canvas.gap(f"{len(messages) - stop} more messages")
    return canvas.done(title)


async def whole_game(name: str, seed: int) -> Seen:
    with tempfile.TemporaryDirectory() as tmp, \
            mock.patch("hosting.host._secrets.randbelow", return_value=seed):
        async with Loopback(strict=False, timeout=120) as discord:
            thread, people = await play(discord, TABLES[name], Path(tmp) / "db.sqlite3",
                                        give_up=600)
            return what_people_see(thread, people)


def draw_game(name: str, seed: int, out: Path) -> list[Path]:
    """The thread and one person's DMs of a whole game of table `name`, as JPEG files in
    `out` (`<name>-thread.jpg`, `<name>-dm.jpg`)."""
    seen = asyncio.run(whole_game(name, seed))
    now = datetime.now(timezone.utc).timestamp()
    person = next(iter(seen.dms))
    table = TABLES[name]
    words = Translator(table.game, "en")
    title = (f"{words.lookup('meta', 'name')}, {words.lookup('modes', table.mode)}: "
             f"{table.people} people and {table.ai} AI seats")
    over = [i for i, m in enumerate(seen.thread)
            if not m.is_status and any(GAME_OVER in line for line in m.lines())]
    written = [out / f"{name}-thread.jpg", out / f"{name}-dm.jpg"]
    draw(seen.thread, f"# {title} · the thread", seen.names, now, 2600, 1400,
         over[-1] if over else None).convert("RGB").save(written[0], quality=82, optimize=True)
    draw(seen.dms[person], f"@ {person} · direct messages", seen.names, now, 2200,
         1000).convert("RGB").save(written[1], quality=82, optimize=True)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", choices=list(TABLES), default=list(TABLES))
    parser.add_argument("--seed", type=int, default=4, help="the deal")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "docs")
    args = parser.parse_args()
    for name in args.games:
        print("wrote", *draw_game(name, args.seed, args.out))


if __name__ == "__main__":
    main()
