"""AI seats: the game's own policy if it has one, else a baseline pick among legal options.

The baseline is deterministic in the game seed and the question's id, so a simulated game
replays identically, and a resumed one continues exactly where it stopped.
"""
from __future__ import annotations

import hashlib

from games.base import Engine, Pending


def baseline(seed: int, pending: Pending) -> str:
    digest = hashlib.sha256(f"{seed}|{pending.id}|{pending.seat}".encode()).digest()
    return pending.options[int.from_bytes(digest[:8], "big") % len(pending.options)].id


def choose(engine: Engine, state: dict, seed: int, pending: Pending, policy: str) -> str:
    picked = engine.ai_choice(state, pending, policy)
    if picked is not None and pending.option(picked) is not None:
        return picked
    return baseline(seed, pending)
