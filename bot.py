"""Entry point: `python bot.py` runs the bot; `python bot.py simulate GAME ...` plays offline."""
from __future__ import annotations

import asyncio
import functools
import gc
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import pacing, shards, threads
from cogs.common.commands_i18n import CommandText
from cogs.common.delivery import NEWS_EVERY, DiscordDelivery
from cogs.common.views import dynamic_items
from hosting import cli, metrics
from hosting.clock import RealClock
from hosting.host import Host
from hosting.store import StoreError
from hosting.store_pg import is_postgres
from hosting.stores import DEFAULT_SQLITE, database_target, open_store, verify_store

ROOT = Path(__file__).resolve().parent
# Seconds the event loop's thread may keep the interpreter before SQLite's thread gets it back
# (Python's default is 5 ms): every statement comes back from that thread, so under load a
# click's commit would wait that long for each of its statements.
SWITCH_INTERVAL = 0.0005
# The cycle collector's thresholds (Python's are 700, 10, 10). Its full pass stops the event
# loop for as long as it takes to look at every object, 100-170 ms with a thousand games in
# play, and every click waiting meanwhile waits that long: it runs far less often with these,
# and never looks again at what the bot loaded to start (`gc.freeze`).
COLLECTOR_THRESHOLDS = (10_000, 20, 50)
log = logging.getLogger("bot")
INITIAL_EXTENSIONS = ("cogs.admin", "cogs.history", "cogs.bethlem", "cogs.cultists",
                      "cogs.room25", "cogs.mysterium", "cogs.looper")

SETUP_HELP = """\
DISCORD_TOKEN is not set, so the bot cannot connect.

To run it on your server:
  1. Open https://discord.com/developers/applications and create an application.
  2. Under "Bot", create the bot and copy its token. No privileged intents are needed
     (the bot uses slash commands, buttons and DMs; it never reads message content).
  3. Under "OAuth2 > URL Generator", tick the scopes `bot` and `applications.commands`, and the
     bot permissions: View Channels, Send Messages, Send Messages in Threads,
     Create Public Threads, Manage Threads, Embed Links, Attach Files, Read Message History,
     Pin Messages (to pin each table's status and Tragedy Looper's sheet), and Manage Messages
     (to remove posts where the rules want silence). Open the generated URL to invite the bot, then run
     `python bot.py doctor --channel ID --user ID` to check a channel.
  4. Copy .env.example to .env and set DISCORD_TOKEN (and DEV_GUILD_ID while developing, so
     commands appear at once in that server), then run `python bot.py` again.

To try a game without Discord, play one offline with AI seats:
  python bot.py simulate bethlem --players 5 --seed 1
  python bot.py simulate room25 --players 4 --mode coop --seed 7 --transcript /tmp/room25.jsonl
  python bot.py simulate --help
"""


@dataclass
class Config:
    token: str | None = None
    db_path: str = str(DEFAULT_SQLITE)   # an SQLite file, or a postgresql:// URL
    dev_guild_id: int | None = None
    extensions: tuple[str, ...] = field(default=INITIAL_EXTENSIONS)
    settle_delay: float = 0.2  # changes this close together go out as one batch of messages
    retry_base: float = 2.0    # seconds before a post Discord refused is tried again (doubling)
    news_every: float = NEWS_EVERY   # seconds at least between edits of one phase post
    shard_ids: list[int] | None = None   # the shards this process runs (None: all of them)
    shard_count: int | None = None       # None: the count Discord recommends
    lease: float = 30.0        # seconds a claimed delivery or deadline is held (shared store)
    metrics_port: int | None = None   # serve Prometheus metrics here (METRICS_PORT)
    # The token's global limit (API_CALLS_PER_SECOND): Discord raises it for large bots.
    api_per_second: float = pacing.DISCORD_PER_SECOND

    @classmethod
    def from_env(cls, shard_ids: str | None = None, shard_count: int | None = None) -> "Config":
        """From the environment (.env); `shard_ids`, `shard_count` from the command line
        win over SHARD_IDS, SHARD_COUNT. ValueError names a bad shard setting."""
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        ids = shard_ids or os.environ.get("SHARD_IDS", "").strip()
        count = shard_count or os.environ.get("SHARD_COUNT", "").strip()
        if isinstance(count, str) and count and not count.isdigit():
            raise ValueError(f"SHARD_COUNT {count!r} is not a number")
        config = cls(token=os.environ.get("DISCORD_TOKEN") or None,
                     db_path=database_target(),
                     dev_guild_id=int(guild) if guild else None,
                     shard_ids=shards.parse_ids(ids) if ids else None,
                     shard_count=int(count) if count else None,
                     metrics_port=metrics.port(),
                     api_per_second=pacing.limit())
        shards.check(config.shard_ids, config.shard_count)
        return config


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


