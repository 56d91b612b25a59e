"""Every shipped game through the hosting core: whole simulated games end with a legal winner set,
every message has its own text in English and Spanish, and a game killed with -9 and resumed ends
exactly like an uninterrupted one. (Each game's own secret audit lives with its tests.)"""
from __future__ import annotations

import json

import pytest

import games
from hosting.simulate import SimulationArgs, simulate
from hosting.text import load_locale
from tests.durability import same_ending, whole_and_killed

SHIPPED = ("bethlem", "room25")


def configurations():
    for name in SHIPPED:
        engine = games.engine(name)
        for mode in engine.modes:
            lo, hi = engine.player_range(mode)
            for players in sorted({lo, (lo + hi) // 2, hi}):
                yield name, mode, players


@pytest.mark.parametrize("game,mode,players", list(configurations()))
async def test_simulated_game_ends_legally_and_speaks_both_languages(tmp_path, game, mode, players):
    path = tmp_path / "t.jsonl"
    result = await simulate(SimulationArgs(game, players=players, seed=players * 7 + 1,
                                           mode=mode, absent=1, transcript=str(path)))
    assert result["finished"], result
    assert set(result["winners"]) <= set(range(players))
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    kinds = {x["kind"] for x in lines}
    for lang in ("en", "es"):
        known = set(load_locale(game, lang).get("events", {})) | set(
            load_locale(None, lang).get("events", {}))
        assert kinds <= known, f"{lang} lacks {sorted(kinds - known)}"
    assert not any(x["text"].startswith(x["kind"] + " {") for x in lines)  # no missing field


@pytest.mark.parametrize("game,mode,players", [("bethlem", "normal", 6), ("room25", "coop", 4)])
def test_kill_nine_and_resume(tmp_path, game, mode, players):
    args = ["--players", str(players), "--seed", "5", "--mode", mode, "--absent", "1"]
    entry = ["bot.py", "simulate", game]
    whole, killed = whole_and_killed(entry, args, tmp_path, delay=0.005,
                                     kills=[0.45, 0.6, 0.5, 0.7, 0.55, 0.8])
    assert whole["finished"] and killed["killed"] >= 3
    assert same_ending(whole, killed), (whole, killed)
