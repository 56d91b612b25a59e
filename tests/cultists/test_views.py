"""Views and pictures: the public view carries no secret; a seat's view adds only its own;
both pictures render with the bundled font."""
from __future__ import annotations

import io
import json

from PIL import Image

from hosting.text import Translator
from tests.cultists.helpers import E


def game(players=6, seed=2):
    s, _ = E.setup({"mode": "experienced"}, players, seed)
    return s


def test_public_view_names_no_secret():
    s = game()
    view = E.public_view(s)
    text = json.dumps(view)
    assert all(c["role"] is None for c in view["chars"])
    assert '"pulse": [' not in text and "hand" not in text and "deck\": [" not in text
    assert all(r["hazard"] is None for r in view["rooms"].values() if not r["explored"])
    assert view["tokens_hidden"] == 3 and "cultist_tokens" not in view


def test_seat_view_adds_only_its_own_secrets():
    s = game()
    cult = next(c for c in s["chars"] if c["team"] == "CULT")
    inv = next(c for c in s["chars"] if c["team"] == "INV" and c["role"] != "SEER")
    assert E.seat_view(s, cult["seat"])["me"]["starting_dead"]
    mine = E.seat_view(s, inv["seat"])["me"]
    assert mine["role"] == inv["role"] and "cultists" not in mine and "starting_dead" not in mine
    t = Translator("cultists", "es", [f"P{i}" for i in range(6)])
    assert "Cultistas que conoces" in E.describe(E.seat_view(s, cult["seat"]), t) or \
        "cultists" in E.seat_view(s, cult["seat"])["me"]


def test_pictures_render():
    s = game(8)
    t = Translator("cultists", "en", [f"P{i}" for i in range(8)])
    public = Image.open(io.BytesIO(E.picture(E.public_view(s), t)))
    private = Image.open(io.BytesIO(E.picture(E.seat_view(s, 0), t)))
    assert public.size == private.size and public.format == "PNG"
    assert public.tobytes() != private.tobytes()
