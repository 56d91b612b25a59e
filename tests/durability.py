"""Kill a simulator process at chosen instants, resume it, and report how it ended: the check
that a game survives kill -9 at any point and ends exactly as an uninterrupted run."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(args: list[str], env: dict, kill_after: float | None) -> str | None:
    proc = subprocess.Popen([sys.executable, *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if kill_after is not None:
        try:
            out, _ = proc.communicate(timeout=kill_after)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGKILL)
            proc.communicate()
            return None
    else:
        out, err = proc.communicate(timeout=600)
        if not out.strip():
            raise AssertionError(f"simulator printed nothing: {err[-2000:]}")
    return out.strip().splitlines()[-1]


def simulate(entry: list[str], game_args: list[str], db: Path, *,
             kills: list[float] = ()) -> dict:
    """Run once, killing after each delay in `kills` and resuming, until the game ends.
    The result says in "killed" how many runs were really cut short."""
    env = dict(os.environ)
    args = [*entry, *game_args, "--db", str(db)]
    killed = 0
    for delay in kills:
        last = _run(args + ["--resume"], env, delay)
        if last is not None:
            return {**json.loads(last), "killed": killed}
        killed += 1
    return {**json.loads(_run(args + ["--resume"], env, None)), "killed": killed}


def whole_and_killed(entry: list[str], game_args: list[str], tmp: Path, *,
                     kills: list[float], delay: float = 0.01) -> tuple[dict, dict]:
    """The game played through, and the same game played `delay` seconds a decision, killed
    after each of `kills` and resumed (`simulate`); the first runs alongside the second."""
    with ThreadPoolExecutor(1) as aside:
        whole = aside.submit(simulate, entry, game_args, tmp / "whole.sqlite3")
        killed = simulate(entry, [*game_args, "--delay", str(delay)], tmp / "killed.sqlite3",
                          kills=kills)
        return whole.result(), killed


def same_ending(a: dict, b: dict) -> bool:
    keys = ("winners", "rounds", "decisions", "finished", "reason", "state_digest")
    return all(a.get(k) == b.get(k) for k in keys)

