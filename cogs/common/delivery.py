"""Events and prompts to Discord: the thread for the public, DMs for seats, nothing for the GM
log until the game ends (then it becomes the recap).

A DM that Discord refuses (403, code 50007) marks the seat: the thread gets one ping with an
"Answer here" button, and from then on that seat reads and answers through ephemeral messages.
The messages edited in place (lobby, status) are kept by `boards.Boards`.
"""
from __future__ import annotations

import asyncio
import logging
from collections import defaultdict

import discord

from cogs.common import render
from cogs.common.boards import Boards
from cogs.common.views import secrets_view
from hosting.store import GameRow, OutboxRow

log = logging.getLogger(__name__)
CANNOT_DM = 50007


class DiscordDelivery:
    def __init__(self, bot, refresh_delay: float = 0.25, status_every: float = 30.0):
        self.bot = bot
        self.refresh_delay = refresh_delay  # coalesces a burst of changes into one status edit
        self.boards = Boards(self, status_every)
        self._refresh: dict[int, asyncio.Task] = {}
        self._dirty: set[int] = set()
        self._dm_ids: dict[int, int] = {}                # user -> their DM channel
        self._prompting: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._asked: dict[int, dict[int, str]] = {}      # thread message -> seat -> question
        self._question_texts: dict[int, str] = {}        # thread message -> its text now
        self._sending: dict[int, asyncio.Event] = {}     # game -> set when no question is in flight

    @property
    def host(self):
        return self.bot.host

    # ---- channels -------------------------------------------------------------------------------
    async def channel(self, channel_id: int | None):
        if channel_id is None:
            return None
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                return None
        return channel

    async def _dm(self, user_id: int):
        """The DM channel, opened once per person. discord.py keeps only the last 128 DM
        channels, so with many tables it would open them again and again: we keep the ids."""
        channel_id = self._dm_ids.get(user_id)
        if channel_id is not None:
            return self.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        channel = await self.bot.create_dm(discord.Object(user_id))
        self._dm_ids[user_id] = channel.id
        return channel

    # ---- events ---------------------------------------------------------------------------------
    async def deliver(self, table: GameRow, rows: list[OutboxRow]) -> None:
        """Public lines go to the thread as few messages as fit; each seat gets one DM holding
        its lines and, when it has a new question, that question's buttons too."""
        t = render.translator(table)
        thread = await self.channel(table.thread_id)
        per_seat: dict[int, list[str]] = defaultdict(list)
        public = []
        for row in rows:
            if row.audience == "public":
                public.append(t.event(row.kind, row.data))
            elif row.audience.startswith("seat:"):
                per_seat[int(row.audience[5:])].append(t.event(row.kind, row.data))
        ending = any(r.kind == "table_finished" for r in rows)
        if ending:   # the GM log (every secret move) becomes public, right after the end
            public += [t.event(r.kind, r.data) for r in await self.host.store.gm_log(table.id)]
        texts = render.chunks(public)
        lead = texts.pop() if texts and not ending else None  # may ride on a new question
        if thread is not None:
            for text in texts:
                await thread.send(text, allowed_mentions=discord.AllowedMentions.none())
        async with self._prompting[table.id]:
            for seat_no, lines in sorted(per_seat.items()):
                await self._to_seat(table, seat_no, lines, thread)
            await self._ask_in_thread(table, thread, lead)

    async def _to_seat(self, table: GameRow, seat_no: int, lines: list[str], thread) -> None:
        """Lines and unsent private questions for one person. AI seats read the state; a person
        whose DMs are closed reads them in "My secrets"."""
        seat = table.seats[seat_no]
        if seat.is_ai or seat.user_id is None:
            return
        sent = await self.host.store.prompted(table.id)
        prompts = [p for p in self.host.pending_for(table, seat_no)
                   if not p.public and (p.id, seat_no) not in sent]
        if not lines and not prompts:
            return
        if not seat.dm_closed:
            try:
                await self._send_dm(table, seat.user_id, lines, prompts)
                return
            except discord.Forbidden as err:
                if err.code != CANNOT_DM:
                    raise
                await self._dm_closed(table, seat_no, thread)
        for pending in prompts:
            await self.host.store.record_prompt(table.id, pending.id, seat_no, None, None)

    async def asked_in(self, game_id: int, message_id: int) -> dict[int, str]:
        """Seat -> question for a thread message. A click can reach us before `thread.send`
        has returned the message's id: then it waits for that send to finish."""
        if message_id not in self._asked:
            sending = self._sending.get(game_id)
            if sending is not None:
                await sending.wait()
        if message_id in self._asked:
            return self._asked[message_id]
        return await self.host.store.asked_in(game_id, message_id)

    async def _ask_in_thread(self, table: GameRow, thread, lead: str | None = None) -> None:
        """Public questions (votes, a turn's choices) are asked in the thread: one message per
        kind of question, naming and pinging the people asked; each click finds its own. The
        news that led to the first question (`lead`) shares its message: one post, not two."""
        if thread is None:
            return
        sent = await self.host.store.prompted(table.id)
        groups: dict[str, list] = {}
        for p in self.host.pending(table):
            if p.public and p.seat is not None and (p.id, p.seat) not in sent:
                groups.setdefault(p.kind, []).append(p)
        deadlines = {d.pending_id: d.due_at for d in await self.host.store.deadlines(table.id)}
        for group in groups.values():
            people = [table.seats[p.seat] for p in group if not table.seats[p.seat].is_ai]
            options = list({o.id: o for p in group for o in p.options}.values())
            due = min((deadlines[p.id] for p in group if p.id in deadlines), default=None)
            pings = " ".join(f"<@{s.user_id}>" for s in people)
            content = "\n".join(filter(None, (lead, pings)))
            if lead and len(content) > render.CONTENT_MAX:
                await thread.send(lead, allowed_mentions=discord.AllowedMentions.none())
                content = pings
            lead = None
            self._sending[table.id] = sending = asyncio.Event()
            try:
                message = await thread.send(
                    content or None, embed=render.ballot_embed(table, group, due),
                    view=render.ballot_view(table, options) if people else None,
                    files=self.boards.new_picture(table, "thread"),
                    allowed_mentions=discord.AllowedMentions(
                        users=[discord.Object(s.user_id) for s in people]))
                self._asked[message.id] = {p.seat: p.id for p in group}
            finally:
                sending.set()
            for p in group:
                await self.host.store.record_prompt(table.id, p.id, p.seat, thread.id, message.id)
        opening = lead and not self.boards.has_status(table)
        if opening and await self.boards.status(table, lead):  # the first news opens the status
            return
        if lead:
            await thread.send(lead, files=self.boards.new_picture(table, "thread"),
                              allowed_mentions=discord.AllowedMentions.none())

    def question_text(self, message) -> str:
        """What a question asked in the thread says now. Two answers in flight carry the same
        old copy of the message, so the text the last answer gave it is kept here."""
        return self._question_texts.get(message.id, message.content or "")

    def question_said(self, message_id: int, content: str) -> None:
        self._question_texts[message_id] = content

    async def _send_dm(self, table: GameRow, user_id: int, lines: list[str], prompts) -> None:
        channel = await self._dm(user_id)
        texts = render.chunks(lines)
        for text in texts[:-1] if prompts else texts:
            await channel.send(text)
        deadlines = {d.pending_id: d.due_at for d in await self.host.store.deadlines(table.id)}
        for i, pending in enumerate(prompts):
            content = texts[-1] if texts and i == 0 else None
            message = await channel.send(
                content, embed=render.prompt_embed(table, pending, deadlines.get(pending.id)),
                view=render.prompt_view(table, pending))
            await self.host.store.record_prompt(table.id, pending.id, pending.seat,
                                                channel.id, message.id)

    async def _dm_closed(self, table: GameRow, seat_no: int, thread) -> None:
        await self.host.mark_dm_closed(table.id, seat_no)
        if thread is None:
            return
        t = render.translator(table)
        await thread.send(t("ui", "dm_closed", mention=f"<@{table.seats[seat_no].user_id}>"),
                          view=secrets_view(table.id, t, "open_prompt"),
                          allowed_mentions=discord.AllowedMentions(users=True))

    # ---- refreshing: lobby, status and prompts -------------------------------------------------
    async def table_changed(self, table: GameRow) -> None:
        self.refresh_later(table.id)

    def refresh_later(self, game_id: int) -> None:
        """Refresh the game's lobby, status and prompts after `refresh_delay`."""
        self._dirty.add(game_id)
        task = self._refresh.get(game_id)
        if task is None or task.done():
            self._refresh[game_id] = asyncio.create_task(self._refresh_soon(game_id))

    async def _refresh_soon(self, game_id: int) -> None:
        await asyncio.sleep(self.refresh_delay)
        while game_id in self._dirty:
            self._dirty.discard(game_id)
            try:
                await self.refresh(await self.host.table(game_id))
            except Exception:
                log.exception("refreshing game %s failed", game_id)

    async def settled(self) -> None:
        """Wait for pending refreshes (tests, shutdown)."""
        while any(not task.done() for task in self._refresh.values()):
            await asyncio.gather(*self._refresh.values(), return_exceptions=True)

    async def refresh(self, table: GameRow) -> None:
        await self.boards.lobby(table)
        if table.status == "lobby":
            return
        await self.boards.status(table)
        await self._prompts(table)

    def close(self) -> None:
        self.boards.close()

    async def _prompts(self, table: GameRow) -> None:
        """Questions that appeared without any news along (sent by `deliver` otherwise)."""
        thread = await self.channel(table.thread_id)
        async with self._prompting[table.id]:
            for seat_no in sorted({p.seat for p in self.host.pending(table) if p.seat is not None}):
                await self._to_seat(table, seat_no, [], thread)
            await self._ask_in_thread(table, thread)
