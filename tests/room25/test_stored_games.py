"""Games stored before the state's fields had words (version 1, in `stored/version1.json`, written
mid-play by that code in co-op and in Suspicion) upgrade and play on exactly as they would have:
the same seeded answers give the same decisions and winners."""
import json
import random
from pathlib import Path

import pytest

from games.room25.state import (CHARACTER_RENAMED, QUESTION_RENAMED, RENAMED, STATE_VERSION,
                                TASK_RENAMED)
from tests.bethlem.playout import step
from tests.room25.helpers import E

STORED = json.loads((Path(__file__).parent / "stored" / "version1.json").read_text())


@pytest.mark.parametrize("name", sorted(STORED))
def test_version1_game_upgrades_and_ends_as_it_would_have(name):
    old, then = STORED[name]["state"], STORED[name]["then"]
    state = E.upgrade(old)
    assert state["version"] == STATE_VERSION and not set(RENAMED) & set(state)
    assert all(not set(CHARACTER_RENAMED) & set(c) for c in state["characters"])
    assert all(not set(TASK_RENAMED) & set(t) for t in state["stack"])
    assert state["question"] is None or not set(QUESTION_RENAMED) & set(state["question"])
    assert E.upgrade(state) is state
    rnd, decisions = random.Random(99), 0
    while E.outcome(state) is None:
        state, _, _, _ = step(E, state, rnd)
        decisions += 1
    outcome = E.outcome(state)
    assert (decisions, list(outcome.winners), outcome.reason) == (
        then["decisions"], then["winners"], then["reason"])


def test_a_new_game_is_current():
    state, _ = E.setup({"mode": "coop"}, 4, seed=1)
    assert state["version"] == STATE_VERSION and E.upgrade(state) is state
