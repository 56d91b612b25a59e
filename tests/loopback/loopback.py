"""`Loopback`: the fake Discord and the handles a test script uses, in one object.

    async with Loopback() as discord:
        guild = discord.guild("Test server")
        alice = guild.user("alice")
        games = guild.text_channel("games")
        async with discord.run_bot(make_bot) as bot:
            reply = await alice.slash(games, "toy new")
"""
from __future__ import annotations

import asyncio
import logging
import time
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Awaitable, Callable

from .bots import handlers_done, pointed_at, running
from .faults import Faults
from .gateway import Gateway
from .mentions import Ping
from .ratelimits import RateLimits
from .model import PUBLIC_THREAD, TEXT, Interaction
from .people import GuildView
from .server import Call, FakeDiscord
from .views import ChannelView, MessageView


class _ErrorLog(logging.Handler):
    """Keeps ERROR records (discord.py's "Ignoring exception in ..." among them) so a test
    fails when the bot raised somewhere nobody awaited."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if not record.name.startswith("tests.loopback"):
            self.records.append(record)


class Loopback:
    """`ack_deadline`: seconds the bot has to acknowledge an interaction (Discord: 3).
    `quiet`: how long without API traffic counts as the bot having finished reacting.
    `timeout`: default wait for anything. `strict`: on a clean exit, fail if the bot called a
    route the fake does not know or logged an error."""

    def __init__(self, *, ack_deadline: float = 3.0, quiet: float = 0.05, timeout: float = 10.0,
                 strict: bool = True, rate_limits: bool = False):
        self.fake = FakeDiscord(ack_deadline, rate_limits)
        self.quiet, self.timeout, self.strict = quiet, timeout, strict
        self._errors = _ErrorLog()
        self._pointing = None
        self._idle_hooks: list[Callable[[], Awaitable]] = []

    async def __aenter__(self) -> "Loopback":
        await self.fake.start()
        self._pointing = pointed_at(self.fake.api_url, self.fake.world.gateway_url)
        self._pointing.__enter__()
        logging.getLogger().addHandler(self._errors)
        return self

    async def __aexit__(self, exc_type, exc, tb) -> None:
        logging.getLogger().removeHandler(self._errors)
        self._pointing.__exit__(None, None, None)
        await self.fake.stop()
        if exc_type is None and self.strict:
            self.check_clean()

    def check_clean(self) -> None:
        assert not self.unknown_routes, f"the bot called unknown routes: {self.unknown_routes}"
        messages = [f"{r.name}: {r.getMessage()}\n{r.exc_text or ''}" for r in self.errors]
        assert not messages, "errors were logged:\n" + "\n".join(messages)

    # ---- building the world ----------------------------------------------------------------
    def guild(self, name: str, shard: tuple[int, int] | None = None) -> GuildView:
        """The server named so, created on first use; `shard` (id, count) picks its id so that
        its events go to that shard."""
        world = self.fake.world
        found = next((g for g in world.guilds.values() if g.name == name), None)
        return GuildView(self, found or world.add_guild(name, shard))

    @asynccontextmanager
    async def run_bot(self, factory: Callable[..., Any], *args: Any, sync_commands: bool = True,
                      idle: Callable[[Any], Awaitable] | None = None,
                      **kwargs: Any) -> AsyncIterator[Any]:
        """Start the real bot built by `factory(*args, **kwargs)`. If it registered no command
        itself, its tree is synced globally so people can use its slash commands. `idle(bot)`,
        if given, waits for the bot's own background work; `settle` then waits for it too."""
        async with running(self.fake.world.token, factory, *args, **kwargs) as bot:
            tree = getattr(bot, "tree", None)
            if sync_commands and tree is not None and not any(self.fake.world.commands.values()):
                await tree.sync()
            hook = (lambda: idle(bot)) if idle else None
            if hook:
                self._idle_hooks.append(hook)
            try:
                yield bot
            finally:
                if hook:
                    self._idle_hooks.remove(hook)

    # ---- what Discord refuses ----------------------------------------------------------------
    def deny(self, channel: ChannelView | int, *perms: str) -> None:
        """Take `perms` (`discord.Permissions` names) from the bot in a text channel; its
        threads follow."""
        self.fake.world.deny(getattr(channel, "id", channel), *perms)

    def allow(self, channel: ChannelView | int, *perms: str) -> None:
        self.fake.world.allow(getattr(channel, "id", channel), *perms)

    def archive(self, thread: ChannelView) -> None:
        """Archive a thread, as Discord's inactivity timer does."""
        self.fake.world.set_thread(thread.record, archived=True)

    def lock(self, thread: ChannelView, locked: bool = True) -> None:
        """Lock or unlock a thread, as a moderator does."""
        self.fake.world.set_thread(thread.record, locked=locked)

    def age_messages(self, seconds: float) -> None:
        """As if `seconds` passed for Discord's cap on edits of hour-old messages."""
        self.fake.world.age_messages(seconds)

    @property
    def old_edit_cap(self) -> int | None:
        """Edits of hour-old messages a channel takes per hour before 30046 (None: no cap)."""
        return self.fake.world.old_edit_cap

    @old_edit_cap.setter
    def old_edit_cap(self, value: int | None) -> None:
        self.fake.world.old_edit_cap = value

    @property
    def nonce_window(self) -> float:
        """Seconds a repeated nonce (with enforce_nonce) returns the first message; 0: never."""
        return self.fake.world.nonce_window

    @nonce_window.setter
    def nonce_window(self, seconds: float) -> None:
        self.fake.world.nonce_window = seconds

    @property
    def old_edit_retry_after(self) -> float:
        """The seconds a 30046 (a 429) tells the bot to wait."""
        return self.fake.world.old_edit_retry_after

    @old_edit_retry_after.setter
    def old_edit_retry_after(self, value: float) -> None:
        self.fake.world.old_edit_retry_after = value

    @property
    def dm_too_fast(self) -> float:
        """The share of the bot's DM openings and DM posts refused with 403 40003."""
        return self.fake.world.dm_too_fast

    @dm_too_fast.setter
    def dm_too_fast(self, value: float) -> None:
        self.fake.world.dm_too_fast = value

    @property
    def thread_cap(self) -> int:
        """Active (unarchived) threads a guild holds before Discord refuses another (160006)."""
        return self.fake.world.thread_cap

    @thread_cap.setter
    def thread_cap(self, value: int) -> None:
        self.fake.world.thread_cap = value

    @property
    def rate_limits(self) -> RateLimits:
        return self.fake.rate_limits

    @property
    def pings(self) -> list[Ping]:
        """Who each message the bot created or edited notified, in order."""
        return self.fake.world.pings

    def pinged(self) -> set[int]:
        """Every user id any message notified (@everyone and roles apart: see `pings`)."""
        return {u for p in self.pings for u in p.users}

    # ---- faults and the gateway ------------------------------------------------------------
    @property
    def faults(self) -> Faults:
        return self.fake.faults

    @property
    def gateway(self) -> Gateway:
        return self.fake.gateway

    # ---- waiting ---------------------------------------------------------------------------
    async def settle(self, quiet: float | None = None, timeout: float | None = None) -> None:
        """Wait until the bots' handlers and idle hooks return, no API call is in flight and
        none began for `quiet` seconds; repeat until a round passes with nothing new."""
        quiet = self.quiet if quiet is None else quiet
        timeout = timeout or self.timeout
        world = self.fake.world
        deadline = time.monotonic() + timeout
        while True:
            before = world.last_activity
            hooks = [handlers_done(), *(hook() for hook in self._idle_hooks)]
            await asyncio.wait_for(asyncio.gather(*hooks), max(0.0, deadline - time.monotonic()))
            while world.busy or time.monotonic() - world.last_activity < quiet:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"the bot kept calling the API for {timeout}s")
                await asyncio.sleep(quiet / 2)
            if world.last_activity == before:
                return

    async def wait_for(self, predicate: Callable[[], Any], timeout: float | None = None,
                       what: str = "a condition") -> Any:
        """Wait until `predicate()` is truthy (re-checked on every change in the fake)."""
        return await self.fake.world.wait_for(predicate, timeout or self.timeout, what)

    # ---- what happened ---------------------------------------------------------------------
    @property
    def calls(self) -> list[Call]:
        return self.fake.calls

    @property
    def unknown_routes(self) -> list[str]:
        return self.fake.unknown_routes

    @property
    def errors(self) -> list[logging.LogRecord]:
        return self._errors.records

    @property
    def interactions(self) -> list[Interaction]:
        return list(self.fake.world.interactions.values())

    def ack_latencies(self) -> list[float]:
        """Seconds from dispatching each interaction to the bot's first callback."""
        return [i.latency for i in self.interactions if i.latency is not None]

    def public_messages(self) -> list[MessageView]:
        """Messages anyone in a guild can read: channels and public threads, no ephemerals."""
        world = self.fake.world
        return [MessageView(self, m) for m in world.messages.values()
                if not m.deleted and m.ephemeral_to is None and m.channel.guild is not None
                and m.channel.type in (TEXT, PUBLIC_THREAD)]
