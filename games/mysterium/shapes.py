"""The motifs we draw ourselves, as white-on-black masks: each function draws one object in a
100 x 100 box (a `Pen` scales it to the mask's size). Holes are drawn in black. The card
renderer colours, outlines, rotates and places the masks."""
from __future__ import annotations

import math

from PIL import Image, ImageDraw

ON, OFF = 255, 0


class Pen:
    """ImageDraw over a 100-unit box, with the few strokes the motifs need."""

    def __init__(self, size: int):
        self.image = Image.new("L", (size, size), 0)
        self.draw = ImageDraw.Draw(self.image)
        self.k = size / 100

    def _p(self, pts):
        return [(x * self.k, y * self.k) for x, y in pts]

    def poly(self, pts, fill=ON):
        self.draw.polygon(self._p(pts), fill=fill)

    def rect(self, x0, y0, x1, y1, fill=ON):
        self.draw.rectangle(self._p([(x0, y0), (x1, y1)]), fill=fill)

    def oval(self, x0, y0, x1, y1, fill=ON):
        self.draw.ellipse(self._p([(x0, y0), (x1, y1)]), fill=fill)

    def ring(self, x0, y0, x1, y1, width):
        self.draw.ellipse(self._p([(x0, y0), (x1, y1)]), outline=ON,
                          width=max(1, int(width * self.k)))

    def line(self, pts, width, fill=ON):
        self.draw.line(self._p(pts), fill=fill, width=max(1, int(width * self.k)), joint="curve")

    def arc(self, x0, y0, x1, y1, start, end, width):
        self.draw.arc(self._p([(x0, y0), (x1, y1)]), start, end, fill=ON,
                      width=max(1, int(width * self.k)))


def _wave(x0, x1, y, amp, periods, steps=40):
    return [(x0 + (x1 - x0) * i / steps,
             y + amp * math.sin(periods * 2 * math.pi * i / steps)) for i in range(steps + 1)]


def key(p):
    p.ring(8, 30, 44, 66, 9)
    p.rect(42, 44, 94, 52)
    p.rect(78, 52, 84, 66)
    p.rect(88, 52, 94, 62)


def candle(p):
    p.rect(38, 38, 62, 92)
    p.oval(30, 86, 70, 96)
    p.poly([(50, 6), (60, 24), (56, 34), (44, 34), (40, 24)])
    p.line([(50, 34), (50, 40)], 3, OFF)


def clock(p):
    p.oval(8, 8, 92, 92)
    p.oval(16, 16, 84, 84, OFF)
    for h in range(12):
        a = h * math.pi / 6
        p.line([(50 + 28 * math.cos(a), 50 + 28 * math.sin(a)),
                (50 + 33 * math.cos(a), 50 + 33 * math.sin(a))], 4)
    p.line([(50, 50), (50, 24)], 6)
    p.line([(50, 50), (68, 60)], 5)


def ladder(p):
    p.rect(22, 4, 30, 96)
    p.rect(70, 4, 78, 96)
    for y in range(14, 96, 16):
        p.rect(30, y, 70, y + 6)


def stairs(p):
    p.poly([(4, 96), (4, 80), (24, 80), (24, 62), (44, 62), (44, 44), (64, 44), (64, 26),
            (84, 26), (84, 8), (96, 8), (96, 96)])


def door(p):
    p.rect(22, 30, 78, 96)
    p.oval(22, 6, 78, 56)
    p.rect(30, 36, 70, 96, OFF)
    p.oval(30, 14, 70, 52, OFF)
    p.oval(58, 60, 66, 68)


def window(p):
    p.rect(14, 10, 86, 90)
    p.rect(20, 16, 48, 46, OFF)
    p.rect(52, 16, 80, 46, OFF)
    p.rect(20, 52, 48, 84, OFF)
    p.rect(52, 52, 80, 84, OFF)


def bird(p):
    p.poly([(2, 40), (30, 30), (50, 50), (70, 30), (98, 40), (70, 42), (50, 64), (30, 42)])


def crow(p):
    p.oval(24, 34, 74, 70)
    p.oval(60, 22, 84, 46)
    p.poly([(82, 30), (98, 36), (82, 40)])
    p.poly([(26, 52), (2, 70), (30, 64)])
    p.poly([(30, 40), (56, 16), (64, 44)])
    p.line([(44, 68), (40, 90)], 3)
    p.line([(56, 68), (60, 90)], 3)
    p.oval(72, 30, 76, 34, OFF)


