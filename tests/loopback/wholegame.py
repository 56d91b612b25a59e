"""Whole games of every real game through the loopback, for the benchmarks and pictures that
look at what people see (`bench/bench_views.py`, `bench/draw_views.py`): scripted people take
the first option offered (the quickest where a game offers one: stop, pass, carry on), AI seats
fill the table, short timings let the clock-only steps pass."""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Callable
from functools import partial
from pathlib import Path

from cogs.common.delivery import NEWS_EVERY

from .loopback import Loopback
from .people import Person
from .table import FAST_TIMINGS, answer_quickest, finished, idle, make_bot, open_questions
from .views import ChannelView

@dataclass(frozen=True)
class Table:
    game: str
    mode: str
    people: int
    ai: int
    options: dict = field(default_factory=dict)   # more options of `/<game> new`

    @property
    def title(self) -> str:
        return f"{self.game} {self.mode}, {self.people} people + {self.ai} AI"


TABLES = {
    "bethlem": Table("bethlem", "normal", 2, 3),
    "room25": Table("room25", "suspicion", 2, 2),
    "room25-coop": Table("room25", "coop", 2, 2),
    "mysterium": Table("mysterium", "easy", 2, 2, {"ghost": "bot"}),
    "cultists": Table("cultists", "experienced", 2, 2),
    "looper": Table("looper", "first_steps", 2, 1),
}


async def play(discord: Loopback, table: Table, db: Path, *, give_up: float = 180.0,
               timings: str = FAST_TIMINGS, news_every: float = NEWS_EVERY,
               asked: Callable[[list[Person]], None] = lambda people: None
               ) -> tuple[ChannelView, list[Person]]:
    """One whole game in a fresh guild of `discord`: its thread and its people, once the
    game is over and the bot has gone quiet. `asked(people)` looks at each moment questions
    wait for them, before they answer. The bot spaces a phase post's edits as it does on
    Discord (`news_every`)."""
    guild = discord.guild("Test server")
    people = [guild.user(f"player{i}") for i in range(table.people)]
    games = guild.text_channel("games")
    async with discord.run_bot(partial(make_bot, settle_delay=0.01, news_every=news_every),
                               db, idle=idle):
        host = people[0]
        await host.slash(games, f"{table.game} new", mode=table.mode, timings=timings,
                         **table.options)
        lobby = games.last_message()
        for person in people[1:]:
            await person.click(lobby, "Join")
        for _ in range(table.ai):
            await host.slash(games, f"{table.game} add-ai")
        await host.click(lobby, "Start")
        thread = lobby.thread
        watched = [thread.record, *(p.dm.record for p in people)]
        done: set = set()
        end = asyncio.get_running_loop().time() + give_up
        # The clocks tick faster than the bot falls quiet: answer without settling, waiting
        # for the next question or the end instead.
        while not finished(thread):
            left = end - asyncio.get_running_loop().time()
            await discord.fake.world.wait_for(
                lambda: finished(thread) or any(open_questions(p, thread, done) for p in people),
                max(left, 0.01), "a question or the end", watched)
            asked(people)
            for person in people:
                for prompt in open_questions(person, thread, done):
                    await answer_quickest(person, prompt, done, settle=False)
        await discord.settle()
    return thread, people
