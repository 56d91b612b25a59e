"""The hosting core: lobbies, seats, decisions, deadlines and the outbox, for every game.

Every change to a game happens under that game's lock and is committed (state, decision, events,
deadlines in one transaction) before anyone is told it happened. Events then leave through the
outbox: a `Delivery` turns them into messages and the host marks them delivered, so a crash
between commit and delivery delivers them after restart instead of losing them.
"""
from __future__ import annotations

import asyncio
import logging
import os
import secrets as _secrets
import socket
from collections import defaultdict
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, replace
from typing import Mapping, Protocol

import games
from games.base import GM, PUBLIC, Engine, Event, IllegalMove, Pending, canonical
from hosting import (ai, autopilot, away, metrics, more_time, pace, results, spectators,
                     substitutes)
from hosting.slots import Slots
from hosting.store import Deadline, GameRow, OutboxRow, SeatRow, Store, StoreError
from hosting.turns import in_background

log = logging.getLogger(__name__)

OPEN = ("lobby", "running", "paused")
LIVE = ("running", "paused")
RETRY_FIRST, RETRY_MOST = 2.0, 600.0   # a failing deadline's next tries: doubling, at most
BACKGROUND_AT_ONCE = 8   # games whose news, AI answers or refresh are worked on at once
SLOT_HELD = 20.0         # seconds one game's background work keeps its slot from the others
# What the host was doing when a game's engine failed (for the log; the locales say it to people).
_DURING = {"deadline": "applying a deadline's default", "ai": "an AI seat answered",
           "decision": "applying a player's decision",
           "upgrade": "bringing its stored state up to date"}


class Unloadable(IllegalMove):
    """A game this build cannot load (`GameRow.unreadable`): set aside, so every step on it
    is refused, privately, until a build that can read it runs."""

    def __init__(self, game_id: int):
        super().__init__("set_aside", "This game cannot be loaded by this version of the bot: "
                                      "it is set aside and its host has been told.", id=game_id)


class EngineFault(Exception):
    """A rules engine raised something other than IllegalMove: a bug, or a state it cannot
    play. It concerns one game only; the host suspends that game and goes on with the others."""


@contextmanager
def _engine_calls():
    """Around calls into a rules engine: a refusal passes, anything else becomes EngineFault."""
    try:
        yield
    except IllegalMove:
        raise
    except Exception as err:
        raise EngineFault(f"{type(err).__name__}: {err}") from err


def _cannot_read(engine: Engine, state: dict) -> str | None:
    """Why the engine cannot show this state (its public view, its questions), if it cannot:
    then nothing of the game can be told or asked."""
    try:
        with _engine_calls():
            engine.public_view(state)
            engine.pending(state)
    except (EngineFault, IllegalMove) as err:
        return f"its engine cannot read its state: {err}"
    return None


def moment_of(engine: Engine, state: dict) -> str:
    """The public moment of a state, "phase:round": when a step happened, in the table's
    terms (the recap groups the game's log by it)."""
    view = engine.public_view(state)
    return f"{view.get('phase')}:{view.get('round', 0)}"


def _not_saved(game_id: int | None, what: str, err: StoreError) -> IllegalMove:
    log.error("game %s: could not save %s: %s", game_id, what, err)
    return IllegalMove("save_failed", "Could not save your move; try again.")


class Delivery(Protocol):
    """Where events go: Discord, a transcript, or a test's list."""

    async def deliver(self, table: GameRow, rows: list[OutboxRow]) -> None:
        """Deliver the rows (oldest first), then show the table as it now is (as
        `table_changed` would, at once: a game's settling ends here, rows or none); raising
        leaves them for a later retry."""

    async def table_changed(self, table: GameRow) -> None:
        """The lobby, phase or waiting list changed outside a delivery: refresh whatever
        shows it."""


class NullDelivery:
    async def deliver(self, table, rows):
        return None

    async def table_changed(self, table):
        return None


@dataclass(frozen=True)
class Accepted:
    """What a player is told after their decision has been committed, and what the step read
    under the game's lock, so that the answer to the click need not read the game again."""

    game_id: int
    pending_id: str
    choice: str
    finished: bool
    table: GameRow              # the game after the step
    question: Pending           # the question answered
    asked: frozenset[str]       # the questions open before the answer


