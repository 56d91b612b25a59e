"""The command line of `bot.py`: `simulate`, `cards`, and the database's `migrate`, `export` and
`import` (no Discord needed), and the bot.

A bad command line is one line on stderr and exit status 2, never a usage dump or a traceback.
"""
from __future__ import annotations

import argparse
import asyncio
import errno
import importlib
import json
import sys
from pathlib import Path
from typing import Callable

from games import REGISTRY
from games.base import IllegalMove
from hosting.simulate import SimulationArgs, TranscriptDelivery, games_help, simulate
from hosting.store import ImportRefused, StoreError
from hosting.store_pg import is_postgres
from hosting.stores import (database_target, export_games, import_games, open_store,
                            read_export)
from hosting.text import Translator

ROOT = Path(__file__).resolve().parent.parent


class OneLineParser(argparse.ArgumentParser):
    """A bad command line is one line on stderr and status 2: no usage dump, no traceback."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: {message}\n")


def whole_number(text: str) -> int:
    """A number the database keeps as it is: a whole number of at most 64 bits."""
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or not -2 ** 63 <= value < 2 ** 63:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number of at most "
                                         "64 bits")
    return value


def command_line() -> tuple[OneLineParser, OneLineParser]:
    """The bot's parser and its `simulate` subcommand's."""
    parser = OneLineParser(
        prog="bot.py", description="Run the Discord bot (configured by .env or the environment: "
        "DISCORD_TOKEN, DEV_GUILD_ID, DATABASE_URL or DATABASE_PATH), play a game offline, or "
        "migrate, export or import the games.")
    parser.add_argument("--shards", metavar="IDS", help="run only these of Discord's shards, "
                        "e.g. 0-3 or 0,2,5 (default: SHARD_IDS, else every shard)")
    parser.add_argument("--shard-count", type=int, metavar="N", help="how many shards the "
                        "bot has in all, over every process (default: SHARD_COUNT, else the "
                        "count Discord recommends)")
    commands_ = parser.add_subparsers(dest="command")
    sim = commands_.add_parser(
        "simulate", help="play one whole game offline, every seat an AI, on a fake clock",
        description="Play one whole game offline with AI seats, through the bot's own host and "
        "store, on a fake clock.", epilog=games_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sim.add_argument("game", choices=sorted(REGISTRY), metavar="game",
                     help="one of the games below")
    sim.add_argument("--players", type=int, help="seats at the table (needed for a new game)")
    sim.add_argument("--seed", type=whole_number, default=1,
                     help="same seed, same game (default 1)")
    sim.add_argument("--mode", help="one of the game's modes (default: its first)")
    sim.add_argument("--absent", type=int, default=0,
                     help="seats that never answer: their defaults apply on timeout, then "
                     "the bot plays them (autopilot)")
    sim.add_argument("--away", action="append", metavar="SEAT:ROUNDS",
                     help="a person away for their first ROUNDS rounds, then back (the bot "
                     "plays the seat meanwhile; repeatable)")
    sim.add_argument("--db", help="keep the game in this SQLite file or postgresql:// URL "
                     "(needed for --resume)")
    sim.add_argument("--resume", action="store_true",
                     help="continue the unfinished game in --db (and its --transcript)")
    sim.add_argument("--transcript", help="write every delivered message as JSON lines to this "
                     "new file")
    sim.add_argument("--policy", help="AI policy for every seat (default: the game's last)")
    sim.add_argument("--option", action="append", metavar="KEY=VALUE",
                     help="a game option, as /GAME new settings: takes it (repeatable); "
                     "VALUE is JSON or a word, e.g. --option 'events=[\"barbero\"]'")
    sim.add_argument("--delay", type=float, default=0.0,
                     help="real seconds to wait after each AI decision, to watch a game")
    cards = commands_.add_parser("cards", help="draw a game's whole card pack on one image",
                                 description="Render a game's card pack on one image.")
    cards.add_argument("game")
    cards.add_argument("--sheet", required=True, help="PNG file to write")
    cards.add_argument("--lang", default="en")
    database = OneLineParser(add_help=False)
    database.add_argument("--db", help="an SQLite file or a postgresql:// URL (default: "
                          "DATABASE_URL, else DATABASE_PATH, else data/table.sqlite3)")
    commands_.add_parser("migrate", parents=[database],
                         help="create or bring the database's tables up to date")
    export = commands_.add_parser("export", parents=[database],
                                  help="write every game to a new file, one JSON line each, "
                                  "as the database holds them at one instant")
    export.add_argument("file")
    import_ = commands_.add_parser("import", parents=[database],
                                   help="add the games of an export file, ids kept: all of "
                                   "them, or none if a line is refused")
    import_.add_argument("file")
    doctor = commands_.add_parser(
        "doctor", help="check on Discord, with the bot's token, that a table can run in a "
        "channel", description="Connect with DISCORD_TOKEN and check in one channel everything "
        "a table needs; one line per check, exit status 1 if any failed.")
    doctor.add_argument("--channel", type=int, required=True, metavar="ID",
                        help="the channel's id (Developer Mode: right-click it, Copy ID)")
    doctor.add_argument("--user", type=int, metavar="ID",
                        help="your own user id: the bot checks that it can DM you")
    return parser, sim


async def _with_store(args: argparse.Namespace) -> str:
    """What `migrate`, `export` and `import` did, in one line. An import's file is read, and
    an export's checked, before the database is opened."""
    target = args.db or database_target()
    lines = read_export(args.file) if args.command == "import" else None
    if args.command == "export":
        if Path(args.file).exists():
            raise FileExistsError(errno.EEXIST, "an export never writes over a file",
                                  args.file)
        if not is_postgres(target) and not str(target).startswith("file:") \
                and not Path(target).is_file():
            raise StoreError(f"there is no database at {target}")
    store = await open_store(target)   # opening migrates
    try:
        if args.command == "export":
            return f"exported {await export_games(store, args.file)} games to {args.file}"
        if args.command == "import":
            return (f"imported {await import_games(store, args.file, lines)} games "
                    f"from {args.file}")
        return "the database is up to date"
    finally:
        await store.close()


