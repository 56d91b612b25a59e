"""The acceptance scenarios R25-1 ... R25-33 of the spec (section 10), one test each."""
from __future__ import annotations

import pytest

from games.base import PUBLIC, IllegalMove
from games.room25 import board
from tests.room25.helpers import (E, act, answer, at, carry, ci, cell_of, char, drive, kinds,
                                  options, pending, program, put, quiet, roles, room,
                                  start_round, table)


def test_r25_01_countdown_setup():
    s, _ = E.setup({"mode": "suspicion", "guards": 1, "characters": "random"}, 5, seed=3)
    view = E.public_view(s)
    assert s["remaining"] == 10 and view["remaining"] == 10
    names = [c["name"] for c in s["characters"]]
    assert view["order"] == names and view["order"][-1] == names[4]
    while s["round"] == 1:
        p = E.pending(s)[0]
        s, _ = E.apply(s, p.seat, p.id, p.default)
    assert s["remaining"] == 9
    assert E.public_view(s)["order"] == names[1:] + names[:1]


@pytest.mark.parametrize("mode,players,chars,rounds", [
    ("suspicion", 4, 4, 10), ("suspicion", 5, 5, 10), ("suspicion", 6, 6, 10),
    ("suspicion", 7, 7, 9), ("suspicion", 8, 8, 8), ("coop", 4, 4, 8), ("coop", 5, 5, 7),
    ("coop", 6, 6, 6), ("coop", 3, 6, 6), ("coop", 1, 4, 8)])
def test_r25_02_countdown_table(mode, players, chars, rounds):
    s, _ = E.setup({"mode": mode, "level": "ultimate"}, players, seed=1)
    assert len(s["characters"]) == chars and s["remaining"] == rounds


def test_r25_03_adrenaline():
    s = table(chars=["alice", "max", "kevin", "franck"])
    ev = []
    s, _ = start_round(s)
    s = program(s, {"alice": "LMA", "max": "LM", "kevin": "LM", "franck": "LM"}, ev)
    plan = {p["char"]: p for p in kinds(ev, "plans")[0].data["plans"]}
    assert plan["alice"]["count"] == 2 and plan["alice"]["adr"] is True
    while pending(s) and pending(s)[0].kind != "adrenaline":
        s, e2 = answer(s, pending(s)[0].default)
        ev += e2
    tokens = [(e.data["token"], s_) for e, s_ in zip(kinds(ev, "token"), range(99))
              if e.data["char"] == "alice"]
    assert [t for t, _ in tokens] == ["look", "move"]
    order = [e.data["char"] for e in kinds(ev, "token")]
    assert order.index("alice", 1) > order.index("franck")  # her Move comes in pass 2
    (p,) = pending(s)
    assert p.seat == char(s, "alice")["seat"] and {"look", "move"} <= {o.id for o in p.options}
    assert "spec" not in {o.id for o in p.options}
    s, _ = answer(s, "look")
    while s["round"] == 2:
        s, _ = answer(s, pending(s)[0].default)
    assert char(s, "alice")["adrenaline"] == 0
    alice = next(p for p in pending(s) if p.params["char"] == "alice")
    assert not any("A" in o.id for o in alice.options)


def _escape_table(remaining):
    s = table(chars=["jennifer", "max", "emmett", "sarah"])
    roles(s, jennifer="P", max="P", emmett="P", sarah="G")
    put(s, "E2", "room_25", up=True)
    for n in ("jennifer", "max", "emmett", "sarah"):
        at(s, n, "E2")
    s["remaining"] = remaining
    return s


def test_r25_04_escape():
    s = _escape_table(4)
    s2, _ = act(s, "jennifer", "ctrl")
    s2, _ = answer(s2, "r2E")
    out = E.outcome(s2)
    assert out.reason == "escape" and set(out.winners) == {0, 1, 2}
    s3, _ = act(s, "jennifer", "ctrl")
    a2 = s3["board"][board.parse("A2")]
    s3, _ = answer(s3, "r2W")
    assert E.outcome(s3) is None
    assert room(s3, "D2") == ("room_25", True) and cell_of(s3, "max") == "D2"
    assert s3["board"][board.parse("E2")] == a2 and s3["slid_lines"] == {"r2": "W"}


