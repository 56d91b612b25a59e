"""Quiet phases through the loopback: while a game's rules forbid table talk the thread is never
locked (Discord's client would disable every button there and hide the message box), the thread
is told once when talk stops and once when it opens again, and a person's post meanwhile is
removed, with a DM saying why. Every question is answered by the person asked, through the
thread's buttons, DMs, **My secrets** or **Answer here**. Without Manage Messages the host is
told once and the game goes on. The toy game's days (its public votes) are quiet here; the real
games' own quiet phases are played by people further down."""
from __future__ import annotations

import asyncio
from functools import partial

import discord
import pytest

import games
from cogs.common import threads
from hosting import host as host_module
from hosting.store import Store
from tests.loopback import Loopback
from tests.loopback.people import InteractionFailed
from tests.loopback.seen import findings, what_people_see
from tests.loopback.table import (answer, answer_quickest, finished, idle, make_bot,
                                  open_questions, open_toy_table, play, secret_prompts,
                                  status_message, toy_choice)
from tests.test_loopback_table import lb, table_bot, town  # noqa: F401 (fixtures)
from tests.toy import ToyGame

QUIET, OPEN = "Quiet, please.", "Talk is open again."
REMOVED = "your message in the game's thread was removed"
NO_REMOVING = "I cannot remove posts in this thread"
ROOM25, CULTISTS = games.engine("room25"), games.engine("cultists")


@pytest.fixture
def quiet_days(monkeypatch):
    plain = ToyGame.public_view
    monkeypatch.setattr(ToyGame, "public_view",
                        lambda self, s: {**plain(self, s), "quiet": s["phase"] == "day"})


def said(thread, words: str) -> int:
    return sum(words in m.content for m in thread.messages())


def day(thread) -> bool:
    return not finished(thread) and "Day" in status_message(thread).embeds[0]["title"]


async def to_the_day(people, thread) -> None:
    """Answer the night's question (the wolf's, by DM or My secrets) so that the quiet day
    begins."""
    done: set = set()
    for person in people:
        asked = ([m for m in person.dms() if m.buttons] if person.dms_open
                 else await secret_prompts(person, thread))
        for prompt in asked:
            await answer(person, prompt, toy_choice(person, prompt, None), done)
    assert day(thread)


async def test_a_quiet_phase_leaves_every_button_usable_and_removes_posts(
        lb, town, tmp_path, quiet_days):
    guild, (alice, bob, carol, dave), games = town
    dave.dms_open = False                        # he answers through Answer here / My secrets
    async with table_bot(lb, tmp_path / "db.sqlite3"):
        _, thread = await open_toy_table(games, alice, [bob, carol, dave])
        kept = await bob.write(thread, "good luck all")          # night: talk is allowed
        assert said(thread, QUIET) == 0
        await to_the_day([alice, bob, carol, dave], thread)
        assert not thread.locked and said(thread, QUIET) == 1
        posted = await carol.write(thread, "it was bob!")          # the rules say no
        assert posted.deleted and not kept.deleted
        assert any(REMOVED in m.content for m in carol.dms())
        answer_here = next(m for m in thread.messages() if "Answer here" in m.labels())
        assert (await dave.click(answer_here, "Answer here")).ephemeral
        assert "Your role" in (await dave.click(status_message(thread), "My secrets")).text
        checked = []

        def never_locked() -> None:
            assert not thread.locked
            checked.append(day(thread))

        await play([alice, bob, carol, dave], thread, after_step=never_locked)
        assert finished(thread) and True in checked
    assert said(thread, QUIET) >= 1 and said(thread, QUIET) == said(thread, OPEN)
    assert [m.content for m in thread.messages() if "Time ran out" in m.content] == []
    assert [c for c in lb.calls if c.status >= 400 and str(thread.record.id) in c.path] == []
    assert not any(REMOVED in m.content for m in bob.dms())


