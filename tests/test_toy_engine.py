"""The toy game obeys the engine contract: the core's tests lean on it."""
import json

import pytest

from games.base import IllegalMove
from games.options import Fields, Flag, Int, ListOf


def test_setup_is_deterministic_and_json(toy):
    a, ev_a = toy.setup({}, 5, seed=7)
    b, ev_b = toy.setup({}, 5, seed=7)
    assert a == b and ev_a == ev_b
    assert json.loads(json.dumps(a)) == a


def test_refuses_wrong_seat_and_stale_id(toy):
    state, _ = toy.setup({}, 4, seed=1)
    kill = toy.pending(state)[0]
    other = next(s for s in range(4) if s != kill.seat)
    with pytest.raises(IllegalMove) as err:
        toy.apply(state, other, kill.id, kill.default)
    assert err.value.code == "not_yours"
    with pytest.raises(IllegalMove) as err:
        toy.apply(state, kill.seat, "99:kill", kill.default)
    assert err.value.code == "stale"
    new, events = toy.apply(state, kill.seat, kill.id, kill.default)
    assert new["phase"] == "day" and state["phase"] == "night"  # the input is untouched
    assert any(e.kind == "night_kill" for e in events)


def test_grouped_options_override_only_the_parts_named(toy):
    class Grouped(type(toy)):
        def default_options(self, mode, players):
            return {"cards": {"a": [1], "b": [2]}, "flag": False}

        def option_specs(self, mode):
            return {"cards": Fields(a=ListOf(Int(0, 9)), b=ListOf(Int(0, 9))), "flag": Flag()}

        def _setup(self, options, players, seed):
            return {"options": options}, []

    state, _ = Grouped().setup({"cards": {"b": [3]}, "flag": True}, 4, seed=1)
    assert state["options"] == {"cards": {"a": [1], "b": [3]}, "flag": True, "mode": "normal"}
