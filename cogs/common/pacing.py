"""The bot's own calls to Discord, paced under the token's global rate limit.

Discord lets a bot token make 50 requests a second (answers to interactions apart: discord.py
sends those through its webhook adapter, not through `HTTPClient.request`) and answers more
with 429s; a bot that draws 10,000 of them in ten minutes is shut out of the API for a while.
discord.py waits only once it got a 429, so a thousand busy games drew hundreds a second. The
pacer spaces the calls before they go: a process takes its shards' share of the token's calls,
and a call waits its turn, first come first served. Below the pace nothing waits.

A 429 is not waited out while the caller may hold a game's locks: a wait longer than
`LONGEST_WAIT` raises `discord.RateLimited` (`Client(max_ratelimit_timeout=...)`), and a 429
that names its cause with an error code (30046: too many edits of messages older than an hour,
whose wait Discord does not document) raises `CodedRateLimit` at once instead of being asked
again five times. The delivery tries such a message later, or not at all."""
from __future__ import annotations

import asyncio
import os

import aiohttp
import discord

DISCORD_PER_SECOND = 50    # Discord's global limit for one bot token
STEADY, BURST = 0.8, 0.1   # of a share: the pace, and the calls that may go at once after a lull
LONGEST_WAIT = 30.0        # seconds: discord.py's smallest `max_ratelimit_timeout`


def limit() -> float:
    """API_CALLS_PER_SECOND (set it only when Discord has raised the bot's limit), else
    Discord's own; ValueError if it is not a positive number."""
    value = os.environ.get("API_CALLS_PER_SECOND", "").strip()
    if not value:
        return DISCORD_PER_SECOND
    try:
        number = float(value)
    except ValueError:
        number = 0.0
    if not number > 0:
        raise ValueError(f"API_CALLS_PER_SECOND must be a positive number, not {value!r}")
    return number


class Pacer:
    """A generic cell rate algorithm: `burst` calls at once, then `per_second`, in the order
    they asked. Any one second then holds at most `burst + per_second` calls."""

    def __init__(self, per_second: float, burst: int):
        self.interval = 1 / per_second
        self.tolerance = (max(1, burst) - 1) * self.interval
        self._due = 0.0        # when the next call would go at the steady pace

    def wait(self, now: float) -> float:
        """Seconds the call asking at `now` waits (its turn is taken)."""
        due = max(self._due, now)
        self._due = due + self.interval
        return max(0.0, due - self.tolerance - now)


def share(per_second: float, shard_ids: list[int] | None, shard_count: int | None) -> float:
    """A process's share of the token's calls: its shards of all of them (all when it runs
    every shard)."""
    if shard_ids is None or not shard_count:
        return per_second
    return per_second * len(shard_ids) / shard_count


def pace(http, per_second: float) -> Pacer:
    """Make every call through discord.py's `http` wait its turn under `per_second` calls a
    second (the share of this process)."""
    pacer = Pacer(per_second * STEADY, round(per_second * BURST))
    request = http.request

    async def paced(route, **kwargs):
        wait = pacer.wait(asyncio.get_running_loop().time())
        if wait:
            await asyncio.sleep(wait)
        return await request(route, **kwargs)

    http.request = paced
    return pacer


class CodedRateLimit(discord.RateLimited):
    """A 429 with an error code (`code`): asking again within seconds cannot help."""

    def __init__(self, retry_after: float, code: int):
        super().__init__(retry_after)
        self.code = code


def stop_coded_retries(trace: aiohttp.TraceConfig) -> aiohttp.TraceConfig:
    """Add to discord.py's `http_trace` a look at each 429's body: one with an error code is
    raised as `CodedRateLimit` before discord.py would sleep on it and send it again."""
    async def on_request_end(session, context, params: aiohttp.TraceRequestEndParams) -> None:
        if params.response.status != 429:
            return
        try:
            body = await params.response.json(content_type=None)
        except ValueError:            # not Discord's JSON (a ban page): discord.py reports it
            return
        if isinstance(body, dict) and body.get("code"):
            raise CodedRateLimit(float(body.get("retry_after") or 0.0), int(body["code"]))

    trace.on_request_end.append(on_request_end)
    return trace
