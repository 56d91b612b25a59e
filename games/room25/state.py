"""The shape of a Room 25 game's state, declared once, and the migration of stored games.

The state is plain JSON (it is stored as is). Tiles keep one uid for the whole game: `board` maps
a cell (0..24, A1..E5 row-major) to the uid lying there, and the per-tile lists (`tile_kinds`,
`face_up`) are indexed by uid. Characters are referred to by their index in `characters`.

Version 1 named its fields with one to five letters; version 2 names them in words. The renames
are kept here as data (`RENAMED`, `CHARACTER_RENAMED`, ...) so that `upgrade` can bring a stored
version-1 game up to date, and so code written against the old names can be re-keyed with them.
"""
from __future__ import annotations

from typing import Any, Optional, TypedDict

from games.base import QuestionState

STATE_VERSION = 2


class Character(TypedDict):
    """One pawn (`characters[i]`); a seat may run several in co-op."""
    name: str                    # the character (jennifer, max, ...)
    seat: int                    # the seat that runs it
    tile: int                    # uid of the tile it stands on; -1 once eliminated
    alive: bool                  # still in the Complex
    role: Optional[str]          # Suspicion: "P" prisoner or "G" guard; None in co-op
    role_shown: bool             # its identity is public
    lost_tokens: list            # action tokens taken away by Punishment cards
    adrenaline: int              # 1 while it holds its Adrenaline token (Ultimate)
    adrenaline_round: int        # the round it last spent Adrenaline (Franck's Recover)
    adrenaline_programmed: bool  # Adrenaline is programmed for this round's extra pass
    programme: list              # the two programmed tokens by pass, None once played/empty
    floating: Optional[str]      # the single programmed token, played at pass 1 or 2
    programmed_count: Optional[int]  # how many tokens it programmed this round (public count)
    submitted: Optional[str]     # its programme's option id, once given this round
    arrival: int                 # order stamp of its last arrival in a room (Acid Bath)
    hidden: bool                 # Alice's Hide is in effect
    paranoia: Optional[list]     # under Paranoia: its shuffled tokens still to draw; else None
    paranoia_tile: Optional[int]  # the Paranoia Room that caused it
    left_paranoia_room: bool     # it left that room (Paranoia ends next round)
    trapped: Optional[list]      # in a Trap Room: [tile, actions done when it entered]
    flooded: Optional[list]      # in a Flooded Room: [tile, round it entered]
    regenerated_round: int       # the round a Regeneration Room brought it back
    revealed_round: int          # a guard's reveal round (0: not revealed)
    reveal_programmed: bool      # a guard programmed its reveal for its next action turn
    guard_tokens_used: list      # a revealed guard's tokens used this round
    guard_cold: bool             # a revealed guard began this round in a Cold Room
    actions_done: int            # tokens resolved so far (a Trap Room's deadline counts them)
    death_order: int             # order stamp of its elimination (0: alive)
    empty_rooms_left: int        # Sarah's Empty Room tiles left for Sabotage


class Question(QuestionState):
    """The one open question of the task on top of the stack (see `flow.choose`)."""
    answer_key: str     # where the answer goes in the task's `answers`


class Outcome(TypedDict):
    winners: list       # winning seats
    reason: str         # the reason's locale key
    params: dict        # fills the reason


class Task(TypedDict, total=False):
    """One step of work on the stack (see `flow`). `task` names the handler; the rest is what
    that handler reads, not every field on every task."""
    task: str            # the handler's name
    answers: dict        # answers given so far, by answer key
    char: int            # the character it concerns
    chars: list          # the characters it concerns (room effects, deferred entries)
    action_pass: int     # the action pass, 1 or 2
    token: str           # the token to resolve
    source: str          # where the token came from (programme, paranoia, guard, adrenaline)
    actions_done: int    # a Trap Room check: the action count it checks against
    tile: int            # the tile concerned (room effects, tunnel hops, Bruce's pushes)
    newly_revealed: bool  # a room effect: the room was face-down before this entry
    dir: Optional[str]   # the direction of the entry
    how: str             # how the characters got there (move, push, carry...)
    by: Optional[int]    # the character who caused it (draws, orders, pushes)
    attractor: int       # Jennifer when she attracted the entrant (Acid Bath)
    robot: int           # the robot (index) concerned
    card: str            # the M.A.C. card to resolve
    scheduled: bool      # an M.A.C. draw of the round's schedule (none in the last round)
    pawn: int            # character picking: the pawn whose name is being chosen
    open: bool           # programming: the round's programmes were opened
    cell: int            # a deferred entry's destination cell


