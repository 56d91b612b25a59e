"""The numbers of the rulebook's tables, read from `data/mysterium/rules.json` (some are
reconstructions the spec marks as configurable: level thresholds, token splits)."""
from __future__ import annotations

import json
from functools import lru_cache

from games.mysterium.pack import DATA

DIFFICULTIES = ("easy", "intermediate", "hard")


@lru_cache(maxsize=1)
def rules() -> dict:
    return json.loads((DATA / "rules.json").read_text(encoding="utf-8"))


def psychic_count(total: int) -> int:
    """P from N: two psychics each for the one or two psychic-players of a 2-3 player game."""
    return {2: 2, 3: 4}.get(total, total - 1)


def layout(difficulty: str, total: int) -> int:
    return rules()["layout"][difficulty][str(total)]


def uses_track(total: int) -> bool:
    return total >= 4


def level(track: int, total: int, thresholds: dict | None = None) -> int:
    """1, 2 or 3: how many shared-vision cards a psychic sees before voting."""
    first_mid, first_high = (thresholds or rules()["level_thresholds"])[str(total)]
    return 3 if track >= first_high else 2 if track >= first_mid else 1


def tokens(total: int) -> dict[str, int]:
    return dict(rules()["tokens"].get(str(total), {"agree": 0, "disagree": 0}))


def crows(difficulty: str) -> dict:
    return rules()["crows"][difficulty]