def run_database(args: argparse.Namespace) -> int:
    """`bot.py migrate | export FILE | import FILE` on the configured store (.env read). One
    line on stderr if it fails: status 2 for the file (an import line refused, an export
    that would write over a file), 1 for the database (unreachable, damaged, locked)."""
    from dotenv import load_dotenv

    load_dotenv(ROOT / ".env")
    try:
        print(asyncio.run(_with_store(args)))
    except ImportRefused as err:
        print(f"bot.py {args.command}: {err}; nothing was imported", file=sys.stderr)
        return 2
    except OSError as err:   # the export's own file: the store's become StoreError
        print(f"bot.py {args.command}: cannot write {err.filename}: {err.strerror or err}",
              file=sys.stderr)
        return 2
    except StoreError as err:
        print(f"bot.py {args.command}: {err}", file=sys.stderr)
        return 1
    return 0


def run_simulate(sim: OneLineParser, args: argparse.Namespace) -> int:
    if args.resume and not args.db:
        sim.error("--resume needs --db")
    if args.players is None and not args.resume:
        sim.error("--players is needed for a new game")
    if args.transcript and (refused := transcript_refused(args.transcript, args.resume)):
        sim.error(refused)
    fields = {k: v for k, v in vars(args).items()
              if k not in ("command", "shards", "shard_count")}   # those are the bot's
    try:
        result = asyncio.run(simulate(SimulationArgs(**fields)))
    except IllegalMove as err:
        sim.error(Translator(args.game).error(err.code, err.params, err.message))
    except StoreError as err:
        print(f"bot.py simulate: the database cannot be used: {err}", file=sys.stderr)
        return 1
    print(json.dumps(result, sort_keys=True))
    return 0 if result["finished"] else 1


def transcript_refused(path: str, resume: bool) -> str | None:
    """Why the simulator could not keep its transcript in `path`, if so: found before the
    game begins (a delivery that cannot write it is only logged and retried)."""
    if Path(path).is_dir():
        return f"--transcript {path} is a directory"
    if not Path(path).parent.is_dir():
        return f"--transcript {path}: there is no directory {Path(path).parent}"
    if resume and Path(path).exists():
        try:
            TranscriptDelivery(path)   # reads where the transcript stopped
        except OSError as err:
            return f"--transcript {path} cannot be read: {err.strerror}"
        except (ValueError, LookupError, TypeError):
            return f"--transcript {path} is not a transcript this simulator wrote"
    return None


def run_cards(args: argparse.Namespace) -> int:
    """`bot.py cards GAME --sheet FILE`: a game's whole card pack on one image."""
    importlib.import_module(f"games.{args.game}.sheet").write(args.sheet, args.lang)
    return 0


def main(argv: list[str] | None = None, run_bot: Callable[..., int] | None = None,
         run_doctor: Callable[[int, int | None], int] | None = None) -> int:
    """`bot.py` passes `run_bot` and `run_doctor`; without them (`python -m tests.toy`) every
    command but those runs, and nothing of Discord is imported."""
    parser, sim = command_line()
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if args.command == "simulate":
        return run_simulate(sim, args)
    if args.command == "cards":
        return run_cards(args)
    if args.command in ("migrate", "export", "import"):
        return run_database(args)
    if args.command == "doctor":
        if run_doctor is None:
            parser.error("the doctor does not run here")
        return run_doctor(args.channel, args.user)
    if run_bot is None:
        parser.error("the bot itself does not run here")
    return run_bot(args.shards, args.shard_count)
