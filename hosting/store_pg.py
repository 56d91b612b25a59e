"""The PostgreSQL store: the SQLite store's methods and guarantees, for several bot processes
sharing one database.

Most statements are the SQLite store's own (`Store`), their `?` parameters numbered for
PostgreSQL, and so is every migration, its column types swapped for PostgreSQL's (same numbers,
same tables). This module says how to connect, transact, lock and migrate, and writes in
PostgreSQL's own words the statements a click waits on most: a game's load, its seats, a
step's commit and the claim of its news, each one trip to the server (every trip waits for the
event loop). What several processes need on top: `game_lock` holds a game across processes
(an advisory lock per game), claims skip rows another process holds (`FOR UPDATE ... SKIP
LOCKED`), and nothing is cached between calls, since another process may have written since.
"""
from __future__ import annotations

import asyncio
import json
import re
from contextlib import asynccontextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
import asyncpg

from hosting.store import (_CLAIMS, Deadline, GameRow, OutboxRow, SeatRow, StepWrites, Store,
                           StoreError, _claimed, _Column, _game_row, _here_sql, _PerGame)
from hosting.turns import Turns

# Advisory lock keys: (space, id). Space 0 holds the migration lock; each part of a game
# (`game_lock`) has a space of its own.
_MIGRATING = (0, 0)
_PARTS = {"step": 1, "delivery": 2}


class _HeldStep:
    """A step this task holds (`game_lock`): the connection holding its lock, where the step's
    own statements run (neither waiting for the pool nor taking a second connection), and the
    game's deadlines as read with the game, good until the step writes them (every deadline
    is written in a step, under its lock)."""

    def __init__(self, store: "PgStore", game_id: int, conn: asyncpg.Connection):
        self.store, self.game_id, self.conn = store, game_id, conn
        self.task = asyncio.current_task()
        self.deadlines: list[Deadline] | None = None


_STEP: ContextVar[_HeldStep | None] = ContextVar("held_step", default=None)


def _held(store: "PgStore", game_id: int | None = None) -> _HeldStep | None:
    """The step this task holds on `store` (on that game, if given)."""
    held = _STEP.get()
    if (held is None or held.store is not store or held.task is not asyncio.current_task()
            or game_id not in (None, held.game_id)):
        return None
    return held


class _StepDeadlines:
    """The deadlines read with the game in the step this task holds; anything else is read
    from the database, since another process may have written since."""

    def __init__(self, store: "PgStore"):
        self.store = store

    async def get(self, game_id: int, load):
        held = _held(self.store, game_id)
        if held is not None and held.deadlines is not None:
            return held.deadlines
        return await load()

    def drop(self, game_id: int) -> None:
        if (held := _held(self.store, game_id)) is not None:
            held.deadlines = None


# A game with its seats and deadlines in one trip, each a JSON array of rows (`SeatRow`'s
# columns; `Deadline`'s but the game).
_WITH_SEATS = (
    "g.*, COALESCE((SELECT json_agg(json_build_array(s.seat, s.name, s.user_id, "
    "s.ai_policy, s.dm_closed, s.autopilot, s.missed, s.public_missed) ORDER BY s.seat) "
    "FROM seats s WHERE s.game_id = g.id), '[]') "
    "AS seat_rows, COALESCE((SELECT json_agg(json_build_array(d.pending_id, d.seat, d.due_at, "
    "d.remind_at) ORDER BY d.due_at, d.pending_id) FROM deadlines d WHERE d.game_id = g.id), "
    "'[]') AS deadline_rows")
_GAMES_WITH_SEATS = f"SELECT {_WITH_SEATS} FROM games g WHERE g.id = ANY($1::bigint[])"


# A game's seats as given (one array per column): those kept or new written over, the others
# gone; the two touch different rows, so one statement does both.
_REPLACE_SEATS = (
    "WITH kept AS (INSERT INTO seats (game_id, seat, user_id, name, ai_policy, dm_closed, "
    "autopilot, missed, public_missed) SELECT $1, * FROM unnest($2::bigint[], $3::bigint[], "
    "$4::text[], $5::text[], $6::bigint[], $7::text[], $8::bigint[], $9::bigint[]) "
    "ON CONFLICT (game_id, seat) DO UPDATE SET user_id = excluded.user_id, "
    "name = excluded.name, ai_policy = excluded.ai_policy, dm_closed = excluded.dm_closed, "
    "autopilot = excluded.autopilot, missed = excluded.missed, "
    "public_missed = excluded.public_missed) "
    "DELETE FROM seats WHERE game_id = $1 AND NOT seat = ANY($2::bigint[])")

