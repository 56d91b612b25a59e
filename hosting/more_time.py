"""The table's clock beyond its deadlines (`GameRow.clock`, migration V16): who turned their
reminders down, and more time for the current moment (phase and round): the seats that asked
for it, the minutes given, the public vote under way.

A person may ask once a moment, and only while a public question waits (asking for time on a
secret one would tell the table that somebody was asked it). The seated people vote in public:
the host's yes grants at once; otherwise the vote closes as soon as its result cannot change
(a majority of the people at the table for or against) or at the end of its window, granted if
more of those who voted said yes than no. What is given is half the public question's time,
so a table can settle its talk without one request doubling everyone's wait.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass

from games.base import PUBLIC, IllegalMove
from hosting import pace
from hosting.store import Deadline, GameRow

VOTE = "~more_time"     # the deadline row that closes a vote (not a question of the game)
WINDOW_SHARE = 0.25     # a vote lasts a quarter of the public question's time...
WINDOW_LEAST = 30.0     # ...and at least this many seconds
GIVEN_SHARE = 0.5       # a granted request gives half the public question's time
MAX_MINUTES = 7 * 24 * 60   # the most the host gives at once: a week


def quiet(clock: dict | None) -> set[int]:
    """The people who turned reminders down for this game."""
    return set((clock or {}).get("quiet", ()))


def with_reminders(clock: dict | None, user_id: int, on: bool) -> dict:
    kept = quiet(clock) - {user_id} | (set() if on else {user_id})
    return {**(clock or {}), "quiet": sorted(kept)}


def now_part(clock: dict | None, moment: str) -> dict:
    """What the clock holds for this moment (asked, given, vote); an earlier moment's is
    spent."""
    part = (clock or {}).get("more") or {}
    return part if part.get("moment") == moment else {"moment": moment}


def with_part(clock: dict | None, part: dict) -> dict:
    return {**(clock or {}), "more": part}


def minutes_given(seconds: float) -> int:
    """What a granted request gives for a public question of `seconds`: whole minutes."""
    return max(1, math.ceil(seconds * GIVEN_SHARE / 60))


def window(seconds: float) -> float:
    return max(WINDOW_LEAST, seconds * WINDOW_SHARE)


@dataclass(frozen=True)
class Tally:
    yes: int
    no: int
    people: int    # the people seated (who may vote)

    def settled(self) -> bool | None:
        """True or False once the result cannot change, else None."""
        if self.yes * 2 > self.people:
            return True
        if self.no * 2 >= self.people or self.yes + self.no >= self.people:
            return self.yes > self.no
        return None

    def at_close(self) -> bool:
        return self.yes > self.no


def _people(table) -> list:
    """The seats people play (who may vote): not the bot's."""
    return [s for s in table.seats if s.user_id is not None and not s.ai_plays]


