"""Events and prompts to Discord: the thread for the public, DMs for seats, nothing for the GM
log until the game ends (then it becomes the recap).

The thread reads as a table: a phase's news is one post (`phase:`), headed by the phase and a
link to the status, which grows by edits (`more:`, each holding the post's whole text, so a
repeated edit neither loses nor doubles a line) while it is the thread's last message, through
the later phases of its round under their names; a public question is a message of its own.
The table's picture goes with a post only when it differs from the one the thread shows last
(digests kept with the posts). The end is one post
(`end:`) with the final picture, then the GM log, and a DM to each person (`seat:N:end`).

Every message is planned in the store (`posts`: a key naming what it carries, the outbox rows
in it, its text) before it is sent: a retry or a restart skips what went out. A post whose
answer a crash lost is not doubled: planned before the restart, it is looked for in its
channel before it is sent again (`_sent_before`; the nonce made from its key makes Discord
return the first message only for a few minutes). An edit holds its message's whole text, so
applied twice it shows once; a vote's news edited onto its question is planned, with the news
marked delivered, in one transaction before the edit (`onto_question`). A post Discord refuses
is retried with backoff up to `MAX_ATTEMPTS` times, then set aside with a note to the table's
host and the GM log; it never holds up other posts or seats.

A DM goes only when it carries something to read or answer (at a new public moment its
header opens it). Closed DMs are found without telling the table who was being written to: at
the start every person at the table gets a DM (their news and questions, else a line saying
where the game is played: that everyone is written to then is public), and the seats those
could not reach are named together in the thread, once. A DM refused at any other time marks
its seat silently: its questions wait in "My secrets" and their deadlines' defaults cover them.
A marked seat is written to again when its person next acts in the game (`reached`: they
alone are told, privately, that their DMs were closed) or, at most every `PROBE_EVERY`, when a
DM is due to it anyway: never by a message sent only to test.
The messages edited in place (lobby, status) are kept by `boards.Boards`.

With several bot processes on one store, whatever sends or edits a game's messages (a
delivery, a refresh, a retry) holds the game's delivery lock across processes
(`Host.across`), and every map kept here is a shortcut the store backs: any process may
deliver any game's news.
"""
from __future__ import annotations

import asyncio
import copy
import datetime
import hashlib
import logging
from collections import defaultdict
from itertools import groupby

import discord

import games
from cogs.common import followups, im_back, render, substitutes, table_clock, threads, watching
from cogs.common.boards import EDIT_CAP, Boards, older_than
from cogs.common.recap import recap
from cogs.common.sending import NOBODY, SENT_LOOKUP, lacking, nonce, pin, pinging, said
from cogs.common.views import secrets_view, watch_view
from games.base import Pending
from hosting.store import GameRow, OutboxRow, PostRow
from hosting.turns import in_background

log = logging.getLogger(__name__)
MAX_ATTEMPTS = 4
FETCHED_KEPT = 10_000   # channels of other processes' shards kept at most (then read again)
ASKED_WAIT = 30   # times 50 ms: how long a click waits for another process to record its question
# A seat's lines its DMs leave out: the question's own message says them ("Time ran out: X");
# "My secrets" still lists them.
SAID_ON_THE_QUESTION = {"table_timed_out"}


def said_on_the_answer(table: GameRow) -> set[str]:
    """A seat's lines its DMs leave out: those its answer showed it (a game this build
    cannot load says none of its own)."""
    if table.game not in games.REGISTRY:
        return SAID_ON_THE_QUESTION
    return SAID_ON_THE_QUESTION | games.engine(table.game).shown_by_the_answer


# public lines that are posts of their own, never news under a question
ALONE = {"table_finished", substitutes.OFFERED, table_clock.ASKED}
# A seat's DMs, by their keys' first word: lines, a question, a newcomer's history.
PRIVATE_POSTS = ("seat", "prompt", "history")
PHASE_LIMIT = 1700   # a phase post's lines, leaving room for its header and the status link
THREAD_POSTS = ("phase", "more", "ask", "pin", "public", "end", "offer", "vote")   # thread messages
PHASE_GROWS = datetime.timedelta(minutes=50)   # a phase post older than this is not edited
CLOSED_DMS = (50007, 50278)   # Discord's codes for DMs closed to the bot (no mutual server)
NEWS_EVERY = 2.0   # seconds at least between two edits of one phase post
PROBE_EVERY = 300.0   # seconds: a marked seat's due DM is tried again this long after its last
WAIT_MAX = 300.0   # seconds between looks at posts waiting for a permission, at most
# Seconds before posts are tried again after a pass that raised (doubling up to the most).
RETRY_AFTER_FAILURE, RETRY_AFTER_FAILURE_MAX = 1.0, 300.0
# What the thread's posts show better with; the host is told once about each lost.
WATCHED = ("embed_links", "attach_files")


def refusal_code(err, missing: str | None) -> int:
    """How a refusal is named to the host and in the GM log: Discord's code, else its HTTP
    status; 429 for a wait too long; 50013 (Missing Permissions) for a post not sent at all
    because the bot lacks a permission."""
    if err is None:
        return 50013 if missing is not None else 0
    return getattr(err, "code", None) or getattr(err, "status", None) or 429


