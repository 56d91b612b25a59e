"""The SQLite store: every game, seat, decision, undelivered event and deadline.

One connection per process, WAL mode, numbered migrations (`migrations/V<n>__<name>.sql`).
`commit_step` writes a decision, the new state, its events (the outbox) and the deadline changes
in one transaction, so a crash leaves either all of it or none of it.
"""
from __future__ import annotations

import asyncio
import json
import math
import re
import sqlite3
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, NamedTuple, Sequence

import aiosqlite

from hosting.turns import Turns

MIGRATIONS = Path(__file__).parent / "migrations"


class StoreError(Exception):
    """The database refused a read or a write (corrupt, read-only, locked, disk full). Nothing
    of the step that hit it was kept; the message says what SQLite said."""


class ImportRefused(StoreError):
    """An import refused for what it brought, not for the database: a line that is not an
    export line, a value its column cannot hold, a game already there or this build cannot
    play. Nothing of it was written."""


@dataclass
class SeatRow:
    seat: int
    name: str
    user_id: int | None = None
    ai_policy: str | None = None
    dm_closed: bool = False
    autopilot: str | None = None   # why the bot plays a person's seat: "missed", "away", "left"
    missed: int = 0                # deadlines its person let pass in a row (migration V15)
    public_missed: int = 0         # of those, public questions' (`hosting/autopilot.py`)

    @property
    def is_ai(self) -> bool:
        return self.ai_policy is not None

    @property
    def ai_plays(self) -> bool:
        """Whether the bot answers this seat's questions: an AI seat, or a person's on
        autopilot."""
        return self.is_ai or self.autopilot is not None


@dataclass
class GameRow:
    id: int
    game: str
    status: str
    mode: str
    options: dict
    pace: dict
    seed: int
    lang: str = "en"
    guild_id: int | None = None
    channel_id: int | None = None
    thread_id: int | None = None
    host_user: int | None = None
    state: dict | None = None
    state_version: int = 1   # the engine's `state_version` the state was written at
    version: int = 0
    result: dict | None = None
    lobby_message_id: int | None = None
    status_message_id: int | None = None
    paused_at: float | None = None
    suspended: str | None = None  # why an error paused it: "deadline", "ai", "decision",
    #                               "upgrade", or "load" (set aside: this build cannot load it)
    created_at: float = 0.0
    updated_at: float = 0.0
    clock: dict | None = None   # reminders turned down, time asked and given (migration V16)
    seats: list[SeatRow] = field(default_factory=list)
    # Why this build cannot load the game (a column that is not JSON, an unknown game, a state
    # its engine cannot read), if so; not a column: its state is left out of the row.
    unreadable: str | None = None

    def seat_of(self, user_id: int) -> SeatRow | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]


@dataclass
class OutboxRow:
    id: int
    game_id: int
    seq: int
    audience: str
    kind: str
    data: dict
    moment: str | None = None   # "phase:round" of the step that wrote it (migration V9)


@dataclass
class Deadline:
    game_id: int
    pending_id: str
    seat: int | None
    due_at: float
    remind_at: float | None


@dataclass
class PostRow:
    """A message the delivery planned for a game (see migrations V7, V10 and V11)."""

    key: str
    seq: int
    rows: list[int]
    text: str | None
    channel_id: int | None
    message_id: int | None
    attempts: int
    state: str
    picture: str | None = None   # the digest of the picture it showed once sent ('' none)
    shown: str | None = None     # a sent question's words now, the news edited onto it included


_JSON_COLUMNS = ("options", "pace", "state", "result", "clock")
_GAME_COLUMNS = ("game", "status", "mode", "options", "pace", "seed", "lang", "guild_id",
                 "channel_id", "thread_id", "host_user", "state", "state_version", "version",
                 "result", "lobby_message_id", "status_message_id", "paused_at", "suspended",
                 "created_at", "updated_at", "clock")


_SHIFT = ("UPDATE deadlines SET due_at = due_at + ?, "
          "remind_at = CASE WHEN remind_at IS NULL THEN NULL ELSE remind_at + ? END "
          "WHERE game_id = ?")


_CLAIMS = ("claimed_by", "claimed_until")