# `claim_game_outbox` in one statement: the game's undelivered rows, unless another process's
# claim for sending holds some of them, which one row of NULLs says instead.
_CLAIM_GAME_OUTBOX = (
    "WITH busy AS (SELECT 1 FROM outbox WHERE game_id = $1 AND delivered = 0 AND sending = 1 "
    "AND claimed_by <> $2 AND claimed_until > $3 LIMIT 1), "
    "taken AS (UPDATE outbox SET claimed_by = $2, claimed_until = $4, sending = 1 "
    "WHERE delivered = 0 AND game_id = $1 AND NOT EXISTS (SELECT 1 FROM busy) "
    "RETURNING id, game_id, seq, audience, kind, data, moment) "
    "SELECT * FROM taken UNION ALL SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM busy")

# The tables a step inserts into, with each column's type: `StepWrites` holds their rows in
# this order, and the one statement of a step (`_step_statement`) unnests them as arrays.
_STEP_INSERTS = (
    ("decisions", "game_id bigint, seq bigint, seat bigint, pending_id text, choice text, "
                  "source text, at float8", ""),
    ("outbox", "game_id bigint, seq bigint, audience text, kind text, data text, moment text, "
               "claimed_by text, claimed_until float8", ""),
    ("deadlines", "game_id bigint, pending_id text, seat bigint, due_at float8, remind_at float8",
     " ON CONFLICT (game_id, pending_id) DO UPDATE SET seat = excluded.seat, due_at = "
     "excluded.due_at, remind_at = excluded.remind_at, claimed_by = NULL, claimed_until = NULL"),
)


@lru_cache(maxsize=64)
def _step_statement(columns: tuple[str, ...]) -> str:
    """A step's writes as one statement, so one trip and no transaction: the game's columns
    if it is still at its version ($1 id, $2 version, then `columns`), then, only if it was,
    the decision, the outbox rows in their order, the dropped and the new deadlines (each
    table's rows as one array per column). Returns how many games it updated (0 or 1)."""
    number = iter(range(1, 1000))
    game = next(number), next(number)
    sets = ", ".join(f"{c} = ${next(number)}" for c in columns)
    parts = [f"g AS (UPDATE games SET {sets} WHERE id = ${game[0]} AND version = ${game[1]} "
             f"RETURNING id)"]
    for table, typed, tail in _STEP_INSERTS:
        names = [c.split()[0] for c in typed.split(", ")]
        arrays = ", ".join(f"${next(number)}::{c.split()[1]}[]" for c in typed.split(", "))
        parts.append(f"{table}_rows AS (INSERT INTO {table} ({', '.join(names)}) "
                     f"SELECT {', '.join(names)} FROM unnest({arrays}) WITH ORDINALITY "
                     f"AS u({', '.join(names)}, n) WHERE EXISTS (SELECT 1 FROM g) "
                     f"ORDER BY n{tail})")
    dropped = next(number)
    parts.append(f"dropped AS (DELETE FROM deadlines WHERE game_id IN (SELECT id FROM g) "
                 f"AND pending_id = ANY(${dropped}::text[]))")
    return "WITH " + ",\n".join(parts) + "\nSELECT COUNT(*) FROM g"


def is_postgres(target: str) -> bool:
    return str(target).startswith(("postgresql://", "postgres://"))


@lru_cache(maxsize=1024)
def _numbered(sql: str) -> str:
    """`?` parameters as PostgreSQL's `$1, $2, ...` (our statements hold no `?` in strings)."""
    count = iter(range(1, 10_000))
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


class _Uncached:
    """Another process may write at any time: every read goes to the database."""

    async def get(self, game_id: int, load):
        return await load()

    def drop(self, game_id: int) -> None:
        pass


