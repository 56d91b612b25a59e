"""Two hosts on one PostgreSQL database, as two bot processes run them: a game stepped from
both finishes with every decision and every outbox row once, simultaneous answers from both
all count, a deadline fires in one of them only, and what a dead process claimed is taken up
by the other once its lease ran out."""
from __future__ import annotations

import asyncio
from collections import Counter

import pytest

from hosting.clock import FakeClock
from hosting.host import Host
from hosting.simulate import SimulationArgs, simulate
from hosting.store_pg import PgStore
from tests.test_host import Recorder, four_people, user_of

LEASE = 10.0


@pytest.fixture
async def pair(postgres):
    """Two hosts (each with its own store, pool and delivery) on one database and one clock."""
    url = await postgres.new_database()
    clock = FakeClock()
    stores = await asyncio.gather(PgStore.open(url), PgStore.open(url))
    hosts = [Host(store, clock, Recorder(), background=False, lease=LEASE)
             for store in stores]
    yield hosts, clock
    for store in stores:
        await store.close()


def delivered(hosts) -> Counter:
    return Counter(r.id for host in hosts for r in host.delivery.rows)


async def seated(host):
    """Four people at a new table, as the store has it now."""
    return await host.table((await four_people(host)).id)


async def test_a_game_stepped_from_two_processes_finishes_with_everything_once(pair):
    hosts, _ = pair
    table = await seated(hosts[0])
    await hosts[1].start(table.id, user_of(table, 0))
    turn = answered = 0
    while (await hosts[0].table(table.id)).status == "running":
        host = hosts[turn % 2]
        turn += 1
        fresh = await host.table(table.id)
        answers = [host.decide(table.id, user_of(fresh, p.seat), p.id, p.default or
                               p.options[0].id) for p in host.pending(fresh)]
        answered += len(await asyncio.gather(*answers))   # a vote's answers come together
        await asyncio.gather(*(h.flush(table.id) for h in hosts))
    decisions = await hosts[1].store.decisions(table.id)
    assert len(decisions) == answered == len({d[2] for d in decisions}) > 4   # each once
    rows = await hosts[0].store._outbox("game_id = ?", (table.id,))
    assert delivered(hosts) == Counter(r.id for r in rows)     # each row once, by one of them
    assert await hosts[0].store.undelivered() == []
    assert {bool(h.delivery.rows) for h in hosts} == {True}    # both took part


async def test_a_deadline_fires_in_one_process(pair):
    hosts, clock = pair
    table = await seated(hosts[0])
    await hosts[0].start(table.id, user_of(table, 0))
    clock.advance(10_000)
    fired = await asyncio.gather(hosts[0].fire_due(), hosts[1].fire_due())
    assert sorted(fired) == [0, 1]
    decisions = await hosts[1].store.decisions(table.id)
    assert [d[4] for d in decisions] == ["timeout"]


async def test_what_a_dead_process_claimed_is_taken_up_after_its_lease(pair):
    (dying, living), clock = pair
    table = await seated(living)
    dying.delivery.fail = True          # it claims the news, then dies before sending it
    await dying.start(table.id, user_of(table, 0))
    held = await dying.store._outbox("game_id = ?", (table.id,))
    assert held and await living.sweep() == []
    clock.advance(LEASE / 2)
    assert await living.sweep() == []                   # the lease still holds
    clock.advance(LEASE / 2)
    assert await living.sweep() == [table.id]           # ran out unrenewed: taken up
    assert [r.id for r in living.delivery.rows] == [r.id for r in held]
    assert await living.store.undelivered() == []


@pytest.fixture
async def started_while_busy(postgres):
    """Two processes on one database: the first, whose only background slot other games'
    news holds, has started a game and not begun to send its news; the second steps inline.
    Yields both, the clock, the table, and what frees the slot."""
    url = await postgres.new_database()
    clock = FakeClock()
    stores = await asyncio.gather(PgStore.open(url), PgStore.open(url))
    waiting = Host(stores[0], clock, Recorder(), settle_delay=0, at_once=1, lease=LEASE)
    stepping = Host(stores[1], clock, Recorder(), background=False, lease=LEASE)
    table = await seated(waiting)
    other_games = waiting.slot()
    await other_games.__aenter__()
    await waiting.start(table.id, user_of(table, 0))
    yield waiting, stepping, clock, table, lambda: other_games.__aexit__(None, None, None)
    for store in stores:
        await store.close()


async def test_a_living_process_keeps_the_news_it_committed_however_long_it_waits(
        started_while_busy):
    """Its news waits for a background slot for several leases; its sweeps renew the claim
    made at the commit, so the other process never takes it up, and it delivers it all."""
    busy, other, clock, table, free_slot = started_while_busy
    for _ in range(6):
        clock.advance(LEASE / 2)
        assert await busy.sweep() == []
        assert await other.sweep() == []
    await free_slot()
    await busy.idle()
    assert other.delivery.rows == [] and busy.delivery.rows
    assert await busy.store.undelivered() == []


async def test_whoever_delivers_a_game_takes_the_news_another_process_committed(
        started_while_busy):
    """One process committed a step but has not begun to send its news (no slot yet): the
    other, stepping the same game, delivers it with its own, in order, not a lease later."""
    waiting, stepping, _, table, free_slot = started_while_busy
    fresh = await stepping.table(table.id)
    asked = stepping.pending(fresh)[0]
    await stepping.decide(table.id, user_of(fresh, asked.seat), asked.id,
                          asked.default or asked.options[0].id)
    rows = await waiting.store._outbox("game_id = ?", (table.id,))
    assert [r.id for r in stepping.delivery.rows] == [r.id for r in rows]
    await free_slot()
    await waiting.idle()
    assert waiting.delivery.rows == []


async def test_the_simulator_plays_a_game_on_postgresql_as_on_sqlite(postgres):
    on_sqlite = await simulate(SimulationArgs("toy", players=6, seed=9, absent=2))
    on_postgres = await simulate(SimulationArgs("toy", players=6, seed=9, absent=2,
                                                db=await postgres.new_database()))
    assert on_postgres == on_sqlite and on_sqlite["finished"]
