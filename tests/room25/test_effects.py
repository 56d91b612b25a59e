"""Rooms, abilities, robots and M.A.C. cards beyond the spec's numbered scenarios."""
from __future__ import annotations

from games.room25 import board
from tests.room25.helpers import (E, act, answer, at, char, cell_of, drive, kinds, options,
                                  pending, put, room, table)


def _open(s, *cells):
    for c in cells:
        put(s, c, "empty_room", up=True)


def test_vortex_moving_control_and_monitor_rooms():
    s = table()
    _open(s, "B3")
    put(s, "B2", "vortex_room")
    at(s, "jennifer", "B3")
    s1, ev = answer(act(s, "jennifer", "move")[0], "B2")
    assert cell_of(s1, "jennifer") == "C3" and kinds(ev, "placed")
    put(s, "B2", "moving_room")
    s2, _ = answer(act(s, "jennifer", "move")[0], "B2")
    assert pending(s2)[0].kind == "moving_room" and "B3" not in options(s2)
    s2, _ = answer(s2, "E5")
    assert room(s2, "E5") == ("moving_room", True) and cell_of(s2, "jennifer") == "E5"
    assert room(s2, "B2") == ("empty_room", False)
    put(s, "B2", "control_room")
    s3, _ = answer(act(s, "jennifer", "move")[0], "B2")
    assert len(options(s3)) == 16
    s3, ev = answer(s3, "r5E")
    assert s3["slid_lines"] == {"r5": "E"}
    put(s, "B2", "monitor_room")
    put(s, "E5", "death_room")
    s4, ev = answer(answer(act(s, "jennifer", "move")[0], "B2")[0], "E5")
    (res,) = kinds(ev, "look_result")
    assert res.data["room"] == "death_room" and res.audience == (char(s, "jennifer")["seat"],)


def test_fake_exit_pulls_a_neighbour_without_triggering():
    s = table()
    _open(s, "B3", "A2")
    put(s, "B2", "fake_exit")
    at(s, "jennifer", "B3")
    at(s, "max", "A2")
    s, ev = answer(act(s, "jennifer", "move")[0], "B2")
    assert cell_of(s, "max") == "B2" and kinds(ev, "placed")[0].data["how"] == "fake_exit"


def test_jennifer_attracts_into_her_acid_bath_and_dies():
    s = table()
    put(s, "B2", "acid_bath", up=True)
    _open(s, "B3")
    at(s, "jennifer", "B2")
    at(s, "max", "B3")
    s, _ = act(s, "jennifer", "spec")
    assert not char(s, "jennifer")["alive"]
    assert char(s, "max")["alive"] and cell_of(s, "max") == "B2"


def test_emmett_locks_and_reactivates():
    s = table(chars=["emmett", "max", "jennifer", "sarah"])
    _open(s, "B2", "C2", "A2")
    put(s, "B1", "flooded_room", up=True)
    s["no_pass"] = [s["board"][board.parse("B1")]]
    at(s, "emmett", "B2")
    s, _ = act(s, "emmett", "spec")
    assert options(s) == ["reactivate", "lock"]
    s1, _ = answer(answer(s, "lock")[0], "C2")
    assert s1["locks"] == [s1["board"][board.parse("C2")]]
    at(s1, "jennifer", "B2")
    s1.update(stack=[], question=None)
    assert "C2" not in options(act(s1, "jennifer", "move")[0])
    s2, _ = answer(s, "reactivate")
    assert room(s2, "B1") == ("flooded_room", False) and not s2["no_pass"]


def test_kevin_hacks_the_complex_and_sarah_sabotages_a_robot():
    s = table(chars=["kevin", "sarah", "max", "emmett"])
    _open(s, "B2", "B3")
    put(s, "A2", "death_room")
    at(s, "kevin", "B2")
    s1, _ = act(s, "kevin", "spec")   # no robot in play: only the Complex hack is possible
    assert pending(s1)[0].kind == "hack_complex" and "B1C2" in options(s1)
    s1, ev = answer(s1, "B3A2")
    assert room(s1, "B3") == ("death_room", False) and room(s1, "A2") == ("empty_room", True)
    assert "room" not in kinds(ev, "swapped")[0].data
    at(s, "sarah", "B3")
    s["robots"] = [s["board"][board.parse("B3")], None]
    s2, _ = act(s, "sarah", "spec")
    s2, _ = answer(s2, "sabotage_robot")
    assert s2["robots"] == [None, None] and char(s2, "sarah")["empty_rooms_left"] == 2


