"""End to end: a person leaves a running toy game, the bot plays their seat and offers it in
the thread, someone else takes it with **Take this seat**, is told everything the seat knows by
DM and plays on to the end; the host's `/toy replace` hands a seat over mid-night, its open
secret question asked of the newcomer."""
from __future__ import annotations

import asyncio

from tests.loopback.seen import findings, what_people_see
from tests.loopback.table import (FAST_TIMINGS, KILL_PROMPT, answer_quickest, at_a_table,
                                  dm_prompts, finished, open_questions, open_toy_table, play)
from tests.loopback.wholegame import TABLES

TAKE = "Take this seat"
GIVE_UP = 180.0   # seconds a whole real game may take, as `wholegame.play` gives it
# What the toy game itself shows that a real game would not (its words are a test's)
TOY_WORDS = ("“toy — over”", "“Votes: {")


def assert_nothing_to_stumble_on(thread, people) -> None:
    found = [f for f in findings(what_people_see(thread, people))
             if not any(words in f for words in TOY_WORDS)]
    assert not found, "\n".join(found)


async def open_table(host, others, games):
    return (await open_toy_table(games, host, others, pace="live"))[1]


def role_of(person) -> str:
    seen = "\n".join(m.text for m in person.dms())
    return "wolf" if "You are the **wolf**" in seen else "villager"


async def test_a_seat_left_is_taken_by_someone_else_who_plays_on(tmp_path):
    async with at_a_table(tmp_path / "db.sqlite3", "alice", "bob", "carol", "dave", "erin",
                          "frank") as (discord, people, games):
        alice, bob, carol, dave, erin, frank = people
        thread = await open_table(alice, (bob, carol, dave), games)
        role = role_of(bob)
        left = await bob.slash(thread, "toy leave")
        assert left.ephemeral and "You left" in left.content
        offer = next(m for m in thread.messages() if TAKE in m.labels())
        assert "Seat 2 (bob) is free" in offer.content
        seated = await alice.click(offer, TAKE)
        assert seated.ephemeral and "already in this game" in seated.content

        # two people press Take at once: one gets the seat, the other a private refusal
        clicks = await asyncio.gather(erin.click(offer, TAKE, settle=False),
                                      frank.click(offer, TAKE, settle=False))
        await discord.settle()
        won = [r for r in clicks if "Seat 2 is yours" in r.content]
        lost = [r for r in clicks if "not free" in r.content]
        assert len(won) == len(lost) == 1 and all(r.ephemeral for r in clicks)
        newcomer = (erin, frank)[clicks.index(won[0])]
        name = newcomer.name
        assert not offer.buttons and offer.content == f"Seat 2 is no longer free: {name} plays it."
        assert any(f"{name} takes over seat 2." in m.content for m in thread.messages())
        history = "\n".join(m.text for m in newcomer.dms())
        assert f"You now play seat 2 ({name})" in history
        assert f"Your role: {role}" in history and f"You are the **{role}**" in history
        assert len([m for m in newcomer.dms() if "You now play seat 2" in m.text]) == 1
        # the seat's secret never reached the thread
        assert not any(f"You are the **{role}**" in m.text for m in thread.messages())

        await play([alice, carol, dave, newcomer], thread)
        assert finished(thread) and offer.buttons == []
        assert_nothing_to_stumble_on(thread, people)


async def test_the_host_replaces_the_wolf_mid_night(tmp_path):
    async with at_a_table(tmp_path / "db.sqlite3", "alice", "bob", "carol", "dave",
                          "erin") as (discord, people, games):
        alice, bob, carol, dave, erin = people
        thread = await open_table(alice, (bob, carol, dave), games)
        wolf = next(p for p in (alice, bob, carol, dave) if role_of(p) == "wolf")
        spent = next(m for m in dm_prompts(wolf) if KILL_PROMPT in m.text)
        if wolf is alice:      # the host hands over their own seat: another replaces them
            done = await bob.slash(thread, "toy replace", old=alice, new=erin)
            assert done.ephemeral and "Only the game's host" in done.content
        done = await alice.slash(thread, "toy replace", old=wolf, new=erin)
        assert done.ephemeral and "erin now plays seat" in done.content
        assert "You are the **wolf**" in "\n".join(m.text for m in erin.dms())
        asked = [m for m in dm_prompts(erin) if KILL_PROMPT in m.text]
        assert len(asked) == 1
        # the former wolf's question closed (its buttons gone, it says so); no secrets left
        assert not spent.buttons and "This question is closed." in spent.text
        gone = await wolf.slash(thread, "toy secrets")
        assert gone.ephemeral and gone.content == "You have no seat in this game."
        await erin.click(asked[0], asked[0].labels()[-1])
        assert not dm_prompts(erin) or KILL_PROMPT not in dm_prompts(erin)[0].text
        others = [p for p in (alice, bob, carol, dave) if p is not wolf]
        await play([*others, erin], thread)
        assert finished(thread)
        assert_nothing_to_stumble_on(thread, people)


async def test_a_bethlem_seat_changes_hands_and_the_game_ends(tmp_path):
    """A real game's secrets reach the newcomer in the history DM, and its questions after."""
    game, table = "bethlem", TABLES["bethlem"]
    async with at_a_table(tmp_path / "db.sqlite3", "ana", "ben", "cleo") as (
            discord, (ana, ben, cleo), games):
        await ana.slash(games, f"{game} new", mode=table.mode, timings=FAST_TIMINGS)
        lobby = games.last_message()
        await ben.click(lobby, "Join")
        for _ in range(table.ai):
            await ana.slash(games, f"{game} add-ai")
        await ana.click(lobby, "Start")
        thread = lobby.thread
        mine = "\n".join(m.text for m in ben.dms())
        await ben.slash(thread, f"{game} leave")
        offer = next(m for m in thread.messages() if TAKE in m.labels())
        taken = await cleo.click(offer, TAKE)
        assert taken.ephemeral and "Seat 2 is yours" in taken.content
        history = next(m.text for m in cleo.dms() if "You now play seat 2" in m.text)
        assert "**Yours**" in history and "What the seat was told so far" in history
        dealt = next(line for line in mine.splitlines() if line.startswith("Your cards:"))
        assert dealt in history             # what ben was told, cleo reads
        done: set = set()
        end = asyncio.get_running_loop().time() + GIVE_UP
        while not finished(thread):
            await discord.fake.world.wait_for(
                lambda: finished(thread) or any(open_questions(p, thread, done)
                                                for p in (ana, cleo)),
                max(end - asyncio.get_running_loop().time(), 0.01), "a question or the end",
                [thread.record, ana.dm.record, cleo.dm.record])
            for person in (ana, cleo):
                for prompt in open_questions(person, thread, done):
                    await answer_quickest(person, prompt, done, settle=False)
        await discord.settle()
        assert not offer.buttons