class DiscordDelivery:
    def __init__(self, bot, refresh_delay: float = 0.25, status_every: float = 10.0,
                 retry_base: float = 2.0, news_every: float = 0.0):
        self.bot = bot
        self.refresh_delay = refresh_delay  # coalesces a burst of changes into one status edit
        # seconds at least between edits of a phase post: the lines of a burst of steps go
        # out in one edit (`_held`); the bot's is NEWS_EVERY (`Config.news_every`)
        self.news_every = news_every
        self._grown: dict[int, tuple[int, float]] = {}   # game -> (phase post, last sent/edited)
        self._holding: set[tuple[int, str]] = set()      # (game, edit) waiting for `news_every`
        self.retry_base = retry_base        # seconds before the first retry of a refused post
        self.probe_every = PROBE_EVERY      # seconds between tries of a seat's closed DMs
        self._probed: dict[tuple[int, int], float] = {}   # (game, seat) -> closed DMs last tried
        self._look_again: dict[int, asyncio.Task] = {}   # game -> a refresh while posts wait
        self._looks: dict[int, int] = {}                 # game -> refreshes while they wait
        self.boards = Boards(self, status_every)
        self._refresh: dict[int, asyncio.Task] = {}
        self._retries: dict[int, asyncio.Task] = {}            # game -> its next retry
        # game -> refused post -> its next try
        self._not_before: defaultdict[int, dict[str, float]] = defaultdict(dict)
        self.newest_post: dict[int, int] = {}                  # game -> its latest message
        self._dirty: set[int] = set()
        self._dm_ids: dict[int, int] = {}                # user -> their DM channel
        self._fetched: dict[int, object] = {}            # channels of other shards, as read
        self._prompting: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._asked: dict[int, dict[int, str]] = {}      # thread message -> seat -> question
        self._questions: dict[tuple[int, str], Pending] = {}  # (game, question) as asked
        self._sending: dict[int, asyncio.Event] = {}     # game -> set when no question is in flight
        self._shown: dict[int, discord.Embed] = {}       # question message -> its embed as sent
        self._seat_shown: dict[tuple[int, int], str] = {}   # (game, seat) -> its picture last
        self._copies: defaultdict[tuple[int, str], list] = defaultdict(list)  # "My secrets"
        self._told: set[tuple[int, str]] = set()         # (game, permission) the host heard of
        # game -> its posts this process planned and has not sent yet: any other planned post
        # may have gone out before a restart, unrecorded, and is looked for first (`_sent_before`)
        self._planned_here: defaultdict[int, set[str]] = defaultdict(set)
        self.followups = followups.Followups()           # DMs through a person's own answers

    @property
    def host(self):
        return self.bot.host

    # ---- channels -------------------------------------------------------------------------------
    async def channel(self, channel_id: int | None, fresh: bool = False):
        """A channel or thread of any server. One on another process's shard is not in
        discord.py's memory: it is read from Discord, and kept to send and edit messages
        in; `fresh` reads it again, for its state (archived, locked) when the thread is kept
        right (`threads.keep`)."""
        if channel_id is None:
            return None
        channel = self.bot.get_channel(channel_id)
        if channel is None and not fresh:
            channel = self._fetched.get(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except (discord.HTTPException, discord.RateLimited):
                return None
            if len(self._fetched) >= FETCHED_KEPT:
                self._fetched.clear()
            self._fetched[channel_id] = channel
        return channel

    async def _dm(self, user_id: int):
        """The DM channel, opened once per person. discord.py keeps only the last 128 DM
        channels, so with many tables it would open them again and again: we keep the ids,
        in the store for every process."""
        channel_id = self._dm_ids.get(user_id) or await self.host.store.dm_channel(user_id)
        if channel_id is not None:
            self._dm_ids[user_id] = channel_id
            return self.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        channel = await self.bot.create_dm(discord.Object(user_id))
        self._dm_ids[user_id] = channel.id
        await self.host.store.keep_dm_channel(user_id, channel.id)
        return channel

    # ---- planning ---------------------------------------------------------------------------------
    async def deliver(self, table: GameRow, rows: list[OutboxRow]) -> None:
        """Plan the messages these rows make, send every planned message not sent yet, then
        show the table as it now is (`refresh`; with no rows, that alone). Public lines go
        to the thread as few messages as fit (the last may ride on a new public question);
        then each seat gets one DM holding its lines and, when it has a new question, that
        question's buttons too."""
        if not rows:
            return await self.refresh(table)
        if table.status == "running" and not self.boards.has_status(table):
            await self.boards.status(table)    # first, so that every phase post links to it
        thread = await self.channel(table.thread_id)
        if thread is not None:
            await threads.reopen(table, thread)
        async with self._prompting[table.id]:
            table = copy.copy(table)   # plan and send read one state (steps go on meanwhile)
            if thread is not None:
                await self._watch(table, thread)
            await self._plan(table, rows)
            await self._send_planned(table)
        if table.status == "finished":
            self._planned_here.pop(table.id, None)
            self._forget_refusals(table.id)
        await self.refresh(table, planned=True)

    async def _plan(self, table: GameRow, rows: list[OutboxRow]) -> None:
        t = render.translator(table)
        posts = await self.host.store.posts(table.id)
        covered = {r for p in posts.values() for r in p.rows}
        rows = [r for r in rows if r.id not in covered]
        public = [r for r in rows if r.audience == "public"]
        lines = [(r.id, self._line(table, t, r)) for r in public   # an offer and a vote on
                 if r.kind not in (substitutes.OFFERED, table_clock.ASKED)]   # more time: alone
        prompted = await self.host.store.prompted(table.id)
        ending = any(r.kind == "table_finished" for r in rows)
        if ending:         # one post, then the GM log (every secret move) as the recap
            plans = [(f"end:{ids[0]}", ids, text) for ids, text in render.chunk_pairs(lines)]
            plans += [(f"public:{ids[0]}", ids, text) for ids, text in recap(
                t, [r for r in await self.host.store.gm_log(table.id) if r.id not in covered],
                lambda at: render.moment(table, t, at=at)["clock"])]
        else:
            plans = self._news(table, posts, lines, {r.id for r in public if r.data.get("pin")})
            asks = [(f"ask:{group[0].kind}:{group[0].id}", [], None)
                    for group in self._new_public_questions(table, posts, prompted)]
            if (asks and plans and plans[-1][0].startswith(("phase:", "more:"))
                    and asks[0][0] not in posts):
                # news that would open a post of its own, or grow the phase's, rides on the
                # question instead: one message for both (not on one planned before, set
                # aside: planning it again keeps it as it was)
                key, ids, text = plans.pop()
                if key.startswith("more:"):     # its own lines, not the post's whole text
                    text = "\n".join(line for i, line in lines if i in set(ids))
                asks[0] = (asks[0][0], ids, text)
            plans += asks
        plans += substitutes.thread_plans(table, t, public, posts)
        plans += table_clock.thread_plans(t, public, posts)
        # The thread's posts go before any DM: how soon the table reads its news never
        # depends on who is written to in secret.
        moment = self._moment(table)
        new_moment = moment is not None and f"moment:{moment}" not in posts
        header = t("ui", "moment_header", **render.moment(table, t)) if new_moment else None
        start = new_moment and not any(key.startswith("moment:") for key in posts)
        asking = await self._asking(table, posts)
        said_already = said_on_the_answer(table)
        for seat in table.seats:
            if seat.is_ai or seat.user_id is None:
                continue
            told = [r for r in rows
                    if r.audience == f"seat:{seat.seat}" and r.kind not in said_already]
            for taken in [r for r in told if r.kind == substitutes.YOURS]:
                # someone took the seat over: all it knew so far, then its news from there
                plans += await substitutes.history_plans(self.host.store, table, t, taken)
                told = [r for r in told if r.id > taken.id]
            plans += table_clock.reminder_plans(t, seat.seat, told)   # each with its button
            plans += im_back.notice_plans(t, seat.seat, told)         # with I'm back
            told = [r for r in told if r.kind not in (*table_clock.REMINDERS, im_back.ON)]
            lines = render.chunk_pairs([(r.id, t.event(r.kind, r.data)) for r in told])
            plans += self._seat_plans(table, seat.seat, posts, prompted, header,
                                      seat.seat in asking,
                                      [(ids, render.said_once(t, text)) for ids, text in lines],
                                      start)
        if new_moment:     # after the DMs of the moment; at the start, names those unreached
            plans.append((f"moment:{moment}", [], None))
        if ending:
            plans += self._farewells(table, posts)
        plans = self._one_dm_when_out(plans + await watching.plans(self.host, table, rows, posts))
        if plans:
            await self.host.store.plan_posts(table.id, plans)
            self._planned_here[table.id].update(key for key, _, _ in plans if key not in posts)

    @staticmethod
    def _one_dm_when_out(plans: list) -> list:
        """A seat put out of the game gets one DM: its news of that step (its engine's line
        saying it is out) opens the offer to watch with the dead planned with it
        (`seat:N:watch`), rather than going as a DM of its own."""
        offers = {key.split(":")[1] for key, _, _ in plans
                  if key.startswith("seat:") and key.endswith(":watch")}
        news = {key.split(":")[1]: (key, ids, text) for key, ids, text in plans
                if key.startswith("seat:") and key.split(":")[1] in offers
                and key.split(":")[2].isdigit()}
        return [(key, [*news[seat][1], *ids], "\n".join((news[seat][2], text)))
                if (seat := key.split(":")[1]) in news and key.endswith(":watch")
                else (key, ids, text)
                for key, ids, text in plans if (key, ids, text) not in news.values()]

    async def _asking(self, table: GameRow, posts: dict[str, PostRow]) -> set[int]:
        """The seats whose DMs hold (or are about to hold) a question still open."""
        live = {p.id for p in self.host.pending(table)}
        asking = {seat for pending_id, seat, channel_id, message_id
                  in await self.host.store.open_prompts(table.id)
                  if pending_id in live and message_id is not None
                  and channel_id != table.thread_id}
        return asking | {int(key.split(":")[1]) for key, post in posts.items()
                         if key.startswith("prompt:") and post.state == "planned"
                         and key.split(":", 2)[2] in live}

    @staticmethod
    def _line(table: GameRow, t, row: OutboxRow) -> str:
        """A public line; the end's names the winners with their side."""
        if row.kind == "table_finished":
            return t("ui", "game_over_line", result=t("ui", "winners_are",
                                                      winners=render.winners_text(table))
                     if row.data.get("winners") else t("ui", "nobody_won"))
        return t.event(row.kind, row.data)

    def _news(self, table: GameRow, posts: dict[str, PostRow], lines: list[tuple[int, str]],
              pinned: set[int]) -> list:
        """The public lines of this delivery: appended to the phase's post while it is the
        thread's last message and has room (an edit, planned like a post, holding the
        post's whole text), else in a new phase post. A line the table keeps in view is a
        post of its own, pinned."""
        moment = self._moment(table)
        open_post = self._open_phase(posts, moment)
        plans = []
        for keep, run in groupby(lines, key=lambda line: line[0] in pinned):
            run = list(run)
            if keep:
                plans += [(f"pin:{ids[0]}", ids, text) for ids, text in render.chunk_pairs(run)]
                open_post = None
                continue
            if open_post is not None:
                target, text = open_post
                if target.split(":", 2)[2] != str(moment):   # an earlier phase of the round:
                    t = render.translator(table)              # this one's lines go under its
                    section = t("ui", "moment_header", **render.moment(table, t))   # name
                    if section not in text.splitlines():
                        text = f"{text}\n{section}"
                fits = 0
                while fits < len(run) and len(text) + 1 + len(run[fits][1]) <= PHASE_LIMIT:
                    text = f"{text}\n{run[fits][1]}"
                    fits += 1
                if fits:
                    plans.append((f"more:{run[0][0]}:{target}", [i for i, _ in run[:fits]], text))
                    open_post, run = (target, text), run[fits:]
            chunks = render.chunk_pairs(run, PHASE_LIMIT)
            plans += [(f"phase:{ids[0]}:{moment}", ids, text) for ids, text in chunks]
            if chunks:
                open_post = (plans[-1][0], chunks[-1][1])
        return plans

    @staticmethod
    def _open_phase(posts: dict[str, PostRow], moment: str | None) -> tuple[str, str] | None:
        """(key, text so far) of the phase post that may still grow: the thread's last
        message, of this round (a phase the table only watched goes on in the post of the one
        before), not set aside."""
        last = None
        for post in posts.values():
            kind = post.key.split(":", 1)[0]
            if kind in THREAD_POSTS or (kind == "moment" and post.message_id is not None):
                last = post
        if last is None or last.state == "set_aside" or not last.key.startswith(
                ("phase:", "more:")):
            return None
        target = last.key if last.key.startswith("phase:") else last.key.split(":", 2)[2]
        if (not target.startswith("phase:")
                or target.rpartition(":")[2] != str(moment).rpartition(":")[2]
                or posts[target].state == "set_aside"):   # news edited onto a question ends it
            return None
        sent = posts[target].message_id
        if sent is not None and older_than(sent, PHASE_GROWS):
            return None                    # Discord soon refuses its edits: a new post goes on
        return target, last.text or ""

    def _farewells(self, table: GameRow, posts: dict[str, PostRow]) -> list:
        """A DM to each person at the table: the game is over, how, and where to read it."""
        t = render.translator(table)
        text = t("ui", "ended_dm", game=render.game_title(t), id=table.id,
                 result=render.result_text(table), link=render.thread_url(table) or "")
        return [(f"seat:{seat.seat}:end", [], text) for seat in table.seats
                if not seat.is_ai and seat.user_id is not None
                and f"seat:{seat.seat}:end" not in posts]

    def _seat_plans(self, table: GameRow, seat_no: int, posts: dict[str, PostRow],
                    prompted: dict, header: str | None, asking: bool,
                    texts: list[tuple[list[int], str]], start: bool) -> list:
        """One seat's DMs: its lines, the last riding on its new question; at a new public
        moment the header opens the first of them, and never goes alone but at the `start`,
        where a seat with nothing else is told where its game is played (every seat is
        written to then, so that closed DMs are found). A seat is asked one question at a
        time (`asking`: one is open): the next when that one has closed, so its DMs hold at
        most one live question."""
        prompts = [] if asking else [
            p for p in self.host.pending_for(table, seat_no)
            if not p.public and f"prompt:{seat_no}:{p.id}" not in posts
            and (p.id, seat_no) not in prompted][:1]
        lead = texts.pop() if texts and prompts else ([], None)
        plans = [(f"seat:{seat_no}:{ids[0]}", ids, text) for ids, text in texts]
        plans += [(f"prompt:{seat_no}:{p.id}", *(lead if i == 0 else ([], None)))
                  for i, p in enumerate(prompts)]
        if start and not plans and f"seat:{seat_no}:start" not in posts:
            t = render.translator(table)
            plans.append((f"seat:{seat_no}:start", [], t(
                "ui", "seat_intro", game=render.game_title(t), id=table.id,
                name=t.seat_name(seat_no), link=render.thread_url(table) or "")))
        if header is not None and plans:
            key, ids, text = plans[0]
            plans[0] = (key, ids, "\n".join(filter(None, (header, text))))
        return plans

    def _new_public_questions(self, table: GameRow, posts: dict[str, PostRow],
                              prompted: dict) -> list[list[Pending]]:
        """Public questions not asked yet, one group per kind: one message asks each group
        (unless a message for that kind is planned and not sent yet: it will ask them)."""
        waiting = {p.key.split(":")[1] for p in posts.values()
                   if p.key.startswith("ask:") and p.state == "planned"}
        groups: dict[str, list[Pending]] = {}
        for p in self.host.pending(table):
            if (p.public and p.seat is not None and p.kind not in waiting
                    and (p.id, p.seat) not in prompted):
                groups.setdefault(p.kind, []).append(p)
        return list(groups.values())

    @staticmethod
    def _moment(table: GameRow) -> str | None:
        """The public moment (phase and round) while the game runs: DMs are tested at each."""
        if table.status != "running" or table.state is None:
            return None
        view = games.engine(table.game).public_view(table.state)
        return f"{view.get('phase')}:{view.get('round')}"

    # ---- sending ----------------------------------------------------------------------------------
    async def _send_planned(self, table: GameRow) -> None:
        """Send every planned message, oldest first. One refused never stops the others."""
        thread = await self.channel(table.thread_id)
        now = asyncio.get_running_loop().time()
        posts = await self.host.store.posts(table.id)
        for post in posts.values():
            if post.state != "planned" or self._held(table, post, posts, now):
                continue
            if self._not_before[table.id].get(post.key, 0) > now:
                continue
            self._not_before[table.id].pop(post.key, None)   # a refusal sets it again
            kind, _, rest = post.key.partition(":")
            if kind in PRIVATE_POSTS:
                await self._to_seat(table, post, int(rest.split(":")[0]))
            elif kind == "probe":   # a header alone, planned by an earlier build: not sent
                await self.host.store.post_tried(table.id, post.key, "sent")
            elif kind == "moment":
                await self._tell_unreachable(table, post, thread)
            elif kind == "note":
                await self._note(table, post)
            elif kind == "watch":
                await self._to_spectators(table, post)
            elif kind == "unoffer":
                await watching.close_offer(self, table, post)
            elif thread is None:
                await self.host.store.post_tried(table.id, post.key, "set_aside")
            elif kind == "offer":
                await substitutes.send_offer(self, table, post, thread)
            elif kind == "vote":
                await table_clock.send_vote(self, table, post, thread)
            elif kind == "shut":
                await substitutes.shut_offer(self, table, post, thread)
            elif kind == "ask":
                await self._ask(table, post, thread)
            elif kind == "more":
                await self._extend(table, post, thread)
            else:
                files, picture = await self._thread_picture(table, thread, post.key)
                message = await self._send(table, post, thread, files=files, picture=picture,
                                           text=self._phase_text(table, post.key.split(":", 2)[2],
                                                                 post.text)
                                           if kind == "phase" else None)
                if kind == "phase" and message is not None:
                    self._grown[table.id] = (message.id, asyncio.get_running_loop().time())
                if kind == "pin" and message is not None:
                    await pin(message, thread)

    def _held(self, table: GameRow, post: PostRow, posts: dict[str, PostRow],
              now: float) -> bool:
        """Whether a planned edit of the phase post waits: the post was sent or edited less
        than `news_every` ago, and no later thread message is planned (news never follows
        the question it came before). The wait ends in a pass `_retry` makes; a later edit
        planned meanwhile holds this one's lines too, so a burst of steps is one edit. What
        waits depends on the thread's own messages alone."""
        key = (table.id, post.key)
        grown = self._grown.get(table.id)
        target = posts.get(post.key.split(":", 2)[2]) if post.key.startswith("more:") else None
        wait = (grown[1] + self.news_every - now if target is not None and grown is not None
                and target.message_id == grown[0] else 0.0)
        if wait > 0 and any(p.seq > post.seq and p.state == "planned"
                            and p.key.partition(":")[0] in THREAD_POSTS
                            and not p.key.startswith("more:") for p in posts.values()):
            wait = 0.0
        if wait <= 0:
            if key in self._holding:           # its wait is over: sent now
                self._holding.discard(key)
                self._not_before[table.id].pop(post.key, None)
            return False
        self._holding.add(key)
        self._not_before[table.id][post.key] = now + wait
        self._retry_later(table.id, wait)
        return True

    def _phase_text(self, table: GameRow, moment: str | None, lines: str | None) -> str:
        """A phase post as shown: its phase and round, a link to the status message, its
        lines, alike small steps folded into one (the link is the status's place now: a
        status posted afresh is linked from the next post or edit)."""
        t = render.translator(table)
        lines = render.folded(t, lines) if lines else lines
        moment = str(moment)
        head = [] if moment == "None" else [
            t("ui", "moment_header", **render.moment(table, t, at=moment))]
        link = render.message_url(table, self.boards.status_id(table))
        if link:
            head.append(t("ui", "status_link", link=link))
        return render.clip("\n".join(filter(None, (" · ".join(head), lines))),
                           render.CONTENT_MAX)

    async def _extend(self, table: GameRow, post: PostRow, thread) -> None:
        """Apply a planned edit of a phase post, or of a question a click's news was edited
        onto (`onto_question`): its whole text so far (a repeated edit neither loses nor
        doubles a line), and, on a phase post, the table's picture if it changed. It waits
        while its post is not sent; a later edit of the same message, waiting or applied,
        holds this one's lines too."""
        posts = await self.host.store.posts(table.id)
        target_key = post.key.split(":", 2)[2]
        target = posts[target_key]
        if target.state == "planned":
            return
        if target.state != "sent" or target.message_id is None:
            return await self.host.store.post_tried(table.id, post.key, "set_aside")
        later = [p for p in posts.values() if p.seq > post.seq and p.state in ("planned", "sent")
                 and p.key.startswith("more:") and p.key.split(":", 2)[2] == target_key]
        if later:
            return await self.host.store.post_tried(table.id, post.key, "sent", thread.id,
                                                    target.message_id)
        files, picture = [], None
        text = post.text
        if target_key.startswith("phase:"):
            files, picture = await self._thread_picture(table, thread, target_key)
            text = self._phase_text(table, target_key.split(":", 2)[2], post.text)
        try:
            await thread.get_partial_message(target.message_id).edit(
                content=text, allowed_mentions=NOBODY,
                **({} if picture is None else {"attachments": files}))
        except (discord.HTTPException, discord.RateLimited) as err:
            if getattr(err, "code", None) == EDIT_CAP:
                return await self._continue_afresh(table, post, thread, target)
            return await self._refused(table, post, err, lacking(thread, err))
        await self.host.store.post_tried(table.id, post.key, "sent", thread.id,
                                         target.message_id, picture)
        self._grown[table.id] = (target.message_id, asyncio.get_running_loop().time())

    async def _continue_afresh(self, table: GameRow, post: PostRow, thread,
                               target: PostRow) -> None:
        """Discord refuses to edit the message any more (30046: it is older than an hour):
        it stays as it is, and the lines it does not show yet open a new post of the phase,
        which grows in its place."""
        lines = (post.text or "").splitlines()
        try:
            shown = (await thread.fetch_message(target.message_id)).content.splitlines()
        except (discord.HTTPException, discord.RateLimited):
            shown = []                    # unread: every line again rather than one lost
        kept = next((k for k in range(min(len(lines), len(shown)), 0, -1)
                     if lines[:k] == shown[-k:]), 0)
        moment = (target.key.split(":", 2)[2] if target.key.startswith("phase:")
                  else str(self._moment(table)))
        key = f"phase:{post.key.split(':')[1]}:{moment}"
        if key not in await self.host.store.posts(table.id):
            await self.host.store.plan_posts(table.id, [(key, [], "\n".join(lines[kept:]))])
            self._planned_here[table.id].add(key)
        await self.host.store.post_tried(table.id, post.key, "sent")
        fresh = (await self.host.store.posts(table.id))[key]
        if fresh.state != "planned":
            return
        if not fresh.text:                # nothing new to say (a picture alone): no post
            return await self.host.store.post_tried(table.id, key, "sent")
        files, picture = await self._thread_picture(table, thread, key)
        await self._send(table, fresh, thread, files=files, picture=picture,
                         text=self._phase_text(table, moment, fresh.text))

    async def _thread_picture(self, table: GameRow, thread, message_key: str
                              ) -> tuple[list[discord.File], str | None]:
        """The table's picture for a thread message (planned as `message_key`) when the
        thread does not show it last already: (files, its digest). A message that would
        show the same picture as the one before it shows none ('' takes its own away); no
        change is (no files, None). The digests are stored with the posts."""
        if table.unreadable is not None or not render.may(thread, "attach_files") or (
                table.status == "finished" and not message_key.startswith("end:")):
            return [], None   # nothing to draw set aside; the final one goes with the end
        png = self.boards.picture_png(table)
        if png is None:
            return [], None
        digest = hashlib.blake2b(png, digest_size=12).hexdigest()
        shown: dict[str, str] = {}         # thread message -> the picture it shows now
        for post in (await self.host.store.posts(table.id)).values():
            if post.picture is not None and post.state == "sent":
                shown[post.key.split(":", 2)[2] if post.key.startswith("more:")
                      else post.key] = post.picture
        own = shown.pop(message_key, "")
        before = next((d for d in reversed(shown.values()) if d), "")
        if digest == (own or before):
            return [], None
        if digest == before:
            return [], ""
        return [self.boards.picture_file(table)], digest

    async def _send(self, table: GameRow, post: PostRow, channel, *, private: bool = False,
                    text: str | None = None, picture: str | None = None,
                    asked: list[tuple[str, int]] = (), marks: list[str] = (),
                    via: discord.Interaction | None = None, **kwargs):
        """Send one planned message and record it (with the questions it `asked` and the
        `marks` of what it said once for all, in one write); the message, or None if Discord
        refused. A refusal is retried later, up to `MAX_ATTEMPTS`; a DM refused as forbidden
        marks its seat unreachable instead (`private`). A post planned before a restart (or
        by another process) is looked for first: it may have gone out unrecorded. `via`: a
        DM's person's latest answer there, to send it as its follow-up (`followups`)."""
        kwargs.setdefault("allowed_mentions", NOBODY)
        if kwargs.get("files") and not render.may(channel, "attach_files"):
            kwargs.pop("files")            # the picture is left out rather than the news
        missing = lacking(channel)
        if missing is not None:          # Discord would refuse it (a 403): tried later
            await self._refused(table, post, None, missing)
            return None
        content = post.text if text is None else text
        message = None
        if post.key not in self._planned_here[table.id]:
            message = await self._sent_before(table, channel, content, kwargs.get("embed"))
        try:
            # a seat's DM names its channel too: a question asked again of a substitute
            # (`Host.take_seat`) is not merged with the message its former person got
            message = message or await self._post(table, post, channel, content, via, nonce(
                table.id, f"{post.key}:{channel.id}" if private else post.key), kwargs)
        except (discord.HTTPException, discord.RateLimited) as err:
            if private and isinstance(err, discord.Forbidden):
                raise
            await self._refused(table, post, err, lacking(channel, err))
            return None
        await self.host.store.post_tried(table.id, post.key, "sent", channel.id, message.id,
                                         picture if kwargs.get("files") else None,
                                         content if post.key.startswith("ask:") else None,
                                         asked, marks)
        self._planned_here[table.id].discard(post.key)
        self.newest_post[table.id] = max(message.id, self.newest_post.get(table.id, 0))
        return message

    async def _post(self, table: GameRow, post: PostRow, channel, content: str | None,
                    via: discord.Interaction | None, key: str, kwargs: dict):
        """A new message: a follow-up of `via` while Discord takes its token, else the bot's
        own post with its nonce. A follow-up carries no nonce: one whose answer was lost may
        have gone out, so its retry looks for it first (`_sent_before`)."""
        if via is not None:
            try:
                return await followups.send(via, content or None, **kwargs)
            except discord.HTTPException as err:
                if err.status not in (401, 404):   # 50027 token ran out, 10015 gone
                    self._planned_here[table.id].discard(post.key)
                    raise
                self.followups.spent(via.user.id, via)
        return await channel.send(content or None, nonce=key, **kwargs)

    async def _sent_before(self, table: GameRow, channel, content: str | None,
                           embed: discord.Embed | None):
        """The message a planned post became if an attempt before a restart sent it but did
        not live to record it (Discord merges a repeated nonce only for a few minutes, and
        keeps no nonce to look up later): the bot's message in `channel`, after the last one
        this game recorded there, saying the same, or, a question answered since (a click
        reaches any process), its text and one line more saying so (`closed_question`).
        None if there is none."""
        known = {p.message_id for p in (await self.host.store.posts(table.id)).values()
                 if p.channel_id == channel.id and p.message_id is not None}
        wanted = said(content, [embed] if embed is not None else [])
        closed = render.translator(table)("ui", "closed_line", asked="", outcome="").strip()
        try:
            async for message in channel.history(
                    limit=SENT_LOOKUP, after=discord.Object(max(known)) if known else None):
                *text, last = (message.content or "").splitlines() or [""]
                if (message.author.id == self.bot.user.id and message.id not in known
                        and (said(message.content, message.embeds) == wanted
                             or content and closed in last and not message.embeds
                             and "\n".join(text).strip() == content.strip())):
                    log.info("game %s: message %s went out before the restart", table.id,
                             message.id)
                    return message
        except (discord.HTTPException, discord.RateLimited) as err:   # no history: as planned
            log.info("game %s: cannot look for a message sent before the restart: %s",
                     table.id, err)
        return None

    async def _refused(self, table: GameRow, post: PostRow,
                       err: discord.HTTPException | discord.RateLimited | None,
                       missing: str | None = None) -> None:
        """A post Discord refused (`err`): tried again with backoff (never sooner than a 429
        said), then set aside with a line in the GM log and, unless the permission was named
        already, one note to the host per game and cause. A thread post the bot did not send
        because it lacks the permission `missing` (the host is told, once) waits for it
        instead: planned still, it goes out, in its order, once the permission is back."""
        attempts = post.attempts + 1
        code = refusal_code(err, missing)
        log.warning("game %s: Discord refused %s (attempt %s): %s", table.id, post.key,
                    attempts, code)
        if missing is not None and not post.key.startswith("note:"):   # lost in the thread
            await self.tell_lost(table, missing)
            if err is None:
                return self._look_again_later(table.id)
        if attempts < MAX_ATTEMPTS:
            await self.host.store.post_tried(table.id, post.key)
            wait = max(self.retry_base * 2 ** (attempts - 1), getattr(err, "retry_after", 0.0))
            self._not_before[table.id][post.key] = asyncio.get_running_loop().time() + wait
            self._retry_later(table.id, wait)
            return
        await self.host.store.post_tried(table.id, post.key, "set_aside")
        private = post.key.split(":")[0] in PRIVATE_POSTS
        await self.host.note_gm(table.id, "table_dm_set_aside" if private
                                else "table_post_set_aside", {"code": code})
        if private or post.key.startswith("note:") or missing is not None:
            return                                  # whose DM failed is a secret
        t = render.translator(table)
        await self._tell_host(table, f"note:set_aside:{code}", t(
            "ui", "post_set_aside", host=f"<@{table.host_user}>", table=render.game_title(t),
            id=table.id, code=code))

    async def _tell_host(self, table: GameRow, key: str, text: str) -> None:
        """A note to the host, planned under `key`: once per game, across restarts."""
        if key in await self.host.store.posts(table.id):
            return
        await self.host.store.plan_posts(table.id, [(key, [], text)])
        self._planned_here[table.id].add(key)
        await self._note(table, (await self.host.store.posts(table.id))[key])

    async def tell_lost(self, table: GameRow, permission: str) -> None:
        """Tell the host, once per game, that the bot lacks `permission` in the table's
        thread: what it costs the table and how to grant it."""
        if (table.id, permission) in self._told:
            return
        self._told.add((table.id, permission))
        t = render.translator(table)
        await self._tell_host(table, f"note:lost:{permission}", t(
            "ui", "permission_lost", host=f"<@{table.host_user}>", table=render.game_title(t),
            id=table.id, link=render.thread_url(table) or "",
            name=f"**{t.lookup('permissions', permission)}**",
            cost=t("ui", f"lost_{permission}")))

    def _forget_refusals(self, game_id: int) -> None:
        """A game over: what this process kept of its refusals goes."""
        self._told = {told for told in self._told if told[0] != game_id}
        self._probed = {key: at for key, at in self._probed.items() if key[0] != game_id}
        self._looks.pop(game_id, None)
        self._grown.pop(game_id, None)
        self._holding = {key for key in self._holding if key[0] != game_id}

    def _look_again_later(self, game_id: int) -> None:
        """Posts wait for a permission: the game's planned posts are looked at again (a
        refresh) later and later, up to `WAIT_MAX` apart, and at its every delivery."""
        task = self._look_again.get(game_id)
        if task is not None and not task.done():
            return
        looks = self._looks[game_id] = self._looks.get(game_id, 0) + 1
        self._look_again[game_id] = in_background(self._refresh_after(
            game_id, min(WAIT_MAX, self.retry_base * 2 ** (looks - 1))))

    async def _refresh_after(self, game_id: int, delay: float) -> None:
        await asyncio.sleep(delay)
        self.refresh_later(game_id)

    async def _watch(self, table: GameRow, thread) -> None:
        """The host hears of each permission the thread lost since `/GAME new` (once). One
        that stops every post is told alone: Discord then reports the rest as lost with it."""
        missing = lacking(thread)
        if missing is not None:
            return await self.tell_lost(table, missing)
        self._looks.pop(table.id, None)
        for permission in WATCHED:
            if not render.may(thread, permission) and (
                    permission != "attach_files" or self.boards.picture_png(table) is not None):
                await self.tell_lost(table, permission)

    async def _note(self, table: GameRow, post: PostRow) -> None:
        """A note to the table's host: in their DMs, else (their DMs closed) in the lobby's
        channel."""
        try:
            await self._send(table, post, await self._dm(table.host_user), private=True)
        except (discord.HTTPException, discord.RateLimited) as err:   # opening the DM too
            if getattr(err, "code", None) not in CLOSED_DMS:
                return await self._refused(table, post, err)
            await self._send(table, post, await self.channel(table.channel_id),
                             allowed_mentions=pinging([table.host_user]))

    def _retry_later(self, game_id: int, delay: float) -> None:
        task = self._retries.get(game_id)
        if task is None or task.done():
            self._retries[game_id] = in_background(self._retry(game_id, delay))

    async def _retry(self, game_id: int, delay: float) -> None:
        """Send what is planned once the earliest refused post may be tried again (and again
        while some are waiting)."""
        await asyncio.sleep(delay)
        floor = 0.0
        try:
            async with self.host.slot(), self.host.across(game_id), self._prompting[game_id]:
                await self._send_planned(await self.host.table(game_id, set_aside=True))
        except Exception:
            log.exception("retrying the posts of game %s failed", game_id)
            floor = min(max(2 * delay, RETRY_AFTER_FAILURE), RETRY_AFTER_FAILURE_MAX)
        now = asyncio.get_running_loop().time()
        waiting = list(self._not_before[game_id].values())   # refused again, or not due then
        if not waiting:
            del self._not_before[game_id]
        if waiting:      # a pass that failed is not tried again at once: later and later
            self._retries[game_id] = in_background(self._retry(
                game_id, max(floor, min(waiting) - now)))

    # ---- private messages -------------------------------------------------------------------------
    async def _to_seat(self, table: GameRow, post: PostRow, seat_no: int) -> None:
        """A DM to one seat: lines, a question, or both. AI seats read the state; a seat whose
        DMs are closed reads its lines and answers in "My secrets", and is tried again with
        a DM due at most every `probe_every` seconds."""
        seat = table.seats[seat_no]
        pending = None
        if post.key.startswith("prompt:"):
            pending_id = post.key.split(":", 2)[2]
            pending = next((p for p in self.host.pending_for(table, seat_no)
                            if p.id == pending_id), None)
        now = asyncio.get_running_loop().time()
        tried = self._probed.get((table.id, seat_no), float("-inf"))
        if seat.dm_closed and now < tried + self.probe_every:
            return await self._unreachable(table, post, pending)
        kwargs = {}
        if pending is not None:
            await self._close_questions(table, seat_no)   # the spent one ends before this one
            deadlines = {d.pending_id: d.due_at for d in await self.host.store.deadlines(table.id)}
            kwargs = {"embed": render.prompt_embed(table, pending, deadlines.get(pending.id)),
                      "view": render.prompt_view(table, pending)}
            if pending.params.get("picture"):
                kwargs.update(render.seat_picture(table, seat_no, kwargs["embed"]))
        elif not post.text:
            return await self.host.store.post_tried(table.id, post.key, "sent")
        elif post.key.endswith(":watch"):      # the offer to the dead (`watching`)
            kwargs = {"view": watch_view(table.id, render.translator(table))}
        elif (view := table_clock.dm_view(table, post)) is not None:   # a reminder
            kwargs = {"view": view}
        elif (view := im_back.dm_view(table, post)) is not None:   # the bot plays the seat
            kwargs = {"view": view}
        try:
            message = await self._send(table, post, await self._dm(seat.user_id), private=True,
                                       asked=[(pending.id, seat_no)] if pending else (),
                                       via=self.followups.token_of(seat.user_id), **kwargs)
        except (discord.HTTPException, discord.RateLimited) as err:   # opening the DM too
            if getattr(err, "code", None) not in CLOSED_DMS:   # 40003, opened too fast...
                return await self._refused(table, post, err)
            self._probed[(table.id, seat_no)] = now
            if not seat.dm_closed:
                await self.host.mark_dm_closed(table.id, seat_no)
                seat.dm_closed = True
            return await self._unreachable(table, post, pending)
        if message is not None and seat.dm_closed:     # open again
            await self.reached(table, seat_no)
        if message is not None and pending is not None:
            self._questions[(table.id, pending.id)] = pending
            self._shown[message.id] = kwargs["embed"]

    async def reached(self, table: GameRow, seat_no: int) -> bool:
        """The seat's person acted in the game (a click, a command) or a DM reached them:
        a seat marked unreachable is written to again from now on. True if it was marked
        (its person is then told so, privately). A try that fails counts toward Discord's
        limit of refused calls, hence no DM is ever sent only to test."""
        if not table.seats[seat_no].dm_closed:
            return False
        self._probed.pop((table.id, seat_no), None)
        await self.host.mark_dm_closed(table.id, seat_no, False)
        table.seats[seat_no].dm_closed = False
        return True

    async def _to_spectators(self, table: GameRow, post: PostRow) -> None:
        """A post in the game's spectator thread (`watching`): never anywhere else."""
        channel = await self.channel(await self.host.store.spectator_thread(table.id))
        if channel is None:
            return await self.host.store.post_tried(table.id, post.key, "set_aside")
        await self._send(table, post, channel)

    async def _unreachable(self, table: GameRow, post: PostRow, pending: Pending | None) -> None:
        """Silently: the lines are in "My secrets", the question is answered there."""
        await self.host.store.post_tried(table.id, post.key, "unreachable", asked=[
            (pending.id, pending.seat)] if pending is not None else ())

    async def _tell_unreachable(self, table: GameRow, post: PostRow, thread) -> None:
        """At the start, after every person's DM: the seats that could not be reached, in one
        line pinging them, with "Answer here" (a later moment only marks that it came: who
        is written to then is a secret). A DM Discord asked to send again later (40003) is
        waited for: it may find closed DMs."""
        posts = await self.host.store.posts(table.id)
        if any(p.state == "planned" and p.attempts and p.key.split(":")[0] in PRIVATE_POSTS
               for p in posts.values()):
            return                        # tried again with them
        start = next(p for p in posts.values() if p.key.startswith("moment:"))
        seats = [s for s in table.seats if s.dm_closed and s.user_id is not None
                 and f"unreachable:{s.seat}" not in posts]
        if not seats or thread is None or post.key != start.key:
            return await self.host.store.post_tried(table.id, post.key, "sent")
        t = render.translator(table)
        mentions = ", ".join(f"<@{s.user_id}>" for s in seats)
        await self._send(table, post, thread,
                         text=t.plural("ui", "dm_closed", len(seats), mention=mentions),
                         view=secrets_view(table.id, t, "open_prompt"),
                         allowed_mentions=pinging(s.user_id for s in seats),
                         marks=[f"unreachable:{s.seat}" for s in seats])

    # ---- public questions -------------------------------------------------------------------------
    async def asked_in(self, game_id: int, message_id: int) -> dict[int, str]:
        """Seat -> question for a thread message. A click can reach us before `thread.send`
        has returned the message's id: then it waits for that send to finish (in another
        process, for the store to say what it asked)."""
        if message_id not in self._asked:
            sending = self._sending.get(game_id)
            if sending is not None:
                await sending.wait()
        if message_id in self._asked:
            return self._asked[message_id]
        asked = await self.host.store.asked_in(game_id, message_id)
        for _ in range(ASKED_WAIT if self.host.shared else 0):
            if asked:
                break
            await asyncio.sleep(0.05)
            asked = await self.host.store.asked_in(game_id, message_id)
        return asked

    async def _ask(self, table: GameRow, post: PostRow, thread) -> None:
        """A public question (a vote, a turn's choices) asked in the thread: one message per
        kind of question, naming and pinging the people asked; each click finds its own. Its
        own message, after the phase's post: the news never hides a live question."""
        kind = post.key.split(":", 2)[1]
        pending = self.host.pending(table)
        prompted = await self.host.store.prompted(table.id)
        group = [p for p in pending if p.public and p.seat is not None and p.kind == kind
                 and (p.id, p.seat) not in prompted]
        text = self._phase_text(table, self._moment(table), post.text) if post.text else None
        if not group:       # closed before it could be asked: the news alone
            if post.text:
                await self._send(table, post, thread, text=text)
            else:
                await self.host.store.post_tried(table.id, post.key, "sent")
            return
        people = [table.seats[p.seat] for p in group
                  if not table.seats[p.seat].is_ai and table.seats[p.seat].user_id is not None]
        options = list({o.id: o for p in group for o in p.options}.values())
        deadlines = {d.pending_id: d.due_at for d in await self.host.store.deadlines(table.id)}
        due = min((deadlines[p.id] for p in group if p.id in deadlines), default=None)
        pings = " ".join(f"<@{s.user_id}>" for s in people)
        files, picture = await self._thread_picture(table, thread, post.key)
        # a seat's public picture, unless its question before showed the same (one person
        # playing two of Mysterium's psychics)
        shared = {seat: (hashlib.blake2b(png, digest_size=12).hexdigest(), png, alt)
                  for seat, (png, alt) in render.shared_seat_pictures(table, group).items()}
        shared = {seat: drawn for seat, drawn in shared.items()
                  if self._seat_shown.get((table.id, seat)) != drawn[0]}
        files += [render.png_file(png, alt, f"seat{seat + 1}.png")
                  for seat, (_, png, alt) in shared.items()]
        self._sending[table.id] = sending = asyncio.Event()
        answered = self.host.answered_by_ai(table, kind)
        try:
            shown = render.fit(thread, "\n".join(filter(None, (text, pings))),
                               render.ballot_embed(table, group, due, answered))
            message = await self._send(
                table, post, thread, text=shown["content"], embed=shown["embed"],
                view=render.ballot_view(table, options) if people else None,
                files=files, picture=picture, asked=[(p.id, p.seat) for p in group],
                allowed_mentions=pinging(s.user_id for s in people))
            if message is not None:
                self._asked[message.id] = {p.seat: p.id for p in group}
                if render.may(thread, "attach_files"):      # else `_send` left them out
                    self._seat_shown.update(
                        {(table.id, seat): digest for seat, (digest, _, _) in shared.items()})
                if shown["embed"] is not None:
                    self._shown[message.id] = shown["embed"]
        finally:
            sending.set()
        if message is None:
            return
        for p in group:
            self._questions[(table.id, p.id)] = p

    async def _close_questions(self, table: GameRow, seat_no: int | None = None) -> None:
        """Questions no longer open show their outcome: buttons off, deadline gone, and
        "Time ran out: X" (or "You chose X" when answered elsewhere, e.g. in "My secrets").
        A thread question closes once every seat it asked is done. With `seat_no`, that
        seat's DM questions only: closed before its next one goes out, so its DMs never hold
        two live ones."""
        live = {p.id for p in self.host.pending(table)}
        messages: defaultdict[tuple, list] = defaultdict(list)
        for pending_id, seat, channel_id, message_id in await self.host.store.open_prompts(
                table.id):
            if seat_no is not None and (seat != seat_no or channel_id == table.thread_id):
                continue
            messages[(channel_id, message_id)].append((pending_id, seat))
        for (channel_id, message_id), asked in messages.items():
            if any(pending_id in live for pending_id, _ in asked):
                continue
            if message_id is not None:
                await self._show_outcome(table, channel_id, message_id, asked)
            for pending_id, seat in asked:
                await self.host.store.close_prompt(table.id, pending_id, seat)
        if seat_no is None:
            await self._close_copies(table, live)

    def copied(self, game_id: int, pending_id: str, message) -> None:
        """A copy of an open question shown privately in "My secrets": it closes with the
        question, as long as Discord lets the bot edit it (its interaction's 15 minutes; the
        copies are this process's own, so a copy answered in time is never left live)."""
        self._copies[(game_id, pending_id)].append(message)

    async def _close_copies(self, table: GameRow, live: set[str]) -> None:
        t = render.translator(table)
        for key in [k for k in self._copies if k[0] == table.id and k[1] not in live]:
            decided = await self.host.store.decision_of(table.id, key[1])
            for message in self._copies.pop(key):
                outcome = (t("ui", "closed") if decided is None else t(
                    "ui", "timed_out" if decided[1] == "timeout" else "chose",
                    choice=render.choice_label(render.labels_of(message), decided[0])))
                try:
                    await message.edit(allowed_mentions=NOBODY,
                                       **render.closed_question(t, None, message.embeds, outcome))
                except (discord.HTTPException, discord.RateLimited) as err:   # token expired
                    log.info("game %s: a copy of question %s stays as it was: %s", table.id,
                             key[1], err)

    async def _show_outcome(self, table: GameRow, channel_id: int, message_id: int,
                            asked: list[tuple[str, int]]) -> None:
        channel = (await self.channel(channel_id) if channel_id == table.thread_id
                   else self.bot.get_partial_messageable(channel_id))
        if channel is None:
            return
        try:
            edit = await self._closing(table, channel, message_id, asked)
        except (discord.HTTPException, discord.RateLimited) as err:   # not read: left as it is
            log.warning("game %s: could not read question message %s: %s", table.id,
                        message_id, err)
            return
        await self._close_edit(table, channel, message_id, edit)

    async def _close_edit(self, table: GameRow, channel, message_id: int, edit: dict) -> bool:
        """The bot's own edit closing a question message; False if Discord refused it (30046
        past the hour-old cap: the message is left as it is)."""
        try:
            await channel.get_partial_message(message_id).edit(allowed_mentions=NOBODY, **edit)
            return True
        except (discord.HTTPException, discord.RateLimited) as err:
            log.warning("game %s: could not close question message %s: %s", table.id,
                        message_id, err)
            return False

    async def _closing(self, table: GameRow, channel, message_id: int,
                       asked: list[tuple[str, int]], old: discord.Message | None = None
                       ) -> dict:
        """The edit that shows a question message's outcome. What it showed is known here,
        else read (`old`: the message as a click on it carries it; else fetched)."""
        t = render.translator(table)
        known = [self._questions.get((table.id, pending_id)) for pending_id, _ in asked]
        embed = self._shown.pop(message_id, None)
        if all(known):
            labels = {o.id: t.option(o.key, o.params) for p in known for o in p.options}
        if embed is None or not all(known):   # asked before a restart: what it shows
            old = old or await channel.fetch_message(message_id)
            labels = {k: t.name(v) for k, v in render.labels_of(old).items()}
            embed = old.embeds[0] if old.embeds else discord.Embed()
        outcomes = [await self.host.store.decision_of(table.id, pending_id)
                    for pending_id, _ in asked]
        timed = [(seat, labels.get(d[0], d[0])) for (_, seat), d in zip(asked, outcomes)
                 if d is not None and d[1] == "timeout"]
        if channel.id == table.thread_id:
            outcome = (t("ui", "ballot_timed_out", names=[s for s, _ in timed],
                         choice=timed[0][1]) if timed else t("ui", "closed")
                       if None in outcomes else t("ui", "ballot_answered"))
            # what the message says above its question (news, pings, who answered);
            # where embeds are not shown, the question's words, its deadline apart
            said = await self.question_text(table.id, message_id, old and old.content)
            kept = "\n".join(line for line in said.splitlines() if "<t:" not in line)
            edit = render.closed_question(t, kept, [embed], outcome, pictures=True)
        else:
            decided = outcomes[0]
            outcome = (t("ui", "closed") if decided is None else
                       t("ui", "timed_out" if decided[1] == "timeout" else "chose",
                         choice=render.choice_label(labels, decided[0])))
            post = (await self.host.store.posts(table.id)).get(
                f"prompt:{asked[0][1]}:{asked[0][0]}")
            edit = render.closed_question(t, post and post.text, [embed], outcome)
        return {"view": None, **edit}

    async def claim_close(self, table: GameRow, interaction: discord.Interaction,
                          asked: dict[int, str]) -> list[tuple[str, int]] | None:
        """The click that gave a thread question its last open answer closes its message by
        its own answer (Discord's callback: none of the bot's own calls), as a DM's answer
        closes its question: its questions (question, seat) are marked closed at once, so no
        delivery under way edits it too. None while some seat it asked has yet to answer."""
        live = {p.id for p in self.host.pending(table)}
        pairs = [(pending_id, seat) for seat, pending_id in asked.items()]
        message = interaction.message
        if message is None or not pairs or any(p in live for p, _ in pairs):
            return None
        for pending_id, seat in pairs:
            await self.host.store.close_prompt(table.id, pending_id, seat, message.id)
        return pairs

    async def close_by_click(self, table: GameRow, interaction: discord.Interaction,
                             pairs: list[tuple[str, int]], rows: list[OutboxRow] = ()
                             ) -> list[int]:
        """Close a question `claim_close` claimed, by the click's answer, with the step's
        public news under it while the table is in the question's moment (`_rides`); an
        answer Discord refuses leaves the edit to the bot. The ids of the news shown."""
        message = interaction.message
        edit = await self._closing(table, message.channel, message.id, pairs, old=message)
        riding, lines = self._rides(table, message, rows)
        content = "\n".join([edit["content"], *lines])
        ask = next((p for p in (await self.host.store.posts(table.id)).values()
                    if p.key.startswith("ask:") and p.message_id == message.id), None)
        if not lines or ask is None or len(content) > render.CONTENT_MAX:
            riding = []
        else:   # planned and its news marked delivered before it is shown (`onto_question`)
            edit["content"] = content
            shown = [r.id for r in riding if r.audience == "public"]   # the GM log's stay
            key = f"more:{shown[0]}:{ask.key}"                         # for the recap
            await self.host.store.plan_edit(table.id, key, shown, content,
                                            [r.id for r in riding])
        try:
            if interaction.response.is_done():
                await interaction.edit_original_response(allowed_mentions=NOBODY, **edit)
            else:
                await interaction.response.edit_message(allowed_mentions=NOBODY, **edit)
        except (discord.HTTPException, discord.RateLimited) as err:
            log.info("game %s: question %s closes apart: %s", table.id, message.id, err)
            if not await self._close_edit(table, message.channel, message.id, edit):
                if riding:
                    self.refresh_later(table.id)   # its planned edit is tried again
                return []
        if riding:
            await self.host.store.post_tried(table.id, key, "sent", ask.channel_id,
                                             ask.message_id)
        return [r.id for r in riding]

    def _rides(self, table: GameRow, message: discord.Message, rows: list[OutboxRow]
               ) -> tuple[list[OutboxRow], list[str]]:
        """The rows a question closing now may show under it, and their lines: public ones
        and those for the GM log, while the table is still in the moment the question's
        header names (a new phase's news opens its own post), none that is a post of its
        own (a pinned line, an offer, a vote on more time, the end)."""
        t = render.translator(table)
        header = t("ui", "ballot_header", **render.moment(table, t))
        if not message.embeds or message.embeds[0].title != header:
            return [], []
        riding = [r for r in rows if r.audience in ("public", "gm")]
        public = [r for r in riding if r.audience == "public"]
        if any(r.data.get("pin") or r.kind in ALONE for r in public):
            return [], []
        return riding, [self._line(table, t, r) for r in public]

    async def ask_in_place(self, table: GameRow, interaction: discord.Interaction,
                           answered: Pending, above: str, rows: list[OutboxRow],
                           before: frozenset[str]) -> None:
        """A person's answer in their DMs whose step asks them the same again at once (a
        Mastermind's next card, another ability): the new question takes the answered one's
        place in its message, edited through the answer (`above`: what the message says
        now, the answered question one line at its end), instead of a DM of its own. Only
        the next of a series: of the same kind, opened by the answer (not open `before` it,
        as a second character's programme), so that its line never reads as the last one
        said again; and when the seat has no line due first. It is planned and recorded as
        any DM question, with the words above it, so no delivery asks it again and its close
        keeps them; refused, the planned question goes as a DM of its own, without the words
        the answered message keeps."""
        message, seat_no = interaction.message, answered.seat
        told = [r for r in rows if r.audience == f"seat:{seat_no}"
                and r.kind not in said_on_the_answer(table)]
        if message is None or told or len(above) > render.CONTENT_MAX:
            return
        posts = await self.host.store.posts(table.id)
        prompted = await self.host.store.prompted(table.id)
        fresh = [p for p in self.host.pending_for(table, seat_no) if not p.public
                 and p.kind == answered.kind and p.id not in before
                 and f"prompt:{seat_no}:{p.id}" not in posts
                 and (p.id, seat_no) not in prompted]
        if not fresh:
            return
        pending, key = fresh[0], f"prompt:{seat_no}:{fresh[0].id}"
        deadlines = {d.pending_id: d.due_at for d in await self.host.store.deadlines(table.id)}
        embed = render.prompt_embed(table, pending, deadlines.get(pending.id))
        picture = (render.seat_picture(table, seat_no, embed) if pending.params.get("picture")
                   else {})
        await self.host.store.plan_posts(table.id, [(key, [], above)])
        try:
            await interaction.edit_original_response(
                content=above, embed=embed, view=render.prompt_view(table, pending),
                attachments=picture.get("files", []), allowed_mentions=NOBODY)
        except (discord.HTTPException, discord.RateLimited) as err:   # planned: a DM goes
            log.info("game %s: seat %s is asked apart: %s", table.id, seat_no, err)
            await self.host.store.replan_text(table.id, key, None)   # its words stay there
            self._planned_here[table.id].add(key)
            self.refresh_later(table.id)
            return
        await self.host.store.post_tried(table.id, key, "sent", message.channel.id, message.id,
                                         asked=[(pending.id, seat_no)])
        self._questions[(table.id, pending.id)] = pending
        self._shown[message.id] = embed

    async def onto_question(self, table: GameRow, interaction: discord.Interaction,
                            rows: list[OutboxRow], lines: list[str], mentions) -> bool:
        """A click's public news (`lines`: "X has voted") edited onto the question it
        answered, by the click's own answer: the question's whole text, its words now
        (`question_text`) and the news. The edit is planned like a phase post's (`more:`),
        and the question's words and the news's delivery recorded with it, in one
        transaction, before it is made: a stop after that makes recovery apply the same text
        again (shown once, `_extend`), never post the news anew. An edit Discord refuses goes
        out as the planned one, by the bot. False when there is nothing to edit onto or no
        room (the news takes the usual way)."""
        ask = next((p for p in (await self.host.store.posts(table.id)).values()
                    if p.key.startswith("ask:") and p.message_id == interaction.message.id),
                   None)
        public = [r.id for r in rows if r.audience == "public"]
        if ask is None or not public:
            return False
        content = "\n".join([ask.shown or interaction.message.content or "", *lines])
        if len(content) > render.CONTENT_MAX:
            return False
        key = f"more:{public[0]}:{ask.key}"
        await self.host.store.plan_edit(table.id, key, public, content, [r.id for r in rows])
        try:
            await interaction.response.edit_message(content=content, allowed_mentions=mentions)
        except discord.HTTPException as err:   # e.g. the click's token ran out: the bot edits
            log.warning("game %s: a vote's news goes onto its question apart: %s", table.id, err)
            self.refresh_later(table.id)
            return True
        await self.host.store.post_tried(table.id, key, "sent", ask.channel_id, ask.message_id)
        return True

    async def question_text(self, game_id: int, message_id: int, content: str | None) -> str:
        """What a question asked in the thread says now. Two answers in flight carry the same
        old copy of the message, and the next may reach another process, so the text the last
        answer gave it is kept with its post (`content`: the copy, for a question asked before
        its words were kept)."""
        shown = next((p.shown for p in (await self.host.store.posts(game_id)).values()
                      if p.message_id == message_id and p.shown is not None), None)
        return shown if shown is not None else content or ""

    # ---- refreshing: lobby, status and prompts -------------------------------------------------
    async def table_changed(self, table: GameRow) -> None:
        self.refresh_later(table.id)

    def refresh_later(self, game_id: int) -> None:
        """Refresh the game's lobby, status and prompts after `refresh_delay`."""
        self._dirty.add(game_id)
        task = self._refresh.get(game_id)
        if task is None or task.done():
            self._refresh[game_id] = in_background(self._refresh_soon(game_id))

    async def _refresh_soon(self, game_id: int) -> None:
        await asyncio.sleep(self.refresh_delay)
        while game_id in self._dirty:
            self._dirty.discard(game_id)
            try:
                async with self.host.slot(), self.host.across(game_id):
                    await self.refresh(await self.host.table(game_id, set_aside=True))
            except Exception:
                log.exception("refreshing game %s failed", game_id)

    async def settled(self) -> None:
        """Wait for pending refreshes and retries (tests, shutdown)."""
        while any(not task.done() for task in (*self._refresh.values(), *self._retries.values())):
            await asyncio.gather(*self._refresh.values(), *self._retries.values(),
                                 return_exceptions=True)

    async def refresh(self, table: GameRow, planned: bool = False) -> None:
        """Show the table as it is: its lobby or status, the questions that appeared without
        any news (unless this state's messages were just `planned`), the outcome of those
        closed. A game set aside (`GameRow.unreadable`) shows nothing but its news: this build
        cannot draw it."""
        if table.unreadable is not None:
            return
        await self.boards.lobby(table)
        if table.status == "lobby" or table.state is None:   # never started: no status
            return
        await self.boards.status(table)
        async with self._prompting[table.id]:
            table = copy.copy(table)
            if not planned:
                await self._plan(table, [])
                await self._send_planned(table)
            await self._close_questions(table)

    def close(self) -> None:
        self.boards.close()
        for task in (*self._retries.values(), *self._look_again.values()):
            task.cancel()