def test_r25_05_one_prisoner_missing():
    s = _escape_table(3)
    at(s, "emmett", "D4")
    a2 = s["board"][board.parse("A2")]
    s2, _ = act(s, "jennifer", "ctrl")
    s2, _ = answer(s2, "r2E")
    assert E.outcome(s2) is None
    assert room(s2, "A2") == ("room_25", True) and cell_of(s2, "jennifer") == "A2"
    assert s2["board"][board.parse("B2")] == a2
    s["remaining"] = 1
    s3, _ = answer(act(s, "jennifer", "ctrl")[0], "r2E")
    assert E.outcome(s3).reason == "escape"
    dead = _escape_table(3)
    char(dead, "emmett").update(alive=False, tile=-1)
    assert E.outcome(answer(act(dead, "jennifer", "ctrl")[0], "r2E")[0]) is None
    dead["remaining"] = 1
    assert E.outcome(answer(act(dead, "jennifer", "ctrl")[0], "r2E")[0]).reason == "escape"
    at(dead, "max", "D4")
    assert E.outcome(answer(act(dead, "jennifer", "ctrl")[0], "r2E")[0]) is None


def test_r25_06_unmasking():
    s = table(players=7)
    for n, r in zip(["jennifer", "max", "emmett", "sarah", "kevin", "franck", "alice"], "PPPPPGG"):
        roles(s, **{n: r})
    put(s, "B2", "room_25", up=True)
    put(s, "B3", "empty_room", up=True)
    for n in ("jennifer", "max"):
        at(s, n, "B2")
    at(s, "emmett", "B3")
    s, ev = act(s, "emmett", "move")
    s, ev = answer(s, "B2")
    assert not kinds(ev, "identity")
    at(s, "sarah", "B3")
    s, ev = act(s, "sarah", "move")
    s, ev = answer(s, "B2")
    shown = {e.data["char"] for e in kinds(ev, "identity", PUBLIC)}
    assert shown == {"kevin", "franck", "alice"}


def test_r25_07_push_and_central():
    s = table()
    s2, ev = act(s, "jennifer", "push")
    assert kinds(ev, "action_lost")[0].data["why"] == "central" and cell_of(s2, "max") == "C3"
    put(s, "C2", "empty_room", up=True)
    at(s, "jennifer", "C2")
    at(s, "max", "C2")
    s3, _ = act(s, "jennifer", "push")
    assert "C3" in options(s3)
    s3, ev = answer(s3, "C3")
    assert cell_of(s3, "max") == "C3" and not pending(s3)


def test_r25_08_control_restrictions():
    s = table()
    at(s, "jennifer", "B3")
    at(s, "max", "C2")
    assert options(act(s, "jennifer", "ctrl")[0]) == ["cBN", "cBS"]
    assert options(act(s, "max", "ctrl")[0]) == ["r2E", "r2W"]
    _, ev = act(s, "emmett", "ctrl")
    assert kinds(ev, "action_lost")[0].data["why"] == "central"
    s2, _ = answer(act(s, "jennifer", "ctrl")[0], "cBN")
    at(s2, "jennifer", "B3")
    s3, ev = act(s2, "jennifer", "ctrl")  # only column B north is left: forced, not asked
    assert not pending(s3) and kinds(ev, "slid")[0].data["dir"] == "N"
    s2["slid_lines"]["cB"] = "N"
    s2["characters"][ci(s2, "jennifer")]["tile"] = s2["board"][board.parse("B3")]
    s4, _ = drive(s2, {"task": "countdown"})
    assert s4["slid_lines"] == {}
    at(s4, "jennifer", "B3")
    s4.update(stack=[], question=None, waiting_for=None)
    assert options(act(s4, "jennifer", "ctrl")[0]) == ["cBN", "cBS"]


