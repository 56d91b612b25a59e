"""Events and prompts to Discord: the thread for the public, DMs for seats, nothing for the GM
log until the game ends (then it becomes the recap).

A DM that Discord refuses (403, code 50007) marks the seat: the thread gets one ping with an
"Answer here" button, and from then on that seat reads and answers through ephemeral messages.
"""
from __future__ import annotations

import asyncio
import logging
from collections import defaultdict

import discord

import games
from cogs.common import render
from cogs.common.views import lobby_view, secrets_view
from hosting.store import GameRow, OutboxRow

log = logging.getLogger(__name__)
CANNOT_DM = 50007


class DiscordDelivery:
    """`status_every`: within one phase of one round the status message is edited at most this
    often (seconds); the latest picture travels with the thread posts meanwhile. A new phase,
    round or table status shows at once."""

    def __init__(self, bot, refresh_delay: float = 0.25, status_every: float = 30.0):
        self.bot = bot
        self.refresh_delay = refresh_delay  # coalesces a burst of changes into one status edit
        self.status_every = status_every
        self._refresh: dict[int, asyncio.Task] = {}
        self._dirty: set[int] = set()
        self._pictures: dict[tuple[int, str], str | None] = {}  # (game, where) -> view shown
        self._status_at: dict[int, float] = {}           # game -> when its status was last sent
        self._catch_up: dict[int, asyncio.Task] = {}     # game -> a later status edit
        self._dm_ids: dict[int, int] = {}                # user -> their DM channel
        self._status_ids: dict[int, int] = {}            # game -> its status message
        self._status_locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._shown: dict[tuple, dict] = {}  # what each message last showed: skip no-op edits
        self._prompting: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._quiet: dict[int, bool] = {}                # game -> thread locked for silence
        self._asked: dict[int, dict[int, str]] = {}      # thread message -> seat -> question
        self._question_texts: dict[int, str] = {}        # thread message -> its text now
        self._sending: dict[int, asyncio.Event] = {}     # game -> set when no question is in flight

    @property
    def host(self):
        return self.bot.host

    # ---- channels -------------------------------------------------------------------------------
    async def _channel(self, channel_id: int | None):
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
        thread = await self._channel(table.thread_id)
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
                    files=self._new_picture(table, "thread"),
                    allowed_mentions=discord.AllowedMentions(
                        users=[discord.Object(s.user_id) for s in people]))
                self._asked[message.id] = {p.seat: p.id for p in group}
            finally:
                sending.set()
            for p in group:
                await self.host.store.record_prompt(table.id, p.id, p.seat, thread.id, message.id)
        opening = lead and not (table.status_message_id or self._status_ids.get(table.id))
        if opening and await self._status(table, lead):     # the first news opens the status
            return
        if lead:
            await thread.send(lead, files=self._new_picture(table, "thread"),
                              allowed_mentions=discord.AllowedMentions.none())

    def _new_picture(self, table: GameRow, where: str, again: bool = False) -> list[discord.File]:
        """The table's public picture if `where` (the thread's flow of posts, or the status
        message) has not shown this state of the table yet (or `again`); else nothing."""
        public = games.engine(table.game).public_view(table.state)
        digest = repr(public)
        if self._pictures.get((table.id, where)) == digest and not again:
            return []
        file = render.picture_file(table, public)
        self._pictures[(table.id, where)] = digest if file else None
        return [file] if file else []

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

    # ---- the status message and prompts ---------------------------------------------------------
    async def table_changed(self, table: GameRow) -> None:
        self._schedule(table.id)

    def _schedule(self, game_id: int) -> None:
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
        await self._lobby(table)
        if table.status == "lobby":
            return
        await self._status(table)
        await self._prompts(table)

    def lobby_now(self, table: GameRow) -> dict:
        """The lobby message's embed and buttons, remembered as shown: for the answer to a
        click on the lobby, which edits it in the same call."""
        lobby = self._lobby_content(table)
        self._changed((table.id, "lobby"), self._lobby_digest(lobby))
        return lobby

    @staticmethod
    def _lobby_content(table: GameRow) -> dict:
        t = render.translator(table)
        return {"embed": render.lobby_embed(table),
                "view": lobby_view(table.id, t) if table.status == "lobby" else None}

    @staticmethod
    def _lobby_digest(lobby: dict) -> dict:
        return {"lobby": lobby["embed"].to_dict(), "open": lobby["view"] is not None}

    async def _lobby(self, table: GameRow) -> None:
        channel = await self._channel(table.channel_id)
        if channel is None or table.lobby_message_id is None:
            return
        lobby = self._lobby_content(table)
        if not self._changed((table.id, "lobby"), self._lobby_digest(lobby)):
            return
        try:
            await channel.get_partial_message(table.lobby_message_id).edit(**lobby)
        except discord.NotFound:
            pass

    async def _hush(self, table: GameRow, thread, quiet: bool) -> None:
        """Lock the thread while the rules forbid table talk (Room 25's jamming), unlock after."""
        if self._quiet.get(table.id, False) != quiet:
            self._quiet[table.id] = quiet
            await thread.edit(locked=quiet)

    def _changed(self, key: tuple, shown: dict) -> bool:
        """Whether a message would look different from what was last sent (and remember it)."""
        if self._shown.get(key) == shown:
            return False
        self._shown[key] = shown
        return True

    async def _status(self, table: GameRow, lead: str | None = None) -> bool:
        """Show the table's status message, edited in place. It is not edited when it would
        look the same, nor for a change within a phase moments after the last edit (a later
        edit is planned). When it does not exist yet it opens with `lead`, the game's first
        news, as its text: whether it took the lead."""
        thread = await self._channel(table.thread_id)
        if thread is None:
            return False
        async with self._status_locks[table.id]:
            public = games.engine(table.game).public_view(table.state)
            await self._hush(table, thread, bool(public.get("quiet")) and table.status == "running")
            content = await self._status_content(table)
            embed = content["embed"]
            look = {"status": embed.to_dict(), "picture": repr(public)}
            moment = {"status": table.status, "phase": public.get("phase"),
                      "round": public.get("round"), "buttons": content["view"] is not None,
                      "waiting": [f["value"] for f in look["status"].get("fields", [])
                                  if "<t:" not in f["value"]]}
            message_id = table.status_message_id or self._status_ids.get(table.id)
            if message_id is not None and (
                    self._shown.get((table.id, "status")) == look
                    or (self._shown.get((table.id, "moment")) == moment
                        and self._too_soon(table.id))):
                return False
            self._shown[(table.id, "status")], self._shown[(table.id, "moment")] = look, moment
            self._status_at[table.id] = asyncio.get_running_loop().time()
            files = self._new_picture(table, "status", again=message_id is None)
            if self._pictures.get((table.id, "status")):
                embed.set_image(url="attachment://table.png")
            if message_id is not None:
                try:
                    await thread.get_partial_message(message_id).edit(
                        **content, **({"attachments": files} if files else {}))
                    return False
                except discord.NotFound:
                    files = self._new_picture(table, "status", again=True)
            message = await thread.send(lead, **content, files=files,
                                        allowed_mentions=discord.AllowedMentions.none())
            self._status_ids[table.id] = message.id
            await self.host.set_messages(table.id, status_message_id=message.id)
            return lead is not None

    async def _status_content(self, table: GameRow) -> dict:
        pending = self.host.pending(table)
        deadlines = {d.pending_id: d.due_at for d in await self.host.store.deadlines(table.id)}
        due = min((deadlines[p.id] for p in pending if p.id in deadlines), default=None)
        view = (secrets_view(table.id, render.translator(table))
                if table.status in ("running", "paused") else None)
        return {"embed": render.status_embed(table, pending, due), "view": view}

    def _too_soon(self, game_id: int) -> bool:
        """Whether the status was edited less than `status_every` ago; if so a later edit is
        planned (the thread posts carry the news and the picture meanwhile)."""
        wait = self._status_at.get(game_id, 0.0) + self.status_every - asyncio.get_running_loop().time()
        if wait <= 0:
            return False
        task = self._catch_up.get(game_id)
        if task is None or task.done():
            self._catch_up[game_id] = asyncio.create_task(self._status_later(game_id, wait))
        return True

    async def _status_later(self, game_id: int, wait: float) -> None:
        await asyncio.sleep(wait)
        self._schedule(game_id)

    def close(self) -> None:
        """Drop planned status catch-ups (the next start refreshes every status anyway)."""
        for task in self._catch_up.values():
            task.cancel()

    async def _prompts(self, table: GameRow) -> None:
        """Questions that appeared without any news along (sent by `deliver` otherwise)."""
        thread = await self._channel(table.thread_id)
        async with self._prompting[table.id]:
            for seat_no in sorted({p.seat for p in self.host.pending(table) if p.seat is not None}):
                await self._to_seat(table, seat_no, [], thread)
            await self._ask_in_thread(table, thread)
