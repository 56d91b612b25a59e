"""Spectators and the dead through the loopback Discord: `/GAME watch` opens a private
spectator thread holding every secret as it happens, the person of an eliminated seat is
offered it by DM, and nothing of it ever reaches a living player before the end."""
from __future__ import annotations

import asyncio
import secrets
from functools import partial

from tests.loopback import Loopback
from tests.loopback.table import (FAST_TIMINGS, GAME_OVER, KILL_PROMPT, answer_first,
                                  at_a_table, dm_prompts, finished, idle, known_wolf,
                                  make_bot, open_questions, play, toy_choice)
from tests.test_loopback_games import audiences
from tests.test_spectators import out_when_dead

GM_LINES = ("The wolf sits at", "The wolf chose")      # the toy game's GM log


def spectator_thread(channel):
    return next(t for t in channel.threads() if t.name.endswith("spectators"))


async def test_a_spectator_and_the_dead_see_every_secret_and_the_living_none(tmp_path,
                                                                              monkeypatch):
    out_when_dead(monkeypatch)
    async with at_a_table(tmp_path / "db.sqlite3", "alice", "bob", "carol", "dave",
                          "eve") as (discord, people, games):
        alice, bob, carol, dave, eve = people
        players = [alice, bob, carol, dave]
        await alice.slash(games, "toy new")
        lobby = games.last_message()
        early = await eve.slash(games, "toy watch")
        assert early.ephemeral and "Only a running game" in early.content
        for person in (bob, carol, dave):
            await person.click(lobby, "Join")
        await alice.click(lobby, "Start")
        thread = lobby.thread

        seated = await bob.slash(thread, "toy watch")
        assert seated.ephemeral and "You play at this table" in seated.content
        watched = await eve.slash(thread, "toy watch")
        assert watched.ephemeral and "every secret shows there" in watched.content.lower()
        spectators = spectator_thread(games)
        assert spectators.record.type == 12 and not spectators.record.invitable
        assert spectators.members == ["Loopback Bot", "eve"]
        board = "\n".join(m.text for m in spectators.messages())
        wolf = known_wolf(players)
        assert f"**{wolf}**\n• Your role: wolf" in board, board

        # The night: the wolf kills; its victim is out and is offered the view, once.
        wolf_person = next(p for p in players if p.name == wolf)
        [kill] = [m for m in dm_prompts(wolf_person) if KILL_PROMPT in m.text]
        await wolf_person.click(kill, toy_choice(wolf_person, kill, wolf))
        [dead] = [p for p in players if any("Watch with the dead" in m.labels()
                                            for m in p.dms())]
        assert "The wolf chose" in "\n".join(m.text for m in spectators.messages())
        [offer] = [m for m in dead.dms() if "Watch with the dead" in m.labels()]
        joined = await dead.click(offer, "Watch with the dead")
        assert dead.name in spectators.members
        assert "every secret shows there" in joined.followups[-1].text.lower()
        assert not offer.buttons and "You watch game" in offer.text     # taken, closed

        # Their posts in the game's thread are removed, and they are told why.
        for person in (eve, dead):
            post = await person.write(thread, "the wolf is …")
            assert post.deleted, person
            assert "your posts in its thread are removed" in person.dms()[-1].text
        living = [p for p in players if p is not dead]
        said = await next(p for p in living if p.name != wolf).write(thread, "I trust bob")
        assert not said.deleted

        await play(players, thread)
        assert finished(thread)
        await discord.settle()
        assert "The game is over" in spectators.messages()[-1].text

        # What the living saw: never the spectator thread, and the GM log only in the
        # recap posted after the end.
        end = next(m for m in thread.messages() if "The game is over" in m.text)
        for person in living:
            for message in person.visible():
                assert message.record.channel is not spectators.record, person
                if any(line in message.text for line in GM_LINES):
                    assert message.record.channel is thread.record and message.id > end.id, (
                        person, message.text)
        assert spectators.members == sorted(["Loopback Bot", "eve", dead.name])


