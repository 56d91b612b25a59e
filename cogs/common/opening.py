"""A table's thread, opened from its lobby at `/GAME new`. The thread is part of the table: its
status, its public questions and the "Answer here" of people with closed DMs live there. So a
table is opened only where Discord allows threads, and a table whose thread Discord refuses
(a server at its cap of active threads, a permission taken away meanwhile) is withdrawn at
once: its lobby loses its buttons and the host is told privately why and what to do."""
from __future__ import annotations

import logging

import discord

from cogs.common import actions, render, threads
from cogs.common.sending import NOBODY
from games.base import IllegalMove
from hosting.store import GameRow, StoreError

log = logging.getLogger(__name__)
# Channels whose messages may start a thread. Discord refuses one in a voice or stage
# channel's chat (50024); a forum's or media channel's threads are posts, not threads of a
# message, and commands run inside one are refused as in any thread.
THREAD_PARENTS = (discord.ChannelType.text, discord.ChannelType.news)
# Discord's codes for a refused thread, with the note the host gets for each.
REFUSALS = {160006: "thread_cap", 50013: "thread_forbidden", 50001: "thread_forbidden",
            50024: "thread_wrong_channel"}


def where_refused(channel) -> IllegalMove | None:
    """Why a table cannot open in `channel` (the command's), or None."""
    kind = getattr(channel, "type", None)
    if kind in THREAD_PARENTS:
        return None
    if kind in (discord.ChannelType.voice, discord.ChannelType.stage_voice):
        return IllegalMove("new_in_voice", "Threads cannot be opened in a voice or stage "
                           "channel's chat: open the table from a server text channel.")
    return IllegalMove("new_in_thread", "Open a new table from a server text channel.")


async def open_thread(host, interaction: discord.Interaction, table: GameRow,
                      lobby: discord.Message) -> discord.Thread | None:
    """The table's thread, started from its lobby; None if Discord refused it, and then the
    table is cancelled, its lobby says it did not open and the host knows why."""
    t = render.translator(table)
    try:
        return await lobby.create_thread(
            name=t("ui", "thread_name", game=render.game_title(t), id=table.id),
            auto_archive_duration=threads.archive_minutes(table))
    except discord.HTTPException as err:
        log.warning("game %s: Discord refused its thread in channel %s (%s %s): %s; the table "
                    "is withdrawn", table.id, table.channel_id, err.status, err.code, err.text)
        await _withdraw(host, interaction, table, err)
        return None


async def _withdraw(host, interaction: discord.Interaction, table: GameRow,
                    err: discord.HTTPException) -> None:
    """Cancel the table before anyone plays it, close its lobby, and tell the host."""
    t = render.translator(table)
    try:
        await host.cancel(table.id, None, admin=True)
    except (IllegalMove, StoreError) as failed:
        log.warning("game %s: could not cancel the table without a thread: %s", table.id, failed)
    try:
        await interaction.edit_original_response(
            content=t("ui", "table_not_opened", game=render.game_title(t), id=table.id),
            embed=None, view=None, allowed_mentions=NOBODY)
    except discord.HTTPException as failed:
        log.warning("game %s: could not close its lobby: %s", table.id, failed)
    key = REFUSALS.get(err.code)
    reason = (t("ui", key) if key else t(
        "ui", "thread_refused", error=discord.utils.escape_markdown(
            render.clip(f"{err.status} {err.code}: {err.text}", 200))))
    await actions.reply(interaction, reason)
