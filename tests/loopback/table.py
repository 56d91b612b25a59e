"""Driving the project's TableBot through the loopback with the test-only toy game: building
the bot, waiting for its background work, finding the prompts a person was sent, and scripted
players that answer them until the game ends."""
from __future__ import annotations

import asyncio
import contextlib
from functools import partial
from pathlib import Path
from typing import Callable

import games
from bot import INITIAL_EXTENSIONS, Config, TableBot
from hosting.text import register_locale_dir
from tests.toy import LOCALES

from .loopback import Loopback
from .people import InteractionFailed, Person
from .views import ChannelView, MessageView

TOY_EXTENSIONS = (*INITIAL_EXTENSIONS, "tests.toy.cog")
KILL_PROMPT = "Choose tonight's victim."
GAME_OVER = "The game is over."
# Short timings for whole real games: the clock-only steps pass in a moment.
FAST_TIMINGS = ("default=3,setup=3,night_step=3,vote=3,day_discussion=3,programming=3,action=3,"
                "night_step_min=0.01,reactive_min=0.01,reactive=3,claim=3,conference=3,pick=3,clue=3")


def make_bot(db_path: str | Path, extensions: tuple[str, ...] = TOY_EXTENSIONS,
             settle_delay: float = 0.2, news_every: float = 0.0, **config) -> TableBot:
    """The bot on `db_path` (an SQLite file or a postgresql:// URL); `config`: other `Config`
    fields (shard_ids, shard_count, lease). A phase post's edits go out at once
    (`news_every` 0), so that a test that settles after each click never waits for them;
    the benchmarks play with the bot's own spacing."""
    games.register("toy", "tests.toy:ToyGame")
    register_locale_dir("toy", LOCALES)
    return TableBot(Config(token="loopback-token", db_path=str(db_path), dev_guild_id=None,
                           extensions=extensions, settle_delay=settle_delay,
                           news_every=news_every, **config))


@contextlib.asynccontextmanager
async def at_a_table(db: str | Path, *names: str):
    """A fake Discord with a server, these people and its "games" channel, the table bot
    running on `db` and quick to settle: yields (the fake, the people, the channel)."""
    async with Loopback() as discord:
        guild = discord.guild("Test server")
        people = [guild.user(name) for name in names]
        games_channel = guild.text_channel("games")
        async with discord.run_bot(partial(make_bot, settle_delay=0.01), db, idle=idle):
            yield discord, people, games_channel


async def open_toy_table(games, host, joiners, ai_seats: int = 0, **options):
    """A toy table `host` opens in `games` (`options` to `/toy new`), `joiners` and
    `ai_seats` AI seats sit down, and it starts: (its lobby, its thread)."""
    lobby = (await host.slash(games, "toy new", **options)).message
    for person in joiners:
        await person.click(lobby, "Join")
    for _ in range(ai_seats):
        await host.slash(games, "toy add-ai")
    started = await host.click(lobby, "Start")
    assert started.type == 7 and started.message == lobby and not lobby.buttons, started
    return lobby, lobby.thread


async def idle(bot: TableBot) -> None:
    """The bot's own background work: AI moves, deliveries, coalesced status refreshes."""
    if bot.host is not None:
        await bot.host.idle()
        await bot.host.delivery.settled()


def status_message(thread: ChannelView) -> MessageView:
    """The game's status message: the newest one in the thread offering "My secrets"."""
    found = [m for m in thread.messages() if "My secrets" in m.labels()]
    if not found:
        raise LookupError(f"no status message in {thread!r}: {thread.messages()}")
    return found[-1]


def dm_prompts(person: Person) -> list[MessageView]:
    """Questions waiting in this person's DMs (answered ones lose their buttons)."""
    return [m for m in person.dms() if m.buttons or m.selects]


def thread_questions(person: Person, thread: ChannelView, answered: set) -> list[MessageView]:
    """Questions the bot asked in the thread (votes) naming this person, not yet answered
    (the line naming people whose DMs were closed, with "Answer here", asks nothing)."""
    return [m for m in thread.messages()
            if (m.buttons or m.selects) and person.mention in (m.content or "")
            and m.labels() != ["Answer here"] and (person.name, m.id) not in answered]


def open_questions(person: Person, thread: ChannelView, answered: set) -> list[MessageView]:
    """Everything waiting for this person in their DMs and in the thread."""
    return dm_prompts(person) + thread_questions(person, thread, answered)


async def answer(person: Person, prompt: MessageView, label: str, answered: set, **kw):
    answered.add((person.name, prompt.id))
    return await person.click(prompt, label, **kw)


async def answer_first(person: Person, prompt: MessageView, answered: set, **kw):
    """Scripted play for any game: the first option offered, button or select. A picker (a
    menu whose button is off until something is chosen in it) gets the first option of each
    menu still empty, then its button; a thread question's first step, chosen, answers with
    the steps left privately, which are answered so. A question closed since it was listed
    (its time ran out) is left, as a person would."""
    answered.add((person.name, prompt.id))
    while prompt.buttons and prompt.buttons[0].get("disabled"):
        empty = [s for s in prompt.selects
                 if not any(o.get("default") for o in s.get("options") or [])]
        if not empty:
            return None
        await person.select(prompt, empty[0]["options"][0]["value"],
                            menu=empty[0]["custom_id"], **kw)
    if prompt.buttons:
        return await person.click(prompt, prompt.labels()[0], **kw)
    if not prompt.selects:
        return None
    reply = await person.select(prompt, prompt.selects[0]["options"][0]["value"], **kw)
    # a thread question's steps left, answered to this person alone
    private = [m for m in (reply.message, *reply.followups) if m is not None
               and m.ephemeral and (m.buttons or m.selects)]
    return await answer_first(person, private[0], answered, **kw) if private else reply


