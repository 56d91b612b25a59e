"""Random full games for every player count, complexity and AUTOMA variant end with a legal
winner, keep the card counts and the board's invariants after every decision, and replay
identically from their seed."""
from __future__ import annotations

import json
import random

from hypothesis import given, settings, strategies as st

from games.cultists import board
from tests.cultists.helpers import E

TABLES = [(n, mode, automa) for n in range(4, 9) for mode in E.modes
          for automa in ((False, True) if n == 6 else (n == 4,))]


def cards_of(s: dict) -> int:
    """Every A/D card still tracked: hands, Pulse decks, the AUTOMA's encounter pile."""
    return sum(c["hand"]["A"] + c["hand"]["D"] + len(c["pulse"]) + len(c["encounter_pile"])
               for c in s["chars"])


def check(before: dict, s: dict) -> None:
    assert cards_of(s) == cards_of(before)                 # encounter cards move, never vanish
    assert 1 <= s["round"] <= 10 and s["round"] >= before["round"]
    for c in s["chars"]:
        assert c["location"] in board.layout(s)["loc"]
        assert all(n >= 0 for n in c["hand"].values())
        assert not before["chars"][s["chars"].index(c)]["ghost"] or c["ghost"]  # ghosts stay
        if c["ghost"] or "D" in c["pulse"]:
            assert c["death_round"] is not None
    for r in s["rooms"].values():
        assert r["books"] >= 0 and (not r["finished"] or (r["deck"] == [] and r["books"] == 0))
    for sid, sh in s["shelves"].items():
        assert 0 <= sh["books"] <= board.layout(s)["shelf"][sid]["spaces"]
    assert s["vp"] == sum(board.layout(s)["shelf"][k]["vp"] for k, v in s["shelves"].items()
                          if v["scored"])


def play(players: int, mode: str, automa: bool, seed: int) -> tuple[dict, int]:
    rnd = random.Random(seed)
    s, _ = E.setup({"mode": mode, "automa": automa}, players, seed)
    n = 0
    while E.outcome(s) is None:
        pend = E.pending(s)
        assert pend, "a running game always waits for someone"
        p = rnd.choice(pend)
        assert p.option(p.default) and all(len(o.id) < 40 for o in p.options)
        ids = [o.id for o in p.options]
        pick = rnd.choice([i for i in ids if i != "claim"] or ids) if rnd.random() < 0.97 \
            else rnd.choice(ids)
        before = s
        s, _ = E.apply(s, p.seat, p.id, pick)
        check(before, s)
        n += 1
        assert n < 5000
    return s, n


@settings(max_examples=10, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10**6))
def test_random_games_end_legally(table, seed):
    players, mode, automa = table
    s, _ = play(players, mode, automa, seed)
    out = E.outcome(s)
    team = out.params["team"]
    assert set(out.winners) == {c["seat"] for c in s["chars"]
                                if c["team"] == team and c["seat"] is not None}
    assert E.pending(s) == []
    assert len(s["chars"]) == players + automa
    json.dumps(s)


def test_every_table_plays_to_the_end():
    for i, (players, mode, automa) in enumerate(TABLES):
        play(players, mode, automa, seed=i)


def test_same_seed_same_game():
    assert play(6, "experienced", True, 42) == play(6, "experienced", True, 42)


def test_defaults_finish_a_game():
    s, _ = E.setup({"mode": "experienced"}, 5, 9)
    while E.outcome(s) is None:
        p = E.pending(s)[0]
        s, _ = E.apply(s, p.seat, p.id, p.default)
    assert E.outcome(s).reason in ("time", "last_cultist", "books", "seer_found", "claim",
                                   "kills_in_time")


def test_side_ai_answers_legally_and_plays_for_its_side():
    """Every seat on the "side" policy: legal answers only; a Cultist never gives its partner
    a Dead card, an Investigator never offers one."""
    for players, mode in ((4, "experienced"), (6, "intro"), (8, "expert")):
        s, _ = E.setup({"mode": mode}, players, 5)
        while E.outcome(s) is None:
            p = E.pending(s)[0]
            choice = E.ai_choice(s, p, "side") if p.seat is not None else None
            assert choice is None or p.option(choice)
            if choice and p.kind == "give" and choice.startswith("D:"):
                giver = next(c for c in s["chars"] if c["seat"] == p.seat)
                assert giver["team"] == "CULT"
                assert s["chars"][int(choice[2:])]["team"] == "INV"
            s, _ = E.apply(s, p.seat, p.id, choice or p.default)
