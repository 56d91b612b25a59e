"""/mysterium: Mysterium, with the bot as game master and, if the table wants, as the Ghost."""
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

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

    async def speechless(self, table, user_id: int) -> tuple[str, str] | None:
        """The Ghost may not speak (spec section 6): whoever has seen its secrets (the person
        at its seat, after the bot took the role over too, or one who left it) has their posts
        in the game's thread removed while the game is live (`threads.police`)."""
        seat = table.state["ghost_seat"] if table.status in LIVE else None
        if seat is None:            # over, or the bot's Ghost from the start
            return None
        if table.seats[seat].user_id == user_id or \
                user_id in await self.host.store.departed(table.id, seat):
            return ("ui", "ghost_silenced")
        return None


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Mysterium(bot))
