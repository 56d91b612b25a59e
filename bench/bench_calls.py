"""Discord API calls per game round, for each game, through the loopback fake Discord with the
real bot: every seat a scripted person (the costliest table), one game each, settled after every
answer so each call is charged to the round the status message shows once it is made.

    .venv/bin/python bench/bench_calls.py
    .venv/bin/python bench/bench_calls.py --games toy bethlem

Interaction callbacks and follow-ups are counted apart: they answer a person's click (one each,
whatever the bot does) and Discord does not count them against the bot's global rate limit. The
goal for the rest, the calls the bot makes of its own accord, is at most seats + 3 a round, which
fits a round that asks each seat one question (the toy game). A Bethlem or Room 25 round asks
each seat several, every private one a DM of its own, so for those the telling number is the
bot's own calls per answer. The first round (dealing roles) and the last (the recap) are
reported apart from the others.
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
from collections import Counter, defaultdict
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.loopback import Loopback  # noqa: E402
from tests.loopback.table import (FAST_TIMINGS, answer, answer_first, finished, idle,  # noqa: E402
                                  make_bot, open_questions, toy_choice)

TABLES = {  # game: (mode, seats, extra `new` options)
    "toy": ("normal", 5, {}),
    "bethlem": ("normal", 5, {"timings": FAST_TIMINGS}),
    "room25": ("suspicion", 5, {"timings": FAST_TIMINGS}),
}
INTERACTION_ROUTES = ("/interactions/", "/webhooks/")


def current_round(thread) -> int:
    """The round in the status message's footer ("Round 3"); rounds only go up."""
    footers = [e.get("footer", {}).get("text", "") for m in thread.messages() for e in m.embeds]
    return max((int(f.split()[-1]) for f in footers if f.startswith("Round ")), default=0)


async def choose(game: str, person, prompt, done: set) -> None:
    if game == "toy":   # the village never guesses the wolf: the game lasts its full length
        await answer(person, prompt, toy_choice(person, prompt, None), done)
    else:
        await answer_first(person, prompt, done)


async def count_game(game: str, tmp: Path) -> tuple[int, dict[int, Counter]]:
    mode, seats, options = TABLES[game]
    per_round: dict[int, Counter] = defaultdict(Counter)
    async with Loopback(strict=False, timeout=60) as lb:
        guild = lb.guild("bench")
        people = [guild.user(f"p{i}") for i in range(seats)]
        channel = guild.text_channel("games")
        async with lb.run_bot(partial(make_bot, settle_delay=0.2), tmp / f"{game}.sqlite3",
                              idle=idle):
            host = people[0]
            await host.slash(channel, f"{game} new", mode=mode, **options)
            lobby = channel.last_message()
            for person in people[1:]:
                await person.click(lobby, "Join")
            seen = len(lb.calls)
            await host.click(lobby, "Start")
            thread = lobby.thread

            def charge() -> None:
                nonlocal seen
                costs = per_round[current_round(thread)]
                for call in lb.calls[seen:]:
                    costs["interaction" if call.route.startswith(INTERACTION_ROUTES)
                          else "bot"] += 1
                seen = len(lb.calls)

            loop = asyncio.get_running_loop()
            give_up = loop.time() + 600
            done: set = set()
            while not finished(thread) and loop.time() < give_up:
                prompts = [(p, m) for p in people for m in open_questions(p, thread, done)]
                for person, prompt in prompts:
                    await choose(game, person, prompt, done)
                    charge()
                if not prompts:
                    await asyncio.sleep(0.05)
                    await lb.settle()
                    charge()
            if not finished(thread):
                raise RuntimeError(f"{game}: the game did not end")
    return seats, per_round


def report(game: str, seats: int, per_round: dict[int, Counter]) -> None:
    rounds = sorted(per_round)
    middle = rounds[1:-1] or rounds
    bot = [per_round[r]["bot"] for r in middle]
    inter = [per_round[r]["interaction"] for r in middle]
    ends = ", ".join(f"round {r}: {per_round[r]['bot']} + {per_round[r]['interaction']}"
                     for r in (rounds[0], rounds[-1]))
    print(f"{game}: {seats} seats, {len(rounds)} rounds; in the middle rounds the bot's own calls "
          f"average {statistics.mean(bot):.1f} (max {max(bot)}; seats + 3 = {seats + 3}), "
          f"interaction answers {statistics.mean(inter):.1f}, so "
          f"{statistics.mean(bot) / max(1, statistics.mean(inter)):.2f} own calls per answer; "
          f"first and last rounds, own + answers: {ends}")


async def run(names: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for game in names:
            report(game, *await count_game(game, Path(tmp)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", choices=sorted(TABLES), default=sorted(TABLES))
    asyncio.run(run(parser.parse_args().games))


if __name__ == "__main__":
    main()
