"""A picture drawn for the width Discord shows it at (about 500 px in a thread or a DM): type is
sized from the picture's real width so that every word stays at least 12 px tall there, and every
word drawn is kept (its text, size and box) so tests can check what a picture says and how large
without reading pixels. Pictures grow downwards as their contents need, cropped at the end."""
from __future__ import annotations

import io
import math
from functools import lru_cache

from PIL import Image, ImageDraw

from games.fonts import font

DISPLAY = 500   # the width Discord shows an attached picture at, about
SHOWN = 12      # the least height, in displayed pixels, of any word


class Canvas:
    def __init__(self, width: int, bg: tuple, height: int = 3000):
        self.width = width
        self.img = Image.new("RGB", (width, height), bg)
        self.d = ImageDraw.Draw(self.img)
        self.words: list[dict] = []
        self.bottom = 0
        # the least type size that still shows SHOWN px tall once scaled down to DISPLAY
        self.small = math.ceil(SHOWN * width / DISPLAY)

    def shown(self, size: int) -> float:
        """How tall type of `size` px looks where Discord shows the picture."""
        return size * DISPLAY / self.width

    def length(self, text: str, size: int, bold: bool = False) -> float:
        return _length(text, size, bold)

    def text(self, xy, text: str, size: int, fill, bold: bool = False, anchor: str = "la"):
        """Draw `text` (never below the least size) and keep it; returns its box."""
        size = max(size, self.small)
        self.d.text(xy, text, font=font(size, bold), fill=fill, anchor=anchor)
        box = self.d.textbbox(xy, text, font=font(size, bold), anchor=anchor)
        self.words.append({"text": text, "size": size, "box": box})
        self.bottom = max(self.bottom, box[3])
        return box

    def wrap(self, text: str, size: int, width: float, bold: bool = False) -> list[str]:
        """Break `text` into lines that fit `width` pixels."""
        size = max(size, self.small)
        lines, line = [], ""
        for word in text.split():
            trial = f"{line} {word}".strip()
            if line and self.length(trial, size, bold) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        return lines + [line] if line else lines

    def lines(self, x, y, text: str, size: int, fill, width: float, bold: bool = False) -> int:
        """Draw `text` wrapped to `width`; returns the y under it."""
        size = max(size, self.small)
        for line in self.wrap(text, size, width, bold):
            self.text((x, y), line, size, fill, bold)
            y += size + size // 4
        return y

    def chip(self, x, y, text: str, size: int, fill, ink, outline=None, bold=True) -> int:
        """A word on a rounded tag of colour `fill`; returns the x after it."""
        size = max(size, self.small)
        pad = size // 3
        w = self.length(text, size, bold) + 2 * pad
        self.d.rounded_rectangle((x, y, x + w, y + size + 2 * pad), pad, fill=fill,
                                 outline=outline, width=3 if outline else 1)
        self.text((x + w / 2, y + pad + size / 2), text, size, ink, bold, anchor="mm")
        self.bottom = max(self.bottom, y + size + 2 * pad)
        return int(x + w)

    def chip_width(self, text: str, size: int, bold=True) -> int:
        size = max(size, self.small)
        return int(self.length(text, size, bold) + 2 * (size // 3))

    def png(self, height: int, palette: bool = False) -> bytes:
        img = self.img.crop((0, 0, self.width, height))
        out = io.BytesIO()
        if palette:  # a palette image encodes about three times faster when colours are few
            img = img.quantize(128, method=Image.Quantize.FASTOCTREE)
        img.save(out, "PNG", compress_level=1)
        return out.getvalue()


@lru_cache(maxsize=4096)
def _length(text: str, size: int, bold: bool) -> float:
    """How wide `text` is (pictures measure the same names and labels again and again)."""
    return font(size, bold).getlength(text)
