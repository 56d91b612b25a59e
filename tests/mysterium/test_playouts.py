"""Random full games for every player count and difficulty, both kinds of Ghost: every game ends
legally, refused moves leave the state untouched, and the table's invariants hold throughout."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from games.base import IllegalMove
from games.mysterium import pack
from games.mysterium.settings import DIFFICULTIES
from tests.mysterium.helpers import E

MAX_DECISIONS = 4000
# (seats, ghost): every N from 2 to 7 with a human Ghost seat and with the bot Ghost.
TABLES = [(n, "player") for n in range(2, 8)] + [(n, "bot") for n in range(1, 7)]


def check(before: dict, s: dict) -> None:
    held = s["hand"] + s["deck"] + s["discard"] + [v for p in s["psychics"] for v in p["visions"]]
    if s["epilogue"] and s["phase"] != "shared":
        held += s["epilogue"]["shared"]
    assert sorted(held) == sorted(pack.vision_ids())            # no vision lost or doubled
    assert len(s["hand"]) <= 7 and 1 <= s["hour"] <= 7
    for cat, cards in s["table"].items():
        assert set(cards) <= set(s["laid_out"][cat])
    found = [c for p in s["psychics"] for c in p["found"]]
    assert len(found) == len(set(found)) and not set(found) & {c for v in s["table"].values()
                                                                for c in v}
    for b, p in zip(before["psychics"], s["psychics"]):
        assert p["track"] >= b["track"] and min(p["tokens"].values()) >= 0
        assert p["found"] == [p["targets"][c] for c in ("suspect", "place", "object")][
            :len(p["found"])]                                   # only right guesses score


def play(seats: int, ghost: str, mode: str, seed: int, leaving: float = 0.0) -> dict:
    """A random game; before each decision a seat still at the table leaves with chance
    `leaving` (RULING R24), and nothing is asked of it afterwards."""
    rnd = random.Random(seed)
    s, _ = E.setup({"mode": mode, "ghost": ghost}, seats, seed)
    left: set[int] = set()
    for _ in range(MAX_DECISIONS):
        if E.outcome(s) is not None:
            return s
        staying = sorted(set(range(seats)) - left)
        if staying and rnd.random() < leaving:
            seat = rnd.choice(staying)
            left.add(seat)
            new, _ = E.leave(s, seat)
            check(s, new)
            s = new
            continue
        pend = E.pending(s)
        assert pend, "a running game always waits for something"
        assert not [p for p in pend if p.seat in left]
        people = [p for p in pend if p.seat is not None]
        p = rnd.choice(people) if people and rnd.random() < 0.97 else pend[-1]
        assert p.option(p.default) is not None
        choice = rnd.choice(p.options).id if rnd.random() < 0.7 else \
            E.ai_choice(s, p, "tags") if p.seat is not None else p.default
        try:
            new, _ = E.apply(s, p.seat, p.id, choice)
        except IllegalMove:
            continue
        check(s, new)
        s = new
    raise AssertionError("no end")


def check_end(s: dict, seats: int) -> None:
    out = E.outcome(s)
    assert out.reason in ("solved", "wrong_group", "time", "no_votes", "no_psychics")
    assert out.winners in ((), tuple(range(seats)))
    assert (out.reason == "solved") == bool(out.winners)


@pytest.mark.parametrize("mode", DIFFICULTIES)
def test_every_table_and_difficulty_ends_legally(mode):
    for table in TABLES:
        check_end(play(*table, mode, seed=len(table[1]) * 10 + table[0]), table[0])


@settings(max_examples=4, deadline=None)
@given(table=st.sampled_from(TABLES), mode=st.sampled_from(DIFFICULTIES),
       seed=st.integers(0, 10 ** 6))
def test_random_games_end_legally(table, mode, seed):
    check_end(play(*table, mode, seed), table[0])


@settings(max_examples=6, deadline=None)
@given(table=st.sampled_from(TABLES), mode=st.sampled_from(DIFFICULTIES),
       seed=st.integers(0, 10 ** 6))
def test_r24_games_with_players_leaving_end_legally(table, mode, seed):
    check_end(play(*table, mode, seed, leaving=0.01), table[0])
