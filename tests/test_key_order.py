"""A game kept in memory plays on exactly as one read back from the store (or from another
process): every step returns its state in the store's form (`games.base.canonical`), so no
rule or AI ever sees a dict in a different order after a restart. Custom Bethlem games once
passed broccoli and settled night visits in the order the entries were made, which a restart
turned into key order."""
from __future__ import annotations

import json
import random

import pytest

import games
from tests.test_hash_seed import runs

DECISIONS = 400


def trace(name: str, mode: str, players: int, seed: int, restart_each_step: bool) -> list:
    engine = games.engine(name)
    state, _ = engine.setup({"mode": mode}, players, seed)
    rnd, out = random.Random(seed), []
    while engine.outcome(state) is None and len(out) < DECISIONS:
        if restart_each_step:
            state = json.loads(json.dumps(state, sort_keys=True))   # as the store gives it back
        pending = engine.pending(state)[0]
        answers = [o.id for o in pending.options if pending.allows(o.id)]   # not a lone pick
        choice = (pending.default or pending.options[0].id if pending.seat is None
                  else rnd.choice(answers))
        out.append((pending.id, [o.id for o in pending.options], choice))
        state, _ = engine.apply(state, pending.seat, pending.id, choice)
    return out


@pytest.mark.parametrize("name,mode,players", runs() + [("bethlem", "custom", 6)])
def test_a_restart_between_steps_changes_nothing(name, mode, players):
    for seed in (0, 2, 5):
        assert trace(name, mode, players, seed, False) == trace(name, mode, players, seed, True)


def test_the_store_form_has_sorted_keys():
    state, _ = games.engine("bethlem").setup({"mode": "custom"}, 6, 2)
    assert list(state) == sorted(state)
