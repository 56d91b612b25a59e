"""End to end: the project's bot (bot.TableBot with the toy game) against the loopback fake
Discord, played by scripted people: lobby, refusals, whole games, closed DMs, a restart mid-night
and injected API faults."""
from __future__ import annotations

import asyncio
from collections import Counter
from functools import partial

import pytest

from tests.loopback import Loopback
from tests.loopback.table import (GAME_OVER, KILL_PROMPT, dm_prompts, finished, idle, make_bot,
                                  open_toy_table, play, play_unsettled, secret_prompts,
                                  status_message)

SECRETS = ("You are the", "Your role", "wolf sits at", KILL_PROMPT)


@pytest.fixture
async def lb():
    async with Loopback() as discord:
        yield discord


@pytest.fixture
def town(lb):
    guild = lb.guild("Test server")
    people = [guild.user(name) for name in ("alice", "bob", "carol", "dave")]
    return guild, people, guild.text_channel("games")


@pytest.fixture
def db(tmp_path):
    return tmp_path / "table.sqlite3"


def table_bot(lb, db):
    return lb.run_bot(partial(make_bot, settle_delay=0.01), db, idle=idle)


def secrets_kept(lb, people, thread):
    """A check to run after every move: until the game ends no public message holds a secret,
    and nobody sees a role but their own or a wolf's prompt unless they are the wolf."""
    def check():
        if finished(thread):
            return
        for message in lb.public_messages():
            assert not any(s in message.text for s in SECRETS), message
        for person in people:
            seen = "\n".join(m.text for m in person.visible())
            roles = {r for r in ("wolf", "villager")
                     if f"You are the **{r}**" in seen or f"Your role: {r}" in seen}
            assert len(roles) <= 1, (person, roles)
            assert KILL_PROMPT not in seen or roles == {"wolf"}, person
    return check


def public_lines(thread) -> Counter:
    """Each line the thread showed, counted (the bot sends several lines in one message)."""
    return Counter(line for m in thread.messages() for line in (m.content or "").splitlines())


def winners_line(thread) -> str:
    return next(m.content for m in thread.messages() if GAME_OVER in m.content)


async def test_lobby_flow(lb, town, db):
    guild, (alice, bob, carol, dave), games = town
    async with table_bot(lb, db):
        assert (await alice.slash(games, "games")).content == "No open games here."
        modes = await alice.autocomplete(games, "toy new", mode="")
        assert [c["value"] for c in modes] == ["normal", "slow"]
        reply = await alice.slash(games, "toy new", pace="live")
        lobby = games.last_message()
        assert not reply.ephemeral and reply.message == lobby
        assert lobby.labels()[:4] == ["Join", "Leave", "Start", "Settings 1/2"]   # and more
        assert lobby.thread.name == "toy #1"
        joined = await bob.click(lobby, "Join")      # the answer is the lobby, updated
        assert joined.type == 7 and joined.message == lobby
        assert "2 seats taken of 8 (3 needed to start): alice, bob" in lobby.text
        assert (await bob.click(lobby, "Leave")).type == 7
        assert "1 seat taken of 8 (3 needed to start): alice" in lobby.text
        again = await alice.click(lobby, "Join")
        assert again.ephemeral and again.content == "You are already in this game."
        await carol.click(lobby, "Join")
        await bob.click(lobby, "Join")
        assert (await alice.slash(games, "toy add-ai")).content == "Added AI 1."
        listing = await dave.slash(games, "games")
        assert listing.ephemeral and "toy · " in listing.content and "4 players" in listing.content
        await alice.click(lobby, "Start")
        assert lobby.buttons == [] and "alice, carol, bob, AI 1" in lobby.text
        thread = lobby.thread
        status, news = thread.messages()[:2]   # the status first, pinned, linked from the news
        assert status.labels() == ["My secrets"] and status.pinned
        assert news.content.splitlines()[1].startswith("The game begins")
        assert f"/{status.id})" in news.content.splitlines()[0]
    assert all(i.latency is not None for i in lb.interactions)
    # The lobby is the slash command's own reply: no need to fetch it back.
    assert not [c for c in lb.calls if c.method == "GET" and c.route.startswith("/webhooks/")]


