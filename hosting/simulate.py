"""`python bot.py simulate`: a whole game offline, every seat an AI, on a fake clock.

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
from hosting.clock import FakeClock
from hosting.host import Host
from hosting.store import GameRow, OutboxRow, Store
from hosting.text import Translator

MAX_STEPS = 200_000


@dataclass
class SimulationArgs:
    game: str
    players: int
    seed: int
    mode: str | None = None
    absent: int = 0
    db: str | None = None
    resume: bool = False
    transcript: str | None = None
    policy: str | None = None
    delay: float = 0.0
    options: dict | None = None


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
                                seed=a.seed, join=False, options=a.options)
    absent = max(0, min(a.absent, a.players))
    for _ in range(a.players - absent):
        await host.add_ai(table.id, by_user=None, policy=policy)
    for i in range(absent):  # people who never answer: the clock decides for them
        await host.join(table.id, user_id=-(i + 1), name=f"Absent {i + 1}")
    await host.start(table.id, by_user=None)
    return table


async def simulate(a: SimulationArgs) -> dict:
    store = await Store.open(a.db or ":memory:")
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
        else:
            table = await _new_table(host, a)
        for _ in range(MAX_STEPS):
            if table.status != "running":
                break
            if await host.run_ai(table.id, limit=1):
                await asyncio.sleep(a.delay)
                continue
            due = await host.next_due()
            if due is None:
                break
            clock.set(due)
            await host.fire_due()
        await host.flush()
        result = table.result or {}
        return {
            "game": table.game, "seed": table.seed, "players": len(table.seats),
            "mode": table.mode, "finished": table.status == "finished",
            "winners": result.get("winners", []), "reason": result.get("reason"),
            "rounds": result.get("round", games.engine(table.game).round(table.state or {})),
            "decisions": await store.decision_count(table.id),
            "state_digest": hashlib.sha256(
                json.dumps(table.state, sort_keys=True).encode()).hexdigest()[:16],
        }
    finally:
        await store.close()
