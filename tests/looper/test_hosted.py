"""Tragedy Looper through the hosting core: simulated games for every mode and player count
end legally, every delivered line has its text in English and Spanish with no missing field,
the public transcript names no role, culprit or plot before the rules reveal it, and a game
killed with -9 and resumed ends exactly like an uninterrupted one."""
from __future__ import annotations

import json

import pytest

from hosting.simulate import SimulationArgs, simulate
from hosting.text import Translator, load_locale
from tests.durability import same_ending, whole_and_killed

PLAYS = [(mode, n) for mode in ("first_steps", "basic_tragedy") for n in (2, 3, 4)]
REVEALS = {"role_revealed", "culprit_revealed", "guess_right", "guess_wrong", "script_recap",
           "recap_role", "recap_incident", "table_finished"}


async def transcript(tmp_path, mode, players, seed, absent=0, policy=None) -> list[dict]:
    path = tmp_path / f"{mode}-{players}.jsonl"
    result = await simulate(SimulationArgs("looper", players=players, seed=seed, mode=mode,
                                           absent=absent, transcript=str(path), policy=policy,
                                           option=["vet_generated=false"]))
    assert result["finished"], result
    assert set(result["winners"]) in ({0}, set(range(1, players)))
    return [json.loads(x) for x in path.read_text().splitlines()]


@pytest.mark.parametrize("mode,players", PLAYS)
async def test_simulated_game_ends_legally_in_both_languages(tmp_path, mode, players):
    lines = await transcript(tmp_path, mode, players, seed=players * 5 + 1, absent=1,
                             policy="baseline")
    kinds = {x["kind"] for x in lines}
    for lang in ("en", "es"):
        known = set(load_locale("looper", lang)["events"]) | set(
            load_locale(None, lang).get("events", {}))
        assert kinds <= known, f"{lang} lacks {sorted(kinds - known)}"
        t = Translator("looper", lang, [f"P{i}" for i in range(players)])
        for x in lines:
            text = t.event(x["kind"], x["data"])
            assert "{" not in text and "_" not in text, (lang, x["kind"], text)


@pytest.mark.parametrize("mode,players,seed", [("first_steps", 4, 3), ("basic_tragedy", 3, 8),
                                               ("basic_tragedy", 2, 9)])
async def test_public_lines_name_no_secret(tmp_path, mode, players, seed):
    lines = await transcript(tmp_path, mode, players, seed)
    end = next(x["seq"] for x in lines if x["kind"] == "table_finished")
    secret = set()
    for x in lines:
        if x["audience"] == "seat:0" and x["kind"] in ("cast_role", "culprit"):
            secret.add((x["kind"], x["data"]["character"]))
    for x in lines:
        if x["audience"] != "public" or x["seq"] >= end or x["kind"] in REVEALS:
            continue
        assert not x["kind"].startswith("gm_"), x
        assert not {"role", "culprit", "main_plot", "subplots"} & set(x["data"]), x
    assert secret


def test_kill_nine_and_resume(tmp_path):
    args = ["--players", "3", "--seed", "5", "--mode", "first_steps", "--absent", "1"]
    entry = ["bot.py", "simulate", "looper"]
    whole, killed = whole_and_killed(entry, args, tmp_path, kills=[0.45, 0.6, 0.5, 0.7, 0.55, 0.8])
    assert whole["finished"] and killed["killed"] >= 3
    assert same_ending(whole, killed), (whole, killed)


@pytest.mark.parametrize("options", [
    {"script": "prevailing_secrecy", "loops": 3, "talk_restricted": True},
    {"difficulty": "hard", "paranoia_virus_threshold": 3, "spreading_mode": "transfer",
     "vet_generated": False}])
async def test_simulator_reaches_the_table_options(options):
    mode = "first_steps" if "script" in options else "basic_tragedy"
    result = await simulate(SimulationArgs("looper", players=3, seed=2, mode=mode,
                                           policy="baseline",
                                           option=[f"{k}={json.dumps(v)}"
                                                   for k, v in options.items()]))
    assert result["finished"]
