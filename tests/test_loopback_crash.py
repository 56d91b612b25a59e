"""kill -9 at the instant Discord has done what the bot asked, before the bot hears back (so
before it can record it), then a restart on the same database, on SQLite and PostgreSQL: a
vote's "X has voted." edited onto its question, a line edited onto a phase post, a DM, the
game's status message. What went out shows exactly once. The fake's nonce memory is off: Discord merges a repeated nonce
only for a few minutes, and a restart may take longer, so only the bot's own records may keep
a message from going out twice."""
from __future__ import annotations

import asyncio
import subprocess
import sys
from collections import Counter
from pathlib import Path

from tests.loopback import Loopback
from tests.loopback.model import DM
from tests.loopback.table import KILL_PROMPT, dm_prompts, play_on, status_message

ROOT = Path(__file__).resolve().parent.parent
WAIT = 60.0    # seconds any one awaited change may take (a slow machine), never a measure
LEASE = 1.5    # seconds a claim outlives its dead process (PostgreSQL): the restart waits it out


class BotProcess:
    """The table bot in a process of its own (`tests.loopback.botproc`). A plain `Popen`, so
    that the fake can kill it from inside the call it is answering: the kill and its wait are
    over before the bot could read the answer."""

    def __init__(self, lb: Loopback, db: str, log: Path):
        self.lb, self.db, self.log = lb, db, log
        self.proc: subprocess.Popen | None = None

    async def start(self) -> "BotProcess":
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "tests.loopback.botproc", self.lb.fake.api_url,
                 self.lb.fake.world.gateway_url, self.db, "--log", "INFO",
                 "--lease", str(LEASE)],
                cwd=ROOT, stdout=subprocess.DEVNULL, stderr=log)
        async with asyncio.timeout(WAIT):
            while "ready on shards" not in self.log.read_text(errors="replace"):
                assert self.proc.poll() is None, self.log.read_text(errors="replace")
                await asyncio.sleep(0.05)
        return self

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait()

    async def stop(self) -> None:
        """SIGTERM, and wait while it closes (its last calls need the fake, in this loop)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            async with asyncio.timeout(WAIT):
                while self.proc.poll() is None:
                    await asyncio.sleep(0.05)


def kill_once(world, action: str, bot: BotProcess, when) -> list:
    """Kill `bot` as soon as the fake has done `action` ("post" or "edit") for which
    `when(message, kwargs)` holds: the message is in Discord, the bot never hears it.
    Returns a list that holds that message once it happened."""
    plain = getattr(world, action)
    done: list = []

    def then_kill(*args, **kwargs):
        message = plain(*args, **kwargs)
        if not done and when(message, kwargs):
            done.append(message)
            bot.kill()
            delattr(world, action)
        return message

    setattr(world, action, then_kill)
    return done


def lines(messages) -> Counter:
    return Counter(line for m in messages for line in (m.content or "").splitlines())


async def opened(lb: Loopback, people, games):
    """A started toy table of four people: its thread."""
    alice, *others = people
    lobby = (await alice.slash(games, "toy new", pace="live", settle=False)).message
    await lb.wait_for(lambda: lobby.buttons, WAIT, "the lobby")
    for person in others:
        await person.click(lobby, "Join", settle=False)
    await alice.click(lobby, "Start", settle=False)
    return await lb.wait_for(lambda: lobby.thread, WAIT, "the thread")


async def day(lb: Loopback, people, thread):
    """The wolf kills: the day's ballot, once the thread shows it."""
    [(wolf, kill)] = await lb.wait_for(lambda: [(p, m) for p in people for m in dm_prompts(p)
                                                if KILL_PROMPT in m.text], WAIT, "the kill")
    await wolf.click(kill, kill.labels()[-1], settle=False)
    return await lb.wait_for(lambda: next((m for m in thread.messages()
                                           if "Nobody" in m.labels()), None), WAIT, "the ballot")


def sent_once(lb: Loopback) -> None:
    """No message of the bot's went out twice (each has its own nonce), and none was saved
    from it by Discord's nonce memory."""
    world = lb.fake.world
    posted = Counter(m.nonce for m in world.messages.values()
                     if m.author is world.bot and m.nonce)
    assert [n for n, times in posted.items() if times > 1] == []
    assert world.merged == []


async def crash_then_finish(lb, target, tmp_path, crash, arm=lambda bot: None):
    """Play a table on a bot process that gets killed (`arm(bot)` before the table opens,
    `crash(bot, people, thread)` once the wolf is asked), then on a second process on the
    same database, to the end. Returns the people and the thread."""
    lb.nonce_window = 0
    guild = lb.guild("Crash server")
    people = [guild.user(name) for name in ("alice", "bob", "carol", "dave")]
    first = await BotProcess(lb, target, tmp_path / "first.log").start()
    second = BotProcess(lb, target, tmp_path / "second.log")
    try:
        arm(first)
        thread = await opened(lb, people, guild.text_channel("games"))
        await crash(first, people, thread)
        assert first.proc.returncode is not None       # killed mid-way
        await second.start()
        await play_on(lb, people, thread, timeout=WAIT)
        return people, thread
    finally:
        await first.stop()
        await second.stop()