class Host(more_time.TimeControls, away.AwayTime):
    def __init__(self, store: Store, clock, delivery: Delivery | None = None, *,
                 background: bool = True, settle_delay: float = 0.2, lease: float = 30.0,
                 at_once: int = BACKGROUND_AT_ONCE, slot_held: float = SLOT_HELD):
        """With `background`, delivery and AI answers run as tasks after each commit, so a
        player's interaction is answered as soon as their decision is stored (the bot); changes
        within `settle_delay` seconds are delivered together, so a burst of answers makes one
        message rather than one each. Without it they run inline and the caller drives the AI
        (the simulator and most tests).

        When the store is shared with other processes (`store.shared`), nothing of a game is
        kept here between steps, news and deadlines are claimed for `lease` seconds before
        they are delivered or fired, and what a dead process left is taken up once its lease
        ran out.

        A game's background work (news, AI answers, refreshes) takes one of at most
        `at_once` slots, fewer while the process is busy (`hosting.slots`), so that under
        load the clicks, which take none, are answered first: the news waits a little, the
        acknowledgement does not wait behind a thousand deliveries. A game that holds its
        slot `slot_held` seconds (Discord slow to answer it) lets the next one start."""
        self.store = store
        self.slots = Slots(at_once, slot_held)
        self.clock = clock
        self.delivery: Delivery = delivery or NullDelivery()
        self.background = background
        self.shared = store.shared
        self.lease = lease
        self.owner = f"{process_name()}/{_secrets.token_hex(2)}"   # its claims
        self._tables: dict[int, GameRow] = {}
        self._delivering: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._swept_at = 0.0
        self._read_at: dict[int, int] = {}   # game -> the version its engine was found to read
        # (game, question) -> (failures, when to try again): a deadline whose firing failed;
        # every other one due by the last pass's moment was fired then
        self._failing: dict[tuple[int, str], tuple[int, float]] = {}
        self._passed_at: float | None = None
        self.settle_delay = settle_delay
        self._settling: dict[int, asyncio.Task] = {}
        self._unsettled: dict[int, GameRow] = {}   # game -> as the latest step here left it
        self._wake = asyncio.Event()
        self._tasks: set[asyncio.Task] = set()
        # game -> (moment, seat, kind) of public questions AI seats answered before the table
        # was shown them: the question's post names them among those asked.
        self._ai_answers: defaultdict[int, list[tuple[str, int, str]]] = defaultdict(list)

    @asynccontextmanager
    async def _acting(self, game_id: int, what: str):
        """A person's action on one game: under the game's lock; if the store cannot keep it,
        the action did not happen, the person is told privately and the log says why."""
        async with self.store.game_lock(game_id):
            try:
                yield
            except StoreError as err:
                raise _not_saved(game_id, what, err) from err

    def across(self, game_id: int, wait: bool = True):
        """The game's delivery across processes (with a shared store; else nothing to hold):
        whatever posts or edits a game's messages holds it, so two processes never send the
        same planned message. Yields whether it is held (without `wait`, maybe not)."""
        return (self.store.game_lock(game_id, "delivery", wait) if self.shared
                else _held())

    # ---- reading ------------------------------------------------------------------------------
    async def table(self, game_id: int, set_aside: bool = False) -> GameRow:
        """The game as stored. A single process keeps it in memory; with a shared store every
        read is the store's latest (another process may have stepped it), and a step reads it
        under the game's lock. A game this build cannot load is refused (`Unloadable`), or
        with `set_aside` comes back marked so, without its state (to show its news)."""
        table = await self._read(game_id)
        if table.unreadable is not None and not set_aside:
            raise Unloadable(game_id)
        return table

    async def _read(self, game_id: int) -> GameRow:
        """`table`, but a game that cannot be loaded comes back set aside (`_opened`): for
        telling its table so, and listing it."""
        if self.shared or game_id not in self._tables:
            row = await self.store.load_game(game_id)
            if row is None:
                raise IllegalMove("no_game", "There is no such game.", game_id=game_id)
            return await self._opened(row)
        return self._tables[game_id]

    async def _read_many(self, ids: list[int]) -> list[GameRow]:
        """These games as `_read` gives them, those not in memory loaded together; one that
        cannot be loaded comes back set aside rather than failing the others."""
        found = {} if self.shared else {g: self._tables[g] for g in ids if g in self._tables}
        for row in await self.store.load_games([g for g in ids if g not in found]):
            found[row.id] = await self._opened(row)
        return [found[g] for g in ids if g in found]

    async def _opened(self, row: GameRow) -> GameRow:
        """A game as loaded, brought up to date (`_upgrade`) and read by its engine. One that
        cannot be (`_unreadable`) comes back marked `unreadable`, without its state, and a
        live one is set aside, once (`_set_aside`). Kept in memory only when readable."""
        reason = await self._unreadable(row)
        if reason is not None:
            row.unreadable, row.state = reason, None
            if row.status in LIVE and row.suspended != "load":
                await self._set_aside(row)
            return row
        if self.shared:
            return row
        # Two first reads may overlap (a click during recovery): the first copy stays the
        # only one, or a step applied to it would be hidden by the later, older copy.
        return self._tables.setdefault(row.id, row)

    async def _unreadable(self, row: GameRow) -> str | None:
        """Why this build cannot load the game, if it cannot: a column that is not JSON, a
        game it does not know, a state its engine's upgrade raises on, or (in play) whose
        public view or questions it cannot work out; checked once per version of a game."""
        if row.unreadable is not None:
            return row.unreadable
        try:
            engine = self.engine(row)
        except Exception as err:   # a game this build lacks, or whose module fails to load
            return f"this build cannot load the game {row.game!r}: {type(err).__name__}: {err}"
        try:
            await self._upgrade(row, engine)
        except EngineFault as err:
            return f"its engine cannot bring its state up to date: {err}"
        if row.state is None or row.status not in LIVE or self._read_at.get(row.id) == row.version:
            return None
        reason = _cannot_read(engine, row.state)
        if reason is None:
            self._read_at[row.id] = row.version
        return reason

    async def _upgrade(self, row: GameRow, engine: Engine) -> None:
        """A game stored by older code is brought to its engine's state version, once and
        durably (EngineFault if the engine cannot). With a shared store the upgrade is stored
        with the game's next step (a write here could land over another process's step)."""
        if row.state is None or row.state_version >= engine.state_version:
            return
        with _engine_calls():
            state = canonical(engine.upgrade(row.state))
        if not self.shared:
            await self.store.update_game(row.id, state=state,
                                         state_version=engine.state_version)
        row.state, row.state_version = state, engine.state_version

    async def _set_aside(self, row: GameRow, err: Exception | None = None) -> None:
        """Suspend a live game this build cannot load: paused (its deadlines stop), its table
        and host told in words that need nothing of its state, the log says why once. Its
        stored state is left as it is; once a build that can read it runs, the host resumes
        it. If another step or process moved the game on first, that one's word stands."""
        host_seat = row.seat_of(row.host_user) if row.host_user is not None else None
        outbox = [(PUBLIC, "table_set_aside", {}), (GM, "table_set_aside", {})]
        if host_seat is not None:
            outbox.append((f"seat:{host_seat.seat}", "table_set_aside_host", {"id": row.id}))
        try:
            await self.store.set_aside(row, now=self.clock.now(), outbox=outbox,
                                       claim=self._claim())
        except RuntimeError:
            return
        log.error("game %s (%s) set aside: it cannot be loaded: %s", row.id, row.game,
                  row.unreadable, exc_info=err)
        if self.background:   # inline, the caller's next flush tells it (it may be one)
            await self._after_step(row)
        else:
            self._wake.set()

    async def table_here(self, game: str, channel_id: int) -> GameRow | None:
        """The open game whose thread this is, else the newest open `game` in this channel."""
        if self.shared:    # read with the search, in one trip
            row = await self.store.load_game_here(OPEN, game, channel_id)
            if row is not None and (await self._opened(row)).unreadable is not None:
                raise Unloadable(row.id)
            return row
        found = await self.store.game_here(OPEN, game, channel_id)
        return await self.table(found) if found is not None else None

    async def open_tables(self, guild_id: int) -> list[GameRow]:
        """The server's open games, read together; those this build cannot load among them,
        set aside (`GameRow.unreadable`)."""
        return await self._read_many(await self.store.game_ids(statuses=OPEN,
                                                               guild_id=guild_id))

    def engine(self, table: GameRow) -> Engine:
        return games.engine(table.game)

    def pending(self, table: GameRow) -> list[Pending]:
        if table.state is None or table.status in ("finished", "cancelled"):
            return []
        return self.engine(table).pending(table.state)

    def moment(self, table: GameRow) -> str:
        """The game's public moment now (`moment_of`)."""
        return moment_of(self.engine(table), table.state)

    def pending_for(self, table: GameRow, seat: int) -> list[Pending]:
        return [p for p in self.pending(table) if p.seat == seat]

    # ---- lobby --------------------------------------------------------------------------------
    async def new_game(self, game: str, *, host_user: int | None, host_name: str,
                       mode: str | None = None, pace_preset: str = "live",
                       pace_overrides: str | dict | None = None, options: dict | None = None,
                       guild_id: int | None = None, channel_id: int | None = None,
                       lang: str | None = None, seed: int | None = None,
                       join: bool = True, ai_first: str | None = None) -> GameRow:
        """A lobby, its host seated (`join`), after an AI seat of policy `ai_first` if given:
        seat 0 is a role some games give the first seat (Tragedy Looper's Mastermind)."""
        engine = games.engine(game)
        mode = mode or engine.modes[0]
        pace.check_settings(engine, mode, options or {})
        now = self.clock.now()
        row = GameRow(
            id=0, game=game, status="lobby", mode=mode, options=dict(options or {}),
            pace=pace.resolve(pace_preset, pace_overrides),
            seed=seed if seed is not None else _secrets.randbelow(2 ** 31),
            lang=lang or await self.store.guild_lang(guild_id), guild_id=guild_id,
            channel_id=channel_id, host_user=host_user, created_at=now, updated_at=now)
        try:
            await self.store.create_game(row)
        except StoreError as err:
            raise _not_saved(None, "a new table", err) from err
        if not self.shared:
            self._tables[row.id] = row
        seats = [SeatRow(0, "AI 1", ai_policy=ai_first)] if ai_first else []
        if join and host_user is not None:
            seats.append(SeatRow(len(seats), host_name, user_id=host_user))
        if seats:
            # Nobody else knows the game yet: its first seats are taken without a step.
            try:
                await self._set_seats(row, seats)
            except StoreError as err:
                raise _not_saved(row.id, "a seat", err) from err
            await self.delivery.table_changed(row)
        return row

    async def set_messages(self, game_id: int, **ids: int) -> None:
        """Remember the thread, lobby and status message of a table (the adapter's ids)."""
        table = await self.table(game_id)
        await self.store.update_game(game_id, **ids)
        for key, value in ids.items():
            setattr(table, key, value)

    async def join(self, game_id: int, user_id: int, name: str) -> GameRow:
        async with self._acting(game_id, "a seat"):
            table = await self._lobby(game_id)
            if table.seat_of(user_id):
                raise IllegalMove("already_joined", "You are already in this game.")
            _, hi = self.engine(table).player_range(table.mode)
            if len(table.seats) >= hi:
                raise IllegalMove("table_full", "This game is full.", max=hi)
            seats = table.seats + [SeatRow(len(table.seats), name, user_id=user_id)]
            await self._set_seats(table, seats)
        await self.delivery.table_changed(table)
        return table

    async def add_ai(self, game_id: int, by_user: int | None, policy: str = "baseline") -> SeatRow:
        async with self._acting(game_id, "an AI seat"):
            table = await self._lobby(game_id)
            self._require_host(table, by_user)
            engine = self.engine(table)
            if policy not in engine.ai_policies:
                raise IllegalMove("unknown_policy", f"Unknown AI policy {policy!r}.",
                                  policy=policy, known=", ".join(engine.ai_policies))
            _, hi = engine.player_range(table.mode)
            if len(table.seats) >= hi:
                raise IllegalMove("table_full", "This game is full.", max=hi)
            number = 1 + sum(1 for s in table.seats if s.is_ai)
            seat = SeatRow(len(table.seats), f"AI {number}", ai_policy=policy)
            await self._set_seats(table, table.seats + [seat])
        await self.delivery.table_changed(table)
        return seat

    async def set_options(self, game_id: int, by_user: int | None, changed: dict,
                          cleared: tuple[str, ...] = (), admin: bool = False) -> GameRow:
        """The host's settings in the lobby: `changed` set, `cleared` back to the game's own
        choice; all of them checked against the game's options before they are kept."""
        async with self._acting(game_id, "the settings"):
            table = await self._lobby(game_id)
            self._require_host(table, by_user, admin)
            options = {k: v for k, v in table.options.items() if k not in cleared}
            options.update(changed)
            pace.check_settings(self.engine(table), table.mode, options)
            await self.store.update_game(game_id, options=options)
            table.options = options
        await self.delivery.table_changed(table)
        return table

    async def leave(self, game_id: int, user_id: int) -> GameRow:
        """Give up a seat: in the lobby it goes; in a running game the person no longer plays
        it (`_leave_running`)."""
        if (await self.table(game_id)).status == "running":
            return await self._leave_running(game_id, user_id)
        async with self._acting(game_id, "a seat"):
            table = await self._lobby(game_id)
            if not table.seat_of(user_id):
                raise IllegalMove("not_in_game", "You are not in this game.")
            kept = [s for s in table.seats if s.user_id != user_id]
            await self._set_seats(table, [replace(s, seat=i) for i, s in enumerate(kept)])
        await self.delivery.table_changed(table)
        return table

    async def _leave_running(self, game_id: int, user_id: int) -> GameRow:
        """One step: the person no longer answers for the seat (their departure kept), and
        a game whose rules let a player go (`Engine.leave`: Mysterium's R24) hands the seat's
        part on; in any other the bot plays it (autopilot "left") and it is offered to a
        substitute at once. A game's replay reads the same from `table_seat_left`."""
        async with self._acting(game_id, "a seat"):
            table = await self.table(game_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise IllegalMove("not_in_game", "You are not in this game.")
            if table.status != "running" or table.suspended:
                raise IllegalMove("not_running", "This game is not running.")
            gone = replace(seat, user_id=None, autopilot=None, missed=0, public_missed=0)
            try:
                with _engine_calls():
                    state, events = self.engine(table).leave(table.state, seat.seat)
                    state = canonical(state)
            except IllegalMove:        # its rules keep every seat: the bot plays it meanwhile
                state, gone = table.state, replace(gone, autopilot="left")
                events = ([substitutes.offered(seat.seat)]
                          if substitutes.in_play(table, seat.seat) else [])
            except EngineFault as err:
                await self._suspend(table, "decision", err)
                raise IllegalMove("suspended_now", "Something went wrong: the game is "
                                                   "suspended and its host has been told.")
            await self._commit(table, state,
                               [Event("table_seat_left", {"seat": seat.seat}), *events],
                               seats=[gone], people=[gone], departed=[(seat.seat, user_id)])
        await self._after_step(table)
        return table

    # ---- substitutes --------------------------------------------------------------------------
    async def offer_seat(self, game_id: int, by_user: int | None, old_user: int,
                         admin: bool = False) -> int:
        """The host offers the seat `old_user` plays or left, if nobody plays it (`seat_free`),
        to a substitute at once: a message in the thread with **Take this seat**. Its seat."""
        async with self._acting(game_id, "an offer"):
            table = await self.table(game_id)
            self._require_host(table, by_user, admin)
            seat = await self.seat_left_by(table, old_user)
            if table.seats[seat].user_id is not None and not substitutes.seat_free(table, seat):
                raise IllegalMove("seat_played", "Its person plays that seat: name who takes "
                                                 "it over to hand it over at once.")
            if not substitutes.seat_free(table, seat):
                raise IllegalMove("seat_not_free", "Somebody plays that seat.")
            await self._commit(table, table.state, [substitutes.offered(seat)])
        await self._after_step(table)
        return seat

    async def _offer_due(self, game_id: int, timer: str) -> None:
        """A seat the bot has played long enough (`substitutes.TIMER`) is offered, if it is
        still free; the offer's step ends its timer."""
        async with self.store.game_lock(game_id):
            table = await self.table(game_id)
            if table.status != "running":
                return
            seat = substitutes.timer_seat(timer)
            if not substitutes.seat_free(table, seat):
                return await self.store.drop_deadline(table.id, timer)
            await self._commit(table, table.state, [substitutes.offered(seat)])
        await self._after_step(table)

    async def take_seat(self, game_id: int, seat: int, user_id: int, name: str) -> GameRow:
        """**Take this seat**: someone not at the table takes a seat nobody plays."""
        async with self._acting(game_id, "a seat"):
            table = await self.table(game_id)
            await self._may_sit(table, user_id, seat)
            if not substitutes.seat_free(table, seat):
                raise IllegalMove("seat_not_free", "Somebody plays that seat.")
            await self._seat_to(table, seat, user_id, name)
        await self._after_step(table)
        return table

    async def replace_player(self, game_id: int, by_user: int | None, old_user: int,
                             user_id: int, name: str, admin: bool = False) -> GameRow:
        """The host's `/GAME replace @old @new`: the seat `old_user` plays (or left, while
        nobody has taken it) is `user_id`'s from now on."""
        async with self._acting(game_id, "a seat"):
            table = await self.table(game_id)
            self._require_host(table, by_user, admin)
            seat = await self.seat_left_by(table, old_user)
            if table.seats[seat].user_id is None and not substitutes.seat_free(table, seat):
                raise IllegalMove("seat_not_free", "The rules handed that seat's part on.")
            await self._may_sit(table, user_id, seat)
            await self._seat_to(table, seat, user_id, name)
        await self._after_step(table)
        return table

    async def seat_left_by(self, table: GameRow, user_id: int) -> int:
        """The seat this person plays, else the one they left that nobody took since."""
        if (sitting := table.seat_of(user_id)) is not None:
            return sitting.seat
        for s in table.seats:
            if s.user_id is None and user_id in await self.store.departed(table.id, s.seat):
                return s.seat
        raise IllegalMove("not_seated", "That person has no seat at this table.")

    async def _may_sit(self, table: GameRow, user_id: int, seat: int) -> None:
        """Whoever takes a seat: the game live, they not at the table, nor having seen any
        other seat's secrets (one they left; one may take back their own) or the game's
        (as a spectator)."""
        if table.status not in LIVE or table.suspended:
            raise IllegalMove("not_running", "This game is not running.")
        if table.seat_of(user_id) is not None:
            raise IllegalMove("already_joined", "You are already in this game.")
        for s in table.seats:
            if s.seat != seat and user_id in await self.store.departed(table.id, s.seat):
                raise IllegalMove("left_other_seat", "You left another seat of this game.")
        if await self.store.has_watched(table.id, user_id):
            raise IllegalMove("watched_game", "You have seen this game's secrets.")

    async def _seat_to(self, table: GameRow, seat: int, user_id: int, name: str) -> None:
        """One step: the seat's person and name, the former person's departure, the table's
        line, and the newcomer's history (`substitutes.taken`: the delivery tells them all the
        seat knows); its open private questions are asked of them anew."""
        old = table.seats[seat]
        now = replace(old, user_id=user_id, name=name, dm_closed=False, autopilot=None,
                      missed=0, public_missed=0)
        await self._commit(table, table.state, substitutes.taken(seat), seats=[now],
                           people=[now],
                           departed=[(seat, old.user_id)] if old.user_id is not None else [])
        log.info("game %s: seat %s taken over by user %s (from %s)", table.id, seat, user_id,
                 old.user_id)

    async def _set_seats(self, table: GameRow, seats: list[SeatRow]) -> None:
        await self.store.replace_seats(table.id, seats)
        table.seats = seats

    async def _lobby(self, game_id: int) -> GameRow:
        table = await self.table(game_id)
        if table.status != "lobby":
            raise IllegalMove("not_in_lobby", "This game has already started.")
        return table

    @staticmethod
    def _require_host(table: GameRow, user: int | None, admin: bool = False) -> None:
        if not admin and user is not None and user != table.host_user:
            raise IllegalMove("not_host", "Only the game's host can do that.")

    async def start(self, game_id: int, by_user: int | None, admin: bool = False) -> GameRow:
        async with self._acting(game_id, "the start"):
            table = await self._lobby(game_id)
            self._require_host(table, by_user, admin)
            engine = self.engine(table)
            engine.check_players(table.mode, len(table.seats))
            options = {**pace.game_options(table.options), "mode": table.mode}
            try:
                with _engine_calls():
                    state, events = engine.setup(options, len(table.seats), table.seed)
            except EngineFault as err:
                log.error("game %s (%s) could not start", table.id, table.game, exc_info=err)
                raise IllegalMove("setup_failed", "The game could not start with these "
                                                  "settings.") from err
            intro = Event("table_started", {"game": table.game, "mode": table.mode,
                                            "seats": list(range(len(table.seats)))})
            await self._commit(table, state, [intro, *events], status="running")
        await self._after_step(table)
        return table

    # ---- play ---------------------------------------------------------------------------------
    async def decide(self, game_id: int, user_id: int, pending_id: str | Mapping[int, str],
                     choice: str) -> Accepted:
        """A person's answer: validated, applied and committed before this returns.
        `pending_id` may instead be the questions a message asked, by seat: the person's own
        is answered (their seat is read with the step)."""
        with metrics.DECIDE_SECONDS.time():
            return await self._decide(game_id, user_id, pending_id, choice)

    async def _decide(self, game_id: int, user_id: int, pending_id: str | Mapping[int, str],
                      choice: str) -> Accepted:
        async with self._acting(game_id, "a decision"):
            table = await self.table(game_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise IllegalMove("not_in_game", "You are not in this game.")
            if not isinstance(pending_id, str):
                if seat.seat not in pending_id:
                    raise IllegalMove("not_asked", "This question is not for you.")
                pending_id = pending_id[seat.seat]
            if table.suspended:
                raise IllegalMove("suspended", "The game is suspended after an error.")
            if table.status == "paused":
                raise IllegalMove("paused", "The game is paused.")
            if table.status != "running":
                raise IllegalMove("not_running", "This game is not running.")
            try:
                with _engine_calls():
                    open_before = self.pending(table)
                    out = spectators.out_seats(self, table)
                if seat.seat in out and await self.store.has_watched(game_id, user_id):
                    # the dead who watched with the spectators never act for the living
                    raise IllegalMove("watched_acts", "You have seen this game's secrets.")
                pending = next((p for p in open_before if p.id == pending_id), None)
                if pending is None:
                    if await self.store.answered(game_id, pending_id):
                        raise IllegalMove("already_answered", "That question has been answered.")
                    raise IllegalMove("stale", "That question is no longer open.")
                if pending.seat != seat.seat:
                    raise IllegalMove("not_yours", "That decision is not yours to make.")
                await self._apply(table, pending, choice, "player")
                fault = None
            except EngineFault as err:
                fault = err
                await self._suspend(table, "decision", err)
        await self._after_step(table)
        if fault is not None:
            raise IllegalMove("suspended_now", "Something went wrong: the game is suspended and "
                                               "its host has been told.")
        return Accepted(game_id, pending_id, choice, table.status == "finished", table, pending,
                        frozenset(p.id for p in open_before))

    async def _apply(self, table: GameRow, pending: Pending, choice: str, source: str,
                     remarks: list[Event] = ()) -> None:
        engine = self.engine(table)
        with _engine_calls():
            state, events = engine.apply(table.state, pending.seat, pending.id, choice)
        events = [*remarks, *events]
        if source == "timeout" and pending.seat is not None:
            events.append(Event("table_timed_out", {"seat": pending.seat}, [pending.seat]))
        seat, told = (None, []) if pending.seat is None else autopilot.after_answer(
            table.seats[pending.seat], pending, source, table)
        await self._commit(table, state, [*events, *told],
                           decision=(pending.seat, pending.id, choice, source),
                           seats=[seat] if seat else [])
        log.info("game %s step %s: %s answered %s for seat %s", table.id, table.version,
                 source, pending.id, pending.seat)
        metrics.decided(source)

    async def _commit(self, table: GameRow, state: dict, events: list[Event], *,
                      decision=None, status: str | None = None,
                      seats: list[SeatRow] = (), people: list[SeatRow] = (),
                      departed: list[tuple[int, int]] = ()) -> None:
        """One step: the new state, its events, the deadlines of what it asks, and the `seats`
        it changed (autopilot; `people`: who sits there, `departed`: who left), in one
        commit."""
        engine = self.engine(table)
        now = self.clock.now()
        with _engine_calls():
            outcome = engine.outcome(state)
            new_pending = [] if outcome else engine.pending(state)
            rounds = engine.round(state)
        result = record = None
        if outcome is not None:
            status = "finished"
            result = {**outcome.to_json(), "round": rounds}
            events = events + [Event("table_finished", {"winners": list(outcome.winners),
                                                        "reason": outcome.reason})]
            with _engine_calls():
                sides = engine.final_sides(state)
            record = await results.ended(self.store, table, at=now, rounds=rounds,
                                         outcome=outcome, sides=sides,
                                         changed=[*seats, *people], departed=departed)
        old = {d.pending_id for d in await self.store.deadlines(table.id)}
        new_ids = {p.id for p in new_pending}
        added = self._deadlines_of(table, [p for p in new_pending if p.id not in old], now)
        offer_timers, offers_kept = substitutes.timers(
            table, old, [*seats, *people], events,
            lambda seconds: pace.Clock(table.options).due(now, seconds))
        # a vote on more time lasts on, as do the seats' offer timers the step leaves
        kept = {more_time.VOTE, *offers_kept} if outcome is None else set()
        added += offer_timers if outcome is None else []
        with _engine_calls():    # the public moment the step happened in (the recap's rounds)
            moment = moment_of(engine, table.state if table.state is not None else state)
        outbox = [(tag, e.kind, e.data) for e in events for tag in e.audience_tags()]
        await self.store.commit_step(
            table, new_version=table.version + 1, state=state, outbox=outbox, now=now,
            moment=moment,
            decision=decision, add_deadlines=added,
            drop_deadlines=sorted(old - new_ids - kept),
            status=status, result=result, columns={"state_version": engine.state_version},
            claim=self._claim(), seats=seats, people=people, departed=departed, record=record)
        table.state_version = engine.state_version
        for seat in (*seats, *people):
            table.seats[seat.seat] = seat

    def _deadlines_of(self, table: GameRow, asked: list[Pending], now: float) -> list[Deadline]:
        """The deadlines of new questions, counted in the table's time (its hours), each with
        its first reminder (a question nobody answers has none)."""
        clock = pace.Clock(table.options)
        added = []
        for p in asked:
            seconds = pace.duration(table.pace, p.deadline)
            due = clock.due(now, seconds)
            added.append(Deadline(table.id, p.id, p.seat, due, None if p.seat is None
                                  else clock.next_reminder(due, seconds, now)))
        return added

    async def _after_step(self, table: GameRow) -> None:
        """Deliver, refresh the status, wake the scheduler, let AI seats answer."""
        self._wake.set()
        if not self.background:
            await self._deliver(table.id, show=True)
            return
        self._unsettled[table.id] = table
        task = self._settling.get(table.id)
        if task is None or task.done():
            self._settling[table.id] = self._spawn(self._settle(table.id))

    async def _settle(self, game_id: int) -> None:
        """One task per game: after a short pause, let the AI answer, then deliver everything
        committed meanwhile (the AI's answers ride with the news that asked them); again while
        new changes keep arriving."""
        await asyncio.sleep(self.settle_delay)
        while (table := self._unsettled.pop(game_id, None)) is not None:
            try:
                async with self.slot():
                    await self._settle_once(table)
            except Exception:
                log.exception("settling game %s failed", game_id)

    def slot(self):
        """One of the background slots (`Slots.hold`)."""
        return self.slots.hold()

    async def _settle_once(self, table: GameRow) -> None:
        """`table` as the latest step here left it says whether AI seats are asked (a step
        in another process settles there); the delivery reads the game again."""
        if self._asks_ai(table):
            await self.run_ai(table.id)
        await self._deliver(table.id, show=True)

    def answered_by_ai(self, table: GameRow, kind: str) -> list[int]:
        """The AI seats that already answered this moment's public question of `kind` (taken:
        a later question of that kind starts afresh). Kept in memory only: after a restart
        the post names the people still asked."""
        now = moment_of(self.engine(table), table.state)
        answers = self._ai_answers.pop(table.id, [])
        self._ai_answers[table.id] = [a for a in answers if a[0] == now and a[2] != kind]
        return [seat for at, seat, k in answers if at == now and k == kind]

    def _ai_answered(self, game_id: int, moment: str, pending: Pending) -> None:
        """Keep an AI seat's answer to a public question (this moment's only)."""
        kept = [a for a in self._ai_answers[game_id] if a[0] == moment]
        self._ai_answers[game_id] = [*kept, (moment, pending.seat, pending.kind)]

    def _ai_pending(self, table: GameRow) -> list[Pending]:
        """The questions the bot answers: AI seats', and those of people's seats on autopilot
        that it answers (`autopilot.answers`)."""
        return [p for p in self.pending(table) if p.seat is not None
                and autopilot.answers(table.seats[p.seat], p, table)]

    def _asks_ai(self, table: GameRow) -> bool:
        """Whether the game as read asks AI seats; if its engine cannot say, the AI's next
        step finds out under the game's lock (and suspends the game)."""
        try:
            with _engine_calls():
                return table.status == "running" and bool(self._ai_pending(table))
        except EngineFault:
            return True

    async def run_ai(self, game_id: int, limit: int | None = None) -> int:
        """Let every AI seat answer what it is asked, until only people (or the clock) are
        awaited, or `limit` answers were given. Returns how many decisions the AI made."""
        made, table = 0, None
        # The game as the last answer left it says whether to go on (the lock is not taken
        # again to find nothing to do); the next answer reads it again under the lock.
        while (limit is None or made < limit) and (table is None or self._asks_ai(table)):
            async with self.store.game_lock(game_id):
                table = await self.table(game_id)
                if table.status != "running":
                    return made
                try:
                    with _engine_calls():
                        todo = self._ai_pending(table)
                        if not todo:
                            return made
                        pending = todo[0]
                        seat = table.seats[pending.seat]
                        engine = self.engine(table)
                        choice = ai.choose(engine, table.state, table.seed, pending,
                                           seat.ai_policy or ai.strongest(engine))
                        remarks = engine.ai_remark(table.state, pending, choice)
                        if pending.public:
                            self._ai_answered(game_id, moment_of(engine, table.state), pending)
                    await self._apply(table, pending, choice, "ai", remarks)
                except (EngineFault, IllegalMove) as err:  # an AI's refused answer is a bug too
                    await self._suspend(table, "ai", err)
                    await self._after_step(table)
                    return made
            made += 1
            await self._after_step(table)
        return made

    # ---- host controls ------------------------------------------------------------------------
    async def pause(self, game_id: int, by_user: int | None, admin: bool = False) -> GameRow:
        return await self._transition(
            game_id, by_user, admin, ("running",),
            IllegalMove("not_running", "This game is not running."), "paused", "table_paused",
            lambda table: ({"paused_at": self.clock.now()}, {}))

    async def resume(self, game_id: int, by_user: int | None, admin: bool = False) -> GameRow:
        """Also continues a game suspended after an error: the failed step is tried again."""
        return await self._transition(
            game_id, by_user, admin, ("paused",),
            IllegalMove("not_paused", "This game is not paused."), "running", "table_resumed",
            self._clock_runs_on)

    async def _clock_runs_on(self, table: GameRow) -> tuple[dict, dict]:
        """A resume's work on the clock: every deadline and reminder gets back the time it
        had left at the pause (in the table's hours, if it has some)."""
        now = self.clock.now()
        columns = {"paused_at": None, "suspended": None}
        clock = pace.Clock(table.options)
        if clock.hours is None:
            return columns, {"shift_deadlines": now - (table.paused_at or now)}
        paused = table.paused_at or now

        def moved(at: float | None) -> float | None:
            return None if at is None else clock.due(now, clock.left(paused, at))
        return columns, {"add_deadlines": [replace(d, due_at=moved(d.due_at),
                                                   remind_at=moved(d.remind_at))
                                           for d in await self.store.deadlines(table.id)]}

    async def cancel(self, game_id: int, by_user: int | None, admin: bool = False) -> GameRow:
        async def stop_clock(table):
            dropped = [d.pending_id for d in await self.store.deadlines(game_id)]
            record = None    # a game that started is kept in the results index
            if table.state is not None:
                try:
                    rounds = self.engine(table).round(table.state)
                except Exception:   # a game whose engine fails can still be cancelled
                    rounds = 0
                record = await results.ended(self.store, table, at=self.clock.now(),
                                             rounds=rounds)
            return {}, {"drop_deadlines": dropped, "record": record}
        return await self._transition(
            game_id, by_user, admin, OPEN, IllegalMove("not_open", "This game is already over."),
            "cancelled", "table_cancelled", stop_clock)

    async def _transition(self, game_id: int, by_user: int | None, admin: bool, allowed,
                          refusal: IllegalMove, status: str, notice: str, prepare) -> GameRow:
        """A host control: check who and when, then change the status, post a public notice
        and do the control's own work on the clock in one commit. `prepare(table)` returns the
        columns to change and what `commit_step` does to the deadlines."""
        async with self._acting(game_id, notice):
            table = await self.table(game_id)
            self._require_host(table, by_user, admin)
            if table.status not in allowed:
                raise refusal
            prepared = prepare(table)
            columns, clock_work = await prepared if asyncio.iscoroutine(prepared) else prepared
            await self.store.commit_step(table, new_version=table.version + 1, state=table.state,
                                         outbox=[(PUBLIC, notice, {})], now=self.clock.now(),
                                         status=status, columns=columns, claim=self._claim(),
                                         **clock_work)
            for key, value in columns.items():
                setattr(table, key, value)
        await self._after_step(table)
        return table

    async def _suspend(self, table: GameRow, during: str, err: Exception) -> None:
        """Pause one game whose engine failed, under its lock: the state stays as it was before
        the failing step, the table and its host are told, the log says it once. The host may
        resume (the step is tried again) or cancel."""
        reason = _cannot_read(self.engine(table), table.state)
        if reason is not None:   # nothing of it can be shown: set aside, told without it
            table.unreadable = f"{reason} (after it failed while {_DURING[during]})"
            table.state = None
            return await self._set_aside(table, err)
        log.error("game %s (%s) suspended: its engine failed while %s", table.id, table.game,
                  _DURING[during], exc_info=err)
        now = self.clock.now()
        outbox = [(PUBLIC, "table_suspended", {"during": during}),
                  (GM, "table_suspended", {"during": during})]
        host_seat = table.seat_of(table.host_user) if table.host_user is not None else None
        if host_seat is not None:
            outbox.append((f"seat:{host_seat.seat}", "table_suspended_host", {"during": during}))
        columns = {"paused_at": now, "suspended": during}
        await self.store.commit_step(table, new_version=table.version + 1, state=table.state,
                                     outbox=outbox, now=now, status="paused", columns=columns,
                                     claim=self._claim())
        for key, value in columns.items():
            setattr(table, key, value)

    async def mark_dm_closed(self, game_id: int, seat: int, closed: bool = True) -> None:
        table = await self._read(game_id)    # a seat's DMs, of a game set aside too
        await self.store.mark_dm_closed(game_id, seat, closed)
        table.seats[seat].dm_closed = closed

    async def set_autopilot(self, game_id: int, seat: int, reason: str | None) -> bool:
        """Let the bot play a person's seat of a live game (`reason`: "missed", "away" or
        "left"), or give it back to its person (None): one step, the seat told privately and
        the table as `hosting/autopilot.py` says. A seat already so is left as it is, untold.
        Whether it changed."""
        async with self._acting(game_id, "the autopilot"):
            table = await self.table(game_id)
            if table.status not in LIVE:
                raise IllegalMove("not_running", "This game is not running.")
            if not 0 <= seat < len(table.seats):
                raise IllegalMove("no_seat", "There is no such seat.", seat=seat)
            changed, told = autopilot.switched(table.seats[seat], reason, table)
            if changed is None:
                return False
            await self.store.commit_step(
                table, new_version=table.version + 1, state=table.state,
                outbox=[(tag, e.kind, e.data) for e in told for tag in e.audience_tags()],
                now=self.clock.now(), moment=moment_of(self.engine(table), table.state),
                claim=self._claim(), seats=[changed])
            table.seats[seat] = changed
        await self._after_step(table)
        return True

    async def come_back(self, game_id: int, user_id: int) -> bool:
        """**I'm back**: the person's seat is theirs again at once; whether it was on
        autopilot."""
        seat = (await self.table(game_id)).seat_of(user_id)
        if seat is None:
            raise IllegalMove("not_in_game", "You are not in this game.")
        return await self.set_autopilot(game_id, seat.seat, None)

    async def note_gm(self, game_id: int, kind: str, data: dict) -> None:
        """A line for the GM log from outside the rules (a message the delivery set aside);
        a game set aside takes none (a step would write over the state it could not read)."""
        async with self.store.game_lock(game_id):
            table = await self._read(game_id)
            if table.unreadable is not None:
                log.warning("game %s (set aside): %s %s", game_id, kind, data)
                return
            await self.store.commit_step(table, new_version=table.version + 1, state=table.state,
                                         outbox=[(GM, kind, data)], now=self.clock.now(),
                                         claim=self._claim())

    # ---- deadlines ----------------------------------------------------------------------------
    async def next_due(self) -> float | None:
        """The earliest moment something is due in a running game: a deadline or reminder not
        tried yet, or the next try of one whose firing failed (never one that just failed,
        or the scheduler would try it again at once, without end)."""
        retries = [at for _, at in self._failing.values()]
        due = await self.store.next_due(after=self._passed_at)
        back = await self.store.next_away_end()     # someone's away time ends
        return min(retries + [at for at in (due, back) if at is not None], default=None)

    async def fire_due(self) -> int:
        """Apply the default of every deadline that has passed, send due reminders. Returns how
        many defaults were applied. Late deadlines after a restart fire here at once."""
        fired = 0
        now = self.clock.now()
        await self.away_over()
        due = (await self.store.claim_due(self.owner, now, self.lease) if self.shared
               else await self.store.due(now))
        self._passed_at = now
        keys = {(d.game_id, d.pending_id) for d in due}
        self._failing = {k: v for k, v in self._failing.items() if k in keys}
        for d in due:
            key = (d.game_id, d.pending_id)
            if self._failing.get(key, (0, now))[1] > now:
                continue    # it failed a moment ago: tried again later, not in a loop
            try:
                if d.pending_id == more_time.VOTE:
                    await self.close_vote(d.game_id)
                elif substitutes.timer_seat(d.pending_id) is not None:
                    await self._offer_due(d.game_id, d.pending_id)
                elif d.due_at <= now:
                    fired += await self._timeout(d.game_id, d.pending_id)
                else:
                    await self._remind(d)
            except Unloadable:   # set aside: its deadlines stopped, the log said it once
                pass
            except Exception:  # one game's trouble never holds up the others' clocks
                failures = self._failing.get(key, (0, now))[0] + 1
                wait = min(RETRY_MOST, RETRY_FIRST * 2 ** (failures - 1))
                self._failing[key] = (failures, now + wait)
                log.exception("deadline %s of game %s failed (%s times); next try in %.0f s",
                              d.pending_id, d.game_id, failures, wait)
                continue
            self._failing.pop(key, None)
        return fired

    async def _timeout(self, game_id: int, pending_id: str) -> int:
        """Apply one deadline's default; an engine that fails suspends its game."""
        async with self.store.game_lock(game_id):
            table = await self.table(game_id)
            if table.status != "running":
                return 0
            try:
                with _engine_calls():
                    open_before = self.pending(table)
                pending = next((p for p in open_before if p.id == pending_id), None)
                if pending is None:  # answered meanwhile: the deadline is left over
                    await self.store.drop_deadline(table.id, pending_id)
                    return 0
                await self._apply(table, pending, pending.default or pending.options[0].id,
                                  "timeout")
                fired = 1
            except (EngineFault, IllegalMove) as err:  # a refused default is the engine's bug
                await self._suspend(table, "deadline", err)
                fired = 0
        await self._after_step(table)
        return fired

    async def _remind(self, d: Deadline) -> None:
        """A reminder to the asked seat alone, by DM (the last names what the deadline will
        choose), committed with the time of its next one; a person who turned reminders down,
        or a seat the bot plays, is sent none."""
        async with self.store.game_lock(d.game_id):
            table = await self.table(d.game_id)
            if d not in await self.store.deadlines(d.game_id):   # answered or sent meanwhile
                return
            with _engine_calls():
                pending = next((p for p in self.pending(table) if p.id == d.pending_id), None)
            if pending is None:   # answered meanwhile: the deadline is left over
                return await self.store.drop_deadline(table.id, d.pending_id)
            now = self.clock.now()
            after = pace.Clock(table.options).next_reminder(
                d.due_at, pace.duration(table.pace, pending.deadline), now)
            seat = table.seats[d.seat]
            outbox = [] if seat.ai_plays or seat.user_id in more_time.quiet(table.clock) else [
                (f"seat:{d.seat}", *_reminder(pending, d.due_at, last=after is None))]
            await self.store.remind(table, replace(d, remind_at=after), outbox, now,
                                    self._claim())
        await self.flush(table.id)

    async def run_scheduler(self, max_sleep: float = 60.0) -> None:
        """One task for all games: sleep until the earliest deadline (or a wake-up), fire it.
        With a shared store it also sweeps every half lease (`sweep`)."""
        if self.shared:
            max_sleep = min(max_sleep, self.lease / 2)
        while True:
            self._wake.clear()  # before reading: a change made meanwhile wakes the next wait
            try:
                await self.fire_due()
                if self.shared and self.clock.now() - self._swept_at >= self.lease / 2:
                    await self.sweep()
                due = await self.next_due()
            except Exception:
                log.exception("scheduler step failed")
                due = None
            delay = max_sleep if due is None else min(max_sleep, max(0.0, due - self.clock.now()))
            try:
                await asyncio.wait_for(self._wake.wait(), timeout=delay)
            except asyncio.TimeoutError:
                pass

    def _claim(self) -> tuple[str, float] | None:
        """With a shared store, news is this process's from the commit that makes it: it is
        about to deliver it, and the others leave it alone while the claim is renewed."""
        return (self.owner, self.clock.now() + self.lease) if self.shared else None

    async def sweep(self) -> list[int]:
        """With a shared store, every half lease: renew the claims on the news of the games
        this process is still settling (however long they wait for a slot or for Discord),
        then take up what other processes left. Returns the games taken up."""
        busy = [gid for gid, task in self._settling.items() if not task.done()]
        await self.store.renew_claims(self.owner, busy, self.clock.now() + self.lease)
        return await self.take_up_left()

    async def take_up_left(self) -> list[int]:
        """With a shared store: news whose claim ran out unrenewed (its process died, or its
        delivery failed) is delivered here, and its game goes on from here (AI seats,
        status). Returns those games."""
        self._swept_at = self.clock.now()
        left = sorted(set((await self.store.unclaimed_outbox(self._swept_at)).values()))
        for gid in left:
            log.warning("game %s: taking up the news another process left undelivered", gid)
            await self._after_step(await self._read(gid))
        return left

    # ---- delivery -----------------------------------------------------------------------------
    async def _undelivered(self, game_id: int) -> list[OutboxRow] | None:
        """The game's news to deliver now (the caller holds the game's delivery): with a
        shared store, claimed for a lease (None while another process's delivery claim holds
        some of it)."""
        if not self.shared:
            return await self.store.undelivered(game_id)
        return await self.store.claim_game_outbox(self.owner, self.clock.now(), self.lease,
                                                  game_id)

    async def flush(self, game_id: int | None = None) -> None:
        """Deliver undelivered events, oldest first, and mark them delivered. One delivery at a
        time per game (across processes, with a shared store), so concurrent flushes never
        send the same event twice."""
        ids = [game_id] if game_id is not None else sorted(
            {r.game_id for r in await self.store.undelivered()})
        for gid in ids:
            await self._deliver(gid)

    async def _news_with_game(self, game_id: int) -> tuple[list[OutboxRow] | None, GameRow]:
        """The game's news to deliver now (`_undelivered`) and the game, read at once (two
        trips' wait, not one after the other); the game is read again if it is older than
        the news, or what it asks now might be missing."""
        rows, table = await asyncio.gather(self._undelivered(game_id), self._read(game_id))
        if rows and table.version < max(r.seq for r in rows):
            table = await self._read(game_id)
        return rows, table

    async def _deliver(self, game_id: int, show: bool = False) -> None:
        """One game's `flush`; with `show`, the delivery is called even without news, to
        show the game as it now is."""
        async with self._delivering[game_id], self.across(game_id):
            rows, table = await self._news_with_game(game_id)
            if not rows and not show:
                return
            try:
                await self.delivery.deliver(table, rows or [])
            except Exception:
                log.exception("delivery failed for game %s; will retry", game_id)
                return
            if rows:
                await self.store.mark_delivered(r.id for r in rows)

    async def deliver_progress(self, game_id: int, asked: frozenset[str], send) -> bool:
        """Let the answer to a click carry the news it caused. `asked` holds the open questions
        before the answer; `send(table, rows, alone)` shows what it may of the rows and returns
        the ids it showed (`alone`: the rows are all public or for the GM log and the step asks
        nothing new, as a vote's "X has voted"); what it leaves (a secret, a new question, the
        end) goes by `flush`, as does everything while a delivery is under way: an answer to
        a click never waits for one."""
        if self._delivering[game_id].locked():
            return False
        async with self._delivering[game_id], self.across(game_id, wait=False) as held:
            if not held:
                return False
            rows, table = await self._news_with_game(game_id)
            if rows is None or table.status != "running":   # None: another process's
                return False
            alone = (all(r.audience in ("public", "gm") for r in rows)
                     and {p.id for p in self.pending(table)} <= asked)
            shown = await send(table, rows, alone)
            if not shown:
                return False
            await self.store.mark_delivered(shown)
            return True

    async def recover(self) -> list[int]:
        """After a (re)start: wake the scheduler (deadlines are in the store; late ones fire at
        once), then, in the background, deliver what was committed but not delivered, let AI
        seats answer anything they were asked before the stop, and show every live game's
        status and questions again. Nothing is loaded before this returns (a click loads its
        game at once), so a restart with thousands of games takes clicks in moments."""
        ids = await self.store.game_ids(statuses=LIVE)
        asked = await self.store.ai_asked()
        self._wake.set()
        catching_up = self._catch_up(ids, asked)
        if self.background:
            self._spawn(catching_up)
        else:
            await catching_up
        return ids

    async def _catch_up(self, ids: list[int], asked: list[int], at_once: int = 16) -> None:
        """Recovery's work: several games' news goes out at once (each game's in order)."""
        try:
            waiting = sorted({r.game_id for r in await self.store.undelivered()})
            for at in range(0, len(waiting), at_once):
                part = waiting[at:at + at_once]
                done = await asyncio.gather(*(self.flush(gid) for gid in part),
                                            return_exceptions=True)
                for gid, err in zip(part, done):
                    if err is not None:
                        log.error("delivering game %s after the restart failed", gid,
                                  exc_info=err)
            for table in await self._read_many(asked):
                if table.unreadable is None:     # one set aside is not asked anything
                    await self._after_step(table)
            shown = set(asked)
            await self._show_again([gid for gid in ids if gid not in shown])
        except Exception:   # the scheduler and the next step of each game take up the rest
            log.exception("recovery's background work stopped")

    async def _show_again(self, ids: list[int], chunk: int = 500) -> None:
        """Refresh these games' statuses and questions, loading them a chunk at a time (kept
        in memory as `table` keeps them: by a single process only); a game this build cannot
        load is set aside instead (`_read_many`)."""
        for at in range(0, len(ids), chunk):
            for table in await self._read_many(ids[at:at + chunk]):
                if table.unreadable is None:
                    await self.delivery.table_changed(table)

    def _spawn(self, coro) -> asyncio.Task:
        task = in_background(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def idle(self) -> None:
        """Wait until background AI work has finished (tests and shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)


def _reminder(pending: Pending, due: float, last: bool) -> tuple[str, dict]:
    """A reminder's kind and data; the last one names the answer a timeout gives (when it is
    one of the options: a multi-pick's default is what is picked, named by no option)."""
    fallback = pending.option(pending.default) if pending.default else pending.options[0]
    if not last or fallback is None:
        return "table_reminder", {"due": int(due)}
    return "table_reminder_last", {"due": int(due),
                                   "choice": {**fallback.params, "key": fallback.key}}


def process_name() -> str:
    """This process, as logs and claims name it: PROCESS_NAME (else the host's name) and
    the pid."""
    return f"{os.environ.get('PROCESS_NAME') or socket.gethostname()}/{os.getpid()}"


@asynccontextmanager
async def _held():
    yield True


__all__ = ["Host", "Delivery", "NullDelivery", "Accepted", "EngineFault", "Unloadable", "GM",
           "PUBLIC"]
