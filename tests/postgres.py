"""A throwaway PostgreSQL server for the tests: `initdb` and `pg_ctl` from PATH or Debian's
/usr/lib/postgresql/*/bin, a cluster in a temporary directory on a free loopback port, one
fresh database per test. PostgreSQL refuses to run as root, so as root the server runs as
`nobody`."""
from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from itertools import count
from pathlib import Path


def binaries() -> Path | None:
    """The directory holding initdb and pg_ctl, if PostgreSQL is installed."""
    found = shutil.which("initdb")
    if found:
        return Path(os.path.realpath(found)).parent
    dirs = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                  key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    return Path(dirs[-1]).parent if dirs else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PostgresServer:
    def __init__(self, bin_dir: Path):
        self.bin_dir = bin_dir
        self.dir = Path(tempfile.mkdtemp(prefix="table-pg-"))
        self.data = self.dir / "data"
        self.port = _free_port()
        self._names = count(1)
        self._as = []
        if os.geteuid() == 0:   # initdb and postgres refuse root
            shutil.chown(self.dir, "nobody")
            self._as = ["runuser", "-u", "nobody", "--"]

    def _run(self, *cmd: str) -> None:
        subprocess.run([*self._as, *cmd], check=True, capture_output=True, cwd=self.dir)

    def start(self) -> "PostgresServer":
        self._run(str(self.bin_dir / "initdb"), "-D", str(self.data), "-U", "postgres",
                  "-A", "trust", "--no-sync", "-E", "UTF8")
        options = (f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off")
        self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-o", options,
                  "-l", str(self.dir / "log"), "-w", "start")
        return self

    def stop(self) -> None:
        try:
            self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                      "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    async def new_database(self) -> str:
        """The URL of a new, empty database."""
        import asyncpg

        name = f"t{next(self._names)}"
        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(f"CREATE DATABASE {name}")
        finally:
            await conn.close()
        return self.url(name)