def fish(p):
    p.oval(16, 28, 76, 72)
    p.poly([(70, 50), (98, 24), (92, 50), (98, 76)])
    p.oval(24, 40, 32, 48, OFF)
    for x in (44, 54, 64):
        p.arc(x - 8, 36, x + 8, 64, 300, 60, 2)


def eye(p):
    p.poly([(2, 50), (25, 28), (50, 20), (75, 28), (98, 50), (75, 72), (50, 80), (25, 72)])
    p.oval(30, 30, 70, 70, OFF)
    p.oval(38, 38, 62, 62)
    p.oval(46, 42, 54, 50, OFF)


def spiral(p):
    pts = [(50 + (2 + 1.4 * t) * math.cos(t * 0.5), 50 + (2 + 1.4 * t) * math.sin(t * 0.5))
           for t in range(0, 60)]
    p.line(pts, 6)


def waves(p):
    for y in (25, 50, 75):
        p.line(_wave(2, 98, y, 8, 2), 7)


def tree(p):
    p.rect(44, 60, 56, 96)
    p.oval(16, 24, 60, 66)
    p.oval(40, 18, 84, 60)
    p.oval(28, 4, 72, 44)


def wool(p):
    p.oval(12, 12, 88, 88)
    for off in (-20, -6, 8, 22):
        p.arc(12 + off, 4, 88 + off, 96, 200, 330, 2.5)
    p.line(_wave(80, 99, 78, 4, 1) + [(99, 96)], 3)


def dagger(p):
    p.poly([(50, 2), (60, 20), (58, 62), (42, 62), (40, 20)])
    p.rect(26, 62, 74, 70)
    p.rect(45, 70, 55, 90)
    p.oval(42, 88, 58, 100)


def rope(p):
    pts = [(50 + 30 * math.sin(t / 6), 4 + t * 1.5) for t in range(0, 62)]
    p.line(pts, 8)
    p.ring(30, 2, 70, 30, 6)


def bottle(p):
    p.rect(42, 4, 58, 14)
    p.rect(44, 14, 56, 34)
    p.poly([(44, 34), (56, 34), (76, 50), (76, 96), (24, 96), (24, 50)])
    p.rect(32, 58, 68, 78, OFF)
    p.poly([(40, 72), (50, 62), (60, 72), (50, 76)])


def book(p):
    p.poly([(4, 24), (48, 16), (50, 86), (4, 92)])
    p.poly([(52, 16), (96, 24), (96, 92), (50, 86)])
    for y in (34, 46, 58, 70):
        p.line([(12, y), (42, y - 4)], 2, OFF)
        p.line([(58, y - 4), (88, y)], 2, OFF)


def mirror(p):
    p.oval(18, 2, 82, 72)
    p.oval(26, 10, 74, 64, OFF)
    p.arc(32, 16, 60, 50, 190, 250, 3)
    p.rect(44, 70, 56, 98)


def mask(p):
    p.poly([(4, 30), (30, 22), (50, 30), (70, 22), (96, 30), (90, 56), (64, 70), (50, 60),
            (36, 70), (10, 56)])
    p.oval(18, 34, 40, 50, OFF)
    p.oval(60, 34, 82, 50, OFF)
    p.line([(96, 30), (98, 90)], 3)


def tophat(p):
    p.rect(26, 8, 74, 76)
    p.oval(4, 70, 96, 90)
    p.rect(26, 58, 74, 66, OFF)


def bell(p):
    p.poly([(50, 8), (66, 18), (72, 60), (88, 80), (12, 80), (28, 60), (34, 18)])
    p.oval(42, 78, 58, 94)
    p.ring(44, 0, 56, 12, 3)


def cake(p):
    p.rect(16, 56, 84, 90)
    p.rect(26, 30, 74, 56)
    p.line(_wave(16, 84, 62, 3, 3), 3, OFF)
    p.line(_wave(26, 74, 36, 3, 2), 3, OFF)
    p.rect(47, 12, 53, 30)
    p.oval(45, 2, 55, 12)


def plate(p):
    p.oval(4, 20, 96, 80)
    p.oval(20, 30, 80, 70, OFF)
    p.ring(26, 34, 74, 66, 3)


def spoon(p):
    p.oval(34, 2, 66, 42)
    p.rect(46, 38, 54, 98)


