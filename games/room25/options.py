"""The options a Room 25 table may set, declared once (see `games/options.py`). Whether a
composition or a character list fits the table is checked at setup."""
from __future__ import annotations

from games.options import AnyOf, Choice, Flag, Int, ListOf
from games.room25 import data


def option_specs(mode: str) -> dict:
    specs = {
        "level": Choice("basic", "ultimate"),
        "madness": Flag(),
        "characters": AnyOf(Choice("pick", "random"),
                            ListOf(Choice(*data.characters()), unique=True)),
        "composition": AnyOf(Choice(*data.compositions()),
                             ListOf(Choice(*(k for k in data.rooms() if k != "central_room"))),
                             null=True),
        "reminders": Flag(),
        "coop_win_on_gather": Flag(),
        "show_exit_origin": Flag(),
    }
    if mode == "suspicion":
        specs["guards"] = Int(1, 2)
    else:
        specs["per_player"] = Int(1, 6)
    return specs
