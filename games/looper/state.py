"""The game state, declared once. Everything is plain JSON; the script inside it is private to
the Mastermind (seat 0) and only `views` decides what each seat may see."""
from __future__ import annotations

from typing import Optional, TypedDict


class Character(TypedDict):
    location: str            # hospital / shrine / city / school
    alive: bool              # False: a corpse, which keeps its counters until the loop resets
    in_play: bool            # False for a character that enters in a later loop
    goodwill: int
    paranoia: int
    intrigue: int
    guards: int              # Extra counters: each one prevents one death


class Placement(TypedDict):
    owner: str               # "mastermind" or a protagonist deck "A" / "B" / "C"
    card: str                # card id (secret until the cards are revealed)
    target: str              # a location or a character id (public as soon as placed)


class Question(TypedDict):
    id: str                  # unique over the game ("q" + counter)
    seat: Optional[int]      # who answers; None for a clock-only window
    kind: str                # prompt template and answer handler
    options: list            # [option id, option template, params]
    default: str             # applied when the deadline passes
    deadline: str            # pace deadline class
    public: bool             # whether the thread may show that this seat is being asked
    params: dict


class Incident(TypedDict):
    day: int
    incident: str
    culprit: str             # private: only the Mastermind (and the end recap) sees it


class LooperState(TypedDict):
    game: str
    rng: int                 # the seeded RNG's whole state (games.rng)
    players: int             # seats: 0 is the Mastermind, 1.. the protagonists
    options: dict            # the table's options after defaults
    script: dict             # the private sheet (validated)
    loop: int                # 1..loops
    day: int                 # 1..days_per_loop
    days_played: int         # days begun over the whole game (the host's "round")
    step: str                # where the day is (names phases.<step> for the public)
    stage: dict              # scratch of the current step (answers collected so far; while
                             # a card's target is asked, "card": the card chosen)
    questions: list          # open Questions; the step goes on once all are answered
    asked: int               # questions asked so far (ids)
    characters: dict         # character id -> Character, in script cast order
    location_intrigue: dict  # location -> Intrigue on the location itself
    leader: int              # seat holding the Leader card
    deck_owner: dict         # deck letter -> seat controlling it
    deck_since: dict         # deck letter -> days_played when its owner got it
    mastermind_hand: list    # card ids in hand (duplicates kept)
    mastermind_set_aside: list   # once-per-loop cards spent this loop
    deck_set_aside: dict     # deck letter -> once-per-loop cards spent this loop
    placed: list             # today's face-down Placements
    abilities_used_today: list   # "character:ability" used (or refused) today
    abilities_used_loop: list    # the same for once-per-loop abilities, this loop
    rumor_used: bool         # An Unsettling Rumor's once-per-loop Intrigue
    patient_may_leave: bool  # the Doctor's release, until the loop ends
    extra_gauge: int         # the record board's extra gauge (script special rules)
    incidents_occurred: list     # Incidents that happened this loop
    revealed_roles: dict     # character -> role, made public by the rules; kept all game
    goodwill_snapshot: list  # who had Goodwill at the last loop end (Threads of Fate)
    loop_results: list       # per finished loop: on which day it ended and whether it was lost
    chronicle: list          # every death so far: loop, day, step, where, who else stood there
                             # (all public; what the protagonists remember across loops)
    loop_lost: bool          # a loss condition has happened this loop
    loop_ended: bool         # the loop ends at once (deaths, declarations)
    protagonists_dead: bool  # the loss was "You are all dead"
    guesses: dict            # Final Guess: character -> guessed role
    deductions: dict         # protagonist seat -> its own notes, character -> suspected role
    result: Optional[dict]   # {"winner": "protagonists" | "mastermind", "reason": ...}
