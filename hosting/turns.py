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
    background's, each in arrival order. The places may change while work holds them."""

    def __init__(self, places: int = 1) -> None:
        self.places = places
        self.busy = 0
        self._people: deque[asyncio.Future] = deque()
        self._background: deque[asyncio.Future] = deque()

    async def acquire(self) -> None:
        if self.busy < self.places and not (self._people or self._background):
            self.busy += 1
            return
        turn = asyncio.get_running_loop().create_future()
        queue = self._people if PERSON.get() else self._background
        queue.append(turn)
        try:
            await turn            # whoever resolves it has counted this holder in
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self.release()
            else:
                queue.remove(turn)
            raise

    def release(self) -> None:
        self.busy -= 1
        self._let_in()

    def resize(self, places: int) -> None:
        """Fewer places make the next holders wait; more let waiting ones in at once."""
        self.places = places
        self._let_in()

    def _let_in(self) -> None:
        for queue in (self._people, self._background):
            while queue and self.busy < self.places:
                turn = queue.popleft()
                if not turn.done():
                    self.busy += 1
                    turn.set_result(None)

    async def __aenter__(self) -> None:
        await self.acquire()

    async def __aexit__(self, *exc) -> None:
        self.release()
