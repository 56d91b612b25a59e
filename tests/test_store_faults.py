"""Storage faults: a damaged database stops the bot at once with one line and status 1; a
read-only, locked or full database refuses a person's move privately ("could not save"),
keeps nothing of it and says in the log what failed."""
from __future__ import annotations

import logging
import os
import resource
import signal
import sqlite3
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from hosting.clock import FakeClock
from hosting.host import Host
from hosting.store import Store, StoreError
from tests.test_host import ALICE, four_people, refusal

ROOT = Path(__file__).resolve().parents[1]


def run_bot(db: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "DISCORD_TOKEN": "not-a-real-token", "DATABASE_PATH": db}
    return subprocess.run([sys.executable, "bot.py"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)


async def a_real_database(path: Path) -> None:
    store = await Store.open(path)
    host = Host(store, FakeClock(), background=False)
    for _ in range(40):
        table = await four_people(host)
        await host.start(table.id, ALICE)
    async with store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)"):
        pass
    await store.close()


async def test_a_damaged_database_stops_the_bot_with_one_line(tmp_path):
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"not a database at all " * 400)
    truncated = tmp_path / "truncated.sqlite3"
    await a_real_database(truncated)
    data = truncated.read_bytes()
    truncated.write_bytes(data[: len(data) // 3])
    for path in (garbage, truncated):
        done = run_bot(str(path))
        assert done.returncode == 1, done.stderr
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("The database cannot be used:")
        assert "Traceback" not in done.stderr
    with pytest.raises(StoreError):
        await Store.open(garbage)


async def test_a_read_only_or_locked_database_is_refused_at_start(tmp_path):
    path = tmp_path / "t.sqlite3"
    await a_real_database(path)
    done = run_bot(f"file:{path}?mode=ro")
    assert done.returncode == 1 and "readonly" in done.stderr
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        done = run_bot(str(path))
        assert done.returncode == 1 and "locked" in done.stderr
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    await Store.verify(path)   # free again: accepted


async def started(tmp_path, **open_kw):
    store = await Store.open(tmp_path / "t.sqlite3", **open_kw)
    host = Host(store, FakeClock(), background=False)
    table = await four_people(host)
    await host.start(table.id, ALICE)
    wolf = table.state["wolf"]
    kill = host.pending_for(table, wolf)[0]
    return host, table, table.seats[wolf].user_id, kill


async def refused_and_kept_nothing(host, table, user, kill, caplog, says):
    before = (table.version, table.state)
    assert await refusal(host.decide(table.id, user, kill.id, kill.options[0].id)) == "save_failed"
    assert (table.version, table.state) == before
    [line] = [r.getMessage() for r in caplog.records if "could not save" in r.getMessage()]
    assert f"game {table.id}" in line and says in line
    caplog.clear()


async def test_a_read_only_database_refuses_the_move_privately(tmp_path, caplog):
    host, table, user, kill = await started(tmp_path)
    caplog.set_level(logging.ERROR)
    await host.store.db.execute("PRAGMA query_only = ON")
    await refused_and_kept_nothing(host, table, user, kill, caplog, "readonly")
    await host.store.db.execute("PRAGMA query_only = OFF")
    await host.decide(table.id, user, kill.id, kill.options[0].id)   # trying again works
    assert await host.store.decision_count(table.id) == 1
    await host.store.close()


async def test_a_locked_database_refuses_the_move_privately(tmp_path, caplog):
    host, table, user, kill = await started(tmp_path, busy_timeout=0.05)
    caplog.set_level(logging.ERROR)
    holder = sqlite3.connect(tmp_path / "t.sqlite3", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        await refused_and_kept_nothing(host, table, user, kill, caplog, "locked")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    await host.decide(table.id, user, kill.id, kill.options[0].id)
    assert await host.store.decision_count(table.id) == 1
    await host.store.close()


@contextmanager
def disk_full_after(extra_bytes: int):
    """No file may grow past `extra_bytes`, as on a full disk: the write-ahead log's next
    frame is cut short (SQLite reports a disk I/O error rather than ENOSPC's "disk is full";
    the store handles both alike)."""
    old_limit = resource.getrlimit(resource.RLIMIT_FSIZE)
    old_signal = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (extra_bytes, old_limit[1]))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, old_limit)
        signal.signal(signal.SIGXFSZ, old_signal)


async def test_a_full_disk_refuses_the_move_privately(tmp_path, caplog):
    host, table, user, kill = await started(tmp_path)
    caplog.set_level(logging.ERROR)
    async with host.store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)"):
        pass   # the next commit writes the log file from its start
    with disk_full_after(100):
        await refused_and_kept_nothing(host, table, user, kill, caplog, "disk I/O error")
    await host.decide(table.id, user, kill.id, kill.options[0].id)
    assert await host.store.decision_count(table.id) == 1
    await host.store.close()


async def test_a_resume_that_cannot_be_saved_leaves_the_clock_as_it_was(tmp_path, monkeypatch):
    host, table, _, kill = await started(tmp_path)
    await host.pause(table.id, ALICE)
    due = [d.due_at for d in await host.store.deadlines(table.id)]
    host.clock.advance(500)

    async def disk_error(*args, **kw):
        raise StoreError("disk I/O error")

    with monkeypatch.context() as patch:    # the resume's one write fails
        patch.setattr(host.store, "commit_step", disk_error)
        assert await refusal(host.resume(table.id, ALICE)) == "save_failed"
    assert table.status == "paused"
    assert [d.due_at for d in await host.store.deadlines(table.id)] == due
    await host.resume(table.id, ALICE)
    assert [d.due_at for d in await host.store.deadlines(table.id)] == [t + 500 for t in due]
    await host.store.close()