def test_r25_09_slide_with_riders():
    s = table()
    put(s, "A2", "room_25")
    b2 = put(s, "B2", "empty_room", up=True)
    put(s, "E2", "death_room")
    at(s, "jennifer", "B2")
    at(s, "max", "C2".replace("C", "B"))
    s["characters"][ci(s, "max")]["tile"] = b2
    s, ev = drive(s, {"task": "card", "card": "mv_r2E"})
    assert room(s, "A2") == ("death_room", False) and room(s, "B2") == ("room_25", False)
    assert cell_of(s, "jennifer") == "C2" and s["board"][board.parse("C2")] == b2
    assert not kinds(ev, "revealed") and not kinds(ev, "entered") and s["slid_lines"] == {"r2": "E"}


def test_r25_10_alarm():
    s = table()
    s["remaining"] = 8
    put(s, "E4", "empty_room", up=True)
    put(s, "E5", "room_25")
    at(s, "jennifer", "E4")
    order = E.public_view(s)["order"]
    s2, ev = answer(act(s, "jennifer", "move")[0], "E5")
    assert kinds(ev, "revealed", PUBLIC)[0].data["room"] == "room_25"
    assert s2["remaining"] == 5 and E.public_view(s2)["order"] == order
    s3, _ = drive(s2, {"task": "countdown"})
    assert s3["remaining"] == 4
    s["remaining"] = 5
    assert answer(act(s, "jennifer", "move")[0], "E5")[0]["remaining"] == 5


def _kill(s, name):
    from games.room25.outcome import kill
    from games.room25.flow import Ctx
    ctx = Ctx(s)
    try:
        kill(ctx, ci(s, name), "death_room")
    except Exception as exc:  # Halt when the game ends
        assert type(exc).__name__ == "Halt"
    return ctx.ev


def test_r25_11_reveal_cascade():
    base = table(players=6)
    roles(base, jennifer="P", max="P", emmett="P", sarah="P", kevin="G", franck="G")
    import copy
    s = copy.deepcopy(base)
    assert not kinds(_kill(s, "kevin"), "identity")
    ev = _kill(s, "jennifer")
    assert [(e.data["char"], e.data["role"]) for e in kinds(ev, "identity")] == [("kevin", "guard")]
    assert E.outcome(s) is None
    s = copy.deepcopy(base)
    _kill(s, "jennifer")
    ev = _kill(s, "max")
    assert [(e.data["char"], e.data["role"]) for e in kinds(ev, "identity")][:2] == [
        ("jennifer", "prisoner"), ("max", "prisoner")]
    assert E.outcome(s).reason == "guards_kill" and set(E.outcome(s).winners) == {4, 5}
    s = copy.deepcopy(base)
    _kill(s, "jennifer")
    ev = _kill(s, "franck")
    assert [(e.data["char"], e.data["role"]) for e in kinds(ev, "identity")] == [
        ("jennifer", "prisoner"), ("franck", "guard")]
    assert E.outcome(s) is None


def test_r25_12_final_round_reveal():
    s = table()
    roles(s, jennifer="P", max="P", emmett="G", sarah="P")
    _kill(s, "emmett")
    s["remaining"] = 2
    s, ev = drive(s, {"task": "countdown"})
    names = [e.kind for e in ev]
    assert s["remaining"] == 1 and ("identity", "emmett") in [(e.kind, e.data.get("char")) for e in ev]
    assert names.index("identity") < names.index("round_start")
    assert all(p.kind == "program" for p in pending(s))


