"""The whole pack on one image (`python bot.py cards mysterium --sheet FILE`), so people can
judge the cards: 84 visions, then the 18 suspects, 18 places and 18 objects with their titles."""
from __future__ import annotations

from PIL import Image, ImageDraw

from games.fonts import font
from games.mysterium import cards, pack
from hosting.text import Translator

VISION_W, PSYCHIC_W, GAP, COLUMNS = 112, 76, 8, 14


def render(lang: str = "en") -> Image.Image:
    t = Translator("mysterium", lang)
    visions = pack.vision_ids()
    psychic = [c["id"] for c in pack.load()["psychic"]]
    v_rows = -(-len(visions) // COLUMNS)
    width = GAP + COLUMNS * (VISION_W + GAP)
    p_cols = (width - GAP) // (PSYCHIC_W + GAP)
    p_rows = -(-len(psychic) // p_cols)
    height = 60 + v_rows * (VISION_W * 3 // 2 + GAP) + 40 + p_rows * (PSYCHIC_W * 3 // 2 + GAP)
    sheet = Image.new("RGB", (width, height + GAP), (22, 20, 30))
    d = ImageDraw.Draw(sheet)
    d.text((GAP, 14), f"Mysterium — {len(visions)} visions, {len(psychic)} psychic cards "
                      f"(generator v{pack.GENERATOR_VERSION})", fill=(236, 230, 216),
           font=font(24, True))
    y0 = 60
    for i, v in enumerate(visions):
        x = GAP + (i % COLUMNS) * (VISION_W + GAP)
        y = y0 + (i // COLUMNS) * (VISION_W * 3 // 2 + GAP)
        sheet.paste(cards.vision_image(v, VISION_W), (x, y))
        d.text((x + 4, y + 4), v, fill=(255, 255, 255), font=font(12, True),
               stroke_width=2, stroke_fill=(0, 0, 0))
    y0 += v_rows * (VISION_W * 3 // 2 + GAP) + 40
    for i, c in enumerate(psychic):
        x = GAP + (i % p_cols) * (PSYCHIC_W + GAP)
        y = y0 + (i // p_cols) * (PSYCHIC_W * 3 // 2 + GAP)
        title = t.lookup("cards", str(c)).split(" ", 1)[-1]
        sheet.paste(cards.psychic_image(c, PSYCHIC_W, title), (x, y))
    return sheet


def write(path: str, lang: str = "en") -> None:
    """PNG or JPEG by the file's extension (JPEG keeps the README's copy small)."""
    image = render(lang)
    if path.lower().endswith((".jpg", ".jpeg")):
        image.save(path, quality=82)
    else:
        image.save(path)
