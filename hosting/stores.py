"""Which store the bot uses, and moving games between stores.

`DATABASE_URL=postgresql://...` selects PostgreSQL (several bot processes may share it);
otherwise the games live in the SQLite file `DATABASE_PATH` (default data/table.sqlite3).
`export` writes every game as one JSON line of its rows, table by table, all read at one instant;
`import` writes a whole file into another store in one transaction, with their ids (so buttons
already posted keep working), once every line is checked: a game this build can play, values
its columns hold.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import games
from games.base import canonical
from hosting.store import ImportRefused, Store, _json_of
from hosting.store_pg import PgStore, is_postgres
from hosting.text import Translator

DEFAULT_SQLITE = Path(__file__).resolve().parent.parent / "data" / "table.sqlite3"
EVERY_STATUS = ("lobby", "running", "paused", "finished", "cancelled")


def database_target() -> str:
    """DATABASE_URL, else DATABASE_PATH, else the default SQLite file."""
    return (os.environ.get("DATABASE_URL") or os.environ.get("DATABASE_PATH")
            or str(DEFAULT_SQLITE))


async def open_store(target: str | Path) -> Store:
    """The store `target` names: a postgresql:// URL, else an SQLite file."""
    return await (PgStore.open(str(target)) if is_postgres(target) else Store.open(target))


async def verify_store(target: str | Path) -> None:
    await (PgStore.verify(str(target)) if is_postgres(target) else Store.verify(target))


async def export_games(store: Store, path: str | Path) -> int:
    """Write the guild settings, then each game, as JSON lines to a new file, all read at one
    instant (`Store.export_all`), so the bot may go on meanwhile; how many games. A file
    left half-written by a failure is removed."""
    with Path(path).open("x", encoding="utf-8") as out:
        try:
            return await store.export_all(lambda tables: out.write(json.dumps(tables) + "\n"))
        except BaseException:
            Path(path).unlink()
            raise


async def import_games(store: Store, path: str | Path,
                       lines: dict[int, object] | None = None) -> int:
    """Write what `export_games` wrote, the whole file in one transaction; how many games
    came in. Every line is checked first (`read_export`, `Store.import_rows`, `playable`):
    the first that fails raises ImportRefused naming it and why, and nothing is written.
    `lines`: the file as `read_export` gave it, if it was read already."""
    lines = read_export(path) if lines is None else lines
    try:
        return await store.import_rows(*lines.values(), numbers=list(lines), check=playable)
    except ImportRefused as err:
        raise ImportRefused(f"{path} {err}") from err


def read_export(path: str | Path) -> dict[int, object]:
    """An export file's lines that are not blank, parsed as JSON, by line number;
    ImportRefused if the file cannot be read, holds nothing, or a line is not JSON."""
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        raise ImportRefused(f"cannot read {path}: {err.strerror or err}") from None
    lines: dict[int, object] = {}
    for number, raw in enumerate(data.split(b"\n"), 1):
        if not raw.strip():
            continue
        try:
            lines[number] = _json_of(f"line {number}", raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise ImportRefused(f"{path} line {number} is not UTF-8 text") from None
        except ValueError as err:
            raise ImportRefused(f"{path} {err}") from None
    if not lines:
        raise ImportRefused(f"{path} is empty: an export holds at least its settings line")
    return lines


def playable(tables: dict) -> None:
    """Raise ValueError unless this build can play the game an export line brings (one
    whose columns `Store.import_rows` checked): a game it knows, a status and mode it has,
    and a state its engine reads, brought up to date by `upgrade` if older, as the bot
    reads it: what is pending, the outcome, the public view and every seat's, and their
    text."""
    if not tables.get("games"):
        return
    row, seats = tables["games"][0], tables.get("seats", [])
    name = row["game"]
    if name not in games.REGISTRY:
        raise ValueError(f"unknown game {name[:40]!r} (this build has "
                         f"{', '.join(sorted(games.REGISTRY))})")
    try:
        engine = games.engine(name)
    except Exception as err:   # its module fails to load in this build
        raise ValueError(f"game {name!r} cannot be loaded ({type(err).__name__}: "
                         f"{str(err)[:80]})") from None
    if row["status"] not in EVERY_STATUS:
        raise ValueError(f"unknown status {row['status'][:40]!r}")
    if row["mode"] not in engine.modes:
        raise ValueError(f"{name} has no mode {row['mode'][:40]!r}")
    state, version = row.get("state"), row.get("state_version", 1)
    if state is None:
        if row["status"] in ("running", "paused", "finished"):
            raise ValueError(f"a {row['status']} game without its state")
        return
    if version > engine.state_version:
        raise ValueError(f"its state is of version {version}, newer than this build's "
                         f"{name} reads ({engine.state_version})")
    state = json.loads(state)
    t = Translator(name, row.get("lang") or "en", [s["name"] for s in seats])
    try:
        if version < engine.state_version:
            state = canonical(engine.upgrade(state))
        engine.pending(state)
        engine.outcome(state)
        engine.describe(engine.public_view(state), t)
        for seat in seats:
            engine.describe(engine.seat_view(state, seat["seat"]), t)
    except Exception as err:   # whatever the rules raise, this build cannot play it
        raise ValueError(f"{name}'s rules cannot read its state "
                         f"({type(err).__name__}: {str(err)[:80]})") from None
