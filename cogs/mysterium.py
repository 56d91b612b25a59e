"""/mysterium: Mysterium, with the bot as game master and, if the table wants, as the Ghost."""
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import render
from cogs.common.gamecog import GameCog


LIVE = ("running", "paused")


class Mysterium(GameCog, group_name="mysterium",
                group_description="Mysterium: a silent Ghost sends visions, psychics find the culprit."):
    game = "mysterium"

    @app_commands.command(name="new", description="Open a new Mysterium table in this channel.")
    @app_commands.describe(
        mode="Difficulty: how many decoy cards, how many crows for the Ghost",
        ghost="player: the table's host is the Ghost; bot: the bot is the Ghost",
        pace="live: minutes per step; async: hours",
        timings="Override durations, e.g. conference=180 (the sand timer),clue=240",
        settings="More options, e.g. ghost_seat=2; tiebreak_age=\"eldest\"")
    async def new(self, interaction: discord.Interaction,
                  mode: Literal["easy", "intermediate", "hard"] = "intermediate",
                  ghost: Literal["player", "bot"] = "player",
                  pace: Literal["live", "async"] = "live", timings: str | None = None,
                  settings: str | None = None) -> None:
        await self.open_table(interaction, mode, pace, timings, settings, {"ghost": ghost})

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """The Ghost may not speak (spec section 6): its posts in the game's thread are removed
        and it is told why, privately. Needs the guild-messages intent (the author, not the
        content) and Manage Messages; without the permission the rule stays a rule."""
        if message.author.bot or not isinstance(message.channel, discord.Thread):
            return
        table = await self.host.table_here(self.game, message.channel.id)
        if (table is None or table.game != self.game or table.thread_id != message.channel.id
                or table.status not in LIVE):
            return
        state = table.state
        if state["bot_ghost"] or table.seats[state["ghost_seat"]].user_id != message.author.id:
            return
        try:
            await message.delete()
        except discord.HTTPException:
            return
        note = render.translator(table)("ui", "ghost_silenced")
        try:
            await message.author.send(note)
        except discord.HTTPException:
            pass            # DMs closed: the removal itself says enough


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Mysterium(bot))