def test_alice_hides_and_cannot_be_pushed():
    s = table(chars=["alice", "max", "bruce", "sarah"])
    _open(s, "B2", "B3")
    at(s, "alice", "B2")
    at(s, "max", "B2")
    s, _ = act(s, "alice", "spec")
    assert char(s, "alice")["hidden"] and E.public_view(s)["chars"][0]["hidden"]
    s2, ev = act(s, "max", "push")
    assert kinds(ev, "action_lost") and cell_of(s2, "alice") == "B2"


def test_bruce_imitates_his_neighbours():
    s = table(chars=["bruce", "franck", "alice", "max"])
    _open(s, "B2", "B3")
    at(s, "bruce", "B2")
    at(s, "alice", "B3")
    at(s, "franck", "B3")
    s1, _ = act(s, "bruce", "spec")
    assert not pending(s1) and char(s1, "bruce")["hidden"]  # Franck is next door: only Hide
    at(s, "franck", "B2")
    char(s, "bruce").update(adrenaline=0, adrenaline_round=1)
    s2, _ = act(s, "bruce", "spec")
    assert options(s2) == ["recover", "hide"]
    s2, _ = answer(s2, "recover")
    assert char(s2, "bruce")["adrenaline"] == 1 and char(s2, "franck")["adrenaline"] == 1


def test_franck_recovers_adrenaline_used_earlier():
    s = table(chars=["franck", "max", "emmett", "sarah"])
    _open(s, "B2")
    at(s, "franck", "B2")
    char(s, "franck").update(adrenaline=0, adrenaline_round=1)
    s, ev = act(s, "franck", "spec")
    assert char(s, "franck")["adrenaline"] == 1 and kinds(ev, "recovered")


def test_robot_room_places_and_orders_a_robot():
    s = table()
    _open(s, "B3")
    put(s, "B2", "robot_room")
    at(s, "jennifer", "B3")
    s, ev = answer(act(s, "jennifer", "move")[0], "B2")
    assert kinds(ev, "robot_placed") and s["robots"][0] == s["board"][board.parse("B2")]
    assert pending(s)[0].kind == "robot_order"
    s, _ = answer(s, "0m")
    s, ev = answer(s, "A2")
    assert kinds(ev, "revealed") and s["robots"][0] == s["board"][board.parse("A2")]


def test_mac_room_punishment_hits_the_drawer():
    s = table(chars=["max", "jennifer", "emmett", "sarah"])
    _open(s, "B3")
    put(s, "B2", "mac_room")
    at(s, "max", "B3")
    s["deck"] = ["pun_sarah"]
    s, _ = answer(act(s, "max", "move")[0], "B2")
    assert pending(s)[0].kind == "punishment" and pending(s)[0].seat == char(s, "max")["seat"]
    s, _ = answer(s, "ctrl")
    assert char(s, "max")["lost_tokens"] == ["ctrl"] and not char(s, "sarah")["lost_tokens"]
    p = E.pending(drive(s, {"task": "program"})[0])
    assert not any("C" in o.id for q in p if q.params["char"] == "max" for o in q.options)


def test_madness_cards():
    s = table(mode="coop", players=4, madness=True)
    put(s, "B2", "tunnel", up=True)
    put(s, "B4", "death_room", up=True)
    put(s, "D2", "empty_room", up=True)
    at(s, "max", "B4")
    at(s, "jennifer", "B4")
    s1, ev = drive(s, {"task": "card", "card": "time_bomb1"})
    assert not kinds(ev, "eliminated")
    s1["face_up_cards"] = ["time_bomb1", "time_bomb2"]
    s1, ev = drive(s1, {"task": "card", "card": "time_bomb2"})
    assert E.outcome(s1).reason == "coop_death"
    s2, ev = drive(s, {"task": "card", "card": "inoperative_green"})
    assert room(s2, "B2") == ("tunnel", False) and room(s2, "D2") == ("empty_room", False)
    s3, _ = drive(s, {"task": "card", "card": "acceleration1"})
    at(s3, "emmett", "D2")
    s3, ev = answer(act(s3, "emmett", "ctrl")[0], "r2E")
    assert kinds(ev, "slid")[0].data["steps"] == 2
    s4, ev = drive(s, {"task": "card", "card": "blackout"})
    assert room(s4, "B2") == ("empty_room", True)
