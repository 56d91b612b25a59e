"""Views, text and the board picture show each audience only what it may know."""
from __future__ import annotations

import copy

from games.room25 import board
from hosting.text import Translator
from tests.room25.helpers import E, at, char, program, put, start_round, table

T = Translator("room25", "en", ["Ana", "Bo", "Cy", "Di"])


def _midgame():
    s = table()
    s["characters"][0]["role"], s["characters"][1]["role"] = "G", "P"
    put(s, "B2", "death_room")
    put(s, "C2", "empty_room", up=True)
    at(s, "max", "C2")
    s["slid_lines"] = {"r2": "E"}
    s, _ = start_round(s)
    return program(s, {"jennifer": "LM", "max": "CL"})


def test_public_and_seat_views():
    s = _midgame()
    pub = E.public_view(s)
    assert pub["phase"] == "action" and pub["round"] == 2 and pub["remaining"] == s["remaining"]
    assert len(pub["cells"]) == 25 and pub["cells"][board.parse("B2")]["room"] is None
    assert pub["cells"][board.parse("C2")]["chars"] == ["max"]
    assert {c["name"]: c["programmed"] for c in pub["chars"]}["jennifer"] == 2
    assert "mine" not in pub and "plan" not in str(pub["chars"])
    mine = E.seat_view(s, char(s, "jennifer")["seat"])["mine"]
    assert mine == [{"name": "jennifer", "role": "guard", "plan": ["move"],  # Look is resolving
                     "floating": None, "adr_programmed": False, "submitted": "LM",
                     "reveal_planned": False, "may_reveal": False}]
    other = E.seat_view(s, char(s, "max")["seat"])
    assert [m["name"] for m in other["mine"]] == ["max"] and other["mine"][0]["role"] == "prisoner"
    text = E.describe(E.seat_view(s, 0), T)
    assert "Jennifer" in text and "Guard" in text
    assert "Guard" not in E.describe(pub, T)


def test_picture_never_depends_on_hidden_tiles():
    s = _midgame()
    png = E.picture(E.public_view(s), T)
    assert png.startswith(b"\x89PNG")
    other = copy.deepcopy(s)
    hidden = [u for u in range(25) if not other["face_up"][u]]
    kinds = [other["tile_kinds"][u] for u in hidden]
    for u, k in zip(hidden, kinds[1:] + kinds[:1]):
        other["tile_kinds"][u] = k
    assert E.picture(E.public_view(other), T) == png
    spanish = E.picture(E.public_view(s), Translator("room25", "es", ["A", "B", "C", "D"]))
    assert spanish.startswith(b"\x89PNG") and spanish != png


def test_programming_status_shows_who_not_what():
    s = table()
    s, _ = start_round(s)
    p = next(p for p in E.pending(s) if p.params["char"] == "jennifer")
    s, ev = E.apply(s, p.seat, p.id, "LM")
    assert not ev
    view = E.public_view(s)
    ready = {c["name"]: c["ready"] for c in view["chars"]}
    assert ready["jennifer"] and not ready["max"]
    assert all(c["programmed"] is None for c in view["chars"])
