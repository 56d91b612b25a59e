"""The card pack: 84 vision cards and 54 psychic cards, each with ground-truth weighted tags.

Nothing here is drawn by hand: a vision card is a composition of motifs from
`data/mysterium/motifs.json` (glyphs of the bundled font or shapes of `shapes.py`) placed by a
seeded generator, and its tags are its motifs' tags scaled by how large each is drawn. Because the
generator knows what it put in every picture, the bot Ghost can reason about the cards.

`build()` is deterministic for a given GENERATOR_VERSION; `data/mysterium/pack.json` is its
output, checked in so people can read the tags, and a test regenerates it to prove they agree.
Run `python -m games.mysterium.pack` after changing the motifs or the generator.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from games.rng import Rng

DATA = Path(__file__).resolve().parent.parent.parent / "data" / "mysterium"
GENERATOR_VERSION = 1
VISIONS = 84
# Palette of the pack: tag name -> RGB. Every card has one dominant colour from here.
COLOURS = {
    "red": (196, 40, 48), "orange": (232, 128, 36), "yellow": (240, 206, 60),
    "green": (52, 150, 72), "blue": (46, 96, 196), "purple": (124, 62, 168),
    "pink": (232, 120, 170), "white": (236, 232, 222), "black": (28, 26, 34),
    "gold": (212, 168, 56), "silver": (168, 176, 188), "brown": (128, 80, 44),
}
PATTERNS = ("stripes", "dots", "checker", "waves", "scales", "rays")
# How large a motif is drawn (share of the card's width) and how much of its tags it carries.
SIZES = {"big": (0.6, 1.0), "medium": (0.34, 0.6), "small": (0.2, 0.3)}
STRONG = 0.5           # a tag at least this heavy is one a person notices at once
COVERAGE = 6           # every psychic card's prop motif appears on at least this many visions
ODDITIES = ("upside-down", "floating", "giant", "tiny")


@lru_cache(maxsize=1)
def motifs() -> dict[str, dict]:
    raw = json.loads((DATA / "motifs.json").read_text(encoding="utf-8"))
    return {k: v for k, v in raw.items() if not k.startswith("_")}


@lru_cache(maxsize=1)
def psychic_designs() -> list[dict]:
    return json.loads((DATA / "psychic_cards.json").read_text(encoding="utf-8"))["cards"]


def _merge(tags: dict[str, float], more: dict[str, float], scale: float) -> None:
    """Add a motif's tags at `scale`; a tag seen twice keeps its strongest showing."""
    for tag, weight in more.items():
        tags[tag] = round(max(tags.get(tag, 0.0), weight * scale), 3)


def psychic_card(design: dict) -> dict:
    """A psychic card's manifest entry: the design plus its tags."""
    tags: dict[str, float] = {f"color:{design['colour']}": 1.0}
    for prominence, name in zip((1.0, 0.8, 0.7), design["props"]):
        _merge(tags, motifs()[name]["tags"], prominence)
    if design["extra"]:
        tags[design["extra"]] = 1.0
    return {"id": design["id"], "category": design["category"], "colour": design["colour"],
            "props": design["props"], "tags": dict(sorted(tags.items()))}


