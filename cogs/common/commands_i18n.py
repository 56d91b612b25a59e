"""Spanish names for the slash commands' descriptions, from the "commands" section of
`data/locales/es.json` (keyed by the English text, so a description is written once)."""
from __future__ import annotations

import discord
from discord import app_commands

from hosting.text import load_locale

SPANISH = (discord.Locale.spain_spanish, discord.Locale.latin_american_spanish)


class CommandText(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        if locale not in SPANISH:
            return None
        if context.location in (app_commands.TranslationContextLocation.command_name,
                                app_commands.TranslationContextLocation.group_name,
                                app_commands.TranslationContextLocation.parameter_name):
            return None  # names stay the same in every language, as people type them
        return load_locale(None, "es").get("commands", {}).get(string.message)
