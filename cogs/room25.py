"""/room25: Room 25, with the bot as game master."""
from discord.ext import commands

from cogs.common.gamecog import GameCog


class Room25(GameCog, group_name="room25",
             group_description="Room 25: escape the complex, programme your moves in secret."):
    game = "room25"


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Room25(bot))
