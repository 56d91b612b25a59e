"""/looper: Tragedy Looper, with the bot as referee and, if asked, as the Mastermind."""
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

import games
from cogs.common import actions, render
from cogs.common.gamecog import GameCog
from games.base import IllegalMove
from games.looper import data
from hosting.text import Translator


class Looper(GameCog, group_name="looper",
             group_description="Tragedy Looper: relive the days and stop the Mastermind's script."):
    game = "looper"

    @app_commands.command(name="new", description="Open a new Tragedy Looper table here.")
    @app_commands.describe(
        mode="Tragedy set: First Steps or Basic Tragedy",
        script="A shipped script, or generated for a new one",
        mastermind="Who is the Mastermind: you (the table's host) or the bot",
        difficulty="For a generated script: easy (more loops) to hard (fewer)",
        pace="live: minutes per step; async: hours",
        timings="Override durations, e.g. action=120,conference=300",
        settings="More options, e.g. paranoia_virus_threshold=3; spreading_mode=\"transfer\"")
    async def new(self, interaction: discord.Interaction,
                  mode: Literal["first_steps", "basic_tragedy"] = "first_steps",
                  script: str | None = None,
                  mastermind: Literal["player", "bot"] = "player",
                  difficulty: Literal["easy", "normal", "hard"] | None = None,
                  pace: Literal["live", "async"] = "live", timings: str | None = None,
                  settings: str | None = None) -> None:
        known = data.shipped_scripts()
        if script and script != "generated" and (
                script not in known or known[script]["tragedy_set"] != mode):
            t = Translator(self.game, await self.host.store.guild_lang(interaction.guild_id))
            names = ", ".join(["generated", *(k for k, v in known.items()
                                              if v["tragedy_set"] == mode)])
            return await actions.reply(interaction, render.refusal(t, IllegalMove(
                "unknown_script", "Unknown script.", script=script, known=names)))
        typed = {k: v for k, v in {"script": script, "difficulty": difficulty}.items() if v}
        # Seat 0 is the Mastermind: a bot Mastermind is seated with the lobby, in one step.
        bot = games.engine(self.game).ai_policies[-1] if mastermind == "bot" else None
        await self.open_table(interaction, mode, pace, timings, settings, typed, ai_first=bot)

    @new.autocomplete("script")
    async def _scripts(self, interaction: discord.Interaction, current: str):
        names = ["generated", *data.shipped_scripts()]
        return [app_commands.Choice(name=n, value=n) for n in names
                if current.lower() in n.lower()][:25]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Looper(bot))
