"""Autopilot: the bot plays a person's seat while they are gone, from that seat's knowledge.

A seat goes on autopilot when its person lets the table's `autopilot` number of deadlines
pass in a row (`misses`; 0: never), sets away time, or leaves; any answer of theirs, or
**I'm back**, takes it back at once. The person is told privately each time (`autopilot_on`,
`autopilot_off`, data.seat).

What the table sees must not tell who was asked in secret. So every miss counts towards the
switch and towards the bot answering the seat's secret questions, but the seat's PUBLIC
questions are answered by the bot, and the table told so, only once its person let that many
public deadlines pass in a row (`public_missed`): the table watched each of those go by
itself. A secret answer never clears that count unless the table saw the bot play the seat,
whose return **I'm back** explains as well; so nothing public depends on a secret question.
Away time and leaving are the person's own choices, told to the table at once.
"""
from __future__ import annotations

from dataclasses import replace

from games.base import PUBLIC, Event, Pending
from games.options import Flag, Int, Spec
from hosting.store import GameRow, SeatRow

REASONS = ("missed", "away", "left")
# Deadlines missed in a row before the bot plays a seat, unless the table says (its `autopilot`
# setting): a live deadline is a minute or two, so one can be a moment away from the screen,
# two are not; an async one lasts hours, so one miss already means a person gone a while.
DEFAULT_MISSES = {"live": 2, "async": 1}
ASYNC_FROM = 3600.0   # a table whose default deadline is this long or longer plays async
# The table's settings for it, typed with the game's options (`hosting/pace.TABLE_SPECS`).
SPECS: dict[str, Spec] = {"autopilot": Int(0, 20), "away_waits": Flag()}


def misses(table: GameRow) -> int:
    """The table's deadlines missed in a row before the bot plays a seat (0: never)."""
    if "autopilot" in table.options:
        return table.options["autopilot"]
    slow = table.pace.get("default", 0) >= ASYNC_FROM
    return DEFAULT_MISSES["async" if slow else "live"]


def away_waits(table: GameRow) -> bool:
    """Whether the table pauses while one of its people is away, rather than letting the bot
    play their seat."""
    return bool(table.options.get("away_waits", False))


def shown(seat: SeatRow, table: GameRow) -> bool:
    """Whether the table sees the bot play this person's seat."""
    if seat.autopilot is None:
        return False
    return seat.autopilot != "missed" or seat.public_missed >= max(1, misses(table))


def answers(seat: SeatRow, pending: Pending, table: GameRow) -> bool:
    """Whether the bot answers this question of the seat: an AI seat's always; a person's on
    autopilot, a secret one, or a public one once the table sees the bot play it."""
    if seat.is_ai:
        return True
    return seat.autopilot is not None and (not pending.public or shown(seat, table))


def after_answer(seat: SeatRow, pending: Pending, source: str,
                 table: GameRow) -> tuple[SeatRow | None, list[Event]]:
    """The seat as a question's answer leaves it (None: as it was) and what it is told: its
    person answering takes it back; a deadline passing counts a miss, and may switch it on."""
    if seat.is_ai or source not in ("player", "timeout"):
        return None, []
    if source == "player":
        back = replace(seat, autopilot=None, missed=0, public_missed=(
            0 if pending.public or shown(seat, table) else seat.public_missed))
        return (None, []) if back == seat else (back, _told(seat, back, table))
    limit = misses(table)
    missed = replace(seat, missed=seat.missed + 1,
                     public_missed=seat.public_missed + int(pending.public))
    if missed.autopilot is None and limit and max(missed.missed, missed.public_missed) >= limit:
        missed.autopilot = "missed"
    return missed, _told(seat, missed, table)


def switched(seat: SeatRow, reason: str | None,
             table: GameRow) -> tuple[SeatRow | None, list[Event]]:
    """The seat put on autopilot for `reason`, or given back to its person (None); None if it
    is so already."""
    if reason is not None and reason not in REASONS:
        raise ValueError(f"no autopilot reason {reason!r}")
    if seat.is_ai or seat.autopilot == reason:
        return None, []
    if reason is None:
        now = replace(seat, autopilot=None, missed=0,
                      public_missed=0 if shown(seat, table) else seat.public_missed)
    else:
        now = replace(seat, autopilot=reason)
    return now, _told(seat, now, table)


def _told(before: SeatRow, after: SeatRow, table: GameRow) -> list[Event]:
    """The private notice of a switch, and the table's line when what it sees changes."""
    n = after.seat
    events = []
    if before.autopilot is None and after.autopilot is not None:
        events.append(Event("autopilot_on", {"seat": n, "reason": after.autopilot}, [n]))
    elif before.autopilot is not None and after.autopilot is None:
        events.append(Event("autopilot_off", {"seat": n}, [n]))
    was, now = shown(before, table), shown(after, table)
    if now and not was:
        events.append(Event("table_autopilot_on", {"seat": n, "reason": after.autopilot},
                            PUBLIC))
    elif was and not now:
        events.append(Event("table_autopilot_off", {"seat": n}, PUBLIC))
    return events
