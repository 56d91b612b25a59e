"""Entry point: `python bot.py` runs the bot; `python bot.py simulate GAME ...` plays offline."""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

import discord
from discord.ext import commands

from cogs.common.commands_i18n import CommandText
from cogs.common.delivery import DiscordDelivery
from cogs.common.views import dynamic_items
from hosting.clock import RealClock
from hosting.host import Host
from hosting.store import Store

ROOT = Path(__file__).resolve().parent
DEFAULT_DB = ROOT / "data" / "table.sqlite3"
INITIAL_EXTENSIONS = ("cogs.admin", "cogs.bethlem", "cogs.cultists", "cogs.room25",
                      "cogs.mysterium", "cogs.looper")

SETUP_HELP = """\
DISCORD_TOKEN is not set, so the bot cannot connect.

To run it on your server:
  1. Open https://discord.com/developers/applications and create an application.
  2. Under "Bot", create the bot and copy its token. No privileged intents are needed
     (the bot uses slash commands, buttons and DMs; it never reads message content).
  3. Under "OAuth2 > URL Generator", tick the scopes `bot` and `applications.commands`, and the
     bot permissions: View Channels, Send Messages, Send Messages in Threads,
     Create Public Threads, Manage Threads, Embed Links, Attach Files, Read Message History.
     Open the generated URL to invite the bot.
  4. Copy .env.example to .env and set DISCORD_TOKEN (and DEV_GUILD_ID while developing, so
     commands appear at once in that server), then run `python bot.py` again.

To try a game without Discord, play one offline with AI seats:
  python bot.py simulate bethlem --players 5 --seed 1
  python bot.py simulate room25 --players 4 --mode coop --seed 7 --transcript game.jsonl
"""


@dataclass
class Config:
    token: str | None = None
    db_path: str = str(DEFAULT_DB)
    dev_guild_id: int | None = None
    extensions: tuple[str, ...] = field(default=INITIAL_EXTENSIONS)
    settle_delay: float = 0.2  # changes this close together go out as one batch of messages

    @classmethod
    def from_env(cls) -> "Config":
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        return cls(token=os.environ.get("DISCORD_TOKEN") or None,
                   db_path=os.environ.get("DATABASE_PATH") or str(DEFAULT_DB),
                   dev_guild_id=int(guild) if guild else None)


def amortise_ratelimit_cleanup(http) -> None:
    """discord.py keeps a rate-limit bucket per route and token and, once it holds 256, scans
    them all for stale ones each time it adds one. Every interaction's token is a new bucket,
    so with a thousand busy games that scan took a third of the bot's CPU. Scanning only when
    the count has doubled since the last scan keeps the same cleanup at a constant cost per
    bucket."""
    scan = http._try_clear_expired_ratelimits
    threshold = 256

    def clear_when_doubled() -> None:
        nonlocal threshold
        if len(http._buckets) >= threshold:
            scan()
            threshold = max(256, 2 * len(http._buckets))

    http._try_clear_expired_ratelimits = clear_when_doubled


class TableBot(commands.Bot):
    """The bot: one Host shared by every game cog, one scheduler for every deadline."""

    def __init__(self, config: Config):
        # Interactions arrive whatever the intents; guilds keeps channels and threads cached.
        # Guild messages (their author, not their content) let Mysterium remove a Ghost's posts.
        super().__init__(command_prefix=commands.when_mentioned,
                         intents=discord.Intents(guilds=True, guild_messages=True),
                         help_command=None)
        self.config = config
        self.host: Host | None = None
        self._scheduler: asyncio.Task | None = None
        amortise_ratelimit_cleanup(self.http)

    async def setup_hook(self) -> None:
        store = await Store.open(self.config.db_path)
        delay = self.config.settle_delay
        self.host = Host(store, RealClock(), DiscordDelivery(self, delay), settle_delay=delay)
        self.add_dynamic_items(*dynamic_items())
        await self.tree.set_translator(CommandText())
        for ext in self.config.extensions:
            await self.load_extension(ext)
        if self.config.dev_guild_id:
            guild = discord.Object(self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_ready(self) -> None:
        if self._scheduler is None:
            await self.host.recover()
            self._scheduler = asyncio.create_task(self.host.run_scheduler())

    async def close(self) -> None:
        """Stop timers, let work in flight finish its Discord calls, then close the store."""
        if self._scheduler:
            self._scheduler.cancel()
        if self.host:
            await self.host.idle()
            await self.host.delivery.settled()
            self.host.delivery.close()
            await self.host.store.close()
        await super().close()


def _options(parser: argparse.ArgumentParser, pairs: list[str]) -> dict:
    options = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            parser.error(f"--option wants KEY=VALUE, not {pair!r}")
        try:
            options[key] = json.loads(raw)
        except ValueError:
            options[key] = raw
    return options


def _simulate(argv: list[str]) -> int:
    from hosting.simulate import SimulationArgs, simulate

    parser = argparse.ArgumentParser(prog="bot.py simulate",
                                     description="Play one whole game offline with AI seats.")
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mode")
    parser.add_argument("--absent", type=int, default=0,
                        help="seats that never answer (their defaults apply on timeout)")
    parser.add_argument("--db", help="keep the SQLite file here (needed for --resume)")
    parser.add_argument("--resume", action="store_true",
                        help="continue the unfinished game in --db")
    parser.add_argument("--transcript", help="write every delivered message as JSON lines")
    parser.add_argument("--policy", help="AI policy for every seat (default: the game's best)")
    parser.add_argument("--delay", type=float, default=0.0,
                        help="real seconds to wait after each AI decision, to watch a game")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option (repeatable); VALUE is read as JSON when it can be")
    args = parser.parse_args(argv)
    args.options = _options(parser, args.__dict__.pop("option"))
    if args.resume and not args.db:
        parser.error("--resume needs --db")
    from games.base import IllegalMove
    try:
        result = asyncio.run(simulate(SimulationArgs(**vars(args))))
    except IllegalMove as err:
        parser.error(err.message)
    print(json.dumps(result, sort_keys=True))
    return 0 if result["finished"] else 1


def _cards(argv: list[str]) -> int:
    """`bot.py cards GAME --sheet FILE`: a game's whole card pack on one image."""
    import importlib

    parser = argparse.ArgumentParser(prog="bot.py cards",
                                     description="Render a game's card pack on one image.")
    parser.add_argument("game")
    parser.add_argument("--sheet", required=True, help="PNG file to write")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args(argv)
    importlib.import_module(f"games.{args.game}.sheet").write(args.sheet, args.lang)
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "simulate":
        return _simulate(argv[1:])
    if argv and argv[0] == "cards":
        return _cards(argv[1:])
    from dotenv import load_dotenv

    load_dotenv(ROOT / ".env")
    config = Config.from_env()
    if not config.token:
        print(SETUP_HELP, file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    bot = TableBot(config)
    bot.run(config.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
