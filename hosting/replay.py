"""A finished game told again from what the store already keeps: its setup (options, seat
count, seed) and every decision in order, played once more through its engine. Nothing extra
is stored for it.

A step that changed the state without a decision, a person leaving the running game, is found
by its public `table_seat_left` line and played again with `Engine.leave` at the same version.
The replayed final state must equal the stored one (canonical JSON): a game whose steps no
longer lead there (stored by an older engine) is `NotReplayable`, never shown wrong.
Replays are built on demand; the few asked for last are kept in memory.
"""
from __future__ import annotations

import json
import logging
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field

import games
from games.base import Engine, Event, IllegalMove, canonical
from hosting import pace
from hosting.host import moment_of
from hosting.store import GameRow, Store

KEPT = 4          # replays kept in memory per store
log = logging.getLogger(__name__)


class NotReplayable(Exception):
    """This game cannot be told again: `code` names the refusal (`errors.<code>`)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


@dataclass
class Step:
    """One stored step played again: the moment it happened in ("phase:round"), who answered
    what (None for the setup and for a seat left), and what it made happen, every audience."""
    moment: str
    seat: int | None
    choice: str | None
    source: str                 # "setup", "left", or the decision's: "player", "ai", "timeout"
    events: list[Event]


@dataclass
class Round:
    """The steps of one round of the game's clock, the state its first step's moment was read
    from (whose clock names the round) and the state at its end."""
    number: int
    start: dict
    steps: list[Step] = field(default_factory=list)
    state: dict = field(default_factory=dict)


@dataclass
class Replay:
    game: GameRow
    rounds: list[Round]


def _same(a: dict, b: dict) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def replay(engine: Engine, game: GameRow, decisions: list[tuple],
           leaves: list[tuple[int, int]]) -> list[Round]:
    """Play the game's stored steps again: setup, then each decision (seq = the version its
    step made) with each departure at its own version. Raises NotReplayable when the end
    differs from the stored state (and passes on what the engine raises on a step)."""
    state, events = engine.setup({**pace.game_options(game.options), "mode": game.mode},
                                 len(game.seats), game.seed)
    rounds: list[Round] = []
    _add(rounds, Step(moment_of(engine, state), None, None, "setup", events), state)
    left = sorted(leaves)
    for seq, seat, pending_id, choice, source in decisions:
        while left and left[0][0] < seq:
            state = _leave(engine, state, left.pop(0)[1], rounds)
        moment = moment_of(engine, state)
        before = state
        state, events = engine.apply(state, seat, pending_id, choice)
        _add(rounds, Step(moment, seat, choice, source, events), before)
    for _, seat in left:
        state = _leave(engine, state, seat, rounds)
    if not _same(state, game.state or {}):
        raise NotReplayable("replay_differs", "the stored steps no longer lead to its end")
    outcome = engine.outcome(state)
    if outcome is not None:
        rounds[-1].steps[-1].events.append(Event(
            "table_finished", {"winners": list(outcome.winners), "reason": outcome.reason}))
    rounds[-1].state = state
    return rounds


def _add(rounds: list[Round], step: Step, before: dict) -> None:
    """A step joins the round of its moment; a new round closes the one before with the
    state as it was before this step (`before`: the state its moment was read from)."""
    number = int(step.moment.rpartition(":")[2] or 0)
    if not rounds or rounds[-1].number != number:
        if rounds:
            rounds[-1].state = before
        rounds.append(Round(number, before))
    rounds[-1].steps.append(step)


def _leave(engine: Engine, state: dict, seat: int, rounds: list[Round]) -> dict:
    """A seat left: the engine hands its part on where its rules let a player go; elsewhere
    the state stays as it was (the seat's questions went on without it)."""
    moment = moment_of(engine, state)
    try:
        new, events = engine.leave(state, seat)
    except IllegalMove:
        new, events = state, []
    _add(rounds, Step(moment, seat, None, "left",
                      [Event("table_seat_left", {"seat": seat}), *events]), state)
    return canonical(new)


_kept: "weakref.WeakKeyDictionary[Store, OrderedDict]" = weakref.WeakKeyDictionary()


async def load(store: Store, game: GameRow) -> Replay:
    """The replay of a finished game, from the store (the last few are kept in memory).
    NotReplayable while it is not finished, once cancelled, or when its steps do not lead to
    its end."""
    if game.status == "cancelled":       # its end never told its secrets: neither does this
        raise NotReplayable("replay_cancelled", "the game was cancelled")
    if game.status != "finished" or game.state is None:
        raise NotReplayable("replay_not_finished", "the game has not ended")
    kept = _kept.setdefault(store, OrderedDict())
    key = (game.id, game.version)
    if key in kept:
        kept.move_to_end(key)
        return kept[key]
    decisions = await store.decisions(game.id)
    leaves = await store.leaves(game.id)
    try:
        rounds = replay(games.engine(game.game), game, decisions, leaves)
    except NotReplayable:
        raise
    except Exception as err:       # an engine that refuses or breaks on its old steps
        log.info("game %s cannot be replayed: %s: %s", game.id, type(err).__name__, err)
        raise NotReplayable("replay_differs", f"{type(err).__name__}: {err}") from err
    kept[key] = Replay(game, rounds)
    while len(kept) > KEPT:
        kept.popitem(last=False)
    return kept[key]
