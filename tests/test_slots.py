"""The background slots: at most `limit` pieces of work at once, in the order they came;
fewer while the event loop runs late, more again while it keeps time."""
from __future__ import annotations

import asyncio
import time

from hosting.slots import CALM, LATE, Slots


async def started(slots: Slots, n: int, gate: asyncio.Event, log: list[int]) -> list[asyncio.Task]:
    async def work(i: int) -> None:
        async with slots.hold():
            log.append(i)
            await gate.wait()
    tasks = [asyncio.create_task(work(i)) for i in range(n)]
    await asyncio.sleep(0)
    return tasks


async def test_work_beyond_the_limit_waits_its_turn_in_order():
    slots, gate, log = Slots(2, held=60), asyncio.Event(), []
    tasks = await started(slots, 5, gate, log)
    assert log == [0, 1] and slots.busy == 2
    gate.set()
    await asyncio.gather(*tasks)
    assert log == [0, 1, 2, 3, 4] and slots.busy == 0


async def test_a_late_loop_halves_the_slots_and_a_calm_one_gives_them_back():
    slots, gate, log = Slots(8, held=60), asyncio.Event(), []
    for expected in (4, 2, 1, 1):
        slots.observe(LATE * 2)
        assert slots.limit == expected
    tasks = await started(slots, 4, gate, log)
    assert log == [0]                       # one at a time while busy
    slots.observe((LATE + CALM) / 2)        # neither late nor calm: as it was
    assert slots.limit == 1
    slots.observe(0.0)
    await asyncio.sleep(0)
    assert slots.limit == 2 and log == [0, 1]
    for _ in range(10):
        slots.observe(0.0)
    assert slots.limit == 8
    await asyncio.sleep(0)
    assert log == [0, 1, 2, 3]
    gate.set()
    await asyncio.gather(*tasks)
    assert slots.busy == 0


async def test_work_cancelled_while_waiting_takes_no_slot():
    slots, gate, log = Slots(1, held=60), asyncio.Event(), []
    first, second, third = await started(slots, 3, gate, log)
    second.cancel()
    await asyncio.sleep(0)
    gate.set()
    await asyncio.gather(first, third)
    assert log == [0, 2] and slots.busy == 0


async def test_the_watch_sees_a_busy_loop():
    slots = Slots(8, held=60)
    watching = asyncio.create_task(slots.watch(tick=0.01))
    await asyncio.sleep(0.05)
    time.sleep(0.2)                         # the loop is held: the next tick comes late
    await asyncio.sleep(0.02)
    watching.cancel()
    assert slots.limit < 8
