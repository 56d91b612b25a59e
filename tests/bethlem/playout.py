"""Drive a game by answering the first open question with a seeded random option."""
from __future__ import annotations

import random


def step(engine, state, rnd: random.Random):
    """Answer the first pending question with a random option: every listed option is legal."""
    p = engine.pending(state)[0]
    choice = rnd.choice(p.options).id
    new, events = engine.apply(state, p.seat, p.id, choice)
    return new, events, p, choice


def ends_as_it_would_have(engine, state, then, seed: int = 99) -> None:
    """Answer a stored game at random to its end; `then` (decisions, winners, reason recorded
    by the code that stored it, or None when that code's rules differ) must hold."""
    rnd, decisions = random.Random(seed), 0
    while engine.outcome(state) is None:
        state, _, _, _ = step(engine, state, rnd)
        decisions += 1
    outcome = engine.outcome(state)
    if then is not None:
        assert (decisions, list(outcome.winners), outcome.reason) == (
            then["decisions"], then["winners"], then["reason"])


def custom_cast(engine, players: int, seed: int) -> dict:
    """Custom games deal a seeded pick of the whole character pool, so every custom character
    turns up across seeds (the default set only has room for the first few); happenings are on,
    every round or every two rounds by seed."""
    from games.bethlem.cards import sets
    opts = engine.default_options("custom", players)
    opts["cards"]["P1"] = random.Random(seed).sample(sets()["custom"]["characters"], players)
    opts["happenings"] = 1 + seed % 2
    return opts


def play(engine, mode: str, players: int, seed: int, options=None, limit: int = 6000,
         on_step=None):
    rnd = random.Random(seed)
    if mode == "custom" and options is None:
        options = custom_cast(engine, players, seed)
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
