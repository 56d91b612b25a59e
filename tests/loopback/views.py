"""Read-only views a test holds: messages, attachments, channels and interaction replies. They
wrap the fake's live records, so a view taken before an edit shows the edit."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import aiohttp

from .components import modal_fields, text_of
from .limits import BUTTON, SELECTS, walk
from .model import DM, LOADING, Attachment, Channel, Interaction, Message
from .permissions import bot_permissions, names

if TYPE_CHECKING:
    from .loopback import Loopback


class AttachmentView:
    def __init__(self, record: Attachment):
        self.record = record
        self.filename, self.content_type = record.filename, record.content_type
        self.url = record.url
        self.description = record.description      # its alt text

    @property
    def data(self) -> bytes:
        return self.record.data

    async def read(self) -> bytes:
        """Download it from the fake's CDN route, as a Discord client would."""
        async with aiohttp.ClientSession() as session, session.get(self.url) as resp:
            resp.raise_for_status()
            return await resp.read()

    def __repr__(self) -> str:
        return f"<Attachment {self.filename} {len(self.data)} bytes>"


class MessageView:
    def __init__(self, lb: "Loopback", record: Message):
        self.lb, self.record = lb, record

    id = property(lambda self: self.record.id)
    content = property(lambda self: self.record.content)
    embeds = property(lambda self: self.record.embeds)
    components = property(lambda self: self.record.components)
    deleted = property(lambda self: self.record.deleted)
    pinned = property(lambda self: self.record.pinned)
    edited = property(lambda self: self.record.edited is not None)
    ephemeral = property(lambda self: self.record.ephemeral_to is not None)
    loading = property(lambda self: bool(self.record.flags & LOADING))
    author = property(lambda self: self.record.author.name)
    pinged = property(lambda self: self.record.pinged)     # `mentions.Ping` or None

    @property
    def text(self) -> str:
        """All a reader sees: content, embeds, component labels and text, file names."""
        return text_of(self.record)

    @property
    def buttons(self) -> list[dict]:
        return [c for c in walk(self.record.components) if c["type"] == BUTTON]

    @property
    def selects(self) -> list[dict]:
        return [c for c in walk(self.record.components) if c["type"] in SELECTS]

    def labels(self) -> list[str]:
        return [b.get("label") or b.get("custom_id") for b in self.buttons]

    @property
    def attachments(self) -> list[AttachmentView]:
        return [AttachmentView(a) for a in self.record.attachments]

    @property
    def channel(self) -> "ChannelView":
        return ChannelView(self.lb, self.record.channel)

    @property
    def thread(self) -> "ChannelView | None":
        return ChannelView(self.lb, self.record.thread) if self.record.thread else None

    def __contains__(self, text: str) -> bool:
        return text in self.text

    def __eq__(self, other) -> bool:
        return isinstance(other, MessageView) and other.record is self.record

    def __hash__(self) -> int:
        return self.record.id

    def __repr__(self) -> str:
        where = "ephemeral" if self.ephemeral else f"#{self.record.channel.name or 'dm'}"
        return f"<Message {where} {self.text[:80]!r} buttons={self.labels()}>"


class ChannelView:
    def __init__(self, lb: "Loopback", record: Channel):
        self.lb, self.record = lb, record

    id = property(lambda self: self.record.id)
    name = property(lambda self: self.record.name)
    archived = property(lambda self: self.record.archived)
    locked = property(lambda self: self.record.locked)
    auto_archive = property(lambda self: self.record.auto_archive)   # minutes
    is_thread = property(lambda self: self.record.is_thread)

    @property
    def bot_permissions(self) -> list[str]:
        """What the bot may do here, by `discord.Permissions` name."""
        return names(bot_permissions(self.record))

    @property
    def members(self) -> list[str]:
        """Who has joined this thread, by name."""
        return sorted(self.lb.fake.world.users[u].name for u in self.record.members)

    def messages(self) -> list[MessageView]:
        """What everyone sees here, oldest first (no ephemerals, nothing deleted)."""
        return [MessageView(self.lb, m) for m in self.record.messages
                if not m.deleted and m.ephemeral_to is None]

    def last_message(self) -> MessageView:
        shown = self.messages()
        if not shown:
            raise LookupError(f"#{self.name or 'dm'} has no messages")
        return shown[-1]

    def threads(self) -> list["ChannelView"]:
        guild = self.record.guild
        return [ChannelView(self.lb, c) for c in (guild.channels if guild else [])
                if c.parent is self.record]

    def thread(self, name: str | None = None) -> "ChannelView":
        """The newest thread under this channel, or the newest one called `name`."""
        found = [t for t in self.threads() if name is None or t.name == name]
        if not found:
            raise LookupError(f"no thread {name or ''} under #{self.name}; "
                              f"threads: {[t.name for t in self.threads()]}")
        return found[-1]

    async def wait_for_message(self, predicate: Callable[[MessageView], bool] = lambda m: True,
                               timeout: float | None = None) -> MessageView:
        """The newest message here matching `predicate`, waiting for one to exist."""
        def newest():
            return next((m for m in reversed(self.messages()) if predicate(m)), None)
        return await self.lb.fake.world.wait_for(newest, timeout or self.lb.timeout,
                                                 f"a matching message in {self!r}", [self.record])

    def __eq__(self, other) -> bool:
        return isinstance(other, ChannelView) and other.record is self.record

    def __hash__(self) -> int:
        return self.record.id

    def __repr__(self) -> str:
        return "<DM channel>" if self.record.type == DM else f"<#{self.name}>"


class ModalView:
    def __init__(self, interaction: Interaction):
        self.interaction = interaction
        self.data = interaction.modal
        self.title, self.custom_id = self.data.get("title"), self.data.get("custom_id")

    @property
    def fields(self) -> list[str]:
        return [label for label, _ in modal_fields(self.data)]

    def __repr__(self) -> str:
        return f"<Modal {self.title!r} fields={self.fields}>"


class Reply:
    """The bot's answer to one interaction: callback type, the message it made or updated,
    a modal, autocomplete choices, follow-ups, and how long the bot took to acknowledge."""

    def __init__(self, lb: "Loopback", interaction: Interaction):
        self.lb, self.interaction = lb, interaction

    type = property(lambda self: self.interaction.callback)
    latency = property(lambda self: self.interaction.latency)
    choices = property(lambda self: self.interaction.choices)
    deferred = property(lambda self: self.interaction.callback in (5, 6))

    @property
    def message(self) -> MessageView | None:
        original = self.interaction.original
        return MessageView(self.lb, original) if original is not None else None

    @property
    def ephemeral(self) -> bool:
        original = self.interaction.response
        return original is not None and original.ephemeral_to is not None

    @property
    def content(self) -> str:
        return self.message.content if self.message else ""

    @property
    def text(self) -> str:
        """The reply's text and its follow-ups', for assertions on what the person was told."""
        return "\n".join(m.text for m in [self.message, *self.followups] if m is not None)

    @property
    def modal(self) -> ModalView | None:
        return ModalView(self.interaction) if self.interaction.modal else None

    @property
    def followups(self) -> list[MessageView]:
        return [MessageView(self.lb, m) for m in self.interaction.followups]

    def __repr__(self) -> str:
        return (f"<Reply to {self.interaction.label!r} type={self.type} "
                f"ephemeral={self.ephemeral} {self.text[:80]!r}>")
