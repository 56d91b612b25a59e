"""What a host can scrape (Prometheus): the hooks the bot and the host call, in one place.

Served on `METRICS_PORT` (nothing is served when it is unset). The counters and histograms
are this process's; the two gauges read the database, so every process sharing it reports the
same games live and outbox backlog (take their maximum, not their sum).

- `table_games_live`: games running or paused; `table_outbox_backlog`: events committed and
  not yet delivered (both refreshed every `REFRESH` seconds by `watch`).
- `table_decisions_total{source}`: decisions committed (player, ai, timeout); its rate is the
  decisions per second.
- `table_decide_seconds`: `Host.decide`, from a person's answer reaching the host to its commit.
- `table_ack_seconds`: from Discord creating an interaction (its id's timestamp) to the bot's
  first answer to it coming back, as Discord's 3 s budget counts it.
- `table_discord_requests_total{status}` and `table_discord_rate_limited_total{scope}`: every
  REST request discord.py made (its retries included) and the 429s among them.
- `table_ready`: 1 once this process, started, takes clicks and runs the deadlines (recovery's
  deliveries and refreshes go on in the background); the container's health check asks for it
  (`python -m hosting.metrics check`).
"""
from __future__ import annotations

import asyncio
import logging
import os
import sys
import time
import urllib.request

import aiohttp
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server

log = logging.getLogger(__name__)

REFRESH = 15.0           # seconds between two readings of the gauges from the database
DISCORD_EPOCH = 1_420_070_400_000   # ms; a snowflake's top bits are ms since then
LATENCY = (.005, .01, .025, .05, .1, .25, .5, 1.0, 2.0, 3.0, 5.0, 10.0)

REGISTRY = CollectorRegistry()
GAMES_LIVE = Gauge("table_games_live", "Games running or paused in the database",
                   registry=REGISTRY)
OUTBOX_BACKLOG = Gauge("table_outbox_backlog", "Events committed and not yet delivered",
                       registry=REGISTRY)
DECISIONS = Counter("table_decisions", "Decisions committed, by who made them", ["source"],
                    registry=REGISTRY)
DECIDE_SECONDS = Histogram("table_decide_seconds", "From an answer reaching the host to its "
                           "commit", buckets=LATENCY, registry=REGISTRY)
ACK_SECONDS = Histogram("table_ack_seconds", "From Discord creating an interaction to the "
                        "bot's first answer to it", buckets=LATENCY, registry=REGISTRY)
REQUESTS = Counter("table_discord_requests", "Discord REST requests, by response status",
                   ["status"], registry=REGISTRY)
RATE_LIMITED = Counter("table_discord_rate_limited", "Discord REST requests answered 429, by "
                       "the limit's scope", ["scope"], registry=REGISTRY)
READY = Gauge("table_ready", "1 once this process takes clicks and runs the deadlines",
              registry=REGISTRY)


def port() -> int | None:
    """METRICS_PORT, or None when metrics are off; ValueError if it is not a port."""
    value = os.environ.get("METRICS_PORT", "").strip()
    if not value:
        return None
    if not value.isdigit() or not 0 < int(value) < 65536:
        raise ValueError(f"METRICS_PORT must be a port number (1-65535), not {value!r}")
    return int(value)


def serve(on_port: int, addr: str = "0.0.0.0"):
    """Serve the registry over HTTP on a thread of its own; returns (server, thread)."""
    return start_http_server(on_port, addr=addr, registry=REGISTRY)


def decided(source: str) -> None:
    DECISIONS.labels(source).inc()


async def refresh(store) -> None:
    live, backlog = await store.counts()
    GAMES_LIVE.set(live)
    OUTBOX_BACKLOG.set(backlog)


async def watch(store, every: float = REFRESH) -> None:
    """Keep the database gauges current (a task for the bot's lifetime)."""
    while True:
        try:
            await refresh(store)
        except Exception:   # a busy or unreachable database shows in the bot's own errors
            log.warning("could not read the metrics' counts", exc_info=True)
        await asyncio.sleep(every)


def http_trace() -> aiohttp.TraceConfig:
    """For discord.py's `http_trace`: count every REST response, the 429s by scope, and time
    each interaction's first answer (its callback) from the interaction's creation."""
    async def on_request_end(session, context, params: aiohttp.TraceRequestEndParams) -> None:
        parts = params.url.path.split("/")
        if "api" not in parts:        # the gateway's websocket shares the session
            return
        status = params.response.status
        REQUESTS.labels(str(status)).inc()
        if status == 429:
            RATE_LIMITED.labels(params.response.headers.get("X-RateLimit-Scope", "user")).inc()
        if len(parts) >= 4 and parts[-1] == "callback" and parts[-4] == "interactions":
            ACK_SECONDS.observe(max(0.0, time.time() - created_at(int(parts[-3]))))

    trace = aiohttp.TraceConfig()
    trace.on_request_end.append(on_request_end)
    return trace


def created_at(snowflake: int) -> float:
    """When Discord made the thing with this id, in Unix seconds."""
    return ((snowflake >> 22) + DISCORD_EPOCH) / 1000


def check(on_port: int | None = None, timeout: float = 3.0) -> int:
    """The health check: 0 if this machine's bot serves `table_ready 1`, else 1 with a line."""
    try:
        on_port = on_port if on_port is not None else port()
    except ValueError as err:
        print(err, file=sys.stderr)
        return 1
    if on_port is None:
        print("METRICS_PORT is not set: nothing to ask", file=sys.stderr)
        return 1
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{on_port}/metrics", timeout=timeout) as r:
            text = r.read().decode()
    except OSError as err:
        print(f"no metrics on port {on_port}: {err}", file=sys.stderr)
        return 1
    if "\ntable_ready 1.0\n" not in f"\n{text}":
        print("the bot is not ready (still recovering its games, or stopped)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    if sys.argv[1:] != ["check"]:
        sys.exit("usage: python -m hosting.metrics check")
    sys.exit(check())
