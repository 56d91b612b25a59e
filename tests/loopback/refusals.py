"""What Discord refuses a bot's own REST calls for, by its permissions in the channel and the
thread's state, with Discord's codes: 50001 Missing Access (the channel is not visible),
50013 Missing Permissions, 50083 an archived (or, without Manage Threads, locked) thread,
160002 a reply without Read Message History, 30046 too many edits of hour-old messages (a 429),
40003 opening direct messages too fast.

Interaction callbacks and follow-ups are not checked for permissions: Discord answers them
whatever the bot's channel permissions; in a locked thread it refuses them (`check_answer`)."""
from __future__ import annotations

from .errors import DMS_TOO_FAST, ApiError, invalid_form
from .model import PUBLIC_THREAD, Channel, Message
from .permissions import bot_permissions, has

MISSING_PERMISSIONS, ARCHIVED_THREAD, NO_HISTORY, OLD_EDITS = 50013, 50083, 160002, 30046
AUTO_ARCHIVE_MINUTES = (60, 1440, 4320, 10080)


def missing_access() -> ApiError:
    return ApiError(403, 50001, "Missing Access")


def missing_permissions() -> ApiError:
    return ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")


def archived() -> ApiError:
    """An archived thread, or a locked one to whoever lacks Manage Threads: a 403."""
    return ApiError(403, ARCHIVED_THREAD, "Operation cannot be performed on an archived thread")


def check_delete(message: Message, bot_id: int) -> None:
    """Deleting someone else's message needs Manage Messages; the bot's own, nothing."""
    channel = message.channel
    if channel.guild is not None and message.author.id != bot_id:
        require(channel, "manage_messages")


def check_answer(channel: Channel) -> None:
    """An interaction's answer (callback or follow-up) where the interaction came from a
    locked thread: Discord refuses it as it refuses the client's clicks there."""
    if channel.is_thread and channel.locked:
        raise archived()


def require(channel: Channel, *names: str) -> int:
    """The bot's permissions in `channel`, refusing unless it sees it and holds `names`."""
    value = bot_permissions(channel)
    if not has(value, "view_channel"):
        raise missing_access()
    if not all(has(value, n) for n in names):
        raise missing_permissions()
    return value


def check_send(channel: Channel, body: dict, uploads) -> dict:
    """A new message from the bot: the body Discord keeps (embeds dropped without Embed Links)."""
    if channel.guild is None:
        return body
    value = require(channel, "send_messages_in_threads" if channel.is_thread else "send_messages")
    if channel.is_thread and channel.locked and not has(value, "manage_threads"):
        raise archived()
    if body.get("message_reference") and not has(value, "read_message_history"):
        raise ApiError(400, NO_HISTORY, "Cannot reply without permission to read message history")
    return _media(value, body, uploads)


def check_edit(message: Message, body: dict, uploads) -> dict:
    channel = message.channel
    if channel.guild is None:
        return body
    value = require(channel)
    if channel.is_thread and (channel.archived
                              or (channel.locked and not has(value, "manage_threads"))):
        raise archived()
    return _media(value, body, uploads)


def _media(value: int, body: dict, uploads) -> dict:
    if uploads and not has(value, "attach_files"):
        raise missing_permissions()
    if body.get("embeds") and not has(value, "embed_links"):
        body = {**body, "embeds": []}          # accepted, the embeds silently left out
    return body


def check_thread_start(parent: Channel, private: bool, auto_archive: int) -> None:
    require(parent, "create_private_threads" if private else "create_public_threads")
    check_auto_archive(auto_archive)


def check_auto_archive(minutes) -> None:
    if minutes not in AUTO_ARCHIVE_MINUTES:
        raise invalid_form({"auto_archive_duration": f"Must be one of {AUTO_ARCHIVE_MINUTES}."})


def check_channel_edit(channel: Channel, body: dict, bot_id: int) -> None:
    """PATCH of a channel. A thread's creator may rename, unarchive and change its
    auto-archive; locking, and unarchiving a locked thread, need Manage Threads; an archived
    thread takes no other change unless the same call unarchives it. Text channels need
    Manage Channels."""
    if not channel.is_thread:
        require(channel, "manage_channels")
        return
    value = require(channel)
    manage = has(value, "manage_threads")
    if "locked" in body and bool(body["locked"]) != channel.locked and not manage:
        raise missing_permissions()
    creator = channel.owner is not None and channel.owner.id == bot_id
    if any(k in body for k in ("name", "archived", "auto_archive_duration")) \
            and not (manage or creator):
        raise missing_permissions()
    if channel.archived and channel.locked and body.get("archived") is False and not manage:
        raise missing_permissions()
    if channel.archived and body.get("archived") is not False:
        raise archived()
    if "auto_archive_duration" in body:
        check_auto_archive(body["auto_archive_duration"])


def check_thread_member(thread: Channel, add: bool, bot_id: int) -> None:
    """Adding someone needs to be able to post there; removing someone needs Manage Threads
    (or, in a private thread, to have made it). Neither in an archived thread."""
    value = require(thread, "send_messages_in_threads")
    creator = thread.owner is not None and thread.owner.id == bot_id \
        and thread.type != PUBLIC_THREAD
    if not add and not (has(value, "manage_threads") or creator):
        raise missing_permissions()
    if thread.archived:
        raise archived()


def check_old_edit(world, message: Message) -> None:
    """Discord caps edits to messages older than an hour (per channel, per hour): 30046, as a
    429 with a `retry_after` (its length undocumented: `world.old_edit_retry_after`)."""
    now = world.now()
    if message.ephemeral_to is not None or now - message.born < 3600:
        return
    recent = [t for t in world.old_edits.get(message.channel.id, []) if now - t < 3600]
    if world.old_edit_cap is not None and len(recent) >= world.old_edit_cap:
        raise ApiError(429, OLD_EDITS, "Maximum number of edits to messages older than 1 hour "
                                       "reached. Try again later",
                       retry_after=world.old_edit_retry_after)
    world.old_edits[message.channel.id] = [*recent, now]


def check_dm_pace(world, key) -> None:
    """Discord refuses a share of DM openings and DM posts when they come too fast (403
    40003, `world.dm_too_fast`); `key` (a person, a message's nonce) is never refused twice
    in a row, so a retry lands."""
    if key in world.dm_refused:
        world.dm_refused.discard(key)
    elif world.dm_too_fast and world.dm_pace.random() < world.dm_too_fast:
        world.dm_refused.add(key)
        raise ApiError(403, DMS_TOO_FAST, "You are opening direct messages too fast")
