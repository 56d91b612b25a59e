"""Load benchmark: N concurrent toy games played by scripted people through the loopback fake
Discord, against the real bot running in its own process.

    .venv/bin/python bench/bench_load.py                 # 200 games
    .venv/bin/python bench/bench_load.py --games 1000 --ramp 20
    .venv/bin/python bench/bench_load.py --games 1000 --ramp 60 --think 30   # all live at once
    .venv/bin/python bench/bench_load.py --games 1000 --ramp 20 --store postgres --processes 1 2 4

Prints the p50/p99 interaction acknowledgement latency (from the fake dispatching an
interaction to the bot's first callback, as the fake records it), overall and for each kind of
interaction, slowest first, Discord API calls per game
round (the bot's own apart from its answers to interactions, which Discord does not count
against its global rate limit; `bench_calls.py` gives the rounds in the middle of a game without
the lobby), and the bot process's peak RSS. Everything stays on 127.0.0.1; the run stops by
itself.

`--store postgres --processes 1 2 4` keeps the games in PostgreSQL (a throwaway server the
benchmark starts, or `--database-url`) and runs that many bot processes, each on its own shard
of as many (`--shards i --shard-count N`), the servers split among them by Discord's formula;
a fresh database and fake for each count, then one line per count: finished and failed games,
p50/p99 acknowledgement and the processes' CPU and memory. SQLite takes one process only.

The fake enforces Discord's rate limits (`--no-rate-limits` to lift them): the global 50
requests a second per bot token and the per-route buckets. It then also prints what one real
bot token carries: the bot's own calls per second (mean and busiest second) against those 50,
the 429s it received, and how many games played at this pace one token holds (50 divided by
one game's own calls per second of play). `--think 30` is the live pace: people answer in
about half a minute, as at a table on a voice call.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import os
import pstats
import random
import re
import signal
import statistics
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot import use_uvloop  # noqa: E402
from tests.loopback import ChannelView, Loopback  # noqa: E402
from tests.loopback.table import play_unsettled  # noqa: E402
from tests.postgres import PostgresServer, binaries  # noqa: E402

CHANNELS_PER_GUILD = 10   # 100 servers for 1,000 games: enough to split among shards
INTERACTION_ROUTES = ("/interactions/", "/webhooks/")  # answers to clicks: not rate limited
UNLIMITED = 100_000   # calls a second the bot may make when the fake enforces no limit
SETUP_ROUTES = ("/users/@me", "/oauth2/applications/@me", "/applications/{application_id}/commands")


async def start_bots(lb: Loopback, db: str, processes: int, logs: Path, profile: bool = False
                     ) -> list[asyncio.subprocess.Process]:
    """One bot process on every shard (`processes` 1), or one per shard of `processes`; their
    logs (and with `profile` their cProfile statistics) go to files in `logs`."""
    procs = []
    for shard in range(processes):
        limit = lb.rate_limits.global_per_second if lb.rate_limits.enabled else UNLIMITED
        options = ["--log", "INFO", "--api-per-second", str(limit)]
        if processes > 1:
            options += ["--shards", str(shard), "--shard-count", str(processes)]
        if profile:
            options += ["--profile", str(logs / f"p{shard}.prof")]
        with (logs / f"p{shard}.log").open("wb") as log:
            procs.append(await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tests.loopback.botproc", lb.fake.api_url,
                lb.fake.world.gateway_url, db, *options, cwd=ROOT,
                stderr=log, env={**os.environ, "PROCESS_NAME": f"p{shard}"}))
    for shard, proc in enumerate(procs):
        log = logs / f"p{shard}.log"
        ready = ((lambda: lb.gateway.connected and "toy" in lb.fake.world.commands[None])
                 if processes == 1 else (lambda: f"ready on shards [{shard}]" in log.read_text()))
        await lb.wait_for(lambda: ready() or proc.returncode is not None, timeout=60,
                          what=f"the bot on shard {shard} to be ready")
        if proc.returncode is not None:
            raise SystemExit(f"the bot on shard {shard} stopped:\n{log.read_text()[-2000:]}")
    await asyncio.sleep(0.5)          # READY follows the last GUILD_CREATE
    return procs


async def stop_bots(procs: list[asyncio.subprocess.Process]) -> None:
    """SIGTERM, and SIGKILL for a process still busy half a minute later."""
    for proc in procs:
        proc.send_signal(signal.SIGTERM)
    for proc in procs:
        try:
            await asyncio.wait_for(proc.wait(), 30)
        except TimeoutError:
            proc.kill()
            await proc.wait()


def peak_rss_mib(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmHWM:\s+(\d+) kB", status)[1]) / 1024


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process, to tell whether the bot or the harness was
    the busy one."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rounds_played(thread: ChannelView) -> int:
    """The round in the status message's footer ("Round 3")."""
    footers = [e.get("footer", {}).get("text", "") for m in thread.messages() for e in m.embeds]
    return max(int(f.split()[-1]) for f in footers if f.startswith("Round "))