def skip_unread_events(bot) -> None:
    """Every message the bot sends or edits comes back to it on the gateway (the guild
    messages intent is there for Mysterium, which reads other people's posts). discord.py
    builds a Message for each and, for an edit, searches its message cache: with a thousand
    games that was a tenth of the bot's CPU for events nothing here reads. The bot's own new
    messages and edits are dropped unread (people's are read: a post edited where silence is
    the rule is removed like a new one); the cache is off (`max_messages=None`)."""
    parsers = bot._connection.parsers

    def others_only(parse):
        def parse_others(data: dict) -> None:
            if data.get("author", {}).get("id") not in (None, str(bot._connection.self_id)):
                parse(data)
        return parse_others

    parsers["MESSAGE_CREATE"] = others_only(parsers["MESSAGE_CREATE"])
    parsers["MESSAGE_UPDATE"] = others_only(parsers["MESSAGE_UPDATE"])


def fast_event_loop(db_path: str) -> None:
    """With PostgreSQL, uvloop's event loop, where it is installed (it is not on Windows): its
    sockets and callbacks cost a fraction of asyncio's, and a click waits on several trips
    through the loop to the database. SQLite's answers come from a thread, and there asyncio's
    loop did better (README, "Measures")."""
    if is_postgres(db_path):
        use_uvloop()


def use_uvloop() -> None:
    """uvloop's event loop for this process's `asyncio.run`, if it is installed."""
    try:
        import uvloop
    except ImportError:
        return
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())


