"""Which store the bot uses, and moving games between stores.

`DATABASE_URL=postgresql://...` selects PostgreSQL (several bot processes may share it);
otherwise the games live in the SQLite file `DATABASE_PATH` (default data/table.sqlite3).
`export` writes every game as one JSON line of its rows, table by table; `import` writes them
into another store with their ids, so buttons already posted keep working.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from hosting.store import Store, StoreError
from hosting.store_pg import PgStore, is_postgres

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
    """Write the guild settings, then each game, as JSON lines to a new file; how many games.
    Stop the bot first: a game that moves on meanwhile would be copied half-way."""
    ids = await store.game_ids(statuses=EVERY_STATUS)
    with Path(path).open("x", encoding="utf-8") as out:
        out.write(json.dumps(await store.export_settings()) + "\n")
        for game_id in ids:
            out.write(json.dumps(await store.export_game(game_id)) + "\n")
    return len(ids)


async def import_games(store: Store, path: str | Path) -> int:
    """Write what `export_games` wrote, each line all or nothing; how many games came in. A
    game whose id the store already holds stops the import there (StoreError)."""
    count = 0
    with Path(path).open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                tables = json.loads(line)
                await store.import_rows(tables)
            except (ValueError, AttributeError) as err:
                raise StoreError(f"{path} line {number} is not an export line: {err}") from err
            except StoreError as err:
                raise StoreError(f"{path} line {number}: {err}") from err
            count += len(tables.get("games", ()))
    return count