class _Cursor:
    """What the shared statements expect of a cursor: awaited, it has run; then `rowcount`
    and `rows`."""

    def __init__(self, conn: asyncpg.Connection, sql: str, args: tuple):
        self._conn, self._sql, self._args = conn, _numbered(sql), args
        self.rows: list = []
        self.rowcount = -1

    async def _run(self) -> "_Cursor":
        """Through the connection's statement cache: one trip to the server per statement."""
        if self._sql.lstrip().startswith("SELECT") or " RETURNING " in self._sql:
            self.rows = await self._conn.fetch(self._sql, *self._args)
            self.rowcount = len(self.rows)
        else:
            status = await self._conn.execute(self._sql, *self._args)
            self.rowcount = int(status.rsplit(" ", 1)[-1]) if status[-1:].isdigit() else -1
        return self

    def __await__(self):
        return self._run().__await__()


class _Connection:
    """One connection inside a transaction, spoken to as the shared code speaks to SQLite's."""

    def __init__(self, conn: asyncpg.Connection):
        self._conn = conn

    def execute(self, sql: str, args: tuple = ()) -> _Cursor:
        return _Cursor(self._conn, sql, args)

    async def execute_fetchall(self, sql: str, args: tuple = ()) -> list:
        return (await _Cursor(self._conn, sql, args)).rows

    async def executemany(self, sql: str, rows: list[tuple]) -> None:
        await self._conn.executemany(_numbered(sql), rows)


