"""/bethlem: El manicomio de Bethlem, with the bot as narrator."""
from discord.ext import commands

from cogs.common.gamecog import GameCog


class Bethlem(GameCog, group_name="bethlem",
              group_description="El manicomio de Bethlem: hidden identities in an asylum."):
    game = "bethlem"


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Bethlem(bot))