async def test_no_outside_eyes_shows_the_public_thread_only(tmp_path, monkeypatch):
    out_when_dead(monkeypatch)
    async with at_a_table(tmp_path / "db.sqlite3", "alice", "bob", "carol",
                          "eve") as (discord, people, games):
        alice, bob, carol, eve = people
        await alice.slash(games, "toy new", settings="spectators=public")
        lobby = games.last_message()
        for person in (bob, carol):
            await person.click(lobby, "Join")
        await alice.click(lobby, "Start")
        thread = lobby.thread
        watched = await eve.slash(thread, "toy watch")
        assert watched.ephemeral and "no secrets" in watched.content
        assert "eve" in thread.members
        assert [t.name for t in games.threads()] == [thread.name]
        wolf = known_wolf([alice, bob, carol])
        wolf_person = next(p for p in (alice, bob, carol) if p.name == wolf)
        [kill] = [m for m in dm_prompts(wolf_person) if KILL_PROMPT in m.text]
        await wolf_person.click(kill, toy_choice(wolf_person, kill, wolf))
        assert not any("Watch with the dead" in m.labels()
                       for p in (alice, bob, carol) for m in p.dms())
        post = await eve.write(thread, "hello")
        assert not post.deleted


async def test_watch_is_refused_without_create_private_threads(tmp_path):
    async with at_a_table(tmp_path / "db.sqlite3", "alice", "bob", "carol",
                          "eve") as (discord, people, games):
        alice, bob, carol, eve = people
        discord.deny(games, "create_private_threads")
        await discord.settle()
        opened = await alice.slash(games, "toy new")      # the host is told what it costs
        assert any("Create Private Threads" in m.text and "spectators" in m.text
                   for m in opened.followups), opened.followups
        lobby = games.last_message()
        for person in (bob, carol):
            await person.click(lobby, "Join")
        await alice.click(lobby, "Start")
        refused = await eve.slash(games, "toy watch")
        assert refused.ephemeral and "Create Private Threads" in refused.content
        assert [t.name for t in games.threads()] == [lobby.thread.name]
        post = await eve.write(lobby.thread, "hello")
        assert not post.deleted


async def test_an_offer_not_taken_closes_with_the_game(tmp_path, monkeypatch):
    out_when_dead(monkeypatch)
    async with at_a_table(tmp_path / "db.sqlite3", "alice", "bob", "carol",
                          "dave") as (discord, people, games):
        alice = people[0]
        await alice.slash(games, "toy new")
        lobby = games.last_message()
        for person in people[1:]:
            await person.click(lobby, "Join")
        await alice.click(lobby, "Start")
        wolf = known_wolf(people)
        wolf_person = next(p for p in people if p.name == wolf)
        [kill] = [m for m in dm_prompts(wolf_person) if KILL_PROMPT in m.text]
        await wolf_person.click(kill, toy_choice(wolf_person, kill, wolf))
        [offer] = [m for p in people for m in p.dms() if "Watch with the dead" in m.labels()]
        await alice.slash(lobby.thread, "toy cancel")
        assert not offer.buttons and "is over" in offer.text


async def test_the_spectator_thread_goes_on_after_a_restart_saying_each_thing_once(tmp_path):
    db = tmp_path / "db.sqlite3"
    async with Loopback() as discord:
        guild = discord.guild("Test server")
        players = [guild.user(name) for name in ("alice", "bob", "carol", "dave")]
        eve = guild.user("eve")
        games = guild.text_channel("games")
        async with discord.run_bot(partial(make_bot, settle_delay=0.01), db, idle=idle):
            await players[0].slash(games, "toy new")
            lobby = games.last_message()
            for person in players[1:]:
                await person.click(lobby, "Join")
            await players[0].click(lobby, "Start")
            await eve.slash(games, "toy watch")
        spectators = spectator_thread(games)
        before = [m.text for m in spectators.messages()]
        async with discord.run_bot(partial(make_bot, settle_delay=0.01), db, idle=idle):
            await discord.settle()
            assert [m.text for m in spectators.messages()] == before      # nothing again
            await play(players, lobby.thread)
            await discord.settle()
        said = [m.text for m in spectators.messages()]
        assert said[:len(before)] == before and len(said) == len(set(said))
        assert sum("The wolf chose" in text for text in said) == 1
        assert "The game is over" in said[-1]


