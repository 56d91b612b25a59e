"""Whole Tragedy Looper games through the loopback Discord (the shared scripted play of
tests/test_loopback_games.py, which checks every line against its audience): a human
Mastermind with an AI and a human protagonist, and the bot as Mastermind for two people. The
script reaches the thread only in the recap after the end."""
from __future__ import annotations

import pytest

from tests.test_loopback_games import play_and_check


@pytest.mark.parametrize("mastermind,people,ai", [("player", 2, 1), ("bot", 2, 0)])
async def test_whole_game_keeps_every_secret_in_its_audience(tmp_path, mastermind, people, ai):
    names, lines = await play_and_check(tmp_path, "looper", "first_steps", people, ai,
                                        mastermind=mastermind)
    assert names[0] == ("AI 1" if mastermind == "bot" else "player0")
    assert any("culprit" in line for line in lines["seat:0"])
    assert not any(" is the " in line for line in lines["public"])
