"""/bethlem: El manicomio de Bethlem, with the bot as narrator."""
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.gamecog import GameCog

CARD_GROUPS = ("P1", "P2", "A1", "A2", "personality")


class Bethlem(GameCog, group_name="bethlem",
              group_description="El manicomio de Bethlem: hidden identities in an asylum."):
    game = "bethlem"

    @app_commands.command(name="new", description="Open a new Bethlem table in this channel.")
    @app_commands.describe(
        mode="normal (4-7, bot narrates), three, two, or custom (custom cards on)",
        p1="Replace the first-position cards: ids separated by commas",
        p2="Replace the second-position cards", a1="Replace the first action cards",
        a2="Replace the second action cards", personality="Replace the personality cards",
        storyteller="Let players ask the narrator questions (Cuentacuentos)",
        pace="live: minutes per step; async: hours",
        timings="Override durations, e.g. night_step=45,vote=120",
        settings="More options, e.g. events=[\"barbero\",\"confesion\"]")
    async def new(self, interaction: discord.Interaction,
                  mode: Literal["normal", "three", "two", "custom"] = "normal",
                  p1: str | None = None, p2: str | None = None, a1: str | None = None,
                  a2: str | None = None, personality: str | None = None,
                  storyteller: bool | None = None, pace: Literal["live", "async"] = "live",
                  timings: str | None = None, settings: str | None = None) -> None:
        chosen = dict(zip(CARD_GROUPS, (p1, p2, a1, a2, personality)))
        cards = {group: [c.strip() for c in ids.split(",") if c.strip()]
                 for group, ids in chosen.items() if ids}
        typed: dict = {"cards": cards} if cards else {}
        if storyteller is not None:
            typed["cuentacuentos"] = storyteller
        await self.open_table(interaction, mode, pace, timings, settings, typed)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Bethlem(bot))