async def test_quiet_survives_a_restart_and_talk_opens_on_pause_cancel_and_end(
        lb, town, tmp_path, quiet_days):
    guild, people, games = town
    alice, bob = people[:2]
    db = tmp_path / "db.sqlite3"
    async with table_bot(lb, db):
        _, thread = await open_toy_table(games, alice, people[1:])
        await to_the_day(people, thread)
        assert said(thread, QUIET) == 1
    async with table_bot(lb, db):                       # told once, not again after the restart
        assert said(thread, QUIET) == 1
        assert (await bob.write(thread, "psst")).deleted
        await alice.slash(thread, "toy pause")
        assert said(thread, OPEN) == 1 and not (await bob.write(thread, "paused")).deleted
        await alice.slash(thread, "toy resume")
        assert said(thread, QUIET) == 2
        await alice.slash(thread, "toy cancel")
        assert said(thread, OPEN) == 2 and not (await bob.write(thread, "bye")).deleted
    store = await Store.open(db)
    try:
        assert await store.quiet_threads() == []
    finally:
        await store.close()


async def test_without_manage_messages_the_host_is_told_once_and_the_game_goes_on(
        lb, town, tmp_path, quiet_days):
    guild, people, games = town
    host, bob = people[:2]
    lb.deny(games, "manage_messages")
    async with table_bot(lb, tmp_path / "db.sqlite3"):
        _, thread = await open_toy_table(games, host, people[1:])
        await to_the_day(people, thread)
        assert not (await bob.write(thread, "it was carol")).deleted   # a stated rule only
        await play(people, thread)
        assert finished(thread) and not thread.locked
    notes = [m for m in thread.messages() if NO_REMOVING in m.content]
    assert len(notes) == 1 and host.mention in notes[0].content
    assert notes[0].pinged.users == {host.id}
    assert said(thread, "please write nothing in this thread") == said(thread, QUIET) >= 1
    assert not any(c.status == 403 for c in lb.calls)       # checked, never tried


async def test_a_lock_an_earlier_version_left_is_lifted_after_a_restart(
        lb, town, tmp_path, quiet_days):
    guild, people, games = town
    db = tmp_path / "db.sqlite3"
    async with table_bot(lb, db):
        _, thread = await open_toy_table(games, people[0], people[1:])
        await to_the_day(people, thread)
    store = await Store.open(db)                  # the older bot locked its quiet day
    [game_id] = await store.quiet_threads()
    await store.set_thread_quiet(game_id, locked=True)
    await store.close()
    lb.lock(thread)
    with pytest.raises(PermissionError):          # nobody can vote in a locked thread
        await people[1].click(next(m for m in thread.messages() if m.buttons
                                   and people[1].mention in m.content), "Nobody")
    async with table_bot(lb, db):
        await lb.wait_for(lambda: not thread.locked, 10.0, "the old lock lifted")
        await play(people, thread)
        assert finished(thread)


async def test_a_locked_thread_refuses_people_and_the_bots_answers_as_discord_does(tmp_path):
    async with Loopback(strict=False) as lb:      # the bot's refused answer is logged
        guild = lb.guild("Test server")
        people = [guild.user(n) for n in ("alice", "bob", "carol")]
        games = guild.text_channel("games")
        async with table_bot(lb, tmp_path / "db.sqlite3"):
            _, thread = await open_toy_table(games, people[0], people[1:])
            status = status_message(thread)
            lb.lock(thread)                       # a moderator locks it
            for act in (lambda: people[1].click(status, "My secrets"),
                        lambda: people[1].write(thread, "hello?"),
                        lambda: people[0].slash(thread, "toy status")):
                with pytest.raises(PermissionError):
                    await act()
            calls = len(lb.calls)
            with pytest.raises(InteractionFailed):   # a stale client: the answer is refused
                await people[1].click(status, "My secrets", force=True)
            answers = [c for c in lb.calls[calls:] if "/callback" in c.route]
            assert answers and all(c.status == 403 for c in answers)


async def test_deleting_someone_elses_message_needs_manage_messages(lb, town, tmp_path):
    guild, (alice, bob, carol, dave), games = town
    async with table_bot(lb, tmp_path / "db.sqlite3") as bot:
        mine = await bob.write(games, "hello")
        lb.deny(games, "manage_messages")
        with pytest.raises(discord.Forbidden) as refused:
            await bot.http.delete_message(games.record.id, mine.id)
        assert refused.value.code == 50013 and not mine.deleted
        lb.allow(games, "manage_messages")
        await bot.http.delete_message(games.record.id, mine.id)
        assert mine.deleted