class State(TypedDict):
    """A whole game."""
    version: int                 # STATE_VERSION when written
    rng: int                     # the seeded generator's state (games.rng)
    mode: str                    # suspicion or coop
    level: str                   # basic or ultimate
    players: int                 # number of seats
    madness: bool                # Madness cards in the M.A.C. deck
    madness_draws: bool          # co-op Madness: an M.A.C. card after programming and each pass
    options: dict                # table options: reminders, coop_win_on_gather, show_exit_origin
    round: int                   # the round being played, from 1
    remaining: int               # rounds left, this one included (1: the final round)
    first_character: int         # the character who acts first this round
    phase: str                   # start, pick, clue, programming, action, adrenaline, countdown, over
    action_pass: int             # the action pass under way (1 or 2)
    acting: Optional[int]        # the character whose action turn it is
    questions_asked: int         # questions opened so far (question ids)
    stack: list                  # tasks still to run, the last first (Task)
    question: Optional[Question]  # the open question
    waiting_for: Optional[str]   # simultaneous answers awaited: "clue" or "program"
    outcome: Optional[Outcome]   # the result once the game is over
    no_pass: list                # tiles under a No-Pass token
    locks: list                  # tiles under a Lock
    corridor_axis: str           # the Rotating corridor's open axis, "NS" or "EW"
    reminders: dict              # character index (str) -> tile its Reminder counter lies on
    robots: list                 # each robot's tile, None while in the supply
    deck: list                   # the M.A.C. deck, drawn from the end
    discard: list                # discarded M.A.C. cards
    face_up_cards: list          # M.A.C. cards in effect until the round ends
    slid_lines: dict             # line -> direction it was slid this round
    acceleration: bool           # Acceleration card: Control slides two steps this round
    jamming: bool                # Jamming card: no talking this round
    reveal_declined: Optional[str]  # the action turn a guard declined to reveal in (turn_mark)
    key_activated: bool          # co-op: the Key Room was activated
    alarm: bool                  # Suspicion: Room 25 was entered and the countdown cut short
    order_stamp: int             # the last order stamp handed out (arrivals, eliminations)
    seen_tiles: dict             # seat (str) -> uids of the tiles it has looked at
    seen_rounds: dict            # seat (str) -> uid (str) -> the round it last looked at it
    clues: dict                  # seat (str) -> its initial clue (a cell, or "none")
    characters: list             # every pawn (Character)
    board: list                  # cell -> uid of the tile lying there
    tile_kinds: list             # uid -> the room it is (a replaced tile changes kind)
    face_up: list                # uid -> 1 once the tile is face-up
    exit_tiles: list             # uids of the tiles that started in the exit zones


RENAMED = {"acc": "acceleration", "ask": "question", "chars": "characters", "clue": "clues",
           "ctrl": "slid_lines", "cur": "acting", "exit0": "exit_tiles", "face": "face_up_cards",
           "first": "first_character", "jam": "jamming", "key": "key_activated",
           "kind": "tile_kinds", "mad": "madness_draws", "np": "no_pass", "opts": "options",
           "over": "outcome", "pass": "action_pass", "rem": "reminders", "rot": "corridor_axis",
           "rv_no": "reveal_declined", "seen": "seen_tiles", "seen_round": "seen_rounds",
           "seq": "order_stamp", "step": "questions_asked", "up": "face_up",
           "wait": "waiting_for"}
CHARACTER_RENAMED = {
    "n": "name", "s": "seat", "u": "tile", "a": "alive", "r": "role", "sh": "role_shown",
    "lost": "lost_tokens", "adr": "adrenaline", "adr_r": "adrenaline_round",
    "pa": "adrenaline_programmed", "p": "programme", "f": "floating", "n_p": "programmed_count",
    "sub": "submitted", "q": "arrival", "hid": "hidden", "para": "paranoia", "pu": "paranoia_tile",
    "pl": "left_paranoia_room", "trap": "trapped", "fl": "flooded", "rg": "regenerated_round",
    "gr": "revealed_round", "rv": "reveal_programmed", "gu": "guard_tokens_used",
    "gc": "guard_cold", "acts": "actions_done", "dead": "death_order",
    "emp": "empty_rooms_left"}
QUESTION_RENAMED = {"s": "seat", "k": "kind", "o": "options", "d": "default", "dl": "deadline",
                    "pub": "public", "p": "params", "key": "answer_key"}
OUTCOME_RENAMED = {"w": "winners", "r": "reason", "p": "params"}
TASK_RENAMED = {"t": "task", "a": "answers", "c": "char", "p": "action_pass", "k": "token",
                "src": "source", "n": "actions_done", "u": "tile", "rev": "newly_revealed",
                "d": "dir", "att": "attractor", "r": "robot", "id": "card", "sched": "scheduled",
                "i": "pawn"}
TASK_RENAMED_BY_NAME = {"fx": {"c": "chars"}, "go": {"c": "chars"}}   # "c" holds a list there


def _renamed(d: dict, names: dict) -> dict:
    return {names.get(k, k): v for k, v in d.items()}


def _task(t: dict) -> dict:
    return _renamed(t, {**TASK_RENAMED, **TASK_RENAMED_BY_NAME.get(t["t"], {})})


def upgrade(state: dict[str, Any]) -> dict[str, Any]:
    """A stored game in the current shape: version 1 (no "version", short keys) is re-keyed."""
    if state.get("version", 1) >= STATE_VERSION:
        return state
    out = _renamed(state, RENAMED)
    out["characters"] = [_renamed(c, CHARACTER_RENAMED) for c in out["characters"]]
    out["stack"] = [_task(t) for t in out["stack"]]
    if out["question"]:
        out["question"] = _renamed(out["question"], QUESTION_RENAMED)
    if out["outcome"]:
        out["outcome"] = _renamed(out["outcome"], OUTCOME_RENAMED)
    for name, empty in (("seen_rounds", {}), ("reveal_declined", None), ("corridor_axis", "NS")):
        out.setdefault(name, empty)    # fields that older version-1 games did not have yet
    out["version"] = STATE_VERSION
    return out
