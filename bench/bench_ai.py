"""How well AI seats play: one table over every game's `bench/ai_<game>.py`.

Each module exposes `rows(games) -> list[dict]` (keys `game`, `mode`, `players`, `side`,
`ai_win_rate`, `random_win_rate`, optionally `self_harm_rate` and `note`), measured with
`bench/playouts.py` over seeded engine-only games. Usage:

    python bench/bench_ai.py [--games 200] [--only room25]
"""
from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
COLUMNS = (("game", "game"), ("mode", "mode"), ("players", "players"), ("side", "side"),
           ("ai_win_rate", "AI wins"), ("random_win_rate", "random wins"),
           ("self_harm_rate", "self-harm"), ("note", "note"))


def modules(only: str | None = None) -> list[tuple[str, object]]:
    """(game, module) for every bench/ai_<game>.py, by name, or only `only`'s."""
    out = []
    for path in sorted(HERE.glob("ai_*.py")):
        game = path.stem[3:]
        if only and game != only:
            continue
        spec = importlib.util.spec_from_file_location(f"bench_ai_{game}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        out.append((game, module))
    return out


def cell(row: dict, key: str) -> str:
    value = row.get(key)
    if value is None:
        return "—" if key == "self_harm_rate" else ""
    if key.endswith("_rate"):
        return f"{100 * value:.1f} %"
    return str(value)


def table(rows: list[dict]) -> str:
    """A plain-text table, one line per row, columns padded to their widest cell."""
    lines = [[title for _, title in COLUMNS]] + [[cell(r, k) for k, _ in COLUMNS] for r in rows]
    widths = [max(len(line[i]) for line in lines) for i in range(len(COLUMNS))]
    text = ["  ".join(v.ljust(w) for v, w in zip(line, widths)).rstrip() for line in lines]
    text.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(text)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="seeded games per row (default 200)")
    ap.add_argument("--only", metavar="GAME", help="one game's rows (e.g. room25)")
    args = ap.parse_args(argv)
    found = modules(args.only)
    if not found:
        ap.error(f"no bench/ai_{args.only}.py" if args.only else "no bench/ai_*.py")
    rows = []
    start = time.perf_counter()
    for game, module in found:
        rows += module.rows(args.games)
    print(table(rows))
    print(f"\n{args.games} games per row, {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
