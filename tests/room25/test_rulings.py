"""Rulebook edge cases where the engine once diverged from the rules, one scenario each, named for
the spec section or ruling (and the Spanish rulebook where it settles the question)."""
from __future__ import annotations

from games.base import PUBLIC
from games.room25 import board
from tests.room25.helpers import (E, act, answer, at, carry, char, drive, kinds, pending,
                                  program, put, roles, start_round, table)


def test_r17_max_carries_into_an_occupied_acid_bath_and_exactly_one_dies():
    """R-17 and the rulebook ("será Max quien decida qué personaje es eliminado"): one entry,
    one death, Max's player picks whom among everyone in the bath."""
    s = table(chars=["max", "kevin", "sarah", "franck"])
    roles(s, max="G", kevin="P", sarah="P", franck="P")
    put(s, "B2", "acid_bath", up=True)
    put(s, "B3", "empty_room", up=True)
    at(s, "sarah", "B2")
    at(s, "max", "B3")
    at(s, "kevin", "B3")
    s, _ = carry(s, "B2")
    (p,) = pending(s)
    assert p.kind == "acid_victim" and p.seat == char(s, "max")["seat"]
    assert [o.id for o in p.options] == ["sarah", "max", "kevin"]  # longest in first (default)
    s, ev = answer(s, "kevin")
    assert [e.data["char"] for e in kinds(ev, "eliminated")] == ["kevin"]
    assert char(s, "sarah")["alive"] and char(s, "max")["alive"] and E.outcome(s) is None


def test_s4_3_guard_reveals_mid_turn_once_room_25_is_face_up():
    """Spec 4.3 step 4 and 5.3 ("en cualquier momento de su turno"): a private question beside
    the guard's own turn, never holding the game up; prisoners and other turns get none."""
    s = table()
    roles(s, jennifer="P", max="G", emmett="P", sarah="P")
    put(s, "C2", "empty_room", up=True)
    put(s, "D3", "empty_room", up=True)
    s, _ = start_round(s)
    s = program(s, {"jennifer": "ML", "max": "ML", "emmett": "ML", "sarah": "ML"})
    asked = pending(s)
    assert len(asked) == 1 and asked[0].params["char"] == "jennifer"  # Room 25 still face-down
    put(s, "E5", "room_25", up=True)
    assert len(pending(s)) == 1                                     # a prisoner's turn: no offer
    s, _ = answer(s, "C2")
    public, offer = pending(s)
    assert public.public and public.params["char"] == "max"
    assert offer.kind == "guard_reveal" and not offer.public
    assert offer.seat == char(s, "max")["seat"]
    assert offer.default == "not_now"
    s2, ev = E.apply(s, offer.seat, offer.id, "reveal")
    assert [e.data["char"] for e in kinds(ev, "guard_revealed", PUBLIC)] == ["max"]
    assert char(s2, "max")["revealed_round"] == 2 and [p.kind for p in pending(s2)] == ["move"]
    s3, _ = E.apply(s, offer.seat, offer.id, "not_now")
    assert [p.kind for p in pending(s3)] == ["move"]                # declined for this turn
    s4, _ = answer(s, "D3")                                         # answering the turn ends it
    assert all(p.kind != "guard_reveal" for p in pending(s4))


def test_r37_programming_offers_one_or_two_tokens_never_nothing():
    """R-37a: "nothing this round" is what a timeout gives, not a button; the default still
    applies."""
    s = table()
    s, _ = start_round(s)
    for p in pending(s):
        assert "0" not in {o.id for o in p.options} and p.default == "0"
        assert all(1 <= len(o.id.replace("A", "").replace("R", "")) <= 2 for o in p.options)
    p = pending(s)[0]
    s, ev = E.apply(s, p.seat, p.id, "0")
    assert char(s, p.params["char"])["submitted"] == "0"