# ---- the real games' quiet phases, played by people ------------------------------------------
# Questions wait long enough that nobody's time runs out on a slow machine; the clock-only
# steps (Mysterium's sand timer, the least a night step lasts) pass at once.
PATIENT = {"default": 600, "setup": 600, "night_step": 600, "vote": 600, "day_discussion": 600,
           "programming": 600, "action": 600, "clue": 600, "pick": 600, "reactive": 600, "claim": 600,
           "conference": 1, "night_step_min": 0.01, "reactive_min": 0.01}
TIMED_OUT = ("Time ran out", "This question is closed")


async def play_through_quiet(tmp_path, monkeypatch, game: str, people: int, ai: int,
                             seed: int | None = None, clocks: dict | None = None,
                             to_the_end: bool = True, give_up: float = 240.0,
                             choose=None, **new_options) -> None:
    """A whole game of `game` with people answering every question they are asked (in the
    thread, by DM, or through Answer here and My secrets for a person whose DMs are closed),
    one of them posting in the thread once a quiet phase begins; `clocks`: the game's own
    clock-only steps, which pass at once. Unless `to_the_end`, the host cancels the game from
    its thread once talk opens again. `choose(bot, person, prompt, done)` answers a question
    (else the quickest answer)."""
    if seed is not None:
        monkeypatch.setattr(host_module._secrets, "randbelow", lambda n: seed)
    async with Loopback() as discord:
        guild = discord.guild("Test server")
        players = [guild.user(f"player{i}") for i in range(people)]
        games = guild.text_channel("games")
        async with discord.run_bot(partial(make_bot, settle_delay=0.01), tmp_path / "db",
                                   idle=idle) as bot:
            host = players[0]
            timings = ",".join(f"{k}={v}" for k, v in {**PATIENT, **(clocks or {})}.items())
            await host.slash(games, f"{game} new", timings=timings, **new_options)
            lobby = games.last_message()
            for person in players[1:]:
                await person.click(lobby, "Join")
            for _ in range(ai):
                await host.slash(games, f"{game} add-ai")
            await host.click(lobby, "Start")
            thread = lobby.thread
            [game_id] = await bot.host.store.game_ids(statuses=("running",))
            watched = [thread.record, *(p.dm.record for p in players)]
            done: set = set()
            post = secrets = None
            end = asyncio.get_running_loop().time() + give_up

            def talk_opened_again() -> bool:
                return post is not None and said(thread, OPEN) >= said(thread, QUIET)

            while not finished(thread) and (to_the_end or not talk_opened_again()):
                assert not thread.locked
                left = end - asyncio.get_running_loop().time()
                await discord.fake.world.wait_for(
                    lambda: finished(thread) or any(open_questions(p, thread, done)
                                                    for p in players)
                    or (post is None and said(thread, QUIET) > said(thread, OPEN))
                    or (not to_the_end and talk_opened_again()),
                    max(left, 0.01), "a question, a quiet phase or the end", watched)
                if post is None and threads.quiet_now(await bot.host.table(game_id)):
                    post = await players[-1].write(thread, "I know who it is!", settle=False)
                    await discord.fake.world.wait_for(lambda: post.deleted, 30.0,
                                                      "the post removed", [thread.record])
                    secrets = await players[0].click(status_message(thread), "My secrets",
                                                     settle=False)
                for person in players:
                    for prompt in open_questions(person, thread, done):
                        if choose is not None:
                            await choose(bot, person, prompt, done)
                        else:
                            await answer_quickest(person, prompt, done, settle=False)
            answered = None     # what people read before the host's cancel closes the rest
            if not finished(thread):
                answered = [m.text for p in players for m in p.visible()]
                await host.slash(thread, f"{game} cancel")
            await discord.settle()
        lines = [m.text for p in players for m in p.visible()]
        drawn = what_people_see(thread, players)
    if to_the_end:
        assert findings(drawn) == []
    assert post is not None, ("no quiet phase came", [m.text for m in thread.messages()[-6:]])
    assert post.deleted and secrets.ephemeral and secrets.text
    assert said(thread, QUIET) == said(thread, OPEN) >= 1 and not thread.locked
    assert [line for line in (lines if answered is None else answered)
            if any(words in line for words in TIMED_OUT)] == []
    assert any(REMOVED in m.content for m in players[-1].dms())


