"""The fake's records: users, guilds, channels, messages, attachments and interactions, each able
to render the JSON payload discord.py parses. Records hold data only; `world.World` changes them."""
from __future__ import annotations

import asyncio
import datetime
import itertools
import time
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1420070400000
_sequence = itertools.count()

from .permissions import BOT_PERMISSIONS, EVERYONE_PERMISSIONS

TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12
VOICE, STAGE = 2, 13           # their chat takes messages and commands, never threads
EPHEMERAL, LOADING = 1 << 6, 1 << 7


def snowflake() -> int:
    """A Discord-shaped id: milliseconds since the Discord epoch, then a process-wide counter,
    so ids increase like real ones (history's before/after rely on that)."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (next(_sequence) & 0x3FFFFF)


def now_iso() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat()


@dataclass(eq=False)
class User:
    id: int
    name: str
    bot: bool = False
    dms_open: bool = True

    def payload(self) -> dict:
        return {"id": str(self.id), "username": self.name, "discriminator": "0",
                "global_name": self.name, "avatar": None, "bot": self.bot, "public_flags": 0,
                "flags": 0}


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int = 0
    mentionable: bool = False
    managed: bool = False
    position: int = 1

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def payload(self) -> dict:
        return {"id": str(self.id), "name": self.name, "permissions": str(self.permissions),
                "position": self.position, "color": 0, "hoist": False, "managed": self.managed,
                "mentionable": self.mentionable, "flags": 0}


@dataclass(eq=False)
class Guild:
    """`owner` is someone outside the game (Discord gives a guild's owner every permission, so
    the bot must not be it). The bot's permissions come from its managed role and the
    channels' overwrites (see `permissions.py`)."""

    id: int
    name: str
    owner: User
    bot: User
    joined: dict[int, str] = field(default_factory=dict)   # user id -> joined_at
    channels: list["Channel"] = field(default_factory=list)
    roles: list[Role] = field(default_factory=list)      # besides @everyone; the bot's first

    def __post_init__(self) -> None:
        self.roles.insert(0, Role(snowflake(), self.bot.name, BOT_PERMISSIONS, managed=True))

    @property
    def bot_role(self) -> Role:
        return self.roles[0]

    @property
    def bot_permissions(self) -> int:
        return self.bot_role.permissions

    def member_payload(self, user: User, with_user: bool = True) -> dict:
        roles = [str(self.bot_role.id)] if user is self.bot else []
        out = {"roles": roles, "joined_at": self.joined[user.id], "deaf": False, "mute": False,
               "flags": 0, "pending": False, "nick": None}
        if with_user:
            out["user"] = user.payload()
        return out

    def everyone_role(self) -> dict:
        return Role(self.id, "@everyone", EVERYONE_PERMISSIONS, position=0).payload()

    def payload(self, members: list[User]) -> dict:
        """The GUILD_CREATE body; `members` is what the bot's intents let it see."""
        return {
            "id": str(self.id), "name": self.name, "owner_id": str(self.owner.id), "icon": None,
            "unavailable": False, "large": False, "member_count": len(self.joined),
            "features": [], "roles": [self.everyone_role(), *(r.payload() for r in self.roles)], "emojis": [], "stickers": [],
            "verification_level": 0, "default_message_notifications": 0,
            "explicit_content_filter": 0, "mfa_level": 0, "nsfw_level": 0, "premium_tier": 0,
            "preferred_locale": "en-US", "system_channel_id": None, "afk_channel_id": None,
            "afk_timeout": 300, "joined_at": now_iso(), "voice_states": [], "presences": [],
            "stage_instances": [], "guild_scheduled_events": [], "soundboard_sounds": [],
            "members": [self.member_payload(u) for u in members],
            "channels": [c.payload() for c in self.channels if not c.is_thread],
            "threads": [c.payload() for c in self.channels if c.is_thread and not c.archived],
        }


@dataclass(eq=False)
class Channel:
    id: int
    type: int
    name: str | None = None
    guild: Guild | None = None
    parent: "Channel | None" = None
    recipient: User | None = None                       # the human side of a DM
    owner: User | None = None                           # who started a thread
    members: set[int] = field(default_factory=set)      # thread members
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive: int = 1440
    messages: list["Message"] = field(default_factory=list)
    created: str = field(default_factory=now_iso)
    archive_stamp: str = field(default_factory=now_iso)
    bot_allow: int = 0                                  # the channel's overwrite for the bot
    bot_deny: int = 0

    @property
    def is_thread(self) -> bool:
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD)

    def visible_to(self, user: User) -> bool:
        if self.type == DM:
            return self.recipient is user
        if self.type == PRIVATE_THREAD:
            return user.id in self.members
        return self.guild is not None and user.id in self.guild.joined

    def payload(self) -> dict:
        last = next((m.id for m in reversed(self.messages) if not m.ephemeral_to), None)
        out: dict[str, Any] = {"id": str(self.id), "type": self.type,
                               "last_message_id": str(last) if last else None}
        if self.type == DM:
            out["recipients"] = [self.recipient.payload()]
            return out
        out.update(guild_id=str(self.guild.id), name=self.name, nsfw=False,
                   rate_limit_per_user=0, flags=0)
        if self.is_thread:
            out.update(parent_id=str(self.parent.id), owner_id=str(self.owner.id),
                       message_count=len(self.messages), total_message_sent=len(self.messages),
                       member_count=len(self.members), thread_metadata={
                           "archived": self.archived, "locked": self.locked,
                           "invitable": self.invitable, "auto_archive_duration": self.auto_archive,
                           "archive_timestamp": self.archive_stamp, "create_timestamp": self.created})
        else:
            overwrites = ([{"id": str(self.guild.bot.id), "type": 1, "allow": str(self.bot_allow),
                            "deny": str(self.bot_deny)}] if self.bot_allow or self.bot_deny else [])
            out.update(position=self.guild.channels.index(self), parent_id=None, topic=None,
                       permission_overwrites=overwrites, default_auto_archive_duration=1440)
            if self.type in (VOICE, STAGE):
                out.update(bitrate=64000, user_limit=0, rtc_region=None)
        return out


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    data: bytes
    url: str
    content_type: str = "application/octet-stream"
    description: str | None = None

    def payload(self) -> dict:
        out = {"id": str(self.id), "filename": self.filename, "size": len(self.data),
               "url": self.url, "proxy_url": self.url, "content_type": self.content_type}
        if self.description:
            out["description"] = self.description
        return out