def test_r18_an_empty_programme_does_not_keep_a_character_in_a_trap_room():
    s = table(chars=["max", "jennifer", "emmett", "sarah"])
    put(s, "B3", "trap_room", up=True)
    at(s, "jennifer", "B3")
    char(s, "jennifer")["trapped"] = [s["board"][board.parse("B3")], 0]
    s, _ = start_round(s)
    ev = []
    s = program(s, {"max": "LM", "emmett": "LM", "sarah": "LM"}, ev)  # Jennifer times out
    while char(s, "jennifer")["alive"] and s["round"] == 2:
        s, e2 = answer(s, pending(s)[0].default)
        ev += e2
    dead = kinds(ev, "eliminated")
    assert [(e.data["char"], e.data["cause"]) for e in dead] == [("jennifer", "trap_room")]
    assert s["action_pass"] == 1


def test_r07_adrenaline_offers_the_four_basic_actions_only():
    s = table(chars=["alice", "max", "kevin", "franck"])
    s, _ = start_round(s)
    s = program(s, {"alice": "LMA", "max": "LM", "kevin": "LM", "franck": "LM"})
    while pending(s)[0].kind != "adrenaline":
        s, _ = answer(s, pending(s)[0].default)
    (p,) = pending(s)
    assert [o.id for o in p.options] == ["look", "move", "push", "ctrl"]
    s, ev = answer(s, p.default)  # a timeout spends it with no action (R-37d)
    assert kinds(ev, "adrenaline")[0].data["token"] == "none"
    assert char(s, "alice")["adrenaline"] == 0


def test_s2_6_panic_never_pushes_out_of_the_central_room():
    """The rulebook: pushing from the Central Room is "ESTRICTAMENTE PROHIBIDO"; Max's and
    Bruce's Panic push or carry, so in Central they are void even with a yellow room next door."""
    for name in ("max", "bruce"):
        s = table(mode="coop", players=4, madness=True, chars=[name, "kevin", "sarah", "franck"])
        put(s, "C2", "prison_cell", up=True)
        s, ev = drive(s, {"task": "card", "card": "panic1", "by": None})
        assert not kinds(ev, "entered") and not pending(s), name
        assert all(c["tile"] == s["board"][board.CENTRAL] for c in s["characters"])
    s = table(mode="coop", players=4, madness=True, chars=["max", "kevin", "sarah", "franck"])
    put(s, "B2", "empty_room", up=True)
    put(s, "C2", "prison_cell", up=True)
    at(s, "max", "B2")
    at(s, "kevin", "B2")
    s, ev = drive(s, {"task": "card", "card": "panic1", "by": None})
    assert [e.data["cell"] for e in kinds(ev, "entered")] == ["C2"]  # away from Central: it works


def test_s3_5_reminders_are_standard_equipment_except_with_madness():
    on, _ = E.setup({"mode": "suspicion"}, 4, seed=2)
    coop, _ = E.setup({"mode": "coop", "level": "ultimate"}, 4, seed=2)
    mad, _ = E.setup({"mode": "coop", "level": "ultimate", "madness": True}, 4, seed=2)
    assert on["options"]["reminders"] and coop["options"]["reminders"]
    assert not mad["options"]["reminders"]


def test_r04_sabotaging_the_paranoia_room_you_stand_in_ends_paranoia():
    s = table(chars=["sarah", "max", "kevin", "franck"])
    put(s, "B3", "paranoia_room", up=True)
    at(s, "sarah", "B3")
    uid = s["board"][board.parse("B3")]
    char(s, "sarah").update(paranoia=["look", "move"], paranoia_tile=uid, left_paranoia_room=False)
    s, ev = act(s, "sarah", "spec")  # no robot here: sabotaging the room is the only choice
    assert kinds(ev, "replaced")
    assert [e.data["char"] for e in kinds(ev, "paranoia_end")] == ["sarah"]
    assert char(s, "sarah")["paranoia"] is None
    s, _ = start_round(s)
    assert any(p.params["char"] == "sarah" and p.kind == "program" and "LM" in
               {o.id for o in p.options} for p in pending(s))
