"""Placing a card is one question, every legal card × target, spelt as two steps (the card,
then its target) that the bot asks as two menus. The protagonists' public questions show the
card step alone; a missed protagonist placement does nothing; games stored with the older
shapes play on."""
from __future__ import annotations

import copy

import pytest

from games.base import PUBLIC, IllegalMove
from games.looper import cards, data, flow
from tests.looper.helpers import E, Table, at, game


def people(**over) -> dict:
    cast = {"girl_student": "person", "boy_student": "person", "office_worker": "person",
            "shrine_maiden": "person"}
    return {**cast, **over}


def test_the_mastermind_places_a_card_and_its_target_in_one_answer():
    t = game(people()).go()
    q = t.open("mastermind_card")[0]
    hand = list(dict.fromkeys(data.full_hand("mastermind")))
    where = cards.targets(t.s, data.MASTERMIND)
    assert where[:4] == list(data.LOCATIONS) and sorted(where[4:]) == sorted(people())
    assert [o.id for o in q.options] == [f"{cards.CODE[('mastermind', c)]}@{w}"
                                         for c in hand for w in where]
    assert q.options[0].params["path"] == [["card", f"cards:{hand[0]}"],
                                           ["target", f"names:{where[0]}"]]
    assert not q.public and q.params == {"number": 1} and q.option(q.default)
    t.events.clear()
    t.say("mastermind_card", "i2@school")
    assert t.s["placed"] == [{"owner": "mastermind", "card": "intrigue_plus2",
                              "target": "school"}]
    assert [e.kind for e in t.events] == ["card_placed"]    # its closed question says the card
    assert t.open("mastermind_card")[0].params["number"] == 2
    assert "school" not in t.targets("mastermind", "paranoia_plus1")   # one card per target


def test_a_protagonist_is_told_its_card_and_the_table_only_where():
    t = game(people()).go()
    t.mm("paranoia_plus1", "girl_student").mm("intrigue_plus1", "hospital")
    t.mm("forbid_goodwill", "boy_student")
    t.events.clear()
    t.deck("goodwill_plus1", "girl_student")
    told = {e.kind: (e.audience, e.data) for e in t.events}
    assert told["card_placed"][0] == PUBLIC and "card" not in told["card_placed"][1]
    assert told["your_card"][1] == {"owner": "A", "card": "goodwill_plus1",
                                    "target": "girl_student"}
    assert told["your_card"][0] != PUBLIC


def test_a_spent_card_is_neither_offered_nor_taken():
    t = game(people())
    t.s["mastermind_hand"].remove("move_diagonal")
    t.s["mastermind_set_aside"].append("move_diagonal")
    t.go()
    assert not t.targets("mastermind", "move_diagonal")
    p = t.open("mastermind_card")[0]
    with pytest.raises(IllegalMove):
        E.apply(t.s, p.seat, p.id, "md@hospital")
    t.mm("paranoia_plus1", "girl_student").mm("paranoia_plus1", "boy_student")
    assert not t.targets("mastermind", "paranoia_plus1")   # both copies lie on the board
    t.mm("intrigue_plus2", "city")
    p = t.open("protagonist_card")[0]
    for wrong in ("fm", "hospital", "fm@nowhere"):           # a card alone, a target alone
        with pytest.raises(IllegalMove):
            E.apply(t.s, p.seat, p.id, wrong)


def test_every_card_offers_the_same_targets_under_one_deadline():
    """The target step reads the same whatever card was chosen, so neither it nor how long
    the placement takes says anything of the card."""
    t = game(people()).go()
    t.mm("paranoia_plus1", "girl_student")
    for kind in ("mastermind", "protagonist"):
        if kind == "protagonist":
            t.mm("intrigue_plus1", "hospital").mm("forbid_goodwill", "boy_student")
        q = t.open(f"{kind}_card")[0]
        by_card: dict[str, list] = {}
        for o in q.options:
            by_card.setdefault(o.params["card"], []).append(o.params["target"])
        assert len(by_card) > 1 and all(w == next(iter(by_card.values()))
                                        for w in by_card.values())
    assert t.open("protagonist_card")[0].deadline == flow.PROTAGONIST_CARD


