"""Setup: options, character picks, compositions and the Complex layout (spec 3)."""
from __future__ import annotations

from collections import Counter

import pytest

from games.base import IllegalMove
from games.room25 import board, data
from cogs.common import render
from hosting.text import Translator
from tests.room25.helpers import E, answer, pending


def test_player_ranges_and_options():
    assert E.player_range("suspicion") == (4, 8) and E.player_range("coop") == (1, 6)
    assert E.default_options("suspicion", 5)["guards"] == 1
    assert E.default_options("coop", 2)["per_player"] == 2
    assert E.default_options("suspicion", 6)["level"] == "basic"
    assert E.default_options("suspicion", 7)["level"] == "ultimate"  # Basic stops at 6
    with pytest.raises(IllegalMove) as err:
        E.setup({"mode": "suspicion", "level": "basic"}, 7, seed=1)
    assert err.value.code == "basic_max"
    with pytest.raises(IllegalMove) as err:
        E.setup({"mode": "coop", "per_player": 3}, 3, seed=1)
    assert err.value.code == "coop_characters"
    with pytest.raises(IllegalMove) as err:
        E.setup({"mode": "suspicion", "guards": 2}, 4, seed=1)
    assert err.value.code == "bad_guards"


@pytest.mark.parametrize("guards", [1, 2])
def test_five_player_variants(guards):
    s, _ = E.setup({"mode": "suspicion", "guards": guards, "level": "ultimate",
                    "characters": "random"}, 5, seed=4)
    assert Counter(c["role"] for c in s["characters"]) == {"G": guards, "P": 5 - guards}
    comp = Counter(s["tile_kinds"])
    assert comp["death_room"] >= (2 if guards == 1 else 1)
    if guards == 2:
        assert comp["regeneration_room"] >= 1 and comp["robot_room"] >= 1


@pytest.mark.parametrize("mode,players,level", [("suspicion", 4, "basic"), ("suspicion", 6, "basic"),
                                                ("coop", 4, "basic"), ("suspicion", 8, "ultimate"),
                                                ("coop", 6, "ultimate")])
def test_layout_follows_the_rules(mode, players, level):
    for seed in range(20):
        s, _ = E.setup({"mode": mode, "level": level, "characters": "random"}, players, seed)
        assert s["tile_kinds"][s["board"][board.CENTRAL]] == "central_room"
        exits = {board.kind_at(s, c) for c in board.EXIT}
        aside = {k for k in s["tile_kinds"] if data.rooms()[k]["aside"]}
        assert aside <= exits and "room_25" in exits
        assert ("key_room" in s["tile_kinds"]) == (mode == "coop")
        if level == "basic":
            assert all(data.rooms()[k]["s1"] or k == "key_room" for k in s["tile_kinds"])
        assert not any(s["face_up"][u] for u in range(25) if u != board.CENTRAL)


def test_custom_composition_is_validated():
    tiles = ["room_25"] + ["empty_room"] * 8 + ["control_room"] * 2 + ["tunnel"] * 2 + [
        "vortex_room"] * 2 + ["prison_cell"] * 2 + ["cold_room"] * 2 + ["dark_room"] * 2 + [
        "death_room"] * 2 + ["acid_bath"]
    s, _ = E.setup({"mode": "suspicion", "composition": tiles, "characters": "random"}, 4, 1)
    assert Counter(s["tile_kinds"]) == Counter(tiles + ["central_room"])
    for bad in (tiles[:-1], tiles[:-1] + ["key_room"], tiles[:-1] + ["death_room"]):
        with pytest.raises(IllegalMove) as err:
            E.setup({"mode": "suspicion", "composition": bad}, 4, 1)
        assert err.value.code == "bad_composition"


def test_players_pick_distinct_characters():
    s, _ = E.setup({"mode": "coop", "level": "ultimate"}, 2, seed=5)
    first = pending(s)[0]
    assert first.kind == "pick" and first.seat == 0 and len(first.options) == 8
    drawn = [c["name"] for c in s["characters"]]
    s, ev = answer(s, drawn[2])           # take the name drawn for the third pawn
    assert [e.kind for e in ev] == ["picked"]
    p = pending(s)[0]
    assert p.seat == 1 and drawn[2] not in {o.id for o in p.options}
    while pending(s)[0].kind == "pick":
        s, ev = answer(s, pending(s)[0].default)
    names = [c["name"] for c in s["characters"]]
    assert len(set(names)) == 4 and names[0] == drawn[2]
    assert [c["seat"] for c in s["characters"]] == [0, 1, 0, 1]
    assert [e.kind for e in ev if e.kind == "you_are"] == ["you_are", "you_are"]
    for c in s["characters"]:
        assert c["empty_rooms_left"] == data.characters()[c["name"]].get("empties", 0)
        assert c["tile"] == board.CENTRAL


def test_the_pick_names_each_ability_and_programming_offers_adrenaline_only_when_it_is_there():
    t = Translator("room25", "en", ["Ana", "Bruno"], markdown=True)
    s, _ = E.setup({"mode": "coop", "level": "ultimate"}, 2, seed=5)
    pick = pending(s)[0]
    assert all(o.params["ability"] == o.id for o in pick.options)
    text = render.question_text(t, pick)      # the question, then each option's ability
    assert "**Jennifer**: Attract: Pull a character" in text and len(text.splitlines()) == 9
    assert "**Emmett**: Reactivate or Lock: " in text
    basic, _ = E.setup({"mode": "coop", "level": "basic"}, 2, seed=5)
    assert "no special abilities" in t("prompts", "pick", **pending(basic)[0].params)
    while pending(basic)[0].kind != "program":
        basic, _ = answer(basic, pending(basic)[0].default)
    program = pending(basic)[0]        # Basic rules: no Adrenaline token, no word of it
    assert not program.params["adrenaline"] and "Adrenaline" not in t(
        "prompts", "program", **program.params)
    assert t("prompts", "program", **program.params).startswith("Round 1: program ")
    while pending(s)[0].kind != "program":
        s, _ = answer(s, pending(s)[0].default)
    program = pending(s)[0]
    assert program.params["adrenaline"] and any(o.params.get("adr") for o in program.options)
    assert "with or without Adrenaline" in t("prompts", "program", **program.params)


def test_the_complex_is_announced_as_one_short_list_grouped_by_colour():
    s, ev = E.setup({"mode": "suspicion"}, 5, seed=3)
    groups = next(e for e in ev if e.kind == "setup").data["rooms"]
    assert [g["colour"] for g in groups] == ["red", "yellow", "green", "blue"]
    assert sum(r.get("n", 1) for g in groups for r in g["rooms"]) == 24
    assert all(data.colour(r["room"]) == g["colour"] for g in groups for r in g["rooms"])
    text = Translator("room25", "es").event("setup", next(e for e in ev if e.kind == "setup").data)
    assert len(text.splitlines()) == 5 and "Baño de Ácido ×2" in text


def test_while_players_pick_the_table_sees_only_the_characters_chosen():
    s, _ = E.setup({"mode": "suspicion"}, 5, seed=1)
    view = E.public_view(s)
    assert view["chars"] == [] and view["order"] == [] and view["choosing"] == [0, 1, 2, 3, 4]
    assert not any(c["chars"] for c in view["cells"])    # no default name drawn on the board
    s, _ = answer(s, "sarah")
    view = E.public_view(s)
    assert [c["name"] for c in view["chars"]] == ["sarah"] and view["choosing"] == [1, 2, 3, 4]
    assert "Still choosing a character: B, C, D, E." in E.describe(
        view, Translator("room25", "en", ["A", "B", "C", "D", "E"]))
