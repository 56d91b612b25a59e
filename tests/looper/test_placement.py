"""Placing a card takes two small questions: the card (the hand's distinct cards), then its
target (the legal targets, and back to the cards). The rules are the same as in one step; the
protagonists' public questions never name a card; a missed protagonist placement does nothing."""
from __future__ import annotations

import copy

import pytest

from games.base import PUBLIC, IllegalMove
from games.looper import cards, data, views
from tests.looper.helpers import E, Table, at, game


def people(**over) -> dict:
    cast = {"girl_student": "person", "boy_student": "person", "office_worker": "person",
            "shrine_maiden": "person"}
    return {**cast, **over}


def test_the_mastermind_picks_a_card_then_its_target():
    t = game(people()).go()
    first = t.open("mastermind_card")[0]
    assert [o.id for o in first.options] == [cards.CODE[("mastermind", c)] for c in
                                            dict.fromkeys(data.full_hand("mastermind"))]
    assert len(first.options) == 9 and not first.public
    t.say("mastermind_card", "i2")
    second = t.open("mastermind_target")[0]
    assert second.params == {"card": "intrigue_plus2", "number": 1} and not second.public
    ids = [o.id for o in second.options]
    assert ids[:4] == list(data.LOCATIONS) and ids[-1] == cards.BACK
    assert sorted(ids[4:-1]) == sorted(people())
    assert not t.s["placed"]
    t.say("mastermind_target", "school")
    assert t.s["placed"] == [{"owner": "mastermind", "card": "intrigue_plus2",
                              "target": "school"}]
    assert t.open("mastermind_card")[0].params["number"] == 2
    assert "school" not in t.targets("mastermind", "paranoia_plus1")   # one card per target


def test_back_returns_to_the_cards_with_nothing_placed():
    t = game(people()).go()
    t.events.clear()
    t.say("mastermind_card", "i2").say("mastermind_target", cards.BACK)
    assert not t.s["placed"] and t.s["stage"] == {}
    again = t.open("mastermind_card")[0]
    assert again.params["number"] == 1 and "i2" in [o.id for o in again.options]
    t.mm("intrigue_plus1", "shrine")
    assert t.s["placed"] == [{"owner": "mastermind", "card": "intrigue_plus1",
                              "target": "shrine"}]
    assert not any(e.audience == PUBLIC and e.kind != "card_placed" for e in t.events)


def test_a_spent_card_is_neither_offered_nor_taken():
    t = game(people())
    t.s["mastermind_hand"].remove("move_diagonal")
    t.s["mastermind_set_aside"].append("move_diagonal")
    t.go()
    assert "md" not in t.options("mastermind_card")
    p = t.open("mastermind_card")[0]
    with pytest.raises(IllegalMove):
        E.apply(t.s, p.seat, p.id, "md")
    t.mm("paranoia_plus1", "girl_student").mm("paranoia_plus1", "boy_student")
    assert "p+" not in t.options("mastermind_card")        # both copies lie on the board
    t.mm("intrigue_plus2", "city")
    t.say("protagonist_card", "fm")
    p = t.open("protagonist_target")[0]
    with pytest.raises(IllegalMove):                       # a target is not a card
        E.apply(t.s, p.seat, p.id, "fm")


def test_the_protagonists_public_target_question_names_no_card():
    """Whatever card a deck chose, its target question reads the same, and choosing the card
    tells the table nothing; only the seat's own view holds it."""
    t = game(people()).go()
    t.mm("paranoia_plus1", "girl_student").mm("intrigue_plus1", "hospital")
    t.mm("forbid_goodwill", "boy_student")
    seen = []
    for code in t.options("protagonist_card"):
        trial = Table(copy.deepcopy(t.s))
        trial.say("protagonist_card", code)
        q = trial.open("protagonist_target")[0]
        assert q.public and not any(e.audience == PUBLIC for e in trial.events)
        seen.append({**q.to_json(), "id": None})
        public = views.public_view(trial.s)
        assert public == views.public_view(t.s)
        assert views.seat_view(trial.s, q.seat)["choosing"] == {
            "deck": "A", "card": cards.card_of("A", code)}
        assert "choosing" not in views.seat_view(trial.s, 0)
    assert len(seen) == 8 and all(s == seen[0] for s in seen)
    assert "card" not in seen[0]["params"]


def test_a_missed_protagonist_card_does_nothing():
    """The defaults of both steps: Paranoia +1 (no effect on a location, not spent) on a
    location no Mastermind card lies on, so a teammate may still answer those."""
    t = game(people()).go()
    at(t, "girl_student", paranoia=1)
    t.mm("intrigue_plus1", "hospital").mm("intrigue_plus2", "shrine")
    t.mm("paranoia_plus1", "girl_student")
    first = t.open("protagonist_card")[0]
    assert first.default == "p+"
    t.say("protagonist_card", first.default)
    second = t.open("protagonist_target")[0]
    assert second.default == "city"
    t.say("protagonist_target", second.default)
    assert t.targets("protagonist", "forbid_intrigue")[:2] == ["hospital", "shrine"]
    t.deck("forbid_intrigue", "hospital").deck("paranoia_minus1", "girl_student")
    t.say("cultist", "keep")
    assert t.s["location_intrigue"] == {"hospital": 0, "shrine": 2, "city": 0, "school": 0}
    assert t.s["deck_set_aside"]["A"] == []


def test_a_card_asked_in_one_step_before_is_asked_again_as_a_card():
    """A game stored mid-placement, when a card question offered "code@target", plays on."""
    t = game(people()).go()
    t.mm("intrigue_plus1", "hospital")
    q = t.s["questions"][0]
    q["options"] = [[f"{o[0]}@{loc}", "place", {"card": o[2]["card"], "target": loc}]
                    for o in q["options"] for loc in data.LOCATIONS]
    q["default"] = "p+@city"
    upgraded = E.upgrade(t.s)
    q = upgraded["questions"][0]
    assert [o[0] for o in q["options"]] == [
        cards.CODE[("mastermind", c)] for c in dict.fromkeys(cards.hand(upgraded,
                                                                        "mastermind"))]
    assert q["default"] == "p+"
    assert E.upgrade(copy.deepcopy(upgraded)) == upgraded
    t.s = upgraded
    t.mm("paranoia_plus1", "city").mm("forbid_paranoia", "school")
    assert t.open("protagonist_card")


def test_every_card_asks_the_same_target_question():
    """Whatever card the Mastermind picks, its target step comes with the same targets and
    deadline, so how long a placement takes says nothing of the card."""
    t = game(people()).go()
    t.mm("paranoia_plus1", "girl_student")
    shapes = []
    for code in t.options("mastermind_card"):
        trial = Table(copy.deepcopy(t.s)).say("mastermind_card", code)
        q = trial.open("mastermind_target")[0]
        assert q.option(q.default) and q.default != cards.BACK     # the planner's target
        shapes.append(([o.id for o in q.options], q.deadline, q.seat, q.public))
    assert len(shapes) == 9 and all(s == shapes[0] for s in shapes)
