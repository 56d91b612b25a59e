"""Issue 16 through the loopback, as a server admin would meet it: the permissions `/toy new`
checks, a thread the bot never locks (quiet phases are `test_loopback_quiet.py`'s) and whose
moderator's lock it leaves alone, and archived threads revived before the bot posts or edits.
The toy game's nights are quiet here, as Room 25's jamming is. Every game ends finished or
clearly refused, nothing is delivered twice and nobody is pinged but the people asked."""
from __future__ import annotations

import asyncio
from collections import Counter

import pytest

from hosting.store import Store
from tests.loopback.table import finished, open_toy_table, play, status_message
from tests.test_loopback_table import lb, table_bot, town  # noqa: F401 (fixtures)
from tests.toy import ToyGame


@pytest.fixture(autouse=True)
def quiet_nights(monkeypatch):
    plain = ToyGame.public_view
    monkeypatch.setattr(ToyGame, "public_view",
                        lambda self, s: {**plain(self, s), "quiet": s["phase"] == "night"})


def night(thread) -> bool:
    return not finished(thread) and "Night" in status_message(thread).embeds[0]["title"]


def delivered_once_pinging_only_players(lb, people, thread) -> None:
    lines = Counter(line for m in thread.messages() for line in (m.content or "").splitlines())
    assert {t: n for t, n in lines.items() if n > 1 and "has voted" not in t} == {}
    for person in people:
        assert max(Counter(m.text for m in person.dms()).values(), default=1) == 1, person
    players = {p.id for p in people}
    assert all(not p.everyone and not p.roles and p.users <= players for p in lb.pings)


async def recovered(lb, bot) -> None:
    """Wait for the bot's start-up recovery (it runs after READY) before stopping it."""
    async def started() -> None:
        while bot._scheduler is None:      # set once recovery is done; the fake sees nothing
            await asyncio.sleep(0.01)
    await asyncio.wait_for(started(), lb.timeout)
    await lb.settle()


async def test_new_names_every_missing_permission_in_one_private_answer(lb, town, tmp_path):
    guild, (alice, bob, carol, dave), games = town
    lb.deny(games, "create_public_threads", "embed_links", "manage_threads")
    async with table_bot(lb, tmp_path / "db.sqlite3") as bot:
        refused = await alice.slash(games, "toy new")
        assert refused.ephemeral and games.messages() == []
        for name in ("Create Public Threads", "Embed Links", "Manage Threads"):
            assert f"**{name}**" in refused.content
        assert "Send Messages" not in refused.content and "channel's settings" in refused.content
        await alice.slash(games, "language", lang="es")
        spanish = await alice.slash(games, "toy new")
        assert "**Crear hilos públicos**" in spanish.content and "me faltan" in spanish.content
        lb.allow(games, "embed_links", "manage_threads")
        one = await alice.slash(games, "toy new")
        assert "me falta el permiso **Crear hilos públicos**" in one.content
        assert await bot.host.open_tables(guild.id) == []
        lb.allow(games, "create_public_threads")
        assert not (await alice.slash(games, "toy new")).ephemeral
    assert games.messages()[0].thread.auto_archive == 1440


async def test_game_commands_are_not_offered_in_dms(lb, town, tmp_path):
    guild, (alice, bob, carol, dave), games = town
    async with table_bot(lb, tmp_path / "db.sqlite3") as bot:
        for command in ("toy new", "toy rules", "games", "language"):
            with pytest.raises(LookupError, match="servers only"):
                await alice.slash(alice.dm, command)
        await recovered(lb, bot)


async def test_an_async_table_keeps_its_thread_listed_a_week(lb, town, tmp_path):
    guild, (alice, bob, carol, dave), games = town
    async with table_bot(lb, tmp_path / "db.sqlite3"):
        _, thread = await open_toy_table(games, alice, [bob, carol], pace="async")
        assert thread.auto_archive == 10080 and not thread.locked


async def test_a_moderators_lock_is_not_the_bots_to_lift(lb, town, tmp_path):
    guild, people, games = town
    async with table_bot(lb, tmp_path / "db.sqlite3"):
        _, thread = await open_toy_table(games, people[0], people[1:])
        await people[0].slash(thread, "toy pause")
        lb.lock(thread)                                      # a moderator steps in
        await people[0].slash(games, "toy resume")           # the locked thread offers none
        await people[0].slash(games, "toy cancel")
        assert thread.locked


async def test_an_archived_thread_is_revived_before_the_bot_posts_or_edits(lb, town, tmp_path):
    guild, people, games = town
    async with table_bot(lb, tmp_path / "db.sqlite3"):
        _, thread = await open_toy_table(games, people[0], people[1:])
        lb.archive(thread)                                   # Discord archived it overnight
        await play(people, thread, after_step=lambda: lb.archive(thread))
    assert finished(thread) and not thread.locked
    assert [c for c in lb.calls if c.status >= 400] == []
    delivered_once_pinging_only_players(lb, people, thread)


async def test_a_game_that_ended_while_the_bot_was_down_says_talk_is_open(lb, town, tmp_path):
    guild, people, games = town
    db = tmp_path / "db.sqlite3"
    async with table_bot(lb, db):
        _, thread = await open_toy_table(games, people[0], people[1:])
        assert not thread.locked and said_quiet(thread) == (1, 0)
    store = await Store.open(db)                 # cancelled, then a crash before talk opened
    [game_id] = await store.quiet_threads()
    await store.update_game(game_id, status="cancelled")
    await store.close()
    async with table_bot(lb, db) as bot:
        await lb.wait_for(lambda: said_quiet(thread) == (1, 1), what="talk open again")
        await recovered(lb, bot)
    store = await Store.open(db)
    try:
        assert await store.quiet_threads() == []
    finally:
        await store.close()


def said_quiet(thread) -> tuple[int, int]:
    """How often the thread was told talk stops, and that it is open again."""
    return (sum("Quiet, please." in m.content for m in thread.messages()),
            sum("Talk is open again." in m.content for m in thread.messages()))
