"""Secret audit at engine level: public events and the public view never carry a face-down tile's
identity or an identity before its reveal; Look results reach the looker only."""
from __future__ import annotations

import random

import pytest

from games.base import PUBLIC
from games.room25 import board
from hosting.text import Translator
from tests.room25.helpers import E

END_EVENTS = {"hidden_room", "identity", "game_over"}


def public_kinds(s: dict) -> set[str]:
    return {k for u, k in enumerate(s["tile_kinds"]) if s["face_up"][u]}


def audit_decision(before: dict, after: dict, events, t: Translator) -> None:
    known = public_kinds(before) | public_kinds(after)
    known |= {e.data["room"] for e in events
              if e.audience == PUBLIC and e.kind in ("revealed", "replaced")}
    secret_names = {t.lookup("rooms", k) for k in set(after["tile_kinds"]) - known}
    looked_seats = set()
    for e in events:
        if e.kind == "look_result":
            assert e.audience not in (PUBLIC, "gm") and len(e.audience) >= 1
            looked_seats |= set(e.audience)
        if e.kind == "you_are":
            assert e.audience not in (PUBLIC, "gm") and len(e.audience) == 1
        if e.audience != PUBLIC:
            continue
        assert t.has("events", e.kind), e.kind
        if after["outcome"] and e.kind in END_EVENTS:
            continue
        assert "role" not in e.data or e.kind == "identity"
        if e.kind == "identity":
            ci = next(i for i, c in enumerate(after["characters"]) if c["name"] == e.data["char"])
            assert after["characters"][ci]["role_shown"]
        if "room" in e.data:
            assert e.data["room"] in known, (e.kind, e.data)
        if e.kind != "setup":
            text = t.event(e.kind, e.data)
            assert not any(name in text for name in secret_names), (text, secret_names)
    for e in events:
        if e.kind in ("looked", "clue_looked") and e.audience == PUBLIC:
            assert e.data["seat"] in looked_seats


def audit_view(s: dict) -> None:
    """Face-down rooms stay hidden until the end, which shows every room."""
    view = E.public_view(s)
    if s["outcome"]:      # the end shows the whole Complex and every identity
        assert all(c["room"] for c in view["cells"]) and "?" not in {c["role"] for c in view["chars"]}
        return
    for cell, c in zip(range(25), view["cells"]):
        uid = s["board"][cell]
        if s["outcome"]:
            assert c["room"] == s["tile_kinds"][uid]
        elif not s["face_up"][uid]:
            assert c["room"] is None and c["colour"] is None
    for c in view["chars"]:
        ch = next(x for x in s["characters"] if x["name"] == c["name"])
        if ch["role"] and not ch["role_shown"]:
            assert c["role"] == "?"
    if s["phase"] == "programming":
        assert all(c["programmed"] is None for c in view["chars"])
    seat = E.seat_view(s, 0)
    others = [c for c in s["characters"] if c["seat"] != 0]
    assert all(m["name"] not in {c["name"] for c in others} for m in seat["mine"])


@pytest.mark.parametrize("mode,players,level,madness", [
    ("suspicion", 5, "basic", False), ("suspicion", 7, "ultimate", True),
    ("suspicion", 6, "ultimate", False), ("coop", 3, "ultimate", False),
    ("coop", 4, "ultimate", True), ("coop", 1, "basic", False)])
def test_public_events_keep_secrets(mode, players, level, madness):
    t = Translator("room25", "en", [f"Seat{i}" for i in range(players)])
    for seed in range(12):
        rnd = random.Random(seed)
        s, events = E.setup({"mode": mode, "level": level, "madness": madness}, players, seed)
        audit_decision(s, s, events, t)
        while E.outcome(s) is None:
            p = rnd.choice(E.pending(s))
            if p.kind in ("program", "clue"):
                assert not p.public
            before = s
            s, events = E.apply(s, p.seat, p.id, rnd.choice(p.options).id)
            audit_decision(before, s, events, t)
            audit_view(s)


def test_look_result_reaches_the_looker_only():
    s, events = E.setup({"mode": "suspicion", "characters": "random"}, 4, seed=2)
    p = next(p for p in E.pending(s) if p.seat == 1)
    s, events = E.apply(s, 1, p.id, "C2")
    (result,) = [e for e in events if e.kind == "look_result"]
    assert result.audience == (1,)
    assert result.data["room"] == board.kind_at(s, board.parse("C2"))
    (public,) = [e for e in events if e.audience == PUBLIC]
    assert public.kind == "clue_looked" and "room" not in public.data
    assert E.seat_view(s, 1)["seen"] == [{"cell": "C2", "room": result.data["room"],
                                          "colour": result.data["colour"]}]
    assert E.seat_view(s, 2)["seen"] == []
