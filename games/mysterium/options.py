"""The options a Mysterium table may set, declared once (see `games/options.py`). Whether the
Ghost's seat and the ages fit the table is checked at setup."""
from __future__ import annotations

from games.mysterium.settings import rules
from games.options import Choice, Int, ListOf


def option_specs(mode: str) -> dict:
    return {
        "ghost": Choice("player", "bot"),
        "ghost_seat": Int(0, 6),
        "tiebreak_age": Choice("youngest", "eldest"),
        "ages": ListOf(Int(1, 7), null=True),
        "personas": ListOf(Choice(*(p["name"] for p in rules()["personas"])), unique=True,
                           null=True),
    }
