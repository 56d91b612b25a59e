"""AI seats: the game's own policy if it has one, else a baseline pick among legal options.

The baseline is deterministic in the game seed and the question's id, so a simulated game
replays identically, and a resumed one continues exactly where it stopped.
"""
from __future__ import annotations

import hashlib

from games.base import Engine, Pending


def baseline(seed: int, pending: Pending) -> str:
    """A pick among the legal options (not a multi-pick's part that is no answer alone); one
    that gives the game up (`params["concede"]`: a Final Guess's "we cannot say") only when
    nothing else is left."""
    legal = [o for o in pending.options if pending.allows(o.id)]
    options = [o for o in legal if not o.params.get("concede")] or legal
    digest = hashlib.sha256(f"{seed}|{pending.id}|{pending.seat}".encode()).digest()
    return options[int.from_bytes(digest[:8], "big") % len(options)].id


def strongest(engine: Engine) -> str:
    """The policy that plays a person's seat on autopilot: each game lists its policies from
    the plainest to the strongest."""
    return engine.ai_policies[-1]


def choose(engine: Engine, state: dict, seed: int, pending: Pending, policy: str) -> str:
    picked = engine.ai_choice(state, pending, policy)
    if picked is not None and pending.allows(picked):
        return picked
    return baseline(seed, pending)