# The rows one step writes (`commit_step`), each table's in its statement's column order.
_INSERT_DECISION = ("INSERT INTO decisions (game_id, seq, seat, pending_id, choice, source, at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)")
_INSERT_OUTBOX = ("INSERT INTO outbox (game_id, seq, audience, kind, data, moment, claimed_by, "
                  "claimed_until) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
_DROP_DEADLINE = "DELETE FROM deadlines WHERE game_id = ? AND pending_id = ?"
_RECORD_PROMPT = ("INSERT INTO prompts (game_id, pending_id, seat, channel_id, message_id) "
                  "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, pending_id, seat) DO UPDATE SET "
                  "channel_id = excluded.channel_id, message_id = excluded.message_id, "
                  "closed = 0")
_UPSERT_DEADLINE = ("INSERT INTO deadlines (game_id, pending_id, seat, due_at, remind_at) "
                    "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, pending_id) DO UPDATE SET "
                    "seat = excluded.seat, due_at = excluded.due_at, "
                    "remind_at = excluded.remind_at, claimed_by = NULL, claimed_until = NULL")
_MARK_SEAT = ("UPDATE seats SET autopilot = ?, missed = ?, public_missed = ? "
              "WHERE game_id = ? AND seat = ?")
# A seat's person changed (left, or a substitute took it): who sits there now, under what
# name; the seat's private questions still open are asked again of the new person, and the
# messages that asked the former one become questions of their own no longer open (renamed
# after their message), so the delivery closes them; public ones stay where the thread asked.
_SEAT_PERSON = ("UPDATE seats SET user_id = ?, name = ?, dm_closed = ? "
                "WHERE game_id = ? AND seat = ?")
_PRIVATE_OPEN = ("game_id = ? AND seat = ? AND closed = 0 AND NOT EXISTS (SELECT 1 FROM games g "
                 "WHERE g.id = prompts.game_id AND g.thread_id = prompts.channel_id)")
_ASK_AGAIN = (f"DELETE FROM posts WHERE game_id = ? AND key IN (SELECT 'prompt:' || seat || ':' "
              f"|| pending_id FROM prompts WHERE {_PRIVATE_OPEN})",
              f"UPDATE prompts SET pending_id = pending_id || '~' || message_id "
              f"WHERE message_id IS NOT NULL AND {_PRIVATE_OPEN}",
              f"DELETE FROM prompts WHERE message_id IS NULL AND {_PRIVATE_OPEN}")
_DEPART = ("INSERT INTO departures (game_id, seat, user_id, at) VALUES (?, ?, ?, ?) "
           "ON CONFLICT DO NOTHING")


@dataclass
class StepWrites:
    """What one step writes beside the game's own columns: rows for each statement above."""

    decisions: list[tuple]
    outbox: list[tuple]
    drop_deadlines: list[tuple]
    add_deadlines: list[tuple]
    # The game's entry in the results index (`hosting.results.Record.writes`): statements,
    # each with its rows, written by the step that ends the game.
    records: list[tuple[str, list[tuple]]] = field(default_factory=list)
    shift_deadlines: float = 0.0
    seat_marks: list[tuple] = field(default_factory=list)
    seat_people: list[tuple] = field(default_factory=list)
    departures: list[tuple] = field(default_factory=list)


def _game_row(found, seats: Iterable[tuple] = ()) -> GameRow:
    """A game's row as read (its JSON columns parsed), with these seats' columns in
    `SeatRow`'s order."""
    data = {k: found[k] for k in _GAME_COLUMNS}
    unreadable = None
    for c in _JSON_COLUMNS:
        if data[c] is not None:
            try:
                data[c] = json.loads(data[c])
            except (ValueError, TypeError, RecursionError) as err:   # one row, not its chunk
                data[c], unreadable = None, unreadable or f"its {c} is not JSON: {err}"
    return GameRow(id=found["id"], **data, unreadable=unreadable,
                   seats=[_seat_row(r) for r in seats])


def _seat_row(r) -> SeatRow:
    """A seat as read: seat, name, user_id, ai_policy, dm_closed, autopilot, missed,
    public_missed."""
    return SeatRow(r[0], r[1], r[2], r[3], bool(r[4]), r[5], r[6], r[7])


def _here_sql(columns: str, statuses: int) -> str:
    """`game_here`'s query: those columns of the game in a channel (statuses, then the channel
    twice, the game's name and the channel again as parameters). Only a game of that name:
    another game's command typed in a table's thread must not act on that table."""
    return (f"SELECT {columns} FROM games g WHERE status IN ({', '.join('?' * statuses)}) "
            "AND (thread_id = ? OR channel_id = ?) AND game = ? "
            "ORDER BY CASE WHEN thread_id = ? THEN 0 ELSE 1 END, id DESC LIMIT 1")


def _claimed(rows) -> list[OutboxRow]:
    """Outbox rows as claimed (id, game_id, seq, audience, kind, data, moment), oldest
    first."""
    return sorted((OutboxRow(r[0], r[1], r[2], r[3], r[4], json.loads(r[5]), r[6])
                   for r in rows), key=lambda r: r.id)


def _dump(value) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


class _Column(NamedTuple):
    """A column as an import checks it: `integer`, `real` or `text`; whether it may be NULL;
    whether a row must give it."""
    kind: str
    nullable: bool
    required: bool


# Both databases' integers: SQLite's INTEGER and PostgreSQL's BIGINT hold 64 bits, signed.
_INT64 = range(-2 ** 63, 2 ** 63)
_KIND_TAKES = {"integer": "a whole number of at most 64 bits", "real": "a finite number",
               "text": "text without NUL characters"}
# Columns holding JSON, with the shape the code reads back from them.
_JSON_SHAPES = {("games", "options"): dict, ("games", "pace"): dict, ("games", "state"): dict,
                ("games", "result"): dict, ("outbox", "data"): dict, ("posts", "rows"): list}


def _check_line(line, columns: dict[str, dict[str, _Column]],
                game_tables: tuple[str, ...]) -> int | None:
    """Raise ValueError unless an export line is one this database can hold as it is: guild
    settings, or one game with rows of its own, each value of its column's type and in
    range, no decision or news after the game's version. The game's id, if it brings one."""
    if not isinstance(line, dict) or not line:
        raise ValueError("not an export line (an object of tables, each a list of rows)")
    for table, rows in line.items():
        if table not in columns:
            raise ValueError(f"no table {table[:40]!r} is imported")
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise ValueError(f"{table} is not a list of rows")
        for row in rows:
            _check_row(table, row, columns[table])
    games = line.get("games", [])
    if not games:
        if any(line.get(t) for t in game_tables):
            raise ValueError("rows of a game without the game")
        return None
    if len(games) > 1:
        raise ValueError("more than one game on one line")
    game_id, version = games[0]["id"], games[0].get("version", 0)
    for table in game_tables:
        if any(row["game_id"] != game_id for row in line.get(table, ())):
            raise ValueError(f"{table} holds rows of another game than {game_id}")
    for table in ("decisions", "outbox"):
        late = max((row["seq"] for row in line.get(table, ())), default=version)
        if late > version:
            raise ValueError(f"game {game_id} is at version {version} but its {table} reach "
                             f"{late}: a copy taken half-way through a step")
    return game_id


def _check_row(table: str, row: dict, columns: dict[str, _Column]) -> None:
    for name, value in row.items():
        column = columns.get(name)
        if column is None:
            raise ValueError(f"{table} has no column {name[:40]!r}")
        if value is None:
            if not column.nullable:
                raise ValueError(f"{table}.{name} needs a value")
            continue
        if not _fits(column.kind, value):
            raise ValueError(f"{table}.{name} takes {_KIND_TAKES[column.kind]}")
        shape = _JSON_SHAPES.get((table, name))
        if shape is not None and not isinstance(_json_of(f"{table}.{name}", value), shape):
            raise ValueError(f"{table}.{name} is not a JSON {shape.__name__}")
    missing = [name for name, column in columns.items() if column.required and name not in row]
    if missing:
        raise ValueError(f"{table} row without {', '.join(missing)}")


def _fits(kind: str, value) -> bool:
    if kind == "integer":
        return type(value) is int and value in _INT64
    if kind == "real":
        return (type(value) is int and value in _INT64
                or type(value) is float and math.isfinite(value))
    return type(value) is str and "\0" not in value


def _json_of(where: str, text: str):
    """A JSON column's value, or ValueError saying why it is not JSON."""
    try:
        return json.loads(text, parse_constant=_not_json)
    except RecursionError:
        raise ValueError(f"{where} is JSON nested too deep") from None
    except ValueError as err:
        raise ValueError(f"{where} is not JSON ({str(err)[:80]})") from None


def _not_json(constant: str):
    raise ValueError(f"{constant} is not a JSON number")


async def _taken(db, game_ids: list[int]) -> int | None:
    """The first of these games the database holds already, if any."""
    for at in range(0, len(game_ids), 500):
        part = game_ids[at:at + 500]
        found = await db.execute_fetchall(
            f"SELECT MIN(id) FROM games WHERE id IN ({', '.join('?' * len(part))})", part)
        if found[0][0] is not None:
            return found[0][0]
    return None


def _as_stored(kind: str, value):
    """A checked value as its column's type takes it (PostgreSQL's floats take no int)."""
    return float(value) if kind == "real" and value is not None else value


class _PerGame:
    """Query results per game kept in memory, dropped after any write they depend on. The
    store is the database's only writer, so they stay right; a read that raced a write is
    returned but not kept."""

    def __init__(self):
        self._values: dict[int, object] = {}
        self._writes: dict[int, int] = {}

    async def get(self, game_id: int, load):
        if game_id in self._values:
            return self._values[game_id]
        writes = self._writes.get(game_id, 0)
        value = await load()
        if self._writes.get(game_id, 0) == writes:
            self._values[game_id] = value
        return value

    def drop(self, game_id: int) -> None:
        self._writes[game_id] = self._writes.get(game_id, 0) + 1
        self._values.pop(game_id, None)


class Store:
    """The SQLite store, and the SQL every store shares: statements are written with `?`
    parameters in the dialect SQLite and PostgreSQL both speak (`hosting/store_pg.py` runs the
    same methods on PostgreSQL and overrides only how it connects, locks and migrates)."""

    # What a claim adds to its inner SELECT so that concurrent claimers skip each other's rows;
    # SQLite needs nothing (one writer at a time).
    SKIP_LOCKED = ""
    # Whether other processes write to the same database (then nothing read may be kept).
    shared = False
    # Errors a database gives for rows it cannot take (an id taken): the import's fault.
    REFUSED_ROWS: tuple[type[Exception], ...] = (sqlite3.IntegrityError, sqlite3.DataError)
    # Tables holding one game's rows, in the order an import writes them (an ended game's
    # results index after the rest: its seats' rows after its own).
    GAME_TABLES = ("seats", "decisions", "outbox", "deadlines", "prompts", "thread_locks",
                   "posts", "departures", "watching", "spectators", "results", "result_seats")
    # Tables of a server's people and settings, moved whole with the games: kept where the
    # target holds a row for the same key already.
    SETTINGS_TABLES = ("guild_settings", "away", "stats_hidden")

    def __init__(self, db: aiosqlite.Connection):
        self.db = db
        # One connection serves every game: statements and transactions take turns, or one
        # game's statement would land inside another game's open transaction. A person's
        # click goes before the background's work.
        self._lock = Turns()
        # Read on every delivery and status refresh, written far less often.
        self._deadlines = _PerGame()
        self._prompts = _PerGame()
        self._posts = _PerGame()
        self._game_locks: dict[tuple[str, int], asyncio.Lock] = {}

    @classmethod
    async def open(cls, path: str | Path, busy_timeout: float = 5.0) -> "Store":
        """Open (creating and migrating) the database; StoreError if it cannot be used, with
        the connection closed again. `busy_timeout`: how long a write waits for another
        process's lock before it fails."""
        db = None
        uri = str(path).startswith("file:")   # an SQLite URI: file:/path?mode=ro
        try:
            if str(path) != ":memory:" and not uri:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            connecting = aiosqlite.connect(str(path), isolation_level=None,
                                           timeout=busy_timeout, uri=uri)
            try:
                db = await connecting
            except sqlite3.Error:   # its thread still reports its end to this event loop
                await asyncio.to_thread(connecting._thread.join)
                raise
            db.row_factory = aiosqlite.Row
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA synchronous=NORMAL")
            await db.execute("PRAGMA foreign_keys=ON")
            store = cls(db)
            await store._migrate()
            return store
        except (sqlite3.Error, OSError, StoreError) as err:
            if db is not None:
                await db.close()
            raise StoreError(f"cannot open {path}: {_reason(err)}") from err

    @classmethod
    async def verify(cls, path: str | Path) -> None:
        """What the bot checks before it connects: the file opens, is not damaged and takes
        writes (a read-only file or a lock held elsewhere is refused at once)."""
        store = await cls.open(path, busy_timeout=0.5)
        try:
            found = (await store._fetch("PRAGMA quick_check(1)"))[0][0]
            if found != "ok":
                raise StoreError(f"{path} is damaged: {found}")
            async with store._transaction() as db:   # a write that changes nothing
                await db.execute("UPDATE schema_version SET version = version")
        except StoreError as err:
            raise StoreError(f"cannot use {path}: {err}") from err
        finally:
            await store.close()

    async def close(self) -> None:
        async with self._lock:
            await self.db.close()

    @asynccontextmanager
    async def _transaction(self):
        """All-or-nothing writes; inside, use the yielded connection (the lock is held)."""
        async with self._lock:
            with _refusals():
                await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
                await self.db.execute("COMMIT")
            except BaseException as err:
                if self.db.in_transaction:   # a failed COMMIT may leave it open, or SQLite
                    with _refusals():        # may have rolled back already (disk full)
                        await self.db.execute("ROLLBACK")
                if isinstance(err, sqlite3.Error):
                    raise StoreError(str(err)) from err
                raise

    # Each statement is one trip to SQLite's thread, and a trip waits its turn behind every
    # other game's: so a read runs and fetches in one trip, and no cursor is closed by a trip.
    async def _write(self, sql: str, args: tuple = ()) -> None:
        async with self._lock:
            with _refusals():
                await self.db.execute(sql, args)

    async def _write_many(self, sql: str, rows: list[tuple]) -> None:
        async with self._lock:
            with _refusals():
                await self.db.executemany(sql, rows)

    async def _fetch(self, sql: str, args: tuple = ()) -> list:
        async with self._lock:
            with _refusals():
                return list(await self.db.execute_fetchall(sql, args))

    async def _migrate(self) -> None:
        await self._write("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER)")
        current = (await self._fetch("SELECT MAX(version) FROM schema_version"))[0][0] or 0
        steps = sorted((int(re.match(r"V(\d+)__", p.name).group(1)), p)
                       for p in MIGRATIONS.glob("V*__*.sql"))
        for number, path in steps:
            if number > current:
                async with self._transaction() as db:
                    for statement in _statements(self._script(path)):
                        await db.execute(statement)
                    await db.execute("INSERT INTO schema_version VALUES (?)", (number,))

    def _script(self, path: Path) -> str:
        """A migration as this database runs it: SQLite's own text."""
        return path.read_text()

    @asynccontextmanager
    async def game_lock(self, game_id: int, part: str = "step", wait: bool = True):
        """Hold one part of a game (`step`: read, decide, commit; `delivery`: sending its
        news) for a whole step: nobody else does that part meanwhile. Yields whether it is
        held: without `wait` it is not when somebody else holds it. One process owns an SQLite
        file's games, so a lock in memory is enough."""
        lock = self._game_locks.setdefault((part, game_id), asyncio.Lock())
        if not wait and lock.locked():
            yield False
            return
        async with lock:
            yield True

    # ---- games ------------------------------------------------------------------------------
    async def create_game(self, row: GameRow) -> int:
        values = [getattr(row, c) for c in _GAME_COLUMNS]
        values = [(_dump(v) if c in _JSON_COLUMNS and v is not None else v)
                  for c, v in zip(_GAME_COLUMNS, values)]
        sql = (f"INSERT INTO games ({', '.join(_GAME_COLUMNS)}) "
               f"VALUES ({', '.join('?' * len(_GAME_COLUMNS))})")
        row.id = (await self._fetch(sql + " RETURNING id", tuple(values)))[0][0]
        return row.id

    async def update_game(self, game_id: int, **columns) -> None:
        sets = ", ".join(f"{c} = ?" for c in columns)
        values = [(_dump(v) if c in _JSON_COLUMNS and v is not None else v)
                  for c, v in columns.items()]
        await self._write(f"UPDATE games SET {sets} WHERE id = ?", (*values, game_id))

    async def load_game(self, game_id: int) -> GameRow | None:
        found = await self.load_games([game_id])
        return found[0] if found else None

    async def load_games(self, ids: list[int], chunk: int = 500) -> list[GameRow]:
        """These games with their seats, in the order asked (ids not stored are left out):
        two reads for each `chunk` games, so a restart loads thousands at once."""
        loaded: dict[int, GameRow] = {}
        for at in range(0, len(ids), chunk):
            part = tuple(ids[at:at + chunk])
            marks = ", ".join("?" * len(part))
            for found in await self._fetch(f"SELECT * FROM games WHERE id IN ({marks})", part):
                row = _game_row(found)
                loaded[row.id] = row
            for r in await self._fetch(
                    "SELECT game_id, seat, name, user_id, ai_policy, dm_closed, autopilot, "
                    "missed, public_missed FROM seats "
                    f"WHERE game_id IN ({marks}) ORDER BY game_id, seat", part):
                loaded[r[0]].seats.append(_seat_row(r[1:]))
        return [loaded[i] for i in ids if i in loaded]

    async def set_aside(self, game: GameRow, *, now: float, outbox: list[tuple[str, str, dict]],
                        claim: tuple[str, float] | None = None) -> None:
        """Suspend a game this build cannot load, as one step: paused (its deadlines stop),
        marked `suspended = 'load'`, its news queued; its stored state is left exactly as it
        is (it may not even be JSON), for a build that can read it. Fails like `commit_step`
        if the game moved on first."""
        version = game.version + 1
        cols = {"status": "paused", "paused_at": now, "suspended": "load", "version": version,
                "updated_at": now}
        step = StepWrites(decisions=[], drop_deadlines=[], add_deadlines=[],
                          outbox=[(game.id, version, aud, kind, _dump(data), None,
                                   *(claim or (None, None))) for aud, kind, data in outbox])
        if not await self._write_step(game.id, game.version, cols, step):
            raise RuntimeError(f"game {game.id} changed under us")
        game.version, game.updated_at = version, now
        game.status, game.paused_at, game.suspended = "paused", now, "load"

    async def game_ids(self, *, statuses: Iterable[str], **equal) -> list[int]:
        """Ids of games in these statuses whose columns equal the given values (guild_id=...,
        thread_id=..., channel_id=..., game=...), oldest first."""
        statuses = list(statuses)
        sql = f"SELECT id FROM games WHERE status IN ({', '.join('?' * len(statuses))})"
        args: list = list(statuses)
        for column, value in equal.items():
            if column not in _GAME_COLUMNS:
                raise ValueError(f"no column {column!r}")
            sql += f" AND {column} = ?"
            args.append(value)
        return [r[0] for r in await self._fetch(sql + " ORDER BY id", tuple(args))]

    async def game_here(self, statuses: Iterable[str], game: str, channel_id: int) -> int | None:
        """The game in these statuses whose thread is this channel, else the newest such
        `game` in this channel (one read for both)."""
        statuses = tuple(statuses)
        found = await self._fetch(_here_sql("id", len(statuses)),
                                  (*statuses, channel_id, channel_id, game, channel_id))
        return found[0][0] if found else None

    async def load_game_here(self, statuses: Iterable[str], game: str,
                             channel_id: int) -> GameRow | None:
        """That game (`game_here`), read."""
        found = await self.game_here(statuses, game, channel_id)
        return await self.load_game(found) if found is not None else None

    async def ai_asked(self) -> list[int]:
        """Running games where a seat the bot plays has an open question (every open question
        has a deadline row naming its seat)."""
        return [r[0] for r in await self._fetch(
            "SELECT DISTINCT d.game_id FROM deadlines d "
            "JOIN seats s ON s.game_id = d.game_id AND s.seat = d.seat "
            "JOIN games g ON g.id = d.game_id "
            "WHERE g.status = 'running' AND (s.ai_policy IS NOT NULL OR s.autopilot IS NOT NULL) "
            "ORDER BY d.game_id")]

    async def replace_seats(self, game_id: int, seats: list[SeatRow]) -> None:
        async with self._transaction() as db:
            await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            await db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name, ai_policy, dm_closed, "
                "autopilot, missed, public_missed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(game_id, s.seat, s.user_id, s.name, s.ai_policy, int(s.dm_closed),
                  s.autopilot, s.missed, s.public_missed) for s in seats])

    async def record_departure(self, game_id: int, seat: int, user_id: int, now: float) -> None:
        """A person left a seat of the running game (migration V14)."""
        await self._write("INSERT INTO departures (game_id, seat, user_id, at) VALUES (?, ?, ?, ?) "
                          "ON CONFLICT DO NOTHING", (game_id, seat, user_id, now))

    async def departed(self, game_id: int, seat: int) -> list[int]:
        """The people who have left this seat of the game, first to leave first."""
        return [r[0] for r in await self._fetch(
            "SELECT user_id FROM departures WHERE game_id = ? AND seat = ? ORDER BY at, user_id",
            (game_id, seat))]

    # ---- spectators and the dead (migration V18) -------------------------------------------
    async def spectator_thread(self, game_id: int) -> int | None:
        """The game's spectator thread, once opened."""
        found = await self._fetch("SELECT thread_id FROM watching WHERE game_id = ?", (game_id,))
        return found[0][0] if found else None

    async def set_spectator_thread(self, game_id: int, thread_id: int) -> None:
        await self._write("INSERT INTO watching (game_id, thread_id) VALUES (?, ?) "
                          "ON CONFLICT (game_id) DO UPDATE SET thread_id = excluded.thread_id",
                          (game_id, thread_id))

    async def add_spectator(self, game_id: int, user_id: int, now: float) -> None:
        await self._write("INSERT INTO spectators (game_id, user_id, at) VALUES (?, ?, ?) "
                          "ON CONFLICT DO NOTHING", (game_id, user_id, now))

    async def spectators(self, game_id: int) -> list[int]:
        """The people let into the game's spectator thread, first first."""
        return [r[0] for r in await self._fetch(
            "SELECT user_id FROM spectators WHERE game_id = ? ORDER BY at, user_id", (game_id,))]

    async def has_watched(self, game_id: int, user_id: int) -> bool:
        """Whether this person has seen the game's secrets as a spectator (or one of the dead):
        they may never take a seat of it."""
        return bool(await self._fetch(
            "SELECT 1 FROM spectators WHERE game_id = ? AND user_id = ?", (game_id, user_id)))

    async def mark_dm_closed(self, game_id: int, seat: int, closed: bool = True) -> None:
        await self._write("UPDATE seats SET dm_closed = ? WHERE game_id = ? AND seat = ?",
                          (int(closed), game_id, seat))

    # ---- the one transaction per step --------------------------------------------------------
    async def commit_step(self, game: GameRow, *, new_version: int, state: dict | None,
                          outbox: list[tuple[str, str, dict]], now: float,
                          decision: tuple[int | None, str, str, str] | None = None,
                          add_deadlines: list[Deadline] = (), drop_deadlines: list[str] = (),
                          status: str | None = None, result: dict | None = None,
                          columns: dict | None = None,
                          shift_deadlines: float = 0.0, moment: str | None = None,
                          claim: tuple[str, float] | None = None,
                          seats: Sequence[SeatRow] = (), people: Sequence[SeatRow] = (),
                          departed: Sequence[tuple[int, int]] = (), record=None) -> None:
        """Persist one step atomically. Fails (and changes nothing) if another writer moved the
        game past `game.version` first. `shift_deadlines` moves every deadline and reminder of
        the game that many seconds later (a resume). `claim` (claimer, until) holds the new
        outbox rows for the process that committed them, as `claim_game_outbox` would.
        `seats`: seats whose autopilot and missed counts the step changes (migration V15);
        `people`: seats whose person the step changes (`_SEAT_PERSON`); `departed`: (seat,
        user) of those who left a seat with it (migration V14); `record`: the game's entry in
        the results index (`hosting.results.Record`), for the step that ends it (V17)."""
        cols = {**(columns or {}), "state": _dump(state) if state is not None else None,
                "version": new_version, "updated_at": now}
        if status:
            cols["status"] = status
        if result is not None:
            cols["result"] = _dump(result)
        gid = game.id
        step = StepWrites(
            decisions=[(gid, new_version, *decision, now)] if decision else [],
            outbox=[(gid, new_version, aud, kind, _dump(data), moment, *(claim or (None, None)))
                    for aud, kind, data in outbox],
            drop_deadlines=[(gid, pid) for pid in drop_deadlines],
            add_deadlines=[(gid, d.pending_id, d.seat, d.due_at, d.remind_at)
                           for d in add_deadlines],
            shift_deadlines=shift_deadlines,
            seat_marks=[(s.autopilot, s.missed, s.public_missed, gid, s.seat) for s in seats],
            seat_people=[(s.user_id, s.name, int(s.dm_closed), gid, s.seat) for s in people],
            departures=[(gid, seat, user, now) for seat, user in departed],
            records=record.writes() if record is not None else [])
        if not await self._write_step(gid, game.version, cols, step):
            raise RuntimeError(f"game {gid} changed under us")
        if drop_deadlines or add_deadlines or shift_deadlines:
            self._deadlines.drop(gid)
        if people:
            self._prompts.drop(gid)
            self._posts.drop(gid)
        game.version = new_version
        game.state = state
        game.updated_at = now
        if status:
            game.status = status
        if result is not None:
            game.result = result

    async def _write_step(self, game_id: int, version: int, cols: dict,
                          step: "StepWrites") -> bool:
        """One transaction: the game's columns if it is still at `version`, then the step's
        rows; whether the game was there to update (else nothing is written)."""
        sets = ", ".join(f"{c} = ?" for c in cols)
        async with self._transaction() as db:
            changed = await db.execute(f"UPDATE games SET {sets} WHERE id = ? AND version = ?",
                                       (*cols.values(), game_id, version))
            if changed.rowcount != 1:
                return False
            for sql, rows in ((_INSERT_DECISION, step.decisions),
                              (_INSERT_OUTBOX, step.outbox),
                              (_DROP_DEADLINE, step.drop_deadlines),
                              (_UPSERT_DEADLINE, step.add_deadlines),
                              (_MARK_SEAT, step.seat_marks),
                              (_SEAT_PERSON, step.seat_people),
                              (_DEPART, step.departures),
                              (_ASK_AGAIN[0], [(g, g, n) for *_, g, n in step.seat_people]),
                              (_ASK_AGAIN[1], [(g, n) for *_, g, n in step.seat_people]),
                              (_ASK_AGAIN[2], [(g, n) for *_, g, n in step.seat_people]),
                              *step.records):
                if rows:   # each statement is a trip to SQLite's thread: skip the empty ones
                    await db.executemany(sql, rows)
            if step.shift_deadlines:
                await db.execute(_SHIFT, (step.shift_deadlines, step.shift_deadlines, game_id))
        return True

    async def answered(self, game_id: int, pending_id: str) -> bool:
        return bool(await self._fetch(
            "SELECT 1 FROM decisions WHERE game_id = ? AND pending_id = ?", (game_id, pending_id)))

    async def decision_count(self, game_id: int) -> int:
        return (await self._fetch(
            "SELECT COUNT(*) FROM decisions WHERE game_id = ?", (game_id,)))[0][0]

    async def decisions(self, game_id: int) -> list[tuple]:
        return [tuple(r) for r in await self._fetch(
            "SELECT seq, seat, pending_id, choice, source FROM decisions "
            "WHERE game_id = ? ORDER BY seq", (game_id,))]

    async def leaves(self, game_id: int) -> list[tuple[int, int]]:
        """(version, seat) of each step in which a person left the running game: a step that
        changes the state without a decision (its public `table_seat_left` line marks it)."""
        return [(r.seq, int(r.data["seat"])) for r in await self._outbox(
            "game_id = ? AND audience = 'public' AND kind = 'table_seat_left'", (game_id,))]

    # ---- outbox -----------------------------------------------------------------------------
    async def _outbox(self, where: str, args: tuple, order: str = "id") -> list[OutboxRow]:
        rows = await self._fetch(
            f"SELECT id, game_id, seq, audience, kind, data, moment FROM outbox WHERE {where} "
            f"ORDER BY {order}", args)
        return [OutboxRow(r[0], r[1], r[2], r[3], r[4], json.loads(r[5]), r[6]) for r in rows]

    async def undelivered(self, game_id: int | None = None) -> list[OutboxRow]:
        if game_id is None:
            return await self._outbox("delivered = 0", ())
        return await self._outbox("delivered = 0 AND game_id = ?", (game_id,))

    async def counts(self) -> tuple[int, int]:
        """Games running or paused, and events not yet delivered (for the metrics)."""
        found = await self._fetch(
            "SELECT (SELECT COUNT(*) FROM games WHERE status IN ('running', 'paused')), "
            "(SELECT COUNT(*) FROM outbox WHERE delivered = 0)")
        return int(found[0][0]), int(found[0][1])

    async def mark_delivered(self, ids: Iterable[int]) -> None:
        await self._write_many("UPDATE outbox SET delivered = 1 WHERE id = ?", [(i,) for i in ids])

    async def claim_game_outbox(self, owner: str, now: float, lease: float,
                                game_id: int) -> list[OutboxRow] | None:
        """Every undelivered row of one game, claimed for sending for `lease` seconds; the
        caller holds the game's `delivery` lock. Rows another process claimed at its commit
        are taken too (it has not begun to send them, or it would hold the lock). None while
        another's claim for sending holds: it may have lost its lock mid-delivery, so its
        rows wait for the lease to run out (`unclaimed_outbox`)."""
        if await self._fetch("SELECT 1 FROM outbox WHERE game_id = ? AND delivered = 0 "
                             "AND sending = 1 AND claimed_by <> ? AND claimed_until > ? LIMIT 1",
                             (game_id, owner, now)):
            return None
        return _claimed(await self._fetch(
            "UPDATE outbox SET claimed_by = ?, claimed_until = ?, sending = 1 "
            "WHERE delivered = 0 AND game_id = ? "
            "RETURNING id, game_id, seq, audience, kind, data, moment",
            (owner, now + lease, game_id)))

    async def renew_claims(self, owner: str, game_ids: Iterable[int], until: float) -> None:
        """Keep this claimer's hold on these games' undelivered rows until `until`: news a
        live process still means to deliver (waiting for a slot, or for Discord) is not
        taken up by the others."""
        ids = tuple(game_ids)
        for at in range(0, len(ids), 500):
            part = ids[at:at + 500]
            await self._write(
                "UPDATE outbox SET claimed_until = ? WHERE delivered = 0 AND claimed_by = ? "
                f"AND game_id IN ({', '.join('?' * len(part))})", (until, owner, *part))

    async def unclaimed_outbox(self, now: float) -> dict[int, int]:
        """Undelivered rows nobody holds a lease on (row id -> game id): news a process
        committed and has yet to claim, or left behind when it died."""
        return {r[0]: r[1] for r in await self._fetch(
            "SELECT id, game_id FROM outbox WHERE delivered = 0 "
            "AND (claimed_until IS NULL OR claimed_until <= ?)", (now,))}

    async def private_history(self, game_id: int, seat: int, limit: int | None = 12,
                              before: int | None = None) -> list[OutboxRow]:
        """The latest events addressed to one seat, for "My secrets" (all of them without a
        `limit`, for a substitute taking the seat; those older than the row `before`)."""
        rows = await self._outbox(
            "game_id = ? AND audience = ? AND id < ?",
            (game_id, f"seat:{seat}", before if before is not None else 2 ** 62),
            "id DESC" + ("" if limit is None else f" LIMIT {int(limit)}"))
        return rows[::-1]

    async def gm_log(self, game_id: int) -> list[OutboxRow]:
        return await self._outbox("game_id = ? AND audience = 'gm'", (game_id,))

    # ---- deadlines --------------------------------------------------------------------------
    async def deadlines(self, game_id: int) -> list[Deadline]:
        async def load():
            return [Deadline(*r) for r in await self._fetch(
                "SELECT game_id, pending_id, seat, due_at, remind_at FROM deadlines "
                "WHERE game_id = ? ORDER BY due_at, pending_id", (game_id,))]
        return list(await self._deadlines.get(game_id, load))

    async def due(self, now: float) -> list[Deadline]:
        """Deadlines or reminders that have come, in running games only."""
        return [Deadline(*r) for r in await self._fetch(
            "SELECT d.game_id, d.pending_id, d.seat, d.due_at, d.remind_at FROM deadlines d "
            "JOIN games g ON g.id = d.game_id WHERE g.status = 'running' "
            "AND (d.due_at <= ? OR d.remind_at <= ?) "
            "ORDER BY d.due_at, d.game_id, d.pending_id", (now, now))]

    async def next_due(self, after: float | None = None) -> float | None:
        """When the next deadline or reminder comes (later than `after`, if given: those due
        by then were tried); one claimed meanwhile comes back when its claim's lease ends."""
        return (await self._fetch(
            "SELECT MIN(at) FROM (SELECT CASE WHEN claimed_until > w THEN claimed_until "
            "ELSE w END AS at FROM ("
            "SELECT CASE WHEN d.remind_at < d.due_at THEN d.remind_at ELSE d.due_at END AS w, "
            "d.claimed_until FROM deadlines d "
            "JOIN games g ON g.id = d.game_id WHERE g.status = 'running') AS t) AS u"
            + ("" if after is None else " WHERE at > ?"),
            () if after is None else (after,)))[0][0]

    async def claim_due(self, owner: str, now: float, lease: float) -> list[Deadline]:
        """Like `due`, but each deadline or reminder is taken by one claimer for `lease`
        seconds, so it fires once whichever process asks; a step that drops the deadline or
        clears its reminder ends the claim."""
        rows = await self._fetch(
            "UPDATE deadlines SET claimed_by = ?, claimed_until = ? "
            "WHERE (game_id, pending_id) IN ("
            "SELECT d.game_id, d.pending_id FROM deadlines d JOIN games g ON g.id = d.game_id "
            "WHERE g.status = 'running' AND (d.due_at <= ? OR d.remind_at <= ?) "
            "AND (d.claimed_until IS NULL OR d.claimed_until <= ?)"
            f"{self.SKIP_LOCKED.format(table='d')}) "
            "RETURNING game_id, pending_id, seat, due_at, remind_at",
            (owner, now + lease, now, now, now))
        return sorted((Deadline(*r) for r in rows), key=lambda d: (d.due_at, d.game_id,
                                                                    d.pending_id))

    async def drop_deadline(self, game_id: int, pending_id: str) -> None:
        await self._write("DELETE FROM deadlines WHERE game_id = ? AND pending_id = ?",
                          (game_id, pending_id))
        self._deadlines.drop(game_id)

    async def remind(self, game: GameRow, after: Deadline, outbox: list[tuple[str, str, dict]],
                     now: float, claim: tuple[str, float] | None = None) -> None:
        """Queue a reminder (`outbox`: none for a seat that turned them down) and set the
        deadline's next one (`after.remind_at`, None once the last went), together."""
        await self.commit_step(game, new_version=game.version + 1, state=game.state, now=now,
                               outbox=outbox, add_deadlines=[after], claim=claim)

    # ---- prompts ----------------------------------------------------------------------------
    async def prompted(self, game_id: int) -> dict[tuple[str, int], tuple[int | None, int | None]]:
        async def load():
            return {(r[0], r[1]): (r[2], r[3]) for r in await self._fetch(
                "SELECT pending_id, seat, channel_id, message_id FROM prompts WHERE game_id = ?",
                (game_id,))}
        return dict(await self._prompts.get(game_id, load))

    async def record_prompt(self, game_id: int, pending_id: str, seat: int,
                            channel_id: int | None, message_id: int | None) -> None:
        await self._write(_RECORD_PROMPT, (game_id, pending_id, seat, channel_id, message_id))
        self._prompts.drop(game_id)

    async def asked_in(self, game_id: int, message_id: int) -> dict[int, str]:
        """Seat -> question id, for the questions one thread message asks."""
        return {r[0]: r[1] for r in await self._fetch(
            "SELECT seat, pending_id FROM prompts WHERE game_id = ? AND message_id = ?",
            (game_id, message_id))}

    async def close_prompt(self, game_id: int, pending_id: str, seat: int,
                           message_id: int | None = None) -> None:
        """The question's message shows its outcome now: not to be edited again. With
        `message_id`, only if that is the message it was asked in (a copy shown elsewhere
        closes nothing)."""
        await self._write("UPDATE prompts SET closed = 1 WHERE game_id = ? AND pending_id = ? "
                          "AND seat = ? AND (CAST(? AS BIGINT) IS NULL OR message_id = ?)",
                          (game_id, pending_id, seat, message_id, message_id))
        self._prompts.drop(game_id)

    async def open_prompts(self, game_id: int) -> list[tuple[str, int, int | None, int | None]]:
        """(question, seat, channel, message) of every question whose message is not closed."""
        return [tuple(r) for r in await self._fetch(
            "SELECT pending_id, seat, channel_id, message_id FROM prompts "
            "WHERE game_id = ? AND closed = 0", (game_id,))]

    async def decision_of(self, game_id: int, pending_id: str) -> tuple[str, str] | None:
        """(choice, source) of the decision that closed a question, if any."""
        found = await self._fetch("SELECT choice, source FROM decisions "
                                  "WHERE game_id = ? AND pending_id = ?", (game_id, pending_id))
        return (found[0][0], found[0][1]) if found else None

    # ---- posts: each message the delivery sends, recorded before it is sent ------------------
    async def posts(self, game_id: int) -> dict[str, PostRow]:
        async def load():
            return {r[0]: PostRow(r[0], r[1], json.loads(r[2]), *r[3:])
                    for r in await self._fetch(
                        "SELECT key, seq, rows, text, channel_id, message_id, attempts, state, "
                        "picture, shown FROM posts WHERE game_id = ? ORDER BY seq", (game_id,))}
        return dict(await self._posts.get(game_id, load))

    async def plan_posts(self, game_id: int, planned: list[tuple[str, list[int], str | None]]
                         ) -> None:
        """Record messages about to be sent (key, outbox rows, text); known keys are kept."""
        async with self._transaction() as db:
            [(seq,)] = await db.execute_fetchall(
                "SELECT COALESCE(MAX(seq), 0) FROM posts WHERE game_id = ?", (game_id,))
            await db.executemany(
                "INSERT INTO posts (game_id, key, seq, rows, text, state) "
                "VALUES (?, ?, ?, ?, ?, 'planned') ON CONFLICT DO NOTHING",
                [(game_id, key, seq + i + 1, _dump(rows), text)
                 for i, (key, rows, text) in enumerate(planned)])
        self._posts.drop(game_id)

    async def post_tried(self, game_id: int, key: str, state: str = "planned",
                         channel_id: int | None = None, message_id: int | None = None,
                         picture: str | None = None, shown: str | None = None,
                         asked: Iterable[tuple[str, int]] = (), marks: Iterable[str] = ()
                         ) -> None:
        """One attempt at a planned message ended in `state` (still planned after a refusal);
        `picture`: the digest of the picture it put in its message; `shown`: the words of a
        question it asked. Recorded with it, in one write, so that a message that went out
        is never without them: `asked`, the questions (question, seat) its message asks;
        `marks`, keys of what it said once for all (kept as posts already sent)."""
        update = ("UPDATE posts SET attempts = attempts + 1, state = ?, "
                  "channel_id = COALESCE(?, channel_id), message_id = COALESCE(?, message_id), "
                  "picture = COALESCE(?, picture), shown = COALESCE(?, shown) "
                  "WHERE game_id = ? AND key = ?")
        args = (state, channel_id, message_id, picture, shown, game_id, key)
        asked = [(game_id, pending_id, seat, channel_id, message_id)
                 for pending_id, seat in asked]
        marks = list(marks)
        if not asked and not marks:
            await self._write(update, args)
        else:
            async with self._transaction() as db:
                await db.execute(update, args)
                await db.executemany(_RECORD_PROMPT, asked)
                [(seq,)] = await db.execute_fetchall(
                    "SELECT COALESCE(MAX(seq), 0) FROM posts WHERE game_id = ?", (game_id,))
                await db.executemany(
                    "INSERT INTO posts (game_id, key, seq, rows, text, state) "
                    "VALUES (?, ?, ?, '[]', NULL, 'sent') ON CONFLICT DO NOTHING",
                    [(game_id, mark, seq + i + 1) for i, mark in enumerate(marks)])
            self._prompts.drop(game_id)
        self._posts.drop(game_id)

    async def replan_text(self, game_id: int, key: str, text: str | None) -> None:
        """The words a planned message goes out with, changed before it is sent (a question
        meant to take an answered one's place in its message, refused there, goes as a DM
        of its own without that message's words)."""
        async with self._transaction() as db:
            await db.execute("UPDATE posts SET text = ? WHERE game_id = ? AND key = ? "
                             "AND state = 'planned'", (text, game_id, key))
        self._posts.drop(game_id)

    async def plan_edit(self, game_id: int, key: str, covered: list[int], text: str,
                        delivered: Iterable[int]) -> None:
        """Plan an edit of a sent question (`key`: more:ROW:ASK) giving it `text`, its whole
        words now, with the news it carries (`covered`) and the rows of that step marked
        delivered: one transaction, so that what the question says and the record that its
        news went out never part. The edit then applied twice shows once."""
        ask_key = key.split(":", 2)[2]
        async with self._transaction() as db:
            [(seq,)] = await db.execute_fetchall(
                "SELECT COALESCE(MAX(seq), 0) FROM posts WHERE game_id = ?", (game_id,))
            await db.execute(
                "INSERT INTO posts (game_id, key, seq, rows, text, state) "
                "VALUES (?, ?, ?, ?, ?, 'planned') ON CONFLICT DO NOTHING",
                (game_id, key, seq + 1, _dump(covered), text))
            await db.execute("UPDATE posts SET shown = ? WHERE game_id = ? AND key = ?",
                             (text, game_id, ask_key))
            await db.executemany("UPDATE outbox SET delivered = 1 WHERE id = ?",
                                 [(i,) for i in delivered])
        self._posts.drop(game_id)

    # ---- the game thread's quiet phases (migrations V6, V13) -----------------------------------
    async def thread_quiet(self, game_id: int) -> tuple[bool, bool, bool]:
        """(whether a lock an earlier version set is still to lift, whether the thread was told
        talk stops and not yet that it is open again, whether the host was told the bot
        cannot remove posts there)."""
        found = await self._fetch(
            "SELECT locked, quiet, told_host FROM thread_locks WHERE game_id = ?", (game_id,))
        return tuple(bool(v) for v in found[0]) if found else (False, False, False)

    async def set_thread_quiet(self, game_id: int, *, locked: bool | None = None,
                               quiet: bool | None = None, told_host: bool | None = None) -> None:
        await self._write("INSERT INTO thread_locks (game_id) VALUES (?) ON CONFLICT DO NOTHING",
                          (game_id,))
        for column, value in (("locked", locked), ("quiet", quiet), ("told_host", told_host)):
            if value is not None:
                await self._write(f"UPDATE thread_locks SET {column} = ? WHERE game_id = ?",
                                  (int(value), game_id))

    async def thread_game(self, statuses: Iterable[str], thread_id: int) -> int | None:
        """The game in these statuses whose thread this is, whatever its game: for a post
        there, which names no game."""
        statuses = tuple(statuses)
        found = await self._fetch(
            f"SELECT id FROM games WHERE status IN ({', '.join('?' * len(statuses))}) "
            "AND thread_id = ?", (*statuses, thread_id))
        return found[0][0] if found else None

    async def quiet_threads(self) -> list[int]:
        """Games whose thread was told talk stops, or holds an earlier version's lock."""
        return [r[0] for r in await self._fetch(
            "SELECT game_id FROM thread_locks WHERE locked = 1 OR quiet = 1 ORDER BY game_id")]

    # ---- moving games between stores -----------------------------------------------------------
    async def export_game(self, game_id: int) -> dict[str, list[dict]]:
        """Every row of one game, table by table, as the database holds it, read in one
        transaction (claims left out: they belong to the processes of this database)."""
        async with self._snapshot() as db:
            return await self._export_game(db, game_id)

    async def export_settings(self) -> dict[str, list[dict]]:
        """The servers' settings and their people's (away time, left out of the lists)."""
        async with self._snapshot() as db:
            return await self._export_settings(db)

    async def _export_settings(self, db) -> dict[str, list[dict]]:
        return {table: await self._export_table(db, table) for table in self.SETTINGS_TABLES}

    async def export_all(self, write: Callable[[dict], None]) -> int:
        """The settings (`export_settings`), then each game (`export_game`), passed to
        `write` one line at a time, all read in one transaction: the database at one instant,
        however the bot moves its games on meanwhile. How many games."""
        async with self._snapshot() as db:
            write(await self._export_settings(db))
            ids = [r[0] for r in await db.execute_fetchall("SELECT id FROM games ORDER BY id")]
            for game_id in ids:
                write(await self._export_game(db, game_id))
        return len(ids)

    async def _export_game(self, db, game_id: int) -> dict[str, list[dict]]:
        return {table: await self._export_table(db, table, game_id)
                for table in ("games", *self.GAME_TABLES)}

    async def _export_table(self, db, table: str, game_id: int | None = None) -> list[dict]:
        """A table's rows (one game's, with `game_id`), claims left out."""
        where = "" if game_id is None else (" WHERE id = ?" if table == "games"
                                            else " WHERE game_id = ?")
        rows = await db.execute_fetchall(f"SELECT * FROM {table}{where}",
                                         () if game_id is None else (game_id,))
        return [{k: r[k] for k in r.keys() if k not in _CLAIMS} for r in rows]

    @asynccontextmanager
    async def _snapshot(self):
        """Reads that all see the database at one instant (one read transaction: in WAL mode
        another process's writes neither wait for it nor show in it); inside, use the
        yielded connection."""
        async with self._lock:
            with _refusals():
                await self.db.execute("BEGIN")
                try:
                    yield self.db
                finally:
                    if self.db.in_transaction:
                        await self.db.execute("ROLLBACK")

    async def import_rows(self, *lines: dict, numbers: Sequence[int] = (),
                          check: Callable[[dict], None] | None = None) -> int:
        """Write export lines (each what `export_game` or `export_settings` gave), ids kept
        (buttons already sent name them), all in one transaction, and only once every line
        passed: its shape, each value's type and range as this database's columns take it,
        a game's id not yet taken, then `check` (which raises ValueError). A refusal is
        `ImportRefused` naming the line (`numbers`: each line's number in its file, else
        1, 2, ...) and why, with nothing written. The checks read without holding the
        database, so a bot writing to it meanwhile waits only for the writes. How many games
        came in."""
        numbers = list(numbers) or list(range(1, len(lines) + 1))
        tables = ("games", *self.SETTINGS_TABLES, *self.GAME_TABLES)
        games: dict[int, int] = {}   # game id -> the line that brings it
        async with self._snapshot() as db:
            columns = {t: await self._columns(db, t) for t in tables}
            for number, line in zip(numbers, lines):
                try:
                    game_id = _check_line(line, columns, self.GAME_TABLES)
                    if game_id in games:
                        raise ValueError(f"game {game_id} is on line {games[game_id]} already")
                    if game_id is not None and await _taken(db, [game_id]):
                        raise ValueError(f"game {game_id} is already in this database")
                    if check is not None:
                        check(line)
                except ValueError as err:
                    raise ImportRefused(f"line {number}: {err}") from None
                if game_id is not None:
                    games[game_id] = number
        async with self._transaction() as db:
            if taken := await _taken(db, list(games)):   # a game made since the checks
                raise ImportRefused(f"line {games[taken]}: game {taken} is already in this "
                                    "database")
            for number, line in zip(numbers, lines):
                try:
                    for table in tables:
                        alike: dict[tuple[str, ...], list[tuple]] = {}   # rows by columns
                        for row in line.get(table, ()):
                            alike.setdefault(tuple(row), []).append(tuple(
                                _as_stored(columns[table][c].kind, v) for c, v in row.items()))
                        keep = (" ON CONFLICT DO NOTHING" if table in self.SETTINGS_TABLES
                                else "")
                        for names, rows in alike.items():
                            await db.executemany(
                                f"INSERT INTO {table} ({', '.join(names)}) "
                                f"VALUES ({', '.join('?' * len(names))}){keep}", rows)
                except self.REFUSED_ROWS as err:
                    raise ImportRefused(f"line {number}: {err}") from err
            await self._imported(db)
        return len(games)

    async def _columns(self, db, table: str) -> dict[str, _Column]:
        """A table's columns as this database holds them, claims left out."""
        found = await db.execute_fetchall(f"PRAGMA table_info({table})")
        return {r[1]: _Column(r[2].lower(), not r[3], bool(r[5]) or (bool(r[3]) and r[4] is None))
                for r in found if r[1] not in _CLAIMS}

    async def _imported(self, db) -> None:
        """After rows came in with their ids: SQLite's AUTOINCREMENT follows by itself."""

    # ---- settings ---------------------------------------------------------------------------
    async def guild_lang(self, guild_id: int | None) -> str:
        if guild_id is None:
            return "en"
        found = await self._fetch("SELECT lang FROM guild_settings WHERE guild_id = ?",
                                  (guild_id,))
        return found[0][0] if found else "en"

    async def set_guild_lang(self, guild_id: int, lang: str) -> None:
        await self._write(
            "INSERT INTO guild_settings (guild_id, lang) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET lang = excluded.lang", (guild_id, lang))

    # ---- people's DM channels ------------------------------------------------------------------
    async def dm_channel(self, user_id: int) -> int | None:
        found = await self._fetch("SELECT channel_id FROM dm_channels WHERE user_id = ?",
                                  (user_id,))
        return found[0][0] if found else None

    async def keep_dm_channel(self, user_id: int, channel_id: int) -> None:
        await self._write("INSERT INTO dm_channels (user_id, channel_id) VALUES (?, ?) "
                          "ON CONFLICT DO NOTHING", (user_id, channel_id))

    # ---- people's away time in a server (migration V15, `hosting.away`) ------------------------
    async def set_away(self, guild_id: int, user_id: int, until: float) -> None:
        await self._write("INSERT INTO away (guild_id, user_id, until) VALUES (?, ?, ?) "
                          "ON CONFLICT (guild_id, user_id) DO UPDATE SET until = excluded.until",
                          (guild_id, user_id, until))

    async def clear_away(self, guild_id: int, user_id: int) -> bool:
        """End a person's away time; whether they had one."""
        return bool(await self._fetch("DELETE FROM away WHERE guild_id = ? AND user_id = ? "
                                      "RETURNING user_id", (guild_id, user_id)))

    async def away_until(self, guild_id: int, user_id: int) -> float | None:
        found = await self._fetch("SELECT until FROM away WHERE guild_id = ? AND user_id = ?",
                                  (guild_id, user_id))
        return found[0][0] if found else None

    async def away_in(self, guild_id: int | None) -> set[int]:
        """The people away in this server now."""
        return {r[0] for r in await self._fetch("SELECT user_id FROM away WHERE guild_id = ?",
                                                (guild_id,))}

    async def away_over(self, now: float) -> list[tuple[int, int]]:
        """(server, person) of each away time whose end has come, soonest first."""
        return [(r[0], r[1]) for r in await self._fetch(
            "SELECT guild_id, user_id FROM away WHERE until <= ? ORDER BY until", (now,))]

    async def next_away_end(self) -> float | None:
        return (await self._fetch("SELECT MIN(until) FROM away"))[0][0]

    async def last_pause(self, game_id: int) -> str | None:
        """The kind of the game's latest public line that paused or resumed it."""
        found = await self._fetch(
            "SELECT kind FROM outbox WHERE game_id = ? AND audience = 'public' AND kind IN "
            "('table_paused', 'table_paused_away', 'table_resumed') ORDER BY id DESC LIMIT 1",
            (game_id,))
        return found[0][0] if found else None


def _reason(err: BaseException) -> str:
    return str(err.__cause__ or err) if isinstance(err, StoreError) else str(err)


@contextmanager
def _refusals():
    """SQLite's errors leave the store as StoreError, the one failure its callers handle."""
    try:
        yield
    except sqlite3.Error as err:
        raise StoreError(str(err)) from err


def _statements(script: str) -> list[str]:
    """Split a migration into statements (ours hold no semicolons inside strings)."""
    lines = [ln.split("--", 1)[0] for ln in script.splitlines()]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
