"""Scripted people and the guilds they live in. A Person does what a Discord user does: runs
slash commands, clicks, picks in selects, fills modals, reads DMs. Each action waits for the
bot's acknowledgement (failing like Discord's "This interaction failed" when none comes) and
then, by default, for the bot to go quiet, so the next line of a script sees its effects."""
from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Callable

from .commands import command_data
from .components import find_button, find_select, modal_submission
from .model import (AUTOCOMPLETE, COMMAND, COMPONENT, MODAL_SUBMIT, STAGE, VOICE, Channel,
                    Guild, Role, User)
from .views import ChannelView, MessageView, ModalView, Reply

if TYPE_CHECKING:
    from .loopback import Loopback


class InteractionFailed(AssertionError):
    """The bot did not acknowledge an interaction in time."""


class Person:
    def __init__(self, lb: "Loopback", record: User):
        self.lb, self.record = lb, record

    name = property(lambda self: self.record.name)
    id = property(lambda self: self.record.id)

    @property
    def dms_open(self) -> bool:
        return self.record.dms_open

    @dms_open.setter
    def dms_open(self, value: bool) -> None:
        """False: the bot's DMs to this person fail with 403 50007, as with DMs closed."""
        self.record.dms_open = value

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    # ---- actions ---------------------------------------------------------------------------
    async def slash(self, channel: ChannelView, command: str, *, settle: bool = True,
                    **options: Any) -> Reply:
        """Run `/command` ("toy new"); options by name, '-' in names written as '_'."""
        self._check_open(channel.record)
        data = command_data(self.lb.fake.world, channel.record, command, options)
        return await self._interact(COMMAND, channel.record, data, f"/{command}", settle=settle)

    async def autocomplete(self, channel: ChannelView, command: str, *, focused: str | None = None,
                           **options: Any) -> list[dict]:
        """The choices offered while typing; the focused option is the last one given."""
        focused = focused or list(options)[-1]
        data = command_data(self.lb.fake.world, channel.record, command, options, focused=focused)
        reply = await self._interact(AUTOCOMPLETE, channel.record, data, f"/{command} ...",
                                     settle=False)
        return reply.choices

    async def click(self, message: MessageView, button: str, *, force: bool = False,
                    settle: bool = True) -> Reply:
        """Press a button by label or custom_id. A disabled one cannot be pressed unless
        `force` (a person whose client had not yet shown the edit)."""
        self._check_sees(message)
        if not force:
            self._check_open(message.record.channel)
        found = find_button(message.record, button)
        if found.get("disabled") and not force:
            raise PermissionError(f"{self.name} cannot press disabled button {button!r}")
        data = {"custom_id": found["custom_id"], "component_type": found["type"]}
        return await self._interact(COMPONENT, message.record.channel, data,
                                    f"{self.name} clicks {button}", message.record, settle=settle)

    async def select(self, message: MessageView, *choices: str, menu: str | None = None,
                     settle: bool = True) -> Reply:
        """Pick options, by label or value, in the select that offers them (or in `menu`,
        given by placeholder or custom_id)."""
        self._check_sees(message)
        self._check_open(message.record.channel)
        select, values = find_select(message.record, choices, menu)
        if select.get("disabled"):
            raise PermissionError(f"{self.name} cannot use a disabled select")
        data = {"custom_id": select["custom_id"], "component_type": select["type"],
                "values": values}
        return await self._interact(COMPONENT, message.record.channel, data,
                                    f"{self.name} selects {', '.join(choices)}", message.record,
                                    settle=settle)

    async def submit(self, modal: Reply | ModalView, values: dict[str, Any] | None = None, *,
                     settle: bool = True, **fields: Any) -> Reply:
        """Fill and submit the modal the bot opened; fields by label, custom_id or label as
        a Python name."""
        view = modal.modal if isinstance(modal, Reply) else modal
        if view is None:
            raise LookupError(f"{modal!r} opened no modal")
        opened = view.interaction
        self._check_open(opened.channel)
        data = {"custom_id": view.custom_id,
                "components": modal_submission(view.data, {**(values or {}), **fields})}
        return await self._interact(MODAL_SUBMIT, opened.channel, data,
                                    f"{self.name} submits {view.title}", opened.source,
                                    settle=settle)

    async def _interact(self, kind: int, channel: Channel, data: dict, label: str,
                        source=None, *, settle: bool) -> Reply:
        fake = self.lb.fake
        inter = fake.interactions.create(kind, self.record, channel, data, label, source)
        deadline = fake.interactions.ack_deadline
        try:
            await asyncio.wait_for(inter.answered.wait(), deadline)
        except asyncio.TimeoutError:
            raise InteractionFailed(f"{label}: the bot did not answer within {deadline}s") from None
        if settle:
            await self.lb.settle()
        return Reply(self.lb, inter)

    async def write(self, channel: ChannelView, text: str, *, settle: bool = True) -> MessageView:
        """Post `text` in a channel or thread as this person (the bot, without the Message
        Content intent, learns the author and not the words)."""
        self._check_open(channel.record)
        message = self.lb.fake.world.post(channel.record, self.record, {"content": text})
        if settle:
            await self.lb.settle()
        return MessageView(self.lb, message)

    async def rewrite(self, message: MessageView, text: str, *, settle: bool = True) -> None:
        """Edit one of this person's own posts (the bot learns that it changed, not how)."""
        self._check_open(message.record.channel)
        assert message.record.author is self.record, "people edit only their own posts"
        self.lb.fake.world.edit(message.record, {"content": text})
        if settle:
            await self.lb.settle()

    def _check_open(self, channel: Channel) -> None:
        """Discord's client disables every button and select of a locked thread, even for
        administrators, and hides its message box (people here never hold Manage Threads)."""
        if channel.is_thread and channel.locked:
            raise PermissionError(f"{self.name} cannot act in locked thread {channel.name!r}")

    def _check_sees(self, message: MessageView) -> None:
        if not message.record.visible_to(self.record):
            raise PermissionError(f"{self.name} cannot see {message!r}")

    # ---- what this person sees -------------------------------------------------------------
    @property
    def dm(self) -> ChannelView:
        """This person's DM channel with the bot."""
        return ChannelView(self.lb, self.lb.fake.world.dm_channel(self.record))

    def dms(self) -> list[MessageView]:
        return self.dm.messages()

    def ephemerals(self) -> list[MessageView]:
        return [MessageView(self.lb, m) for m in self.lb.fake.world.messages.values()
                if m.ephemeral_to is self.record and not m.deleted]

    def visible(self) -> list[MessageView]:
        """Every message this person can read, anywhere."""
        return [MessageView(self.lb, m) for m in self.lb.fake.world.visible_to(self.record)]

    async def wait_dm(self, predicate: Callable[[MessageView], bool] = lambda m: True,
                      timeout: float | None = None) -> MessageView:
        return await self.dm.wait_for_message(predicate, timeout)

    def __repr__(self) -> str:
        return f"<Person {self.name}>"