@functools.cache
def _settle_collector() -> None:
    """Once a process, with the bot loaded: what is alive now stays (`COLLECTOR_THRESHOLDS`)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


class TableBot(commands.AutoShardedBot):
    """The bot: one Host shared by every game cog, one scheduler for every deadline. It runs
    the shards `config.shard_ids` of `config.shard_count` (all of Discord's recommended count
    by default); with a PostgreSQL store other processes may run the other shards."""

    def __init__(self, config: Config):
        # Interactions arrive whatever the intents; guilds keeps channels and threads cached.
        # Guild messages (their author, not their content) let the bot remove posts made where the
        # rules want silence: a quiet phase, Mysterium's Ghost.
        # Every command is for servers the bot is in: installed with the bot to a server and
        # offered in its channels only. A command synced without these takes the application's
        # own install settings, where User Install (on by default) would offer it anywhere.
        super().__init__(command_prefix=commands.when_mentioned,
                         allowed_installs=app_commands.AppInstallationType(guild=True,
                                                                           user=False),
                         allowed_contexts=app_commands.AppCommandContext(
                             guild=True, dm_channel=False, private_channel=False),
                         intents=discord.Intents(guilds=True, guild_messages=True),
                         help_command=None, shard_ids=config.shard_ids,
                         shard_count=config.shard_count,
                         allowed_mentions=discord.AllowedMentions.none(),  # pings: per message
                         max_messages=None,
                         http_trace=pacing.stop_coded_retries(metrics.http_trace()),
                         max_ratelimit_timeout=pacing.LONGEST_WAIT)
        self.config = config
        self.host: Host | None = None
        self._scheduler: asyncio.Task | None = None
        self._metrics: asyncio.Task | None = None
        self._watcher: asyncio.Task | None = None   # the background slots follow the load
        amortise_ratelimit_cleanup(self.http)
        skip_unread_events(self)
        self.add_listener(self.police, "on_message")
        self.add_listener(self.police_edit, "on_raw_message_edit")
        pacing.pace(self.http, pacing.share(config.api_per_second, config.shard_ids,
                                            config.shard_count))
        shards.tag_interactions(self)

    async def police(self, message: discord.Message) -> None:
        """A person's post in a game's thread where the rules want silence (`threads.police`)."""
        await threads.police(self, message)

    async def police_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        """A post edited there is judged as if it were new: an old post is no way around it."""
        await threads.police(self, payload.message)

    async def setup_hook(self) -> None:
        sys.setswitchinterval(SWITCH_INTERVAL)
        store = await open_store(self.config.db_path)
        delay = self.config.settle_delay
        delivery = DiscordDelivery(self, delay, retry_base=self.config.retry_base,
                                   news_every=self.config.news_every)
        self.host = Host(store, RealClock(), delivery, settle_delay=delay,
                         lease=self.config.lease)
        if self.config.metrics_port is not None:
            metrics.serve(self.config.metrics_port)
            self._metrics = asyncio.create_task(metrics.watch(store))
        self.add_dynamic_items(*dynamic_items())
        await self.tree.set_translator(CommandText())
        for ext in self.config.extensions:
            await self.load_extension(ext)
        _settle_collector()
        if self.config.dev_guild_id:
            guild = discord.Object(self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_ready(self) -> None:
        if self._scheduler is None:
            log.info("ready on shards %s of %s", sorted(self.shards), self.shard_count)
            await self.host.recover()
            await threads.lift_stale(self.host, self.host.delivery)
            self._scheduler = asyncio.create_task(self.host.run_scheduler())
            self._watcher = asyncio.create_task(self.host.slots.watch())
            metrics.READY.set(1)

    async def close(self) -> None:
        """Stop timers, let work in flight finish its Discord calls, then close the store."""
        metrics.READY.set(0)
        for task in (self._scheduler, self._metrics, self._watcher):
            if task:
                task.cancel()
        if self.host:
            await self.host.idle()
            await self.host.delivery.settled()
            self.host.delivery.close()
            await self.host.store.close()
        await super().close()


def main(argv: list[str] | None = None) -> int:
    return cli.main(argv, run_bot=run, run_doctor=run_doctor)


def configured(shard_ids: str | None = None, shard_count: int | None = None) -> Config | None:
    """The configuration `.env` and the environment give, or None once what is wrong with it
    (or the steps to get a token) is printed."""
    from dotenv import load_dotenv

    load_dotenv(ROOT / ".env")
    try:
        config = Config.from_env(shard_ids, shard_count)
    except ValueError as err:
        print(f"bot.py: {err}", file=sys.stderr)
        return None
    if not config.token:
        print(SETUP_HELP, file=sys.stderr)
        return None
    return config


def run_doctor(channel_id: int, user_id: int | None) -> int:
    """`python bot.py doctor --channel ID [--user ID]`: check a channel on Discord."""
    from cogs.common import doctor

    if (config := configured()) is None:
        return 2
    return asyncio.run(doctor.diagnose(config.token, channel_id, user_id, config.dev_guild_id))


def run(shard_ids: str | None = None, shard_count: int | None = None) -> int:
    """`python bot.py [--shards 0-3 --shard-count 8]`: check the configuration and the
    database, then connect."""
    if (config := configured(shard_ids, shard_count)) is None:
        return 2
    try:   # a damaged, read-only or locked database stops the bot here, not at the first click
        asyncio.run(verify_store(config.db_path))
    except StoreError as err:
        print(f"The database cannot be used: {err}", file=sys.stderr)
        return 1
    logging.basicConfig(level=logging.INFO, format=shards.LOG_FORMAT)
    for handler in logging.getLogger().handlers:
        handler.addFilter(shards.WhereLogged())
    bot = TableBot(config)
    fast_event_loop(str(config.db_path))
    bot.run(config.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
