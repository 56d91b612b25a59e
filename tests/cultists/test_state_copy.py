"""The engine copies its state field by field (`state.copy`): the copy must equal the original
and share no list or dict with it, whatever the game has grown (a field added to the state's
shape but not to the copier would be shared, and a decision would change an older state)."""
from __future__ import annotations

import random

import pytest

from games.cultists.state import copy
from tests.cultists.helpers import E


def containers(x, found):
    if isinstance(x, (dict, list)):
        found.add(id(x))
        for v in (x.values() if isinstance(x, dict) else x):
            containers(v, found)
    return found


@pytest.mark.parametrize("mode,players", [("intro", 5), ("experienced", 6), ("expert", 8)])
def test_copy_equals_and_shares_nothing(mode, players):
    rnd = random.Random(players)
    s, _ = E.setup({"mode": mode}, players, players)
    while E.outcome(s) is None:
        new = copy(s)
        assert new == s and not containers(new, set()) & containers(s, set())
        p = rnd.choice(E.pending(s))
        s, _ = E.apply(s, p.seat, p.id, rnd.choice([o.id for o in p.options]))
