"""A table's thread as the game needs it, set right before its status is shown: open
(unarchived: Discord refuses edits in an archived thread), listed for as long as the pace needs
(its auto-archive duration), and quiet while the rules forbid table talk (Room 25's jamming,
Among Cultists without power, Tragedy Looper's restricted talk, Mysterium's vote).

The thread is never locked for that: Discord's client disables every button and select in a
locked thread, even for administrators, and hides its message box, so the questions asked
there, **My secrets** and **Answer here** would be out of reach. Instead the thread is told
once when a quiet phase begins and once when it ends, and meanwhile a person's post there is
removed (`police`, with the Ghost's silence in Mysterium: one listener for both). Without
Manage Messages the rule stays a stated rule and the host is told once.

What the thread was last told is stored (`thread_quiet`), before the post that says it, so a
restart never says it twice and finds every quiet phase to close: always at the end, on cancel
and on pause. A lock an earlier version of the bot set is lifted the next time the thread is
kept (a moderator's lock stays)."""
from __future__ import annotations

import logging

import discord

import games
from cogs.common import render, sending
from games.base import IllegalMove
from hosting.store import GameRow

log = logging.getLogger(__name__)
LONG_WAIT = 3600.0           # a table whose deadlines run this long plays asynchronously
ARCHIVE_LIVE, ARCHIVE_ASYNC = 1440, 10080   # minutes: a day, and Discord's longest, a week
LIVE = ("running", "paused")           # a game whose thread's posts the rules may forbid
# What a call to Discord may end in short of success: a refusal, or a wait too long to sleep.
REFUSED = (discord.HTTPException, discord.RateLimited)
# People's own posts: not the system lines Discord adds (pins, joins, boosts).
POSTS = (discord.MessageType.default, discord.MessageType.reply)


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
    await _quiet(host, table, thread, quiet_now(table))


async def lift_stale(host, delivery) -> None:
    """After a restart: close every quiet phase the thread was told of on a table that no
    longer wants quiet (one that ended or paused while the bot was down), and lift any lock
    an earlier version of the bot left."""
    for game_id in await host.store.quiet_threads():
        try:
            table = await host.table(game_id)
        except IllegalMove:     # set aside (this build cannot load it): it waits as it is
            continue
        thread = await delivery.channel(table.thread_id, fresh=True)
        if thread is not None:
            await keep(host, table, thread)


async def reopen(table: GameRow, thread) -> None:
    """Unarchive the thread if Discord archived it (it refuses edits there; a post would
    reopen it, an edit does not): before the delivery edits a phase post or a question."""
    await _open(table, thread)


async def police(bot, message: discord.Message) -> None:
    """A person's post in a game's thread, removed while the rules forbid talk, while the
    game's cog says that person may not speak (`GameCog.speechless`: Mysterium's Ghost) or
    once they have seen its secrets as a spectator or one of the dead (`watching`); the
    person is told why by DM. The bot learns the author from the guild-messages intent (never
    the content); without Manage Messages the post stays."""
    thread = message.channel
    if (message.author.bot or message.type not in POSTS or not isinstance(thread, discord.Thread)
            or thread.owner_id != bot.user.id):
        return
    game_id = await bot.host.store.thread_game(LIVE, thread.id)
    if game_id is None:
        return
    try:
        table = await bot.host.table(game_id)
    except IllegalMove:     # set aside: this build cannot tell what its rules want
        return
    cog = next((c for c in bot.cogs.values() if getattr(c, "game", None) == table.game), None)
    note = (await cog.speechless(table, message.author.id) if cog else None) or (
        ("ui", "watcher_post_removed")
        if await bot.host.store.has_watched(table.id, message.author.id) else None) or (
        ("ui", "quiet_post_removed") if quiet_now(table) else None)
    if note is None or not _may(thread, "manage_messages"):
        return
    try:
        await message.delete()
    except REFUSED as err:
        log.warning("game %s: cannot remove a post made in silence: %s", table.id, err)
        return
    try:
        await message.author.send(render.translator(table)(*note),
                                  allowed_mentions=sending.NOBODY)
    except REFUSED:
        pass            # DMs closed: the removal and the thread's notice say enough


async def _open(table: GameRow, thread) -> None:
    changes: dict = {}
    if getattr(thread, "archived", False):
        changes["archived"] = False
    minutes = archive_minutes(table)
    if getattr(thread, "auto_archive_duration", minutes) != minutes:
        changes["auto_archive_duration"] = minutes
    if changes:
        try:
            await thread.edit(**changes)       # the thread's creator may, unless it is locked
        except REFUSED as err:
            log.warning("game %s: cannot reopen its thread: %s", table.id, err)


async def _quiet(host, table: GameRow, thread, quiet: bool) -> None:
    locked, said, told = await host.store.thread_quiet(table.id)
    if locked:
        await _unlock(host, table, thread)
    if quiet == said:
        return
    may_remove = _may(thread, "manage_messages")
    if quiet and not may_remove and not told:
        await host.store.set_thread_quiet(table.id, told_host=True)
        await _tell_host(table, thread)
    await host.store.set_thread_quiet(table.id, quiet=quiet)   # before: never said twice
    t = render.translator(table)
    key = "quiet_ends" if not quiet else "quiet_begins" if may_remove else "quiet_asked"
    try:
        await thread.send(t("ui", key), allowed_mentions=sending.NOBODY)
    except REFUSED as err:
        log.warning("game %s: cannot tell the thread talk is %s: %s", table.id,
                    "over" if quiet else "open", err)


def _may(thread, permission: str) -> bool:
    try:
        return render.may(thread, permission)
    except (AttributeError, discord.ClientException):   # parent not cached: let Discord say
        return True


async def _unlock(host, table: GameRow, thread) -> None:
    """Lift the lock an earlier version of the bot set for a quiet phase (without Manage
    Threads Discord keeps it: that is logged, and a moderator may lift it)."""
    if getattr(thread, "locked", False):
        try:
            await thread.edit(locked=False)
        except REFUSED as err:
            log.warning("game %s: cannot lift the thread's old lock: %s", table.id, err)
    await host.store.set_thread_quiet(table.id, locked=False)


async def _tell_host(table: GameRow, thread) -> None:
    """One note in the thread naming the host (pinging nobody else)."""
    t = render.translator(table)
    mention = f"<@{table.host_user}>" if table.host_user else t("ui", "the_host")
    users = [table.host_user] if table.host_user else []
    try:
        await thread.send(t("ui", "cannot_silence", host=mention),
                          allowed_mentions=sending.pinging(users))
    except REFUSED as err:
        log.warning("game %s: cannot tell the host posts stay: %s", table.id, err)
