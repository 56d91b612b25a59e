"""/cultists: Among Cultists, with the bot as game master (and the rulebook's AUTOMA)."""
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.gamecog import GameCog


class Cultists(GameCog, group_name="cultists",
               group_description="Among Cultists: find the Cultists hidden in the university."):
    game = "cultists"

    @app_commands.command(name="new", description="Open a new Among Cultists table here.")
    @app_commands.describe(
        mode="intro (first game), experienced (hazards, recommended roles) or expert (own roles)",
        automa="With 6 people: add the AI investigator (4 people always play with it)",
        seer="Play with the Seer (default: as the rulebook recommends)",
        roles="Expert: special roles, e.g. SEER,MECHANIC,PYROMANIAC",
        pace="live: minutes per step; async: hours",
        timings="Override durations, e.g. vote=120,night_step=45",
        settings="Game options, e.g. key=value; key=value")
    async def new(self, interaction: discord.Interaction,
                  mode: Literal["intro", "experienced", "expert"] = "intro",
                  automa: bool | None = None, seer: bool | None = None,
                  roles: str | None = None, pace: Literal["live", "async"] = "live",
                  timings: str | None = None, settings: str | None = None) -> None:
        listed = [r.strip().upper() for r in roles.replace(";", ",").split(",") if r.strip()] \
            if roles else None
        typed = {"automa": automa, "seer": seer, "roles": listed}
        await self.open_table(interaction, mode, pace, timings, settings,
                              {k: v for k, v in typed.items() if v is not None})


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Cultists(bot))
