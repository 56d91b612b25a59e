"""A table's thread as the game needs it, set right before its status is shown: open
(unarchived: Discord refuses edits in an archived thread), listed for as long as the pace needs
(its auto-archive duration), and locked while the rules forbid table talk (Room 25's jamming).

The lock is the bot's own and is stored (`thread_locks`), the intent before the call that locks
and the release after the call that unlocks, so that a restart finds every lock the bot holds
and lifts it once talk is allowed again: always at the end, on cancel and on pause. A lock a
moderator set is not the bot's to lift. Without Manage Threads the lock is skipped and the host
is told once: talk stays open and the game goes on."""
from __future__ import annotations

import logging

import discord

import games
from cogs.common import render
from hosting.store import GameRow

log = logging.getLogger(__name__)
LONG_WAIT = 3600.0           # a table whose deadlines run this long plays asynchronously
ARCHIVE_LIVE, ARCHIVE_ASYNC = 1440, 10080   # minutes: a day, and Discord's longest, a week


def archive_minutes(table: GameRow) -> int:
    """How long the thread stays listed without activity: a day for a live table, a week (the
    longest Discord offers) for one whose steps take hours."""
    return ARCHIVE_ASYNC if max(table.pace.values(), default=0) >= LONG_WAIT else ARCHIVE_LIVE


def quiet_now(table: GameRow) -> bool:
    """Whether the rules forbid table talk at this moment (never while paused or over)."""
    return table.status == "running" and table.state is not None and bool(
        games.engine(table.game).public_view(table.state).get("quiet"))


async def keep(host, table: GameRow, thread) -> None:
    """Make the thread what the table needs now; a refusal is logged, never raised: the
    status and the game go on."""
    await _open(table, thread)
    await _lock(host, table, thread, quiet_now(table))


async def lift_stale(host, delivery) -> None:
    """After a restart: lift every lock the bot holds on a table that no longer wants quiet
    (one that ended or paused while the bot was down)."""
    for game_id in await host.store.locked_threads():
        table = await host.table(game_id)
        thread = await delivery.channel(table.thread_id, fresh=True)
        if thread is not None and not quiet_now(table):
            await keep(host, table, thread)


async def reopen(table: GameRow, thread) -> None:
    """Unarchive the thread if Discord archived it (it refuses edits there; a post would
    reopen it, an edit does not): before the delivery edits a phase post or a question."""
    await _open(table, thread)


async def _open(table: GameRow, thread) -> None:
    changes: dict = {}
    if getattr(thread, "archived", False):
        changes["archived"] = False
    minutes = archive_minutes(table)
    if getattr(thread, "auto_archive_duration", minutes) != minutes:
        changes["auto_archive_duration"] = minutes
    if changes:
        try:
            await thread.edit(**changes)       # the thread's creator may, without Manage Threads
        except discord.HTTPException as err:
            log.warning("game %s: cannot reopen its thread: %s", table.id, err)


def _may_lock(thread) -> bool:
    try:
        return thread.permissions_for(thread.guild.me).manage_threads
    except (AttributeError, discord.ClientException):   # parent not cached: let Discord say
        return True


async def _lock(host, table: GameRow, thread, quiet: bool) -> None:
    held, told = await host.store.thread_lock(table.id)
    locked = bool(getattr(thread, "locked", held))
    if quiet and locked:                  # ours already, or a moderator's: quiet either way
        return
    if not quiet and not held:            # nothing of ours; a moderator's lock stays
        return
    if not quiet and not locked:          # someone unlocked it for us
        return await host.store.set_thread_lock(table.id, locked=False)
    if _may_lock(thread):
        try:
            if quiet:
                await host.store.set_thread_lock(table.id, locked=True)
            await thread.edit(locked=quiet)
            if not quiet:
                await host.store.set_thread_lock(table.id, locked=False)
            return
        except discord.Forbidden:
            if quiet:
                await host.store.set_thread_lock(table.id, locked=False)
        except discord.HTTPException as err:
            log.warning("game %s: cannot %slock its thread: %s", table.id, "" if quiet else "un",
                        err)
            return
    if not told:
        await host.store.set_thread_lock(table.id, told_host=True)
        await _tell_host(table, thread, "cannot_lock" if quiet else "cannot_unlock")


async def _tell_host(table: GameRow, thread, key: str) -> None:
    """One note in the thread naming the host (pinging nobody else)."""
    t = render.translator(table)
    mention = f"<@{table.host_user}>" if table.host_user else t("ui", "the_host")
    users = [discord.Object(table.host_user)] if table.host_user else []
    try:
        await thread.send(t("ui", key, host=mention), allowed_mentions=discord.AllowedMentions(
            everyone=False, roles=False, users=users, replied_user=False))
    except discord.HTTPException as err:
        log.warning("game %s: cannot tell the host about the thread's lock: %s", table.id, err)