async def test_a_day_vote_costs_one_post_and_no_edit_of_the_status_per_vote(lb, town, db):
    guild, people, games = town
    alice, bob, carol, dave = people
    async with table_bot(lb, db):
        lobby, thread = await open_toy_table(games, alice, [bob, carol, dave], ai_seats=1,
                                             pace="live")
        posts_before = len(thread.messages())
        for wolf, kill in [(p, m) for p in people for m in dm_prompts(p)]:  # else the AI killed
            await wolf.click(kill, kill.labels()[0])
            # The dawn news, the AI's vote and the question: one new message.
            assert len(thread.messages()) == posts_before + 1
        [ballot] = [m for m in thread.messages() if "Nobody" in m.labels()]
        assert "did not survive the night" in ballot.content
        assert "AI 1 has voted." in ballot.content or "AI 1 did not survive" in ballot.content
        status_path = f"/messages/{status_message(thread).id}"
        voters = [p for p in people if p.mention in ballot.content]
        edits_before = sum(1 for c in lb.calls if c.path.endswith(status_path))
        posts_before = len(thread.messages())
        for person in voters[:-1]:
            reply = await person.click(ballot, "Nobody")
            # The answer edits the question to say who has voted, and tells the voter alone
            # what they chose.
            assert reply.type == 7 and f"{person.name} has voted." in ballot.content
            [mine] = reply.followups
            assert mine.ephemeral and mine.content == "Got it: **Nobody**."
        assert len(thread.messages()) == posts_before
        assert sum(1 for c in lb.calls if c.path.endswith(status_path)) == edits_before
        await voters[-1].click(ballot, "Nobody")
        assert "Night 2 falls" in thread.messages()[-1].content
        assert sum(1 for c in lb.calls if c.path.endswith(status_path)) == edits_before + 1


async def test_refusals_are_ephemeral(lb, town, db):
    guild, (alice, bob, carol, dave), games = town
    elsewhere, erin = guild.text_channel("elsewhere"), guild.user("erin")
    async with table_bot(lb, db):
        nothing = await carol.slash(elsewhere, "toy status")
        assert nothing.ephemeral and "no game in this channel" in nothing.content
        await alice.slash(games, "toy new")
        lobby = games.last_message()
        too_few = await alice.click(lobby, "Start")
        assert too_few.ephemeral and too_few.content == "This mode needs 3 to 8 players."
        for person in (bob, carol, dave):
            await person.click(lobby, "Join")
        not_host = await erin.click(lobby, "Start")
        assert not_host.ephemeral and "Only the game's host" in not_host.content
        await alice.click(lobby, "Start")
        thread = lobby.thread
        public_before = len(lb.public_messages())

        late = await erin.slash(games, "toy join")
        assert late.ephemeral and late.content == "This game has already started."
        stranger = await erin.click(status_message(thread), "My secrets")
        assert stranger.ephemeral and stranger.content == "You have no seat in this game."

        wolf = next(p for p in (alice, bob, carol, dave) if dm_prompts(p))
        villager = next(p for p in (alice, bob, carol, dave) if p is not wolf)
        idle_night = await villager.click(status_message(thread), "My secrets")
        assert "Nothing is waiting for you right now." in idle_night.text

        copy = (await secret_prompts(wolf, thread))[0]
        assert copy.ephemeral and KILL_PROMPT in copy.text
        victim = dm_prompts(wolf)[0].labels()[0]
        accepted = await wolf.click(dm_prompts(wolf)[0], victim)
        assert accepted.type == 7 and accepted.message.buttons == []
        await lb.settle()   # the copy in "My secrets" closed with the question: nothing stale
        assert copy.buttons == [] and f"You chose **{victim}**." in copy.text
        assert all(r.ephemeral for r in (late, stranger))
        refusals_public = [m for m in lb.public_messages()[public_before:]
                           if "already" in m.text or "no seat" in m.text]
        assert refusals_public == []


async def test_complete_game_with_ai_seats_keeps_secrets(lb, town, db):
    guild, (alice, bob, carol, dave), games = town
    people = [alice, bob, carol]
    async with table_bot(lb, db):
        lobby, thread = await open_toy_table(games, alice, [bob, carol], ai_seats=2, pace="live")
        await play(people, thread, after_step=secrets_kept(lb, people, thread))
    line = winners_line(thread)
    assert "The village wins" in "\n".join(m.content for m in thread.messages()) \
        or "The wolf wins" in "\n".join(m.content for m in thread.messages())
    assert "Winners:" in line
    assert any("Game over." in m.text and "Winners:" in m.text and m.labels() == ["Replay"]
               for m in thread.messages())
    for person in people:
        roles = [m for m in person.dms() if "You are the" in m.content]
        assert len(roles) == 1
    assert dave.visible() == [m for m in lb.public_messages()]
    latencies = lb.ack_latencies()
    assert len(latencies) == len(lb.interactions) and max(latencies) < 2


