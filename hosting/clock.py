"""Clocks: the real one for the bot, a fake one the simulator and tests move by hand."""
from __future__ import annotations

import time


class RealClock:
    def now(self) -> float:
        return time.time()


class FakeClock:
    """Time stands still until `advance` or `set` moves it; nothing ever really waits."""

    def __init__(self, start: float = 1_700_000_000.0):
        self._now = float(start)

    def now(self) -> float:
        return self._now

    def set(self, when: float) -> None:
        self._now = max(self._now, float(when))

    def advance(self, seconds: float) -> None:
        self._now += seconds