def _vision(rng: Rng, number: int, colour: str, required: list[str]) -> dict:
    """One dream: a gradient in its dominant colour, a pattern, one big motif, two medium and
    three or four small ones (the motifs the coverage plan assigned it first), one oddity."""
    names = sorted(motifs())
    chosen = list(dict.fromkeys(required))
    while len(chosen) < 6 + rng.below(2):
        pick = names[rng.below(len(names))]
        if pick not in chosen:
            chosen.append(pick)
    rng.shuffle(chosen)
    accent = rng.choice([c for c in sorted(COLOURS) if c != colour])
    pattern = PATTERNS[rng.below(len(PATTERNS))]
    oddity = ODDITIES[rng.below(len(ODDITIES))]
    placed = []
    for i, name in enumerate(chosen):
        size = "big" if i == 0 else "medium" if i < 3 else "small"
        spread = 0.4 if size == "big" else 0.7     # the big motif stays whole on the card
        placed.append({
            "motif": name, "size": size,
            "x": round(0.5 - spread / 2 + spread * rng.below(1000) / 1000, 3),
            "y": round(0.5 - spread / 2 + spread * rng.below(1000) / 1000, 3),
            "angle": (rng.below(7) - 3) * 15 + (180 if size == "big" and oddity == "upside-down"
                                                  else 0),
            "colour": accent if i % 3 == 1 else colour if i % 3 == 0 else "white",
        })
    if placed[0]["colour"] == "white" or colour == "white":
        placed[0]["colour"] = colour if colour != "white" else accent
    tags: dict[str, float] = {f"color:{colour}": 1.0, f"color:{accent}": 0.5,
                              f"pattern:{pattern}": 0.4, f"composition:{oddity}": 0.5}
    for item in placed:
        _merge(tags, motifs()[item["motif"]]["tags"], SIZES[item["size"]][1])
    return {"id": f"V{number:02d}", "colour": colour, "accent": accent, "pattern": pattern,
            "oddity": oddity, "motifs": placed, "alt": _alt(colour, accent, placed),
            "tags": dict(sorted(tags.items()))}


def _alt(colour: str, accent: str, placed: list[dict]) -> str:
    big, *rest = placed
    return (f"A {colour} dream with {accent} light: a large {big['motif']} among "
            + ", ".join(p["motif"] for p in rest[:-1]) + f" and {rest[-1]['motif']}.")


def _coverage_plan(rng: Rng) -> list[list[str]]:
    """Which motifs each vision must show so that every psychic card's props appear on at least
    COVERAGE visions: each prop motif is dealt round the deck that many times."""
    props = sorted({p for d in psychic_designs() for p in d["props"]})
    slots = [m for m in props for _ in range(COVERAGE)]
    rng.shuffle(slots)
    plan: list[list[str]] = [[] for _ in range(VISIONS)]
    for i, motif in enumerate(slots):
        card = i % VISIONS
        while motif in plan[card]:
            card = (card + 1) % VISIONS
        plan[card].append(motif)
    return plan


def build() -> dict:
    rng = Rng({"rng": Rng.seed(GENERATOR_VERSION)})
    plan = _coverage_plan(rng)
    colours = sorted(COLOURS)
    visions = [_vision(rng, i + 1, colours[i % len(colours)], plan[i]) for i in range(VISIONS)]
    return {
        "generator_version": GENERATOR_VERSION,
        "licence": "See data/mysterium/LICENSES.md: drawn by this project's code; glyphs of "
                   "DejaVu Sans (Bitstream Vera licence).",
        "visions": visions,
        "psychic": [psychic_card(d) for d in psychic_designs()],
    }


@lru_cache(maxsize=1)
def load() -> dict:
    """The shipped manifest."""
    return json.loads((DATA / "pack.json").read_text(encoding="utf-8"))


def vision_tags(card: str) -> dict[str, float]:
    return _vision_index()[card]["tags"]


def psychic_tags(card: int) -> dict[str, float]:
    return _psychic_index()[card]["tags"]


@lru_cache(maxsize=1)
def _vision_index() -> dict[str, dict]:
    return {v["id"]: v for v in load()["visions"]}


@lru_cache(maxsize=1)
def _psychic_index() -> dict[int, dict]:
    return {c["id"]: c for c in load()["psychic"]}


def vision(card: str) -> dict:
    return _vision_index()[card]


def psychic(card: int) -> dict:
    return _psychic_index()[card]


def vision_ids() -> list[str]:
    return [v["id"] for v in load()["visions"]]


def category_ids(category: str) -> list[int]:
    return [c["id"] for c in load()["psychic"] if c["category"] == category]


def write() -> None:
    (DATA / "pack.json").write_text(json.dumps(build(), indent=1, ensure_ascii=False) + "\n",
                                    encoding="utf-8")


if __name__ == "__main__":
    write()
