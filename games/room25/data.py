"""The game's tables, read once from data/room25/*.json so reconstructed values stay editable."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

DIR = Path(__file__).resolve().parents[2] / "data" / "room25"


@lru_cache(maxsize=None)
def load(name: str) -> dict:
    return json.loads((DIR / f"{name}.json").read_text(encoding="utf-8"))


def rooms() -> dict:
    return load("rooms")["rooms"]


def colour(kind: str) -> str:
    return rooms()[kind]["colour"]


def characters() -> dict:
    return load("characters")["characters"]


def rules() -> dict:
    return load("rules")


def compositions() -> dict:
    return {k: v for k, v in load("compositions").items() if not k.startswith("_")}


@lru_cache(maxsize=None)
def cards() -> dict:
    return {c["id"]: c for c in load("mac")["cards"]}
