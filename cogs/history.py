"""/history and /stats: every ended game of a server, and how its people fare, from the results
index (`hosting.results`). Both answer privately unless asked `public:True`; a person who asked
to be left out of the server's lists (`/stats hide:True`) is in none of its top lists, and
nobody else may look up their games or stats."""
from __future__ import annotations

import re

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import actions, records
from cogs.common.replay import replay_view
from cogs.common.sending import NOBODY
from hosting import results
from hosting.text import Translator, escape

SERVER = "s"   # a page button's subject when it pages the whole server


async def _translator(interaction: discord.Interaction) -> Translator:
    lang = await actions.host_of(interaction).store.guild_lang(interaction.guild_id)
    return Translator(None, lang, markdown=True)


async def _may_look(interaction: discord.Interaction, t: Translator,
                    member: discord.abc.User | None) -> bool:
    """Whether this person may see `member`'s games (their own always); if not, told why."""
    if member is None or member.id == interaction.user.id:
        return True
    if not await results.hidden(actions.host_of(interaction).store, interaction.guild_id,
                                member.id):
        return True
    await actions.reply(interaction, t("history", "hidden_member",
                                       name=escape(member.display_name)))
    return False


def _title(t: Translator, interaction: discord.Interaction, subject: str,
           member: discord.abc.User | None) -> str:
    if subject == SERVER:
        return t("history", "title_server")
    if int(subject) == interaction.user.id:
        return t("history", "title_mine")
    if member is not None:
        return t("history", "title_member", name=escape(member.display_name))
    shown = interaction.message.embeds if interaction.message is not None else []
    return shown[0].title if shown and shown[0].title else t("history", "title_server")


async def _history_page(interaction: discord.Interaction, subject: str, page: int,
                        member: discord.abc.User | None = None) -> dict:
    """A page of ended games (the server's, or a person's) with its Previous / Next; a
    page turned keeps the title of the page it was turned on."""
    t = await _translator(interaction)
    store = actions.host_of(interaction).store
    user = None if subject == SERVER else int(subject)
    total, found = await results.history(store, interaction.guild_id, user_id=user, page=page)
    embed = records.history_page(t, _title(t, interaction, subject, member), total, page, found)
    last = max(0, -(-total // results.PAGE) - 1)
    view = discord.ui.View(timeout=None)
    for way, to in (("previous", page - 1), ("next", page + 1)):
        button = HistoryPage(subject, max(0, min(to, last)), way, t("history", way))
        button.item.disabled = not 0 <= to <= last
        view.add_item(button)
    return {"embed": embed, "view": view}


class HistoryPage(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"tbl:history:(?P<subject>\d+|s):(?P<page>\d+):(?P<way>previous|next)"):
    """Turns a /history list's pages: edits the page it was clicked on, privately."""

    def __init__(self, subject: str, page: int, way: str, label: str):
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary,
            custom_id=f"tbl:history:{subject}:{page}:{way}"))
        self.subject, self.page = subject, page

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match):
        return cls(match["subject"], int(match["page"]), match["way"], item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        t = await _translator(interaction)
        if self.subject != SERVER and int(self.subject) != interaction.user.id and \
                await results.hidden(actions.host_of(interaction).store,
                                     interaction.guild_id, int(self.subject)):
            return await actions.reply(interaction, t("history", "hidden_member",
                                                      name=f"<@{self.subject}>"))
        parts = await actions.in_time(interaction,
                                      _history_page(interaction, self.subject, self.page))
        message = interaction.message
        if message is None or not message.flags.ephemeral:   # a public list: a private page
            return await actions.reply(interaction, **parts)
        if interaction.response.is_done():
            await interaction.edit_original_response(**parts, allowed_mentions=NOBODY)
        else:
            await interaction.response.edit_message(**parts, allowed_mentions=NOBODY)


class History(commands.Cog):
    def __init__(self, bot: commands.Bot):
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(HistoryPage)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(HistoryPage)

    @app_commands.command(
        name="history",
        description="Ended games: yours, a member's or the server's; or one game's record.")
    @app_commands.guild_only()
    @app_commands.describe(member="Whose games or stats (yours if left out)",
                           server="Every game of this server",
                           game="One game's record, by its number",
                           public="Show the answer to everyone in the channel")
    async def history(self, interaction: discord.Interaction,
                      member: discord.User | None = None, server: bool = False,
                      game: int | None = None, public: bool = False) -> None:
        t = await _translator(interaction)
        if game is not None:
            return await self._record(interaction, t, game, public)
        if not await _may_look(interaction, t, member):
            return
        subject = SERVER if server else str((member or interaction.user).id)
        parts = await actions.in_time(interaction, _history_page(interaction, subject, 0, member),
                                      ephemeral=not public)
        await actions.reply(interaction, **parts, ephemeral=not public)

    async def _record(self, interaction: discord.Interaction, t: Translator, game_id: int,
                      public: bool) -> None:
        store = self.bot.host.store

        async def load():
            found = await results.one(store, interaction.guild_id, game_id)
            if found is None:
                return None
            table = await store.load_game(game_id)
            parts = records.game_record(t, found, table, await results.moments(store, game_id))
            if found.status == "finished":      # its secrets, told again round by round
                parts["view"] = replay_view(game_id, t)
            return parts
        parts = await actions.in_time(interaction, load(), ephemeral=not public)
        if parts is None:
            return await actions.reply(interaction, t("history", "not_found", id=game_id))
        await actions.reply(interaction, **parts, ephemeral=not public)

    @app_commands.command(
        name="stats",
        description="Games, wins and win rates per game, side and role: yours, a member's or "
                    "the server's.")
    @app_commands.guild_only()
    @app_commands.describe(member="Whose games or stats (yours if left out)",
                           server="The server's totals and top lists",
                           hide="True: leave this server's lists; False: be listed again",
                           public="Show the answer to everyone in the channel")
    async def stats(self, interaction: discord.Interaction, member: discord.User | None = None,
                    server: bool = False, hide: bool | None = None,
                    public: bool = False) -> None:
        t = await _translator(interaction)
        store = self.bot.host.store
        guild = interaction.guild_id
        if hide is not None:
            await results.set_hidden(store, guild, interaction.user.id, hide)
            return await actions.reply(interaction,
                                       t("history", "hidden_now" if hide else "listed_now"))
        if server:
            card = records.server_card(t, await actions.in_time(
                interaction, results.server_stats(store, guild), ephemeral=not public))
            return await actions.reply(interaction, embed=card, ephemeral=not public)
        if not await _may_look(interaction, t, member):
            return
        who = member or interaction.user
        title = (t("history", "stats_title_mine") if who.id == interaction.user.id
                 else t("history", "stats_title_member", name=escape(who.display_name)))
        stats = await actions.in_time(interaction, results.person_stats(store, guild, who.id),
                                      ephemeral=not public)
        await actions.reply(interaction, embed=records.person_card(t, title, stats),
                            ephemeral=not public)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(History(bot))
