"""What a table needs the bot to be allowed in its channel, checked once at `/GAME new` so a
game never starts where Discord would refuse its thread, its posts or its pictures; and what it
does better with (pinning its status), which the host is told about without being refused."""
from __future__ import annotations

import discord

from hosting.text import Translator

# In the order Discord's channel settings list them; names as `discord.Permissions` has them.
TABLE_NEEDS = ("view_channel", "send_messages", "embed_links", "attach_files",
               "read_message_history", "create_public_threads", "send_messages_in_threads",
               "manage_threads")
# Without these the table plays on, a little worse: the host is told once, at `/GAME new`.
# Pinning needs Pin Messages since 2026-02-23; Manage Messages no longer grants it. Create
# Private Threads opens the spectator thread (`watching`).
TABLE_WANTS = ("pin_messages", "create_private_threads")


def missing(granted: discord.Permissions) -> list[str]:
    """The permissions a table needs that `granted` (the bot's, in the channel) lacks."""
    return [name for name in TABLE_NEEDS if not getattr(granted, name)]


def wanted(granted: discord.Permissions) -> list[str]:
    """The permissions a table does better with that `granted` lacks."""
    return [name for name in TABLE_WANTS if not getattr(granted, name)]


def refusal(t: Translator, lacking: list[str]) -> str:
    """One message naming every missing permission and how to grant them."""
    names = ", ".join(f"**{t.lookup('permissions', name)}**" for name in lacking)
    key = "missing_permission" if len(lacking) == 1 else "missing_permissions"
    return t("ui", key, names=names)


def notice(t: Translator, lacking: list[str]) -> str:
    """A private note to the host of a table that opened: what each missing permission costs
    it and how to grant it."""
    return "\n".join(t("ui", f"without_{name}", name=f"**{t.lookup('permissions', name)}**")
                     for name in lacking)
