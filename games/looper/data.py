"""Tragedy Looper's components, read once from `data/looper/`: characters, action cards, the two
tragedy sets (roles, plots, incidents) and the shipped scripts. Code holds rules, not numbers."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "data" / "looper"
LOCATIONS = ("hospital", "shrine", "city", "school")
DECKS = ("A", "B", "C")
MASTERMIND = "mastermind"
# The record board's tracks: loops from "INICIO DE PARTIDA 7 BUCLES", days up to "DÍA 8".
MAX_LOOPS, MAX_DAYS = 7, 8


def _read(name: str) -> dict:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def characters() -> dict[str, dict]:
    """The implemented characters by id, in the order the data file lists them."""
    return {c["id"]: c for c in _read("characters.json")["characters"]}


@lru_cache(maxsize=None)
def external_characters() -> tuple[str, ...]:
    return tuple(_read("characters.json")["external"]["ids"])


@lru_cache(maxsize=None)
def cards() -> dict[str, list[dict]]:
    raw = _read("cards.json")
    return {"mastermind": raw["mastermind"], "protagonist": raw["protagonist"]}


def card(owner_side: str, card_id: str) -> dict:
    return next(c for c in cards()[owner_side] if c["id"] == card_id)


def full_hand(side: str) -> list[str]:
    """Every card of one side's hand at loop start, duplicates included, in data order."""
    return [c["id"] for c in cards()[side] for _ in range(c["copies"])]


@lru_cache(maxsize=None)
def tragedy() -> dict:
    return _read("tragedy_sets.json")


def roles() -> dict[str, dict]:
    return tragedy()["roles"]


def tragedy_set(name: str) -> dict:
    return tragedy()["sets"][name]


def plot(set_name: str, plot_id: str) -> dict:
    ts = tragedy_set(set_name)
    return ts["main_plots"].get(plot_id) or ts["subplots_list"][plot_id]


@lru_cache(maxsize=None)
def shipped_scripts() -> dict[str, dict]:
    """The scripts shipped as data, by id, sorted by id."""
    out = {}
    for path in sorted((DATA / "scripts").glob("*.json")):
        raw = json.loads(path.read_text(encoding="utf-8"))
        out[raw["id"]] = raw
    return out