async def measure(args: argparse.Namespace, db: str, processes: int) -> dict:
    """One run: the games against `processes` bot processes on the store `db`; what it gave."""
    async with Loopback(strict=False, timeout=args.timeout, rate_limits=args.rate_limits) as lb:
        tables = []
        for n in range(args.games):
            guild = lb.guild(f"server {n // CHANNELS_PER_GUILD}")
            people = [guild.user(f"g{n}p{i}") for i in range(args.players)]
            tables.append((people, guild.text_channel(f"games-{n}")))
        with tempfile.TemporaryDirectory() as logs:
            procs = await start_bots(lb, db, processes, Path(logs), args.profile)
            try:
                first_call = len(lb.calls)
                rng = random.Random(args.seed)
                began = time.monotonic()

                live = Counter()
                played: list[float] = []        # seconds each finished game took

                async def game(i: int, people, channel):
                    await asyncio.sleep(args.ramp * i / max(1, args.games))
                    live["now"] += 1
                    live["peak"] = max(live["peak"], live["now"])
                    opened = time.monotonic()
                    thread = await play_unsettled(
                        lb, people, channel, ai=args.ai, timeout=args.timeout,
                        cheat=args.short, think=lambda: rng.uniform(0.5, 1.5) * args.think)
                    played.append(time.monotonic() - opened)
                    live["now"] -= 1
                    return rounds_played(thread)

                results = await asyncio.gather(*(game(i, p, c) for i, (p, c) in enumerate(tables)),
                                               return_exceptions=True)
                elapsed = time.monotonic() - began
                rss = sum(peak_rss_mib(proc.pid) for proc in procs)
                cpu = sum(cpu_seconds(proc.pid) for proc in procs), cpu_seconds(os.getpid())
            finally:
                await stop_bots(procs)
            if args.profile:
                pstats.Stats(*(str(p) for p in Path(logs).glob("*.prof"))).sort_stats(
                    "tottime").print_stats(30)
        summary = report(lb, results, lb.calls[first_call:], elapsed, rss, cpu, args, live["peak"])
        if args.rate_limits:
            report_token(lb, lb.calls[first_call:], began, elapsed, played, live["peak"])
        return summary


