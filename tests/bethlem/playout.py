"""Drive a game by answering the first open question with a seeded random legal option."""
from __future__ import annotations

import random

from games.base import IllegalMove


def step(engine, state, rnd: random.Random):
    """Answer the first pending question; options the rules refuse are skipped."""
    p = engine.pending(state)[0]
    opts = list(p.options)
    rnd.shuffle(opts)
    for o in opts:
        try:
            new, events = engine.apply(state, p.seat, p.id, o.id)
            return new, events, p, o.id
        except IllegalMove:
            continue
    raise AssertionError(f"no acceptable option for {p.kind}")


def play(engine, mode: str, players: int, seed: int, options=None, limit: int = 6000,
         on_step=None):
    rnd = random.Random(seed)
    state, events = engine.setup({"mode": mode, **(options or {})}, players, seed)
    all_events = list(events)
    for n in range(limit):
        if engine.outcome(state) is not None:
            return state, all_events, n
        new, events, p, choice = step(engine, state, rnd)
        if on_step:
            on_step(state, new, p, choice, events)
        state = new
        all_events.extend(events)
    raise AssertionError(f"no end after {limit} decisions")
