"""Drawing the pack: a vision card from its composition in `pack.json`, a psychic card from its
design, each at any width (2:3 portrait).

Cards are rendered on first use and kept in a cache folder outside the repository
($XDG_CACHE_HOME or ~/.cache, under table/mysterium/v<generator version>): the pictures follow
from the code and the manifest, so shipping 138 PNGs would only add megabytes to every clone.
"""
from __future__ import annotations

import hashlib
import math
import os
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

from games.fonts import font
from games.mysterium import pack, shapes

SCALE = 2            # drawn at twice the size, then reduced: smooth edges without antialiasing
SIZE_SHARE = {name: share for name, (share, _) in pack.SIZES.items()}


def cache_dir() -> Path:
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return root / "table" / "mysterium" / f"v{pack.GENERATOR_VERSION}"


def rgb(name: str) -> tuple[int, int, int]:
    return pack.COLOURS[name]


def _mix(a, b, t: float) -> tuple[int, int, int]:
    return tuple(int(x + (y - x) * t) for x, y in zip(a, b))


def _gradient(size, top, bottom) -> Image.Image:
    w, h = size
    column = Image.new("RGB", (1, h))
    for y in range(h):
        column.putpixel((0, y), _mix(top, bottom, y / max(1, h - 1)))
    return column.resize((w, h))


def motif_mask(name: str, size: int) -> Image.Image:
    """A motif as a white-on-black mask of `size` pixels."""
    spec = pack.motifs()[name]
    if "shape" in spec:
        return shapes.mask_of(spec["shape"], size)
    mask = Image.new("L", (size, size), 0)
    ImageDraw.Draw(mask).text((size / 2, size / 2), spec["glyph"], fill=255,
                              font=font(int(size * 0.82)), anchor="mm")
    return mask


