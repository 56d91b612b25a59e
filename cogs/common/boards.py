"""The messages a table keeps editing in place: its lobby in the channel (once the game is over,
one line saying how it ended) and its status at the top of the thread, pinned where the bot may
(before which `threads.keep` makes the thread what the table needs).

A message is edited only when it would look different. A paused or ended table shows on the
status at once; a new phase or round at once, or, moments after the last edit, `news_every`
after it (a burst of phases is one edit, as a burst of lines is on a phase post); other
changes within a phase reach it at most every `status_every` seconds (a later edit is
planned), while the thread's own posts carry the news and, through `new_picture`, the latest
picture of the table.

What a message last showed is remembered by each process apart. With several processes a
process that never showed a message edits it once even if it looks the same; a look never
comes back once the table moved on (deadlines and waiting lists only move forward), and the
lobby changes only through its server's own shard, so a remembered look is never a stale one.
"""
from __future__ import annotations

import asyncio
import datetime
import logging
from collections import defaultdict

import discord

import games
from cogs.common import render, threads
from cogs.common.sending import NOBODY, SENT_LOOKUP, lacking, nonce, offers, pin
from cogs.common.replay import replay_view
from cogs.common.views import lobby_view, secrets_view
from hosting.store import GameRow
from hosting.turns import in_background


EDIT_CAP = 30046              # Discord: too many edits of messages older than an hour
STATUS_MAX_AGE = 50 * 60     # seconds: an older status is posted afresh at the next phase
STATUS_RETRY_MAX = 300.0     # seconds between tries of a status Discord refused, at most
HOUR_OLD = datetime.timedelta(hours=1)        # edits of older messages are capped (30046)
EDITS_END = datetime.timedelta(minutes=55)    # a status this old is posted afresh, not edited
log = logging.getLogger(__name__)


def older_than(message_id: int, age: datetime.timedelta) -> bool:
    """Whether Discord made the message more than `age` ago (its id says when)."""
    return discord.utils.utcnow() - discord.utils.snowflake_time(message_id) > age