@dataclass(eq=False)
class Message:
    id: int
    channel: Channel
    author: User
    content: str = ""
    embeds: list[dict] = field(default_factory=list)
    components: list[dict] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    reference: dict | None = None
    interaction: "Interaction | None" = None            # what this message answers
    ephemeral_to: User | None = None
    thread: Channel | None = None                       # thread started from this message
    timestamp: str = field(default_factory=now_iso)
    edited: str | None = None
    deleted: bool = False
    born: float = field(default_factory=time.time)    # on the fake's clock (`World.now`)
    pinged: Any = None                                # the `mentions.Ping` of its last write
    mentioned: list[User] = field(default_factory=list)   # the users `pinged` names
    pinned: bool = False
    nonce: str | None = None                          # what the sender said makes it unique
    edits: int = 0                                    # how often it was edited
    uploads: int = 0                                  # files attached over its life

    def visible_to(self, user: User) -> bool:
        if self.deleted:
            return False
        if self.ephemeral_to is not None:
            return self.ephemeral_to is user
        return self.channel.visible_to(user)

    def payload(self) -> dict:
        ch = self.channel
        out: dict[str, Any] = {
            "id": str(self.id), "channel_id": str(ch.id), "type": self.type,
            "content": self.content, "author": self.author.payload(), "embeds": self.embeds,
            "components": self.components, "attachments": [a.payload() for a in self.attachments],
            "flags": self.flags, "timestamp": self.timestamp, "edited_timestamp": self.edited,
            "tts": False, "pinned": self.pinned, "mention_everyone": False, "mentions": [],
            "mention_roles": [],
        }
        if self.pinged is not None:
            out.update(mention_everyone=self.pinged.everyone,
                       mention_roles=[str(r) for r in self.pinged.roles],
                       mentions=[u.payload() for u in self.mentioned])
        if ch.guild is not None:
            out["guild_id"] = str(ch.guild.id)
        if self.reference:
            out["message_reference"] = self.reference
        if self.thread is not None:
            out["thread"] = self.thread.payload()
        if self.interaction is not None:
            out["webhook_id"] = str(self.author.id)
            out["application_id"] = str(self.author.id)
            out["interaction_metadata"] = self.interaction.metadata()
        return out


# Interaction types and the callback types each may answer with.
COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
ALLOWED_CALLBACKS = {COMMAND: {4, 5, 9}, COMPONENT: {4, 5, 6, 7, 9}, AUTOCOMPLETE: {8},
                     MODAL_SUBMIT: {4, 5, 6, 7}}


@dataclass(eq=False)
class Interaction:
    """One interaction from dispatch to its last follow-up. `source` is the message whose
    component was used (the target of callbacks 6/7); `response` the message callbacks 4/5 made."""

    id: int
    token: str
    type: int
    user: User
    channel: Channel
    data: dict
    label: str                                   # "/toy new", "click Join", ... for reports
    source: Message | None = None
    dispatched: float = field(default_factory=time.monotonic)
    born: float = 0.0                            # on the fake's clock: its token lasts 15 min
    acked: float | None = None
    callback: int | None = None
    response: Message | None = None
    modal: dict | None = None
    choices: list[dict] | None = None
    followups: list[Message] = field(default_factory=list)
    answered: asyncio.Event = field(default_factory=asyncio.Event)   # set by the callback

    @property
    def original(self) -> Message | None:
        """What `@original` names: the response message, or the component's message for 6/7."""
        return self.response if self.callback in (4, 5) else self.source

    @property
    def latency(self) -> float | None:
        return None if self.acked is None else self.acked - self.dispatched

    def metadata(self) -> dict:
        out = {"id": str(self.id), "type": self.type, "user": self.user.payload(),
               "authorizing_integration_owners": self.owners()}
        if self.source is not None:
            out["interacted_message_id"] = str(self.source.id)
        if self.response is not None:
            out["original_response_message_id"] = str(self.response.id)
        return out

    def owners(self) -> dict:
        guild = self.channel.guild
        return {"0": str(guild.id)} if guild else {"1": str(self.user.id)}
