"""Games stored by version 1 (`stored/version1.json`, written mid-play by that code: in the middle
of a step-by-step move, at an action offering Fill, waiting for the card type after Fill or
Secure) upgrade to today's questions and play on to a legal end."""
import copy
import json
from pathlib import Path

import pytest

from hosting import ai
from tests.cultists.helpers import E

STORED = json.loads((Path(__file__).parent / "stored" / "version1.json").read_text())


def play_on(s):
    for _ in range(5000):
        if E.outcome(s) is not None:
            return E.outcome(s)
        pend = E.pending(s)
        seated = [p for p in pend if p.seat is not None]
        p = seated[0] if seated else pend[0]
        pick = p.default if p.seat is None else ai.choose(E, s, 0, p, "side")
        assert p.option(pick)
        s, _ = E.apply(s, p.seat, p.id, pick)
    raise AssertionError("no end")


@pytest.mark.parametrize("name", sorted(STORED))
def test_version1_game_upgrades_and_plays_on(name):
    s = E.upgrade(copy.deepcopy(STORED[name]["state"]))
    assert E.upgrade(copy.deepcopy(s)) == s                      # a current state stays
    [p] = [p for p in E.pending(s) if p.seat is not None]
    ids = [o.id for o in p.options]
    if name == "mid_move":
        assert ids[0] == "stop" and len(ids) > 1 and p.default == "stop"
        assert all(i.startswith("go:") for i in ids[1:])
    if name == "action_with_fill":
        assert [i for i in ids if i.startswith("fill:") and i.count(":") == 2]
        assert not [i for i in ids if i.startswith("fill:") and i.count(":") == 1]
    if name == "card_type":
        assert p.kind == "card_type"
        hand = sum(s["chars"][s["stack"][-1]["c"]]["hand"].values())
        s, _ = E.apply(s, p.seat, p.id, ids[0])
        for q in E.pending(s):
            s, _ = E.apply(s, q.seat, q.id, q.default)
        assert sum(s["chars"][STORED[name]["state"]["stack"][-1]["c"]]["hand"].values()) == hand - 1
    assert play_on(s).winners


def test_a_new_game_needs_no_upgrade():
    s, _ = E.setup({"mode": "experienced"}, 6, 3)
    assert E.state_version == 2 and E.upgrade(copy.deepcopy(s)) == s
