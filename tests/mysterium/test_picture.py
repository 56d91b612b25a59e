"""Mysterium's pictures at the width Discord shows them: a psychic's visions at least 200 px wide
with the ids the text uses, its candidates named as the text names them and a card it guessed
wrong struck out; the Ghost's hand a few cards a row, numbered; the vote's groups beside the
shared vision; and no public picture that changes with a secret. Read from the layout the
picture is painted from, not from its pixels."""
from __future__ import annotations

import copy
import io

import pytest
from PIL import Image

from games.mysterium import epilogue, picture
from games.mysterium.state import CATEGORIES
from hosting.text import Translator
from tests.mysterium.helpers import (E, end_timer, ghost_give, idx, look, pending, psy, run,
                                     serve_all, table)

T = Translator("mysterium", "en", [f"P{i}" for i in range(5)])
SHOWN = 200 / picture.DISPLAY      # a decision's card: at least 200 px at Discord's width


@pytest.fixture(autouse=True)
def card_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "cards"))


def shown_width(lay, placed) -> float:
    return placed.box[2] / lay.width


def wrong_then_served(s):
    """Stephanie guesses a card that is not hers, the timer ends, the next hour she is served
    two more visions: three visions in front of her and one card ruled out."""
    s = serve_all(s)
    stage = psy(s, "stephanie")["stage"]
    miss = next(c for c in s["table"][stage] if c != psy(s, "stephanie")["targets"][stage])
    s, _ = look(s, "stephanie", f"guess.{miss}")
    s, _ = end_timer(s)
    s, _ = ghost_give(s, "stephanie", s["hand"][:2])
    return s, miss


def test_a_psychics_picture_shows_its_visions_large_labelled_and_its_candidates():
    s, miss = wrong_then_served(table())
    me = psy(s, "stephanie")
    assert len(me["visions"]) == 3 and me["wrong"] == [miss]
    lay = picture.layout(E.seat_view(s, me["seat"]), T)
    visions = [c for c in lay.cards if c.kind == "vision"]
    assert [c.card for c in visions] == me["visions"]           # its own, nobody else's
    assert [c.label for c in visions] == me["visions"]          # "V12", as the question says
    assert all(shown_width(lay, c) >= SHOWN for c in visions)
    candidates = [c for c in lay.cards if c.kind == "psychic"]
    assert [c.card for c in candidates] == s["table"][me["stage"]]
    assert [c.label for c in candidates] == [T.lookup("cards", str(c.card)) for c in candidates]
    assert [c.card for c in candidates if c.struck] == [miss]
    assert Image.open(io.BytesIO(picture.paint(lay, T))).size == (lay.width, lay.height)


def test_the_intuition_is_framed_on_the_psychics_picture_and_the_table():
    s = serve_all(table())
    stage = psy(s, "paul")["stage"]
    card = s["table"][stage][0]
    s, _ = look(s, "paul", f"guess.{card}")
    for view in (E.seat_view(s, psy(s, "paul")["seat"]), E.public_view(s)):
        marked = [c.card for c in picture.layout(view, T).cards if c.mark == "guess"]
        assert marked == [card]


def test_a_seat_playing_two_psychics_sees_both_and_each_question_asks_for_its_picture():
    s = serve_all(table(seats=3))
    seat = s["psychics"][0]["seat"]
    mine = [p for p in s["psychics"] if p["seat"] == seat]
    assert len(mine) == 2
    cards = [c.card for c in picture.layout(E.seat_view(s, seat), T).cards if c.kind == "vision"]
    assert cards == [v for p in mine for v in p["visions"]]
    looks = [p for p in E.pending(s) if p.kind.startswith("look_")]
    assert looks and all(p.params["picture"] for p in looks)


def test_the_ghosts_hand_is_numbered_three_a_row():
    s = table()
    lay = picture.layout(E.seat_view(s, 0), T)
    hand = [c for c in lay.cards if c.number is not None]
    assert [(c.number, c.card, c.label) for c in hand] == \
        [(i + 1, v, v) for i, v in enumerate(s["hand"])]
    rows = {}
    for c in hand:
        rows.setdefault(c.box[1], []).append(c)
    assert len(hand) == 7 and max(len(r) for r in rows.values()) <= 3
    assert all(shown_width(lay, c) >= 140 / picture.DISPLAY for c in hand)
    # Behind the screen: every psychic's triple, the card it looks for now framed.
    targets = {c.card for c in lay.cards if c.mark == "target"}
    assert targets == {p["targets"][p["stage"]] for p in s["psychics"]}