BETHLEM_SEED = 63   # a deal in which the first answers put two people out by round three


async def test_a_whole_bethlem_game_with_a_spectator_and_the_dead(tmp_path, monkeypatch):
    """Every message each living player received, DM or thread, holds no line of the
    spectators' view that the rules had not shown them: not before the end, where the recap
    reveals the game's secrets."""
    monkeypatch.setattr(secrets, "randbelow", lambda n: BETHLEM_SEED)
    db = tmp_path / "db.sqlite3"
    async with at_a_table(db, "p0", "p1", "p2", "p3", "eve") as (discord, people, games):
        players, eve = people[:4], people[4]
        await players[0].slash(games, "bethlem new", mode="normal", timings=FAST_TIMINGS,
                               settings="round_cap=4")
        lobby = games.last_message()
        for person in players[1:]:
            await person.click(lobby, "Join")
        await players[0].slash(games, "bethlem add-ai")
        await players[0].click(lobby, "Start")
        thread = lobby.thread
        assert (await eve.slash(thread, "bethlem watch")).ephemeral
        spectators = spectator_thread(games)
        loop = asyncio.get_running_loop()
        give_up, done = loop.time() + 120, set()
        while not finished(thread) and loop.time() < give_up:
            prompts = [(p, m) for p in players for m in open_questions(p, thread, done)]
            for person, prompt in prompts:     # the dead take the offer: its first button
                await answer_first(person, prompt, done)
            if not prompts:
                await asyncio.sleep(0.05)
        assert finished(thread)
        await discord.settle()
        dead = [p for p in players if p.name in spectators.members]
        living = [p for p in players if p not in dead]
        assert living and dead and "eve" in spectators.members
        end = next(m for m in thread.messages() if GAME_OVER in m.text)
        said = [m.text for m in spectators.messages()]
        assert said and "Every secret at this moment" in said[0] and len(said) > 2, said
        names, heard = await audiences(db)
        # what the spectators were shown, and the GM log in the words of its events
        view = {line for text in said for line in text.splitlines() if line.strip()}
        view |= heard.get("gm", set())
        for person in living:
            seat = f"seat:{names.index(person.name)}"
            allowed = heard.get("public", set()) | heard.get(seat, set())
            for message in person.visible():
                assert message.record.channel is not spectators.record, person
                if message.record.channel is thread.record and message.id > end.id:
                    continue                          # the end and the recap reveal all
                leaked = {line for line in message.text.splitlines()
                          if line in view and line not in allowed}
                assert not leaked, (person, leaked)
        for person in (eve, *dead):
            post = await person.write(thread, "psst")
            assert not post.deleted                   # the game is over: talk is free


async def test_no_spectator_thread_while_a_player_may_read_every_private_thread(tmp_path):
    """The server's owner (Discord shows them every private thread) plays: the secrets are
    not put where they could read them, and the spectator is told why."""
    async with at_a_table(tmp_path / "db.sqlite3", "owner of Test server", "bob", "carol",
                          "eve") as (discord, people, games):
        owner, bob, carol, eve = people
        await owner.slash(games, "toy new")
        lobby = games.last_message()
        for person in (bob, carol):
            await person.click(lobby, "Join")
        await owner.click(lobby, "Start")
        refused = await eve.slash(games, "toy watch")
        assert refused.ephemeral and "can read every private thread" in refused.content
        assert [t.name for t in games.threads()] == [lobby.thread.name]
