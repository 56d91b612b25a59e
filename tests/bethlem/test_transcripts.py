"""Whole hosted games read the way the table reads them: every public line of a simulator
transcript, checked for what it must never say (spec §7.1, R-81)."""
from __future__ import annotations

import asyncio
import json

import pytest

from hosting.simulate import SimulationArgs, simulate
from hosting.text import load_locale

GAMES = [("normal", 6, 13), ("normal", 7, 2), ("custom", 5, 21), ("three", 3, 3)]

# Public news the rules give at once during a night (spec §4.2.2 "PUBLIC immediately", R-62,
# everything else a night does waits for dawn.
AT_ONCE = {"step_called", "step_sub", "melancholy", "director_borrows", "medium_borrows",
           "hypnosis", "awakening_announced", "laugh", "laugh_nobody", "survivor_announced"}
# What a line may never carry to the table: which power killed or revived, and who used it.
CAUSE_KEYS = {"cause", "killers"}


@pytest.fixture(scope="module")
def transcripts(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bethlem")
    out = {}
    for mode, players, seed in GAMES:
        path = folder / f"{mode}-{players}-{seed}.jsonl"

        args = SimulationArgs("bethlem", players=players, seed=seed, mode=mode,
                              transcript=str(path))
        assert asyncio.run(simulate(args))["finished"]
        out[(mode, players, seed)] = [json.loads(x) for x in path.read_text().splitlines()]
    return out


def _public(lines):
    return [x for x in lines if x["audience"] == "public" and x["kind"] != "final_reveal"]


def test_R81_no_public_line_names_what_killed_or_revived(transcripts):
    causes = set(load_locale("bethlem", "en")["causes"].values())
    for lines in transcripts.values():
        for x in _public(lines):
            assert not CAUSE_KEYS & set(x["data"]), x
            if x["kind"] in ("card_died", "card_revived"):
                assert not any(f"({c})" in x["text"] for c in causes), x


def test_R81_a_night_step_call_is_followed_only_by_news_the_rules_give_at_once(transcripts):
    for lines in transcripts.values():
        night = False
        for x in _public(lines):
            if x["kind"] == "night_falls":
                night = True
            elif x["kind"] == "dawn":
                night = False
            elif night:
                assert x["kind"] in AT_ONCE, x
