"""The shape of a Mysterium game's JSON state, declared once.

Psychics are numbered by seat order (index into `psychics`); a psychic-player's seat is the
`seat` of each psychic they control (two each in 2-3 player games). Vision cards are "V01".."V84",
psychic cards are the integers 1..54 of the rulebook's ID ranges.
"""
from __future__ import annotations

from typing import Literal, TypedDict

Stage = Literal["suspect", "place", "object", "done"]
CATEGORIES = ("suspect", "place", "object")
DONE = "done"


class Tokens(TypedDict):
    agree: int                  # clairvoyance tokens with the ✓ face
    disagree: int               # clairvoyance tokens with the ✗ face


class Psychic(TypedDict):
    persona: str                # which of the six psychics (names in the locales)
    colour: str                 # the persona's colour, how players name it in commands
    seat: int | None            # the psychic-player who controls it (None: they left, R24)
    targets: dict[str, int]     # category -> the psychic card this psychic must find (secret)
    stage: str                  # the category looked for now, or "done"
    found: list[int]            # psychic cards found, in order
    visions: list[str]          # vision cards in front of this psychic now
    wrong: list[int]            # cards guessed wrong at the current stage
    served: bool                # the Ghost has given this psychic visions this hour
    guess: int | None           # where the intuition token is this hour
    ready: bool                 # the psychic has locked its choices for this hour
    bets: dict[str, str]        # other psychic's index -> "agree" | "disagree", this hour
    tokens: Tokens              # clairvoyance tokens in hand
    spent_early: Tokens         # tokens used in hours I-III: they come back at hour IV
    track: int                  # clairvoyance track position
    window: int                 # bumps when the psychic's question must be asked anew
    finished_hour: int | None   # the hour the last card was found
    declined: list[int]         # seats that passed on taking it over this hour (R24)


class Draft(TypedDict, total=False):
    action: str                 # "give", "crow" or "shared": what the Ghost is putting together
    psychic: int                # give: to whom
    group: int                  # shared: the culprit group number
    cards: list[str]            # the vision cards picked so far (for shared: suspect, place, object)


class Group(TypedDict):
    number: int                 # 1..G as shown on the table
    cards: dict[str, int]       # category -> psychic card
    psychic: int | None         # whose line of investigation it is (None: an extra group, N=2)


class Epilogue(TypedDict):
    groups: list[Group]
    culprit: int | None         # the group the Ghost's shared vision stands for (secret)
    shared: list[str]           # the three vision cards, in reveal order (secret until revealed)
    labels: dict[str, str]      # vision card -> the category the Ghost meant (secret to the end)
    revealed: int               # how many shared cards are face up
    stage: int                  # vote stage now: 1..3 (level that votes), 0 for N <= 3
    reminded: bool              # this stage's first time slice ran out and the table was told
    votes: dict[str, int | None]  # voter key -> group (None: abstained); voters are psychic
                                  # indexes for N >= 4, seats for N <= 3
    rounds: list[dict]          # N = 3 only: each round of public proposals, seat -> group
                                # (None: no proposal); votes holds the latest of each seat
    verdict: int | None         # the group the vote chose


class State(TypedDict):
    seed: int
    rng: int                    # games.rng state
    difficulty: str             # "easy" | "intermediate" | "hard"
    seats: int                  # how many seats the table has
    total: int                  # N: players including the Ghost (a bot Ghost counts)
    ghost_seat: int | None      # the human Ghost's seat; None when the bot is the Ghost
    bot_ghost: bool             # the bot plays the Ghost (from the start or after takeover)
    tiebreak_age: str           # "youngest" | "eldest" (RULING R3)
    age_rank: list[int]         # per seat: 1 = youngest (drawn at setup, announced)
    psychics: list[Psychic]
    laid_out: dict[str, list[int]]  # category -> cards laid at setup
    table: dict[str, list[int]]     # category -> cards still on the table
    hand: list[str]             # the Ghost's vision cards
    deck: list[str]             # draw pile, top first
    discard: list[str]          # vision discard pile
    crows_left: int             # per game (intermediate, hard) or this hour (easy)
    crow_hour: int | None       # the hour of the last crow (the bot uses one an hour at most)
    hour: int                   # 1..7
    phase: str                  # "give", "window", "shared", "vote", "over"
    draft: Draft                # the Ghost's choice being put together (private)
    ghost_step: int             # numbers the Ghost's questions
    ghost_skips: int            # consecutive gives the bot made for a human Ghost
    epilogue: Epilogue | None
    result: dict | None         # {"won": bool, "reason": str} once over
