"""/history and /stats through the loopback Discord: over games that ended on the server (one
finished, the others cancelled), privately unless asked in public, paged, one game's record
with its final picture, and a person who asked to be left out of the server's lists."""
from __future__ import annotations

import contextlib
from functools import partial

from hosting import results
from hosting.clock import FakeClock
from hosting.host import Host
from hosting.store import Store
from tests.loopback import Loopback
from tests.loopback.table import at_a_table, finished, idle, make_bot, play
from tests.test_host import Recorder
from tests.test_results import _play_out


async def _ended_games(db, guild_id: int, ana: int, bea: int, cancelled: int) -> tuple[int, list]:
    """One finished Among Cultists game of ana and bea with three AI seats, then `cancelled`
    games of theirs cancelled once started: (the finished one, the cancelled ones), newest
    last."""
    store = await Store.open(db)
    host = Host(store, FakeClock(1_700_000_000.0), Recorder(), background=False)
    try:
        ids = []
        for n in range(1 + cancelled):
            table = await host.new_game("cultists", host_user=ana, host_name="ana",
                                        mode="intro", guild_id=guild_id, seed=3)
            await host.join(table.id, bea, "bea")
            for _ in range(3):
                await host.add_ai(table.id, by_user=None)
            await host.start(table.id, by_user=ana)
            host.clock.set(host.clock.now() + 3600)
            if n == 0:
                await _play_out(host, table)
            else:
                await host.cancel(table.id, by_user=ana)
            ids.append(table.id)
        return ids[0], ids[1:]
    finally:
        await store.close()


@contextlib.asynccontextmanager
async def _server(tmp_path, cancelled: int = 1):
    async with Loopback() as discord:
        guild = discord.guild("Test server")
        ana, bea, cy = guild.user("ana"), guild.user("bea"), guild.user("cy")
        channel = guild.text_channel("games")
        db = tmp_path / "db.sqlite3"
        finished, others = await _ended_games(db, guild.id, ana.id, bea.id, cancelled)
        async with discord.run_bot(partial(make_bot, settle_delay=0.01), db, idle=idle):
            yield discord, (ana, bea, cy), channel, finished, others


async def test_history_lists_ones_games_privately_and_pages_them(tmp_path):
    async with _server(tmp_path, cancelled=results.PAGE) as (discord, people, channel,
                                                               finished, cancelled):
        ana, bea, cy = people
        mine = await ana.slash(channel, "history")
        assert mine.ephemeral and mine.message.embeds[0]["title"] == "Your games"
        page = mine.message.text
        assert f"#{cancelled[-1]} · Among Cultists" in page          # the newest first
        assert f"#{finished}" not in page and "Page 1 of 2" in page
        assert "Cancelled before its end." in page and ana.mention in page
        assert "AI 1, AI 2, AI 3" in page                              # AI seats by name
        turned = await ana.click(mine.message, "Next")
        assert turned.type == 7 and "Page 2 of 2" in mine.message.text   # edited in place
        assert f"#{finished}" in mine.message.text and "Won:" in mine.message.text
        theirs = await cy.slash(channel, "history", member=bea)
        await cy.click(theirs.message, "Next")
        assert theirs.message.embeds[0]["title"] == "bea's games"     # kept by the turn
        assert "Page 2 of 2" in theirs.message.text
        nothing = await cy.slash(channel, "history")
        assert "No ended games here yet." in nothing.message.text and nothing.ephemeral
        shown = await cy.slash(channel, "history", server=True, public=True)
        assert not shown.ephemeral and "This server's games" in shown.message.text
        assert channel.messages()[-1].id == shown.message.id and not shown.message.pinged


