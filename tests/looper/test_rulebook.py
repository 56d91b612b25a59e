"""The Spanish player manual, section by section, where the engine once read it otherwise:
one test per passage, named after it, quoting a few of its words."""
from __future__ import annotations

import pytest

from games.base import IllegalMove
from tests.looper.helpers import E
from tests.looper.test_scenarios import informer_table

BT_SUBPLOTS = ("a_love_affair", "circle_of_friends")


def _after_informer(named: str):
    t = informer_table(BT_SUBPLOTS)
    t.say("leader_ability", f"informer.0.{named}").say("refusal", "allow")
    return t


def test_step6_the_mastermind_names_the_informers_subplot_whatever_was_named():
    """4-6 and the Informer's card: "la mente maestra debe decir el título de otra trama
    secundaria que esté actualmente activa". The Mastermind is asked, behind the same window,
    whether the subplot the Leader named is active or not, so how long the step lasts does not
    tell the table which it was."""
    shapes = []
    for named in ("a_love_affair", "threads_of_fate"):
        t = _after_informer(named)
        waiting = [(p.kind, p.seat, p.public) for p in E.pending(t.s)]
        shapes.append(sorted(waiting, key=str))
        assert ("informer", 0, False) in waiting
    assert shapes[0] == shapes[1]


def test_record_board_holds_at_most_seven_loops():
    """The record board: "INICIO DE PARTIDA 7 BUCLES" is the longest loop track, so a table
    asking for eight loops is told so at once, not sent looking for a script that cannot be."""
    E.check_options("basic_tragedy", {"loops": 7})
    with pytest.raises(IllegalMove):
        E.check_options("basic_tragedy", {"loops": 8})
