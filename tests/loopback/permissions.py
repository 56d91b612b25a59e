"""The bot's permissions in a channel, computed the way discord.py's `permissions_for` computes
them from what the gateway sent (roles, then the channel's overwrite for the bot, then the
implicit rules), so that the fake's refusals, `interaction.app_permissions` and
`channel.permissions_for(guild.me)` all agree. Threads have no overwrites of their own: they
take their parent's.

Permissions are named as `discord.Permissions` attributes (view_channel, send_messages, ...)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from .model import Channel

FLAGS: dict[str, int] = discord.Permissions.VALID_FLAGS


def bits(*names: str) -> int:
    unknown = [n for n in names if n not in FLAGS]
    if unknown:
        raise ValueError(f"no such permission {unknown}; see discord.Permissions")
    return sum(FLAGS[n] for n in set(names))


# What @everyone may do in a fresh fake guild: read, write, embed, attach, react, thread.
EVERYONE_PERMISSIONS = bits(
    "add_reactions", "view_channel", "send_messages", "embed_links", "attach_files",
    "read_message_history", "use_application_commands", "create_public_threads",
    "create_private_threads", "send_messages_in_threads")
# The bot's own role: everything a table needs (the README's invite list) and more, so that
# a test removes what it wants to see refused. @everyone pings are allowed, as on a server
# whose @everyone role keeps Discord's default: what the bot must never do by accident.
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | bits(
    "manage_threads", "manage_messages", "pin_messages", "mention_everyone")
ALL_CHANNEL = discord.Permissions.all_channel().value
NOT_WITHOUT_SENDING = bits("send_tts_messages", "mention_everyone", "embed_links", "attach_files")


def has(value: int, name: str) -> bool:
    return bool(value & FLAGS[name])


def names(value: int) -> list[str]:
    return sorted(n for n, bit in FLAGS.items() if value & bit)


def bot_permissions(channel: "Channel") -> int:
    """The bot's permissions in `channel` (a text channel or thread); DMs allow everything a
    DM can do."""
    if channel.guild is None:
        return EVERYONE_PERMISSIONS
    if channel.is_thread:
        value = bot_permissions(channel.parent)
        if not has(value, "send_messages_in_threads"):
            value &= ~NOT_WITHOUT_SENDING
        return value
    guild = channel.guild
    value = EVERYONE_PERMISSIONS | guild.bot_permissions
    if has(value, "administrator"):
        return discord.Permissions.all().value
    value = (value & ~channel.bot_deny) | channel.bot_allow
    if not has(value, "send_messages"):
        value &= ~NOT_WITHOUT_SENDING
    if not has(value, "view_channel"):
        value &= ~ALL_CHANNEL
    return value