class PgStore(Store):
    """The store on PostgreSQL: `open` takes a postgresql:// URL; `db` is a connection pool."""

    SKIP_LOCKED = " FOR UPDATE OF {table} SKIP LOCKED"
    shared = True
    REFUSED_ROWS = (asyncpg.IntegrityConstraintViolationError, asyncpg.DataError)

    def __init__(self, pool: asyncpg.Pool):
        super().__init__(pool)
        # A held step keeps a connection, and runs its statements there; two are left to the
        # rest (one for the delivery locks, one for reads and news outside the steps).
        self._holders = Turns(max(1, pool.get_max_size() - 2))
        # A person's click takes the next free connection before background work does (one
        # connection is left for the delivery locks).
        self._pool_turns = Turns(max(1, pool.get_max_size() - 1))
        # Deliveries wait on Discord while they hold their game: their locks all live on one
        # connection of their own, taken from the pool when first needed; a click's try at
        # its game's delivery (`Host.deliver_progress`) goes before the background's there too.
        self._locker: asyncpg.Connection | None = None
        self._locker_turn = Turns()
        for name, value in list(vars(self).items()):   # every cache the SQLite store keeps
            if isinstance(value, _PerGame):
                setattr(self, name, _Uncached())
        self._deadlines = _StepDeadlines(self)

    @classmethod
    async def open(cls, url: str, busy_timeout: float = 5.0, pool_size: int = 10) -> "PgStore":
        """Connect (a pool of `pool_size`) and bring the schema up to date; StoreError if the
        server cannot be reached or refuses. `busy_timeout`: how long a statement may wait
        for a lock before it fails."""
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=pool_size, timeout=busy_timeout, reset=_as_left,
                server_settings={"lock_timeout": str(int(busy_timeout * 1000))})
        except (OSError, ValueError, asyncpg.PostgresError, asyncpg.InterfaceError) as err:
            raise StoreError(f"cannot open {_shown(url)}: {err}") from err
        store = cls(pool)
        try:
            await store._migrate()
        except BaseException:
            await pool.close()
            raise
        return store

    @classmethod
    async def verify(cls, url: str) -> None:
        """The server answers, the schema is current and takes writes."""
        store = await cls.open(url, busy_timeout=0.5)
        try:
            async with store._transaction() as db:
                await db.execute("UPDATE schema_version SET version = version")
        except StoreError as err:
            raise StoreError(f"cannot use {_shown(url)}: {err}") from err
        finally:
            await store.close()

    async def close(self) -> None:
        if self._locker is not None:
            await self.db.release(self._locker)
        await self.db.close()

    @asynccontextmanager
    async def _connection(self):
        """The held step's connection, when this task holds one; else one from the pool."""
        held = _held(self)
        try:
            if held is not None:
                yield held.conn
                return
            async with self._pool_turns, self.db.acquire() as conn:
                yield conn
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as err:
            raise StoreError(str(err)) from err

    @asynccontextmanager
    async def _transaction(self):
        async with self._connection() as conn:
            async with conn.transaction():
                yield _Connection(conn)

    async def _write(self, sql: str, args: tuple = ()) -> None:
        async with self._connection() as conn:
            await conn.execute(_numbered(sql), *args)

    async def _write_many(self, sql: str, rows: list[tuple]) -> None:
        async with self._connection() as conn:
            await conn.executemany(_numbered(sql), rows)

    async def _fetch(self, sql: str, args: tuple = ()) -> list:
        async with self._connection() as conn:
            return await conn.fetch(_numbered(sql), *args)

    async def load_games(self, ids: list[int], chunk: int = 500) -> list[GameRow]:
        """As the SQLite store's, in one trip for each `chunk` games."""
        loaded: dict[int, GameRow] = {}
        for at in range(0, len(ids), chunk):
            for found in await self._fetch(_GAMES_WITH_SEATS, (ids[at:at + chunk],)):
                loaded[found["id"]] = self._read(found)
        return [loaded[i] for i in ids if i in loaded]

    async def load_game_here(self, statuses, game: str, channel_id: int) -> GameRow | None:
        """As the SQLite store's, in one trip."""
        statuses = tuple(statuses)
        found = await self._fetch(_here_sql(_WITH_SEATS, len(statuses)),
                                  (*statuses, channel_id, channel_id, game, channel_id))
        return self._read(found[0]) if found else None

    def _read(self, found) -> GameRow:
        """A game read with its seats; its deadlines kept for the step this task holds on
        it, if any (`_StepDeadlines`)."""
        held = _held(self, found["id"])
        if held is not None:
            held.deadlines = [Deadline(held.game_id, *d)
                              for d in json.loads(found["deadline_rows"])]
        return _game_row(found, json.loads(found["seat_rows"]))

    async def claim_game_outbox(self, owner: str, now: float, lease: float,
                                game_id: int) -> list[OutboxRow] | None:
        """As the SQLite store's, in one statement."""
        rows = await self._fetch(_CLAIM_GAME_OUTBOX, (game_id, owner, now, now + lease))
        return None if any(r[0] is None for r in rows) else _claimed(rows)

    async def replace_seats(self, game_id: int, seats: list[SeatRow]) -> None:
        """As the SQLite store's, in one statement."""
        await self._write(_REPLACE_SEATS, (game_id, [s.seat for s in seats],
                                           [s.user_id for s in seats], [s.name for s in seats],
                                           [s.ai_policy for s in seats],
                                           [int(s.dm_closed) for s in seats],
                                           [s.autopilot for s in seats],
                                           [s.missed for s in seats],
                                           [s.public_missed for s in seats]))

    async def _write_step(self, game_id: int, version: int, cols: dict,
                          step: StepWrites) -> bool:
        """One statement, atomic by itself (`_step_statement`). A step that writes a deadline
        row twice (dropped and added again), shifts deadlines or marks seats takes the shared
        transaction: one statement cannot change a row twice; so does the step that ends a
        game, with its rows of the results index."""
        adding = {row[1] for row in step.add_deadlines}
        if (step.shift_deadlines or step.seat_marks or step.seat_people
                or step.records or any(pid in adding for _, pid in step.drop_deadlines)):
            return await super()._write_step(game_id, version, cols, step)
        columns = []
        for rows, (_, typed, _) in zip((step.decisions, step.outbox, step.add_deadlines),
                                       _STEP_INSERTS):
            width = len(typed.split(", "))
            columns += [list(c) for c in zip(*rows)] if rows else [[]] * width
        found = await self._fetch(_step_statement(tuple(cols)), (
            game_id, version, *cols.values(), *columns,
            [pid for _, pid in step.drop_deadlines]))
        return found[0][0] == 1

    def _script(self, path: Path) -> str:
        """A migration in PostgreSQL's words: SQLite's text with PostgreSQL's types (Discord
        ids need 64 bits; ids are identity columns). One it cannot take this way would need a
        file of its own."""
        script = path.read_text().replace("INTEGER PRIMARY KEY AUTOINCREMENT",
                                          "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY")
        return re.sub(r"\bREAL\b", "DOUBLE PRECISION", re.sub(r"\bINTEGER\b", "BIGINT", script))

    async def _migrate(self) -> None:
        """One process at a time brings the schema up to date; the others wait, then find
        nothing left to do."""
        async with self._connection() as conn:
            await conn.execute("SELECT pg_advisory_lock($1, $2)", *_MIGRATING)
            try:
                await super()._migrate()
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1, $2)", *_MIGRATING)

    @asynccontextmanager
    async def game_lock(self, game_id: int, part: str = "step", wait: bool = True):
        """Hold one part of a game across every process on this database: first within this
        process, then an advisory lock (a process that dies lets go with its connection). A
        step holds a connection of its own and waits on the lock as long as it takes; a
        delivery, which may last as long as Discord takes, asks every 50 ms on the one
        connection all of this process's deliveries share."""
        async with super().game_lock(game_id, part, wait) as here:
            if not here:
                yield False
            elif part == "step":
                async with self._holders, self._connection() as conn:
                    await _or_drop(conn, conn.execute(
                        f"SET lock_timeout = 0; SELECT pg_advisory_lock({_PARTS[part]}, "
                        f"{game_id:d}); RESET lock_timeout"))
                    step = _STEP.set(_HeldStep(self, game_id, conn))
                    try:
                        yield True
                    finally:
                        _STEP.reset(step)
                        await _or_drop(conn, conn.execute(
                            "SELECT pg_advisory_unlock($1, $2)", _PARTS[part], game_id))
            else:
                key = (_PARTS[part], game_id)
                while not (held := await self._on_locker("SELECT pg_try_advisory_lock($1, $2)",
                                                         *key)) and wait:
                    await asyncio.sleep(0.05)
                try:
                    yield held
                finally:
                    if held:
                        await self._on_locker("SELECT pg_advisory_unlock($1, $2)", *key)

    async def _on_locker(self, sql: str, *args):
        """One statement on the connection holding this process's delivery locks (opened
        again if it broke: the locks it held went with it, the claims still hold)."""
        async with self._locker_turn:
            try:
                if self._locker is None or self._locker.is_closed():
                    if self._locker is not None:
                        await self.db.release(self._locker)
                    self._locker = await self.db.acquire()
                return await self._locker.fetchval(sql, *args)
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as err:
                raise StoreError(str(err)) from err

    @asynccontextmanager
    async def _snapshot(self):
        """As the SQLite store's: one read-only transaction that sees one instant
        (repeatable read)."""
        async with self._connection() as conn:
            async with conn.transaction(isolation="repeatable_read", readonly=True):
                yield _Connection(conn)

    async def _columns(self, db: _Connection, table: str) -> dict[str, _Column]:
        """As the SQLite store's, from PostgreSQL's catalogue."""
        found = await db.execute_fetchall(
            "SELECT column_name, data_type, is_nullable, column_default FROM "
            "information_schema.columns WHERE table_schema = current_schema() "
            "AND table_name = ?", (table,))
        kinds = {"bigint": "integer", "double precision": "real", "text": "text"}
        return {r[0]: _Column(kinds[r[1]], r[2] == "YES", r[2] == "NO" and r[3] is None)
                for r in found if r[0] not in _CLAIMS}

    async def _imported(self, db: _Connection) -> None:
        """Rows came in with their ids: the next new game or event is numbered after them."""
        for table in ("games", "outbox"):
            await db.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                             f"COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)")


async def _as_left(conn: asyncpg.Connection) -> None:
    """What the pool does to a connection given back (beyond rolling back a transaction left
    open): nothing, sparing a trip per statement. The store leaves nothing on a session but in
    a step, whose lock and timeout `_or_drop` makes sure do not outlive it."""


async def _or_drop(conn: asyncpg.Connection, statement) -> None:
    """Run a statement that changes the session (a step's lock, its timeout); if it fails or
    is cancelled half-way, close the connection, so that whatever it left goes with it rather
    than back to the pool."""
    try:
        await statement
    except BaseException:
        conn.terminate()
        raise


def _shown(url: str) -> str:
    """The address without its password, for messages and logs."""
    return re.sub(r"//([^:/@]+):[^@]*@", r"//\1:***@", url)

