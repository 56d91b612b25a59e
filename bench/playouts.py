"""Seeded whole games on the engine alone, each seat played by a policy of its own: what
`bench_ai.py` and each game's `ai_<game>.py` rows measure AI seats with.

A policy is `choose(engine, state, pending) -> option id`. Questions nobody answers (seat None,
clock-only waits) take their default, as the host's deadline would.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.base import Engine, Outcome, Pending  # noqa: E402

Policy = Callable[[Engine, dict, Pending], str]
MAX_DECISIONS = 100_000


def ai_policy(name: str = "") -> Policy:
    """The engine's own AI (its last, strongest policy unless `name` says), falling back to the
    host's baseline exactly as an AI seat does."""
    from hosting import ai

    def choose(engine: Engine, state: dict, pending: Pending) -> str:
        return ai.choose(engine, state, 0, pending, name or engine.ai_policies[-1])
    return choose


def random_policy(seed: int) -> Policy:
    """A random legal answer, seeded (a multi-pick's part that answers nothing alone left out)."""
    rnd = random.Random(seed)

    def choose(engine: Engine, state: dict, pending: Pending) -> str:
        return rnd.choice([o for o in pending.options if pending.allows(o.id)]).id
    return choose


def play(engine: Engine, options: dict, players: int, seed: int,
         policy_of: Callable[[int, dict], Policy]) -> tuple[dict, Outcome, int]:
    """One game to its end. `policy_of(seat, state)` picks the policy of the seat being asked
    (the state lets a bench tell sides apart once roles are dealt). Returns the final state,
    the outcome and the number of decisions."""
    state, _ = engine.setup(options, players, seed)
    decisions = 0
    while (outcome := engine.outcome(state)) is None:
        if decisions >= MAX_DECISIONS:
            raise RuntimeError(f"{engine.name} seed {seed}: no end after {decisions} decisions")
        pending = engine.pending(state)[0]
        if pending.seat is None:
            choice = pending.default or pending.options[0].id
        else:
            choice = policy_of(pending.seat, state)(engine, state, pending)
        state, _ = engine.apply(state, pending.seat, pending.id, choice)
        decisions += 1
    return state, outcome, decisions
