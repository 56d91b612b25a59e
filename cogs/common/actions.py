"""What a player's click or command does, shared by buttons and slash commands.

Each handler answers the interaction exactly once: a refusal is always ephemeral and carries the
engine's or host's reason in the table's language.
"""
from __future__ import annotations

import asyncio

import discord

from cogs.common import render
from cogs.common.sending import NOBODY, pinging
from games.base import IllegalMove
from hosting.host import Accepted, Host
from hosting.store import GameRow
from hosting.text import Translator


def host_of(interaction: discord.Interaction) -> Host:
    return interaction.client.host


def is_admin(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and (perms.administrator or perms.manage_guild))


async def reply(interaction: discord.Interaction, content: str | None = None, **kwargs) -> None:
    """Send privately, whether or not the interaction was already answered."""
    kwargs.setdefault("ephemeral", True)
    kwargs.setdefault("allowed_mentions", NOBODY)
    if interaction.response.is_done():
        await interaction.followup.send(content, **kwargs)
    else:
        await interaction.response.send_message(content, **kwargs)


ACK_BUDGET = 2.0  # seconds of Discord's three we let the work take before deferring


def time_left(interaction: discord.Interaction) -> float:
    """Seconds left of ACK_BUDGET for this interaction, counted from when Discord created it
    or from when a handler first asked here, whichever was sooner: one handler may call
    `in_time` several times, and under load the interaction may reach us late."""
    loop = asyncio.get_running_loop()
    seen = interaction.extras.setdefault("seen_at", loop.time())
    age = max(0.0, (discord.utils.utcnow() - interaction.created_at).total_seconds())
    return max(0.0, min(seen, loop.time() - age) + ACK_BUDGET - loop.time())


async def in_time(interaction: discord.Interaction, work, *, ephemeral: bool = True):
    """Run `work`, answering Discord with a defer if it is not done within the interaction's
    time left, so an interaction never fails under load; the real answer then follows as a
    follow-up."""
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=time_left(interaction))
    if not done and not interaction.response.is_done():
        if interaction.type == discord.InteractionType.component or (
                interaction.type == discord.InteractionType.modal_submit
                and interaction.message is not None):   # a form opened from a message
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)
    return await task


async def refuse(interaction: discord.Interaction, err: IllegalMove,
                 table: GameRow | None = None) -> None:
    t = render.translator(table) if table else Translator(None)
    await reply(interaction, render.refusal(t, err))


async def _table(interaction: discord.Interaction, game_id: int) -> GameRow | None:
    try:
        return await host_of(interaction).table(game_id)
    except IllegalMove as err:
        await refuse(interaction, err)
        return None


async def _known(interaction: discord.Interaction, game_id: int) -> GameRow | None:
    """The game, if there is one: read to refuse a step that read it itself (for the
    table's language), only now that it is needed."""
    try:
        return await host_of(interaction).table(game_id)
    except IllegalMove:
        return None


async def refuse_in(interaction: discord.Interaction, err: IllegalMove, game_id: int) -> None:
    await refuse(interaction, err, await _known(interaction, game_id))


async def _lobby_action(interaction: discord.Interaction, game_id: int, call,
                        done_key: str) -> None:
    """A lobby step; the game it returns says the rest, so nothing is read before it."""
    try:
        changed = await in_time(interaction, call(host_of(interaction)))
    except IllegalMove as err:
        return await refuse_in(interaction, err, game_id)
    if interaction.message is None or interaction.message.id != changed.lobby_message_id:
        return await reply(interaction, render.translator(changed)("ui", done_key))
    # A click on the lobby itself: showing the new seat list is the answer (one call).
    lobby = host_of(interaction).delivery.boards.lobby_now(changed)
    if interaction.response.is_done():
        await interaction.edit_original_response(**lobby)
    else:
        await interaction.response.edit_message(**lobby)


async def join(interaction: discord.Interaction, game_id: int) -> None:
    user = interaction.user
    await _lobby_action(interaction, game_id,
                        lambda host: host.join(game_id, user.id, user.display_name), "joined")


async def leave(interaction: discord.Interaction, game_id: int) -> None:
    await _lobby_action(interaction, game_id,
                        lambda host: host.leave(game_id, interaction.user.id), "left")


async def set_options(interaction: discord.Interaction, game_id: int, changed: dict,
                      cleared: tuple[str, ...]) -> None:
    await _lobby_action(interaction, game_id, lambda host: host.set_options(
        game_id, interaction.user.id, changed, cleared, is_admin(interaction)), "settings_saved")


