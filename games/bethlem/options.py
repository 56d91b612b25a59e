"""The options a Bethlem table may set, declared once (see `games/options.py`): the card set by
position, the event deck, the ruled numbers, and per mode the custom objectives and happenings
and the 3-player P2 group. Set sizes depend on the player count and are checked at setup."""
from __future__ import annotations

from games.options import Choice, DictOf, Fields, Flag, Int, ListOf

from .cards import GROUPS, catalog
from .custom import SUPPORTED


def option_specs(mode: str) -> dict:
    cat = catalog()
    custom = mode == "custom"

    def cards_of(group: str) -> ListOf:
        if custom and group == "P1":
            return ListOf(Choice(*SUPPORTED), unique=True)
        return ListOf(Choice(*(c for c, v in cat["life"].items() if v["group"] == group
                               and not v.get("custom") and not v.get("excluded"))), unique=True)

    specs = {
        "cards": Fields(**{g: cards_of(g) for g in GROUPS}, personality=ListOf(
            Choice(*(p for p in cat["personality"] if p != "cuentacuentos")), unique=True)),
        "events": ListOf(Choice(*(e for e, v in cat["events"].items()
                                  if custom or not v.get("custom"))), unique=True),
        "ali_detect_pct": Int(0, 100),
        "cuentacuentos": Flag(),
        "round_cap": Int(1, 200),
    }
    if custom:
        specs["objectives"] = DictOf(Choice(*cat["objectives"]), Int(0, 7))
        specs["happenings"] = Int(0, 2)
    if mode == "three":
        specs["p2_group"] = Choice("A", "B")
    return specs
