"""Away time: `/away until:` in a server, for every table the person sits at there.

It is kept per (server, person) (migration V15's `away`), so a restart keeps it and its end is
found by the scheduler like a deadline. While it lasts each running table the person sits at
either has the bot play their seat (autopilot "away") or, if its host chose `away_waits`, stands
paused, saying in its thread who it waits for; when it ends (the date passes, or `/away off`)
the seats come back and a table paused for it goes on once nobody it waits for is away.
Tables opened meanwhile are left alone: someone who sits down at a new table is there.
"""
from __future__ import annotations

import logging
import re
from datetime import date, datetime, timezone

from games.base import PUBLIC, IllegalMove
from hosting import autopilot
from hosting.store import GameRow

log = logging.getLogger(__name__)
MAX_DAYS = 90
_SPAN = re.compile(r"(\d{1,4})\s*([dh])")
WAITS = "table_paused_away"   # the thread's line when a table pauses for someone away


def until_of(text: str, now: float) -> float:
    """When an away time given as a date (2026-12-05: back that day, 00:00 UTC) or a span
    ("3d", "12h") ends; IllegalMove if it cannot be read, is past, or is too far."""
    text = text.strip().lower()
    span = _SPAN.fullmatch(text)
    if span:
        until = now + int(span[1]) * (86400 if span[2] == "d" else 3600)
    else:
        try:
            day = date.fromisoformat(text)
        except ValueError:
            raise IllegalMove("bad_away", f"Cannot read the date {text[:40]!r}.",
                              value=text[:40]) from None
        until = datetime(day.year, day.month, day.day, tzinfo=timezone.utc).timestamp()
    if not now < until <= now + MAX_DAYS * 86400:
        raise IllegalMove("away_range", "Away time ends after now and within 90 days.",
                          days=MAX_DAYS)
    return until


class AwayTime:
    """The host's part (mixed into `Host`)."""

    async def go_away(self, guild_id: int, user_id: int, until: float) -> int:
        """The person is away until `until` in this server: each running table they sit at
        plays their seat or waits. How many tables that touched."""
        await self.store.set_away(guild_id, user_id, until)
        self._wake.set()   # its end is due like a deadline
        touched = 0
        for table in await self._seated_at(guild_id, user_id):
            touched += await self._away_at(table, table.seat_of(user_id).seat)
        return touched

    async def end_away(self, guild_id: int, user_id: int) -> bool:
        """`/away off`, or its time is over: the person's seats are theirs again and the
        tables that waited only for them go on. Whether they were away."""
        was = await self.store.clear_away(guild_id, user_id)
        for table in await self._seated_at(guild_id, user_id):
            seat = table.seat_of(user_id)
            try:
                if seat.autopilot == "away":
                    await self.set_autopilot(table.id, seat.seat, None)
                if table.status == "paused" and await self._waits_for_nobody(table):
                    await self.resume(table.id, None, admin=True)
            except IllegalMove:   # it moved on meanwhile (over, or resumed elsewhere)
                continue
        return was

    async def away_over(self) -> int:
        """End every away time whose date has passed (the scheduler's); how many."""
        ended = await self.store.away_over(self.clock.now())
        for guild_id, user_id in ended:
            try:
                await self.end_away(guild_id, user_id)
            except Exception:   # one person's tables never hold up the clocks of the others
                log.exception("ending the away time of %s in %s failed", user_id, guild_id)
        return len(ended)

    async def _seated_at(self, guild_id: int, user_id: int) -> list[GameRow]:
        ids = await self.store.game_ids(statuses=("running", "paused"), guild_id=guild_id)
        return [t for t in await self._read_many(ids)
                if t.unreadable is None and t.seat_of(user_id) is not None]

    async def _away_at(self, table: GameRow, seat: int) -> bool:
        if not autopilot.away_waits(table):
            return await self.set_autopilot(table.id, seat, "away")
        async with self._acting(table.id, "a pause"):
            table = await self.table(table.id)
            if table.status != "running" or table.suspended:
                return False
            now = self.clock.now()
            await self.store.commit_step(table, new_version=table.version + 1,
                                         state=table.state, now=now, status="paused",
                                         outbox=[(PUBLIC, WAITS, {"seat": seat})],
                                         columns={"paused_at": now}, claim=self._claim())
            table.paused_at = now
        await self._after_step(table)
        return True

    async def _waits_for_nobody(self, table: GameRow) -> bool:
        """Whether the table was paused for away time (its latest pause said so), and nobody
        seated is away now."""
        if await self.store.last_pause(table.id) != WAITS:
            return False
        away = await self.store.away_in(table.guild_id)
        return not any(s.user_id in away for s in table.seats)