def _stamp(canvas: Image.Image, mask: Image.Image, centre, colour, outline, glow=None,
           angle: float = 0) -> None:
    """Paste a coloured motif with a dark outline (and a soft glow) centred at `centre`."""
    if angle:
        mask = mask.rotate(angle, resample=Image.BICUBIC, expand=True)
    edge = max(3, mask.width // 40) | 1
    thick = mask.filter(ImageFilter.MaxFilter(edge))
    x, y = int(centre[0] - mask.width / 2), int(centre[1] - mask.height / 2)
    if glow is not None:
        halo = thick.filter(ImageFilter.GaussianBlur(mask.width / 14)).point(lambda v: v * 0.8)
        canvas.paste(Image.new("RGB", mask.size, glow), (x, y), halo)
    canvas.paste(Image.new("RGB", mask.size, outline), (x, y), thick)
    canvas.paste(Image.new("RGB", mask.size, colour), (x, y), mask)


def _pattern(size, kind: str, colour, rng_seed: int) -> Image.Image:
    """A translucent background pattern (stripes, dots, checker, waves, scales, rays)."""
    w, h = size
    layer = Image.new("L", size, 0)
    d = ImageDraw.Draw(layer)
    step = w // 9
    if kind == "stripes":
        for x in range(-h, w, step):
            d.line([(x, 0), (x + h, h)], fill=110, width=step // 3)
    elif kind == "dots":
        for y in range(0, h, step):
            for x in range((y // step) % 2 * step // 2, w, step):
                d.ellipse([x - step / 5, y - step / 5, x + step / 5, y + step / 5], fill=120)
    elif kind == "checker":
        for y in range(0, h, step):
            for x in range(0, w, step):
                if (x // step + y // step) % 2:
                    d.rectangle([x, y, x + step, y + step], fill=70)
    elif kind == "waves":
        for y in range(0, h, step):
            d.line([(x, y + step / 4 * math.sin(x / step * 2)) for x in range(0, w + 4, 4)],
                   fill=120, width=max(2, step // 6))
    elif kind == "scales":
        for y in range(0, h + step, step // 2):
            for x in range((y // (step // 2)) % 2 * step // 2 - step, w + step, step):
                d.arc([x, y, x + step, y + step], 180, 360, fill=120, width=max(2, step // 10))
    else:  # rays
        cx, cy = w * (0.3 + (rng_seed % 5) / 10), h * 0.35
        for a in range(0, 360, 12):
            t = math.radians(a)
            d.polygon([(cx, cy), (cx + 2 * h * math.cos(t), cy + 2 * h * math.sin(t)),
                       (cx + 2 * h * math.cos(t + 0.1), cy + 2 * h * math.sin(t + 0.1))],
                      fill=60)
    out = Image.new("RGBA", size, colour + (0,))
    out.putalpha(layer)
    return out


def _dream_wave(img: Image.Image, amp: float, period: float) -> Image.Image:
    """Shift thin rows sideways along a sine: the dream's ripple."""
    out = img.copy()
    band = 4
    for y in range(0, img.height, band):
        dx = int(amp * math.sin(y / period))
        out.paste(img.crop((0, y, img.width, y + band)), (dx, y))
    return out


def _vignette(img: Image.Image) -> Image.Image:
    w, h = img.size
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).ellipse([-w * 0.25, -h * 0.15, w * 1.25, h * 1.15], fill=255)
    mask = mask.filter(ImageFilter.GaussianBlur(w / 8))
    dark = Image.new("RGB", (w, h), (10, 8, 16))
    return Image.composite(img, dark, mask)


def _render_vision(card: str, width: int) -> Image.Image:
    v = pack.vision(card)
    w, h = width * SCALE, width * SCALE * 3 // 2
    main, accent = rgb(v["colour"]), rgb(v["accent"])
    dark = _mix(main, (12, 10, 24), 0.55)
    img = _gradient((w, h), _mix(main, (255, 255, 255), 0.15), dark).convert("RGBA")
    img.alpha_composite(_pattern((w, h), v["pattern"], _mix(accent, (255, 255, 255), 0.3),
                                 int(card[1:])))
    img = _dream_wave(img.convert("RGB"), w / 40, h / 14)
    outline = (18, 14, 26) if v["colour"] != "black" else (230, 224, 210)
    echo = motif_mask(v["motifs"][1]["motif"], int(w * 1.1)).rotate(25, expand=False)
    echo = echo.point(lambda a: a * 0.22)           # a huge faint echo behind the dream
    img.paste(Image.new("RGB", echo.size, _mix(accent, (255, 255, 255), 0.4)),
              (int(w * 0.45 - echo.width / 2), int(h * 0.62 - echo.height / 2)), echo)
    for i, m in enumerate(reversed(v["motifs"])):      # small ones first, the big one on top
        share = SIZE_SHARE[m["size"]]
        if m["size"] == "big" and v["oddity"] == "giant":
            share *= 1.35
        if m["size"] == "big" and v["oddity"] == "tiny":
            share *= 0.75
        size = int(w * share)
        centre = (m["x"] * w, m["y"] * h)
        colour = rgb(m["colour"])
        if colour == main:
            colour = _mix(main, (255, 255, 255), 0.35)
        if m["size"] == "big" and v["oddity"] == "floating":
            ImageDraw.Draw(img).ellipse([centre[0] - size / 3, centre[1] + size / 2,
                                         centre[0] + size / 3, centre[1] + size / 2 + size / 8],
                                        fill=_mix(dark, (0, 0, 0), 0.4))
        _stamp(img, motif_mask(m["motif"], size), centre, colour, outline,
               glow=accent if m["size"] != "small" else None, angle=-m["angle"])
    img = _vignette(img)
    return img.resize((width, width * 3 // 2), Image.LANCZOS)


def _render_psychic(card: int, width: int, title: str) -> Image.Image:
    c = pack.psychic(card)
    w, h = width * SCALE, width * SCALE * 3 // 2
    main = rgb(c["colour"])
    light = _mix(main, (255, 255, 255), 0.45)
    img = _gradient((w, h), light, _mix(main, (20, 16, 24), 0.35))
    d = ImageDraw.Draw(img)
    frame = {"suspect": (176, 138, 60), "place": (96, 70, 44), "object": (150, 156, 170)}[
        c["category"]]
    d.rectangle([0, 0, w - 1, h - 1], outline=frame, width=w // 22)
    d.rectangle([w // 16, w // 16, w - w // 16, h - w // 16], outline=(30, 24, 30),
                width=max(2, w // 120))
    outline = (20, 16, 24)
    ink = _mix(main, (16, 12, 20), 0.7) if c["colour"] != "black" else (60, 56, 70)
    props = c["props"]
    if c["category"] == "suspect":        # a bust, the props around it
        d.ellipse([w * 0.33, h * 0.2, w * 0.67, h * 0.44], fill=ink)
        d.chord([w * 0.14, h * 0.42, w * 0.86, h * 0.95], 180, 360, fill=ink)
        spots = [(0.24, 0.3, 0.28), (0.78, 0.26, 0.28), (0.5, 0.7, 0.3)]
    elif c["category"] == "place":        # an arch opening onto the room
        d.rectangle([w * 0.15, h * 0.3, w * 0.85, h * 0.82], fill=ink)
        d.pieslice([w * 0.15, h * 0.12, w * 0.85, h * 0.5], 180, 360, fill=ink)
        for k in range(1, 5):
            d.line([(w * 0.5, h * 0.55), (w * (k / 5), h * 0.82)], fill=light, width=w // 150)
        spots = [(0.5, 0.4, 0.36), (0.26, 0.66, 0.24), (0.75, 0.66, 0.24)]
    else:                                 # the object itself, large, with one detail
        spots = [(0.5, 0.44, 0.7), (0.78, 0.74, 0.24)]
    for (x, y, share), name in zip(spots, props):
        colour = light if c["category"] != "object" or name != props[0] else main
        if colour == main:
            colour = _mix(main, (255, 255, 255), 0.2)
        _stamp(img, motif_mask(name, int(w * share)), (x * w, y * h), colour, outline)
    band = int(h * 0.13)
    d.rectangle([w // 16, h - w // 16 - band, w - w // 16, h - w // 16], fill=(24, 20, 28))
    size = band // 2
    while size > 8 and d.textlength(title, font=font(size, True)) > w * 0.8:
        size -= 2
    d.text((w / 2, h - w // 16 - band / 2), title, fill=(240, 232, 214),
           font=font(size, True), anchor="mm")
    r = w * 0.11
    d.ellipse([w * 0.1 - r / 2, w * 0.1 - r / 2, w * 0.1 + r * 1.2, w * 0.1 + r * 1.2],
              fill=(24, 20, 28), outline=frame, width=max(2, w // 100))
    d.text((w * 0.1 + r * 0.35, w * 0.1 + r * 0.35), str(card), fill=(255, 255, 255),
           font=font(int(r * 0.8), True), anchor="mm")
    return img.resize((width, width * 3 // 2), Image.LANCZOS)


@lru_cache(maxsize=512)
def vision_image(card: str, width: int) -> Image.Image:
    return _cached(f"{card}-{width}", lambda: _render_vision(card, width))


@lru_cache(maxsize=512)
def psychic_image(card: int, width: int, title: str) -> Image.Image:
    digest = hashlib.sha1(title.encode("utf-8")).hexdigest()[:10]   # titles differ by language
    return _cached(f"P{card:02d}-{width}-{digest}", lambda: _render_psychic(card, width, title))


def _cached(key: str, make) -> Image.Image:
    path = cache_dir() / f"{key}.png"
    if path.exists():
        try:
            with Image.open(path) as img:
                return img.convert("RGB")
        except OSError:
            pass
    img = make()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        img.save(tmp, "PNG")
        tmp.replace(path)
    except OSError:
        pass            # a read-only home only costs rendering again
    return img

