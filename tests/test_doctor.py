"""`bot.py doctor` against the loopback Discord: in a channel where a table can run every check
passes; in a crippled one each missing piece is one line saying how to fix it, the exit status
is 1, and nothing the check made is left behind."""
from __future__ import annotations

import discord
import pytest

from cogs.common import doctor
from hosting.cli import main as cli_main
from tests.loopback.bots import GUILD_READY_TIMEOUT
from tests.test_loopback_table import lb, table_bot, town  # noqa: F401 (fixtures)


class QuickClient(discord.Client):
    """The doctor's client, ready as soon as the fake's one server has arrived (discord.py
    waits 2 s for more by default, as the loopback's bots do not)."""

    def __init__(self, **options):
        super().__init__(guild_ready_timeout=GUILD_READY_TIMEOUT, **options)


@pytest.fixture(autouse=True)
def quick_client(monkeypatch):
    monkeypatch.setattr(doctor.discord, "Client", QuickClient)


def lines_of(capsys) -> dict[str, str]:
    """The printed lines by check name: {"Pin Messages": "FAIL  Pin Messages: grant ..."}."""
    found = {}
    for line in capsys.readouterr().out.splitlines():
        name = line[6:].split(":")[0]
        assert name not in found, f"two lines for {name}"
        found[name] = line
    return found


def nothing_left(games, person) -> None:
    assert games.messages() == [] and games.threads() == [] and person.dms() == []


async def test_a_channel_where_a_table_can_run_passes_every_check(lb, town, tmp_path, capsys):
    guild, (alice, *_), games = town
    async with table_bot(lb, tmp_path / "db.sqlite3"):
        pass                                   # the bot syncs its commands as it starts
    status = await doctor.diagnose(lb.fake.world.token, games.id, alice.id)
    lines = lines_of(capsys)
    assert status == 0, lines
    assert all(line.startswith("ok  ") for line in lines.values()), lines
    for name in ("channel", "View Channel", "Create Public Threads", "Send Messages in Threads",
                 "Manage Threads", "Pin Messages", "Manage Messages", "thread", "clean up",
                 "direct messages", "commands"):
        assert name in lines, name
    assert "a pin" in lines["thread"] and "globally" in lines["commands"]
    assert [c.status for c in lb.calls if "/pins/" in c.path] == [204, 204]
    nothing_left(games, alice)


async def test_a_crippled_channel_fails_with_a_fix_for_each_missing_piece(lb, town, capsys):
    guild, (alice, *_), games = town
    lb.deny(games, "pin_messages", "create_public_threads", "manage_messages")
    alice.dms_open = False                     # and no command was ever synced
    status = await doctor.diagnose(lb.fake.world.token, games.id, alice.id)
    lines = lines_of(capsys)
    assert status == 1
    for name in ("Pin Messages", "Create Public Threads"):
        assert lines[name].startswith("FAIL") and "settings, under Permissions" in lines[name]
    assert lines["Manage Messages"].startswith("warn") and "Mysterium" in lines["Manage Messages"]
    assert lines["View Channel"].startswith("ok") and lines["Embed Links"].startswith("ok")
    assert lines["thread"].startswith("FAIL") and "not tried" in lines["thread"]
    assert "50007" in lines["direct messages"] and "Privacy" in lines["direct messages"]
    assert lines["commands"].startswith("FAIL") and "/games" in lines["commands"]
    nothing_left(games, alice)


async def test_a_refused_thread_and_a_voice_chat_are_named(lb, town, tmp_path, capsys):
    guild, (alice, *_), games = town
    async with table_bot(lb, tmp_path / "db.sqlite3"):
        pass
    lb.thread_cap = 0
    assert await doctor.diagnose(lb.fake.world.token, games.id) == 1
    lines = lines_of(capsys)
    assert "160006" in lines["thread"] and "archive" in lines["thread"]
    assert "direct messages" not in lines and lines["commands"].startswith("ok")
    nothing_left(games, alice)
    lounge = guild.voice_channel("lounge")
    assert await doctor.diagnose(lb.fake.world.token, lounge.id) == 1
    lines = lines_of(capsys)
    assert lines["channel kind"].startswith("FAIL") and "text channel" in lines["channel kind"]
    assert "thread" not in lines and lounge.messages() == []


async def test_an_unknown_channel_is_one_line(lb, town, capsys):
    assert await doctor.diagnose(lb.fake.world.token, 42) == 1
    assert list(lines_of(capsys)) == ["channel"]


def test_the_command_line_needs_a_channel_and_passes_it_on(capsys):
    asked = []
    assert cli_main(["doctor", "--channel", "7", "--user", "9"],
                    run_doctor=lambda *ids: asked.append(ids) or 0) == 0
    assert asked == [(7, 9)]


async def test_a_refused_token_is_one_line(lb, town, capsys):
    assert await doctor.diagnose("not-the-token", town[2].id) == 1
    assert "refused the token" in capsys.readouterr().out
