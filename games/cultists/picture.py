"""The map as a picture (Pillow, the bundled font): rooms in their colours, explored or not,
books, deck sizes, Cultist tokens, characters (ghosts hollow), the Fish Man, the Portal, power,
the vote token, the round and the score. A seat's picture adds only what that seat knows."""
from __future__ import annotations

import io
import math

from PIL import Image, ImageDraw

from games.cultists import data
from games.fonts import font

W, H = 980, 880
CX, CY = 490, 410
HALF = 68  # half a room box's width
FILL = {"dark_blue": (40, 60, 140), "pink": (220, 120, 170), "orange": (235, 140, 50),
        "light_blue": (120, 190, 230), "red": (200, 50, 50), "green": (60, 160, 80)}
DOTS = [(240, 240, 240), (250, 210, 60), (120, 220, 120), (120, 200, 250), (240, 120, 120),
        (200, 140, 240), (250, 160, 80), (160, 160, 160), (90, 230, 200)]


def spot(loc: dict) -> tuple[int, int]:
    if loc["angle"] is None:
        return CX, CY
    rx, ry = (410, 290) if loc["kind"] == "room" else (175, 150)
    a = math.radians(loc["angle"])
    return int(CX + rx * math.sin(a)), int(CY - ry * math.cos(a))


def render(view: dict, t) -> bytes:
    lay = data.layout(view["layout"])
    img = Image.new("RGB", (W, H), (24, 24, 30))
    d = ImageDraw.Draw(img)
    small, mid, big = font(13), font(13, bold=True), font(20, bold=True)
    for a, b in lay["edges"]:
        d.line([spot(lay["loc"][a]), spot(lay["loc"][b])], fill=(90, 90, 100), width=3)
    for x, loc in lay["loc"].items():
        px, py = spot(loc)
        if loc["kind"] == "corridor":
            fish = view["fish_man"] == x
            d.ellipse([px - 58, py - 22, px + 58, py + 22], fill=(60, 60, 70),
                      outline=(60, 200, 200) if fish else (130, 130, 140), width=3 if fish else 1)
            d.text((px, py - 7), t.lookup("pic_places", x), font=small,
                   fill=(220, 220, 220), anchor="mm")
            if fish:
                d.text((px, py + 9), t("views_pic", "fish"), font=small,
                       fill=(60, 220, 220), anchor="mm")
            continue
        room = view["rooms"][x]
        colour = FILL[loc["color"]]
        if not room["explored"]:
            colour = tuple(c // 2 for c in colour)
        d.rounded_rectangle([px - HALF, py - 34, px + HALF, py + 34], 8, fill=colour,
                            outline=(255, 255, 255) if room["explored"] else (110, 110, 110),
                            width=2)
        d.text((px, py - 20), t.lookup("pic_places", x), font=mid,
               fill=(255, 255, 255), anchor="mm")
        state = ("finished" if room["finished"] else "explored" if room["explored"] else "closed")
        d.text((px, py - 3), t.lookup("room_states", state) + (" ⚠" if room["hazard"] else ""),
               font=small, fill=(240, 240, 240), anchor="mm")
        d.text((px, py + 13), t("views_pic", "room_line", books=room["books"], deck=room["deck"]),
               font=small, fill=(240, 240, 240), anchor="mm")
        if room["cultist"]:
            d.rectangle([px + HALF - 18, py - 34, px + HALF, py - 16], fill=(0, 0, 0),
                        outline=(255, 0, 0))
            d.text((px + HALF - 9, py - 25), "C", font=small, fill=(255, 60, 60), anchor="mm")
        if loc["special"] == "PORTAL" and view["portal"]["open"]:
            d.ellipse([px - 84, py - 44, px + 84, py + 44], outline=(180, 255, 120), width=3)
        if loc["special"] == "DINING":
            d.text((px, py - 46), t("views_pic", "vote_on" if view["vote_token"] else "vote_off"),
                   font=small, fill=(220, 220, 220), anchor="mm")
        if loc["special"] == "SECURITY":
            d.text((px, py - 46), t("views", "power_on" if view["power"] else "power_off"),
                   font=small, fill=(250, 230, 90) if view["power"] else (150, 150, 150),
                   anchor="mm")
    here: dict[str, list] = {}
    for i, c in enumerate(view["chars"]):
        here.setdefault(c["place"], []).append((i, c))
    for place, group in here.items():
        px, py = spot(lay["loc"][place])
        for k, (i, c) in enumerate(group):
            x = px - 8 * (len(group) - 1) + 16 * k
            y = py + (44 if lay["loc"][place]["kind"] == "room" else 30)
            colour = DOTS[i % len(DOTS)]
            d.ellipse([x - 7, y - 7, x + 7, y + 7], fill=None if c["ghost"] else colour,
                      outline=colour, width=2)
    y = H - 110
    for i, c in enumerate(view["chars"]):
        colour = DOTS[i % len(DOTS)]
        x = 20 + (i % 3) * 310
        row = y + (i // 3) * 22
        d.ellipse([x, row + 3, x + 12, row + 15], fill=None if c["ghost"] else colour,
                  outline=colour, width=2)
        label = t.seat_name(c["char"]) + (t("views_pic", "knife") if c["knife"] else "") + t(
            "views_pic", "pulse", n=c["pulse"]) + (f" · {t.lookup('roles', c['role'])}"
                                                   if c["role"] else "")
        d.text((x + 18, row), label[:40], font=small, fill=(230, 230, 230))
    top = t("views_pic", "top", round=view["round"], phase=t.lookup("phases", view["phase"]),
            vp=view["vp"], target=view["target"])
    d.text((20, 16), top, font=big, fill=(255, 255, 255))
    if view["event"] or view["effect"]:
        d.text((20, 44), t.lookup("tokens", view["event"] or view["effect"]), font=mid,
               fill=(230, 200, 120))
    if view["portal"]["open"]:
        d.text((W - 20, 44), t("views", "portal", deadline=view["portal"]["deadline"]), font=small,
               fill=(180, 255, 120), anchor="ra")
    if "me" in view:
        me = view["me"]
        mine = t("views", "my_route", colours=me["route"][me["line"]])
        if "cultists" in me:
            mine += " · " + t("views", "known_cultists", chars=me["cultists"] or ["—"])
        d.text((20, H - 28), mine, font=small, fill=(250, 220, 160))
    out = io.BytesIO()
    # A palette image encodes three times faster than RGB and the map has few colours.
    img.quantize(128, method=Image.Quantize.FASTOCTREE).save(out, "PNG", compress_level=1)
    return out.getvalue()
