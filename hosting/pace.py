"""How long each kind of decision may take, from the presets in `data/pace.json`.

A table picks `live` or `async` at creation and may override single deadline classes
("vote=120,night_step=45"); the result is stored with the game so later edits of the presets
never change a running game. Settings of the table's clock that every game takes (its hours)
are typed with the game's own options and kept with them (`TABLE_SPECS`), never shown to its
engine.
"""
from __future__ import annotations

import json
import math
from functools import lru_cache

from games.base import Engine, IllegalMove
from games.options import Choice, Spec, check_options
from hosting import autopilot, substitutes
from hosting import hours as _hours
from hosting.text import DATA

REMINDER_SHARE = 0.25       # remind when a quarter of the time is left...
REMINDER_MIN_SECONDS = 60   # ...but only for deadlines long enough for a reminder to help
HALF_TIME_SECONDS = 3600    # a deadline this long (async pace) is reminded at half time too


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


class _Hours(Spec):
    def accepts(self, value, name):
        return isinstance(value, str) and _hours.minutes(value) is not None

    def _describe(self):
        return {"key": "hours"}


class _Zone(Spec):
    def accepts(self, value, name):
        return isinstance(value, str) and _hours.zone(value) is not None

    def _describe(self):
        return {"key": "time_zone"}


# The table's own settings, whatever its game: typed and kept with the game's options.
# `spectators`: whether spectators and the dead may see the secrets ("public": no outside
# eyes, `hosting.spectators`).
TABLE_SPECS: dict[str, Spec] = {"hours": _Hours(), "tz": _Zone(),
                                "spectators": Choice("secrets", "public"), **autopilot.SPECS,
                                **substitutes.SPECS}


def settings_specs(engine: Engine, mode: str) -> dict[str, Spec]:
    """Every setting a table of this game and mode takes: the game's options, then the
    table's own."""
    return {**engine.option_specs(mode), **TABLE_SPECS}


def check_settings(engine: Engine, mode: str, options: dict) -> None:
    """Refuse a setting neither the game nor the table takes, or a value its spec refuses."""
    engine.check_options(mode, game_options(options))
    check_options(TABLE_SPECS, {k: v for k, v in options.items() if k in TABLE_SPECS})


def game_options(options: dict) -> dict:
    """The options its engine sees: the table's own settings left out."""
    return {k: v for k, v in options.items() if k not in TABLE_SPECS}


def hours_of(options: dict) -> _hours.Hours | None:
    """The table's hours, if it set any (in UTC unless it named a time zone)."""
    if "hours" not in options:
        return None
    return _hours.Hours.of(options["hours"], options.get("tz", "UTC"))


class Clock:
    """When a table's deadlines and reminders fall: in open time, if it has hours."""

    def __init__(self, options: dict):
        self.hours = hours_of(options)

    def due(self, start: float, seconds: float) -> float:
        """The end of `seconds` of the table's time from `start`."""
        return start + seconds if self.hours is None else self.hours.add(start, seconds)

    def before(self, due: float, seconds: float) -> float:
        """The moment `seconds` of the table's time before `due`."""
        return due - seconds if self.hours is None else self.hours.back(due, seconds)

    def left(self, now: float, due: float) -> float:
        """The table's time from `now` to `due`."""
        return max(0.0, due - now) if self.hours is None else self.hours.between(now, due)

    def reminders(self, due: float, seconds: float) -> list[float]:
        """When a person asked a question of `seconds` is reminded, earliest first: a quarter
        of the time before its end; an hour's or longer (async) at half time too; under a
        minute, never."""
        if seconds < REMINDER_MIN_SECONDS:
            return []
        shares = (0.5, REMINDER_SHARE) if seconds >= HALF_TIME_SECONDS else (REMINDER_SHARE,)
        return [self.before(due, seconds * share) for share in shares]

    def next_reminder(self, due: float, seconds: float, after: float) -> float | None:
        """The first reminder later than `after`, if one is left."""
        return next((at for at in self.reminders(due, seconds) if at > after), None)