async def test_a_vote_acknowledged_just_before_a_kill_shows_once(store_target, tmp_path):
    async with Loopback(timeout=WAIT, quiet=0.5) as lb:
        voted = []

        async def crash(bot, people, thread):
            ballot = await day(lb, people, thread)
            for voter in [p for p in people if p.mention in ballot.content]:
                # An answer carries its news only while no delivery of the game is under
                # way (else the news goes the usual way, and the next voter tries).
                await lb.settle()
                killed = kill_once(lb.fake.world, "edit", bot, lambda m, kw, name=voter.name:
                                   kw.get("from_webhook") and f"{name} has voted." in m.content)
                reply = await voter.click(ballot, "Nobody", settle=False)
                if killed:
                    assert reply.type == 7 and killed == [ballot.record]   # acknowledged
                    return voted.append(voter)
                lb.fake.world.__dict__.pop("edit")
            raise AssertionError("no answer carried its own news")

        people, thread = await crash_then_finish(lb, store_target, tmp_path, crash)
        [voter] = voted
        assert lines(thread.messages())[f"{voter.name} has voted."] == 1, thread.messages()
        sent_once(lb)


async def test_a_line_edited_onto_a_phase_post_before_a_kill_shows_once(store_target,
                                                                        tmp_path):
    async with Loopback(timeout=WAIT) as lb:
        voted = []

        async def crash(bot, people, thread):
            ballot = await day(lb, people, thread)
            first, second = [p for p in people if p.mention in ballot.content][:2]

            async def vote_in_secret(person):    # the news then goes the usual way
                reply = await person.click(status_message(thread), "My secrets", settle=False)
                [question] = await lb.wait_for(lambda: [m for m in reply.followups
                                                        if "Nobody" in m.labels()], WAIT,
                                               "the ballot in My secrets")
                await person.click(question, "Nobody", settle=False)

            await vote_in_secret(first)
            post = await lb.wait_for(lambda: next((m for m in thread.messages() if m.content
                                                   == f"{first.name} has voted." or m.content
                                                   .endswith(f"\n{first.name} has voted.")),
                                                  None), WAIT, "the phase post")
            killed = kill_once(lb.fake.world, "edit", bot, lambda m, kw: m is post.record
                               and f"{second.name} has voted." in m.content)
            await vote_in_secret(second)
            await lb.wait_for(lambda: killed, WAIT, "the edit")
            voted.extend((first, second))

        people, thread = await crash_then_finish(lb, store_target, tmp_path, crash)
        said = lines(thread.messages())
        assert [said[f"{p.name} has voted."] for p in voted] == [1, 1], thread.messages()
        sent_once(lb)


async def test_a_dm_sent_just_before_a_kill_is_not_sent_again(store_target, tmp_path):
    async with Loopback(timeout=WAIT) as lb:
        killed = []

        def arm(bot):                     # the game's first DM is the process's last act
            killed.append(kill_once(lb.fake.world, "post", bot, lambda m, kw:
                                    m.channel.type == DM and m.author is lb.fake.world.bot))

        async def crash(bot, people, thread):
            await lb.wait_for(lambda: killed[0], WAIT, "the first DM")

        people, thread = await crash_then_finish(lb, store_target, tmp_path, crash, arm)
        [[dm]] = killed
        assert dm.channel.recipient.name in [p.name for p in people]
        for person in people:
            texts = Counter(m.text for m in person.dms())
            assert max(texts.values()) == 1, (person, texts)
            assert sum(1 for m in person.dms() if "You are the" in m.content) == 1
        sent_once(lb)


async def test_a_status_posted_just_before_a_kill_is_not_posted_again(store_target, tmp_path):
    async with Loopback(timeout=WAIT) as lb:
        killed = []

        def offers_secrets(message, kwargs):
            return any(c.get("label") == "My secrets"
                       for row in message.components for c in row.get("components", ()))

        def arm(bot):                     # the game's first status is the process's last act
            killed.append(kill_once(lb.fake.world, "post", bot, offers_secrets))

        async def crash(bot, people, thread):
            await lb.wait_for(lambda: killed[0], WAIT, "the status")

        people, thread = await crash_then_finish(lb, store_target, tmp_path, crash, arm)
        [[status]] = killed
        statuses = [m.id for m in thread.messages()       # titled "toy — <phase>"
                    if m.embeds and (m.embeds[0].get("title") or "").startswith("toy — ")]
        assert statuses == [status.id]
        sent_once(lb)
