"""Games stored before the state's fields had words (version 1, in `stored/version1.json`, written
mid-play by that code in co-op and in Suspicion) upgrade and play on exactly as they would have:
the same seeded answers give the same decisions and winners."""
import json
from pathlib import Path

import pytest

from games.room25.state import (CHARACTER_RENAMED, QUESTION_RENAMED, RENAMED, STATE_VERSION,
                                TASK_RENAMED, Character, Question, State, Task)
from tests.bethlem.playout import ends_as_it_would_have
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
    ends_as_it_would_have(E, state, then)


def test_a_new_game_is_current_and_has_the_declared_shape():
    state, _ = E.setup({"mode": "suspicion"}, 5, seed=1)
    assert state["version"] == STATE_VERSION and E.upgrade(state) is state
    assert set(state) == set(State.__annotations__)
    assert all(set(c) == set(Character.__annotations__) for c in state["characters"])
    while not state["question"]:
        p = E.pending(state)[0]
        state, _ = E.apply(state, p.seat, p.id, p.default)
    assert set(state["question"]) == set(Question.__annotations__)
    assert all(set(t) <= set(Task.__annotations__) for t in state["stack"])