def test_r25_13_acid_bath():
    s = table()
    put(s, "B2", "acid_bath", up=True)
    put(s, "B3", "empty_room", up=True)
    at(s, "jennifer", "B2")
    for n in ("max", "emmett", "sarah"):
        at(s, n, "B3")
    s, _ = answer(act(s, "max", "move")[0], "B2")
    assert not char(s, "jennifer")["alive"] and char(s, "max")["alive"]
    s, _ = act(s, "sarah", "push")  # Emmett is the only one she can push: not asked
    s, _ = answer(s, "B2")
    assert not char(s, "max")["alive"] and char(s, "emmett")["alive"]
    c = table(mode="coop", players=2, chars=["max", "kevin", "sarah", "franck"])
    put(c, "B2", "acid_bath", up=True)
    put(c, "B3", "empty_room", up=True)
    at(c, "max", "B3")
    at(c, "kevin", "B3")
    c, _ = act(c, "max", "spec")
    c, _ = answer(c, "B2")
    assert pending(c)[0].kind == "acid_victim" and pending(c)[0].seat == char(c, "max")["seat"]
    c, _ = answer(c, "kevin")
    assert [x["alive"] for x in (char(c, "max"), char(c, "kevin"))] == [True, False]  # Max's choice


def _round(s, plans):
    s, _ = start_round(s)
    ev = []
    s = program(s, plans, ev)
    return s, ev


def test_r25_14_trap_room():
    s = table()
    put(s, "B3", "empty_room", up=True)
    put(s, "B2", "trap_room")
    at(s, "jennifer", "B3")
    s1, ev = _round(s, {"jennifer": "ML"})
    s1, e2 = answer(s1, "B2")
    assert room(s1, "B2") == ("trap_room", True)
    while char(s1, "jennifer")["alive"] and pending(s1):
        s1, e3 = answer(s1, pending(s1)[0].options[0].id)
        e2 += e3
    assert kinds(e2, "looked") and not char(s1, "jennifer")["alive"]
    looked = [e.kind for e in e2].index("looked")
    assert looked < [e.kind for e in e2].index("eliminated")
    at(s, "max", "B3")
    s2, _ = _round(s, {"jennifer": "LM", "max": "PL"})
    s2, _ = answer(s2, pending(s2)[0].options[0].id)   # Jennifer looks
    assert pending(s2)[0].kind == "push_dest"
    s2, _ = answer(s2, "B2")                          # Max pushes her into the trap
    while pending(s2) and pending(s2)[0].kind != "move":
        s2, _ = answer(s2, pending(s2)[0].options[0].id)
    s2, _ = answer(s2, options(s2)[0])
    assert char(s2, "jennifer")["alive"] and cell_of(s2, "jennifer") != "B2"
    s3, _ = _round(s, {"jennifer": "M"})
    s3, _ = answer(s3, "now")
    s3, _ = answer(s3, "B2")
    while s3["round"] == 2:
        s3, _ = answer(s3, pending(s3)[0].default)
    assert char(s3, "jennifer")["alive"]
    s3 = program(s3, {"jennifer": "LM"})
    s3, ev = answer(s3, options(s3)[0])
    assert not char(s3, "jennifer")["alive"]
    assert kinds(ev, "eliminated")[0].data["cause"] == "trap_room"


def test_r25_15_flooded_room():
    s = table()
    put(s, "D3", "empty_room", up=True)
    put(s, "D4", "flooded_room")
    at(s, "jennifer", "D3")
    at(s, "max", "D3")
    at(s, "emmett", "D3")
    s, ev = _round(s, {"jennifer": "MP"})
    s, _ = answer(s, "D4")
    assert kinds(ev + _, "no_pass") or s["board"][board.parse("D4")] in s["no_pass"]
    assert "D4" not in options(act(quiet(s), "max", "move")[0])
    pushed, _ = act(quiet(s), "max", "push")
    assert pending(pushed)[0].kind == "push_dest" and "D4" not in options(pushed)
    keep = s
    while s["round"] == 2:
        s, _ = answer(s, pending(s)[0].default)
    s = program(s, {"jennifer": "LP"})
    while char(s, "jennifer")["alive"] and s["round"] == 3:
        s, _ = answer(s, pending(s)[0].default)
    assert not char(s, "jennifer")["alive"]
    s = keep
    while s["round"] == 2:
        s, _ = answer(s, pending(s)[0].default)
    s = program(s, {"jennifer": "ML"})
    s, _ = answer(s, "D5" if "D5" in options(s) else options(s)[0])
    while s["round"] == 3:
        s, _ = answer(s, pending(s)[0].default)
    assert char(s, "jennifer")["alive"] and s["board"][board.parse("D4")] in s["no_pass"]


