"""Spectators and the dead on Discord (`/GAME watch`, the **Watch with the dead** button).

On a table that lets outside eyes see its secrets, a spectator thread is opened beside the
game's: a private thread in the table's channel that nobody but the bot can invite to (its
members cannot add a living player), holding every seat's secrets at the moment it opens
(`board`) and then every secret move as it happens (the GM log the recap shows at the end).
Its posts are planned in the store like every other post (`plans`, keys `watch:`) and sent by
the delivery, exactly once. Nothing written there goes anywhere: the bot relays nothing.

Discord shows every private thread to whoever holds Manage Threads in the channel, so the
thread is not opened while a person playing a living seat holds it; nor without Create Private
Threads: the member is told why. A person let in is recorded first (`hosting.spectators`);
the people of eliminated seats get one DM offering the view when they are out."""
from __future__ import annotations

import logging

import discord

from cogs.common import actions, permissions, render, story
from cogs.common.sending import NOBODY
from games.base import IllegalMove
from hosting import spectators
from hosting.store import GameRow, OutboxRow, PostRow

log = logging.getLogger(__name__)
REFUSED = (discord.HTTPException, discord.RateLimited)


async def watch(interaction: discord.Interaction, game_id: int) -> None:
    """Let the member watch the game: its spectator thread, or its public thread only on a
    table without outside eyes. Every refusal is private and says why."""
    try:
        await actions.in_time(interaction, _watch(interaction, game_id))
    except IllegalMove as err:
        await actions.refuse_in(interaction, err, game_id)


async def _watch(interaction: discord.Interaction, game_id: int) -> None:
    host = actions.host_of(interaction)
    user = interaction.user
    table = await spectators.admit(host, game_id, user.id)
    t = render.translator(table)
    if not spectators.secrets_shown(table):
        await _add(await host.delivery.channel(table.thread_id), user.id, table)
        return await actions.reply(interaction, t("ui", "watch_public",
                                                  link=render.thread_url(table) or ""))
    channel = await host.delivery.channel(table.channel_id)
    thread_id = await host.store.spectator_thread(table.id)
    if channel is None or (thread_id is None
                           and not render.may(channel, "create_private_threads")):
        return await actions.reply(interaction, permissions.refusal(
            t, ["create_private_threads"]))
    if await _overseen(channel, table, spectators.out_seats(host, table)):
        raise IllegalMove("watch_overseen", "A player here can read every private thread.")
    thread = await _spectator_thread(host, table, channel)
    if thread is None:
        return await actions.reply(interaction, t("ui", "watch_no_thread"))
    await spectators.let_in(host, table.id, user.id)
    if not await _add(thread, user.id, table):
        return await actions.reply(interaction, t("ui", "watch_no_thread"))
    host.delivery.refresh_later(table.id)       # the board, when the thread is new
    if interaction.type == discord.InteractionType.component:    # the offer is taken
        closed = {"content": offer_now(interaction.message.content,
                                       t("ui", "watch_offer_taken", id=table.id)), "view": None}
        if interaction.response.is_done():
            await interaction.edit_original_response(**closed)
        else:
            await interaction.response.edit_message(**closed)
    await actions.reply(interaction, t("ui", "watch_secrets", link=thread.jump_url))


async def _overseen(channel, table: GameRow, out: frozenset[int]) -> bool:
    """Whether a person playing a living seat may read every private thread of the channel
    (Manage Threads, or an administrator): then no secret goes there."""
    guild = channel.guild
    for seat in table.seats:
        if seat.user_id is None or seat.is_ai or seat.seat in out:
            continue
        member = guild.get_member(seat.user_id)
        try:
            member = member or await guild.fetch_member(seat.user_id)
        except REFUSED:             # no longer a member: the thread is out of their reach
            continue
        if channel.permissions_for(member).manage_threads:
            return True
    return False


async def _spectator_thread(host, table: GameRow, channel):
    """The game's spectator thread, opened at the first spectator (one across processes:
    made under the game's delivery lock); None if Discord refused it."""
    async with host.store.game_lock(table.id, "delivery"):
        thread_id = await host.store.spectator_thread(table.id)
        if thread_id is not None:
            return await host.delivery.channel(thread_id)
        t = render.translator(table)
        try:
            thread = await channel.create_thread(
                name=t("ui", "watch_thread_name", game=render.game_title(t), id=table.id),
                type=discord.ChannelType.private_thread, invitable=False,
                auto_archive_duration=10080)
        except REFUSED as err:
            log.warning("game %s: Discord refused its spectator thread: %s", table.id, err)
            return None
        await host.store.set_spectator_thread(table.id, thread.id)
        return thread


async def _add(thread, user_id: int, table: GameRow) -> bool:
    """Add the person to a thread (it then shows in their list); whether Discord did."""
    if thread is None:
        return False
    try:
        if getattr(thread, "archived", False):
            await thread.edit(archived=False)
        await thread.add_user(discord.Object(user_id))
    except REFUSED as err:
        log.warning("game %s: cannot add a spectator to thread %s: %s", table.id, thread.id, err)
        return False
    return True


