"""The one contract every rules engine follows.

A game is a deterministic state machine over plain JSON data. The hosting core never looks inside
the state: it asks the engine what is pending, hands it one decision at a time, stores what comes
back and delivers the events to their audiences. Engines never import discord and never read the
clock; randomness comes from `games.rng.Rng` over an integer kept in the state.

Seats are numbered from 0. Events and options carry structured data, not sentences: the text is
made from locale templates (see `hosting.text`), so the same event reads in English or Spanish.
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterable, Optional, TypedDict

PUBLIC = "public"
GM = "gm"


class IllegalMove(Exception):
    """A decision the rules refuse. `code` picks the locale string `errors.<code>` (game section
    first, then core); `params` fill it; `message` is the English fallback a player can read."""

    def __init__(self, code: str, message: str = "", **params: Any):
        super().__init__(message or code)
        self.code = code
        self.message = message or code
        self.params = params


@dataclass(frozen=True)
class Option:
    """One legal answer. `id` is what comes back in `apply` (short: it travels in a button's
    custom_id, keep it under 40 characters). `key` names the template `options.<key>`."""

    id: str
    key: str
    params: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"id": self.id, "key": self.key, "params": self.params}


class QuestionState(TypedDict):
    """An open question as an engine keeps it in its state: the fields its `Pending` is made
    of (see there). Each engine adds where the answer goes."""
    id: str               # unique over the game
    seat: Optional[int]   # who answers; None for a clock nobody answers
    kind: str             # the prompt's locale key
    options: list         # [option id, option locale key, params]
    default: str          # the answer a timeout gives
    deadline: str         # deadline class of the pace preset
    public: bool          # whether the table may see that it is being asked
    params: dict          # fills the prompt


PUBLIC_PICTURE = "public"   # Pending.params["picture"]: the seat's picture may be shown to all


@dataclass(frozen=True)
class Pending:
    """A decision the game is waiting for.

    id        unique over the whole game (a step counter inside it): a button carrying an id that
              is no longer pending is stale.
    seat      who decides; None for a clock-only wait that resolves with `default` at its deadline
              (used so that timing reveals nothing, or for a timed window nobody answers).
    kind      names the prompt template `prompts.<kind>`.
    options   the legal answers.
    default   option id applied when the deadline passes.
    deadline  deadline class ("night_step", "day_discussion", "vote", ...): the pace preset maps
              it to a duration.
    public    whether the question itself (not the answer) may be shown in the game thread, e.g.
              "seat 3 is voting". Answers are never shown until an event reveals them.
    params    fill the prompt's template; `"picture": True` asks the bot to send the seat's own
              picture (its `seat_view`) with the question, when the question needs it to be
              answered (Mysterium's Ghost choosing among the numbered cards of its hand), in
              a DM only: a seat's picture may hold its secrets. `"picture": PUBLIC_PICTURE`
              ("public") is the engine's word that this seat's picture holds public facts
              only, so it goes with the question in the thread too (a Mysterium psychic's
              visions and candidates, asked in public).
              `"pick": {"menu": key, "min": a, "max": b, "confirm": option key}` makes a
              multi-pick: the options whose `params["menu"]` is `key` may be chosen together,
              a to b of them, as one answer: their ids joined by "+" in the options' order
              (`joined`). The bot shows them as one menu and a button labelled by the
              `confirm` option template; one picked alone is its own option id. With
              `"anchors": [option ids]` the answer is one of those options, then "+", then
              the picks (Mysterium's "to.2+card.V01+card.V07": these visions to that
              psychic): a button for each anchor, labelled by `confirm` filled with the
              anchor's params, and the anchor alone stays an answer of its own.
              `"alone": "cover" | "ready"` says why the question is asked when it offers
              a single answer (otherwise one answer is taken without asking: a ritual click
              decides nothing): "cover", asked whatever the seat holds so that nobody
              learns who had a choice, from its presence or from how long the step lasts;
              "ready", a Ready that ends a wait early. The bot says so under the question.
    An option's `params["menu"]` (a key of the game's `menus` locale section, filled with the
    option's params) names the menu it is listed in when the bot shows options as menus;
    `params["unlisted"]` marks one the deadline takes but nobody would click (Mysterium's
    "asked again"): it is never shown as a choice. `params["path"]`, [[menu, part], ...]
    with the same menus on every option that has one, spells an option as steps (Room 25's
    first action, second action, Adrenaline): the bot asks one menu per step (`menus.<menu>`,
    each part named by `parts.<part>`, or by another section's key as "section:key") instead
    of listing every combination. Asked in the thread, only the first step's menu shows: the
    rest comes in an answer only the person asked sees.
    """

    id: str
    seat: int | None
    kind: str
    options: tuple[Option, ...]
    default: str | None
    deadline: str
    public: bool = False
    params: dict = field(default_factory=dict)

    def option(self, option_id: str) -> Option | None:
        for opt in self.options:
            if opt.id == option_id:
                return opt
        return None

    def picks(self) -> tuple[Option, ...]:
        """The options a multi-pick draws from (none if this question is not one)."""
        menu = (self.params.get("pick") or {}).get("menu")
        return tuple(o for o in self.options if menu is not None and o.params.get("menu") == menu)

    def picked(self, choice: str) -> list[Option] | None:
        """The options a multi-pick answer names, or None if `choice` is not one: its anchor
        first when it has anchors, then distinct picks, as many as the question allows, in
        the options' order."""
        pick, items = self.params.get("pick") or {}, {o.id: o for o in self.picks()}
        ids = choice.split(JOIN)
        anchor = ids.pop(0) if ids and ids[0] in pick.get("anchors", ()) else None
        if not items or ("anchors" in pick and anchor is None) or any(
                i not in items for i in ids) or not (
                pick.get("min", 1) <= len(ids) <= pick.get("max", len(items))):
            return None
        if JOIN.join(filter(None, (anchor, joined(ids, self)))) != choice:
            return None
        return [*filter(None, (self.option(anchor or ""),)),
                *(o for o in self.picks() if o.id in ids)]

    def allows(self, choice: str) -> bool:
        """Whether `choice` answers this question: one of its options (but a pick of a
        multi-pick with anchors, which needs one), or a multi-pick."""
        if self.picked(choice) is not None:
            return True
        anchored = "anchors" in (self.params.get("pick") or {})
        return self.option(choice) is not None and not (
            anchored and any(o.id == choice for o in self.picks()))

    def to_json(self) -> dict:
        return {
            "id": self.id, "seat": self.seat, "kind": self.kind,
            "options": [o.to_json() for o in self.options], "default": self.default,
            "deadline": self.deadline, "public": self.public, "params": self.params,
        }


JOIN = "+"   # joins the ids of a multi-pick's options into one answer


def joined(ids: Iterable[str], pending: Pending) -> str:
    """One multi-pick answer: the picked ids in the order the question lists them."""
    ids = set(ids)
    return JOIN.join(o.id for o in pending.options if o.id in ids)


@dataclass(frozen=True)
class Event:
    """Something that happened, for one audience: PUBLIC, GM, or a tuple of seats.

    `kind` names the template `events.<kind>`; `data` fills it. An event for seats may carry
    secrets; a PUBLIC one never does until the rules reveal them.
    A public event whose data holds `"pin": True` is a line the table keeps in view (a public
    sheet): the bot pins the post that carries it.
    A public event whose data holds `"minor": True` is a small step (a narrator's call, a vote
    cast, a token played): worth a line in the phase's post, never a message, ping or picture
    of its own. Mark by kind, never by who acted, so the mark tells nothing.
    """

    kind: str
    data: dict
    audience: Any = PUBLIC

    def __post_init__(self):
        aud = self.audience
        if aud not in (PUBLIC, GM):
            object.__setattr__(self, "audience", tuple(sorted(int(s) for s in aud)))

    def audience_tags(self) -> list[str]:
        """'public', 'gm' or one 'seat:N' per seat."""
        if self.audience in (PUBLIC, GM):
            return [self.audience]
        return [f"seat:{s}" for s in self.audience]

    def to_json(self) -> dict:
        aud = self.audience if self.audience in (PUBLIC, GM) else list(self.audience)
        return {"kind": self.kind, "data": self.data, "audience": aud}

    @classmethod
    def from_json(cls, raw: dict) -> "Event":
        return cls(raw["kind"], raw["data"], raw["audience"])


def canonical(state: dict) -> dict:
    """The state exactly as the store gives it back: JSON types only, keys sorted. Every step
    returns this form, so a game kept in memory and one read back after a restart (or in
    another process) iterate their dicts in the same order and play on the same way."""
    return json.loads(json.dumps(state, sort_keys=True))


def to_seats(*seats: int | Iterable[int]) -> tuple[int, ...]:
    """Audience helper: to_seats(1), to_seats([1, 2])."""
    out: list[int] = []
    for s in seats:
        out.extend([s] if isinstance(s, int) else s)
    return tuple(out)


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended. `reason` names `outcomes.<reason>`."""

    winners: tuple[int, ...]
    reason: str
    params: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"winners": list(self.winners), "reason": self.reason, "params": self.params}


class FinalSide(TypedDict):
    """A seat's part once the game is over (`Engine.final_sides`): each a reference
    "section:key" into the game's own locale ("personas:alma", "teams:CULT"), so the history
    names it in the reader's language (`hosting.results.named`). None: the game has none."""
    role: Optional[str]
    side: Optional[str]


class Engine:
    """Base class of a rules engine. Subclasses implement the underscored hooks and the views;
    the public methods add the checks every game needs once.

    `apply` never mutates the state it is given: it works on a deep copy, so a refused move
    leaves nothing behind and the host can keep the old state until the new one is committed.
    """

    name: ClassVar[str]
    modes: ClassVar[tuple[str, ...]] = ("normal",)
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    # How the AI plays when the table asks for a smarter seat than the baseline, from the
    # plainest to the strongest (a person's seat on autopilot is played by the last).
    ai_policies: ClassVar[tuple[str, ...]] = ("baseline",)
    # The shape of the state `setup` and `apply` write today. Raise it whenever that shape
    # changes (a key renamed, added or dropped) and teach `upgrade` the step.
    state_version: ClassVar[int] = 1
    # Private lines the answer that caused them already showed its person (a card chosen in
    # an answer only they saw): kept in the seat's history, never a DM of their own.
    shown_by_the_answer: ClassVar[frozenset[str]] = frozenset()

    # ---- setup -----------------------------------------------------------------------------
    def check_players(self, mode: str, players: int) -> None:
        """Raise IllegalMove if `players` cannot play `mode` (the lobby asks before starting)."""
        if mode not in self.modes:
            raise IllegalMove("unknown_mode", f"Unknown mode {mode!r}.", mode=mode)
        lo, hi = self.player_range(mode)
        if not lo <= players <= hi:
            raise IllegalMove(
                "player_count", f"This mode needs {lo} to {hi} players.", lo=lo, hi=hi)

    def player_range(self, mode: str) -> tuple[int, int]:
        return self.min_players, self.max_players

    def default_options(self, mode: str, players: int) -> dict:
        """The options the host may edit before starting (card sets, variants...)."""
        return {}

    def seat_roles(self, mode: str, options: dict) -> dict[int, str]:
        """The seats whose role the table knows before it starts (Mysterium's human Ghost,
        Tragedy Looper's Mastermind at seat 0), so its lobby can say who plays it: seat ->
        a key of the game's `seat_roles` locale section. `options`: what the table set."""
        return {}

    def option_specs(self, mode: str) -> dict:
        """Every option a table may set in `mode`, name -> `games.options` spec. Declare them
        all here: nothing else is accepted (see `games/options.py`)."""
        return {}

    def check_options(self, mode: str, options: dict) -> None:
        """Raise IllegalMove (an `OptionError`) on an undeclared option or a refused value."""
        from games.options import check_options  # games.options builds on this module
        if mode not in self.modes:
            raise IllegalMove("unknown_mode", f"Unknown mode {mode!r}.", mode=mode)
        check_options(self.option_specs(mode), {k: v for k, v in options.items() if k != "mode"})

    def setup(self, options: dict, players: int, seed: int) -> tuple[dict, list[Event]]:
        """Start a game. Options override the defaults for this player count; an option that
        is a group of named parts (a card set by position) overrides only the parts it names."""
        mode = options.get("mode", self.modes[0])
        self.check_players(mode, players)
        self.check_options(mode, options)
        merged = self.default_options(mode, players)
        for key, value in options.items():
            base = merged.get(key)
            merged[key] = ({**base, **value} if isinstance(base, dict) and isinstance(value, dict)
                           else value)
        state, events = self._setup({**merged, "mode": mode}, players, seed)
        return canonical(state), events

    def _setup(self, options: dict, players: int, seed: int) -> tuple[dict, list[Event]]:
        raise NotImplementedError

    def upgrade(self, state: dict) -> dict:
        """A stored state of an older shape, brought to the one the code reads today. The host
        calls it when it loads a game stored at a `state_version` below the engine's, and
        stores the result. It must leave a current state alone (games stored before the host
        kept the version count as version 1): keep the version in the state, or tell the
        shape apart. Default: nothing has changed."""
        return state

    # ---- play ------------------------------------------------------------------------------
    def pending(self, state: dict) -> list[Pending]:
        """Every decision currently awaited, in a stable order."""
        raise NotImplementedError

    def apply(self, state: dict, seat: int | None, pending_id: str,
              choice: str) -> tuple[dict, list[Event]]:
        """Validate and apply one decision; returns (new state, events)."""
        if self.outcome(state) is not None:
            raise IllegalMove("game_over", "The game is over.")
        match = next((p for p in self.pending(state) if p.id == pending_id), None)
        if match is None:
            raise IllegalMove("stale", "That question is no longer open.")
        if match.seat != seat:
            raise IllegalMove("not_yours", "That decision is not yours to make.")
        if not match.allows(choice):
            raise IllegalMove("illegal_option", "That option is not allowed now.")
        new = self.copy_state(state)
        events = self._apply(new, match, choice)
        return canonical(new), events

    def copy_state(self, state: dict) -> dict:
        """The private copy `apply` changes; a game whose state is large may copy it faster."""
        return copy.deepcopy(state)

    def _apply(self, state: dict, pending: Pending, choice: str) -> list[Event]:
        """Mutate `state` (already a private copy) for an answer already known to be legal."""
        raise NotImplementedError

    def leave(self, state: dict, seat: int) -> tuple[dict, list[Event]]:
        """A player leaves the running game: (new state, events) handing that seat's part on,
        for games whose rules allow it (Mysterium's R24). Like `apply`, the given state is
        not changed. Most games cannot lose a player once dealt."""
        raise IllegalMove("not_in_lobby", "This game has already started.")

    # ---- views -----------------------------------------------------------------------------
    def public_view(self, state: dict) -> dict:
        """What everyone may see. Must contain "phase" (names `phases.<phase>`) and "round".
        "clock": {"key": ..., "params": {...}} names when the game is in its own words (a key
        of the game's `views` locale section: "Hour 3 of 7"); headers show it for "round N".
        "quiet": true says the rules forbid table talk now: the bot says so in the thread and
        removes people's posts there until it is false again."""
        raise NotImplementedError

    def clock_at(self, state: dict, phase: str, round_: int) -> dict | None:
        """The public view's "clock" as it read at a past moment of this game (its phase
        and round), for headers written after it (the recap's): None (the default) for
        "round N"."""
        return None

    def seat_view(self, state: dict, seat: int) -> dict:
        """What one seat may see: the public view plus its own secrets."""
        raise NotImplementedError

    def describe(self, view: dict, t) -> str:
        """Text of a view (public or seat) for the status message and "My secrets".
        `t` is a `hosting.text.Translator` bound to this game and the table's language."""
        raise NotImplementedError

    def secrets(self, view: dict, t) -> dict[str, list[str]] | None:
        """A seat view's secrets as lines, for "My secrets", which shows them before anything
        else: "own", what the seat holds (its cards, role, side, objective), and "known",
        what it has learnt of others. None (the default): the bot shows the lines of the
        seat's `describe` that the public one lacks."""
        return None

    def picture(self, view: dict, t) -> bytes | None:
        """A PNG of a view, for games people would rather look at; None when there is none."""
        return None

    # ---- end -------------------------------------------------------------------------------
    def outcome(self, state: dict) -> Outcome | None:
        raise NotImplementedError

    def round(self, state: dict) -> int:
        return int(state.get("round", 0))

    def eliminated(self, state: dict) -> frozenset[int]:
        """The seats out of the game for good (dead, never to act again): their people may
        watch the rest with the spectators. Default: none (nobody is ever out)."""
        return frozenset()

    def final_sides(self, state: dict) -> dict[int, "FinalSide"]:
        """Each seat's role and side in a finished game, for the history and stats kept after
        it (never asked of a running game: its roles are secrets). A side names who won or
        lost together; winners are on a side the outcome names. Default: nothing known."""
        return {}

    # ---- AI --------------------------------------------------------------------------------
    def ai_choice(self, state: dict, pending: Pending, policy: str) -> str | None:
        """A smarter policy's answer, or None to let the baseline pick."""
        return None

    def ai_remark(self, state: dict, pending: Pending, choice: str) -> list[Event]:
        """What an AI seat tells the table as it answers (a co-op teammate sharing what it saw
        and plans); delivered just before the answer's own events. None by default."""
        return []
