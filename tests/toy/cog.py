"""/toy: the toy game's cog, loaded only by end-to-end tests."""
from discord.ext import commands

from cogs.common.gamecog import GameCog


class Toy(GameCog, group_name="toy", group_description="A tiny test game."):
    game = "toy"


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Toy(bot))
