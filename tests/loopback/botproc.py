"""`python -m tests.loopback.botproc API_URL GATEWAY_URL DB`: the table bot (toy game included)
in a process of its own, pointed at a loopback fake running elsewhere. The load benchmark uses
it so that the bot's memory and CPU are measured apart from the fake's and the players'; the
multi-process tests run several on one PostgreSQL database, each on its own shards
(`--shards 1 --shard-count 3`). SIGTERM closes the bot cleanly.

`--send-delay S` makes every message the bot posts wait S seconds first (a slow link to
Discord), so that a test can find it in the middle of a delivery. `--profile FILE` keeps the
run's cProfile statistics (`bench_load.py --profile` prints them)."""
from __future__ import annotations

import argparse
import asyncio
import cProfile
import logging
import signal

from bot import fast_event_loop
from cogs.common import shards

from .bots import GUILD_READY_TIMEOUT, pointed_at
from .table import make_bot


def slow_posts(bot, delay: float) -> None:
    request = bot.http.request

    async def later(route, **kwargs):
        if route.method == "POST" and route.path == "/channels/{channel_id}/messages":
            await asyncio.sleep(delay)
        return await request(route, **kwargs)

    bot.http.request = later


async def main(args: argparse.Namespace) -> None:
    with pointed_at(args.api, args.gateway):
        bot = make_bot(args.db, shard_ids=shards.parse_ids(args.shards) if args.shards else None,
                       shard_count=args.shard_count, lease=args.lease,
                       api_per_second=args.api_per_second)
        bot._connection.guild_ready_timeout = GUILD_READY_TIMEOUT
        if args.send_delay:
            slow_posts(bot, args.send_delay)
        stop = lambda: asyncio.ensure_future(bot.close())  # noqa: E731
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop)
        await bot.start(args.token)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("api")
    parser.add_argument("gateway")
    parser.add_argument("db")
    parser.add_argument("--token", default="loopback-token")
    parser.add_argument("--shards")
    parser.add_argument("--shard-count", type=int)
    parser.add_argument("--lease", type=float, default=30.0)
    parser.add_argument("--send-delay", type=float, default=0.0)
    parser.add_argument("--api-per-second", type=float, default=50.0,
                        help="the token's global limit, which the bot paces its calls under")
    parser.add_argument("--log", default="WARNING", help="level of the bot's own log lines")
    parser.add_argument("--profile", help="write the run's cProfile statistics to this file")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, format=shards.LOG_FORMAT)
    for handler in logging.getLogger().handlers:
        handler.addFilter(shards.WhereLogged())
    for name in ("bot", "hosting", "cogs"):
        logging.getLogger(name).setLevel(args.log)
    fast_event_loop(args.db)    # the event loop the bot runs on
    if args.profile:
        cProfile.run("asyncio.run(main(args))", args.profile)
    else:
        asyncio.run(main(args))
