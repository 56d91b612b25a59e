"""`bot.py simulate | import | export | migrate` given hostile input: one line on stderr saying
why, nothing on stdout, exit status 2 for bad input (the command line, the file) or 1 for the
environment (the database), never a traceback, and an import that fails stores nothing.

The cases run the command line's own `main` in this process (an exception escaping it fails
the test as a traceback would); one case per command runs in a process of its own as well,
so what reaches a shell is checked end to end."""
from __future__ import annotations

import asyncio
import contextlib
import io
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from unittest import mock

import pytest

from hosting.cli import main
from hosting.simulate import SimulationArgs, simulate
from hosting.stores import EVERY_STATUS, open_store

ROOT = Path(__file__).resolve().parent.parent
UNREACHABLE = "postgresql://table:s3cret@127.0.0.1:1/table"


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    """A database holding one finished toy game (id 1), its export, and hostile files."""
    here = tmp_path_factory.mktemp("cli")
    db, export = here / "games.sqlite3", here / "games.jsonl"
    asyncio.run(simulate(SimulationArgs("toy", players=6, seed=9, db=str(db))))
    assert run("export", str(export), "--db", str(db)).returncode == 0
    settings, game = export.read_text().splitlines()
    moved = json.loads(game)   # the same game as game 2: it would import into `db`
    moved["games"][0]["id"] = 2
    for table, rows in moved.items():
        for row in rows:
            row.update({"game_id": 2} if table != "games" else {})
            row.update({"id": row["id"] + 1000} if table == "outbox" else {})
    written = {
        "garbage": bytes(range(255, -1, -1)) * 4,
        "empty": b"",
        "blank": b"\n  \n",
        "games_of_numbers": b'{"games": [1]}\n',
        "list_of_null": b"[null]\n",
        "huge_id": json.dumps({"games": [dict(moved["games"][0], id=2 ** 64)]}).encode(),
        "unknown_game": json.dumps({**moved, "games": [dict(moved["games"][0],
                                                            game="chess")]}).encode(),
        "deep": b"[" * 100_000 + b"]" * 100_000,
        "nan": b'{"guild_settings": [{"guild_id": NaN, "lang": "en"}]}',
        "long_number": b'{"guild_settings": [{"guild_id": ' + b"9" * 5000 + b"}]}",
        "good_then_bad": (json.dumps(moved) + "\n[null]\n").encode(),
        "not_a_database": b"SQLite format 2\0" + bytes(4096),
    }
    paths = {"db": db, "export": export, "here": here}
    for name, data in written.items():
        paths[name] = here / name
        paths[name].write_bytes(data)
    return paths


def run(*argv: str, env: dict | None = None, entry: tuple[str, ...] = ("-m", "tests.toy")):
    """`bot.py ARGV` in a process of its own (`python -m tests.toy`: the bot's command line
    with the toy game known, without loading Discord)."""
    environment = {k: v for k, v in os.environ.items()
                   if k not in ("DATABASE_URL", "DATABASE_PATH")}
    return subprocess.run([sys.executable, *entry, *argv], cwd=ROOT, capture_output=True,
                          text=True, env={**environment, **(env or {})}, timeout=120)


def run_here(*argv: str, env: dict | None = None) -> SimpleNamespace:
    """`bot.py ARGV` through the command line's `main` in this process, as `run` reports it."""
    out, err = io.StringIO(), io.StringIO()
    environment = {k: v for k, v in os.environ.items()
                   if k not in ("DATABASE_URL", "DATABASE_PATH")}
    with mock.patch.dict(os.environ, {**environment, **(env or {})}, clear=True), \
            contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(argv))
        except SystemExit as exit_:
            status = exit_.code
    return SimpleNamespace(returncode=status, stdout=out.getvalue(), stderr=err.getvalue())


