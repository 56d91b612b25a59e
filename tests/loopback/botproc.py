"""`python -m tests.loopback.botproc API_URL GATEWAY_URL DB`: the table bot (toy game included)
in a process of its own, pointed at a loopback fake running elsewhere. The load benchmark uses
it so that the bot's memory and CPU are measured apart from the fake's and the players'.
SIGTERM closes the bot cleanly."""
from __future__ import annotations

import argparse
import asyncio
import logging
import signal

from .bots import GUILD_READY_TIMEOUT, pointed_at
from .table import make_bot


async def main(api: str, gateway: str, db: str, token: str) -> None:
    with pointed_at(api, gateway):
        bot = make_bot(db)
        bot._connection.guild_ready_timeout = GUILD_READY_TIMEOUT
        stop = lambda: asyncio.ensure_future(bot.close())  # noqa: E731
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop)
        await bot.start(token)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("api")
    parser.add_argument("gateway")
    parser.add_argument("db")
    parser.add_argument("--token", default="loopback-token")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    asyncio.run(main(args.api, args.gateway, args.db, args.token))
