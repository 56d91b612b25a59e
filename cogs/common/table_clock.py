"""The table's clock on Discord: a reminder's button that turns reminders down (and My
secrets' that turns them on again), the host's `extend`, a person's request for more time and
the public vote on it (a message of its own with Yes and No, edited to one line once it is
decided). Every step is the host's (`hosting.more_time`); this only shows and answers it."""
from __future__ import annotations

import re

import discord

from cogs.common import actions, render
from games.base import IllegalMove
from hosting.more_time import quiet
from hosting.store import GameRow, OutboxRow, PostRow

ASKED = "table_time_asked"          # the public line a request makes: a vote of its own
# What ends a vote under way (the end of the game and a cancel end it silently)
CLOSED = ("table_time_granted", "table_time_refused", "table_time_lapsed", "table_extended",
          "table_finished", "table_cancelled")
REMINDERS = ("table_reminder", "table_reminder_last")   # DMs that carry the button
_ID = r"(?P<gid>\d+)"


class RemindersButton(discord.ui.DynamicItem[discord.ui.Button],
                      template=rf"tbl:remind:(?P<on>on|off):{_ID}"):
    """Turn this game's reminders off (on a reminder) or on again (in My secrets)."""

    def __init__(self, game_id: int, on: bool, label: str = "Reminders"):
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary, emoji="\N{BELL}" if on
            else "\N{BELL WITH CANCELLATION STROKE}",
            custom_id=f"tbl:remind:{'on' if on else 'off'}:{game_id}"))
        self.game_id, self.on = game_id, on

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match):
        return cls(int(match["gid"]), match["on"] == "on")

    async def callback(self, interaction: discord.Interaction) -> None:
        await set_reminders(interaction, self.game_id, self.on)


class TimeVoteButton(discord.ui.DynamicItem[discord.ui.Button],
                     template=rf"tbl:time:(?P<side>yes|no):{_ID}"):
    """A seated person's vote on the request for more time under way."""

    def __init__(self, game_id: int, yes: bool, label: str = "?"):
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.success if yes
            else discord.ButtonStyle.secondary,
            custom_id=f"tbl:time:{'yes' if yes else 'no'}:{game_id}"))
        self.game_id, self.yes = game_id, yes

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match):
        return cls(int(match["gid"]), match["side"] == "yes")

    async def callback(self, interaction: discord.Interaction) -> None:
        await vote(interaction, self.game_id, self.yes)


def reminders_view(game_id: int, t, on: bool) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RemindersButton(game_id, on, t("ui", "reminders_on" if on else "reminders_off")))
    return view


def secrets_view(table: GameRow, user_id: int) -> discord.ui.View | None:
    """My secrets' reminders button while the game runs: off, or on again once turned off."""
    if table.status not in ("running", "paused"):
        return None
    return reminders_view(table.id, render.translator(table), on=user_id in quiet(table.clock))


def vote_view(game_id: int, t) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(TimeVoteButton(game_id, True, t("ui", "time_yes")))
    view.add_item(TimeVoteButton(game_id, False, t("ui", "time_no")))
    return view


# ---- what the delivery plans and sends -----------------------------------------------------------
def thread_plans(t, public: list[OutboxRow], posts: dict[str, PostRow]) -> list:
    """A request's vote, a message of its own; once a vote is decided (or the host gave time),
    each vote message still open is edited to one line (`shut:`, as a seat's offer is)."""
    plans = [(f"vote:{r.id}", [r.id], t("events", ASKED, **r.data))
             for r in public if r.kind == ASKED]
    if any(r.kind in CLOSED for r in public):
        plans += [(f"shut:{key}", [], t("ui", "time_vote_closed")) for key in posts
                  if key.startswith("vote:") and f"shut:{key}" not in posts]
    return plans


async def send_vote(delivery, table: GameRow, post: PostRow, thread) -> None:
    await delivery._send(table, post, thread, view=vote_view(table.id, render.translator(table)))


def dm_view(table: GameRow, post: PostRow) -> discord.ui.View | None:
    """The reminder's button, on a DM that is one (`seat:N:ROW:remind`)."""
    if not post.key.endswith(":remind"):
        return None
    return reminders_view(table.id, render.translator(table), on=False)


def reminder_plans(t, seat: int, told: list[OutboxRow]) -> list:
    """A seat's reminders, each a DM of its own with its button."""
    return [(f"seat:{seat}:{r.id}:remind", [r.id], t.event(r.kind, r.data))
            for r in told if r.kind in REMINDERS]


# ---- answering clicks and commands ---------------------------------------------------------------
async def set_reminders(interaction: discord.Interaction, game_id: int, on: bool) -> None:
    host = actions.host_of(interaction)
    try:
        await actions.in_time(interaction, host.set_reminders(game_id, interaction.user.id, on))
    except IllegalMove as err:
        return await actions.refuse_in(interaction, err, game_id)
    t = render.translator(await host.table(game_id))
    await actions.reply(interaction, t("ui", "reminders_on_ok" if on else "reminders_off_ok"))


async def vote(interaction: discord.Interaction, game_id: int, yes: bool) -> None:
    host = actions.host_of(interaction)
    try:
        settled = await actions.in_time(interaction,
                                        host.vote_time(game_id, interaction.user.id, yes))
    except IllegalMove as err:
        return await actions.refuse_in(interaction, err, game_id)
    t = render.translator(await host.table(game_id))
    await actions.reply(interaction, t("ui", "time_voted" if settled is None else
                                       "time_granted_ok" if settled else "time_refused_ok"))


async def ask(interaction: discord.Interaction, table: GameRow) -> None:
    host = actions.host_of(interaction)
    try:
        granted = await actions.in_time(interaction, host.ask_time(table.id, interaction.user.id))
    except IllegalMove as err:
        return await actions.refuse(interaction, err, table)
    await actions.reply(interaction, render.translator(table)(
        "ui", "time_granted_ok" if granted else "time_asked_ok"))


async def extend(interaction: discord.Interaction, table: GameRow, minutes: int) -> None:
    host = actions.host_of(interaction)
    try:
        await actions.in_time(interaction, host.extend(
            table.id, interaction.user.id, minutes, admin=actions.is_admin(interaction)))
    except IllegalMove as err:
        return await actions.refuse(interaction, err, table)
    await actions.reply(interaction, render.translator(table)("ui", "extended_ok",
                                                              minutes=minutes))
