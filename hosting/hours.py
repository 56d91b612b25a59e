"""A table's hours: the part of each day, in its time zone, when its clock runs.

A table that sets `hours=09-23; tz=Europe/Madrid` counts its deadlines in open time only: a
step given 30 minutes at 22:50 ends at 09:20 the next morning, and a reminder due in the night
comes when the hours open. Everything here is arithmetic on moments (seconds since the epoch),
so it works on the fake clock as on the real one and nothing needs storing but the deadlines.
Hours may run past midnight (`20-02`); `00-24` is every hour of the day.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Iterator
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

_HOURS = re.compile(r"(\d{1,2})(?::(\d{2}))?-(\d{1,2})(?::(\d{2}))?")
DAY = 24 * 60


def minutes(text: str) -> tuple[int, int] | None:
    """"09-23" or "9:30-23:15" as minutes of the day (start, end), or None if it cannot be:
    hours past 24, minutes past 59, an empty span."""
    found = _HOURS.fullmatch(str(text).strip())
    if found is None:
        return None
    h1, m1, h2, m2 = (int(g or 0) for g in found.groups())
    start, end = h1 * 60 + m1, h2 * 60 + m2
    if m1 > 59 or m2 > 59 or start >= DAY or end > DAY or start == end:
        return None
    return start, end


def zone(name: str) -> ZoneInfo | None:
    """The time zone of that IANA name (Europe/Madrid, UTC), or None."""
    try:
        return ZoneInfo(str(name))
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return None


@dataclass(frozen=True)
class Hours:
    start: int          # minutes after local midnight
    end: int            # the same, or less for hours past midnight; 1440 for midnight
    tz: ZoneInfo

    @classmethod
    def of(cls, text: str, tz: str = "UTC") -> "Hours":
        """Hours as a table set them (already checked: `minutes` and `zone` accept them)."""
        start, end = minutes(text)
        return cls(start, end, zone(tz))

    def _at(self, day: date, minute: int) -> float:
        return datetime.combine(day + timedelta(days=minute // DAY),
                                time(minute % DAY // 60, minute % 60), self.tz).timestamp()

    def _span(self, day: date) -> tuple[float, float]:
        """The open span that starts on this local day."""
        end = self.end if self.end > self.start else self.end + DAY
        return self._at(day, self.start), self._at(day, end)

    def _day(self, moment: float) -> date:
        return datetime.fromtimestamp(moment, self.tz).date()

    def _forward(self, moment: float) -> Iterator[tuple[float, float]]:
        """Open spans that end after `moment`, in order."""
        day = self._day(moment) - timedelta(days=1)
        while True:
            span = self._span(day)
            if span[1] > moment:
                yield span
            day += timedelta(days=1)

    def _backward(self, moment: float) -> Iterator[tuple[float, float]]:
        """Open spans that start before `moment`, latest first."""
        day = self._day(moment) + timedelta(days=1)
        while True:
            span = self._span(day)
            if span[0] < moment:
                yield span
            day -= timedelta(days=1)

    def is_open(self, moment: float) -> bool:
        start, _ = next(self._forward(moment))
        return start <= moment

    def opens(self, moment: float) -> float:
        """`moment` if the hours are open then, else when they next open."""
        return max(moment, next(self._forward(moment))[0])

    def add(self, moment: float, seconds: float) -> float:
        """The moment `seconds` of open time after `moment`."""
        for start, end in self._forward(moment):
            start = max(start, moment)
            if start + seconds <= end:
                return start + seconds
            seconds -= end - start
        raise AssertionError("unreachable")

    def back(self, moment: float, seconds: float) -> float:
        """The moment `seconds` of open time before `moment`."""
        for start, end in self._backward(moment):
            end = min(end, moment)
            if end - seconds >= start:
                return end - seconds
            seconds -= end - start
        raise AssertionError("unreachable")

    def between(self, earlier: float, later: float) -> float:
        """Seconds of open time from `earlier` to `later` (0 if `later` is not after it)."""
        total = 0.0
        if later <= earlier:
            return total
        for start, end in self._forward(earlier):
            if start >= later:
                return total
            total += min(end, later) - max(start, earlier)
        raise AssertionError("unreachable")
