"""The co-op AI's choices in positions where one wrong token loses the game."""
from __future__ import annotations

from games.room25 import ai, board
from tests.room25.helpers import at, char, ci, put, table


def coop():
    s = table(mode="coop", level="basic")
    s["phase"] = "programming"
    return s


def test_ai_programs_a_move_first_in_a_trap_room():
    s = coop()
    uid = put(s, "B2", "trap_room", up=True)
    at(s, "jennifer", "B2")
    char(s, "jennifer")["trapped"] = [uid, char(s, "jennifer")["actions_done"]]
    for other in ("max", "emmett", "sarah"):
        at(s, other, "B2")
    put(s, "A2", "empty_room", up=True)
    wish = ai._wish(ai.Sight(s, char(s, "jennifer")["seat"]), ci(s, "jennifer"))
    assert wish[0][0] == "M"


def test_ai_avoids_an_unseen_room_when_a_look_or_slide_follows_the_step():
    s = coop()
    s.update(phase="action", action_pass=1)
    at(s, "jennifer", "B2")
    put(s, "B2", "empty_room", up=True)
    put(s, "C2", "empty_room", up=True)  # seen and safe, the unseen A2 and B1 lead nowhere better
    char(s, "jennifer")["programme"] = ["move", "look"]
    sight = ai.Sight(s, char(s, "jennifer")["seat"])
    choice = ai._move(sight, ["A2", "B1", "C2", "B3"], ci(s, "jennifer"))
    assert choice in ("C2", "B3")


def test_ai_slides_room_25_out_the_shortest_way_once_the_escape_holds():
    s = coop()
    s.update(phase="action", key_activated=True)
    uid = put(s, "A2", "room_25", up=True)
    for name in ("jennifer", "max", "emmett", "sarah"):
        at(s, name, "A2")
    sight = ai.Sight(s, char(s, "jennifer")["seat"])
    assert s["board"][board.parse("A2")] == uid
    assert ai._slide(sight, ["r2E", "r2W", "cAN", "cAS"]) == "r2W"
