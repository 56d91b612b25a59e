"""Views and pictures: the public view and picture depend on public facts only (changing the
hidden script changes neither); the Mastermind's view shows its script, a protagonist's its own
cards and hands; the text of a view has no raw ids."""
from __future__ import annotations

import copy

from hosting.text import Translator
from tests.looper.helpers import E

T = Translator("looper", "en", ["M", "A", "B", "C"])


def midgame():
    s, _ = E.setup({"mode": "basic_tragedy"}, 4, seed=5)
    while len(s["placed"]) < 4:
        p = E.pending(s)[0]
        s, _ = E.apply(s, p.seat, p.id, E.ai_choice(s, p, "planner") or p.default)
    return s


def test_public_view_and_picture_ignore_the_script():
    s = midgame()
    other = copy.deepcopy(s)
    for e in other["script"]["cast"]:
        e["role"] = "person"
    for i in other["script"]["incidents"]:
        i["culprit"] = other["script"]["cast"][0]["character"]
    assert E.public_view(s) == E.public_view(other)
    assert E.picture(E.public_view(s), T) == E.picture(E.public_view(other), T)
    assert E.picture(E.public_view(s), T).startswith(b"\x89PNG")


def test_seat_views_hold_their_own_secrets_only():
    s = midgame()
    mm, first = E.seat_view(s, 0), E.seat_view(s, 1)
    assert mm["script"] == s["script"] and "script" not in first
    assert all(p["owner"] == "mastermind" for p in mm["my_cards"])
    assert all(p["owner"] in first["decks"] for p in first["my_cards"])
    assert E.picture(mm, T) != E.picture(E.public_view(s), T)
    for seat in range(4):
        text = E.describe(E.seat_view(s, seat), T)
        assert "_" not in text and "[" not in text, text


def test_restricted_talk_locks_the_thread_outside_spirals():
    s, _ = E.setup({"mode": "first_steps", "talk_restricted": True}, 3, seed=1)
    assert s["step"] == "spiral" and not E.public_view(s)["quiet"]
    p = E.pending(s)[0]
    s, _ = E.apply(s, p.seat, p.id, "begin")
    assert E.public_view(s)["quiet"]
    s, _ = E.setup({"mode": "first_steps"}, 3, seed=1)
    p = E.pending(s)[0]
    assert not E.public_view(E.apply(s, p.seat, p.id, "begin")[0])["quiet"]


def test_deduction_sheet_is_private_and_kept_across_loops():
    s, _ = E.setup({"mode": "first_steps", "first_leader": 1}, 3, seed=1)
    notes = next(p for p in E.pending(s) if p.kind == "notes" and p.seat == 2)
    s, _ = E.apply(s, 2, notes.id, "doctor")
    role = next(p for p in E.pending(s) if p.kind == "note_role")
    s, ev = E.apply(s, 2, role.id, "brain")
    assert [(e.kind, e.audience) for e in ev] == [("note_taken", (2,))]
    assert E.seat_view(s, 2)["notes"] == {"doctor": "brain"}
    assert E.seat_view(s, 1)["notes"] == {} and "notes" not in E.public_view(s)
    assert "Your note: Doctor — Brain" in E.describe(E.seat_view(s, 2), T)
    spiral = next(p for p in E.pending(s) if p.kind == "spiral")
    s, _ = E.apply(s, spiral.seat, spiral.id, "begin")
    assert not [p for p in E.pending(s) if p.kind.startswith("note")]   # closed with the spiral
    assert s["deductions"]["2"] == {"doctor": "brain"}
