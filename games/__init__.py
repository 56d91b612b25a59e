"""Rules engines. Pure Python over JSON data: nothing here may import discord.

`REGISTRY` names each game's engine by import path so that listing games imports nothing.
"""
from __future__ import annotations

from importlib import import_module

from games.base import Engine

REGISTRY: dict[str, str] = {
    "bethlem": "games.bethlem:BethlemEngine",
    "cultists": "games.cultists:CultistsEngine",
    "room25": "games.room25:Room25Engine",
    "mysterium": "games.mysterium:MysteriumEngine",
    "looper": "games.looper:LooperEngine",
}
# The games this project ships (`register` may add others, as the tests' toys).
SHIPPED: tuple[str, ...] = tuple(REGISTRY)


def register(name: str, path: str) -> None:
    """Add a game at run time (the tests register their toy game this way)."""
    REGISTRY[name] = path


def engine(name: str) -> Engine:
    try:
        module, _, attr = REGISTRY[name].partition(":")
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(REGISTRY))}") from None
    return getattr(import_module(module), attr)()
