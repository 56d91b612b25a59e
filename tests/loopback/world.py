"""The fake Discord's state and every change to it. REST handlers, interaction callbacks and the
scripting API all change the world through here, so each change emits the same gateway event
and wakes the same waiters whichever side caused it."""
from __future__ import annotations

import asyncio
import random
import time
from typing import Any, Callable

from . import limits, mentions, refusals
from .errors import CANNOT_DM, ApiError
from .model import (COMMAND, DM, EPHEMERAL, LOADING, PRIVATE_THREAD, PUBLIC_THREAD, TEXT,
                    Attachment, Channel, Guild, Interaction, Message, Role, User, now_iso,
                    snowflake)
from .permissions import bits, bot_permissions

GUILDS, GUILD_MEMBERS, GUILD_MESSAGES, DIRECT_MESSAGES = 1, 1 << 1, 1 << 9, 1 << 12
NONCE_WINDOW = 300.0   # Discord's "few minutes" a repeated nonce is merged within
SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, COMPONENTS_V2 = 1 << 2, 1 << 12, 1 << 15
SETTABLE_FLAGS = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | COMPONENTS_V2

Upload = tuple[str, bytes, str]        # filename, data, content type


class World:
    def __init__(self, bot_name: str = "Loopback Bot"):
        self.bot = User(snowflake(), bot_name, bot=True)
        self.token = "loopback-token"
        self.base_url = self.gateway_url = ""         # set when the server listens
        self.users: dict[int, User] = {self.bot.id: self.bot}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.dms: dict[int, Channel] = {}                # by the person's user id
        self.messages: dict[int, Message] = {}
        self.attachments: dict[int, Attachment] = {}
        self.commands: dict[int | None, dict[str, dict]] = {None: {}}
        self.interactions: dict[int, Interaction] = {}
        self.tokens: dict[str, Interaction] = {}        # interactions by token, for webhooks
        self.emit: Callable[[str, dict, int], None] = lambda event, data, intent: None
        self.pings: list[mentions.Ping] = []           # who each message notified
        self.clock_offset = 0.0                          # seconds `age_messages` moved on
        # Discord's enforce_nonce: a send repeating a nonce within this many seconds (on the
        # fake's clock) returns the first message; `merged` lists each send answered so
        self.nonce_window = NONCE_WINDOW
        self.nonces: dict[tuple[int, str], Message] = {}
        self.merged: list[Message] = []
        self.old_edit_cap: int | None = 0                # edits of hour-old messages per channel
        self.old_edits: dict[int, list[float]] = {}      # and hour, before 30046
        self.old_edit_retry_after = 600.0                # seconds a 30046 says to wait
        self.dm_too_fast = 0.0                           # share of DM calls refused with 40003
        self.dm_pace = random.Random(40003)
        self.dm_refused: set = set()                     # refused last time: not again
        self.thread_cap = 1000                           # active threads a guild holds
        self.busy = 0
        self.last_activity = time.monotonic()
        self._changed = asyncio.Event()
        self._channel_changed: dict[int, asyncio.Event] = {}

    # ---- waiting ---------------------------------------------------------------------------
    def touch(self, channel: Channel | None = None) -> None:
        """Something changed (in `channel`): wake the waiters and restart the quiet clock."""
        self.last_activity = time.monotonic()
        self._changed.set()
        self._changed = asyncio.Event()
        if channel is not None and channel.id in self._channel_changed:
            self._channel_changed.pop(channel.id).set()

    async def wait_for(self, predicate: Callable[[], Any], timeout: float, what: str,
                       channels: list[Channel] | None = None) -> Any:
        """Re-check `predicate` on every change, or only on changes in `channels` (cheaper when
        thousands of scripted people wait at once)."""
        deadline = time.monotonic() + timeout
        while True:
            result = predicate()
            if result:
                return result
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"timed out after {timeout}s waiting for {what}")
            events = ([self._channel_changed.setdefault(c.id, asyncio.Event()) for c in channels]
                      if channels else [self._changed])
            waiters = [asyncio.ensure_future(e.wait()) for e in events]
            await asyncio.wait(waiters, timeout=remaining, return_when=asyncio.FIRST_COMPLETED)
            for waiter in waiters:
                waiter.cancel()

    # ---- people and places -----------------------------------------------------------------
    def add_user(self, name: str) -> User:
        user = User(snowflake(), name)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, shard: tuple[int, int] | None = None) -> Guild:
        """A server; with `shard` (id, count), one whose id Discord's formula puts there."""
        owner = User(snowflake(), f"owner of {name}")
        self.users[owner.id] = owner
        guild_id = snowflake()
        if shard is not None:
            shard_id, count = shard
            guild_id += ((shard_id - (guild_id >> 22)) % count) << 22
        guild = Guild(guild_id, name, owner=owner, bot=self.bot)
        guild.joined[self.bot.id] = now_iso()
        self.guilds[guild.id] = guild
        self.commands[guild.id] = {}
        self.emit("GUILD_CREATE", guild.payload([self.bot]), GUILDS)
        return guild

    def add_member(self, guild: Guild, user: User) -> None:
        if user.id in guild.joined:
            return
        guild.joined[user.id] = now_iso()
        self.emit("GUILD_MEMBER_ADD", {**guild.member_payload(user), "guild_id": str(guild.id)},
                  GUILD_MEMBERS)

    def add_text_channel(self, guild: Guild, name: str, kind: int = TEXT) -> Channel:
        """A text channel, or (`kind` VOICE or STAGE) a voice or stage channel's chat."""
        channel = Channel(snowflake(), kind, name=name, guild=guild)
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        self.emit("CHANNEL_CREATE", channel.payload(), GUILDS)
        return channel

    def add_role(self, guild: Guild, name: str, mentionable: bool = True) -> Role:
        role = Role(snowflake(), name, mentionable=mentionable, position=len(guild.roles) + 1)
        guild.roles.append(role)
        self.emit("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.payload()},
                  GUILDS)
        return role

    # ---- the bot's permissions and the threads' state ----------------------------------------
    def deny(self, channel_id: int, *perms: str) -> None:
        """Take `perms` from the bot in a text channel (its threads follow), as a channel
        overwrite for the bot would."""
        self._overwrite(channel_id, deny=bits(*perms))

    def allow(self, channel_id: int, *perms: str) -> None:
        """Give `perms` back to (or explicitly grant them to) the bot in a text channel."""
        self._overwrite(channel_id, allow=bits(*perms))

    def _overwrite(self, channel_id: int, allow: int = 0, deny: int = 0) -> None:
        channel = self.channels[channel_id]
        if channel.is_thread or channel.guild is None:
            raise ValueError("permissions are set on a server text channel; threads inherit")
        channel.bot_allow = (channel.bot_allow & ~deny) | allow
        channel.bot_deny = (channel.bot_deny & ~allow) | deny
        self.emit("CHANNEL_UPDATE", channel.payload(), GUILDS)
        self.touch(channel)

    def permissions(self, channel: Channel) -> int:
        return bot_permissions(channel)

    def set_thread(self, thread: Channel, **state) -> None:
        """Change `archived`, `locked`, `auto_archive` or `name` and tell the bot, as Discord
        does (its inactivity timer archives; a moderator locks)."""
        for key, value in state.items():
            setattr(thread, key, value)
        if "archived" in state or "auto_archive" in state:
            thread.archive_stamp = now_iso()
        self.emit("THREAD_UPDATE", thread.payload(), GUILDS)
        self.touch(thread)

    def remove_channel(self, channel: Channel) -> None:
        """A channel or thread deleted: gone from its server, THREAD_DELETE or CHANNEL_DELETE."""
        payload = channel.payload()
        channel.guild.channels.remove(channel)
        del self.channels[channel.id]
        if channel.is_thread:
            self.emit("THREAD_DELETE", {"id": str(channel.id), "guild_id": str(channel.guild.id),
                                        "parent_id": str(channel.parent.id),
                                        "type": channel.type}, GUILDS)
        else:
            self.emit("CHANNEL_DELETE", payload, GUILDS)
        self.touch(channel.parent or channel)

    def now(self) -> float:
        """The fake's wall clock: real time plus what `age_messages` moved on."""
        return time.time() + self.clock_offset

    def age_messages(self, seconds: float) -> None:
        """Let `seconds` pass for the edit cap: every message is that much older, and edits
        counted against the cap fall out of its hour."""
        self.clock_offset += seconds

    def dm_channel(self, user: User) -> Channel:
        if user.id not in self.dms:
            channel = self.dms[user.id] = Channel(snowflake(), DM, recipient=user)
            self.channels[channel.id] = channel
        return self.dms[user.id]

    def start_thread(self, parent: Channel, name: str, owner: User, *, private: bool = False,
                     from_message: Message | None = None, auto_archive: int = 1440) -> Channel:
        if parent.type != TEXT:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if from_message is not None and from_message.thread is not None:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        active = sum(1 for c in parent.guild.channels if c.is_thread and not c.archived)
        if active >= self.thread_cap:
            raise ApiError(400, 160006, "Maximum number of active threads reached")
        thread = Channel(from_message.id if from_message else snowflake(),
                         PRIVATE_THREAD if private else PUBLIC_THREAD, name=name,
                         guild=parent.guild, parent=parent, owner=owner, members={owner.id},
                         auto_archive=auto_archive)
        parent.guild.channels.append(thread)
        self.channels[thread.id] = thread
        if from_message is not None:
            from_message.thread = thread
        self.emit("THREAD_CREATE", {**thread.payload(), "newly_created": True}, GUILDS)
        self.touch(parent)
        return thread

    # ---- messages --------------------------------------------------------------------------
    def repeated(self, author: User, body: dict) -> Message | None:
        """The message an earlier send by `author` with the same nonce made, if this send asks
        for `enforce_nonce` and that one is less than `nonce_window` seconds old: Discord
        then returns it and creates nothing ("in the past few minutes" only)."""
        key = (author.id, str(body.get("nonce")))
        earlier = self.nonces.get(key) if body.get("enforce_nonce") else None
        if earlier is None or self.now() - earlier.born >= self.nonce_window:
            return None
        self.merged.append(earlier)
        return earlier

    def post(self, channel: Channel, author: User, body: dict, uploads: list[Upload] = (), *,
             interaction: Interaction | None = None, ephemeral_to: User | None = None,
             loading: bool = False) -> Message:
        """Create a message as Discord would, refusing what Discord refuses. `loading` makes the
        "thinking" placeholder of a deferred interaction reply."""
        if not loading:
            limits.check_message(body, has_files=bool(uploads))
        limits.check_uploads(uploads)
        if channel.type == DM and not channel.recipient.dms_open and interaction is None:
            raise ApiError(403, CANNOT_DM, "Cannot send messages to this user")
        if channel.type == DM and interaction is None and author is self.bot:
            refusals.check_dm_pace(self, ("send", body.get("nonce") or id(body)))
        mentions.check(body.get("allowed_mentions"))
        message = Message(snowflake(), channel, author, interaction=interaction,
                          ephemeral_to=ephemeral_to,
                          flags=(EPHEMERAL if ephemeral_to else 0) | (LOADING if loading else 0),
                          type=20 if interaction and interaction.type == COMMAND else 0,
                          reference=body.get("message_reference"), born=self.now(),
                          nonce=body.get("nonce"))
        self._fill(message, body, uploads)
        if message.nonce is not None:
            self.nonces[(author.id, str(message.nonce))] = message
        if channel.is_thread and channel.archived and ephemeral_to is None:
            self.set_thread(channel, archived=False)   # posting revives it
        self._record_pings(message, body, from_webhook=interaction is not None)
        channel.messages.append(message)
        self.messages[message.id] = message
        if ephemeral_to is None:
            payload = message.payload()
            if author is not self.bot:     # no Message Content intent: the author, not the words
                payload["content"] = ""
            self.emit("MESSAGE_CREATE", payload, self._message_intent(channel))
        self.touch(channel)
        return message

    def edit(self, message: Message, body: dict, uploads: list[Upload] = (), *,
             from_webhook: bool = False) -> Message:
        limits.check_message({"flags": message.flags, **body}, creating=False)
        limits.check_uploads(uploads)
        mentions.check(body.get("allowed_mentions"))
        self._fill(message, body, uploads)
        message.edited = now_iso()
        message.edits += 1
        if "content" in body or "components" in body:
            self._record_pings(message, body, from_webhook=from_webhook, edit=True)
        if message.ephemeral_to is None:
            payload = message.payload()
            if message.author is not self.bot:  # as for a new post: the author, not the words
                payload["content"] = ""
            self.emit("MESSAGE_UPDATE", payload, self._message_intent(message.channel))
        self.touch(message.channel)
        return message

    def delete(self, message: Message) -> None:
        message.deleted = True
        if message.ephemeral_to is None:
            data = {"id": str(message.id), "channel_id": str(message.channel.id)}
            if message.channel.guild:
                data["guild_id"] = str(message.channel.guild.id)
            self.emit("MESSAGE_DELETE", data, self._message_intent(message.channel))
        self.touch(message.channel)

    def _record_pings(self, message: Message, body: dict, *, from_webhook: bool,
                      edit: bool = False) -> None:
        """Who the message notifies now (nobody for ephemeral ones), kept in `pings` and shown
        in its `mentions` fields."""
        channel = message.channel
        if message.ephemeral_to is not None:
            return
        users, roles, everyone = mentions.pings(
            {**body, "content": message.content}, message.components, channel.guild,
            bot_permissions(channel), from_webhook=from_webhook)
        users = {u for u in users if u in self.users and channel.visible_to(self.users[u])}
        message.pinged = mentions.Ping(message.id, channel.id, users, roles, everyone, edit)
        message.mentioned = [self.users[u] for u in sorted(users)]
        self.pings.append(message.pinged)

    def _fill(self, message: Message, body: dict, uploads: list[Upload]) -> None:
        if "content" in body:
            message.content = body["content"] or ""
        if "embeds" in body:
            message.embeds = body["embeds"] or []
        if "components" in body:
            message.components = body["components"] or []
        if body.get("flags") is not None:
            message.flags = (message.flags & ~SETTABLE_FLAGS) | (body["flags"] & SETTABLE_FLAGS)
        described = {str(a.get("id")): a for a in body.get("attachments") or []}
        new = [self._store_upload(message.channel, str(i), upload, described)
               for i, upload in enumerate(uploads)]
        if "attachments" in body:
            message.attachments = [a for a in message.attachments if str(a.id) in described]
        message.attachments += new
        message.uploads += len(new)

    def _store_upload(self, channel: Channel, index: str, upload: Upload,
                      described: dict[str, dict]) -> Attachment:
        filename, data, content_type = upload
        meta = described.get(index, {})
        att_id = snowflake()
        name = meta.get("filename") or filename
        url = f"{self.base_url}/attachments/{channel.id}/{att_id}/{name}"
        att = Attachment(att_id, name, data, url, content_type=content_type,
                         description=meta.get("description"))
        self.attachments[att_id] = att
        return att

    @staticmethod
    def _message_intent(channel: Channel) -> int:
        return DIRECT_MESSAGES if channel.type == DM else GUILD_MESSAGES

    # ---- application commands --------------------------------------------------------------
    def sync_commands(self, guild_id: int | None, payload: list[dict]) -> list[dict]:
        """Bulk overwrite, keeping the id of a command whose name survives as Discord does."""
        old = self.commands[guild_id]
        new: dict[str, dict] = {}
        for cmd in payload:
            key = cmd["name"]
            previous = old.get(key, {})
            new[key] = {**cmd, "id": previous.get("id", str(snowflake())),
                        "application_id": str(self.bot.id), "version": str(snowflake()),
                        "type": cmd.get("type", 1), "default_member_permissions": None,
                        "dm_permission": cmd.get("dm_permission", True), "nsfw": False,
                        **({"guild_id": str(guild_id)} if guild_id else {})}
        self.commands[guild_id] = new
        self.touch()
        return list(new.values())

    def find_command(self, channel: Channel, name: str) -> dict:
        """The command a user in `channel` reaches by `name`: the guild's own first."""
        scopes = [channel.guild.id, None] if channel.guild else [None]
        for scope in scopes:
            if name in self.commands.get(scope, {}):
                command = self.commands[scope][name]
                if channel.guild is None and not self._in_dms(command):
                    raise LookupError(f"/{name} is for servers only: DMs do not offer it")
                if channel.guild is not None and 0 not in (command.get("contexts") or [0]):
                    raise LookupError(f"/{name} is not offered in servers (contexts)")
                return command
        known = sorted({n for s in scopes for n in self.commands.get(s, {})})
        raise LookupError(f"no command /{name} is registered here; known: {known}")

    @staticmethod
    def _in_dms(command: dict) -> bool:
        """Whether the Discord client offers `command` in a DM with the bot (context 1)."""
        contexts = command.get("contexts")
        return command.get("dm_permission", True) and (contexts is None or 1 in contexts)

    # ---- who sees what ---------------------------------------------------------------------
    def visible_to(self, user: User) -> list[Message]:
        return [m for m in self.messages.values() if m.visible_to(user)]
