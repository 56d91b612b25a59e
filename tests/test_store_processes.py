"""Two bot processes on one PostgreSQL database, each with its own store: a game's steps take
turns, an outbox row or a deadline goes to one of them only, and what a dead process held
comes back to the living after its lease."""
from __future__ import annotations

import asyncio
import contextlib

import pytest

from hosting.store import Deadline, GameRow
from hosting.store_pg import PgStore


@pytest.fixture
async def two(postgres):
    url = await postgres.new_database()
    first, second = await asyncio.gather(PgStore.open(url), PgStore.open(url))
    yield first, second
    for store in (first, second):
        await store.close()


async def running_game(store) -> GameRow:
    game_id = await store.create_game(GameRow(id=0, game="toy", status="running", mode="normal",
                                              options={}, pace={}, seed=1, state={"n": 0}))
    return await store.load_game(game_id)


async def test_steps_on_one_game_take_turns_across_processes(two):
    game = await running_game(two[0])
    inside: list[str] = []

    async def step(store, who: str) -> None:
        async with store.game_lock(game.id):
            inside.append(f"{who} in")
            row = await store.load_game(game.id)
            await asyncio.sleep(0.02)   # another process's step would land here
            await store.commit_step(row, new_version=row.version + 1,
                                    state={"n": row.state["n"] + 1}, now=1.0,
                                    outbox=[("public", "step", {"by": who})])
            inside.append(f"{who} out")

    await asyncio.gather(*(step(two[i % 2], f"p{i % 2}.{i}") for i in range(8)))
    row = await two[1].load_game(game.id)
    assert (row.version, row.state) == (8, {"n": 8})
    assert all(a.split()[0] == b.split()[0] for a, b in zip(inside[::2], inside[1::2]))


async def test_each_process_reads_what_the_other_wrote(two):
    game = await running_game(two[0])
    assert await two[1].deadlines(game.id) == [] and await two[1].prompted(game.id) == {}
    await two[0].commit_step(game, new_version=1, state={}, now=1.0, outbox=[],
                             add_deadlines=[Deadline(game.id, "q", 0, 5.0, None)])
    await two[0].record_prompt(game.id, "q", 0, 1, 2)
    assert await two[1].deadlines(game.id) == [Deadline(game.id, "q", 0, 5.0, None)]
    assert await two[1].prompted(game.id) == {("q", 0): (1, 2)}


async def test_an_outbox_row_goes_to_one_process(two):
    game = await running_game(two[0])
    await two[0].commit_step(game, new_version=1, state={}, now=1.0,
                             outbox=[("public", "news", {"n": n}) for n in range(60)])

    async def drain(store, who: str) -> list[int]:
        taken = []
        for _ in range(3):
            async with store.game_lock(game.id, "delivery"):
                rows = await store.claim_game_outbox(who, now=2.0, lease=30.0, game_id=game.id)
                taken += [r.id for r in rows]
                await store.mark_delivered(r.id for r in rows)
        return taken

    one, other = await asyncio.gather(drain(two[0], "a"), drain(two[1], "b"))
    assert not set(one) & set(other)
    assert len(set(one + other)) == len(one + other) == 60
    assert await two[1].undelivered() == []


async def test_a_deadline_fires_once_whichever_process_claims_it(two):
    game = await running_game(two[0])
    await two[0].commit_step(game, new_version=1, state={}, now=1.0, outbox=[], add_deadlines=[
        Deadline(game.id, f"q{n}", n, 5.0, None) for n in range(30)])
    taken = await asyncio.gather(*(store.claim_due(who, now=6.0, lease=30.0)
                                   for store, who in ((two[0], "a"), (two[1], "b")) * 3))
    fired = [d.pending_id for batch in taken for d in batch]
    assert sorted(fired) == sorted(f"q{n}" for n in range(30))


async def test_what_a_dead_process_held_returns_after_its_lease(postgres):
    url = await postgres.new_database()
    dying, living = await PgStore.open(url), await PgStore.open(url)
    try:
        game = await running_game(dying)
        await dying.commit_step(game, new_version=1, state={}, now=1.0,
                                outbox=[("public", "news", {})],
                                add_deadlines=[Deadline(game.id, "q", 0, 2.0, None)])
        assert len(await dying.claim_game_outbox("dying", 3.0, 30.0, game.id)) == 1
        assert len(await dying.claim_due("dying", now=3.0, lease=30.0)) == 1
        held = dying.game_lock(game.id)
        await held.__aenter__()
        dying.db.terminate()   # killed mid-step: its connections drop, nothing is released

        assert await living.unclaimed_outbox(20.0) == {}
        assert await living.claim_due("living", now=20.0, lease=30.0) == []
        assert list((await living.unclaimed_outbox(33.5)).values()) == [game.id]
        assert [d.pending_id for d in await living.claim_due("living", 33.5, 30.0)] == ["q"]
        async with asyncio.timeout(5):   # its game lock went with its connection
            async with living.game_lock(game.id):
                pass
    finally:
        await living.close()