def test_r25_16_death_room_with_carry():
    s = table(mode="coop", players=2, chars=["max", "jennifer", "kevin", "franck"])
    put(s, "B2", "empty_room", up=True)
    put(s, "B1", "death_room")
    at(s, "max", "B2")
    at(s, "jennifer", "B2")
    s, _ = carry(s, "B1")
    assert not char(s, "max")["alive"] and not char(s, "jennifer")["alive"]
    assert E.outcome(s).reason == "coop_death" and E.outcome(s).winners == ()


def test_r25_17_timer_room():
    def enter(remaining):
        s = table()
        roles(s, jennifer="P", max="G", emmett="P", sarah="P")
        put(s, "D3", "empty_room", up=True)
        put(s, "D2", "timer_room")
        at(s, "jennifer", "D3")
        at(s, "sarah", "D3")
        _kill(s, "max")
        s["remaining"] = remaining
        return answer(act(s, "jennifer", "move")[0], "D2")
    s, _ = enter(3)
    assert s["remaining"] == 2 and room(s, "D2") == ("empty_room", True)
    assert cell_of(s, "jennifer") == "D2"
    s, ev = enter(2)
    assert s["remaining"] == 1 and ("max", "guard") in [
        (e.data["char"], e.data["role"]) for e in kinds(ev, "identity")]
    s, ev = enter(1)
    assert not char(s, "jennifer")["alive"] and room(s, "D2") == ("empty_room", True)


def test_r25_18_tunnel():
    s = table()
    put(s, "A2", "tunnel", up=True)
    put(s, "D4", "tunnel", up=True)
    put(s, "E1", "tunnel")
    put(s, "A3", "empty_room", up=True)
    at(s, "jennifer", "A3")
    s1, ev = answer(act(s, "jennifer", "move")[0], "A2")
    assert cell_of(s1, "jennifer") == "D4" and len(kinds(ev, "placed")) == 1
    s2 = dict(s, face_up=list(s["face_up"]))
    s2["face_up"][s2["board"][board.parse("E1")]] = 1
    s2, _ = answer(act(s2, "jennifer", "move")[0], "A2")
    assert options(s2) == ["E1", "D4"]  # row-major order
    s["locks"] = [s["board"][board.parse("D4")]]
    s3, _ = answer(act(s, "jennifer", "move")[0], "A2")
    assert cell_of(s3, "jennifer") == "A2"


def test_r25_19_prison_cell():
    s = table()
    put(s, "B2", "prison_cell", up=True)
    put(s, "B1", "empty_room", up=True)
    put(s, "C2", "empty_room", up=True)
    put(s, "B3", "empty_room", up=True)
    at(s, "jennifer", "B2")
    at(s, "max", "B1")
    s1, ev = act(s, "jennifer", "move")
    assert cell_of(s1, "jennifer") == "B1" and not pending(s1)
    at(s, "max", "E5")
    s2, ev = act(s, "jennifer", "move")
    assert kinds(ev, "action_lost") and cell_of(s2, "jennifer") == "B2"


def test_r25_20_cold_room():
    s = table()
    put(s, "C4", "cold_room", up=True)
    at(s, "jennifer", "C4")
    s, _ = start_round(s)
    p = next(p for p in pending(s) if p.params["char"] == "jennifer")
    ids = {o.id for o in p.options}
    assert ids == {"L", "M", "P", "C", "S"}
    with pytest.raises(IllegalMove):
        E.apply(s, p.seat, p.id, "LM")
    with pytest.raises(IllegalMove):
        E.apply(s, p.seat, p.id, "MA")


