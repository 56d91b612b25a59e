"""Shared fixtures: the toy game registered under the name "toy"; and a run that leaves a
store open fails, naming it, rather than waiting for ever to exit."""
from __future__ import annotations

import os
import sys
import threading

import pytest

import games
from hosting.text import register_locale_dir
from tests.toy import LOCALES

games.register("toy", "tests.toy:ToyGame")
register_locale_dir("toy", LOCALES)


@pytest.fixture
def toy():
    return games.engine("toy")


@pytest.fixture(scope="session")
def postgres():
    """A real PostgreSQL server for the session. In CI it must exist (`.ci/run` installs it);
    elsewhere the PostgreSQL tests are skipped only when no binaries are installed."""
    from tests.postgres import PostgresServer, binaries

    bin_dir = binaries()
    if bin_dir is None:
        if os.environ.get("CI") == "true":
            pytest.fail("PostgreSQL is not installed (initdb not found)")
        pytest.skip("PostgreSQL is not installed (initdb not found)")
    server = PostgresServer(bin_dir).start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgres"])
async def store_target(request, tmp_path):
    """Where a store lives: an SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "store.sqlite3")
    return await request.getfixturevalue("postgres").new_database()


def pytest_unconfigure(config):
    """A database connection a test never closed keeps a thread (aiosqlite's worker) that the
    interpreter waits for at exit, so the run would never end: after the summary, say which,
    and end the run failed."""
    left = [t for t in threading.enumerate()
            if t is not threading.main_thread() and not t.daemon]
    for thread in left:
        thread.join(timeout=5)          # one that is ending anyway
    left = [t for t in left if t.is_alive()]
    if left:
        sys.stderr.write(f"\nthreads left running by the tests (a store never closed?): "
                         f"{left}\n")
        sys.stderr.flush()
        sys.stdout.flush()
        os._exit(1)
