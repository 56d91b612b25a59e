"""Views and pictures: the public view carries no secret; a seat's view adds only its own;
both pictures render with the bundled font."""
from __future__ import annotations

import copy
import io
import json

from PIL import Image

from games.cultists import data, picture
from hosting.text import Translator
from tests.cultists.helpers import E
from tests.pictures import apart


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
    assert public.width == private.width == picture.W and public.format == "PNG"
    assert public.tobytes() != private.tobytes()


NAMES = ["Alice", "Bartholomew Longname", "Carmen", "Dmitri", "Eve", "Fatima", "Gus", "Hana"]


def midgame():
    """People in rooms and corridors, a ghost, the Knife, explored rooms, a Cultist token,
    books shelved and points scored, an event in play."""
    s = game(8)
    places = ["DINING", "DINING", "NE", "PINK_1", "CENTRAL", "GREEN", "SECURITY", "SW"]
    for c, place in zip(s["chars"], places):
        c["location"] = place
    s["chars"][2]["ghost"] = True
    s["knife"] = 1
    for r in ("DINING", "PINK_1", "GREEN"):
        s["rooms"][r]["explored"] = True
    s["rooms"]["PINK_1"]["cultist_token"] = True
    s["shelves"]["SHELF_PINK"]["books"] = 1
    s.update(vp=3, round=4, event="LIGHTNING")
    return s


def names(label: str, name: str) -> bool:
    """Whether a token's label names this person: the name, or its start cut short by "…"."""
    label = label.removeprefix("☠ ").removesuffix(" ⚔")
    return label == name or label.endswith("…") and name.startswith(label[:-1])


def test_the_map_reads_at_the_width_discord_shows_it():
    s = midgame()
    t = Translator("cultists", "en", NAMES)
    for view in (E.public_view(s), E.seat_view(s, 0)):
        cv = picture.draw(view, t)
        assert cv.width == picture.W and apart(cv)
        assert min(cv.shown(w["size"]) for w in cv.words) >= 12
        words = [w["text"] for w in cv.words]
        said = " ".join(words)
        for place in data.layout(view["layout"])["loc"]:   # every place named on the map
            assert t.lookup("pic_places", place) in said
        assert "Investigators' points: 3 of 13" in words and "Event in play: Lightning" in words
        assert [str(i) for i in range(1, 14)] == [w for w in words if w.isdigit()][:13]
        assert "0/2 books → +2" in words and "1/6 books → +4" in words
        for c in view["chars"]:   # each person's token, by name, under their place's name
            name, place = t.seat_name(c["char"]), t.lookup("pic_places", c["place"])
            token = next(w["box"] for w in cv.words if names(w["text"], name))
            head = next(w["box"] for w in cv.words if place.startswith(w["text"]))
            assert head[1] < token[1] < head[1] + 200 and head[0] - 2 <= token[0] < head[0] + 300
        assert "☠ Carmen" in words   # the ghost, marked


def test_public_map_is_the_same_whoever_holds_the_roles():
    s = midgame()
    other = copy.deepcopy(s)
    for c in other["chars"]:
        c["role"], c["team"] = "INVESTIGATOR", "INV"
    t = Translator("cultists", "en", NAMES)
    assert E.picture(E.public_view(s), t) == E.picture(E.public_view(other), t)