class Boards:
    def __init__(self, delivery, status_every: float = 10.0):
        self.delivery = delivery
        self.status_every = status_every
        self._shown: dict[tuple, dict] = {}  # what each message last showed: skip no-op edits
        self._pictures: dict[int, str | None] = {}       # game -> the view its status shows
        self._drawn: dict[int, tuple[str, bytes | None]] = {}   # game -> (view, its picture)
        self._status_ids: dict[int, int] = {}            # game -> its status message
        self._status_at: dict[int, float] = {}           # game -> when its status was last sent
        self._catch_up: dict[int, asyncio.Task] = {}     # game -> a later status edit
        self._catch_up_due: dict[int, float] = {}        # game -> when that edit is due
        self._refused: dict[int, tuple[int, float]] = {}  # game -> (refusals, next try)
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    @property
    def host(self):
        return self.delivery.host

    def has_status(self, table: GameRow) -> bool:
        return bool(self.status_id(table))

    def status_id(self, table: GameRow) -> int | None:
        """The status message now (a status posted afresh is known here before the table
        row read earlier says so)."""
        return self._status_ids.get(table.id) or table.status_message_id

    def lobby_now(self, table: GameRow) -> dict:
        """The lobby message's embed and buttons, remembered as shown: for the answer to a
        click on the lobby, which edits it in the same call."""
        lobby = self._lobby_content(table)
        self._changed((table.id, "lobby"), self._lobby_digest(lobby))
        return lobby

    @staticmethod
    def _lobby_content(table: GameRow) -> dict:
        """The lobby; once the game is over, one line saying how it ended, with the thread."""
        t = render.translator(table)
        if table.status in ("finished", "cancelled"):
            words = {"game": render.game_title(t), "id": table.id,
                     "link": render.thread_url(table) or ""}
            line = (t("ui", "lobby_result", result=render.result_text(table), **words)
                    if table.status == "finished" else t("ui", "lobby_cancelled", **words))
            return {"content": render.clip(line, render.CONTENT_MAX), "embed": None,
                    "view": None, "allowed_mentions": NOBODY}
        return {"embed": render.lobby_embed(table), "allowed_mentions": NOBODY,
                "view": lobby_view(table, t) if table.status == "lobby" else None}

    @staticmethod
    def _lobby_digest(lobby: dict) -> dict:
        return {"lobby": lobby["embed"].to_dict() if lobby["embed"] else lobby["content"],
                "open": lobby["view"] is not None}

    async def lobby(self, table: GameRow) -> None:
        if table.lobby_message_id is None:
            return
        lobby = self._lobby_content(table)
        # Looked at first: the channel may have to be read from Discord (another shard's).
        if not self._changed((table.id, "lobby"), self._lobby_digest(lobby)):
            return
        channel = await self.delivery.channel(table.channel_id)
        if channel is None:
            return
        if lobby["embed"] is not None:
            lobby.update(render.fit(channel, None, lobby["embed"]))
        try:
            await channel.get_partial_message(table.lobby_message_id).edit(**lobby)
        except (discord.HTTPException, discord.RateLimited) as err:
            log.info("game %s: the lobby stays as it was: %s", table.id, err)
            if not isinstance(err, discord.NotFound) and getattr(err, "code", None) != EDIT_CAP:
                self._shown.pop((table.id, "lobby"), None)     # shown at the next refresh

    def _changed(self, key: tuple, shown: dict) -> bool:
        """Whether a message would look different from what was last sent (and remember it)."""
        if self._shown.get(key) == shown:
            return False
        self._shown[key] = shown
        return True

    async def status(self, table: GameRow) -> None:
        """Show the table's status message, edited in place. It is not edited when it would
        look the same, nor for a change within a phase moments after the last edit (a later
        edit is planned)."""
        thread = await self.delivery.channel(table.thread_id, fresh=True)
        if thread is None:
            return
        async with self._locks[table.id]:
            public = games.engine(table.game).public_view(table.state)
            await threads.keep(self.host, table, thread)
            content = await self._status_content(table)
            embed = content["embed"]
            look = {"status": embed.to_dict(), "picture": repr(public)}
            # a question in the thread opening or closing is not a moment: the thread shows
            # it at once, and turn after turn it would cost an edit each
            asking = render.translator(table)("ui", "waiting_thread")
            moment = {"status": table.status, "phase": public.get("phase"),
                      "round": public.get("round"), "buttons": content["view"] is not None,
                      "said": [f["value"] for f in look["status"].get("fields", [])
                               if "<t:" not in f["value"] and f["value"] != asking]}
            message_id = self.status_id(table)
            moment_changed = self._shown.get((table.id, "moment")) != moment
            if message_id is not None and (
                    self._shown.get((table.id, "status")) == look
                    or (table.status == "running" and self._too_soon(
                        table.id, self.delivery.news_every if moment_changed
                        else self.status_every))):
                return
            self._shown[(table.id, "status")], self._shown[(table.id, "moment")] = look, moment
            self._status_at[table.id] = asyncio.get_running_loop().time()
            renew = message_id is None or (moment_changed and self._aged(table.id, message_id)
                                           ) or older_than(message_id, EDITS_END)
            files = self.new_picture(table, again=renew)
            if not render.may(thread, "attach_files"):
                files = []           # the status goes on without its picture
            if self._pictures.get(table.id):
                embed.set_image(url="attachment://table.png")
            content.update(render.fit(thread, None, embed))
            if not renew:
                try:
                    await thread.get_partial_message(message_id).edit(
                        **content, **({"attachments": files} if files else {}),
                        allowed_mentions=NOBODY)
                    return
                except (discord.HTTPException, discord.RateLimited) as err:
                    # Gone, or Discord caps the edits of messages older than an hour (30046).
                    if not isinstance(err, discord.NotFound) and getattr(
                            err, "code", None) != EDIT_CAP:
                        return await self._not_shown(table, err, lacking(thread, err))
                    files = self.new_picture(table, again=True)
                    return await self._post_status(table, thread, content, files, message_id,
                                                   retire=False)
            await self._post_status(table, thread, content, files, message_id)

    async def _post_status(self, table: GameRow, thread, content: dict, files,
                           old_id: int | None, retire: bool = True) -> None:
        """A new status message, at the bottom of the thread; the old one, if any, points to
        it (unless Discord refused its edits: `retire` false; it keeps a working "My
        secrets"). The nonce names the message this one replaces, and a status an earlier
        process posted but did not live to store is found in the thread and shown afresh
        (`_posted_before`): a crash never posts it twice. One refused (or one the bot lacks the
        permission for) is tried again later with backoff, and never holds up the table's
        other messages."""
        refused = self._refused.get(table.id)
        if refused is not None and asyncio.get_running_loop().time() < refused[1]:
            self._forget(table.id)                 # its next try is planned
            return
        missing = lacking(thread)
        if missing is not None:                    # Discord would refuse it (a 403)
            return await self._not_shown(table, None, missing)
        found = await self._posted_before(table, thread, old_id)
        try:
            if found is not None:
                message = await found.edit(**content, allowed_mentions=NOBODY,
                                           **({"attachments": files} if files else {}))
            else:
                message = await thread.send(**content, files=files, allowed_mentions=NOBODY,
                                            nonce=nonce(table.id, f"status:{old_id or 0}"))
        except (discord.HTTPException, discord.RateLimited) as err:
            return await self._not_shown(table, err, lacking(thread, err))
        self._refused.pop(table.id, None)
        self._status_ids[table.id] = message.id
        await self.host.set_messages(table.id, status_message_id=message.id)
        await pin(message, thread)
        if old_id is None:
            return
        t = render.translator(table)
        old = thread.get_partial_message(old_id)
        await pin(old, thread, keep=False)
        if not retire or older_than(old_id, HOUR_OLD):
            return
        try:
            await old.edit(content=t("ui", "status_moved", link=message.jump_url), embed=None,
                           attachments=[], view=None, allowed_mentions=NOBODY)
        except (discord.HTTPException, discord.RateLimited):
            pass        # it keeps its "My secrets" button, which still works

    async def _posted_before(self, table: GameRow, thread, old_id: int | None):
        """The status an earlier process posted in place of `old_id` (none: the first) but
        stopped before it stored its id, Discord merging the repeated nonce for a few minutes
        only: the bot's message after `old_id` offering this game's "My secrets" that none of
        its posts is. None if there is none."""
        posts = {p.message_id for p in (await self.host.store.posts(table.id)).values()}
        wanted = f"tbl:secrets:{table.id}"
        try:
            async for message in thread.history(
                    limit=SENT_LOOKUP, after=discord.Object(old_id) if old_id else None):
                if (message.author.id == self.delivery.bot.user.id
                        and message.id not in posts and offers(message, wanted)):
                    log.info("game %s: status %s went out before the restart", table.id,
                             message.id)
                    return message
        except (discord.HTTPException, discord.RateLimited) as err:
            log.info("game %s: cannot look for a status sent before the restart: %s",
                     table.id, err)
        return None

    async def _not_shown(self, table: GameRow, err, missing: str | None) -> None:
        """The status could not be shown (Discord refused, `err`, or the bot lacks the
        permission `missing`, which the host is told of once): it is tried again later, each
        time twice as late, up to `STATUS_RETRY_MAX`."""
        log.warning("game %s: the status could not be shown: %s", table.id, err or missing)
        refusals = self._refused.get(table.id, (0, 0.0))[0] + 1
        wait = max(getattr(err, "retry_after", 0.0), min(
            STATUS_RETRY_MAX, self.delivery.retry_base * 2 ** (refusals - 1)))
        self._refused[table.id] = (refusals, asyncio.get_running_loop().time() + wait)
        self._forget(table.id)
        self._catch_up[table.id] = in_background(self._status_later(table.id, wait))
        self._catch_up_due[table.id] = self._refused[table.id][1]
        if missing is not None:
            await self.delivery.tell_lost(table, missing)

    def _forget(self, game_id: int) -> None:
        """The status is not known as shown: the next refresh tries it again."""
        self._shown.pop((game_id, "status"), None)
        self._shown.pop((game_id, "moment"), None)

    def _aged(self, game_id: int, message_id: int) -> bool:
        """Whether the status is old enough that Discord may soon refuse its edits: it is
        posted afresh at the next new phase instead."""
        newest = self.delivery.newest_post.get(game_id)
        return newest is not None and (discord.utils.snowflake_time(newest)
                                       - discord.utils.snowflake_time(message_id)
                                       ).total_seconds() > STATUS_MAX_AGE

    async def status_embed(self, table: GameRow) -> discord.Embed:
        """The status as the whole table may see it (the status message, `/status`)."""
        pending = self.host.pending(table)
        deadlines = {d.pending_id: d.due_at for d in await self.host.store.deadlines(table.id)}
        return render.status_embed(table, pending, render.public_due(pending, deadlines))

    async def _status_content(self, table: GameRow) -> dict:
        view = (secrets_view(table.id, render.translator(table))
                if table.status in ("running", "paused") else
                replay_view(table.id, render.translator(table))
                if table.status == "finished" else None)
        return {"embed": await self.status_embed(table), "view": view}

    def _too_soon(self, game_id: int, every: float) -> bool:
        """Whether the status was edited less than `every` seconds ago; if so an edit is
        planned for then (the thread posts carry the news and the picture meanwhile), or
        sooner than one planned already."""
        now = asyncio.get_running_loop().time()
        due = self._status_at.get(game_id, 0.0) + every
        if due <= now:
            return False
        task = self._catch_up.get(game_id)
        if task is None or task.done() or self._catch_up_due.get(game_id, due) > due:
            if task is not None:
                task.cancel()
            self._catch_up[game_id] = in_background(self._status_later(game_id, due - now))
            self._catch_up_due[game_id] = due
        return True

    async def _status_later(self, game_id: int, wait: float) -> None:
        await asyncio.sleep(wait)
        self.delivery.refresh_later(game_id)

    def close(self) -> None:
        """Drop planned status catch-ups (the next start refreshes every status anyway)."""
        for task in self._catch_up.values():
            task.cancel()

    def new_picture(self, table: GameRow, again: bool = False) -> list[discord.File]:
        """The table's public picture if the status message has not shown this state of the
        table yet (or `again`); else nothing."""
        digest = repr(games.engine(table.game).public_view(table.state))
        if self._pictures.get(table.id) == digest and not again:
            return []
        file = self.picture_file(table)
        self._pictures[table.id] = digest if file else None
        return [file] if file else []

    def picture_file(self, table: GameRow) -> discord.File | None:
        """The table's public picture as a file, its alt text the public view's words."""
        png = self.picture_png(table)
        if png is None:
            return None
        public = games.engine(table.game).public_view(table.state)
        return render.png_file(png, render.alt_text(table, public))

    def picture_png(self, table: GameRow) -> bytes | None:
        """The table's public picture as PNG, drawn again only when the public view changed;
        none for a table cancelled in its lobby, which never had a state."""
        if table.state is None:
            return None
        public = games.engine(table.game).public_view(table.state)
        view = repr(public)
        drawn = self._drawn.get(table.id)
        if drawn is None or drawn[0] != view:
            drawn = self._drawn[table.id] = (view, render.picture_png(table, public))
        return drawn[1]
