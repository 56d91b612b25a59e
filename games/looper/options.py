"""The options a Tragedy Looper table may set, declared once (see `games/options.py`). A script
the table brings is checked by the script validator at setup."""
from __future__ import annotations

from games.looper import data
from games.options import AnyOf, Choice, Document, Flag, Int


def option_specs(mode: str) -> dict:
    return {
        "script": AnyOf(Choice(*data.shipped_scripts(), "generated"), Document(), null=True),
        "difficulty": Choice("easy", "normal", "hard"),
        "loops": Int(1, data.MAX_LOOPS, null=True),
        "vet_generated": Flag(),
        "paranoia_virus_threshold": Int(1, 8),
        "spreading_mode": Choice("literal", "transfer"),
        "allow_external": Flag(),
        "allow_unverified": Flag(),
        "first_leader": AnyOf(Choice("random"), Int(1, 3)),
        "talk_restricted": Flag(),
    }
