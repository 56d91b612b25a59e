"""Which of Discord's shards this process runs, and which process and shard a log line is
about.

Discord sends a server's events on shard `(guild_id >> 22) % shard_count` and every DM, and
every click on a DM's buttons, on shard 0. Several processes may share one PostgreSQL store,
each running some shards (`--shards 0-3 --shard-count 8`); any of them answers any game.
"""
from __future__ import annotations

import logging
import re
from contextvars import ContextVar

from hosting.host import process_name
from hosting.turns import PERSON

# The shard whose event the current task serves (tasks started meanwhile inherit it).
SHARD: ContextVar[int | None] = ContextVar("shard", default=None)
LOG_FORMAT = "%(asctime)s %(levelname)s [%(process_name)s shard %(shard)s] %(name)s: %(message)s"


def parse_ids(text: str) -> list[int]:
    """Shard ids as written on a command line or in .env: `0-3`, `0,2,5`, `0-1,4`."""
    ids: set[int] = set()
    for part in text.replace(" ", "").split(","):
        found = re.fullmatch(r"(\d+)(?:-(\d+))?", part)
        if not found or int(found[2] or found[1]) < int(found[1]):
            raise ValueError(f"{text!r} is not a list of shard ids such as 0-3 or 0,2,5")
        ids.update(range(int(found[1]), int(found[2] or found[1]) + 1))
    return sorted(ids)


def check(ids: list[int] | None, count: int | None) -> None:
    """Shard ids need their count, and each must be below it."""
    if ids is not None and count is None:
        raise ValueError("shard ids need the shard count too (--shard-count, SHARD_COUNT)")
    if count is not None and count < 1:
        raise ValueError("the shard count must be at least 1")
    if ids is not None and max(ids) >= count:
        raise ValueError(f"shard {max(ids)} is not below the shard count {count}")


def shard_of(guild_id: int | None, count: int | None) -> int:
    """The shard Discord uses for a server's events; DMs are shard 0's."""
    return 0 if guild_id is None or not count else (guild_id >> 22) % count


class WhereLogged(logging.Filter):
    """Adds `process_name` (name/pid) and `shard` to every record, for LOG_FORMAT."""

    def __init__(self):
        super().__init__()
        self.name_ = process_name()

    def filter(self, record: logging.LogRecord) -> bool:
        record.process_name = self.name_
        shard = SHARD.get()
        record.shard = "-" if shard is None else shard
        return True


def tag_interactions(bot) -> None:
    """Each interaction's handlers (and the work they start) know the shard it came on, and
    that a person waits for them."""
    parsers = bot._connection.parsers
    parse = parsers["INTERACTION_CREATE"]

    def parse_on_its_shard(data: dict) -> None:
        guild = data.get("guild_id")
        token = SHARD.set(shard_of(int(guild) if guild else None, bot.shard_count))
        waiting = PERSON.set(True)    # somebody waits for the answer: the store lets it first
        try:
            parse(data)
        finally:
            PERSON.reset(waiting)
            SHARD.reset(token)

    parsers["INTERACTION_CREATE"] = parse_on_its_shard
