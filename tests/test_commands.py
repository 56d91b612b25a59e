"""The slash commands as Discord sees them: every game gets the common subcommands, and every
description a person reads in the client has its Spanish text."""
from __future__ import annotations

import discord
import pytest
from discord import app_commands

from bot import INITIAL_EXTENSIONS, Config, TableBot
from cogs.common.commands_i18n import CommandText

COMMON = {"new", "join", "leave", "add-ai", "start", "status", "secrets", "rules", "pause",
          "resume", "cancel", "replace"}


@pytest.fixture
async def tree():
    async with TableBot(Config(token="x", db_path=":memory:")) as bot:
        for ext in INITIAL_EXTENSIONS:
            await bot.load_extension(ext)
        yield bot.tree


async def test_every_game_has_the_common_subcommands(tree):
    groups = {c.name: c for c in tree.get_commands() if isinstance(c, app_commands.Group)}
    assert {"bethlem", "room25"} <= set(groups)
    for group in groups.values():
        assert COMMON <= {c.name for c in group.commands}
    assert {"games", "language"} <= {c.name for c in tree.get_commands()}


async def test_every_description_reads_in_spanish(tree):
    text = CommandText()
    context = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.command_description, None)
    missing = []
    for command in tree.walk_commands():
        described = [command.description]
        if isinstance(command, app_commands.Command):
            described += [p.description for p in command.parameters]
        for english in described:
            spanish = await text.translate(app_commands.locale_str(english),
                                           discord.Locale.spain_spanish, context)
            if not spanish:
                missing.append(english)
    assert missing == []


async def test_commands_are_server_only_and_every_description_is_real_text(tree):
    """Issue 16: /bethlem and /room25 were offered in DMs, /language's option read "…"."""
    for command in tree.get_commands():
        assert command.guild_only and command.allowed_contexts.guild, command.name
        assert not (command.allowed_contexts.dm_channel
                    or command.allowed_contexts.private_channel), command.name
    for command in tree.walk_commands():
        if isinstance(command, app_commands.Command):
            blank = [p.name for p in command.parameters if p.description in ("…", "")]
            assert blank == [], f"/{command.qualified_name}: {blank}"
