"""Substitutes: who may take a seat over, and when a seat is offered to someone else.

A seat is free for a substitute when the table knows nobody plays it: its person left a game
whose rules keep every seat (the bot plays it, autopilot "left"), or the table sees the bot
play it (`autopilot.shown`: never one whose misses were of secret questions only, or the offer
would tell the table that the seat had a secret question). A seat left is offered at once; one
the bot plays because its person missed deadlines is offered once the table has seen the bot
play it for the table's `offer_after` minutes (a deadline row, `TIMER`, so a restart or a
pause keeps it); one whose person is away is not offered by itself (they said when they come
back), but its host may offer it. Any offer of a seat, and the seat taken or given back,
ends its timer.
"""
from __future__ import annotations

from typing import Callable

import games
from games.base import PUBLIC, Event
from games.options import Int, Spec
from hosting import autopilot
from hosting.store import Deadline, GameRow, SeatRow

LIVE = ("running", "paused")
OFFERED = "table_seat_offered"   # the thread's offer (a message of its own, with a button)
TAKEN = "table_seat_taken"       # the thread's line: someone takes a seat over
YOURS = "table_seat_yours"       # to the seat: its newcomer is told all it knows
TIMER = "~offer:"                # + seat: the deadline row of a seat's offer (not a question)
# Minutes the table sees the bot play a seat whose person missed deadlines before the seat is
# offered, unless the table says (`offer_after`; 0: never by itself): a live game lasts about
# an hour, so ten minutes gone is most of a phase or two; an async one lasts days, and a
# day away from a forum game is where its players begin to look for a replacement.
DEFAULT_OFFER_AFTER = {"live": 10, "async": 24 * 60}
SPECS: dict[str, Spec] = {"offer_after": Int(0, 14 * 24 * 60)}


def seat_free(table: GameRow, seat: int) -> bool:
    """Whether a substitute may take the seat now, by what the table knows. A seat whose part
    the rules handed on (Mysterium's R24) has nothing left to take."""
    row = table.seats[seat] if 0 <= seat < len(table.seats) else None
    return (row is not None and not row.is_ai and table.status in LIVE
            and table.state is not None and autopilot.shown(row, table)
            and in_play(table, seat))


def in_play(table: GameRow, seat: int) -> bool:
    """Whether the seat has a game left to play: one out for good (`Engine.eliminated`: dead)
    is never offered, whoever left it."""
    return seat not in games.engine(table.game).eliminated(table.state)


def offered(seat: int) -> Event:
    return Event(OFFERED, {"seat": seat, "number": seat + 1}, PUBLIC)


def taken(seat: int) -> list[Event]:
    """A seat taken over: the table's line, and the newcomer's history (by the delivery)."""
    data = {"seat": seat, "number": seat + 1}
    return [Event(TAKEN, data, PUBLIC), Event(YOURS, data, [seat])]


def offer_after(table: GameRow) -> float:
    """Seconds the table sees the bot play a missed seat before it is offered (0: never)."""
    if "offer_after" in table.options:
        return 60.0 * table.options["offer_after"]
    slow = table.pace.get("default", 0) >= autopilot.ASYNC_FROM
    return 60.0 * DEFAULT_OFFER_AFTER["async" if slow else "live"]


def timer_seat(pending_id: str) -> int | None:
    return int(pending_id[len(TIMER):]) if pending_id.startswith(TIMER) else None


def timers(table: GameRow, old: set[str], changed: list[SeatRow], events: list[Event],
           due: Callable[[float], float]) -> tuple[list[Deadline], set[str]]:
    """The offer timers a step starts (`table.seats` still as before it; `due(seconds)`: when
    that many seconds of the table's time have passed), and those of `old` that stand after
    it: a seat offered, taken, left or given back ends its own."""
    ended = {e.data["seat"] for e in events if e.kind == OFFERED}
    started = []
    for after in changed:
        before = table.seats[after.seat]
        if after.autopilot != "missed" or not autopilot.shown(after, table) or (
                before.user_id != after.user_id):
            ended.add(after.seat)
        elif not autopilot.shown(before, table) and offer_after(table) > 0:
            started.append(Deadline(table.id, f"{TIMER}{after.seat}", None,
                                    due(offer_after(table)), None))
    return ([d for d in started if timer_seat(d.pending_id) not in ended],
            {pid for pid in old if timer_seat(pid) is not None and timer_seat(pid) not in ended})
