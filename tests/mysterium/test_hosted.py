"""Whole Mysterium games through the host: simulated games end legally and speak both
languages; the secret audit over what each audience was sent; kill -9 and resume; the same seed
gives the same game whatever the hash seed."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from hosting.simulate import SimulationArgs, simulate
from hosting.text import Translator, load_locale
from tests.durability import ROOT, same_ending, whole_and_killed

# Only the Ghost's seat may hear these; the GM log keeps the rest for the end.
GHOST_ONLY = {"screen_line", "crow_discarded"}
GM_ONLY = {"gm_seed"}
VOTER_ONLY = {"voted_private", "abstained_private"}
# Public lines that name a psychic card: what is on the table, guesses, finds, and the groups.
PUBLIC_CARDS = {"laid_out", "guessed", "right", "wrong", "group"}


async def transcript(tmp_path, players, mode, seed, absent=0):
    path = tmp_path / f"t-{players}-{mode}-{seed}.jsonl"
    result = await simulate(SimulationArgs("mysterium", players=players, seed=seed, mode=mode,
                                           absent=absent, transcript=str(path)))
    assert result["finished"], result
    return result, [json.loads(x) for x in path.read_text().splitlines()]


@pytest.mark.parametrize("players,mode,seed,absent", [
    (2, "easy", 1, 0), (3, "hard", 2, 1), (4, "intermediate", 3, 0), (5, "easy", 4, 1),
    (6, "hard", 5, 0), (7, "intermediate", 6, 1)])
async def test_hosted_game_keeps_secrets_and_speaks_both_languages(tmp_path, players, mode,
                                                                   seed, absent):
    result, lines = await transcript(tmp_path, players, mode, seed, absent)
    assert set(result["winners"]) in (set(), set(range(players)))
    end = next(x["seq"] for x in lines if x["kind"] == "table_finished")
    ghost = "seat:0"
    for x in lines:
        kind, audience = x["kind"], x["audience"]
        if kind in GHOST_ONLY:
            assert audience == ghost, x
        if kind in GM_ONLY:
            assert audience == "gm", x
        if kind in VOTER_ONLY:
            assert audience.startswith("seat:") and audience != ghost, x
        if audience == "public" and x["seq"] < end and kind != "reveal_targets":
            assert "targets" not in x["data"] and "labels" not in x["data"], x
            assert kind not in GHOST_ONLY | GM_ONLY | VOTER_ONLY, x
            if "card" in x["data"] and isinstance(x["data"]["card"], int):
                assert kind in PUBLIC_CARDS, x
            if kind.startswith("ballot") or kind.startswith("verdict"):
                assert x["seq"] >= max(y["seq"] for y in lines
                                       if y["kind"].startswith("voted")), x
    kinds = {x["kind"] for x in lines}
    for lang in ("en", "es"):
        known = set(load_locale("mysterium", lang)["events"]) | set(
            load_locale(None, lang)["events"])
        assert kinds <= known, f"{lang} lacks {sorted(kinds - known)}"
        t = Translator("mysterium", lang, [f"P{i}" for i in range(players)])
        for x in lines:
            text = t.event(x["kind"], x["data"])
            assert "{" not in text and "[" not in text and "None" not in text, text


def test_every_locale_key_exists_in_both_languages():
    en, es = load_locale("mysterium", "en"), load_locale("mysterium", "es")
    for section, entries in en.items():
        if isinstance(entries, dict):
            assert set(entries) <= set(es.get(section, {})), section


def test_kill_nine_and_resume(tmp_path):
    args = ["--players", "4", "--seed", "3", "--mode", "intermediate", "--absent", "1"]
    entry = ["bot.py", "simulate", "mysterium"]
    whole, killed = whole_and_killed(entry, args, tmp_path, kills=[0.45, 0.6, 0.5, 0.7, 0.55, 0.8])
    assert whole["finished"] and killed["killed"] >= 3
    assert same_ending(whole, killed), (whole, killed)


def test_same_seed_same_game_under_any_hash_seed():
    digests = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "bot.py", "simulate", "mysterium", "--players",
                              "4", "--seed", "9", "--mode", "hard"], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=300)
        digests.add(json.loads(out.stdout.strip().splitlines()[-1])["state_digest"])
    assert len(digests) == 1
