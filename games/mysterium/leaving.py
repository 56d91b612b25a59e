"""A player who leaves a running game (spec RULING R24).

A psychic-player's psychics lose their player: they still get visions but make no guesses, no
bets and cast no ballot, until another psychic-player takes one over (as in a 2-3 player game,
where one player runs two psychics). The offer is a question to every remaining
psychic-player, asked again each hour to those who passed. A human Ghost who leaves is
replaced by the bot Ghost at once.

The host calls `MysteriumEngine.leave(state, seat)`; the takeover is an ordinary question."""
from __future__ import annotations

from games.mysterium import epilogue, hours
from games.mysterium.setup import Ctx


def leave(ctx: Ctx, seat: int) -> None:
    state = ctx.state
    if seat == state["ghost_seat"]:
        if not state["bot_ghost"]:
            ghost_leaves(ctx)
        return
    for p in state["psychics"]:
        if p["seat"] == seat:
            p.update(seat=None, ready=False, declined=[])
            p["window"] += 1
            ctx.say("psychic_left", persona=p["persona"], seat=seat)
    if not players(state):
        ctx.say("no_psychic_left")       # nobody could guess or vote: the game cannot be won
        epilogue.finish(ctx, False, "no_psychics")
        return
    settle(ctx)


def ghost_leaves(ctx: Ctx) -> None:
    """The bot becomes the Ghost and finishes whatever the Ghost was doing."""
    state = ctx.state
    state.update(bot_ghost=True, draft={})
    ctx.say("ghost_left")
    if state["phase"] == "give":
        hours.bot_serves(ctx)
    elif state["phase"] == "shared":
        epilogue.bot_shares(ctx)


def settle(ctx: Ctx) -> None:
    """Whoever is left may now be all the timer or the vote stage was waiting for."""
    state = ctx.state
    if state["phase"] == "window" and hours.everyone_ready(state):
        ctx.say("timer_early")
        hours.resolve(ctx)
    elif state["phase"] == "vote":
        epilogue.stage_done(ctx)


def players(state: dict) -> list[int]:
    """The seats still running a psychic."""
    return sorted({p["seat"] for p in state["psychics"] if p["seat"] is not None})


def offers(state: dict) -> list[tuple[int, int]]:
    """(psychic, seat): who is asked now whether they take over a psychic nobody runs."""
    if state["phase"] == "over":
        return []
    return [(i, seat) for i, p in enumerate(state["psychics"]) if p["seat"] is None
            for seat in players(state) if seat not in p["declined"]]


def answer(ctx: Ctx, i: int, seat: int, choice: str) -> None:
    p = ctx.state["psychics"][i]
    if choice == "pass":
        p["declined"].append(seat)
        return
    p.update(seat=seat, declined=[])
    p["window"] += 1
    ctx.say("psychic_taken", persona=p["persona"], seat=seat)
