"""Whole Tragedy Looper games through the loopback Discord (the shared scripted play of
tests/test_loopback_games.py, which checks every line against its audience): a human
Mastermind with an AI and a human protagonist, and the bot as Mastermind for two people. The
script reaches the thread only in the recap after the end."""
from __future__ import annotations

import pytest

from tests.loopback.table import FAST_TIMINGS, at_a_table
from tests.test_loopback_games import play_and_check


@pytest.mark.parametrize("mastermind,people,ai", [("player", 2, 1), ("bot", 2, 0)])
async def test_whole_game_keeps_every_secret_in_its_audience(tmp_path, mastermind, people, ai):
    names, lines = await play_and_check(tmp_path, "looper", "first_steps", people, ai,
                                        mastermind=mastermind)
    assert names[0] == ("AI 1" if mastermind == "bot" else "player0")
    assert any("culprit" in line for line in lines["seat:0"])
    assert not any(" is the " in line for line in lines["public"])


async def test_the_public_sheet_is_pinned_in_the_thread(tmp_path):
    """The sheet every protagonist plays against stays in view, and so does the play aid
    beside it (the set's roles, plots and incidents): their posts are pinned."""
    async with at_a_table(tmp_path / "db.sqlite3", "alice", "bob") as (
            discord, (alice, bob), games):
        await alice.slash(games, "looper new", mode="first_steps", mastermind="bot",
                          timings=FAST_TIMINGS)
        lobby = games.last_message()
        await bob.click(lobby, "Join")
        await alice.click(lobby, "Start")
        thread = lobby.thread
        await discord.wait_for(
            lambda: "Incidents" in "".join(m.content for m in thread.messages() if m.pinned),
            what="the pinned sheet and play aid")
        pinned = [m for m in thread.messages() if m.pinned and not m.embeds]   # not the status
        assert "Public sheet — First Steps" in pinned[0].content, pinned
        text = "\n".join(m.content for m in pinned)
        assert all(words in text for words in ("Play aid — First Steps", "Serial Killer",
                                               "Plots", "Faraway Murder"))


async def test_a_bot_mastermind_is_seated_with_its_lobby_and_a_refusal_changes_nothing(tmp_path):
    """A refused `/looper new mastermind:bot` leaves the host's other lobby in the channel as
    it was; an accepted one shows the bot as the Mastermind's seat from the start, so a Join
    can never take seat 0."""
    async with at_a_table(tmp_path / "db.sqlite3", "alice", "bob") as (
            discord, (alice, bob), games):
        await alice.slash(games, "looper new", mode="first_steps", timings=FAST_TIMINGS)
        first = games.last_message()
        await bob.click(first, "Join")
        seated = first.text
        refused = await alice.slash(games, "looper new", mode="first_steps",
                                    mastermind="bot", settings="no_such_setting=1")
        assert refused.ephemeral and games.last_message().id == first.id
        assert first.text == seated and seated_in(first) == ["alice", "bob"]
        await alice.slash(games, "looper new", mode="first_steps", mastermind="bot",
                          timings=FAST_TIMINGS)
        second = games.last_message()
        assert second.id != first.id
        assert seated_in(second) == ["AI 1", "alice"]
        assert "The Mastermind: AI 1" in second.text
        assert "The Mastermind: alice" in first.text
        await bob.click(second, "Join")
        assert seated_in(second) == ["AI 1", "alice", "bob"]


def seated_in(lobby) -> list[str]:
    """The lobby's seats, in seat order."""
    line = next(x for x in lobby.text.splitlines() if "seats taken" in x)
    return line.split(": ", 1)[1].split(", ")
