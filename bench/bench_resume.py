"""Resume benchmark: how long a bot takes, after a restart, to have every stored game ready.

    python bench/bench_resume.py                        # 10,000 games, SQLite and PostgreSQL
    python bench/bench_resume.py --games 2000 --store sqlite
    python bench/bench_resume.py --store postgres --database-url postgresql://...

Stores a mix of games, then times a fresh host on that store: opening it, `Host.recover()`
returning (from then on clicks are answered and deadlines fire), the news left undelivered
going out (with AI seats' answers to what they were asked), and every live game's status
shown again (the host idle). The goal is 10,000 games resumed in 3 s.

The mix, made once through the host with the clock stopped and copied with new ids: every
registered game with one person and AI seats, played until the person is asked (running); a
tenth of those paused, one in twenty with its news not yet delivered; a fifth finished (the
AI played them out); a tenth lobbies. Every deadline lies in the future, so the scheduler has
nothing to fire and the time is recovery's alone. Without `--database-url` a throwaway
PostgreSQL server is started (`initdb`, as the tests do).
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import games  # noqa: E402
from hosting.clock import FakeClock, RealClock  # noqa: E402
from hosting.host import Host, NullDelivery  # noqa: E402
from hosting.stores import open_store  # noqa: E402
from tests.postgres import PostgresServer, binaries  # noqa: E402

PERSON = 1_000
# Of every 20 stored games: status and how it is made.
MIX = (["running"] * 11 + ["paused"] * 2 + ["undelivered"] + ["finished"] * 4
       + ["lobby"] * 2)


class Counting(NullDelivery):
    """Discord stands in: counts what would be sent and which statuses refreshed, and when
    the last of each came."""

    def __init__(self):
        self.rows = 0
        self.refreshed: set[int] = set()
        self.last_delivery = self.last_refresh = 0.0

    async def deliver(self, table, rows):
        if rows:
            self.rows += len(rows)
            self.last_delivery = time.perf_counter()
        await self.table_changed(table)     # a delivery ends showing its game

    async def table_changed(self, table):
        self.refreshed.add(table.id)
        self.last_refresh = time.perf_counter()


class Holding(NullDelivery):
    """Delivers nothing: the news stays in the outbox, as after a crash before delivery."""

    async def deliver(self, table, rows):
        raise ConnectionError("the bot stopped before delivering")


async def templates(store) -> dict[str, list[int]]:
    """One stored game of each kind for each registered game: kind -> game ids."""
    made: dict[str, list[int]] = {kind: [] for kind in sorted(set(MIX))}
    logging.getLogger("hosting.host").setLevel(logging.CRITICAL)   # the held deliveries
    clock = FakeClock(time.time())
    host = Host(store, clock, background=False)
    for seed, name in enumerate(sorted(games.REGISTRY)):
        engine = games.engine(name)
        mode = engine.modes[0]
        lo, hi = engine.player_range(mode)
        players = max(lo, min(hi, 4))
        for kind in made:
            host.delivery = Holding() if kind == "undelivered" else NullDelivery()
            person = None if kind == "finished" else PERSON
            table = await host.new_game(name, host_user=person, host_name="person", mode=mode,
                                        pace_preset="async", seed=seed)
            while len((await host.table(table.id)).seats) < players:
                await host.add_ai(table.id, person, engine.ai_policies[0])
            if kind != "lobby":
                await host.start(table.id, person)
                await host.run_ai(table.id)
            if kind == "paused":
                await host.pause(table.id, person)
            made[kind].append(table.id)
    logging.getLogger("hosting.host").setLevel(logging.NOTSET)
    return made


async def fill(store, count: int) -> Counter:
    """`count` games copied from the templates with new ids, in batches; what they are."""
    made = await templates(store)
    # The templates' host stopped: on PostgreSQL its claims on their news run out as a lease would.
    await store._write("UPDATE outbox SET claimed_by = NULL, claimed_until = NULL")
    exported = {kind: [await store.export_game(i) for i in ids] for kind, ids in made.items()}
    kinds = Counter()
    next_id = 1 + max(i for ids in made.values() for i in ids)
    next_row = 1 + max(r["id"] for rows in exported.values() for game in rows
                       for r in game["outbox"])
    batch: dict[str, list[dict]] = {}
    for n in range(count - sum(len(ids) for ids in made.values())):
        kind = MIX[n % len(MIX)]
        source = exported[kind][n // len(MIX) % len(exported[kind])]
        kinds[kind] += 1
        for table, rows in source.items():
            for row in rows:
                row = dict(row)
                if table == "games":
                    row["id"] = next_id
                else:
                    row["game_id"] = next_id
                if table == "outbox":
                    row["id"], next_row = next_row, next_row + 1
                batch.setdefault(table, []).append(row)
        next_id += 1
        if len(batch["games"]) >= 500:
            await write(store, batch)
            batch = {}
    if batch:
        await write(store, batch)
    for kind, ids in made.items():
        kinds[kind] += len(ids)
    return kinds


async def write(store, batch: dict[str, list[dict]]) -> None:
    async with store._transaction() as db:
        for table in ("games", *store.GAME_TABLES):
            rows = batch.get(table, [])
            if rows:
                columns = list(rows[0])
                await db.executemany(
                    f"INSERT INTO {table} ({', '.join(columns)}) "
                    f"VALUES ({', '.join('?' * len(columns))})",
                    [tuple(r[c] for c in columns) for r in rows])
        await store._imported(db)


async def resume(target: str) -> dict[str, float]:
    """A bot's start on the filled store: seconds from the start to the store open, to
    `recover()` returning, to the last news left undelivered going out, to every status
    shown again (the host idle)."""
    began = time.perf_counter()
    store = await open_store(target)
    opened = time.perf_counter()
    delivery = Counting()
    host = Host(store, RealClock(), delivery, settle_delay=0.2)
    try:
        ids = await host.recover()
        recovered = time.perf_counter()
        await host.idle()
        idle = time.perf_counter()
        backlog = len(await store.undelivered())
    finally:
        await store.close()
    return {"open": opened - began, "recover": recovered - began,
            "delivered_at": delivery.last_delivery - began, "idle": idle - began,
            "live": len(ids), "refreshed": len(delivery.refreshed), "delivered": delivery.rows,
            "backlog": backlog}


async def measure(name: str, target: str, count: int) -> None:
    store = await open_store(target)
    began = time.perf_counter()
    try:
        games.register("toy", "tests.toy:ToyGame")
        kinds = await fill(store, count)
    finally:
        await store.close()
    stored = time.perf_counter() - began
    r = await resume(target)
    print(f"{name}: {sum(kinds.values())} games stored in {stored:.0f} s ("
          + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())) + ")")
    print(f"  restart, seconds from the start: store open {r['open']:.2f}, recover() "
          f"returned {r['recover']:.2f} (clicks and deadlines served), the news left "
          f"undelivered out {r['delivered_at']:.2f}, every status shown again (idle) "
          f"{r['idle']:.2f}; {r['live']} live games, {r['refreshed']} statuses shown, "
          f"{r['delivered']} events delivered, {r['backlog']} left")


async def run(args: argparse.Namespace) -> None:
    if "sqlite" in args.store:
        with tempfile.TemporaryDirectory() as tmp:
            await measure("SQLite", str(Path(tmp) / "resume.sqlite3"), args.games)
    if "postgres" in args.store:
        if args.database_url:
            await measure("PostgreSQL", args.database_url, args.games)
            return
        bin_dir = binaries()
        if bin_dir is None:
            sys.exit("PostgreSQL is not installed (initdb not found); or give --database-url")
        server = PostgresServer(bin_dir).start()
        try:
            await measure("PostgreSQL", await server.new_database(), args.games)
        finally:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--store", nargs="+", choices=("sqlite", "postgres"),
                        default=["sqlite", "postgres"])
    parser.add_argument("--database-url", help="an empty PostgreSQL database to fill")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