def voting(s):
    """The secret vote of a five-player table, the first shared card face up."""
    for p in s["psychics"]:
        p["found"] = [p["targets"][c] for c in CATEGORIES]
        p["stage"] = "done"
    s, _ = run(s, epilogue.start)
    ep = s["epilogue"]
    ep.update(culprit=2, shared=["V12", "V11", "V13"], phase=None)
    ep["labels"] = {"V11": "suspect", "V12": "place", "V13": "object"}
    s["phase"] = "vote"
    return run(s, epilogue._next_stage)[0]


def test_the_ballot_shows_the_groups_beside_the_shared_vision():
    s = voting(table())
    ballot = next(p for p in E.pending(s) if p.kind == "vote")
    assert ballot.params["picture"] and not ballot.public
    lay = picture.layout(E.seat_view(s, ballot.seat), T)
    visions = [c for c in lay.cards if c.kind == "vision"]
    assert [(c.card, c.label) for c in visions] == [("V12", "V12")]   # only what is face up
    assert all(shown_width(lay, c) >= SHOWN for c in visions)
    groups = [c.card for c in lay.cards if c.kind == "psychic"]
    assert groups == [g["cards"][c] for g in s["epilogue"]["groups"] for c in CATEGORIES]
    words = [op[3] for op in lay.ops if op[0] == "text"]
    for g in s["epilogue"]["groups"]:
        assert T("views", "group_title", number=g["number"]) in words
    assert not any(c.mark == "culprit" for c in lay.cards)           # the Ghost's secret


def secrets_changed(s):
    """The same public facts, other secrets: targets, hand, deck, the Ghost's draft, the
    shared vision not yet shown and the ballots."""
    other = copy.deepcopy(s)
    for p in other["psychics"]:
        p["targets"] = {k: c + 1 for k, c in p["targets"].items()}
    other["hand"] = list(reversed(other["hand"]))
    other["deck"] = list(reversed(other["deck"]))
    other["draft"] = {"action": "give", "psychic": 1, "cards": other["hand"][:1]}
    if other["epilogue"]:
        ep = other["epilogue"]
        ep["culprit"] = 3
        ep["shared"] = ep["shared"][:ep["revealed"]] + ["V40", "V41", "V42"][ep["revealed"]:]
        ep["labels"] = {}
        ep["votes"] = {k: None for k in ep["votes"]}
    return other


@pytest.mark.parametrize("moment", ["hour", "vote"])
def test_no_picture_but_the_ghosts_changes_with_a_secret(moment):
    s, _ = wrong_then_served(table())
    if moment == "hour":
        s = serve_all(s)
        s, _ = look(s, "paul", f"guess.{s['table'][psy(s, 'paul')['stage']][0]}")
    else:
        s = voting(s)
    other = secrets_changed(s)
    assert E.picture(E.public_view(s), T) == E.picture(E.public_view(other), T)
    for seat in range(1, 5):
        assert E.picture(E.seat_view(s, seat), T) == E.picture(E.seat_view(other, seat), T)
    assert E.picture(E.seat_view(s, 0), T) != E.picture(E.seat_view(other, 0), T)


def test_the_table_is_an_overview_with_every_psychic_and_the_cards_it_found():
    s, miss = wrong_then_served(table())
    lay = picture.layout(E.public_view(s), T)
    cards = [c.card for c in lay.cards if c.kind == "psychic" and not c.struck
             and c.mark is None]
    assert cards == [c for cat in CATEGORIES for c in s["table"][cat]]
    assert [c.card for c in lay.cards if c.kind == "vision"] == \
        [v for p in s["psychics"] for v in p["visions"]]
    assert [c.card for c in lay.cards if c.struck] == [miss]
    assert T("views", "ruled_out", cards=[miss]) in E.describe(E.public_view(s), T).split("\n")
    assert idx(s, "stephanie") is not None and not any(c.mark == "target" for c in lay.cards)
    assert pending(s, "look.").params["picture"]
