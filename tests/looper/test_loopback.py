"""Whole Tragedy Looper games through the loopback Discord (the shared scripted play of
tests/test_loopback_games.py, which checks every line against its audience): a human
Mastermind with an AI and a human protagonist, and the bot as Mastermind for two people. The
script reaches the thread only in the recap after the end."""
from __future__ import annotations

import asyncio
import sqlite3

import pytest

from tests.loopback.table import (FAST_TIMINGS, answer_first, at_a_table, open_questions,
                                  status_message)
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


TIMINGS = FAST_TIMINGS.replace("programming=3", "programming=60").replace("conference=3",
                                                                          "conference=60")


def chosen(db) -> list[tuple[str, str]]:
    with sqlite3.connect(db) as con:
        return con.execute("SELECT pending_id, choice FROM decisions ORDER BY seq").fetchall()


async def started_with_alice_as_mastermind(discord, alice, bob, games):
    """A table alice opens (her seat, the Mastermind's), bob and an AI join and she starts:
    its lobby."""
    await alice.slash(games, "looper new", mode="first_steps", timings=TIMINGS)
    lobby = games.last_message()
    await bob.click(lobby, "Join")
    await discord.settle()
    await alice.slash(games, "looper add-ai")
    await alice.click(lobby, "Start")
    return lobby


async def test_a_card_is_two_menus_and_a_confirm_and_its_target_is_never_public(tmp_path):
    """The Mastermind's card is one DM: the card menu, then the target menu under it, then
    Confirm. A protagonist's card question in the thread shows the card menu alone; a card
    chosen there answers that person alone with the target menu and Confirm, and whoever
    was not asked is refused; the thread never shows the card."""
    db = tmp_path / "db.sqlite3"
    async with at_a_table(db, "alice", "bob", "carol") as (
            discord, (alice, bob, carol), games):
        lobby = await started_with_alice_as_mastermind(discord, alice, bob, games)
        thread, answered = lobby.thread, set()
        mastermind = public = None
        give_up = asyncio.get_running_loop().time() + 60
        while public is None and asyncio.get_running_loop().time() < give_up:
            for person in (alice, bob):
                for prompt in open_questions(person, thread, answered):
                    menus = [s.get("placeholder") for s in prompt.selects]
                    if menus == ["Card"] and prompt in alice.dms() and mastermind is None:
                        mastermind = prompt
                        await mastermind_places(alice, prompt, db)
                    elif menus == ["Card"] and person is bob and prompt not in bob.dms():
                        public = prompt
                    else:
                        await answer_first(person, prompt, answered)
            await asyncio.sleep(0.05)
        assert mastermind is not None and public is not None, [m.text for m in thread.messages()]

        assert not public.buttons and len(public.selects[0]["options"]) == 8   # A deck's cards
        for other in (alice, carol):             # the Mastermind, and someone not at the table
            refused = await other.select(public, "Goodwill +1")
            assert refused.ephemeral and "not for you" in refused.content
        before, posts = chosen(db), len(thread.messages())
        reply = await bob.select(public, "Goodwill +1")
        private = reply.message
        assert reply.ephemeral and private.id != public.id and len(thread.messages()) == posts
        assert [s["placeholder"] for s in private.selects] == ["Card", "Target"]
        assert private.buttons[0].get("disabled") and chosen(db) == before
        assert not any(m.id == private.id for m in alice.visible() + carol.visible())
        [target] = [o for s in private.selects if s["placeholder"] == "Target"
                    for o in s["options"]][:1]        # one no other card of a deck lies on
        where, placed = target["label"], f"Goodwill +1 on {target['label']}"
        await bob.select(private, where, menu="Target")
        await bob.click(private, f"Confirm: {placed}")
        code = f"g1@{target['value'].partition(':')[2]}"
        assert code in [c for d, c in chosen(db) if (d, c) not in before]
        assert f"You chose **{placed}**" in private.text
        await discord.settle()
        said = "\n".join(m.text for m in thread.messages()).splitlines()
        assert f"face down on {where}" in "\n".join(said)
        assert all(f"revealed {placed}" in line for line in said
                   if placed in line)                   # only once every card is revealed
        # Confirm said the card; no DM repeats it, "My secrets" keeps it
        assert not any("Your card: " in m.text for m in bob.dms())
        kept = await bob.click(status_message(thread), "My secrets")
        assert f"Your card: {placed}" in kept.text


async def mastermind_places(alice, prompt, db) -> None:
    """The Mastermind's DM: the card menu and Confirm (off), then, a card chosen, the target
    menu in the same message; nothing is decided until Confirm."""
    assert prompt.buttons[0]["label"] == "Confirm" and prompt.buttons[0].get("disabled")
    dms, before = len(alice.dms()), chosen(db)
    await alice.select(prompt, "Intrigue +1", menu="Card")
    assert [s["placeholder"] for s in prompt.selects] == ["Card", "Target"]
    await alice.select(prompt, "School", menu="Target")
    assert len(alice.dms()) == dms and chosen(db) == before
    await alice.click(prompt, "Confirm: Intrigue +1 on School")
    assert "You chose **Intrigue +1 on School**" in prompt.content
    assert len(alice.dms()) == dms     # the next card is asked in its place, in the same DM
    assert [c for _, c in chosen(db)[len(before):]] == ["i1@school"]
    assert not any("Your card: " in m.text for m in alice.dms())    # its closed question says it


async def test_a_next_card_refused_in_its_place_comes_as_a_dm_of_its_own(tmp_path):
    """Discord refusing the edit that would ask the Mastermind's next card in the answered
    one's place: the next card comes as a DM of its own, without repeating what the answered
    message still shows."""
    db = tmp_path / "db.sqlite3"
    async with at_a_table(db, "alice", "bob") as (discord, (alice, bob), games):
        await started_with_alice_as_mastermind(discord, alice, bob, games)

        def card_question(m) -> bool:
            return [s.get("placeholder") for s in m.selects] == ["Card"]

        prompt = await alice.wait_dm(card_question)
        dms = len(alice.dms())
        discord.faults.server_error("PATCH /webhooks/*", status=404)     # the edit in place
        await alice.select(prompt, "Intrigue +1", menu="Card")
        await alice.select(prompt, "School", menu="Target")
        await alice.click(prompt, "Confirm: Intrigue +1 on School")
        asked = await alice.wait_dm(lambda m: m.id != prompt.id and card_question(m))
        assert "You chose **Intrigue +1 on School**" in prompt.content
        assert "You chose" not in asked.text and len(alice.dms()) == dms + 1
        assert [i.status for i in discord.faults.injected] == [404]
