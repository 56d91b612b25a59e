"""Who goes first at a door every game shares (SQLite's one connection, PostgreSQL's pool): the
work a person is waiting on (the answer to a click or a command) before the background's (news,
refreshes, AI answers), so that under load an acknowledgement waits for one statement, not for
a queue.

`PERSON` marks a person's work: the bot sets it where an interaction arrives, and tasks started
for later (`in_background`) run without it.
"""
from __future__ import annotations

import asyncio
import contextvars
from collections import deque

PERSON: contextvars.ContextVar[bool] = contextvars.ContextVar("person_waiting", default=False)


def in_background(coro) -> asyncio.Task:
    """A task for work nobody is waiting on now, whoever started it."""
    context = contextvars.copy_context()
    context.run(PERSON.set, False)
    return asyncio.get_running_loop().create_task(coro, context=context)


class Turns:
    """Up to `places` holders at once (a lock with one); a person's work is let in before the
    background's, each in arrival order."""

    def __init__(self, places: int = 1) -> None:
        self._free = places
        self._people: deque[asyncio.Future] = deque()
        self._background: deque[asyncio.Future] = deque()

    async def __aenter__(self) -> None:
        if self._free:
            self._free -= 1
            return
        turn = asyncio.get_running_loop().create_future()
        queue = self._people if PERSON.get() else self._background
        queue.append(turn)
        try:
            await turn            # whoever resolves it has handed its place over
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._hand_over()
            else:
                queue.remove(turn)
            raise

    async def __aexit__(self, *exc) -> None:
        self._hand_over()

    def _hand_over(self) -> None:
        for queue in (self._people, self._background):
            while queue:
                turn = queue.popleft()
                if not turn.done():
                    turn.set_result(None)
                    return
        self._free += 1