def test_r25_21_mac_conflict():
    s = table(mode="coop", players=4)
    s["remaining"] = 5
    s["deck"] = ["mv_cAN", "mv_r2W", "mv_r2E"]
    s, ev = start_round(s)
    slid = kinds(ev, "slid")
    assert [(e.data["line"], e.data["dir"]) for e in slid] == [("r2", "E")]
    assert kinds(ev, "card_void") and "mv_r2W" in s["discard"] and s["slid_lines"] == {"r2": "E"}
    put(s, "C2", "empty_room", up=True)
    s.update(stack=[], waiting_for=None, question=None)
    at(s, "jennifer", "C2")
    s3, ev = act(s, "jennifer", "ctrl")  # row 2 west is refused: only east is left, forced
    assert not pending(s3) and kinds(ev, "slid")[0].data["dir"] == "E"
    f = table(mode="coop", players=4)
    f["remaining"] = 1
    f["deck"] = ["mv_r2W", "mv_r2E"]
    f, ev = start_round(f)
    assert not kinds(ev, "mac_card") and len(f["deck"]) == 2


def test_r25_22_key_room():
    s = table(mode="coop", players=4)
    put(s, "A1", "room_25", up=True)
    for c in s["characters"]:
        c["tile"] = s["board"][0]
    s1, _ = drive(s, {"task": "card", "card": "mv_r1W"})
    assert E.outcome(s1) is None and room(s1, "E1") == ("room_25", True)
    assert cell_of(s1, "max") == "E1"
    s["key_activated"] = True
    s2, _ = drive(s, {"task": "card", "card": "mv_r1W"})
    assert E.outcome(s2).reason == "coop_escape" and E.outcome(s2).winners == (0, 1, 2, 3)


def test_r25_23_regeneration():
    s = table()
    roles(s, jennifer="P", max="P", emmett="G", sarah="P")
    char(s, "jennifer")["adrenaline"] = 0
    _kill(s, "jennifer")
    put(s, "E3", "regeneration_room")
    put(s, "D3", "empty_room", up=True)
    at(s, "max", "D3")
    s, ev = answer(act(s, "max", "move")[0], "E3")
    j = char(s, "jennifer")
    assert j["alive"] and cell_of(s, "jennifer") == "C3"
    assert j["role"] == "P" and not j["role_shown"]
    assert room(s, "E3") == ("empty_room", True) and j["adrenaline"] == 0
    s, ev = drive(s, {"task": "turn", "char": ci(s, "jennifer"), "action_pass": 2})
    assert not ev
    s, _ = drive(s, {"task": "countdown"})
    assert any(p.params["char"] == "jennifer" for p in pending(s))
    t = table()
    put(t, "E3", "regeneration_room")
    put(t, "D3", "empty_room", up=True)
    at(t, "max", "D3")
    t, _ = answer(act(t, "max", "move")[0], "E3")
    assert room(t, "E3") == ("regeneration_room", True)


def test_r25_24_paranoia():
    s = table(chars=["franck", "max", "emmett", "sarah"])
    put(s, "B3", "empty_room", up=True)
    put(s, "B4", "paranoia_room")
    at(s, "franck", "B3")
    i = ci(s, "franck")
    s, ev = answer(act(s, "franck", "move")[0], "B4")
    assert kinds(ev, "paranoia")[0].data["size"] == 5
    assert sorted(char(s, "franck")["paranoia"]) == ["ctrl", "look", "move", "push", "spec"]
    char(s, "franck")["paranoia"] = ["push", "look", "spec", "ctrl", "move"]  # keeps him on B4
    s, ev = drive(s, {"task": "turn", "char": i, "action_pass": 2}, {"task": "countdown"})
    assert [e.data["left"] for e in kinds(ev, "paranoia_draw")] == [4]
    p = next(p for p in pending(s) if p.params["char"] == "franck")
    assert {o.id for o in p.options} == {"A", "0"}
    for left in (2, 0):
        ev = []
        s = program(s, {}, ev)
        drawn = kinds(ev, "paranoia_draw")
        r = s["round"]
        while s["round"] == r:
            s, ev = answer(s, pending(s)[0].default)
            drawn += kinds(ev, "paranoia_draw")
        assert [e.data["left"] for e in drawn] == [left + 1, left]
    assert char(s, "franck")["paranoia"] is None
    p = next(p for p in pending(s) if p.params["char"] == "franck")
    assert "LM" in {o.id for o in p.options}