async def start(interaction: discord.Interaction, game_id: int) -> None:
    await _lobby_action(interaction, game_id, lambda host: host.start(
        game_id, interaction.user.id, is_admin(interaction)), "started")


async def take_seat(interaction: discord.Interaction, game_id: int, seat: int) -> None:
    """**Take this seat**: the seat is the person's once stored; all it knows follows by DM."""
    user = interaction.user
    if user.bot:
        return await refuse_in(interaction, IllegalMove("bot_seat", "A bot cannot take a seat."),
                               game_id)
    try:
        table = await in_time(interaction, host_of(interaction).take_seat(
            game_id, seat, user.id, user.display_name))
    except IllegalMove as err:
        return await refuse_in(interaction, err, game_id)
    await reply(interaction, render.translator(table)("ui", "seat_taken_you", number=seat + 1))


RECENT_LINES = 5   # the latest private lines "My secrets" repeats; the DMs hold them all


async def dms_note(interaction: discord.Interaction, table: GameRow) -> str | None:
    """A person whose DMs the bot found closed acts in the game: they alone are told, in
    the answer only they see, and their DMs are tried again from now on."""
    seat = table.seat_of(interaction.user.id)
    if seat is None or not await host_of(interaction).delivery.reached(table, seat.seat):
        return None
    return render.translator(table)("ui", "dms_refused_you")


async def secrets(interaction: discord.Interaction, game_id: int) -> None:
    """The seat's secrets (its own, then what it knows), its open questions and its latest
    private lines, ephemerally."""
    host = host_of(interaction)
    table = await _table(interaction, game_id)
    if table is None:
        return
    t = render.translator(table)
    seat = table.seat_of(interaction.user.id)
    if seat is None or table.state is None:
        return await reply(interaction, t("ui", "no_secrets"))
    open_now = host.pending_for(table, seat.seat)
    history = await host.store.private_history(table.id, seat.seat, limit=RECENT_LINES)
    embed = render.secrets_embed(table, seat.seat, len(open_now),
                                 [t.event(r.kind, r.data) for r in history])
    from cogs.common.table_clock import secrets_view    # its button answers through here
    reminders = secrets_view(table, interaction.user.id)    # turned off, or on again
    from cogs.common.im_back import secrets_view as back_view
    reminders = back_view(table, interaction.user.id, reminders)   # while the bot plays it
    await reply(interaction, await dms_note(interaction, table), embed=embed,
                **render.seat_picture(table, seat.seat, embed, "secrets.png"),
                **({"view": reminders} if reminders else {}))
    due = {d.pending_id: d.due_at for d in await host.store.deadlines(table.id)}
    for pending in open_now:    # each a copy that closes with its question
        copy = await interaction.followup.send(
            embed=render.prompt_embed(table, pending, due.get(pending.id)),
            view=render.prompt_view(table, pending), ephemeral=True, wait=True,
            allowed_mentions=NOBODY)
        host.delivery.copied(table.id, pending.id, copy)


async def _commit_choice(interaction: discord.Interaction, game_id: int,
                         question: str | dict[int, str],
                         option_id: str) -> tuple[Accepted, str] | None:
    """Apply a person's answer to a question (or to theirs among a message's, by seat): what
    the step read and the label of what they chose, or None once refused. A click on a
    question its deadline closed is told that the time ran out."""
    host = host_of(interaction)
    try:
        accepted = await in_time(interaction, host.decide(game_id, interaction.user.id,
                                                          question, option_id))
    except IllegalMove as err:
        table = await _known(interaction, game_id)
        seat = table.seat_of(interaction.user.id) if table else None
        pending_id = (question if isinstance(question, str)
                      else question.get(seat.seat) if seat else None)
        decided = (await host.store.decision_of(game_id, pending_id)
                   if err.code == "already_answered" and pending_id else None)
        if decided is not None and decided[1] == "timeout":
            err = IllegalMove("timed_out", "Time ran out for that question.")
        await refuse(interaction, err, table)
        return None
    t = render.translator(accepted.table)
    return accepted, render.option_label(t, accepted.question, option_id)