# ---- what the spectator thread and the dead are sent (planned by the delivery) --------------
async def plans(host, table: GameRow, rows: list[OutboxRow], posts: dict[str, PostRow]
                ) -> list[tuple[str, list, str]]:
    """The spectator thread's posts these rows make, and the offers to the dead. The posts
    name no outbox rows (those belong to the table's own messages and the recap): their keys
    say what they hold. The board opens the thread, drawn at the game's version then; the
    GM lines of later steps follow, each row once."""
    if not spectators.secrets_shown(table) or table.state is None:
        return []
    t = render.translator(table)
    out: list[tuple[str, list, str]] = []
    out_seats = spectators.out_seats(host, table)
    dead = [seat for seat in table.seats
            if seat.seat in out_seats and not seat.is_ai and seat.user_id is not None
            and f"seat:{seat.seat}:watch" not in posts]
    if dead and table.status == "running":
        watched = set(await host.store.spectators(table.id))
        out += [(f"seat:{seat.seat}:watch", [], t("ui", "watch_offer", id=table.id))
                for seat in dead if seat.user_id not in watched]
    offers = [key.split(":")[1] for key, post in posts.items()
              if key.endswith(":watch") and post.state == "sent"
              and f"unoffer:{key.split(':')[1]}" not in posts]
    if offers and table.status not in spectators.LIVE:   # those not taken close with the game
        watched = set(await host.store.spectators(table.id))
        out += [(f"unoffer:{seat}", [], t("ui", "watch_offer_closed", id=table.id))
                for seat in offers if table.seats[int(seat)].user_id not in watched]
    if await host.store.spectator_thread(table.id) is None:
        return out
    board = next((int(k.split(":")[2]) for k in posts if k.startswith("watch:board:")), None)
    if board is None:
        if table.status not in spectators.LIVE:
            return out
        return out + [(f"watch:board:{table.version}:{i}", [], text) for i, (_, text)
                      in enumerate(render.chunk_pairs(_board(table, t, out_seats)))]
    shown = max((int(k.split(":")[2]) for k in posts
                 if k.startswith("watch:") and not k.startswith("watch:board:")), default=0)
    moves = [r for r in rows if r.audience == "gm" and r.seq > board and r.id > shown]
    if moves:           # told as the recap will tell them (`story`), keyed by their rows
        lines = story.tell(t, [(r.audience, r.kind, r.data) for r in moves])
        out += [(f"watch:{moves[0].id}:{moves[-1].id}:{n}", [], text) for n, (_, text)
                in enumerate(render.chunk_pairs(list(enumerate(lines))))]
    ended = [r.id for r in rows if r.kind == "table_finished" and r.id > shown]
    if ended:
        out.append((f"watch:{ended[0]}:{ended[0]}", [], t(
            "ui", "watch_over", result=render.result_text(table),
            link=render.thread_url(table) or "")))
    return out


def _board(table: GameRow, t, out: frozenset[int]) -> list[tuple[int, str]]:
    """Every seat's secrets as the game stands, its own then what it knows, as (seat,
    line) pairs: a seat's lines go on in the next message when one is full."""
    lines = [(-1, t("ui", "watch_board_title"))]
    for seat in table.seats:
        said = render.secret_lines(table, seat.seat, t)
        lines.append((seat.seat, t("ui", "watch_board_out" if seat.seat in out
                                   else "watch_board_seat", name=t.seat_name(seat.seat))))
        lines += [(seat.seat, f"• {line}") for line in said.get("own", []) + said.get("known", [])]
    return lines


def offer_now(said: str | None, now: str) -> str:
    """The offer's message once taken or closed: the news it opened with (that the seat is
    out, `DiscordDelivery._one_dm_when_out`) stays, its own line, the last, becomes `now`."""
    return "\n".join([*(said or "").splitlines()[:-1], now])


async def close_offer(delivery, table: GameRow, post: PostRow) -> None:
    """The game is over: the offer to watch it, if still open in a DM, loses its button (an
    edit sets its whole text: applied twice, it shows once)."""
    seat = post.key.split(":")[1]
    offer = (await delivery.host.store.posts(table.id)).get(f"seat:{seat}:watch")
    if offer is not None and offer.message_id is not None:
        channel = delivery.bot.get_partial_messageable(offer.channel_id,
                                                       type=discord.ChannelType.private)
        try:
            await channel.get_partial_message(offer.message_id).edit(
                content=offer_now(offer.text, post.text), view=None, allowed_mentions=NOBODY)
        except REFUSED as err:      # the person closed their DMs, or it is gone: left as it is
            log.info("game %s: the offer to watch stays as it was: %s", table.id, err)
    await delivery.host.store.post_tried(table.id, post.key, "sent")
