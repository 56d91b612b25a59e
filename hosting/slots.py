"""How much background work (games' news, AI answers, refreshes) a process does at once.

Clicks take no slot, so under load they are answered first and the news waits a little. A
process whose CPU is saturated answers a click as late as the event loop gets to it, and every
background task ready to run is a turn ahead of it: so the slots shrink while the loop runs
late (halved on each late tick) and grow back one by one while it keeps time. A task already
running is never stopped; only the next one waits.
"""
from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager

from hosting.turns import Turns

TICK = 0.05    # seconds between two looks at the event loop
LATE = 0.02    # a tick this much late: the loop is busy, fewer slots
CALM = 0.005   # a tick less late than this: one slot more


class Slots:
    def __init__(self, most: int, held: float):
        """Up to `most` at once; work that holds its slot `held` seconds (Discord slow to
        answer it) gives it back, so no game stalls the others."""
        self.most = most
        self.held = held
        self._turns = Turns(most)

    @property
    def limit(self) -> int:
        return self._turns.places

    @property
    def busy(self) -> int:
        return self._turns.busy

    @asynccontextmanager
    async def hold(self):
        """One slot, given back when the work ends or has held it too long."""
        await self._turns.acquire()
        given_back = False

        def give_back() -> None:
            nonlocal given_back
            if not given_back:
                given_back = True
                self._turns.release()

        timer = asyncio.get_running_loop().call_later(self.held, give_back)
        try:
            yield
        finally:
            timer.cancel()
            give_back()

    def observe(self, late: float) -> None:
        """A tick came `late` seconds after it was due: fewer slots, or one more."""
        if late > LATE:
            self._turns.resize(max(1, self.limit // 2))
        elif late < CALM and self.limit < self.most:
            self._turns.resize(self.limit + 1)

    async def watch(self, tick: float = TICK) -> None:
        """Look at the event loop every `tick` seconds, for as long as the process runs."""
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + tick
            await asyncio.sleep(tick)
            self.observe(loop.time() - due)
