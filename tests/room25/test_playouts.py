"""Random full games: every mode, rule level and player count ends with a legal outcome, and the
board's invariants hold after every decision."""
from __future__ import annotations

import json
import random

from hypothesis import given, settings, strategies as st

from games.room25 import board
from tests.room25.helpers import E

MAX_DECISIONS = 3000

TABLES = ([("suspicion", n, "basic") for n in range(4, 7)]
          + [("suspicion", n, "ultimate") for n in range(4, 9)]
          + [("coop", n, lvl) for n in range(1, 7) for lvl in ("basic", "ultimate")])


def check_invariants(before: dict, s: dict) -> None:
    assert sorted(s["board"]) == list(range(25))                      # 25 tiles, none lost
    assert s["board"][board.CENTRAL] == board.CENTRAL
    assert s["tile_kinds"][board.CENTRAL] == "central_room"
    assert s["face_up"][board.CENTRAL]
    for c in s["characters"]:
        if c["alive"] and not s["outcome"]:
            assert 0 <= c["tile"] < 25 and s["face_up"][c["tile"]]  # nobody on a hidden tile
    assert len([r for r in s["robots"] if r is not None]) <= 2 and len(s["locks"]) <= 2
    assert len(set(s["locks"])) == len(s["locks"])
    # the countdown only goes down: one per round, plus the Alarm and the Timer Room
    assert s["remaining"] <= before["remaining"] - (s["round"] - before["round"])


def play(mode: str, players: int, level: str, seed: int, madness: bool) -> tuple[dict, int]:
    rnd = random.Random(seed)
    s, _ = E.setup({"mode": mode, "level": level, "madness": madness}, players, seed)
    n = 0
    while E.outcome(s) is None:
        pend = E.pending(s)
        assert pend, "a running game always waits for someone"
        p = rnd.choice(pend)
        if p.default is not None and not p.option(p.default):
            # the timeout-only answers of R-37: applied as the host applies a deadline
            assert (p.kind, p.default) in (("program", "0"), ("adrenaline", "none"))
            E.apply(s, p.seat, p.id, p.default)
        assert all(len(o.id) < 40 for o in p.options)
        before = s
        s, _ = E.apply(s, p.seat, p.id, rnd.choice(p.options).id)
        check_invariants(before, s)
        n += 1
        assert n < MAX_DECISIONS
    return s, n


@settings(max_examples=40, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10**6), madness=st.booleans())
def test_random_games_end_legally(table, seed, madness):
    mode, players, level = table
    s, _ = play(mode, players, level, seed, madness)
    out = E.outcome(s)
    seats = set(range(players))
    assert set(out.winners) <= seats
    if mode == "coop":
        assert out.reason in ("coop_escape", "coop_death", "coop_time")
        assert out.winners == (tuple(range(players)) if out.reason == "coop_escape" else ())
    else:
        assert out.reason in ("escape", "guards_kill", "time_up")
        side = "P" if out.reason == "escape" else "G"
        assert set(out.winners) == {c["seat"] for c in s["characters"] if c["role"] == side}
    assert E.pending(s) == []
    json.dumps(s)


def test_every_table_plays_to_the_end():
    for i, (mode, players, level) in enumerate(TABLES):
        play(mode, players, level, seed=i, madness=i % 2 == 1)


def test_same_seed_same_game():
    a, _ = play("suspicion", 6, "ultimate", 42, False)
    b, _ = play("suspicion", 6, "ultimate", 42, False)
    assert a == b


def test_default_answers_finish_a_game():
    for mode, players in (("suspicion", 5), ("coop", 2)):
        s, _ = E.setup({"mode": mode, "level": "ultimate"}, players, seed=9)
        while E.outcome(s) is None:
            p = E.pending(s)[0]
            s, _ = E.apply(s, p.seat, p.id, p.default)
        assert E.outcome(s).reason in ("time_up", "coop_time")


def test_ai_policies_answer_legally():
    for policy in E.ai_policies:
        for mode, players in (("suspicion", 5), ("coop", 4)):
            rnd = random.Random(policy)
            s, _ = E.setup({"mode": mode, "level": "ultimate"}, players, seed=3)
            while E.outcome(s) is None:
                p = rnd.choice(E.pending(s))
                choice = E.ai_choice(s, p, policy)
                assert choice is None or p.option(choice)
                s, _ = E.apply(s, p.seat, p.id, choice or rnd.choice(p.options).id)
