"""How long each kind of decision may take, from the presets in `data/pace.json`.

A table picks `live` or `async` at creation and may override single deadline classes
("vote=120,night_step=45"); the result is stored with the game so later edits of the presets
never change a running game.
"""
from __future__ import annotations

import json
import math
from functools import lru_cache

from games.base import IllegalMove
from hosting.text import DATA

REMINDER_SHARE = 0.25       # remind when a quarter of the time is left...
REMINDER_MIN_SECONDS = 60   # ...but only for deadlines long enough for a reminder to help


@lru_cache(maxsize=1)
def presets() -> dict[str, dict[str, float]]:
    raw = json.loads((DATA / "pace.json").read_text())
    return {k: v for k, v in raw.items() if not k.startswith("_")}


MAX_SECONDS = 30 * 24 * 3600   # a month: the longest a table may give one step


def resolve(preset: str, overrides: str | dict | None = None) -> dict[str, float]:
    """The durations for a new table; raises IllegalMove on an unknown preset, an unknown
    deadline class, or a duration that is not a finite number of seconds in range."""
    if preset not in presets():
        raise IllegalMove("unknown_pace", f"Unknown pace {preset!r}.", pace=preset)
    table = dict(presets()[preset])
    if isinstance(overrides, str):
        overrides = _parse(overrides)
    for key, seconds in (overrides or {}).items():
        table[key] = _checked(key, seconds)
    return table


def _checked(key, seconds) -> float:
    known = sorted({k for preset in presets().values() for k in preset})
    if key not in known:
        raise IllegalMove("unknown_timing", f"Unknown timing {str(key)[:80]!r}.",
                          timing=str(key)[:80], known=", ".join(known))
    if (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
            or not math.isfinite(seconds) or not 0 < seconds <= MAX_SECONDS):
        raise IllegalMove("bad_timing", f"The timing {key} cannot be {seconds}.", timing=key,
                          value=str(seconds)[:80], hi=MAX_SECONDS)
    return float(seconds)


def _parse(text: str) -> dict[str, float]:
    out = {}
    for part in filter(None, (p.strip() for p in text.replace(";", ",").split(","))):
        key, sep, value = part.partition("=")
        try:
            seconds = float(value)
        except ValueError:
            seconds = None
        if not key.strip() or not sep or seconds is None:
            shown = part if len(part) <= 80 else part[:79] + "…"
            raise IllegalMove("bad_pace", f"Cannot read the pace override {shown!r}.", part=shown)
        out[key.strip()] = seconds
    return out


def duration(pace: dict, deadline_class: str) -> float:
    return float(pace.get(deadline_class, pace.get("default", 90)))


def reminder_at(due_at: float, seconds: float) -> float | None:
    if seconds < REMINDER_MIN_SECONDS:
        return None
    return due_at - seconds * REMINDER_SHARE
