"""The thread's and the DMs' side of a substitute taking a seat (`Host.take_seat`).

A seat offered to someone else is a thread message of its own (`offer:<seat>:<row>`) with a
**Take this seat** button; once the seat is no longer free (taken, or its person back) or the
game is over, the message is edited to one line (`shut:<offer key>`). Whoever takes a seat gets
its whole private history by DM (`history:<seat>:<row>:<part>`): what the seat holds and has
learnt now ("My secrets" lines), then every private line the seat was told, in as few messages
as Discord's length allows. Each is planned in the store like every other message, so it goes
out once.
"""
from __future__ import annotations

import discord

from cogs.common import render
from cogs.common.sending import NOBODY, lacking
from cogs.common.views import TakeSeatButton
from hosting.store import GameRow, OutboxRow, PostRow
from hosting.substitutes import LIVE, OFFERED, YOURS, in_play, seat_free

# Lines a seat was told that are about the hosting, not the game: a newcomer gets the game's
# news only (the autopilot notices, a timeout, the bot's own notes were its former person's).
NOT_HISTORY = ("table_", "autopilot_")


def take_view(table: GameRow, seat: int, t) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(TakeSeatButton(table.id, seat, t("ui", "take_seat")))
    return view


def thread_plans(table: GameRow, t, public: list[OutboxRow],
                 posts: dict[str, PostRow]) -> list:
    """The offers among this delivery's public rows, a message each, and the closing line of
    every offer whose seat is no longer free (none for a game set aside: nothing of its state
    can be read)."""
    if table.unreadable is not None:
        return []
    plans = [(f"offer:{r.data['seat']}:{r.id}", [r.id], t("events", OFFERED, **r.data))
             for r in public if r.kind == OFFERED]
    for key in [*posts, *(key for key, _, _ in plans)]:
        seat = _offered_seat(key)
        if seat is not None and f"shut:{key}" not in posts and not seat_free(table, seat):
            plans.append((f"shut:{key}", [], _closing(table, t, seat)))
    return plans


def _closing(table: GameRow, t, seat: int) -> str:
    """An offer's one line once its seat is no longer free: why."""
    if table.status not in LIVE:
        return t("ui", "seat_offer_over", number=seat + 1)
    if not in_play(table, seat):
        return t("ui", "seat_offer_out", number=seat + 1)
    return t("ui", "seat_offer_closed", seat=seat, number=seat + 1)


def _offered_seat(key: str) -> int | None:
    kind, _, rest = key.partition(":")
    return int(rest.split(":")[0]) if kind == "offer" else None


async def send_offer(delivery, table: GameRow, post: PostRow, thread) -> None:
    seat = _offered_seat(post.key)
    if not seat_free(table, seat):    # taken before it went out: its closing line says so
        return await delivery.host.store.post_tried(table.id, post.key, "sent")
    await delivery._send(table, post, thread, view=take_view(table, seat,
                                                             render.translator(table)))


async def shut_offer(delivery, table: GameRow, post: PostRow, thread) -> None:
    """Edit an offer to its one line: its button goes. Waits while the offer is not sent."""
    store = delivery.host.store
    target = (await store.posts(table.id)).get(post.key.split(":", 1)[1])
    if target is not None and target.state == "planned":
        return
    if target is None or target.state != "sent" or target.message_id is None:
        return await store.post_tried(table.id, post.key, "sent")
    try:
        await thread.get_partial_message(target.message_id).edit(
            content=post.text, view=None, allowed_mentions=NOBODY)
    except (discord.HTTPException, discord.RateLimited) as err:
        return await delivery._refused(table, post, err, lacking(thread, err))
    await store.post_tried(table.id, post.key, "sent", thread.id, target.message_id)


async def history_plans(store, table: GameRow, t, row: OutboxRow) -> list:
    """The DMs telling a seat's new person all it knows (`row`: the take's `YOURS` row): the
    header, its secrets now, then every private line the seat had before."""
    seat = int(row.audience.split(":")[1])
    secret = render.secret_lines(table, seat, t)
    lines = [t("events", YOURS, **row.data)]
    for heading in ("own", "known"):
        if secret.get(heading):
            lines += [f"**{t('ui', f'secrets_{heading}')}**", *secret[heading]]
    told = [r for r in await store.private_history(table.id, seat, limit=None, before=row.id)
            if not r.kind.startswith(NOT_HISTORY)]
    if told:
        lines += [f"**{t('ui', 'history_told')}**", *(t.event(r.kind, r.data) for r in told)]
    chunks = render.chunk_pairs([(None, line) for line in lines])
    return [(f"history:{seat}:{row.id}:{part}", [row.id] if part == 0 else [], text)
            for part, (_, text) in enumerate(chunks)]
