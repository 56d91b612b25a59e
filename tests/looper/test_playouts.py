"""Random full games: both tragedy sets, shipped and generated scripts, 2 to 4 players end with
a legal outcome; the board's invariants hold after every decision; nothing secret reaches the
public or a protagonist before the rules reveal it; a seed replays the same game whatever
Python's hash seed."""
from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings, strategies as st

from games.base import GM, PUBLIC
from games.looper import data
from tests.looper.helpers import E

MAX_DECISIONS = 5000
TABLES = [(mode, script, n) for n in (2, 3, 4)
          for mode, script in (("first_steps", "first_script"),
                               ("first_steps", "prevailing_secrecy"),
                               ("first_steps", "generated"), ("basic_tragedy", "generated"))]
# Public events that may carry a role or culprit: the rules' own reveals and the end recap.
REVEALS = {"role_revealed", "culprit_revealed", "guess_right", "guess_wrong", "script_recap",
           "recap_role", "recap_incident"}
SECRET_KEYS = {"role", "culprit", "main_plot", "subplots", "roles", "card"}


def check_invariants(s: dict) -> None:
    for cid, c in s["characters"].items():
        assert min(c["goodwill"], c["paranoia"], c["intrigue"], c["guards"]) >= 0
        assert c["location"] in data.LOCATIONS
        if c["in_play"] and not (cid == "patient" and s["patient_may_leave"]):
            assert c["location"] not in data.characters()[cid]["forbidden"], cid
    assert min(s["location_intrigue"].values()) >= 0
    mm = [p for p in s["placed"] if p["owner"] == data.MASTERMIND]
    pr = [p for p in s["placed"] if p["owner"] != data.MASTERMIND]
    assert len(mm) <= 3 and len({p["target"] for p in mm}) == len(mm)
    assert len(pr) <= 3 and len({p["target"] for p in pr}) == len(pr)
    assert len(s["mastermind_hand"]) + len(s["mastermind_set_aside"]) == 10
    assert 1 <= s["day"] <= s["script"]["days_per_loop"]
    assert 1 <= s["loop"] <= s["script"]["loops"]
    assert set(s["deck_owner"].values()) == set(range(1, s["players"]))


def check_secrets(events, over: bool) -> None:
    for e in events:
        if e.audience == PUBLIC:
            assert not e.kind.startswith("gm_"), e
            if e.kind not in REVEALS and not over:
                assert not SECRET_KEYS & set(e.data) or e.kind == "card_revealed", e
        elif e.audience != GM and 0 not in e.audience:
            assert e.kind in ("your_card", "note_taken", "table_timed_out"), e


def play(mode: str, script: str, players: int, seed: int) -> tuple[dict, int]:
    rnd = random.Random(seed)
    s, ev = E.setup({"mode": mode, "script": script, "vet_generated": False}, players, seed)
    check_secrets(ev, False)
    n = 0
    while E.outcome(s) is None:
        pend = E.pending(s)
        assert pend, "a running game always waits for someone"
        p = rnd.choice(pend)
        assert p.option(p.default), "the default is a legal option"
        assert all(len(o.id) < 40 for o in p.options) and len(p.options) <= 125  # 5 selects
        s, ev = E.apply(s, p.seat, p.id, rnd.choice(p.options).id)
        check_invariants(s)
        check_secrets(ev, E.outcome(s) is not None)
        for e in ev:  # only the last lost loop says time does not turn back
            if e.kind in ("loop_lost", "last_loop_lost"):
                assert (e.kind == "last_loop_lost") == (e.data["loop"] == s["script"]["loops"])
        n += 1
        assert n < MAX_DECISIONS
    return s, n


@settings(max_examples=16, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10**6))
def test_random_games_end_legally(table, seed):
    s, _ = play(*table, seed)
    out = E.outcome(s)
    assert out.reason in ("loop_won", "all_loops_lost", "final_guess_right", "final_guess_wrong",
                          "final_guess_given_up")
    assert out.winners == ((0,) if s["result"]["winner"] == "mastermind"
                           else tuple(range(1, s["players"])))
    if s["script"]["tragedy_set"] == "first_steps":
        assert not out.reason.startswith("final_guess")
    assert E.pending(s) == []
    json.dumps(s)


def test_every_table_plays_to_the_end():
    for i, table in enumerate(TABLES):
        play(*table, seed=i)


def test_default_answers_finish_a_game():
    s, _ = E.setup({"mode": "basic_tragedy", "vet_generated": False}, 3, seed=4)
    while E.outcome(s) is None:
        p = E.pending(s)[0]
        s, _ = E.apply(s, p.seat, p.id, p.default)
    assert E.outcome(s) is not None


def digest(seed: int) -> str:
    s, _ = play("basic_tragedy", "generated", 4, seed)
    return hashlib.sha256(json.dumps(s, sort_keys=True).encode()).hexdigest()


def test_same_seed_same_game_whatever_the_hash_seed():
    root = Path(__file__).resolve().parents[2]
    code = "from tests.looper.test_playouts import digest; print(digest(11))"
    outs = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        outs.add(subprocess.run([sys.executable, "-c", code], cwd=root, env=env,
                                capture_output=True, text=True, check=True).stdout)
    assert len(outs) == 1