async def test_many_held_games_never_starve_their_own_steps(postgres):
    store = await PgStore.open(await postgres.new_database(), pool_size=4)
    try:
        tables = [await running_game(store) for _ in range(12)]

        async def step(game: GameRow) -> None:
            async with store.game_lock(game.id):
                await store.commit_step(game, new_version=1, state={"n": 1}, now=1.0,
                                        outbox=[("public", "step", {})])

        async with asyncio.timeout(10):
            await asyncio.gather(*(step(t) for t in tables))
        assert len(await store.undelivered()) == 12
    finally:
        await store.close()


async def test_a_games_delivery_is_held_apart_from_its_steps(two):
    game = await running_game(two[0])
    async with two[0].game_lock(game.id, "delivery") as held:
        assert held
        async with two[1].game_lock(game.id, "delivery", wait=False) as other:
            assert not other                     # another process is sending its news
        async with asyncio.timeout(5), two[1].game_lock(game.id) as step:
            assert step                          # its steps go on meanwhile
        waiting = asyncio.ensure_future(_hold(two[1], game.id))
        await asyncio.sleep(0.2)
        assert not waiting.done()
    async with asyncio.timeout(5):
        assert await waiting


async def _hold(store, game_id: int, part: str = "delivery") -> bool:
    async with store.game_lock(game_id, part) as held:
        return held


async def test_a_step_runs_on_the_connection_holding_its_lock(postgres):
    """Its reads and its commit need no second connection: with the rest of the pool taken,
    the step still finishes."""
    store = await PgStore.open(await postgres.new_database(), pool_size=3)
    try:
        game = await running_game(store)
        async with store.game_lock(game.id), contextlib.AsyncExitStack() as taken:
            for _ in range(store.db.get_max_size() - 1):
                await taken.enter_async_context(store.db.acquire())
            async with asyncio.timeout(5):
                row = await store.load_game(game.id)
                await store.commit_step(row, new_version=1, state={"n": 1}, now=1.0,
                                        outbox=[("public", "step", {})])
        assert (await store.load_game(game.id)).state == {"n": 1}
    finally:
        await store.close()


async def test_a_step_given_up_as_its_lock_comes_leaves_the_game_free(two):
    """The pool does not reset a connection given back, so a lock granted to a step that was
    cancelled meanwhile must go with its connection."""
    game = await running_game(two[0])
    for _ in range(5):
        held = two[0].game_lock(game.id)
        await held.__aenter__()
        waiting = asyncio.ensure_future(_hold(two[1], game.id, "step"))
        await asyncio.sleep(0.1)
        await held.__aexit__(None, None, None)   # the server grants the waiting step its lock
        waiting.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await waiting
        async with asyncio.timeout(5), two[0].game_lock(game.id) as again:
            assert again
    assert await two[1].load_game(game.id) is not None


async def test_a_step_reads_its_deadlines_with_its_game(two):
    """Every deadline is written in a step: those read with the game under its lock hold until
    the step writes them; outside a step they are read from the database."""
    store, other = two
    game = await running_game(store)
    await store.commit_step(game, new_version=1, state={}, now=1.0, outbox=[],
                            add_deadlines=[Deadline(game.id, "q", 0, 5.0, None)])
    async with store.game_lock(game.id):
        row = await store.load_game(game.id)
        # Written behind the step's back, to show which read answers.
        await other._write("UPDATE deadlines SET due_at = 9 WHERE game_id = ?", (game.id,))
        assert await store.deadlines(game.id) == [Deadline(game.id, "q", 0, 5.0, None)]
        await store.commit_step(row, new_version=2, state={}, now=2.0, outbox=[],
                                drop_deadlines=["q"],
                                add_deadlines=[Deadline(game.id, "r", 1, 7.0, 6.0)])
        assert await store.deadlines(game.id) == [Deadline(game.id, "r", 1, 7.0, 6.0)]
    await other._write("UPDATE deadlines SET due_at = 8 WHERE game_id = ?", (game.id,))
    assert await store.deadlines(game.id) == [Deadline(game.id, "r", 1, 8.0, 6.0)]
