"""Commands that are not about one game: the guild's list of tables, its language, and a
person's away time there."""
from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import actions, render
from games.base import IllegalMove
from hosting import away as away_time
from hosting.text import Translator


class Tables(commands.Cog):
    def __init__(self, bot: commands.Bot):
        self.bot = bot

    @app_commands.command(name="games", description="Open and running games on this server.")
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction) -> None:
        host = self.bot.host
        lang = await host.store.guild_lang(interaction.guild_id)
        t = Translator(None, lang)
        lines = []
        for table in await host.open_tables(interaction.guild_id):
            gt = render.translator(table)
            where = f"<#{table.thread_id}>" if table.thread_id else f"<#{table.channel_id}>"
            # A game this build cannot load is listed, as set aside: nothing of it is drawn.
            status = ("set_aside" if table.unreadable is not None
                      else "suspended" if table.suspended else table.status)
            lines.append(t.plural("ui", "games_line", len(table.seats),
                                  game=render.game_title(gt), players=len(table.seats),
                                  status=t.lookup("statuses", status), where=where))
        await actions.reply(interaction, render.clip("\n".join(lines) or t("ui", "games_none"), 1900))

    @app_commands.command(name="language", description="The language new tables use here.")
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.describe(lang="en: English; es: Spanish")
    async def language(self, interaction: discord.Interaction,
                       lang: Literal["en", "es"]) -> None:
        await self.bot.host.store.set_guild_lang(interaction.guild_id, lang)
        await actions.reply(interaction, Translator(None, lang)("ui", "lang_set", lang=lang))

    @app_commands.command(name="away", description="Away for a while: the bot plays your seats "
                                                   "on this server, or the tables wait.")
    @app_commands.guild_only()
    @app_commands.describe(until="a date like 2026-12-05, or a time like 3d or 12h",
                           off="end your away time now")
    async def away(self, interaction: discord.Interaction, until: str | None = None,
                   off: bool = False) -> None:
        host = self.bot.host
        t = Translator(None, await host.store.guild_lang(interaction.guild_id))
        guild, person = interaction.guild_id, interaction.user.id
        try:
            if off:
                was = await actions.in_time(interaction, host.end_away(guild, person))
                return await actions.reply(interaction, t("ui", "away_off" if was
                                                          else "away_not"))
            if until is None:
                found = await host.store.away_until(guild, person)
                return await actions.reply(interaction, t("ui", "away_until", until=int(found))
                                           if found else t("ui", "away_not"))
            ends = away_time.until_of(until, host.clock.now())
            tables = await actions.in_time(interaction, host.go_away(guild, person, ends))
        except IllegalMove as err:
            return await actions.reply(interaction, render.refusal(t, err))
        await actions.reply(interaction, t.plural("ui", "away_set", tables, until=int(ends)))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Tables(bot))