QUICK = ("Stop in", "Pass", "Abstain", "Carry on", "Keep my ballot", "No", "Nothing to report",
         "Keep it secret", "Ready")


async def answer_quickest(person: Person, prompt: MessageView, answered: set, **kw):
    """Scripted play that keeps a game short: the quickest answer offered (stop, pass,
    abstain, carry on, ready), button or menu option, else the first option."""
    quick = [x for x in prompt.labels() if x.startswith(QUICK)]
    if quick:
        return await answer(person, prompt, quick[0], answered, **kw)
    options = [o["label"] for menu in prompt.selects for o in menu.get("options", [])
               if o["label"].startswith(QUICK)]
    if options:
        answered.add((person.name, prompt.id))
        return await person.select(prompt, options[0], **kw)
    return await answer_first(person, prompt, answered, **kw)


async def secret_prompts(person: Person, thread: ChannelView) -> list[MessageView]:
    """The questions "My secrets" shows this person, as ephemeral follow-ups."""
    reply = await person.click(status_message(thread), "My secrets")
    return [m for m in reply.followups if m.buttons or m.selects]


def finished(thread: ChannelView) -> bool:
    return any(GAME_OVER in m.content for m in thread.messages())


def known_wolf(people: list[Person]) -> str | None:
    """The wolf's name if a scripted person was told they are the wolf."""
    for person in people:
        seen = "\n".join(m.text for m in person.visible())
        if "You are the **wolf**" in seen or "Your role: wolf" in seen:
            return person.name
    return None


def toy_choice(person: Person, prompt: MessageView, wolf: str | None) -> str:
    """Scripted play: the wolf takes the last victim offered (so the host, seat 0, lives
    longest); the others vote the wolf out when a script knows who it is, else nobody."""
    labels = prompt.labels()
    if KILL_PROMPT in prompt.text:
        return labels[-1]
    return wolf if wolf in labels and wolf != person.name else "Nobody"


async def play(people: list[Person], thread: ChannelView, *, rounds: int = 40,
               after_step: Callable[[], None] = lambda: None) -> None:
    """Answer every open question until the game ends. People with DMs closed answer through
    "My secrets". `after_step` runs after each answer (leak checks)."""
    done: set = set()
    for _ in range(rounds):
        if finished(thread):
            return
        wolf = known_wolf(people)
        answered = False
        for person in people:
            if finished(thread):
                return
            prompts = (open_questions(person, thread, done) if person.dms_open
                       else await secret_prompts(person, thread))
            for prompt in prompts:
                await answer(person, prompt, toy_choice(person, prompt, wolf), done)
                answered = True
                after_step()
        if not answered and not finished(thread):
            raise AssertionError(f"nobody has anything to answer, yet the game goes on: "
                                 f"{[m.text for m in thread.messages()[-3:]]}")
    raise AssertionError(f"the game did not end within {rounds} rounds")


async def play_unsettled(lb: Loopback, people: list[Person], channel: ChannelView, *,
                         ai: int = 0, timeout: float = 60.0, cheat: bool = True,
                         think: Callable[[], float] = lambda: 0.0,
                         patient: bool = False) -> ChannelView:
    """A whole toy game opened in `channel`, waiting on changes in the game's own channels
    instead of settling (a settle waits for every game), so that many games can run at once.
    Everyone needs open DMs. With `cheat` the village votes out the wolf as soon as a
    script holds its card (short games); without, nobody is voted out and the game lasts
    until the wolf wins. Each person takes `think()` seconds over each answer, all at once
    as at a real table; a `patient` person whose answer failed ("This interaction failed")
    clicks again, up to six times. Returns the game's thread."""
    world = lb.fake.world
    host, *others = people
    lobby = (await host.slash(channel, "toy new", settle=False)).message
    # Under load the bot defers and posts the lobby as a follow-up: wait for its buttons.
    await world.wait_for(lambda: lobby.buttons, timeout, "the lobby's buttons", [channel.record])
    for person in others:
        await person.click(lobby, "Join", settle=False)
    for _ in range(ai):
        await host.slash(channel, "toy add-ai", settle=False)
    await host.click(lobby, "Start", settle=False)
    thread = await world.wait_for(lambda: lobby.thread, timeout, "the game thread",
                                  [channel.record])
    return await play_on(lb, people, thread, timeout=timeout, cheat=cheat, think=think,
                         patient=patient)


async def play_on(lb: Loopback, people: list[Person], thread: ChannelView, *,
                  timeout: float = 60.0, cheat: bool = True,
                  think: Callable[[], float] = lambda: 0.0,
                  patient: bool = False) -> ChannelView:
    """`play_unsettled` from a game already under way in `thread` (after a restart, say):
    every question answered as it comes, until the game ends. Returns the thread."""
    world = lb.fake.world
    watched = [thread.record, *(p.dm.record for p in people)]
    done: set = set()
    while True:
        await world.wait_for(
            lambda: finished(thread) or any(open_questions(p, thread, done) for p in people),
            timeout, f"a prompt in {thread!r}", watched)
        if finished(thread):
            return thread
        wolf = next((p.name for p in people if any("**wolf**" in m.content for m in p.dms())),
                    None) if cheat else None

        async def reply(person: Person, prompt: MessageView) -> None:
            await asyncio.sleep(think())
            for attempt in range(7 if patient else 1):
                if not prompt.labels():       # its deadline closed it meanwhile
                    return
                try:
                    await answer(person, prompt, toy_choice(person, prompt, wolf), done,
                                 settle=False)
                    return
                except InteractionFailed:
                    if attempt == (6 if patient else 0):
                        raise

        await asyncio.gather(*(reply(person, prompt) for person in people
                               for prompt in open_questions(person, thread, done)))
