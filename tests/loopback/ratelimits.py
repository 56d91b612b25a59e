"""Discord's rate limits, off unless a test or benchmark turns them on (`Loopback(rate_limits=
True)` or `discord.rate_limits.enabled = True`).

Two kinds, as Discord documents them (developers/topics/rate-limits):
- the global limit: 50 requests per second per bot token, interaction callbacks and follow-ups
  (`/interactions/`, `/webhooks/`) exempt. Over it: 429 with `X-RateLimit-Global: true`,
  `X-RateLimit-Scope: global` and the seconds to wait.
- per-route buckets, each counted per top-level resource (channel, guild, webhook): every
  answer carries `X-RateLimit-Limit/-Remaining/-Reset/-Reset-After/-Bucket`; over one: 429
  with `X-RateLimit-Scope: user` and `retry_after`.

Discord says not to hard-code its route limits, and publishes none: `ROUTE_LIMITS` holds the
ones its headers commonly show (requests per window of seconds); routes not listed share
`DEFAULT_LIMIT`. A refused call changes nothing and does not count against a window."""
from __future__ import annotations

import hashlib
import time
from collections import Counter
from dataclasses import dataclass, field

from aiohttp import web

from .rest import respond

GLOBAL_PER_SECOND = 50
EXEMPT = ("/interactions/", "/webhooks/")
ROUTE_LIMITS: dict[str, tuple[int, float]] = {
    "POST /channels/{channel_id}/messages": (5, 5.0),
    "PATCH /channels/{channel_id}/messages/{message_id}": (5, 5.0),
    "DELETE /channels/{channel_id}/messages/{message_id}": (5, 1.0),
    "PATCH /channels/{channel_id}": (5, 5.0),
    "POST /channels/{channel_id}/messages/{message_id}/threads": (5, 5.0),
    "POST /channels/{channel_id}/threads": (5, 5.0),
    "PUT /channels/{channel_id}/thread-members/{user_id}": (5, 5.0),
}
DEFAULT_LIMIT = (50, 1.0)
TOP_LEVEL = ("channel_id", "guild_id", "webhook_id", "webhook_token")


@dataclass
class Window:
    limit: int
    seconds: float
    start: float = 0.0
    used: int = 0

    def roll(self, now: float) -> None:
        if now - self.start >= self.seconds:
            self.start, self.used = now, 0

    def reset_after(self, now: float) -> float:
        return max(0.0, self.start + self.seconds - now)


@dataclass
class RateLimits:
    enabled: bool = False
    global_per_second: int = GLOBAL_PER_SECOND
    limits: dict[str, tuple[int, float]] = field(default_factory=lambda: dict(ROUTE_LIMITS))
    refused: Counter = field(default_factory=Counter)   # "global" / route -> 429s answered
    _global: dict[str, Window] = field(default_factory=dict)
    _buckets: dict[tuple, Window] = field(default_factory=dict)

    def check(self, token: str | None, key: str, match: dict) -> tuple[web.Response | None, dict]:
        """(a 429 to answer instead, or None; the headers for the answer)."""
        if not self.enabled:
            return None, {}
        now = time.monotonic()
        if not key.split(" ", 1)[1].startswith(EXEMPT):
            window = self._global.setdefault(token or "", Window(self.global_per_second, 1.0))
            window.roll(now)
            if window.used >= window.limit:
                self.refused["global"] += 1
                return _too_many(window.reset_after(now), scope="global"), {}
            window.used += 1
        limit, seconds = self.limits.get(key, DEFAULT_LIMIT)
        bucket_id = hashlib.sha1(key.encode()).hexdigest()[:16]
        resource = tuple(match.get(k) for k in TOP_LEVEL)
        bucket = self._buckets.setdefault((token, key, resource), Window(limit, seconds))
        bucket.roll(now)
        after = bucket.reset_after(now)
        headers = {"X-RateLimit-Limit": str(limit), "X-RateLimit-Bucket": bucket_id,
                   "X-RateLimit-Reset-After": f"{after:.3f}",
                   "X-RateLimit-Reset": f"{time.time() + after:.3f}"}
        if bucket.used >= limit:
            self.refused[key] += 1
            if not key.split(" ", 1)[1].startswith(EXEMPT):
                self._global[token or ""].used -= 1      # a refused call is not counted
            return _too_many(after, scope="user", headers={**headers,
                                                           "X-RateLimit-Remaining": "0"}), {}
        bucket.used += 1
        headers["X-RateLimit-Remaining"] = str(limit - bucket.used)
        return None, headers


def _too_many(retry_after: float, *, scope: str, headers: dict | None = None) -> web.Response:
    is_global = scope == "global"
    out = {**(headers or {}), "Retry-After": f"{retry_after:.3f}", "Via": "1.1 google",
           "X-RateLimit-Scope": scope}
    if is_global:
        out["X-RateLimit-Global"] = "true"
    return respond({"message": "You are being rate limited.", "retry_after": retry_after,
                    "global": is_global}, 429, out)
