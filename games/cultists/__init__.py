"""Among Cultists: hidden roles on a university map at night, with the rulebook's AUTOMA.

The engine keeps the whole game in plain JSON (see `state`) and resolves it as a stack of tasks
(see `flow`); this module maps that machine onto the engine contract."""
from __future__ import annotations

from games.base import Engine, Option, Outcome, Pending
from games.cultists import (actions, ai, checks, ending, happenings,  # noqa: F401 (tasks)
                            moves, picture, rounds, setup, views, votes)
from games.cultists.flow import Ctx, answer, run
from games.cultists.state import copy as copy_game


class CultistsEngine(Engine):
    name = "cultists"
    modes = setup.MODES
    min_players = 4
    max_players = 8
    ai_policies = ("baseline", "side")
    state_version = 2

    def upgrade(self, state):
        """Version 2 asks a whole move at once and the card type with Fill or Secure: an open
        move or action question stored before is offered again with today's options (the same
        ones again on a current state)."""
        for q in state["ask"]:
            t = state["stack"][-1]
            if q["kind"] == "move":
                q["options"], q["default"], _ = moves.move_options(state, t)
            elif q["kind"] == "action":
                q["options"] = actions.options(state, t["c"])
        return state

    def default_options(self, mode: str, players: int) -> dict:
        return setup.default_options(mode, players)

    def option_specs(self, mode: str) -> dict:
        return setup.option_specs(mode)

    def _setup(self, options, players, seed):
        state, ctx = setup.build(options, players, seed)
        run(ctx)
        return state, ctx.ev

    def pending(self, state: dict) -> list[Pending]:
        if state["over"]:
            return []
        return [Pending(q["id"], q["seat"], q["kind"], tuple(Option(*o) for o in q["options"]),
                        q["default"], q["deadline"], q["public"], q["params"])
                for q in state["ask"]]

    def copy_state(self, state):
        """Field by field (see `state.copy`): `copy.deepcopy` of it was most of a game's time."""
        return copy_game(state)

    def _apply(self, state, pending, choice):
        ctx = Ctx(state)
        answer(state, pending.id, choice)
        run(ctx)
        return ctx.ev

    def public_view(self, state):
        return views.public_view(state)

    def seat_view(self, state, seat):
        return views.seat_view(state, seat)

    def describe(self, view, t):
        return views.describe(view, t)

    def ai_choice(self, state, pending, policy):
        choice = ai.choose(state, pending, policy)
        return choice if choice is not None and pending.option(choice) else None

    def picture(self, view, t):
        return picture.render(view, t)

    def final_sides(self, state):
        """Each person's role marker and team (the AUTOMA holds no seat)."""
        return {c["seat"]: {"role": f"roles:{c['role']}", "side": f"teams:{c['team']}"}
                for c in state["chars"] if c["seat"] is not None}

    def outcome(self, state):
        over = state["over"]
        return Outcome(tuple(over["winners"]), over["reason"], over["params"]) if over else None

