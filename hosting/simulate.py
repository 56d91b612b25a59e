"""`python bot.py simulate`: a whole game offline, every seat an AI, on a fake clock.

`--absent N`: the last N seats are people who never answer, so after their misses the bot plays
them (autopilot). `--away SEAT:ROUNDS`: that seat is a person away for its first ROUNDS
rounds (the bot plays it meanwhile), who then comes back and answers as the AI would.

It runs through the same Host and Store as the bot, so it doubles as the durability check: the
driving loop only reads what the store holds, so a run killed at any instant and resumed with
`--resume` takes exactly the same decisions as an uninterrupted one.
"""
from __future__ import annotations

import asyncio
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

import games
from games.base import IllegalMove
from games.settings_text import parse_settings
from hosting import ai, pace
from hosting.clock import FakeClock
from hosting.host import Host
from hosting.store import GameRow, OutboxRow
from hosting.stores import open_store
from hosting.text import Translator

MAX_STEPS = 200_000


@dataclass
class SimulationArgs:
    game: str
    players: int | None   # None when resuming: the stored game knows its seats
    seed: int
    mode: str | None = None
    absent: int = 0
    db: str | None = None
    resume: bool = False
    transcript: str | None = None
    policy: str | None = None
    delay: float = 0.0
    option: list[str] | None = None   # "key=value" settings, as `/GAME new settings:` takes
    away: list[str] | None = None     # "SEAT:ROUNDS": a person away for that many rounds


def games_help() -> str:
    """What `simulate --help` lists: each game's modes with their player counts, AI policies
    and options."""
    lines = ["games:"]
    for name in sorted(games.REGISTRY):
        engine = games.engine(name)
        modes = ", ".join(f"{m} ({lo}-{hi} players)" if lo != hi else f"{m} ({lo} players)"
                          for m in engine.modes for lo, hi in [engine.player_range(m)])
        options = sorted({o for m in engine.modes for o in pace.settings_specs(engine, m)})
        lines += [f"  {name}", f"    modes: {modes}",
                  f"    AI policies: {', '.join(engine.ai_policies)} "
                  f"(default {engine.ai_policies[-1]})",
                  f"    options: {', '.join(options) or '-'}"]
    return "\n".join(lines)


def check_args(a: SimulationArgs) -> None:
    """Refuse what cannot make a game, before anything is written (IllegalMove, one line)."""
    if a.transcript and not a.resume and Path(a.transcript).exists() \
            and Path(a.transcript).stat().st_size:
        raise IllegalMove("transcript_exists", f"{a.transcript} already holds a transcript: "
                          "choose a new file, or add --resume to continue that game.")
    if not 0 <= a.delay < 3600 or not 0 <= a.absent:
        raise IllegalMove("bad_number", "--delay and --absent take a number from 0.")
    away_of(a)
    if a.resume:   # the stored game keeps its own settings
        return
    engine = games.engine(a.game)
    mode = a.mode or engine.modes[0]
    engine.check_players(mode, a.players)
    pace.check_settings(engine, mode, options_of(a))
    if a.policy is not None and a.policy not in engine.ai_policies:
        raise IllegalMove("unknown_policy", f"Unknown AI policy {a.policy!r}.", policy=a.policy,
                          known=", ".join(engine.ai_policies))


def away_of(a: SimulationArgs) -> dict[int, int]:
    """Each `--away SEAT:ROUNDS`, seat -> rounds; IllegalMove for one that names no seat of
    the table that is not absent."""
    away = {}
    for text in a.away or ():
        seat, _, rounds = text.partition(":")
        if not (seat.isdigit() and rounds.isdigit()) or (
                a.players is not None and not int(seat) < a.players - a.absent):
            raise IllegalMove("bad_away", f"Cannot read --away {text[:40]!r}.",
                              away=text[:40])
        away[int(seat)] = int(rounds)
    return away


def options_of(a: SimulationArgs) -> dict:
    """Each `--option` read as `/GAME new settings:` reads its text (a later one wins)."""
    engine = games.engine(a.game)
    specs = pace.settings_specs(engine, a.mode or engine.modes[0])
    return {k: v for text in a.option or () for k, v in parse_settings(text, specs).items()}


