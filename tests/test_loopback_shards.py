"""Three bot processes on one PostgreSQL database, each on one of three shards, against the
loopback Discord: the games' servers sit on shards 1 and 2, so every click on a DM reaches the
process of shard 0 while the thread's votes reach the server's own. One process is killed
(SIGKILL) in the middle of a delivery; the others deliver what it had claimed once its lease
ran out, a new process takes its shard, and every game finishes with each decision, outbox
row and message once."""
from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from collections import Counter
from pathlib import Path

import asyncpg

from tests.loopback import Loopback
from tests.loopback.table import play_unsettled

ROOT = Path(__file__).resolve().parent.parent
SHARDS = 3
LEASE = 1.5
SLOW = 1.0      # seconds each post of the process to be killed takes: it is found mid-delivery


class BotProcess:
    """`tests.loopback.botproc` on one shard, its log in a file."""

    def __init__(self, lb: Loopback, url: str, shard: int, log: Path, send_delay: float = 0.0):
        self.lb, self.url, self.shard, self.log = lb, url, shard, log
        self.send_delay = send_delay
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self) -> "BotProcess":
        with self.log.open("ab") as log:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tests.loopback.botproc", self.lb.fake.api_url,
                self.lb.fake.world.gateway_url, self.url, "--shards", str(self.shard),
                "--shard-count", str(SHARDS), "--lease", str(LEASE),
                "--send-delay", str(self.send_delay), "--log", "INFO", cwd=ROOT,
                env={**os.environ, "PROCESS_NAME": f"p{self.shard}"},
                stdout=asyncio.subprocess.DEVNULL, stderr=log)
        async with asyncio.timeout(40):
            while f"ready on shards [{self.shard}]" not in self.text():
                assert self.proc.returncode is None, self.text()
                await asyncio.sleep(0.05)
        return self

    @property
    def owner(self) -> str:
        """How this process names itself in claims."""
        return f"p{self.shard}/{self.proc.pid}/"

    def text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    async def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.proc.returncode is None:
            self.proc.send_signal(sig)
            await asyncio.wait_for(self.proc.wait(), 20)


async def rows(url: str, sql: str, *args) -> list:
    conn = await asyncpg.connect(url)
    try:
        return await conn.fetch(sql, *args)
    finally:
        await conn.close()


async def wait_rows(url: str, sql: str, timeout: float = 30.0) -> list:
    """The rows `sql` finds, once it finds some."""
    async with asyncio.timeout(timeout):
        while not (found := await rows(url, sql)):
            await asyncio.sleep(0.02)
    return found


async def test_processes_on_shards_share_every_game_and_take_up_a_killed_ones_work(
        postgres, tmp_path):
    url = await postgres.new_database()
    async with Loopback(timeout=60.0) as lb:
        servers = [lb.guild("north", shard=(1, SHARDS)), lb.guild("south", shard=(2, SHARDS))]
        tables = [(guild.text_channel(f"games-{n}"), [guild.user(f"{guild.name}{n}-{i}")
                                                      for i in range(4)])
                  for guild in servers for n in range(2)]
        bots = [BotProcess(lb, url, shard, tmp_path / f"p{shard}.log",
                           send_delay=SLOW if shard == 1 else 0.0) for shard in range(SHARDS)]
        await asyncio.gather(*(bot.start() for bot in bots))
        games = asyncio.gather(*(play_unsettled(lb, people, channel, cheat=False, patient=True)
                                 for channel, people in tables))
        try:
            # Shard 1's process, slow to post, is killed while it holds news it claimed.
            # (Its commits make news its own: it is mid-delivery once it planned the posts
            # of a game that started.)
            held = await wait_rows(url, "SELECT o.id FROM outbox o JOIN games g ON g.id = "
                                   "o.game_id WHERE o.delivered = 0 AND g.status = 'running' "
                                   f"AND o.claimed_by LIKE '{bots[1].owner}%' AND EXISTS ("
                                   "SELECT 1 FROM posts p WHERE p.game_id = o.game_id "
                                   "AND p.state = 'planned')")
            await bots[1].stop(signal.SIGKILL)
            held = [r["id"] for r in held]
            [taken] = await wait_rows(url, "SELECT array_agg(claimed_by) AS owners FROM outbox "
                                      f"WHERE id = ANY(ARRAY{held}) "
                                      "HAVING bool_and(delivered = 1)", 20)
            assert not any(owner.startswith(bots[1].owner) for owner in taken["owners"])
            bots[1] = await BotProcess(lb, url, 1, tmp_path / "p1-again.log").start()
            threads = await asyncio.wait_for(games, 60)
        finally:
            games.cancel()
            for bot in bots:
                await bot.stop()
        logs = {bot.shard: bot.text() for bot in bots}
        logs[1] += (tmp_path / "p1.log").read_text()

        assert not [line for text in logs.values() for line in text.splitlines()
                    if " ERROR " in line]
        assert len(threads) == 4     # every game finished
        assert await rows(url, "SELECT id FROM outbox WHERE delivered = 0") == []
        assert await rows(url, "SELECT game_id, pending_id FROM decisions "
                               "GROUP BY game_id, pending_id HAVING COUNT(*) > 1") == []
        posted = Counter(m.nonce for m in lb.fake.world.messages.values()
                         if m.author is lb.fake.world.bot and m.nonce)
        assert [n for n, times in posted.items() if times > 1] == []   # no message twice
        # The night's kill is asked in DMs: shard 0's process took every answer to it; the
        # votes in the threads went to the servers' own shards (logged with their shard).
        answered = {shard: set(re.findall(r"shard (\d)\] hosting.host: game \d+ step \d+: "
                                          r"player answered \d+:(kill|vote)", text))
                    for shard, text in logs.items()}
        assert answered == {0: {("0", "kill")}, 1: {("1", "vote")}, 2: {("2", "vote")}}
