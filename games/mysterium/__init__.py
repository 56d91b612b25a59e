"""Mysterium: a cooperative game where a Ghost who cannot speak sends dream-like vision cards and
psychics find, hour by hour, a suspect, a place and an object each, then vote on the culprit.

The Ghost is a human seat or the bot (`ghost` option); the bot Ghost and AI seats read the tags
of our generated card pack (`pack`). This module maps the rules onto the engine contract."""
from __future__ import annotations

from games.base import PUBLIC_PICTURE, Engine, IllegalMove, Option, Outcome, Pending
from games.mysterium import ai, desk, epilogue, hours, leaving, picture, setup, views
from games.mysterium.settings import DIFFICULTIES
from games.mysterium.options import option_specs
from games.mysterium.setup import Ctx


def _options(triples) -> tuple[Option, ...]:
    return tuple(Option(i, k, p) for i, k, p in triples)


class MysteriumEngine(Engine):
    name = "mysterium"
    modes = DIFFICULTIES
    min_players = 1
    max_players = 7
    ai_policies = ("tags",)
    # 2: the epilogue keeps the rounds of proposals of a three-player table's public vote.
    state_version = 2

    def upgrade(self, state):
        return epilogue.upgrade(state)

    def player_range(self, mode: str) -> tuple[int, int]:
        return 1, 7       # 2..7 with a human Ghost, 1..6 with the bot Ghost: setup checks

    def default_options(self, mode: str, players: int) -> dict:
        return setup.default_options(mode, players)

    def option_specs(self, mode: str) -> dict:
        return option_specs(mode)

    def _setup(self, options, players, seed):
        ctx = setup.build(options, players, seed)
        hours.start_hour(ctx)
        return ctx.state, ctx.events

    # ---- questions ---------------------------------------------------------------------------
    def pending(self, state: dict) -> list[Pending]:
        phase = state["phase"]
        out: list[Pending] = []
        if phase in ("give", "shared") and not state["bot_ghost"]:
            out.append(Pending(
                f"ghost.{state['ghost_step']}", state["ghost_seat"], desk.kind(state),
                _options(desk.options(state)), "auto",
                "clue" if phase == "give" else "day_discussion", False, desk.params(state)))
        if phase == "window" and desk.asks_anytime(state):
            out.append(Pending(
                f"ghost.{state['ghost_step']}", state["ghost_seat"], desk.kind(state),
                _options(desk.options(state)), "wait", "conference", False, desk.params(state)))
        for i, p in enumerate(state["psychics"]):
            if hours.can_act(state, i):
                out.append(Pending(
                    f"look.{state['hour']}.{i}.{p['window']}", p["seat"], f"look_{p['persona']}",
                    _options(hours.move_options(state, i)), "keep", "day_discussion", True,
                    {"persona": p["persona"], "stage": p["stage"],
                     "visions": p["visions"], "picture": PUBLIC_PICTURE}))   # public facts
        for i, seat in leaving.offers(state):
            out.append(Pending(
                f"adopt.{state['hour']}.{i}.{seat}", seat, "takeover",
                _options([("take", "take_over", {"persona": state["psychics"][i]["persona"]}),
                          ("pass", "pass_over", {})]), "pass", "action", False,
                {"persona": state["psychics"][i]["persona"]}))
        if phase == "window":
            out.append(Pending(f"timer.{state['hour']}", None, "sand_timer",
                               (Option("end", "timer_end"),), "end", "conference"))
        if phase == "vote" and not state["epilogue"].get("reminded"):
            out.append(Pending(f"vote_clock.{state['epilogue']['stage']}", None, "vote_clock",
                               (Option("remind", "vote_remind"),), "remind", "action"))
        if phase == "vote":
            groups = [(f"group.{g['number']}", "vote_group", epilogue.named(g))
                      for g in state["epilogue"]["groups"]]
            number, others, default, public = epilogue.ballot(state)
            for key in epilogue.voters(state):
                out.append(Pending(
                    f"vote.{number}.{key}", epilogue.voter_seat(state, key),
                    "agree" if public else "vote", _options(groups + others), default, "vote",
                    public,
                    {"revealed": state["epilogue"]["shared"][:state["epilogue"]["revealed"]],
                     # a secret ballot in DMs shows the groups beside the shared vision; a
                     # public one is asked under the table's picture, which shows them
                     "picture": not public}))
        return out

    def apply(self, state, seat, pending_id, choice):
        """The contract's checks, with the spec's own reasons for a move that cannot be made."""
        if self.outcome(state) is None:
            match = next((p for p in self.pending(state) if p.id == pending_id), None)
            if match is None:
                _why_closed(state, pending_id)
            elif match.seat == seat and not match.allows(choice):
                _why_refused(state, match, choice)
        return super().apply(state, seat, pending_id, choice)

    def _apply(self, state, pending, choice):
        ctx = Ctx(state)
        if pending.kind.startswith("ghost_"):
            desk.check(state, choice)
            desk.apply(ctx, choice)
        elif pending.kind.startswith("look_"):
            i = int(pending.id.split(".")[2])
            hours.check_move(state, i, choice)
            hours.move(ctx, i, choice)
        elif pending.kind == "sand_timer":
            hours.resolve(ctx)
        elif pending.kind == "takeover":
            _, _, i, seat = pending.id.split(".")
            leaving.answer(ctx, int(i), int(seat), choice)
        elif pending.kind == "vote_clock":
            epilogue.remind(ctx)
        elif pending.kind in ("vote", "agree"):
            epilogue.vote(ctx, pending.id.split(".")[2], choice)
        return ctx.events

    def leave(self, state: dict, seat: int) -> tuple[dict, list]:
        """A player left the running game (RULING R24): their psychics wait for another player
        to take them over; a human Ghost is replaced by the bot. Like `apply`, the given state
        is not changed. The host commits the result as one step."""
        if self.outcome(state) is not None:
            raise IllegalMove("game_over", "The game is over.")
        new = self.copy_state(state)
        ctx = Ctx(new)
        leaving.leave(ctx, seat)
        return new, ctx.events

    def seat_roles(self, mode, options):
        options = {**setup.default_options(mode, 0), **options}
        return {int(options["ghost_seat"]): "ghost"} if options["ghost"] == "player" else {}

    # ---- views & end -------------------------------------------------------------------------
    public_view = staticmethod(views.public_view)
    seat_view = staticmethod(views.seat_view)
    describe = staticmethod(views.describe)
    picture = staticmethod(picture.render)

    def outcome(self, state):
        result = state["result"]
        if result is None:
            return None
        winners = tuple(range(state["seats"])) if result["won"] else ()
        return Outcome(winners, result["reason"],
                       {k: v for k, v in result.items() if k not in ("won", "reason")})

    def final_sides(self, state):
        """Role: the Ghost, or the seat's first psychic (none for one who left); one side, the
        whole table, which wins or loses together."""
        out = {seat: {"role": None, "side": "sides:table"} for seat in range(state["seats"])}
        if state["ghost_seat"] is not None:
            out[state["ghost_seat"]]["role"] = "seat_roles:ghost"
        for p in state["psychics"]:
            if p["seat"] is not None and out[p["seat"]]["role"] is None:
                out[p["seat"]]["role"] = f"personas:{p['persona']}"
        return out

    def round(self, state):
        return state["hour"]

    def clock_at(self, state, phase, round_):
        return views.clock(round_)

    def ai_choice(self, state, pending, policy):
        if pending.kind == "takeover":
            return "take"               # an AI player runs a second psychic as in N=2-3
        key = pending.id.split(".")[2] if pending.kind.startswith("look_") or \
            pending.kind == "agree" else ""
        return ai.choose(state, pending.kind, key)


def _why_refused(state: dict, match: Pending, choice: str) -> None:
    """The spec's reason for an answer not on offer. One that does not even parse (a forged
    button id) is simply not allowed: the rules never see it."""
    try:
        if match.kind.startswith("ghost_"):
            desk.check(state, choice)
        elif match.kind.startswith("look_"):
            hours.check_move(state, int(match.id.split(".")[2]), choice)
    except (ValueError, IndexError, KeyError, TypeError):
        raise IllegalMove("illegal_option", "That option is not allowed now.") from None


def _why_closed(state: dict, pending_id: str) -> None:
    """A psychic's move after the timer, or a ballot out of its stage, says so."""
    word, *rest = pending_id.split(".")
    if word == "look":
        raise IllegalMove("window_closed", "The sand timer has run out.")
    if word == "vote" and state["epilogue"]:
        if rest[-1] in state["epilogue"]["votes"]:
            raise IllegalMove("already_voted", "Your ballot is already in.")
        raise IllegalMove("not_your_vote_stage", "Your level does not vote yet.")