async def test_one_games_record_shows_its_picture_seats_and_timeline(tmp_path):
    async with _server(tmp_path) as (discord, people, channel, finished, cancelled):
        ana, bea, cy = people
        record = await cy.slash(channel, "history", game=finished)
        assert record.ephemeral
        text = record.message.text
        assert f"#{finished} · Among Cultists" in text
        assert "Seats" in text and "Timeline" in text and "round 1" in text
        assert "the Investigators" in text and ("won" in text and "lost" in text)
        [board] = record.message.attachments
        assert board.filename == "board.png" and board.data.startswith(b"\x89PNG")
        assert "Among Cultists" in board.description or "Investigator" in board.description
        replay = await cy.click(record.message, "Replay")            # the secrets, told again
        assert replay.type == 4 and replay.ephemeral                 # the record stays as it is
        assert "Replay · Among Cultists" in replay.message.text
        assert "Replay · Among Cultists" not in record.message.text
        secret = await cy.slash(channel, "history", game=cancelled[0])
        assert "Replay" not in secret.message.labels()
        assert "Cancelled before its end." in secret.message.text
        assert "kept secret" in secret.message.text             # a cancelled game's roles
        assert "Cultist" not in secret.message.text.replace("Among Cultists", "")
        missing = await cy.slash(channel, "history", game=finished + 999)
        assert f"There is no ended game #{finished + 999}" in missing.message.text


async def test_stats_count_wins_and_cancelled_games_apart(tmp_path):
    async with _server(tmp_path) as (discord, people, channel, finished, cancelled):
        ana, bea, cy = people
        card = await ana.slash(channel, "stats")
        assert card.ephemeral and card.message.embeds[0]["title"] == "Your stats"
        text = card.message.text
        assert "2 games: 1 finished, 1 cancelled, 0 abandoned" in text
        assert ("1 of 1 (100%)" in text) != ("0 of 1 (0%)" in text)   # won or lost, once
        assert "cancelled or abandoned 1" in text
        assert "With AI seats in 2 of 2 games" in text
        server = await cy.slash(channel, "stats", server=True, public=True)
        assert not server.ephemeral
        assert f"1. {ana.mention}: 2" in server.message.text or \
            f"1. {bea.mention}: 2" in server.message.text
        assert "Among Cultists: 1 finished, 1 cancelled, 0 abandoned" in server.message.text


async def test_a_person_can_leave_the_servers_lists(tmp_path):
    async with _server(tmp_path) as (discord, people, channel, finished, cancelled):
        ana, bea, cy = people
        told = await bea.slash(channel, "stats", hide=True)
        assert told.ephemeral and "left out of this server's lists" in told.message.text
        server = await cy.slash(channel, "stats", server=True)
        assert bea.mention not in server.message.text and ana.mention in server.message.text
        refused = await cy.slash(channel, "stats", member=bea)
        assert refused.ephemeral and "bea asked to be left out" in refused.message.text
        refused = await cy.slash(channel, "history", member=bea)
        assert "bea asked to be left out" in refused.message.text
        own = await bea.slash(channel, "stats")                   # their own stay theirs
        assert "Your stats" in own.message.text
        await bea.slash(channel, "stats", hide=False)
        server = await cy.slash(channel, "stats", server=True)
        assert bea.mention in server.message.text


async def test_stats_speak_the_servers_language(tmp_path):
    async with _server(tmp_path) as (discord, people, channel, finished, cancelled):
        ana, bea, cy = people
        await ana.slash(channel, "language", lang="es")
        card = await ana.slash(channel, "stats")
        assert "Tus estadísticas" in card.message.text
        assert "los Investigadores" in card.message.text or "los Cultistas" in card.message.text
        record = await ana.slash(channel, "history", game=finished)
        assert "Cronología" in record.message.text


async def test_a_game_played_to_its_end_is_in_the_history_at_once(tmp_path):
    async with at_a_table(tmp_path / "db.sqlite3", "ana", "bea", "cy", "dee") as (
            discord, people, channel):
        lobby = (await people[0].slash(channel, "toy new")).message
        for person in people[1:]:
            await person.click(lobby, "Join")
        await people[0].click(lobby, "Start")
        thread = lobby.thread
        await play(people, thread)
        assert finished(thread)
        mine = await people[1].slash(channel, "history")
        text = mine.message.text
        assert "Page 1 of 1 · 1 game" in text and f"<#{thread.id}>" in text
        assert all(p.mention in text for p in people) and "Won:" in text
        record = await people[1].slash(channel, "history", game=int(
            text.split("**#", 1)[1].split(" ", 1)[0]))
        assert "kept secret" not in record.message.text         # a finished game's end
        assert ("won" in record.message.text) and ("lost" in record.message.text)
