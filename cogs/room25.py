"""/room25: Room 25, with the bot as game master."""
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.gamecog import GameCog


class Room25(GameCog, group_name="room25",
             group_description="Room 25: escape the complex, programme your moves in secret."):
    game = "room25"

    @app_commands.command(name="new", description="Open a new Room 25 table in this channel.")
    @app_commands.describe(
        mode="Suspicion (guards hide among prisoners) or cooperative",
        level="Basic or Ultimate rules (default: Basic, Ultimate for 7-8 players)",
        madness="Add the Madness cards", guards="Guards at a 5-player Suspicion table",
        characters="Pick characters in turn, or deal them at random",
        pace="live: minutes per step; async: hours",
        timings="Override durations, e.g. programming=240,action=90",
        settings="More options, e.g. composition=\"season2\"; reminders=true")
    async def new(self, interaction: discord.Interaction,
                  mode: Literal["suspicion", "coop"] = "suspicion",
                  level: Literal["basic", "ultimate"] | None = None, madness: bool = False,
                  guards: app_commands.Range[int, 1, 2] | None = None,
                  characters: Literal["pick", "random"] = "pick",
                  pace: Literal["live", "async"] = "live", timings: str | None = None,
                  settings: str | None = None) -> None:
        typed = {"level": level, "madness": madness, "guards": guards, "characters": characters}
        await self.open_table(interaction, mode, pace, timings, settings,
                              {k: v for k, v in typed.items() if v is not None})


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Room25(bot))
