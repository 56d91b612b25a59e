"""The results index (migration V17): what each ended game leaves for /history and /stats.

A game's row is written in the step that ends it (`Store.commit_step(record=...)`), so an
ended game never lacks it; games that ended before the index existed get theirs the first time
a server's history or stats are read (`backfill`). Once indexed, reads never touch a game's
state: a server with a hundred thousand games answers from these rows and their indexes alone
(the statements are the shared SQL both stores speak, run on the store's own connection).

Every person or AI that held a seat has a row with its `part`: only a person who played a seat
from the start to a finished end ('played') counts a win or a loss; one who left, was played
for by the bot at the end ('autopilot') or took a seat over ('substitute') is counted as such.
Roles and sides are kept only for a finished game, whose end revealed them; a cancelled game's
secrets stay untold.
"""
from __future__ import annotations

import weakref
from collections import defaultdict
from dataclasses import dataclass, field, replace
from typing import Iterable

import games
from games.base import Engine, Outcome
from hosting.store import GameRow, SeatRow, Store
from hosting.text import Translator

COUNTED = "played"              # the one part whose games count as won or lost
MIN_RATED = 5                   # decided games a person needs for the best-win-rate list
TOP = 5                         # people in each of a server's lists

_INSERT_RESULT = ("INSERT INTO results (game_id, game, mode, guild_id, thread_id, status, "
                  "reason, rounds, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
_INSERT_SEAT = ("INSERT INTO result_seats (game_id, guild_id, game, seat, user_id, name, "
                "ai_policy, part, role, side, won) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
_RESULT_COLUMNS = "r.game_id, r.game, r.mode, r.thread_id, r.status, r.reason, r.rounds, " \
                  "r.finished_at"


@dataclass
class SeatResult:
    seat: int
    user_id: int | None
    name: str
    ai_policy: str | None
    part: str              # played | ai | autopilot | left | substitute | vacant
    role: str | None       # "section:key" of the game's locale (`named`)
    side: str | None
    won: bool | None       # None unless the game finished


@dataclass
class Record:
    game_id: int
    game: str
    mode: str
    guild_id: int | None
    thread_id: int | None
    status: str            # finished | cancelled | abandoned
    reason: str | None
    rounds: int
    finished_at: float
    seats: list[SeatResult] = field(default_factory=list)

    def writes(self) -> list[tuple[str, list[tuple]]]:
        """The statements that store it, each with its rows."""
        return [(_INSERT_RESULT, [(self.game_id, self.game, self.mode, self.guild_id,
                                   self.thread_id, self.status, self.reason, self.rounds,
                                   self.finished_at)]),
                (_INSERT_SEAT, [(self.game_id, self.guild_id, self.game, s.seat, s.user_id,
                                 s.name, s.ai_policy, s.part, s.role, s.side,
                                 None if s.won is None else int(s.won))
                                for s in self.seats])]

    def people(self) -> list[SeatResult]:
        return [s for s in self.seats if s.user_id is not None]


def record_of(table: GameRow, *, at: float, rounds: int, outcome: Outcome | None = None,
              sides: dict | None = None, departed: dict[int, list[int]] | None = None) -> Record:
    """The record of a game ending now: finished with `outcome` (and the engine's
    `final_sides`), else cancelled. `departed`: seat -> the people who left it (V14)."""
    sides, departed = sides or {}, departed or {}
    winners = set(outcome.winners) if outcome is not None else None
    seats = []
    for s in table.seats:
        part = sides.get(s.seat) or {}
        role, side = part.get("role"), part.get("side")
        won = None if winners is None else s.seat in winners
        gone = [u for u in departed.get(s.seat, []) if u != s.user_id]
        seats += [SeatResult(s.seat, u, "", None, "left", role, side, won) for u in gone]
        if s.user_id is None:
            held = "ai" if s.ai_policy is not None else "vacant"
        elif s.autopilot is not None:
            held = "left" if s.autopilot == "left" else "autopilot"
        else:
            held = "substitute" if gone else COUNTED
        seats.append(SeatResult(s.seat, s.user_id, s.name, s.ai_policy, held, role, side, won))
    status = "finished" if outcome is not None else "cancelled"
    record = Record(table.id, table.game, table.mode, table.guild_id, table.thread_id, status,
                    outcome.reason if outcome is not None else None, rounds, at, seats)
    if record.people() and not any(s.part in (COUNTED, "substitute") for s in record.people()):
        record.status = "abandoned"   # people sat down, and none was playing at the end
    return record


async def ended(store: Store, table: GameRow, *, at: float, rounds: int,
                outcome: Outcome | None = None, sides: dict | None = None,
                changed: Iterable[SeatRow] = (), departed: Iterable[tuple[int, int]] = ()
                ) -> Record:
    """The record of `table` ending in the step being committed: its seats as that step
    leaves them (`changed`), the people who left them before and with it (`departed`:
    (seat, user))."""
    gone = (await departures(store, [table.id])).get(table.id, {})
    for seat, user in departed:
        if user not in gone.setdefault(seat, []):
            gone[seat].append(user)
    seats = {s.seat: s for s in table.seats} | {s.seat: s for s in changed}
    return record_of(replace(table, seats=[seats[k] for k in sorted(seats)]), at=at,
                     rounds=rounds, outcome=outcome, sides=sides, departed=gone)


def record_of_stored(table: GameRow, departed: dict[int, list[int]]) -> Record:
    """The record of a game that ended before the index existed, from its stored row."""
    engine: Engine | None = None
    if table.unreadable is None and table.state is not None:
        try:
            engine = games.engine(table.game)
        except KeyError:
            engine = None
    result = table.result or {}
    outcome = (Outcome(tuple(result.get("winners", ())), result.get("reason", ""),
                       result.get("params") or {}) if table.status == "finished" else None)
    sides, rounds = {}, int(result.get("round") or 0)
    if engine is not None:
        try:
            rounds = rounds or engine.round(table.state)
            if outcome is not None:
                sides = engine.final_sides(table.state)
        except Exception:   # an engine that cannot read it: the record keeps no roles
            sides = {}
    return record_of(table, at=table.updated_at, rounds=rounds, outcome=outcome, sides=sides,
                     departed=departed)


async def departures(store: Store, game_ids: list[int]) -> dict[int, dict[int, list[int]]]:
    """game -> seat -> the people who left it, first to leave first."""
    out: dict[int, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    for at in range(0, len(game_ids), 500):
        part = game_ids[at:at + 500]
        for r in await store._fetch(
                "SELECT game_id, seat, user_id FROM departures WHERE game_id IN "
                f"({', '.join('?' * len(part))}) ORDER BY game_id, seat, at, user_id", tuple(part)):
            out[r[0]][r[1]].append(r[2])
    return out


# Per store: the servers whose ended games are all in the index (every game ending from now on
# writes its row in its own step, so a server is looked at once per process).
_BACKFILLED: "weakref.WeakKeyDictionary[Store, set]" = weakref.WeakKeyDictionary()


async def backfill(store: Store, guild_id: int, chunk: int = 200) -> int:
    """Index a server's ended games that have no row yet; how many."""
    done = _BACKFILLED.setdefault(store, set())
    if guild_id in done:
        return 0
    ids = [r[0] for r in await store._fetch(
        "SELECT id FROM games g WHERE guild_id = ? AND status IN ('finished', 'cancelled') "
        "AND state IS NOT NULL AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id) "
        "ORDER BY id", (guild_id,))]
    for at in range(0, len(ids), chunk):
        part = ids[at:at + chunk]
        gone = await departures(store, part)
        records = [record_of_stored(row, gone.get(row.id, {}))
                   for row in await store.load_games(part)]
        async with store._transaction() as db:
            for record in records:
                (_, [result]), (_, seats) = record.writes()
                kept = await db.execute_fetchall(
                    _INSERT_RESULT + " ON CONFLICT DO NOTHING RETURNING game_id", result)
                if kept:   # another process may have indexed it meanwhile
                    await db.executemany(_INSERT_SEAT, seats)
    done.add(guild_id)
    return len(ids)


# ---- reading ------------------------------------------------------------------------------
PAGE = 8   # games per page of /history


@dataclass
class GameResult:
    game_id: int
    game: str
    mode: str
    thread_id: int | None
    status: str
    reason: str | None
    rounds: int
    finished_at: float
    seats: list[SeatResult] = field(default_factory=list)


async def _with_seats(store: Store, rows) -> list[GameResult]:
    found = [GameResult(*r) for r in rows]
    if found:
        by_id = {g.game_id: g for g in found}
        marks = ", ".join("?" * len(by_id))
        for r in await store._fetch(
                "SELECT game_id, seat, user_id, name, ai_policy, part, role, side, won "
                f"FROM result_seats WHERE game_id IN ({marks}) ORDER BY game_id, seat",
                tuple(by_id)):
            by_id[r[0]].seats.append(SeatResult(*r[1:8], None if r[8] is None else bool(r[8])))
    return found


async def history(store: Store, guild_id: int, *, user_id: int | None = None,
                  page: int = 0) -> tuple[int, list[GameResult]]:
    """(how many ended games, this page of them, newest first): the server's, or those
    a person held a seat of."""
    await backfill(store, guild_id)
    where, args = "r.guild_id = ?", (guild_id,)
    if user_id is not None:
        where += (" AND r.game_id IN (SELECT game_id FROM result_seats WHERE guild_id = ? "
                  "AND user_id = ?)")
        args += (guild_id, user_id)
    [(total,)] = await store._fetch(f"SELECT COUNT(*) FROM results r WHERE {where}", args)
    rows = await store._fetch(
        f"SELECT {_RESULT_COLUMNS} FROM results r WHERE {where} "
        "ORDER BY r.finished_at DESC, r.game_id DESC LIMIT ? OFFSET ?",
        (*args, PAGE, max(0, page) * PAGE))
    return int(total), await _with_seats(store, rows)


async def one(store: Store, guild_id: int, game_id: int) -> GameResult | None:
    """One ended game of this server."""
    await backfill(store, guild_id)
    found = await _with_seats(store, await store._fetch(
        f"SELECT {_RESULT_COLUMNS} FROM results r WHERE r.game_id = ? AND r.guild_id = ?",
        (game_id, guild_id)))
    return found[0] if found else None


async def moments(store: Store, game_id: int) -> list[str]:
    """The public moments ("phase:round") the game's news was told in, in order: its
    timeline, from the outbox."""
    return [r[0] for r in await store._fetch(
        "SELECT moment FROM outbox WHERE game_id = ? AND audience = 'public' "
        "AND moment IS NOT NULL GROUP BY moment ORDER BY MIN(id)", (game_id,))]


@dataclass
class Tally:
    """Games decided (won or lost) and won."""
    played: int = 0
    won: int = 0

    def add(self, won: bool) -> None:
        self.played += 1
        self.won += int(won)

    @property
    def rate(self) -> float:
        return self.won / self.played if self.played else 0.0


@dataclass
class PersonStats:
    games: int = 0                                    # ended games they held a seat of
    statuses: dict = field(default_factory=lambda: defaultdict(int))   # status -> games
    parts: dict = field(default_factory=lambda: defaultdict(int))      # part -> seats
    total: Tally = field(default_factory=Tally)       # 'played' seats of finished games
    per_game: dict = field(default_factory=lambda: defaultdict(Tally))
    per_side: dict = field(default_factory=lambda: defaultdict(Tally))   # (game, side)
    per_role: dict = field(default_factory=lambda: defaultdict(Tally))   # (game, role)
    with_ai: int = 0        # games with AI seats
    ai_beside: int = 0      # ... an AI seat on their side
    ai_against: int = 0     # ... an AI seat on another side


async def person_stats(store: Store, guild_id: int, user_id: int) -> PersonStats:
    await backfill(store, guild_id)
    out = PersonStats()
    mine: dict[int, str | None] = {}
    for game_id, game, part, role, side, won, status in await store._fetch(
            "SELECT s.game_id, s.game, s.part, s.role, s.side, s.won, r.status "
            "FROM result_seats s JOIN results r ON r.game_id = s.game_id "
            "WHERE s.guild_id = ? AND s.user_id = ? ORDER BY s.game_id", (guild_id, user_id)):
        out.parts[part] += 1
        if game_id not in mine:
            out.statuses[status] += 1
        mine[game_id] = side
        if part == COUNTED and won is not None:
            out.total.add(bool(won))
            out.per_game[game].add(bool(won))
            if side is not None:
                out.per_side[(game, side)].add(bool(won))
            if role is not None:
                out.per_role[(game, role)].add(bool(won))
    out.games = len(mine)
    ai: dict[int, set] = defaultdict(set)
    for game_id, side in await store._fetch(
            "SELECT a.game_id, a.side FROM result_seats a WHERE a.part = 'ai' AND a.game_id IN "
            "(SELECT game_id FROM result_seats WHERE guild_id = ? AND user_id = ?)",
            (guild_id, user_id)):
        ai[game_id].add(side)
    out.with_ai = len(ai)
    out.ai_beside = sum(1 for g, sides in ai.items() if mine[g] is not None and mine[g] in sides)
    out.ai_against = sum(1 for g, sides in ai.items()
                         if mine[g] is not None and sides - {mine[g], None})
    return out


@dataclass
class ServerStats:
    statuses: dict = field(default_factory=dict)              # status -> games
    per_game: dict = field(default_factory=lambda: defaultdict(dict))   # game -> status -> n
    sides: dict = field(default_factory=dict)                 # (game, side) -> Tally of seats
    most_games: list = field(default_factory=list)            # [(user, games)]
    best_rate: list = field(default_factory=list)             # [(user, Tally)]


async def server_stats(store: Store, guild_id: int) -> ServerStats:
    """The server's games by game and status, how each side's seats fare, and its top lists
    (people who asked to be left out are not in them)."""
    await backfill(store, guild_id)
    out = ServerStats()
    for game, status, n in await store._fetch(
            "SELECT game, status, COUNT(*) FROM results WHERE guild_id = ? "
            "GROUP BY game, status ORDER BY game, status", (guild_id,)):
        out.per_game[game][status] = n
        out.statuses[status] = out.statuses.get(status, 0) + n
    for game, side, n, won in await store._fetch(
            "SELECT game, side, COUNT(*), SUM(won) FROM result_seats WHERE guild_id = ? "
            "AND side IS NOT NULL AND won IS NOT NULL GROUP BY game, side ORDER BY game, side",
            (guild_id,)):
        out.sides[(game, side)] = Tally(n, int(won or 0))
    listed = ("user_id IS NOT NULL AND user_id NOT IN "
              "(SELECT user_id FROM stats_hidden WHERE guild_id = ?)")
    out.most_games = [(r[0], r[1]) for r in await store._fetch(
        f"SELECT user_id, COUNT(DISTINCT game_id) AS n FROM result_seats WHERE guild_id = ? "
        f"AND {listed} GROUP BY user_id ORDER BY n DESC, user_id LIMIT ?",
        (guild_id, guild_id, TOP))]
    out.best_rate = [(r[0], Tally(r[1], int(r[2]))) for r in await store._fetch(
        f"SELECT user_id, COUNT(*) AS n, SUM(won) AS w FROM result_seats WHERE guild_id = ? "
        f"AND part = '{COUNTED}' AND won IS NOT NULL AND {listed} GROUP BY user_id "
        "HAVING COUNT(*) >= ? ORDER BY 1.0 * SUM(won) / COUNT(*) DESC, n DESC, user_id LIMIT ?",
        (guild_id, guild_id, MIN_RATED, TOP))]
    return out


# ---- leaving the server's lists -------------------------------------------------------------
async def hidden(store: Store, guild_id: int, user_id: int) -> bool:
    return bool(await store._fetch(
        "SELECT 1 FROM stats_hidden WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)))


async def set_hidden(store: Store, guild_id: int, user_id: int, hide: bool) -> None:
    if hide:
        await store._write("INSERT INTO stats_hidden (guild_id, user_id) VALUES (?, ?) "
                           "ON CONFLICT DO NOTHING", (guild_id, user_id))
    else:
        await store._write("DELETE FROM stats_hidden WHERE guild_id = ? AND user_id = ?",
                           (guild_id, user_id))


def named(t: Translator, ref: str | None) -> str | None:
    """A role or side reference ("section:key") in the reader's words."""
    if ref is None:
        return None
    section, _, key = ref.partition(":")
    return t.lookup(section, key)