async def test_room25_jamming_in_a_coop_ultimate_game(tmp_path, monkeypatch):
    options = {"level": "ultimate", "madness": True}
    seed = next(s for s in range(500) if any(   # jamming among the first cards drawn
        card.startswith("jamming") for card in
        ROOM25.setup({**options, "mode": "coop"}, 3, s)[0]["deck"][-2:]))
    await play_through_quiet(tmp_path, monkeypatch, "room25", 2, 1, seed=seed, mode="coop",
                             **options)


def first_event(seed: int) -> str:
    """The first event Among Cultists draws from its bag (round 1's, whatever is played)."""
    state, events = CULTISTS.setup({"mode": "experienced"}, 4, seed)
    while not any(e.kind == "event_drawn" for e in events):
        asked = CULTISTS.pending(state)[0]
        state, events = CULTISTS.apply(state, asked.seat, asked.id, asked.default)
    return next(e.data["event"] for e in events if e.kind == "event_drawn")


async def test_among_cultists_without_power(tmp_path, monkeypatch):
    seed = next(s for s in range(100) if first_event(s) == "NO_CONNECTION")
    await play_through_quiet(tmp_path, monkeypatch, "cultists", 2, 2, seed=seed,
                             mode="experienced", clocks={"day_discussion": 1, "night_step": 3, "reactive": 3,
                                     "claim": 3},
                             to_the_end=False)


async def test_tragedy_looper_with_restricted_talk(tmp_path, monkeypatch):
    await play_through_quiet(tmp_path, monkeypatch, "looper", 2, 1, mode="first_steps",
                             settings="talk_restricted=true")


async def psychic_who_knows(bot, person, prompt, done) -> None:
    """A psychic who reads from the store the card sought and picks it once served; else the
    quickest answer. The Ghost (the bot) gives visions all the same."""
    [game_id] = await bot.host.store.game_ids(statuses=("running",))
    table = await bot.host.table(game_id)
    seat = table.seat_of(person.id).seat
    sought = {f"guess.{p['targets'][p['stage']]}" for p in table.state["psychics"]
              if p["seat"] == seat and p["served"] and p["stage"] in p["targets"]}
    for button in prompt.buttons:
        if button["custom_id"].rsplit("|", 1)[-1] in sought:
            done.add((person.name, prompt.id))
            return await person.click(prompt, button["custom_id"], settle=False)
    for menu in prompt.selects:
        for option in menu["options"]:
            if option["value"] in sought:
                done.add((person.name, prompt.id))
                return await person.select(prompt, option["value"], menu=menu["custom_id"],
                                           settle=False)
    await answer_quickest(person, prompt, done, settle=False)


async def test_mysterium_vote(tmp_path, monkeypatch):
    await play_through_quiet(tmp_path, monkeypatch, "mysterium", 4, 0, mode="easy", ghost="bot",
                             choose=psychic_who_knows)


@pytest.mark.parametrize("may_remove", [True, False])
async def test_a_human_ghosts_post_is_removed_whenever_the_game_is_live(tmp_path, may_remove):
    async with Loopback() as lb:
        guild = lb.guild("Test server")
        ghost, psychic = guild.user("ghost"), guild.user("psychic")
        games_channel = guild.text_channel("games")
        if not may_remove:
            lb.deny(games_channel, "manage_messages")
        async with table_bot(lb, tmp_path / "db.sqlite3"):
            lobby = (await ghost.slash(games_channel, "mysterium new", mode="easy",
                                       ghost="player")).message
            await psychic.click(lobby, "Join")
            await ghost.click(lobby, "Start")
            thread = lobby.thread
            hint = await ghost.write(thread, "think of the kitchen")
            talk = await psychic.write(thread, "I see a raven")
        assert hint.deleted == may_remove and not talk.deleted
        assert any("You are the Ghost" in m.content for m in ghost.dms()) == may_remove
        assert not any("You are the Ghost" in m.content for m in psychic.dms())
