"""Card data from data/bethlem: the catalogue, the default sets and the ruled numbers."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "data" / "bethlem"
GROUPS = ("P1", "P2", "A1", "A2")
MUTINEER_CARDS = ("daniel", "nathaniel", "richard_dadd")
INTERNO_P1 = ("ali", "larry_owls", "mary_firth")
TWINS = ("siamesa_a", "siamesa_b")
CELLMATES = ("companeros_a", "companeros_b", "companeros_c")


@lru_cache(maxsize=None)
def _load(name: str) -> dict:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def catalog() -> dict:
    return _load("cards.json")


def sets() -> dict:
    return _load("sets.json")


def rules() -> dict:
    return _load("rules.json")


def life(cid: str) -> dict:
    return catalog()["life"][cid]


def group(cid: str) -> str:
    return life(cid)["group"]


def is_action(cid: str) -> bool:
    return bool(life(cid).get("action"))


def event_when(eid: str) -> str:
    return catalog()["events"][eid]["when"]


def event_order(eid: str) -> int:
    return catalog()["events"][eid].get("order", 9)


def is_day_personality(pid: str) -> bool:
    return bool(catalog()["personality"][pid].get("day"))


def group_rank(cid: str) -> int:
    return GROUPS.index(group(cid))