# (arguments, with {name} for a path of `files`; the environment; exit status; what the line
# says)
CASES = {
    "import: a missing file": (["import", "{here}/missing.jsonl", "--db", "{db}"], {}, 2,
                               "missing.jsonl: No such file or directory"),
    "import: a directory": (["import", "{here}", "--db", "{db}"], {}, 2, "Is a directory"),
    "import: binary garbage": (["import", "{garbage}", "--db", "{db}"], {}, 2,
                               "line 1 is not UTF-8 text"),
    "import: an empty file": (["import", "{empty}", "--db", "{db}"], {}, 2, "is empty"),
    "import: blank lines only": (["import", "{blank}", "--db", "{db}"], {}, 2, "is empty"),
    "import: games of numbers": (["import", "{games_of_numbers}", "--db", "{db}"], {}, 2,
                                 "line 1: games is not a list of rows"),
    "import: a list of null": (["import", "{list_of_null}", "--db", "{db}"], {}, 2,
                               "line 1: not an export line"),
    "import: an id beyond 64 bits": (["import", "{huge_id}", "--db", "{db}"], {}, 2,
                                     "line 1: games.id takes a whole number of at most 64"),
    "import: an unknown game": (["import", "{unknown_game}", "--db", "{db}"], {}, 2,
                                "line 1: unknown game 'chess'"),
    "import: JSON nested too deep": (["import", "{deep}", "--db", "{db}"], {}, 2,
                                     "line 1 is JSON nested too deep"),
    "import: NaN": (["import", "{nan}", "--db", "{db}"], {}, 2, "NaN is not a JSON number"),
    "import: a number of 5000 digits": (["import", "{long_number}", "--db", "{db}"], {}, 2,
                                        "line 1 is not JSON"),
    "import: a good line, then a bad one": (["import", "{good_then_bad}", "--db", "{db}"], {},
                                            2, "line 2: not an export line"),
    "import: the game is there already": (["import", "{export}", "--db", "{db}"], {}, 2,
                                          "line 2: game 1 is already in this database"),
    "import: an unreachable DATABASE_URL": (["import", "{export}"], {"DATABASE_URL": UNREACHABLE},
                                            1, "cannot open postgresql://table:***@127.0.0.1:1"),
    "import: not a database": (["import", "{export}", "--db", "{not_a_database}"], {}, 1,
                               "file is not a database"),
    "export: over a file": (["export", "{export}", "--db", "{db}"], {}, 2,
                            "an export never writes over a file"),
    "export: over a directory": (["export", "{here}", "--db", "{db}"], {}, 2,
                                 "an export never writes over a file"),
    "export: into a missing directory": (["export", "{here}/no/games.jsonl", "--db", "{db}"],
                                         {}, 2, "No such file or directory"),
    "export: no database": (["export", "{here}/out.jsonl", "--db", "{here}/none.sqlite3"], {}, 1,
                            "there is no database at"),
    "export: an unreachable DATABASE_URL": (["export", "{here}/out.jsonl"],
                                            {"DATABASE_URL": UNREACHABLE}, 1,
                                            "cannot open postgresql://table:***@127.0.0.1:1"),
    "export: not a database": (["export", "{here}/out.jsonl", "--db", "{not_a_database}"], {},
                               1, "file is not a database"),
    "migrate: a directory": (["migrate", "--db", "{here}"], {}, 1, "unable to open database"),
    "migrate: not a database": (["migrate", "--db", "{not_a_database}"], {}, 1,
                                "file is not a database"),
    "migrate: an unreachable DATABASE_URL": (["migrate"], {"DATABASE_URL": UNREACHABLE}, 1,
                                             "cannot open postgresql://table:***@127.0.0.1:1"),
    "migrate: a URL with no port": (["migrate", "--db", "postgresql://t:s3cret@h:port/t"], {},
                                    1, "cannot open postgresql://t:***@h:port/t"),
    "simulate: an unknown game": (["simulate", "chess", "--players", "4"], {}, 2,
                                  "argument game: invalid choice: 'chess'"),
    "simulate: too many players": (["simulate", "toy", "--players", "99"], {}, 2,
                                   "This mode needs 3 to 8 players"),
    "simulate: a seed beyond 64 bits": (["simulate", "toy", "--players", "4", "--seed",
                                         str(2 ** 63)], {}, 2,
                                        "is not a whole number of at most 64 bits"),
    "simulate: a seed that is a word": (["simulate", "toy", "--players", "4", "--seed", "x"],
                                        {}, 2, "'x' is not a whole number"),
    "simulate: an option without a value": (["simulate", "toy", "--players", "4", "--option",
                                             "round_cap"], {}, 2, "round_cap"),
    "simulate: an option out of range": (["simulate", "toy", "--players", "4", "--option",
                                          "round_cap=999"], {}, 2, "cannot be 999"),
    "simulate: an unknown option": (["simulate", "toy", "--players", "4", "--option",
                                     "colour=red"], {}, 2, "colour"),
    "simulate: an unknown mode": (["simulate", "toy", "--players", "4", "--mode", "fast"], {},
                                  2, "fast"),
    "simulate: an unknown policy": (["simulate", "toy", "--players", "4", "--policy", "x"],
                                    {}, 2, "Unknown AI policy"),
    "simulate: a negative delay": (["simulate", "toy", "--players", "4", "--delay", "-1"],
                                   {}, 2, "--delay and --absent take a number from 0"),
    "simulate: resume without a database": (["simulate", "toy", "--resume"], {}, 2,
                                            "--resume needs --db"),
    "simulate: a transcript in a missing directory": (
        ["simulate", "toy", "--players", "4", "--transcript", "{here}/no/t.jsonl"], {}, 2,
        "there is no directory"),
    "simulate: a transcript that is a directory": (
        ["simulate", "toy", "--players", "4", "--transcript", "{here}"], {}, 2,
        "is a directory"),
    "simulate: resuming a transcript of garbage": (
        ["simulate", "toy", "--resume", "--db", "{db}", "--transcript", "{garbage}"], {}, 2,
        "is not a transcript this simulator wrote"),
    "simulate: a database that is a directory": (
        ["simulate", "toy", "--players", "4", "--db", "{here}"], {}, 1,
        "the database cannot be used"),
    "simulate: an unreachable database": (
        ["simulate", "toy", "--players", "4", "--db", UNREACHABLE], {}, 1,
        "cannot open postgresql://table:***@127.0.0.1:1"),
}