async def test_closed_dms_play_a_whole_game_through_ephemerals(lb, town, db):
    guild, (alice, bob, carol, dave), games = town
    bob.dms_open = False
    people = [bob, alice, carol, dave]
    async with table_bot(lb, db):
        lobby, thread = await open_toy_table(games, bob, [alice, carol, dave], pace="live")
        ping = next(m for m in thread.messages() if "I cannot send you direct messages" in m.content)
        assert bob.mention in ping.content and ping.labels() == ["Answer here"]
        await play(people, thread, after_step=secrets_kept(lb, people, thread))
    assert bob.dms() == [] and finished(thread)
    told = "\n".join(m.text for m in bob.ephemerals())
    assert "Your role:" in told and "You chose" in told


async def test_restart_mid_night_loses_and_doubles_nothing(lb, town, db):
    guild, (alice, bob, carol, dave), games = town
    people = [alice, bob, carol, dave]
    async with table_bot(lb, db):
        lobby, thread = await open_toy_table(games, alice, [bob, carol, dave], pace="live")
        wolf = next(p for p in people if dm_prompts(p))
        prompt = dm_prompts(wolf)[0]
    async with table_bot(lb, db):
        assert dm_prompts(wolf) == [prompt]           # recovered, not sent again
        answer = await wolf.click(prompt, prompt.labels()[0])
        assert answer.type == 7 and "You chose" in prompt.text
        await play(people, thread)
    assert lb.gateway.identifies == 2
    public = public_lines(thread)
    doubled = {text: n for text, n in public.items() if n > 1 and "has voted" not in text}
    assert doubled == {} and public["Night 1 falls."] == 1
    for person in people:
        texts = Counter(m.text for m in person.dms())
        assert max(texts.values()) == 1, person
        assert sum(1 for m in person.dms() if "You are the" in m.content) == 1


async def test_game_finishes_under_random_rate_limits_and_5xx(lb, town, db):
    guild, (alice, bob, carol, dave), games = town
    people = [alice, bob, carol]
    lb.faults.chaos(probability=0.15, max_faults=8, seed=7, statuses=(429, 429, 429, 500))
    async with table_bot(lb, db):
        lobby, thread = await open_toy_table(games, alice, [bob, carol], ai_seats=1, pace="live")
        await play(people, thread, after_step=secrets_kept(lb, people, thread))
    assert finished(thread) and len(lb.faults.injected) >= 4
    assert {f.status for f in lb.faults.injected} >= {429}


async def test_concurrent_games_all_finish(lb, db):
    guild = lb.guild("Busy server")
    tables = [([guild.user(f"t{n}p{i}") for i in range(4)], guild.text_channel(f"games-{n}"))
              for n in range(6)]
    async with table_bot(lb, db):
        threads = await asyncio.gather(*(play_unsettled(lb, people, channel, ai=1)
                                         for people, channel in tables))
        await lb.settle()
    assert all(finished(thread) for thread in threads)


async def test_stop_right_after_a_move_then_restart(lb, town, db):
    guild, (alice, bob, carol, dave), games = town
    people = [alice, bob, carol, dave]
    async with table_bot(lb, db):
        lobby, thread = await open_toy_table(games, alice, [bob, carol, dave], pace="live")
        wolf = next(p for p in people if dm_prompts(p))
        prompt = dm_prompts(wolf)[0]
        await wolf.click(prompt, prompt.labels()[-1], settle=False)
    async with table_bot(lb, db):
        await lb.settle()
        await play(people, thread)
    public = public_lines(thread)
    assert public["Night 1 falls."] == 1
    assert sum(1 for text in public if "did not survive the night" in text) >= 1


async def test_votes_cast_at_once_each_show_once(lb, town, db):
    guild, people, games = town
    async with table_bot(lb, db):
        lobby, thread = await open_toy_table(games, people[0], people[1:], pace="live")
        [(wolf, kill)] = [(p, m) for p in people for m in dm_prompts(p)]
        await wolf.click(kill, kill.labels()[0])
        [ballot] = [m for m in thread.messages() if "Nobody" in m.labels()]
        voters = [p for p in people if p.mention in ballot.content]
        # Both clicks reach the bot carrying the same copy of the question.
        await asyncio.gather(*(p.click(ballot, "Nobody", settle=False) for p in voters[:2]))
        await lb.settle()
    for person in voters[:2]:
        assert public_lines(thread)[f"{person.name} has voted."] == 1, thread.messages()
