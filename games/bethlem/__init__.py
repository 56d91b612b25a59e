"""El manicomio de Bethlem: rules engine (spec shared/rules/bethlem.md).

The engine is a continuation machine over plain JSON (see `core`; its shape is declared in
`state`); the modules hold the rules by topic: `setup`; `night` (the guide's agenda and dawn)
with the guide's sections `night_opening`, `night_watch`, `night_actions`, `night_closing`;
`mutiny`, `nightevents`, `deaths` and `triggers` (the death pipeline), `day`, `lynch`,
`dayevents`, `objectives`, `custom` (custom mode, with one module per custom card or awakening
and `happenings`); `views`, `picture` and `ai` serve the host.
"""
from __future__ import annotations

import marshal

from games.base import Engine, Option, Outcome, Pending

from . import (ai, custom, day, dayevents, deaths, lynch, mutiny, night,  # noqa: F401
               night_actions, night_closing, night_opening, night_watch, nightevents, picture,
               setup, triggers, views, virus)
from .alchemist import CARD as ALCHEMIST
from .core import answer, refuse, refused
from .options import option_specs
from .state import STATE_VERSION, upgrade
from .table import owner

# The side (a key of the locale's `sides`) each objective plays on; the traitor's depends.
_OBJECTIVE_SIDE = {"MUTINEER": "mutineers", "INTERNOS": "internos", "DIRECTOR": "director",
                   "RICHARD": "richard", "PACT": "pact", "HATE_PACT": "hate_pact",
                   "RENEGADE": "renegade", "INQUISITOR": "inquisitor"}
RANGES = {"normal": (4, 7), "three": (3, 3), "two": (2, 2), "custom": (4, 7)}


class _Snapshot(dict):
    """The base class deep-copies the state on every decision; the state is plain JSON, so a
    marshal round trip gives the same private copy many times faster."""

    def __deepcopy__(self, memo):
        return marshal.loads(marshal.dumps(dict(self)))


class BethlemEngine(Engine):
    name = "bethlem"
    modes = ("normal", "three", "two", "custom")
    min_players, max_players = 2, 7
    ai_policies = ("baseline", "objective")
    state_version = STATE_VERSION

    def upgrade(self, state):
        """A stored game in the current state shape (`state.py`)."""
        return upgrade(state)

    def player_range(self, mode):
        return RANGES[mode]

    def default_options(self, mode, players):
        lo, hi = RANGES.get(mode, (0, -1))
        return setup.default_options(mode, players) if lo <= players <= hi else {}

    def option_specs(self, mode):
        return option_specs(mode)

    def _setup(self, options, players, seed):
        return setup.setup(options, players, seed)

    def apply(self, state, seat, pending_id, choice):
        """Answers the rules forbid right now are not among the options; whoever still sends
        one is told why (e.g. a third identical modifier, La parca's kill night)."""
        code = refused(state, pending_id, seat, choice)
        if code is not None:
            refuse(code)
        return super().apply(_Snapshot(state), seat, pending_id, choice)

    _last: tuple = (None, None, None)

    def pending(self, state):
        """The open questions. The host asks twice per decision about the same state (then
        `apply` asks again), so the last answer is kept while the question list is unchanged."""
        qs = state["questions"]
        key = (len(qs), qs[-1]["id"] if qs else None)
        if self._last[0] is qs and self._last[1] == key:
            return list(self._last[2])
        out = [Pending(q["id"], q["seat"], q["kind"], tuple(Option(*o) for o in q["options"]),
                       q["default"], q["deadline"], q["public"], q["params"]) for q in qs]
        self._last = (qs, key, out)
        return list(out)

    def _apply(self, state, pending, choice):
        return answer(state, pending.id, choice)

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

    def eliminated(self, state):
        """Seats eliminated, but for the Alchemist's owner while her return may still be
        offered (she may come back once)."""
        back = (owner(state, ALCHEMIST) if ALCHEMIST in state["cards"]
                and not (state["custom"] or {}).get("alchemist_returned") else None)
        return frozenset(s for s, out in enumerate(state["eliminated"]) if out and s != back)

    def outcome(self, state):
        win = state["win"]
        if win is None:
            return None
        return Outcome(tuple(win["winners"]), win["reason"], dict(win["params"]))

    def final_sides(self, state):
        """Role: the objective the seat played for at the end; side: the one it won with (the
        outcome's), else the side that objective plays on."""
        won = (state["win"] or {}).get("params", {}).get("sides", {})
        out = {}
        for seat, objective in enumerate(state["objectives"]):
            side = won.get(str(seat)) or _OBJECTIVE_SIDE.get(objective)
            if objective == "TRAITOR":   # wins with the side it did not betray
                side = won.get(str(seat)) or ("internos" if state["traitor"] == "mut"
                                              else "mutineers")
            out[seat] = {"role": f"objectives:{objective}", "side": side and f"sides:{side}"}
        return out

    def ai_choice(self, state, pending, policy):
        return ai.choose(state, pending, policy)