async def run(args: argparse.Namespace) -> None:
    if args.store == "sqlite":
        if args.processes != [1]:
            sys.exit("SQLite takes one bot process: use --store postgres for more")
        with tempfile.TemporaryDirectory() as tmp:
            await measure(args, str(Path(tmp) / "bench.sqlite3"), 1)
        return
    server = None
    if not args.database_url:
        bin_dir = binaries()
        if bin_dir is None:
            sys.exit("PostgreSQL is not installed (initdb not found); or give --database-url")
        server = PostgresServer(bin_dir).start()
    try:
        curve = []
        for processes in args.processes:
            db = args.database_url or await server.new_database()
            print(f"-- PostgreSQL, {processes} bot process(es)")
            curve.append((processes, await measure(args, db, processes)))
    finally:
        if server:
            server.stop()
    print(f"PostgreSQL, {args.games} games started over {args.ramp:g} s:")
    for processes, r in curve:
        print(f"  {processes} process(es): {r['finished']} finished, {r['failed']} failed; "
              f"ack p50 {r['p50'] * 1000:.1f} ms, p99 {r['p99'] * 1000:.1f} ms; bots' CPU "
              f"{r['cpu']:.0f} s, RSS {r['rss']:.0f} MiB in all")


def where(err: BaseException) -> str:
    frame = traceback.extract_tb(err.__traceback__)[-1] if err.__traceback__ else None
    return f"{Path(frame.filename).name}:{frame.lineno}" if frame else "?"


def report(lb: Loopback, results: list, calls: list, elapsed: float, rss: float,
           cpu: tuple[float, float], args: argparse.Namespace, peak: int) -> dict:
    rounds = [r for r in results if isinstance(r, int)]
    errors = [r for r in results if not isinstance(r, int)]
    acked = sorted(lb.ack_latencies())
    unanswered = sum(1 for i in lb.interactions if i.latency is None)
    play_calls = [c for c in calls if c.route not in SETUP_ROUTES]
    answers = sum(1 for c in play_calls if c.route.startswith(INTERACTION_ROUTES))
    own = len(play_calls) - answers
    played = max(1, sum(rounds))
    q = statistics.quantiles(acked, n=100) if len(acked) > 1 else acked * 99
    print(f"games: {len(rounds)} finished, {len(errors)} failed in {elapsed:.1f} s "
          f"({args.players} people + {args.ai} AI each, started over {args.ramp:g} s, "
          f"answers after {args.think:g} s on average; at most {peak} games in play at once)")
    print(f"interactions: {len(acked)} acknowledged, {unanswered} not; ack latency "
          f"p50 {q[49] * 1000:.1f} ms, p99 {q[98] * 1000:.1f} ms, max {acked[-1] * 1000:.1f} ms")
    print(f"API calls per game round, lobby and ending included ({sum(rounds)} rounds): "
          f"{own / played:.1f} the bot's own (goal <= {args.players + args.ai + 3}) + "
          f"{answers / played:.1f} interaction answers; most: " + ", ".join(
              f"{route} {n}" for route, n in Counter(
                  f"{c.method} {c.route}" for c in play_calls).most_common(4)))
    print(f"bot peak RSS: {rss:.1f} MiB; CPU: bot {cpu[0]:.1f} s, fake and players {cpu[1]:.1f} s")
    kinds = Counter(f"{type(err).__name__}: {str(err)[:100]} (at {where(err)})" for err in errors)
    for kind, n in kinds.most_common(5):
        print(f"  {n} failed with {kind}")
    print_ack_kinds(lb)
    return {"finished": len(rounds), "failed": len(errors), "p50": q[49], "p99": q[98],
            "cpu": cpu[0], "rss": rss}


def ack_kind(inter) -> str:
    """What an interaction was, without who or which option: "/toy new", "clicks Join in a
    thread", "selects in a DM"."""
    what = inter.label if inter.label.startswith("/") else " ".join(inter.label.split()[1:2 + (
        "clicks" in inter.label)])
    what = re.sub(r"g\d+p\d+", "a person", what)
    place = ("a DM" if inter.channel.guild is None else
             "a thread" if inter.channel.is_thread else "a channel")
    return f"{what} in {place}"