class TimeControls:
    """The host's controls on a running table's clock (a mixin of `Host`): reminders on or
    off, the host's extension, a person's request and the vote on it. Each is one step,
    committed with the table's clock (`GameRow.clock`) before anyone is told."""

    async def set_reminders(self, game_id: int, user_id: int, on: bool) -> bool:
        """Turn this person's reminders for the game on or off; whether they were changed."""
        async with self._acting(game_id, "reminders"):
            table = await self.table(game_id)
            if table.seat_of(user_id) is None:
                raise IllegalMove("not_in_game", "You are not in this game.")
            if table.status not in ("running", "paused"):
                raise IllegalMove("not_running", "This game is not running.")
            if (user_id not in quiet(table.clock)) == on:
                return False
            await self._write_clock(table, with_reminders(table.clock, user_id, on))
        return True

    async def extend(self, game_id: int, by_user: int | None, minutes: int,
                     admin: bool = False) -> GameRow:
        """The host gives every open deadline of the table `minutes` more of its time; a vote
        on more time under way ends with it."""
        async with self._acting(game_id, "table_extended"):
            table = await self.table(game_id)
            self._require_host(table, by_user, admin)
            if table.status not in ("running", "paused") or table.suspended:
                raise IllegalMove("not_running", "This game is not running.")
            if not 1 <= minutes <= MAX_MINUTES:
                raise IllegalMove("bad_minutes", f"Give from 1 to {MAX_MINUTES} minutes.",
                                  hi=MAX_MINUTES)
            part = now_part(table.clock, self.moment(table))
            await self._give(table, part, minutes, "table_extended")
        await self._after_step(table)
        return table

    async def ask_time(self, game_id: int, user_id: int) -> bool:
        """A person asks the table for more time on the public question waiting now, once a
        moment. Returns whether it was granted at once (the host asked, or a table of one);
        else the table votes (`vote_time`)."""
        async with self._acting(game_id, "table_time_asked"):
            table = await self.table(game_id)
            seat = self._voter(table, user_id)
            public = await self._public_deadline(table)
            if public is None:
                raise IllegalMove("no_public_question", "More time can be asked only while a "
                                  "question is asked in the thread.")
            part = now_part(table.clock, self.moment(table))
            if part.get("vote"):
                raise IllegalMove("time_vote_open", "The table is already voting on more time.")
            if seat.seat in part.get("asked", ()):
                raise IllegalMove("time_asked_already", "You have asked for more time in this "
                                  "phase already.")
            seconds = pace.duration(table.pace, public.deadline)
            vote = {"seat": seat.seat, "minutes": minutes_given(seconds), "yes": [seat.seat],
                    "no": []}
            part = {**part, "asked": [*part.get("asked", ()), seat.seat], "vote": vote}
            granted = user_id == table.host_user or Tally(1, 0, len(_people(table))).settled()
            if granted is None:
                until = pace.Clock(table.options).due(self.clock.now(), window(seconds))
                await self._write_clock(
                    table, with_part(table.clock, part),
                    [(PUBLIC, "table_time_asked", {"seat": seat.seat, "until": int(until),
                                                   "minutes": vote["minutes"]})],
                    add=[Deadline(table.id, VOTE, None, until, None)])
            else:
                await self._close(table, part, granted)
        await self._after_step(table)
        return bool(granted)

    async def vote_time(self, game_id: int, user_id: int, yes: bool) -> bool | None:
        """A person's vote on the request under way; the host's yes grants it. Returns the
        result once the vote is settled, else None."""
        async with self._acting(game_id, "table_time_vote"):
            table = await self.table(game_id)
            seat = self._voter(table, user_id)
            part = now_part(table.clock, self.moment(table))
            vote = part.get("vote")
            if not vote:
                raise IllegalMove("no_time_vote", "No vote on more time is under way.")
            if seat.seat in vote["yes"] or seat.seat in vote["no"]:
                raise IllegalMove("time_voted_already", "You have voted already.")
            side = "yes" if yes else "no"
            vote = {**vote, side: [*vote[side], seat.seat]}
            part = {**part, "vote": vote}
            settled = (True if yes and user_id == table.host_user else
                       Tally(len(vote["yes"]), len(vote["no"]), len(_people(table))).settled())
            if settled is None:
                await self._write_clock(table, with_part(table.clock, part))
            else:
                await self._close(table, part, settled)
        await self._after_step(table)
        return settled

    async def close_vote(self, game_id: int) -> None:
        """The vote's window ended (the scheduler): granted if more said yes than no. A vote
        whose moment passed meanwhile lapses, said in public as it was asked."""
        async with self.store.game_lock(game_id):
            table = await self.table(game_id)
            stored = (table.clock or {}).get("more") or {}
            vote = stored.get("vote")
            if vote is None:
                return await self.store.drop_deadline(game_id, VOTE)
            if stored.get("moment") != self.moment(table):
                await self._write_clock(table, with_part(table.clock, {**stored, "vote": None}),
                                        [(PUBLIC, "table_time_lapsed", {})], drop=[VOTE])
            else:
                await self._close(table, stored, Tally(len(vote["yes"]), len(vote["no"]),
                                                       len(_people(table))).at_close())
        await self._after_step(table)

    # ---- the steps ------------------------------------------------------------------------------
    def _voter(self, table, user_id: int):
        seat = table.seat_of(user_id)
        if seat is None:
            raise IllegalMove("not_in_game", "You are not in this game.")
        if table.status != "running" or table.suspended:
            raise IllegalMove("not_running", "This game is not running.")
        return seat

    async def _public_deadline(self, table):
        """The public question asked now whose deadline comes first, if one is."""
        deadlines = {d.pending_id: d.due_at for d in await self.store.deadlines(table.id)}
        asked = [p for p in self.pending(table)
                 if p.public and p.seat is not None and p.id in deadlines]
        return min(asked, key=lambda p: deadlines[p.id], default=None)

    async def _close(self, table, part: dict, granted: bool) -> None:
        vote = part["vote"]
        part = {**part, "vote": None}
        if granted:
            await self._give(table, part, vote["minutes"], "table_time_granted")
        else:
            await self._write_clock(table, with_part(table.clock, part),
                                    [(PUBLIC, "table_time_refused", {})], drop=[VOTE])

    async def _give(self, table, part: dict, minutes: int, said: str) -> None:
        """Every open deadline of the table `minutes` later in its time, each question's
        reminders set again from its new end; said in public, kept in the clock."""
        clock = pace.Clock(table.options)
        now = self.clock.now()
        seconds = minutes * 60
        asked = {p.id: p for p in self.pending(table)}
        moved = []
        for d in await self.store.deadlines(table.id):
            if d.pending_id not in asked:
                continue
            due = clock.due(d.due_at, seconds)
            length = pace.duration(table.pace, asked[d.pending_id].deadline)
            moved.append(Deadline(table.id, d.pending_id, d.seat, due, None if d.seat is None
                                  else clock.next_reminder(due, length, now)))
        if not moved and said == "table_extended":
            raise IllegalMove("nothing_to_extend", "No deadline is running.")
        part = {**part, "vote": None, "given": part.get("given", 0) + minutes}
        await self._write_clock(table, with_part(table.clock, part),
                                [(PUBLIC, said, {"minutes": minutes})], add=moved, drop=[VOTE])

    async def _write_clock(self, table, clock: dict, outbox=(), add=(), drop=()) -> None:
        await self.store.commit_step(
            table, new_version=table.version + 1, state=table.state, outbox=list(outbox),
            now=self.clock.now(), columns={"clock": json.dumps(clock, sort_keys=True)},
            add_deadlines=list(add), drop_deadlines=list(drop), claim=self._claim())
        table.clock = clock
