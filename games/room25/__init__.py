"""Room 25 (seasons 1 and 2): Suspicion and Cooperative, Basic and Ultimate rules.

The engine keeps the whole game in plain JSON and resolves it as a stack of tasks (see `flow`);
this module maps that machine onto the engine contract."""
from __future__ import annotations

import copy

from games.base import Engine, Option, Outcome, Pending
from games.room25 import (abilities, actions, ai, mac, picture, robots,  # noqa: F401 (tasks)
                          programming, rooms, rounds, setup, views)
from games.room25.flow import Ctx, answer, run
from games.room25.options import option_specs
from games.room25.state import STATE_VERSION, upgrade


class Room25Engine(Engine):
    name = "room25"
    modes = ("suspicion", "coop")
    min_players = 1
    max_players = 8
    ai_policies = ("baseline", "coop", "guard")
    state_version = STATE_VERSION

    def upgrade(self, state):
        """Games stored with version 1's short keys get their fields renamed (see `state`)."""
        return upgrade(state)

    def player_range(self, mode: str) -> tuple[int, int]:
        return (4, 8) if mode == "suspicion" else (1, 6)

    def default_options(self, mode: str, players: int) -> dict:
        return setup.default_options(mode, players)

    def option_specs(self, mode: str) -> dict:
        return option_specs(mode)

    def _setup(self, options, players, seed):
        state, ctx = setup.build(options, players, seed)
        run(ctx)
        return state, ctx.ev

    # ---- play --------------------------------------------------------------------------------
    def pending(self, state: dict) -> list[Pending]:
        if state["outcome"]:
            return []
        ask = state["question"]
        if ask:
            out = [Pending(ask["id"], ask["seat"], ask["kind"],
                           tuple(Option(*o) for o in ask["options"]),
                           ask["default"], ask["deadline"], ask["public"], ask["params"])]
            offer = rounds.reveal_offer(state)
            if offer:
                out.append(Pending(offer["id"], offer["seat"], "guard_reveal",
                                   (Option("reveal", "reveal_now"), Option("not_now", "not_now")),
                                   "not_now", ask["deadline"], False, {"char": offer["char"]}))
            return out
        if state["waiting_for"] == "clue":
            opts = tuple(Option(*o) for o in rounds.clue_options(state))
            return [Pending(f"clue.{seat}", seat, "clue", opts, "none", "clue")
                    for seat in range(state["players"]) if str(seat) not in state["clues"]]
        if state["waiting_for"] == "program":
            out = []
            for ci in rounds.programmers(state):
                c = state["characters"][ci]
                if c["submitted"] is None:
                    opts = tuple(Option(*o) for o in programming.options(state, c))
                    adrenaline = any(o.params.get("adr") for o in opts)
                    out.append(Pending(f"p{state['round']}.{ci}", c["seat"], "program", opts, "0",
                                       "programming", False,
                                       {"char": c["name"], "round": state["round"],
                                        "adrenaline": adrenaline}))
            return out
        return []

    def apply(self, state, seat, pending_id, choice):
        """A timeout's default may be an answer no button offers ("nothing this round", an
        Adrenaline spent with no action: R-37); the host applies it like any other answer."""
        match = next((p for p in self.pending(state) if p.id == pending_id), None)
        if (match is None or match.seat != seat or choice != match.default
                or match.option(choice) is not None):
            return super().apply(state, seat, pending_id, choice)
        new = copy.deepcopy(state)
        return new, self._apply(new, match, choice)

    def _apply(self, state, pending, choice):
        ctx = Ctx(state)
        if pending.kind == "guard_reveal":
            rounds.answer_reveal(ctx, choice)
        elif pending.kind == "clue":
            rounds.give_clue(ctx, pending.seat, choice)
            state["waiting_for"] = None
        elif pending.kind == "program" and state["waiting_for"] == "program":
            ci = int(pending.id.split(".")[1])
            state["characters"][ci]["submitted"] = choice
            state["waiting_for"] = None
        else:
            answer(state, choice)
        run(ctx)
        return ctx.ev

    # ---- views & end -------------------------------------------------------------------------
    def public_view(self, state):
        return views.public_view(state)

    def seat_view(self, state, seat):
        return views.seat_view(state, seat)

    def describe(self, view, t):
        return views.describe(view, t)

    def secrets(self, view, t):
        return views.secrets(view, t)

    def picture(self, view, t):
        return picture.render(view, t)

    def final_sides(self, state):
        """Role: the seat's first character; side: prisoners or guards (Suspicion), else the
        team."""
        out = {}
        for c in state["characters"]:
            side = {"P": "prisoner", "G": "guard"}.get(c["role"], "team")
            out.setdefault(c["seat"], {"role": f"chars:{c['name']}", "side": f"sides:{side}"})
        return out

    def eliminated(self, state):
        """Seats whose every character is dead (nobody comes back in Room 25)."""
        seats = {c["seat"] for c in state["characters"]}
        return frozenset(s for s in seats if not any(
            c["alive"] for c in state["characters"] if c["seat"] == s))

    def outcome(self, state):
        over = state["outcome"]
        return Outcome(tuple(over["winners"]), over["reason"], over["params"]) if over else None

    # ---- AI ----------------------------------------------------------------------------------
    def ai_remark(self, state, pending, choice):
        return ai.remarks(state, pending, choice)

    def ai_choice(self, state, pending, policy):
        choice = ai.choose(state, pending, policy)
        return choice if choice is not None and pending.option(choice) else None