async def decide(interaction: discord.Interaction, game_id: int, pending_id: str,
                 option_id: str) -> None:
    """An answer to a private question (DM or ephemeral)."""
    if (done := await _commit_choice(interaction, game_id, pending_id, option_id)) is None:
        return
    accepted, choice = done
    # Closing the prompt is also the acknowledgement: one call, and no second click possible.
    # What the message already said (news sent along with the question) stays above; the
    # question becomes one line under it, "You chose X", so the DM reads top down.
    message = interaction.message
    if message is not None:
        await host_of(interaction).store.close_prompt(game_id, pending_id,
                                                      accepted.question.seat, message.id)
    await host_of(interaction).delivery.reached(accepted.table, accepted.question.seat)
    t = render.translator(accepted.table)
    closed = render.closed_question(t, message.content if message else None,
                                    message.embeds if message else [],
                                    t("ui", "chose", choice=choice))
    if interaction.response.is_done():
        await interaction.edit_original_response(allowed_mentions=NOBODY, **closed)
    else:
        await interaction.response.edit_message(allowed_mentions=NOBODY, **closed)
    host = host_of(interaction)
    host.delivery.followups.answered(interaction)   # their next DMs ride it

    async def next_in_place(table: GameRow, rows, alone: bool) -> list[int]:
        await host.delivery.ask_in_place(table, interaction, accepted.question,
                                         closed["content"], rows, accepted.asked)
        return []

    if message is not None and message.guild is None:     # not an ephemeral copy
        await host.deliver_progress(game_id, accepted.asked, next_in_place)


async def picking(interaction: discord.Interaction, game_id: int, pending_id: str, *,
                  picked: tuple[str, ...] = (), steps: tuple[str, ...] = ()) -> None:
    """Options picked in a multi-pick's menu, or the parts of an option spelt as steps chosen
    so far: nothing is decided yet, so nothing is stored; the question is edited in place to
    show them, its button answering with them once they make an answer."""
    host = host_of(interaction)
    table = await _table(interaction, game_id)
    if table is None:
        return
    seat = table.seat_of(interaction.user.id)
    pending = next((p for p in host.pending(table) if p.id == pending_id), None)
    if pending is None or seat is None or pending.seat != seat.seat:
        return await refuse(interaction, IllegalMove(
            "stale" if pending is None else "not_yours",
            "That question is no longer open." if pending is None
            else "That decision is not yours to make."), table)
    view = render.prompt_view(table, pending, picked, steps)
    await interaction.response.edit_message(view=view, allowed_mentions=NOBODY)


async def picking_in_thread(interaction: discord.Interaction, game_id: int, part: str) -> None:
    """The first step chosen in a question asked in the thread whose options are spelt as
    steps: the person's own question answers them alone, with that part chosen and the steps
    left (`picking` and `decide` go on there); nobody else sees the rest of their choice."""
    host = host_of(interaction)
    asked = await in_time(interaction, host.delivery.asked_in(game_id, interaction.message.id))
    table = await _table(interaction, game_id)
    if table is None:
        return
    seat = table.seat_of(interaction.user.id)
    if seat is None or seat.seat not in asked:
        return await refuse(interaction, IllegalMove("not_asked", "This question is not for you."),
                            table)
    pending = next((p for p in host.pending(table) if p.id == asked[seat.seat]), None)
    if pending is None:
        return await refuse(interaction, IllegalMove("stale", "That question is no longer open."),
                            table)
    await reply(interaction, render.question_text(render.translator(table), pending),
                view=render.prompt_view(table, pending, steps=(part,)))


async def decide_in_thread(interaction: discord.Interaction, game_id: int,
                           option_id: str) -> None:
    """An answer to a question asked in the thread: the message knows whom it asked, the step
    which of them this person is."""
    host = host_of(interaction)
    asked = await in_time(interaction, host.delivery.asked_in(game_id, interaction.message.id))
    if (done := await _commit_choice(interaction, game_id, asked, option_id)) is None:
        return
    accepted, choice = done
    t = render.translator(accepted.table)
    answer = "\n".join(filter(None, (t("ui", "accepted", choice=choice),
                                      await dms_note(interaction, accepted.table))))
    if interaction.response.is_done():     # deferred under load: the news goes the usual way
        return await reply(interaction, answer)

    closing = await host.delivery.claim_close(accepted.table, interaction, asked)
    closed = None      # the ids of the news the question closed with, once it closed

    async def onto_the_question(table: GameRow, rows, alone: bool) -> list[int]:
        """The news joins the question, edited by the answer itself: closing it with the
        step's public news, or, while others are still to answer, "X has voted"."""
        nonlocal closed
        if closing:
            closed = await host.delivery.close_by_click(table, interaction, closing, rows)
            return closed
        if not alone:
            return []
        lines = [t.event(r.kind, r.data) for r in rows if r.audience == "public"]
        people = [table.seats[s].user_id for s in asked if not table.seats[s].is_ai]
        return [r.id for r in rows] if await host.delivery.onto_question(
            table, interaction, rows, lines, pinging(people)) else []

    await host.deliver_progress(game_id, accepted.asked, onto_the_question)
    if closing and closed is None:
        await host.delivery.close_by_click(accepted.table, interaction, closing)
    await reply(interaction, answer)