class TranscriptDelivery:
    """Writes every delivered event as one JSON line, once: after a crash it skips the outbox
    rows the file already holds."""

    def __init__(self, path: str | None):
        self.path = Path(path) if path else None
        self.last_id = 0
        if self.path and self.path.exists():
            for line in self.path.read_text().splitlines():
                if line.strip():
                    self.last_id = max(self.last_id, json.loads(line)["id"])

    async def deliver(self, table: GameRow, rows: list[OutboxRow]) -> None:
        if not self.path:
            return
        t = Translator(table.game, "en", table.names)
        fresh = [r for r in rows if r.id > self.last_id]
        with self.path.open("a", encoding="utf-8") as out:
            for r in fresh:
                out.write(json.dumps({"seq": r.seq, "id": r.id, "audience": r.audience,
                                      "kind": r.kind, "text": t.event(r.kind, r.data),
                                      "data": r.data}, ensure_ascii=False) + "\n")
            out.flush()
        if fresh:
            self.last_id = fresh[-1].id

    async def table_changed(self, table: GameRow) -> None:
        return None


async def _new_table(host: Host, a: SimulationArgs) -> GameRow:
    engine = games.engine(a.game)
    policy = a.policy or engine.ai_policies[-1]
    table = await host.new_game(a.game, host_user=None, host_name="simulator", mode=a.mode,
                                options=options_of(a), seed=a.seed, join=False)
    absent, away = max(0, min(a.absent, a.players)), away_of(a)
    for seat in range(a.players - absent):
        if seat in away:
            await host.join(table.id, user_id=AWAY_USER + seat, name=f"Away {seat + 1}")
        else:
            await host.add_ai(table.id, by_user=None, policy=policy)
    for i in range(absent):  # people who never answer: the clock, then the bot, decides
        await host.join(table.id, user_id=-(i + 1), name=f"Absent {i + 1}")
    await host.start(table.id, by_user=None)
    for seat in away:
        await host.set_autopilot(table.id, seat, "away")
    return table


async def play_on(host: Host, clock: FakeClock, game_id: int, steps: int = MAX_STEPS,
                  delay: float = 0.0, away: dict[int, int] | None = None) -> None:
    """Play a game by its AI seats and its clock until it ends or waits on a person; the
    `away` seats (seat -> rounds) come back after their rounds and answer as the AI would."""
    for _ in range(steps):
        # As stored (PostgreSQL keeps no copy here).
        table = await host.table(game_id)
        if table.status != "running":
            return
        if away and await _back_from_away(host, table, away):
            continue
        if await host.run_ai(game_id, limit=1):
            await asyncio.sleep(delay)
            continue
        due = await host.next_due()
        if due is None:
            return
        clock.set(due)
        await host.fire_due()


AWAY_USER = 1_000_000   # the user ids of `--away` seats: this plus the seat


async def _back_from_away(host: Host, table: GameRow, away: dict[int, int]) -> bool:
    """An away seat whose rounds are over comes back; one back answers its first question
    as the AI would. Whether it did anything."""
    engine = host.engine(table)
    for seat in sorted(away):
        row = table.seats[seat]
        if row.autopilot == "away" and engine.round(table.state) > away[seat]:
            return await host.set_autopilot(table.id, seat, None)
        if row.autopilot is None and row.user_id == AWAY_USER + seat:
            for pending in host.pending_for(table, seat):
                choice = ai.choose(engine, table.state, table.seed, pending,
                                   ai.strongest(engine))
                await host.decide(table.id, row.user_id, pending.id, choice)
                return True
    return False


async def simulate(a: SimulationArgs) -> dict:
    check_args(a)
    store = await open_store(a.db or ":memory:")
    try:
        # A run stopped before its game started just starts again; same seed, same game.
        existing = (await store.game_ids(statuses=("running", "paused", "finished"))
                    if a.resume else [])
        clock = FakeClock()
        if existing:
            clock = FakeClock((await store.load_game(existing[-1])).updated_at)
        host = Host(store, clock, TranscriptDelivery(a.transcript), background=False)
        if existing:
            table = await host.table(existing[-1])
            await host.flush()
        elif a.players is None:
            raise IllegalMove("no_game_to_resume", f"{a.db} holds no started game: give "
                              "--players to start one.")
        else:
            table = await _new_table(host, a)
        await play_on(host, clock, table.id, delay=a.delay, away=away_of(a))
        await host.flush()
        table = await host.table(table.id)
        result = table.result or {}
        return {
            "game": table.game, "seed": table.seed, "players": len(table.seats),
            "mode": table.mode, "finished": table.status == "finished",
            "winners": result.get("winners", []), "reason": result.get("reason"),
            "rounds": result.get("round", games.engine(table.game).round(table.state or {})),
            "decisions": await store.decision_count(table.id),
            # every seat answers at once, so the game's length is its waits on the clock
            # alone: the dead time a table sees once every answer is in
            "clock_waits": round(clock.now() - table.created_at),
            "state_digest": hashlib.sha256(
                json.dumps(table.state, sort_keys=True).encode()).hexdigest()[:16],
        }
    finally:
        await store.close()
