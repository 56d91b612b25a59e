"""The store keeps each game's deadlines and prompts in memory between writes: reads see every
write at once, and a read that raced a write is never kept."""
from __future__ import annotations

import asyncio

from hosting.store import Deadline, GameRow, Store, _PerGame


async def test_a_read_that_raced_a_write_is_returned_but_not_kept():
    cache, loads = _PerGame(), []
    gate = asyncio.Event()

    async def slow_old():
        loads.append("old")
        await gate.wait()
        return "old"

    reading = asyncio.ensure_future(cache.get(1, slow_old))
    await asyncio.sleep(0)
    cache.drop(1)                        # a write landed while the read was under way
    gate.set()
    assert await reading == "old"

    async def fresh():
        loads.append("new")
        return "new"

    assert await cache.get(1, fresh) == "new"
    assert await cache.get(1, fresh) == "new"   # now kept
    assert loads == ["old", "new"]


async def test_deadlines_and_prompts_follow_every_write(tmp_path):
    store = await Store.open(tmp_path / "s.sqlite3")
    try:
        game_id = await store.create_game(GameRow(id=0, game="toy", status="running",
                                                  mode="normal", options={}, pace={}, seed=1,
                                                  state={"n": 0}))
        game = await store.load_game(game_id)
        assert await store.deadlines(game_id) == []
        due = Deadline(game_id, "0:kill", 1, 50.0, None)
        await store.commit_step(game, new_version=1, state={"n": 1}, outbox=[], now=1.0,
                                add_deadlines=[due])
        assert await store.deadlines(game_id) == [due]
        await store.commit_step(game, new_version=2, state={"n": 1}, outbox=[], now=1.5,
                                shift_deadlines=10.0)
        assert [d.due_at for d in await store.deadlines(game_id)] == [60.0]
        await store.commit_step(game, new_version=3, state={"n": 2}, outbox=[], now=2.0,
                                drop_deadlines=["0:kill"])
        assert await store.deadlines(game_id) == []
        assert await store.prompted(game_id) == {}
        await store.record_prompt(game_id, "0:kill", 1, 7, 8)
        assert await store.prompted(game_id) == {("0:kill", 1): (7, 8)}
        reopened = await Store.open(tmp_path / "s.sqlite3")    # what the database holds
        assert await reopened.prompted(game_id) == await store.prompted(game_id)
        await reopened.close()
    finally:
        await store.close()