def games_in(db: Path) -> list[int]:
    async def read() -> list[int]:
        store = await open_store(db)
        try:
            return await store.game_ids(statuses=EVERY_STATUS)
        finally:
            await store.close()
    return asyncio.run(read())


# The cases also run in a process of their own: one for each command.
IN_A_PROCESS = {"import: binary garbage", "export: over a file", "migrate: not a database",
                "simulate: an option out of range"}


@pytest.mark.parametrize("case", CASES)
def test_a_hostile_command_line_is_refused_in_one_line(case, files):
    argv, env, status, says = CASES[case]
    argv = [a.format(**files) for a in argv]
    done = (run if case in IN_A_PROCESS else run_here)(*argv, env=env)
    assert (done.returncode, done.stdout) == (status, "")
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("bot.py "), done.stderr
    assert says in done.stderr and "s3cret" not in done.stderr
    assert games_in(files["db"]) == [1]   # an import that failed stored nothing
    assert not (files["here"] / "out.jsonl").exists()


def test_bot_py_itself_refuses_in_one_line(files):
    """The same through `bot.py`, which loads Discord too."""
    done = run("import", str(files["huge_id"]), "--db", str(files["db"]), entry=("bot.py",))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (f"bot.py import: {files['huge_id']} line 1: games.id takes a whole "
                           "number of at most 64 bits; nothing was imported\n")


def test_an_export_refuses_while_another_process_holds_the_database(files):
    """A database held exclusively elsewhere is not read half-way: one line, status 1, no
    file (it waits the store's busy timeout first)."""
    held = sqlite3.connect(files["db"], isolation_level=None)
    try:
        held.execute("PRAGMA locking_mode=EXCLUSIVE")
        held.execute("BEGIN EXCLUSIVE")
        held.execute("UPDATE schema_version SET version = version")
        done = run("export", str(files["here"] / "held.jsonl"), "--db", str(files["db"]))
    finally:
        held.close()
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr.count("\n") == 1 and "database is locked" in done.stderr
    assert not (files["here"] / "held.jsonl").exists()
