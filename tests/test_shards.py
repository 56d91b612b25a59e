"""Choosing the shards a process runs (`--shards`, `--shard-count`, SHARD_IDS, SHARD_COUNT),
Discord's shard formula, and log lines naming the process and the shard."""
from __future__ import annotations

import logging
import os

import pytest

import bot
from cogs.common import shards


def test_shard_ids_are_read_as_written():
    assert shards.parse_ids("0-3") == [0, 1, 2, 3]
    assert shards.parse_ids("5, 0,2-3") == [0, 2, 3, 5]
    for bad in ("", "a", "1-", "-2", "0;1", "3-1"):
        with pytest.raises(ValueError):
            shards.parse_ids(bad)


def test_a_server_has_one_shard_and_dms_are_shard_zeros():
    guild = (1234 << 22) | 77
    assert shards.shard_of(guild, 8) == 1234 % 8
    assert shards.shard_of(None, 8) == 0 and shards.shard_of(guild, None) == 0


@pytest.mark.parametrize("argv, said", [
    (["--shards", "0-3"], "shard ids need the shard count too"),
    (["--shards", "2-4", "--shard-count", "4"], "shard 4 is not below the shard count 4"),
    (["--shards", "x", "--shard-count", "4"], "is not a list of shard ids"),
])
def test_a_bad_shard_choice_is_one_line_and_status_2(argv, said, capsys, monkeypatch):
    monkeypatch.delenv("SHARD_IDS", raising=False)
    monkeypatch.delenv("SHARD_COUNT", raising=False)
    assert bot.main(argv) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1


def test_the_command_line_wins_over_the_environment(monkeypatch):
    monkeypatch.setenv("SHARD_IDS", "1")
    monkeypatch.setenv("SHARD_COUNT", "2")
    config = bot.Config.from_env()
    assert (config.shard_ids, config.shard_count) == ([1], 2)
    config = bot.Config.from_env("4-5", 8)
    assert (config.shard_ids, config.shard_count) == ([4, 5], 8)
    monkeypatch.delenv("SHARD_IDS")
    monkeypatch.delenv("SHARD_COUNT")
    config = bot.Config.from_env()
    assert (config.shard_ids, config.shard_count) == (None, None)   # Discord's count


def test_log_lines_name_the_process_and_the_shard(monkeypatch):
    monkeypatch.setenv("PROCESS_NAME", "east")
    where = shards.WhereLogged()
    record = logging.LogRecord("hosting.host", logging.INFO, __file__, 1, "game %s", (3,), None)
    token = shards.SHARD.set(5)
    try:
        where.filter(record)
    finally:
        shards.SHARD.reset(token)
    line = logging.Formatter(shards.LOG_FORMAT).format(record)
    assert f"[east/{os.getpid()} shard 5] hosting.host: game 3" in line


async def test_an_interactions_handlers_know_its_shard_and_that_a_person_waits():
    """The handlers discord.py starts while parsing an interaction run as a person's work
    (the store lets them in first) on the interaction's shard; the parser's own context
    keeps neither."""
    import asyncio
    from types import SimpleNamespace

    from hosting.turns import PERSON

    seen, handlers = [], []

    async def handler() -> None:
        seen.append((PERSON.get(), shards.SHARD.get()))

    fake = SimpleNamespace(shard_count=4, _connection=SimpleNamespace(parsers={
        "INTERACTION_CREATE": lambda data: handlers.append(asyncio.create_task(handler()))}))
    shards.tag_interactions(fake)
    guild = 3 << 22                       # shard 3 of 4 by Discord's formula
    fake._connection.parsers["INTERACTION_CREATE"]({"guild_id": str(guild)})
    await asyncio.gather(*handlers)
    assert seen == [(True, 3)]
    assert (PERSON.get(), shards.SHARD.get()) == (False, None)
