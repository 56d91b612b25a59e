"""The store's door: a person's work goes before the background's, each in arrival order, and
work started for later is background whoever started it."""
from __future__ import annotations

import asyncio

from hosting.turns import PERSON, Turns, in_background


async def queue_up(turns: Turns, order: list[str], name: str, person: bool) -> asyncio.Task:
    async def work() -> None:
        PERSON.set(person)
        async with turns:
            order.append(name)
    task = asyncio.create_task(work())
    await asyncio.sleep(0)
    return task


async def test_a_person_goes_before_the_background_that_waited_longer():
    turns, order = Turns(), []
    async with turns:
        tasks = [await queue_up(turns, order, name, person)
                 for name, person in (("news", False), ("refresh", False), ("click", True),
                                      ("command", True))]
        assert order == []
    await asyncio.gather(*tasks)
    assert order == ["click", "command", "news", "refresh"]


async def test_places_are_let_in_as_they_free_up_people_first():
    turns, order, held = Turns(2), [], asyncio.Event()

    async def hold(name: str) -> None:
        async with turns:
            order.append(name)
            await held.wait()
    holders = [asyncio.create_task(hold(name)) for name in ("first", "second")]
    await asyncio.sleep(0)
    waiting = [await queue_up(turns, order, name, person)
               for name, person in (("news", False), ("click", True))]
    assert order == ["first", "second"]
    held.set()
    await asyncio.gather(*holders, *waiting)
    assert order == ["first", "second", "click", "news"]


async def test_a_cancelled_wait_leaves_the_turn_to_the_next():
    turns, order = Turns(), []
    async with turns:
        gone = await queue_up(turns, order, "gone", True)
        kept = await queue_up(turns, order, "kept", False)
        gone.cancel()
        await asyncio.sleep(0)
    await kept
    assert order == ["kept"]
    async with turns:     # free again
        order.append("after")
    assert order == ["kept", "after"]


async def test_work_started_for_later_is_background():
    async def inside() -> bool:
        return PERSON.get()
    PERSON.set(True)
    assert await in_background(inside()) is False
    assert await asyncio.create_task(inside()) is True   # a plain task inherits it
    assert PERSON.get() is True                          # the caller is still a person's work
