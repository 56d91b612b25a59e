"""A restart: recovery loads no game before it returns; in the background it delivers the news
left undelivered, lets the AI seats answer what they were asked, shows every live game again
(loading them in batches) and leaves finished games alone; every deadline still fires."""
from __future__ import annotations

from hosting.clock import FakeClock
from hosting.host import Host
from hosting.stores import open_store
from tests.test_host import ALICE, Recorder, four_people, user_of


class Refreshes(Recorder):
    """The games shown again: refreshed, or delivered (a delivery ends showing its game)."""

    def __init__(self):
        super().__init__()
        self.shown: list[int] = []

    async def deliver(self, table, rows):
        await super().deliver(table, rows)
        self.shown.append(table.id)

    async def table_changed(self, table):
        self.shown.append(table.id)


async def stored_games(target, clock):
    """A running game of people, one where an AI seat was just asked, one paused with an AI
    seat asked, one finished; what each is."""
    store = await open_store(target)
    out = Recorder()
    host = Host(store, clock, out, background=False)
    people = await four_people(host)
    out.fail = True                      # the bot stops before the first news goes out
    await host.start(people.id, ALICE)
    out.fail = False
    made = {"people": people.id}
    for kind in ("ai", "paused", "finished"):
        table = await host.new_game("toy", host_user=ALICE, host_name="alice", seed=3)
        for _ in range(3):
            await host.add_ai(table.id, ALICE)
        await host.start(table.id, ALICE)
        if kind == "finished":
            await host.run_ai(table.id)
            while (table := await host.table(table.id)).status != "finished":
                p = host.pending(table)[0]
                await host.decide(table.id, user_of(table, p.seat), p.id, p.default)
                await host.run_ai(table.id)
        elif kind == "paused":
            await host.pause(table.id, ALICE)
        made[kind] = table.id
    await store.close()
    return made


async def test_recovery_loads_what_has_work_and_shows_the_rest_after(store_target):
    clock = FakeClock()
    made = await stored_games(store_target, clock)
    clock.advance(60)       # on PostgreSQL, the stopped process's claims have run out
    store = await open_store(store_target)
    loads = []
    load_games = store.load_games

    async def counted(ids, **kw):
        loads.extend(ids)
        return await load_games(ids, **kw)
    store.load_games = counted
    out = Refreshes()
    host = Host(store, clock, out, settle_delay=0)
    try:
        decided = {k: await store.decision_count(i) for k, i in made.items()}
        waiting = await store.undelivered()
        assert {r.game_id for r in waiting} == {made["people"]}
        assert sorted(await host.recover()) == sorted([made["people"], made["ai"],
                                                       made["paused"]])
        assert loads == []                    # the work is left to the background
        await host.idle()
        assert [r.id for r in out.rows[:len(waiting)]] == [r.id for r in waiting]
        assert await store.undelivered() == []
        assert set(out.shown) == {made["people"], made["ai"], made["paused"]}
        assert made["finished"] not in loads
        assert await store.decision_count(made["ai"]) > decided["ai"]      # the AI answered
        assert await store.decision_count(made["paused"]) == decided["paused"]
        clock.advance(10 ** 6)
        await host.fire_due()                 # the people's deadline fired after all
        assert await store.decision_count(made["people"]) > decided["people"]
    finally:
        await host.idle()
        await store.close()
