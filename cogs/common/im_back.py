"""**I'm back** on Discord: the button on the DM that tells a person the bot plays their seat,
and in My secrets while it does; a click gives the seat back at once (`Host.come_back`,
`hosting.autopilot`). This only shows and answers it."""
from __future__ import annotations

import re

import discord

from cogs.common import actions, render
from games.base import IllegalMove
from hosting.store import GameRow, OutboxRow, PostRow

ON = "autopilot_on"   # the seat's notice: a DM of its own, with the button
_ID = r"(?P<gid>\d+)"


class BackButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"tbl:back:{_ID}"):
    """I'm back: the clicking person's seat of this game is theirs again."""

    def __init__(self, game_id: int, label: str = "I'm back"):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.success,
                                           emoji="\N{WAVING HAND SIGN}",
                                           custom_id=f"tbl:back:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match):
        return cls(int(match["gid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await back(interaction, self.game_id)


def view(game_id: int, t, into: discord.ui.View | None = None) -> discord.ui.View:
    """The button, alone or added to `into`."""
    into = into or discord.ui.View(timeout=None)
    into.add_item(BackButton(game_id, t("ui", "im_back")))
    return into


def notice_plans(t, seat: int, told: list[OutboxRow]) -> list:
    """A seat's notice that the bot plays it, a DM of its own (`seat:N:ROW:back`)."""
    return [(f"seat:{seat}:{r.id}:back", [r.id], t.event(r.kind, r.data))
            for r in told if r.kind == ON]


def dm_view(table: GameRow, post: PostRow) -> discord.ui.View | None:
    """The button, on a DM that is the notice."""
    if not post.key.endswith(":back"):
        return None
    return view(table.id, render.translator(table))


def secrets_view(table: GameRow, user_id: int,
                 into: discord.ui.View | None) -> discord.ui.View | None:
    """My secrets' views, with the button while the bot plays the person's seat."""
    seat = table.seat_of(user_id)
    if seat is None or seat.autopilot is None or table.status not in ("running", "paused"):
        return into
    return view(table.id, render.translator(table), into)


async def back(interaction: discord.Interaction, game_id: int) -> None:
    host = actions.host_of(interaction)
    try:
        was = await actions.in_time(interaction, host.come_back(game_id, interaction.user.id))
    except IllegalMove as err:
        return await actions.refuse_in(interaction, err, game_id)
    t = render.translator(await host.table(game_id))
    await actions.reply(interaction, t("ui", "im_back_ok" if was else "im_back_already"))
