"""History benchmark: how long /history and /stats take to read a server with 100,000 ended
games.

    python bench/bench_history.py                       # 100,000 games, SQLite and PostgreSQL
    python bench/bench_history.py --games 20000 --store sqlite
    python bench/bench_history.py --store postgres --database-url postgresql://...

Fills a store with ended games of one server (the worst case: every game on one server), each
with its results rows as the step that ends a game writes them: five seats, two of them AI,
people drawn from 300, one game in ten cancelled. Then times each read the commands make, the
first `/history` including the look for games to backfill, which finds none. Without
`--database-url` a throwaway PostgreSQL server is started (`initdb`, as the tests do).
"""
from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hosting import results  # noqa: E402
from hosting.results import Record, SeatResult  # noqa: E402
from hosting.stores import open_store  # noqa: E402
from tests.postgres import PostgresServer, binaries  # noqa: E402

GUILD = 1
PEOPLE = 300
CHUNK = 2_000
SIDES = {"cultists": ("teams:INV", "teams:CULT"), "room25": ("sides:prisoner", "sides:guard"),
         "looper": ("sides:mastermind", "sides:protagonists")}


def _record(game_id: int, rnd: random.Random) -> Record:
    game = rnd.choice(sorted(SIDES))
    cancelled = rnd.random() < 0.1
    winning = rnd.choice(SIDES[game])
    seats = []
    for seat, user in enumerate(rnd.sample(range(1, PEOPLE + 1), 3) + [None, None]):
        side = None if cancelled else rnd.choice(SIDES[game])
        seats.append(SeatResult(seat, user, f"AI {seat}" if user is None else f"p{user}",
                                "baseline" if user is None else None,
                                "ai" if user is None else "played", side and f"roles:{seat}",
                                side, None if cancelled else side == winning))
    return Record(game_id, game, "normal", GUILD, 10_000 + game_id,
                  "cancelled" if cancelled else "finished", None if cancelled else "time",
                  rnd.randint(1, 9), 1_700_000_000.0 + game_id * 60, seats)


async def fill(store, count: int) -> None:
    rnd = random.Random(7)
    for at in range(1, count + 1, CHUNK):
        ids = range(at, min(at + CHUNK, count + 1))
        records = [_record(i, rnd) for i in ids]
        async with store._transaction() as db:
            await db.executemany(
                "INSERT INTO games (id, game, guild_id, status, mode, options, pace, seed, "
                "created_at, updated_at) VALUES (?, ?, ?, ?, 'normal', '{}', '{}', 0, ?, ?)",
                [(r.game_id, r.game, GUILD, r.status if r.status != "abandoned" else "finished",
                  r.finished_at, r.finished_at) for r in records])
            for r in records:
                for sql, rows in r.writes():
                    await db.executemany(sql, rows)


async def timed(label: str, work) -> None:
    start = time.perf_counter()
    found = await work
    took = (time.perf_counter() - start) * 1000
    print(f"  {label:<38} {took:8.1f} ms   {found}")


async def bench(target: str, count: int) -> None:
    store = await open_store(target)
    try:
        start = time.perf_counter()
        await fill(store, count)
        print(f"  {'filled':<38} {(time.perf_counter() - start):8.1f} s    {count} games")
        person = 42
        await timed("/history (first: backfill look)",
                    _n(results.history(store, GUILD)))
        await timed("/history server:True page 1", _n(results.history(store, GUILD)))
        await timed("/history server:True page 1000", _n(results.history(store, GUILD,
                                                                          page=1000)))
        await timed("/history (a person's, page 1)", _n(results.history(store, GUILD,
                                                                          user_id=person)))
        await timed("/history game:ID", _seats(results.one(store, GUILD, count // 2)))
        await timed("/stats (a person's)", _games(results.person_stats(store, GUILD, person)))
        await timed("/stats server:True", _top(results.server_stats(store, GUILD)))
    finally:
        await store.close()


async def _n(work):
    total, page = await work
    return f"{total} games, {len(page)} shown"


async def _seats(work):
    return f"{len((await work).seats)} seats"


async def _games(work):
    stats = await work
    return f"{stats.games} games, won {stats.total.won} of {stats.total.played}"


async def _top(work):
    stats = await work
    return f"{sum(stats.statuses.values())} games, top {stats.most_games[:1]}"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--store", choices=("both", "sqlite", "postgres"), default="both")
    parser.add_argument("--database-url")
    a = parser.parse_args()
    if a.store in ("both", "sqlite"):
        with tempfile.TemporaryDirectory() as tmp:
            print(f"SQLite, {a.games} ended games on one server:")
            await bench(str(Path(tmp) / "history.sqlite3"), a.games)
    if a.store in ("both", "postgres"):
        server = None
        url = a.database_url
        if url is None:
            bin_dir = binaries()
            if bin_dir is None:
                print("PostgreSQL: no server binaries here; give --database-url")
                return
            server = PostgresServer(bin_dir).start()
            url = await server.new_database()
        try:
            print(f"PostgreSQL, {a.games} ended games on one server:")
            await bench(url, a.games)
        finally:
            if server is not None:
                server.stop()


if __name__ == "__main__":
    asyncio.run(main())