def test_r25_25_sarah_saves_herself():
    s = table(chars=["sarah", "max", "emmett", "kevin"])
    put(s, "D3", "empty_room", up=True)
    put(s, "D2", "trap_room")
    at(s, "sarah", "D3")
    s, _ = _round(s, {"sarah": "MS"})
    s, _ = answer(s, "D2")
    while s["round"] == 2:
        s, _ = answer(s, pending(s)[0].default)
    assert char(s, "sarah")["alive"] and room(s, "D2") == ("empty_room", True)
    assert char(s, "sarah")["empty_rooms_left"] == 1


def test_r25_26_robot_into_acid_bath():
    s = table(chars=["kevin", "max", "emmett", "sarah"])
    put(s, "C4", "acid_bath", up=True)
    put(s, "C5", "empty_room", up=True)
    put(s, "A1", "empty_room", up=True)
    at(s, "max", "C4")
    at(s, "emmett", "C4")
    at(s, "kevin", "A1")
    s["robots"] = [s["board"][board.parse("C5")], None]
    s, _ = act(s, "kevin", "spec")
    s, _ = answer(s, "hack_robot")
    if pending(s)[0].kind == "robot_order":
        s, _ = answer(s, "0m")
    s, _ = answer(s, "C4")
    assert not char(s, "max")["alive"] and not char(s, "emmett")["alive"]
    assert s["robots"] == [None, None]


def test_r25_27_illusion_room():
    s = table()
    put(s, "B3", "empty_room", up=True)
    put(s, "B2", "illusion_room")
    put(s, "D4", "empty_room")
    at(s, "jennifer", "B3")
    s1, _ = answer(act(s, "jennifer", "move")[0], "B2")
    s1, _ = answer(s1, "D4")
    assert room(s1, "B2") == ("empty_room", True) and cell_of(s1, "jennifer") == "B2"
    assert room(s1, "D4") == ("illusion_room", True)
    put(s, "D4", "room_25")
    s["remaining"] = 8
    s2, ev = answer(answer(act(s, "jennifer", "move")[0], "B2")[0], "D4")
    assert s2["remaining"] == 5 and kinds(ev, "alarm")


def test_r25_28_look_privacy():
    s = table()
    put(s, "B3", "empty_room", up=True)
    put(s, "B2", "death_room")
    at(s, "jennifer", "B3")
    seat = char(s, "jennifer")["seat"]
    s1, ev = answer(act(s, "jennifer", "look")[0], "B2")
    (res,) = kinds(ev, "look_result")
    assert res.audience == (seat,) and res.data == {"cell": "B2", "room": "death_room",
                                                   "colour": "red"}
    pub = kinds(ev, "looked", PUBLIC)[0].data
    assert pub["cell"] == "B2" and "room" not in pub
    assert s1["board"] == s["board"] and s1["face_up"] == s["face_up"]
    put(s, "B3", "dark_room", up=True)
    _, ev = act(s, "jennifer", "look")
    assert kinds(ev, "action_lost")


def test_r25_29_programming_timeout():
    """R-37a: a timeout programs nothing ("0 tokens"; no button offers it) and the turns pass.
    In a Trap Room that idle turn is the next action the room demands (the seed's "debe salir con
    su siguiente acción"), not a way to stay there for ever: the spec's variant that carries the
    obligation over is overruled."""
    s = table()
    put(s, "B3", "empty_room", up=True)
    s, ev = _round(s, {})
    assert kinds(ev, "plans")[0].data["plans"][0]["count"] == 0
    while s["round"] == 2:
        s, e2 = answer(s, pending(s)[0].default)
        ev += e2
    assert not [e for e in kinds(ev, "token") if e.data["char"] == "jennifer"]
    t = table()
    put(t, "B3", "trap_room", up=True)
    at(t, "jennifer", "B3")
    char(t, "jennifer")["trapped"] = [t["board"][board.parse("B3")], 0]
    t, ev = _round(t, {"max": "LM", "emmett": "LM", "sarah": "LM"})
    assert kinds(ev, "plans")[0].data["plans"][0]["count"] == 0  # Jennifer plays first
    assert not char(t, "jennifer")["alive"]
    assert kinds(ev, "eliminated")[0].data["cause"] == "trap_room"


