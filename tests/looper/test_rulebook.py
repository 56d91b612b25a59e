"""The Spanish player manual, section by section, where the engine once read it otherwise:
one test per passage, named after it, quoting a few of its words."""
from __future__ import annotations

import copy

import pytest

from games.base import IllegalMove
from games.looper import data
from tests.looper.helpers import E, at, game
from tests.looper.test_scenarios import bland_day, informer_table, people

BT_SUBPLOTS = ("a_love_affair", "circle_of_friends")


def _after_informer(named: str):
    t = informer_table(BT_SUBPLOTS)
    t.say("leader_ability", f"informer.0.{named}").say("refusal", "allow")
    return t


def test_step6_the_mastermind_names_the_informers_subplot_whatever_was_named():
    """4-6 and the Informer's card: "la mente maestra debe decir el título de otra trama
    secundaria que esté actualmente activa". The Mastermind is asked, behind the same window,
    whether the subplot the Leader named is active or not, so how long the step lasts does not
    tell the table which it was."""
    shapes = []
    for named in ("a_love_affair", "threads_of_fate"):
        t = _after_informer(named)
        waiting = [(p.kind, p.seat, p.public) for p in E.pending(t.s)]
        shapes.append(sorted(waiting, key=str))
        assert ("informer", 0, False) in waiting
    assert shapes[0] == shapes[1]


def test_record_board_holds_at_most_seven_loops():
    """The record board: "INICIO DE PARTIDA 7 BUCLES" is the longest loop track, so a table
    asking for eight loops is told so at once, not sent looking for a script that cannot be."""
    E.check_options("basic_tragedy", {"loops": 7})
    with pytest.raises(IllegalMove):
        E.check_options("basic_tragedy", {"loops": 8})


def _protagonist_questions(s: dict) -> list:
    return [(p.kind, p.seat, [o.to_json() for o in p.options]) for p in E.pending(s)
            if p.seat != 0]


def test_2_2_the_secret_sheet_order_stays_secret_from_the_first_spiral():
    """2-2: the secret card, "en ella se relacionan los papeles que desempeñan los personajes",
    is the Mastermind's alone. A shipped script lists its cast by role, so the deduction sheet
    offered in the first time spiral lists the characters in their own order, not the cast's."""
    script = dict(data.shipped_scripts()["first_script"])
    asked = []
    for cast in (script["cast"], script["cast"][::-1]):
        s, _ = E.setup({"mode": "first_steps", "first_leader": 1,
                        "script": {**script, "cast": cast}}, 4, seed=3)
        asked.append(_protagonist_questions(s))
    assert asked[0] == asked[1]
    notes = next(opts for kind, _, opts in asked[0] if kind == "notes")
    named = [o["id"] for o in notes if o["id"] != "close"]
    assert named == [c for c in data.characters() if c in named]


def test_2_2_a_stored_first_spiral_is_brought_to_the_characters_order():
    script = data.shipped_scripts()["first_script"]
    s, _ = E.setup({"mode": "first_steps", "first_leader": 1, "script": dict(script)}, 4, seed=3)
    stored = copy.deepcopy(s)
    cast = [e["character"] for e in script["cast"]]
    for q in stored["questions"]:
        if q["kind"] == "notes":
            q["options"] = q["options"][:1] + sorted(q["options"][1:],
                                                     key=lambda o: cast.index(o[0]))
    assert stored != s
    assert E.upgrade(stored) == s
    assert E.upgrade(copy.deepcopy(s)) == s


def test_friend_two_dead_friends_are_revealed_in_the_characters_order():
    """Friend: "[Final del bucle] Si este personaje muere, desvela su papel". With two dead
    Friends (Circle of Friends) the reveals come in the characters' own order, so the public
    lines never follow the secret sheet's."""
    said = []
    for flip in (False, True):
        t = game(people(boy_student="friend", shrine_maiden="friend",
                        doctor="conspiracy_theorist", girl_student="key_person",
                        office_worker="killer", police_officer="brain"),
                 subs=("circle_of_friends", "threads_of_fate"), days=4, day=4)
        if flip:
            t.s["script"]["cast"].reverse()
        at(t, "boy_student", alive=False)
        at(t, "shrine_maiden", alive=False)
        bland_day(t.go()).done("day_end")
        said.append([e.data["character"] for e in t.public() if e.kind == "role_revealed"])
    assert said[0] == said[1] == [c for c in data.characters()
                                  if c in ("boy_student", "shrine_maiden")]