def print_ack_kinds(lb: Loopback) -> None:
    """The acknowledgement latency of each kind of interaction, slowest p99 first: which
    handler a p99 comes from."""
    kinds: dict[str, list[float]] = {}
    for inter in lb.interactions:
        if inter.latency is not None:
            kinds.setdefault(ack_kind(inter), []).append(inter.latency)
    rows = []
    for kind, seen in kinds.items():
        seen.sort()
        rows.append((seen[min(len(seen) - 1, int(len(seen) * 0.99))], kind, seen))
    for p99, kind, seen in sorted(rows, reverse=True)[:8]:
        print(f"  {kind}: {len(seen)}, p50 {seen[len(seen) // 2] * 1000:.1f} ms, "
              f"p99 {p99 * 1000:.1f} ms")


def report_token(lb: Loopback, calls: list, began: float, elapsed: float,
                 played: list[float], peak: int) -> None:
    """What one bot token carries: its own calls a second against Discord's global limit (as
    tried, 429s and their retries included, and as carried), the 429s it got, and how many
    games at this pace fit under the limit: on average, and keeping the busiest second under
    it (bursts grown with the number of games)."""
    own = [c for c in calls if c.route not in SETUP_ROUTES
           and not c.route.startswith(INTERACTION_ROUTES)]
    carried = [c for c in own if c.status != 429]
    tried = Counter(int(c.started - began) for c in own)
    busiest = max(Counter(int(c.started - began) for c in carried).values(), default=0)
    limit = lb.rate_limits.global_per_second
    refused = lb.rate_limits.refused
    per_route = sum(n for key, n in refused.items() if key != "global")
    print(f"one bot token (Discord allows {limit} calls/s): the bot's own calls "
          f"{len(own) / max(elapsed, 1e-9):.1f}/s tried ({max(tried.values(), default=0)} in "
          f"the busiest second), {len(carried) / max(elapsed, 1e-9):.1f}/s carried ({busiest} "
          f"in the busiest second); 429s received: {refused['global']} global, {per_route} "
          f"per route" + (" (" + ", ".join(f"{key} {n}" for key, n in refused.most_common()
                                           if key != "global") + ")" if per_route else ""))
    game_seconds = sum(played)
    if carried and game_seconds:
        per_game = len(carried) / game_seconds
        held = f"about {limit / per_game:.0f} such games at once on average"
        if refused["global"]:
            held += f"; this run's {peak} at once went over the limit"
        else:
            held += f", about {limit * peak / busiest:.0f} keeping its busiest second under {limit}"
        print(f"one game at this pace makes {per_game:.2f} of the bot's own calls a second "
              f"(mean game {game_seconds / len(played):.0f} s): one token holds {held}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4, help="scripted people per game")
    parser.add_argument("--ai", type=int, default=1, help="AI seats per game")
    parser.add_argument("--ramp", type=float, default=5.0,
                        help="seconds over which the games start")
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="longest wait for any one step")
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean seconds a person takes over an answer (games then overlap "
                             "as real ones do; 0 answers at once)")
    parser.add_argument("--seed", type=int, default=1, help="for the think times")
    parser.add_argument("--rate-limits", action=argparse.BooleanOptionalAction, default=True,
                        help="enforce Discord's rate limits (default: on)")
    parser.add_argument("--short", action="store_true",
                        help="villagers vote out the wolf once a script knows it (1-round games)")
    parser.add_argument("--store", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--processes", type=int, nargs="+", default=[1],
                        help="bot processes, one shard each (several: PostgreSQL only)")
    parser.add_argument("--profile", action="store_true",
                        help="profile the bot processes (slower) and print where they spent")
    parser.add_argument("--database-url", help="an empty PostgreSQL database (else a "
                        "throwaway server is started); reused for every process count")
    use_uvloop()   # the fake's own CPU is not the bots': it shares their cores, so spare it
    # The fake keeps every message and interaction of the run and makes next to no cyclic
    # garbage: the collector's passes over what it keeps stopped it for up to half a second,
    # and every acknowledgement in flight then counted the pause as the bot's.
    gc.disable()
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