def test_r25_30_floating_single_action():
    s = table()
    put(s, "C2", "empty_room", up=True)
    s1, _ = _round(s, {"jennifer": "M"})
    assert pending(s1)[0].kind == "floating"
    s1, _ = answer(s1, "later")
    while pending(s1)[0].kind != "move":
        s1, _ = answer(s1, pending(s1)[0].default)
    assert s1["action_pass"] == 2
    s2, _ = _round(s, {"jennifer": "M"})
    p = pending(s2)[0]
    s2, _ = E.apply(s2, p.seat, p.id, p.default)
    assert pending(s2)[0].kind == "move" and s2["action_pass"] == 1


def test_r25_31_shredder_room():
    s = table()
    put(s, "C2", "shredder_room", up=True)
    put(s, "B2", "empty_room", up=True)
    at(s, "jennifer", "C2")
    at(s, "max", "C2")
    s1, _ = answer(act(s, "jennifer", "move")[0], "B2")
    assert not char(s1, "max")["alive"] and char(s1, "jennifer")["alive"]
    assert s1["board"][board.parse("C2")] in s1["no_pass"]
    s2, _ = act(s, "max", "spec")
    s2, _ = answer(s2, "B2")
    assert char(s2, "max")["alive"] and char(s2, "jennifer")["alive"]
    assert s2["board"][board.parse("C2")] in s2["no_pass"]


def test_r25_32_mirror_room():
    s = table()
    put(s, "D3", "empty_room", up=True)
    put(s, "D2", "mirror_room")
    at(s, "jennifer", "D3")
    s, ev = _round(s, {"jennifer": "MLA"})
    s, e2 = answer(s, "D2")
    ev += e2
    while s["round"] == 2:
        s, e2 = answer(s, pending(s)[0].default)
        ev += e2
    assert [e.data["token"] for e in kinds(ev, "token") if e.data["char"] == "jennifer"] == ["move"]
    assert not kinds(ev, "adrenaline") and char(s, "jennifer")["adrenaline"] == 0


def test_r25_33_guard_reveal():
    s = table()
    roles(s, jennifer="G", max="P", emmett="P", sarah="P")
    put(s, "E5", "room_25", up=True)
    put(s, "C2", "empty_room", up=True)
    s1, _ = start_round(s)
    p = next(p for p in pending(s1) if p.params["char"] == "jennifer")
    assert "LMR" in {o.id for o in p.options}
    assert not any("R" in o.id for q in pending(s1) if q.params["char"] != "jennifer"
                   for o in q.options)
    ev = []
    s1 = program(s1, {"jennifer": "LMR"}, ev)
    s1, e2 = answer(s1, pending(s1)[0].default)
    ev += e2
    kinds_seen = [e.kind for e in ev]
    assert "guard_revealed" in kinds_seen
    assert kinds_seen.index("guard_revealed") < kinds_seen.index("token")
    while s1["round"] == 2:
        s1, _ = answer(s1, pending(s1)[0].default)
    assert all(p.params["char"] != "jennifer" for p in pending(s1))
    assert char(s1, "jennifer")["adrenaline"] == 0
    s1 = program(s1, {})
    (p,) = pending(s1)
    assert p.kind == "guard_action" and p.default == "pass"
    s1, _ = answer(s1, "move")
    while pending(s1)[0].kind != "guard_action":
        s1, _ = answer(s1, pending(s1)[0].default)
    assert "move" not in options(s1) and "look" in options(s1)
    put(s, "E5", "room_25", up=False)
    s2, _ = start_round(s)
    assert not any("R" in o.id for q in pending(s2) for o in q.options)
