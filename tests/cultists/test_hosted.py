"""Among Cultists through the hosting core: whole simulated games for every player count end
legally and speak English and Spanish; kill -9 and --resume end like an uninterrupted run; the
transcripts never give a secret to the wrong audience before the end."""
from __future__ import annotations

import json

import pytest

from hosting.simulate import SimulationArgs, simulate
from hosting.text import load_locale
from tests.durability import same_ending, whole_and_killed

SECRET_KINDS = {"your_role", "your_route", "your_hand", "other_cultist", "starting_dead",
                "starting_dead_none", "seer_sees", "pulse_seen", "you_gave", "you_put",
                "token_seen"}


async def transcript(tmp_path, players, mode, seed):
    path = tmp_path / f"c{players}{mode}{seed}.jsonl"
    result = await simulate(SimulationArgs("cultists", players=players, seed=seed, mode=mode,
                                           absent=1, transcript=str(path)))
    return result, [json.loads(x) for x in path.read_text().splitlines()]


@pytest.mark.parametrize("players,mode", [(4, "intro"), (5, "experienced"), (6, "expert"),
                                          (7, "experienced"), (8, "intro")])
async def test_simulated_game_ends_legally_and_keeps_secrets(tmp_path, players, mode):
    result, lines = await transcript(tmp_path, players, mode, players * 3 + 1)
    assert result["finished"] and set(result["winners"]) <= set(range(players))
    kinds = {x["kind"] for x in lines}
    for lang in ("en", "es"):
        known = set(load_locale("cultists", lang)["events"]) | set(
            load_locale(None, lang).get("events", {}))
        assert kinds <= known, sorted(kinds - known)
    end = next(x["seq"] for x in lines if x["kind"] == "table_finished")
    for x in lines:
        if x["kind"] in SECRET_KINDS:
            assert x["audience"].startswith("seat:"), x
        if x["audience"] == "public" and x["seq"] < end:
            assert "card" not in x["data"] or x["kind"] in ("room_card", "unsafe_card"), x
            assert "role" not in x["data"] or x["kind"] == "role_revealed", x
            assert "{" not in x["text"] and "'" not in x["text"].replace("'s", ""), x


def test_kill_nine_and_resume(tmp_path):
    args = ["--players", "5", "--seed", "5", "--mode", "experienced", "--absent", "1"]
    entry = ["bot.py", "simulate", "cultists"]
    whole, killed = whole_and_killed(entry, args, tmp_path, kills=[0.6, 0.7, 0.8])
    assert whole["finished"] and killed["killed"] >= 2
    assert same_ending(whole, killed), (whole, killed)


def test_same_seed_same_game_whatever_the_hash_seed():
    import os
    import subprocess
    import sys

    from tests.durability import ROOT

    def digest(hash_seed: str) -> dict:
        out = subprocess.run([sys.executable, "bot.py", "simulate", "cultists", "--players", "6",
                              "--seed", "3", "--mode", "experienced"], cwd=ROOT, check=True,
                             capture_output=True, text=True,
                             env={**os.environ, "PYTHONHASHSEED": hash_seed}).stdout
        return json.loads(out.strip().splitlines()[-1])
    assert digest("1") == digest("2")
