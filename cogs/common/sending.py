"""What every message the bot sends states explicitly: who it may ping, and the nonce that
makes a repeated send of the same planned message return the first one instead of a copy
(for a few minutes only: beyond them a message sent before a restart is found by what it
`said`)."""
from __future__ import annotations

import hashlib
import logging

import discord

from cogs.common.render import may

log = logging.getLogger(__name__)
NOBODY = discord.AllowedMentions.none()
SENT_LOOKUP = 50   # a channel's newest messages read to find one sent before a restart


def nonce(game_id: int, key: str) -> str:
    """Discord's nonce (25 characters at most) for one planned message of one game."""
    return hashlib.blake2b(f"{game_id}:{key}".encode(), digest_size=12).hexdigest()


def offers(message, custom_id: str) -> bool:
    """Whether a message (as read back from Discord) has a component with this custom id."""
    return any(getattr(child, "custom_id", None) == custom_id
               for row in message.components for child in getattr(row, "children", ()))


def said(content: str | None, embeds) -> tuple:
    """What a message says, as Discord keeps it (it trims the text, and keeps no nonce to
    read back): its text, or for a message without text its embeds' titles and
    descriptions. A message sent before a restart is found by it."""
    text = (content or "").strip()
    return (text, ()) if text else ("", tuple((e.title, e.description) for e in embeds))


def pinging(user_ids) -> discord.AllowedMentions:
    """Only these people may be pinged: never @everyone, @here or a role."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(u) for u in user_ids])


def lacking(channel, err=None) -> str | None:
    """The permission whose lack makes Discord refuse the bot's posts in `channel`, by what
    the bot knows of it (with `err`, only for a refusal that says so: 403 50001 or 50013)."""
    if err is not None and not (isinstance(err, discord.Forbidden)
                                and err.code in (50001, 50013)):
        return None
    posting = "send_messages_in_threads" if isinstance(channel, discord.Thread) else "send_messages"
    return next((p for p in ("view_channel", posting) if not may(channel, p)), None)


async def pin(message, channel, keep: bool = True) -> None:
    """Pin a message the table keeps in view (a public sheet, the status), or unpin it
    (`keep=False`). Pinning needs Pin Messages (Manage Messages no longer grants it since
    February 2026); without it, or if Discord refuses, the message simply stays as it is."""
    if not may(channel, "pin_messages"):
        return
    try:
        await (message.pin() if keep else message.unpin())
    except (discord.HTTPException, discord.RateLimited) as err:
        log.warning("could not %spin message %s: %s", "" if keep else "un", message.id, err)