def cage(p):
    p.arc(14, 4, 86, 60, 180, 360, 5)
    for x in range(14, 90, 12):
        p.line([(x, 32 if 20 < x < 80 else 36), (x, 90)], 3)
    p.rect(8, 88, 92, 96)
    p.ring(44, 0, 56, 10, 3)


def chain(p):
    for i in range(4):
        x = 4 + i * 22
        if i % 2:
            p.ring(x, 40, x + 30, 60, 5)
        else:
            p.ring(x, 32, x + 30, 68, 6)


def feather(p):
    p.poly([(88, 4), (60, 30), (34, 62), (14, 90), (40, 70), (70, 44)])
    p.poly([(88, 4), (64, 48), (30, 78), (14, 90), (26, 60), (54, 24)])
    p.line([(90, 2), (10, 96)], 2, OFF)


def web(p):
    for a in range(8):
        t = a * math.pi / 4
        p.line([(50, 50), (50 + 48 * math.cos(t), 50 + 48 * math.sin(t))], 2)
    for r in (12, 24, 36, 46):
        pts = [(50 + r * math.cos(a * math.pi / 4), 50 + r * math.sin(a * math.pi / 4))
               for a in range(9)]
        p.line(pts, 2)


def cat(p):
    p.oval(22, 40, 78, 96)
    p.oval(28, 14, 72, 56)
    p.poly([(30, 30), (32, 2), (48, 20)])
    p.poly([(70, 30), (68, 2), (52, 20)])
    p.oval(36, 28, 46, 38, OFF)
    p.oval(54, 28, 64, 38, OFF)
    p.line(_wave(76, 98, 86, 4, 1), 5)


def snake(p):
    p.line(_wave(4, 86, 56, 18, 1.5, 60), 9)
    p.oval(78, 24, 98, 42)
    p.line([(98, 34), (100, 30)], 2)


def lantern(p):
    p.ring(40, 0, 60, 16, 3)
    p.rect(30, 14, 70, 22)
    p.rect(26, 22, 74, 84)
    p.rect(34, 30, 66, 76, OFF)
    p.poly([(50, 38), (58, 56), (50, 70), (42, 56)])
    p.rect(22, 84, 78, 94)


def needle(p):
    p.poly([(90, 6), (96, 12), (14, 96), (8, 92)])
    p.oval(80, 8, 90, 18, OFF)
    p.line(_wave(4, 60, 20, 10, 1.5), 2)


def crown(p):
    p.poly([(8, 84), (8, 30), (30, 56), (50, 16), (70, 56), (92, 30), (92, 84)])
    for x in (8, 50, 92):
        p.oval(x - 6, 10 if x == 50 else 24, x + 6, 22 if x == 50 else 36)
    p.oval(42, 62, 58, 76, OFF)


def horseshoe(p):
    p.arc(10, 10, 90, 90, 150, 390, 16)
    for a in (170, 200, 230, 310, 340, 370):
        t = math.radians(a)
        p.oval(50 + 32 * math.cos(t) - 3, 50 + 32 * math.sin(t) - 3,
               50 + 32 * math.cos(t) + 3, 50 + 32 * math.sin(t) + 3, OFF)


def coin(p):
    p.oval(8, 8, 92, 92)
    p.ring(18, 18, 82, 82, 3)
    p.draw.ellipse(p._p([(18, 18), (82, 82)]), outline=OFF, width=max(1, int(3 * p.k)))
    p.poly([(50, 26), (56, 44), (74, 44), (60, 56), (66, 74), (50, 62), (34, 74), (40, 56),
            (26, 44), (44, 44)], OFF)


def egg(p):
    p.oval(22, 6, 78, 94)
    p.line(_wave(26, 74, 56, 5, 2), 3, OFF)


def pistol(p):
    p.rect(4, 22, 72, 38)
    p.poly([(56, 22), (96, 26), (92, 78), (70, 82), (72, 40)])
    p.arc(40, 30, 70, 62, 0, 180, 4)
    p.rect(0, 18, 10, 24)


DRAWN = {f.__name__: f for f in (
    key, candle, clock, ladder, stairs, door, window, bird, crow, fish, eye, spiral, waves, tree,
    wool, dagger, rope, bottle, book, mirror, mask, tophat, bell, cake, plate, spoon, cage, chain,
    feather, web, cat, snake, lantern, needle, crown, horseshoe, coin, egg, pistol)}


def mask_of(name: str, size: int) -> Image.Image:
    pen = Pen(size)
    DRAWN[name](pen)
    return pen.image