def test_a_missed_protagonist_card_does_nothing():
    """The default: Paranoia +1 (no effect on a location, not spent) on a location no
    Mastermind card lies on, so a teammate may still answer those."""
    t = game(people()).go()
    at(t, "girl_student", paranoia=1)
    t.mm("intrigue_plus1", "hospital").mm("intrigue_plus2", "shrine")
    t.mm("paranoia_plus1", "girl_student")
    first = t.open("protagonist_card")[0]
    assert first.default == "p+@city"
    t.say("protagonist_card", first.default)
    assert t.targets("protagonist", "forbid_intrigue")[:2] == ["hospital", "shrine"]
    t.deck("forbid_intrigue", "hospital").deck("paranoia_minus1", "girl_student")
    t.say("cultist", "keep")
    assert t.s["location_intrigue"] == {"hospital": 0, "shrine": 2, "city": 0, "school": 0}
    assert t.s["deck_set_aside"]["A"] == []


def _two_step(t: Table, kind: str, card: str) -> dict:
    """The open card question of `kind` as the older two-step shape stored it, its card
    chosen: the target step, with the card waiting in the stage."""
    q = t.s["questions"][0]
    owner = q["params"].get("deck", data.MASTERMIND)
    t.s["stage"]["card"] = card
    targets = [[w, "target", {"target": w}] for w in cards.targets(t.s, owner)]
    q.update(kind=f"{kind}_target", params={**q["params"], "card": card}, default="city",
             deadline="pick", options=[*targets, ["back", "back", {}]])
    return q


def test_an_open_target_step_of_an_older_game_asks_the_whole_card_again():
    t = game(people()).go()
    t.mm("intrigue_plus1", "hospital")
    asked = _two_step(t, "mastermind", "intrigue_plus2")["id"]
    upgraded = E.upgrade(copy.deepcopy(t.s))
    q = upgraded["questions"][0]
    assert (q["id"], q["kind"], q["params"]) == (asked, "mastermind_card", {"number": 2})
    assert "card" not in upgraded["stage"] and q["deadline"] == flow.MASTERMIND_CARD
    assert [o[0] for o in q["options"]] == [o[0] for o in
                                            cards.placements(upgraded, data.MASTERMIND)]
    assert any(o[0] == q["default"] for o in q["options"])          # the planner's
    assert E.upgrade(copy.deepcopy(upgraded)) == upgraded
    t.s = upgraded
    t.mm("paranoia_plus1", "city").mm("forbid_paranoia", "school")
    _two_step(t, "protagonist", "goodwill_plus1")
    t.s = E.upgrade(t.s)
    q = t.open("protagonist_card")[0]
    assert q.public and q.params == {"deck": "A"} and q.default == "p+@shrine"
    t.deck("goodwill_plus1", "girl_student")
    assert t.s["placed"][-1] == {"owner": "A", "card": "goodwill_plus1",
                                 "target": "girl_student"}


@pytest.mark.parametrize("older", ["card_alone", "every_pair"])
def test_an_open_card_step_of_an_older_game_asks_the_whole_card(older):
    """Both shapes stored before: the card alone (its target next), or every "code@target"
    with no steps."""
    t = game(people()).go()
    q = t.s["questions"][0]
    if older == "card_alone":
        q["options"] = [[cards.CODE[("mastermind", c)], "card", {"card": c}]
                        for c in dict.fromkeys(cards.hand(t.s, data.MASTERMIND))]
        q["default"] = "p+"
    else:
        q["options"] = [[o[0], "place", {"card": o[2]["card"], "target": o[2]["target"]}]
                        for o in q["options"]]
    upgraded = E.upgrade(copy.deepcopy(t.s))
    assert upgraded["questions"][0]["options"] == cards.placements(upgraded, data.MASTERMIND)
    t.s = upgraded
    t.mm("paranoia_plus1", "city")
    assert t.s["placed"] == [{"owner": "mastermind", "card": "paranoia_plus1",
                              "target": "city"}]
