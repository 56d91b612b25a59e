"""Permissions and places as Discord has them now, through the loopback: a table opens only
where its thread can (a voice channel's chat is refused privately; a thread Discord refuses
withdraws the table and tells its host why), pins need Pin Messages, every command is for
servers the bot is installed in, and files above 10 MiB are refused."""
from __future__ import annotations

import asyncio
import io

import discord
import pytest

from tests.loopback.commands import command_data
from tests.loopback.model import COMMAND
from tests.loopback.table import finished, play, status_message
from tests.test_loopback_table import lb, table_bot, town  # noqa: F401 (fixtures)
from tests.test_loopback_threads import delivered_once_pinging_only_players

MiB = 1024 * 1024


def pin_calls(lb) -> list:
    return [c for c in lb.calls if "/pins/" in c.path]


@pytest.mark.parametrize("stage", [False, True])
async def test_new_in_a_voice_or_stage_chat_is_refused_privately(lb, town, tmp_path, stage):
    guild, (alice, *_), games = town
    lounge = guild.voice_channel("lounge", stage=stage)
    async with table_bot(lb, tmp_path / "db.sqlite3") as bot:
        refused = await alice.slash(lounge, "toy new")
        assert refused.ephemeral and "voice or stage channel" in refused.content
        assert lounge.messages() == [] and lounge.threads() == []
        assert await bot.host.open_tables(guild.id) == []
        opened = await alice.slash(games, "toy new")         # a text channel still works
        assert not opened.ephemeral and opened.message.thread is not None


async def test_a_refused_thread_withdraws_the_table_and_tells_its_host(lb, town, tmp_path):
    guild, (alice, bob, carol, dave), games = town
    lb.thread_cap = 0                        # the server holds Discord's most active threads
    async with table_bot(lb, tmp_path / "db.sqlite3") as bot:
        reply = await alice.slash(games, "toy new")
        lobby = reply.message
        assert lobby.thread is None and lobby.buttons == [] and "did not open" in lobby.text
        told = [m for m in alice.ephemerals() if "limit of active threads" in m.text]
        assert len(told) == 1 and "Archive" in told[0].text
        assert not any("limit of active threads" in m.text for m in bob.visible())
        with pytest.raises(LookupError):
            await bob.click(lobby, "Join")
        assert "no game in this channel" in (await bob.slash(games, "toy join")).content
        assert await bot.host.open_tables(guild.id) == []
        lb.thread_cap = 1000                 # threads archived: the next table opens
        reply = await alice.slash(games, "toy new")
        for person in (bob, carol, dave):
            await person.click(reply.message, "Join")
        await alice.click(reply.message, "Start")
        thread = reply.message.thread
        await play([alice, bob, carol, dave], thread)
        assert finished(thread)
        delivered_once_pinging_only_players(lb, [alice, bob, carol, dave], thread)


async def test_a_permission_taken_away_before_the_thread_withdraws_the_table(lb, town, tmp_path):
    """The command arrives saying the bot may open threads; Create Public Threads is gone by
    the time it does (403 50013)."""
    guild, (alice, bob, *_), games = town
    async with table_bot(lb, tmp_path / "db.sqlite3") as bot:
        data = command_data(lb.fake.world, games.record, "toy new", {})
        asked = lb.fake.interactions.create(COMMAND, alice.record, games.record, data, "/toy new")
        lb.deny(games, "create_public_threads")     # before the bot has read the command
        await asyncio.wait_for(asked.answered.wait(), lb.timeout)
        await lb.settle()
        lobby = games.last_message()
        assert lobby.thread is None and lobby.buttons == [] and "did not open" in lobby.text
        told = [m for m in alice.ephemerals() if "**Create Public Threads**" in m.text]
        assert len(told) == 1 and not any("Create Public" in m.text for m in bob.visible())
        assert await bot.host.open_tables(guild.id) == []


async def test_the_status_is_pinned_with_pin_messages(lb, town, tmp_path):
    guild, people, games = town
    async with table_bot(lb, tmp_path / "db.sqlite3"):
        reply = await people[0].slash(games, "toy new")
        assert not any("Pin Messages" in m.text for m in people[0].ephemerals())
        for person in people[1:]:
            await person.click(reply.message, "Join")
        await people[0].click(reply.message, "Start")
        thread = reply.message.thread
        assert status_message(thread).pinned
        assert pin_calls(lb) and all(c.status == 204 for c in pin_calls(lb))


async def test_without_pin_messages_nothing_is_pinned_and_the_host_is_told(lb, town, tmp_path):
    """Manage Messages no longer lets the bot pin: it never tries, and the host hears it once."""
    guild, people, games = town
    lb.deny(games, "pin_messages")
    assert "manage_messages" in games.bot_permissions
    async with table_bot(lb, tmp_path / "db.sqlite3"):
        reply = await people[0].slash(games, "toy new")
        notes = [m for m in people[0].ephemerals() if "**Pin Messages**" in m.text]
        assert len(notes) == 1 and not reply.ephemeral
        assert not any("Pin Messages" in m.text for p in people[1:] for m in p.visible())
        for person in people[1:]:
            await person.click(reply.message, "Join")
        await people[0].click(reply.message, "Start")
        thread = reply.message.thread
        await play(people, thread)
        assert finished(thread) and not any(m.pinned for m in thread.messages())
        assert pin_calls(lb) == []
        delivered_once_pinging_only_players(lb, people, thread)


async def test_every_command_is_installed_with_the_bot_to_servers_only(lb, town, tmp_path):
    guild, (alice, *_), games = town
    async with table_bot(lb, tmp_path / "db.sqlite3"):
        synced = list(lb.fake.world.commands[None].values())
        assert {c["name"] for c in synced} >= {"toy", "games", "language"}
        for command in synced:
            assert command.get("integration_types") == [0], command["name"]   # guild install
            assert command.get("contexts") == [0], command["name"]            # in servers
        with pytest.raises(LookupError, match="servers only"):
            await alice.slash(alice.dm, "games")


async def test_files_above_ten_mib_are_refused(lb, town, tmp_path):
    guild, (alice, *_), games = town
    async with table_bot(lb, tmp_path / "db.sqlite3") as bot:
        channel = bot.get_channel(games.id)
        fits = await channel.send(file=discord.File(io.BytesIO(b"x" * (10 * MiB)), "fits.bin"))
        assert len(games.messages()[-1].attachments[0].data) == 10 * MiB and fits.attachments
        with pytest.raises(discord.HTTPException) as refused:
            await channel.send(file=discord.File(io.BytesIO(b"x" * (10 * MiB + 1)), "big.bin"))
        assert (refused.value.status, refused.value.code) == (413, 40005)
        assert len(games.messages()) == 1
