"""Games stored before the state's fields had words (version 1, in `stored/version1.json`)
upgrade and play to the end. Those written once the rules of this version were in place play on
exactly as they would have: the same seeded answers give the same decisions and winners; those
written before (the `older_rules_` ones) may end otherwise under today's rules, but end."""
import json
import random
from pathlib import Path

import pytest

from games.bethlem.state import STATE_VERSION
from tests.bethlem.helpers import E
from tests.bethlem.playout import step

STORED = json.loads((Path(__file__).parent / "stored" / "version1.json").read_text())


@pytest.mark.parametrize("name", sorted(STORED))
def test_version1_game_upgrades_and_ends_as_it_would_have(name):
    old, then = STORED[name]["state"], STORED[name]["then"]
    state = E.upgrade(old)
    assert state["version"] == STATE_VERSION and "nt" not in state and "questions" in state
    assert E.upgrade(state) is state
    rnd, decisions = random.Random(99), 0
    while E.outcome(state) is None:
        state, _, _, _ = step(E, state, rnd)
        decisions += 1
    outcome = E.outcome(state)
    if then is None:
        return
    assert (decisions, list(outcome.winners), outcome.reason) == (
        then["decisions"], then["winners"], then["reason"])
