"""How long each kind of decision may take, from the presets in `data/pace.json`.

A table picks `live` or `async` at creation and may override single deadline classes
("vote=120,night_step=45"); the result is stored with the game so later edits of the presets
never change a running game.
"""
from __future__ import annotations

import json
from functools import lru_cache

from games.base import IllegalMove
from hosting.text import DATA

REMINDER_SHARE = 0.25       # remind when a quarter of the time is left...
REMINDER_MIN_SECONDS = 60   # ...but only for deadlines long enough for a reminder to help


@lru_cache(maxsize=1)
def presets() -> dict[str, dict[str, float]]:
    raw = json.loads((DATA / "pace.json").read_text())
    return {k: v for k, v in raw.items() if not k.startswith("_")}


def resolve(preset: str, overrides: str | dict | None = None) -> dict[str, float]:
    """The durations for a new table; raises IllegalMove on an unknown preset or bad override."""
    if preset not in presets():
        raise IllegalMove("unknown_pace", f"Unknown pace {preset!r}.", pace=preset)
    table = dict(presets()[preset])
    if isinstance(overrides, str):
        overrides = _parse(overrides)
    for key, seconds in (overrides or {}).items():
        table[key] = float(seconds)
    return table


def _parse(text: str) -> dict[str, float]:
    out = {}
    for part in filter(None, (p.strip() for p in text.replace(";", ",").split(","))):
        key, _, value = part.partition("=")
        try:
            seconds = float(value)
        except ValueError:
            seconds = -1
        if not key.strip() or seconds <= 0:
            raise IllegalMove("bad_pace", f"Cannot read the pace override {part!r}.", part=part)
        out[key.strip()] = seconds
    return out


def duration(pace: dict, deadline_class: str) -> float:
    return float(pace.get(deadline_class, pace.get("default", 90)))


def reminder_at(due_at: float, seconds: float) -> float | None:
    if seconds < REMINDER_MIN_SECONDS:
        return None
    return due_at - seconds * REMINDER_SHARE