class GuildView:
    def __init__(self, lb: "Loopback", record: Guild):
        self.lb, self.record = lb, record

    id = property(lambda self: self.record.id)
    name = property(lambda self: self.record.name)

    def user(self, name: str, *, dms_open: bool = True) -> Person:
        """The member called `name`, joining them to this guild (and creating them) if new."""
        world = self.lb.fake.world
        record = next((u for u in world.users.values() if u.name == name and not u.bot), None)
        record = record or world.add_user(name)
        record.dms_open = dms_open
        world.add_member(self.record, record)
        return Person(self.lb, record)

    def role(self, name: str, *, mentionable: bool = True) -> Role:
        """A role (its `id`, `mention`) that anyone may mention when `mentionable`, as a
        nickname like "<@&id>" would try."""
        found = next((r for r in self.record.roles if r.name == name), None)
        return found or self.lb.fake.world.add_role(self.record, name, mentionable)

    def text_channel(self, name: str) -> ChannelView:
        found = next((c for c in self.record.channels if c.name == name and not c.is_thread), None)
        return ChannelView(self.lb, found or self.lb.fake.world.add_text_channel(self.record, name))

    def voice_channel(self, name: str, *, stage: bool = False) -> ChannelView:
        """A voice (or stage) channel's text chat: messages and commands, but no threads."""
        found = next((c for c in self.record.channels if c.name == name), None)
        return ChannelView(self.lb, found or self.lb.fake.world.add_text_channel(
            self.record, name, STAGE if stage else VOICE))

    def __repr__(self) -> str:
        return f"<Guild {self.name}>"
