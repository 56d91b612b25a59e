"""Running a real discord.py client against the fake: pointing the library at it, starting the
bot in this event loop, waiting for READY, and stopping it."""
from __future__ import annotations

import asyncio
import inspect
import time
from contextlib import asynccontextmanager, contextmanager
from typing import Any, AsyncIterator, Callable

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

# Tasks discord.py starts to run a bot's handlers: commands, components, modals, events.
HANDLER_TASKS = ("CommandTree-invoker", "discord-ui-view-dispatch", "discord-ui-dynamic-item",
                 "discord-ui-modal-dispatch", "discord.py: ")

# discord.py waits this long after the last GUILD_CREATE before firing on_ready (2 s by
# default). Against a local fake every guild arrives at once, so a short wait loses nothing.
GUILD_READY_TIMEOUT = 0.05


@contextmanager
def pointed_at(api_url: str, gateway_url: str):
    """Send discord.py's REST calls (webhooks included: they build on Route.BASE) and its
    gateway connection to the fake. Undone on exit."""
    saved = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = api_url, yarl.URL(gateway_url)
    try:
        yield
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved


@asynccontextmanager
async def running(token: str, factory: Callable[..., Any], *args: Any,
                  ready_timeout: float = 10.0, **kwargs: Any) -> AsyncIterator[Any]:
    """Build the client with `factory(*args, **kwargs)` (sync or async), start it, yield it once
    on_ready has fired, close it on exit. A bot that dies re-raises its error here."""
    bot = factory(*args, **kwargs)
    if inspect.isawaitable(bot):
        bot = await bot
    bot._connection.guild_ready_timeout = GUILD_READY_TIMEOUT
    task = asyncio.create_task(bot.start(token), name="loopback-bot")
    try:
        deadline = time.monotonic() + ready_timeout
        while not bot.is_ready():
            if task.done():
                task.result()
                raise RuntimeError("the bot stopped before it was ready")
            if time.monotonic() > deadline:
                raise TimeoutError(f"the bot was not ready after {ready_timeout}s")
            await asyncio.sleep(0.01)
        yield bot
    finally:
        if not bot.is_closed():
            await bot.close()
        await asyncio.wait_for(task, 10)


async def handlers_done() -> None:
    """Wait until no handler task of any bot in this loop is running."""
    me = asyncio.current_task()
    while True:
        busy = [t for t in asyncio.all_tasks() if t is not me and not t.done()
                and t.get_name().startswith(HANDLER_TASKS)]
        if not busy:
            return
        await asyncio.wait(busy)
