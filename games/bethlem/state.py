"""The shape of a Bethlem game's state, declared once, and the migration of stored games.

The state is plain JSON (it is stored as is). Version 1 named its top-level fields and the fields
of its cards and questions with one to four letters; version 2 names them in words. `upgrade` turns a
stored version-1 game into version 2 and leaves a current one alone.
"""
from __future__ import annotations

from typing import Any, Optional, TypedDict

STATE_VERSION = 2


class Card(TypedDict, total=False):
    """One card of the game, alive or dead, wherever it lies (`cards[card id]`)."""
    dead: int                 # dead (face up)
    revealed: int             # identity public (dead, or shown while alive)
    used: int                 # its normal use is spent (action cards, once-only powers)
    awake: int                # awakened
    awoke_round: int          # the round it awakened
    awake_used: int           # its awakened use is spent
    announced: int            # its awakening was announced to the table
    lobotomy: int             # lobotomised: 1 mutineer cured, 2 bipolar (an inmate turned mutineer)
    lobotomy_keeps_vote: int  # lobotomised by an awakened Lobotomía: its holder keeps the vote
    first_owner: int          # the seat that held it at the start (principal-card ties)
    killers: list             # who is credited with its death (spec §4.5.6)
    cause: str                # what killed it (a cause key, GM log only)
    died_round: int           # the round it died
    dead_by_day: int          # a bipolar Cataléptico dead by day, back at step 23
    bipolar_mode: str         # bipolar Cataléptico's chosen form ("n" normal, "b" opposite)
    guessed: int              # awakened Juego de azar already made its guess
    gone: int                 # removed from the game (custom: police investigation)
    ghost: int                # custom: a card that counts as dead for the Alchemist


class Mark(TypedDict):
    """A death mark waiting for the death pipeline (spec §0 "Mark")."""
    c: str        # the marked card
    s: str        # its source (a cause key)
    k: list       # killers credited if it kills
    i: int        # inevitable: no save removes it
    nt: int       # no on-death triggers (Leproso)
    m: int        # mutineer-type (Arthur stops it)
    x: int        # indirect death (Richard's awakening ignores only direct ones)


class Question(TypedDict, total=False):
    """An open question (see `core.ask`)."""
    id: str            # unique over the game
    seat: Optional[int]  # who answers; None for a clock nobody answers
    kind: str          # the prompt's locale key
    options: list      # [option id, option locale key, params]
    default: str       # the answer a timeout gives
    deadline: str      # deadline class of the pace preset
    public: bool       # whether the table may see that it is being asked
    params: dict       # fills the prompt
    handler: str       # the handler its answer goes to
    context: dict      # the handler's private context
    refused: dict      # answers the rules forbid now -> the reason given


class State(TypedDict):
    """A whole game."""
    version: int              # STATE_VERSION when written
    rng: int                  # the seeded generator's state (games.rng)
    mode: str                 # normal, three, two or custom
    players: int              # number of seats
    round: int                # round r = night r then day r
    phase: str                # setup, night, day or over
    questions_asked: int      # questions opened so far (question ids)
    questions: list           # open questions (Question)
    agenda: list              # tasks still to run, first first (core.run)
    win: Optional[dict]       # the outcome once decided: w winners, r reason, p params
    seating: list             # seats left to right
    options: dict             # table options the rules read (Ali's detection, storyteller, cap)
    rows: list                # each seat's four card ids, positions 1-4
    reserve: list             # small modes: each seat's reserve cards
    grave: list               # small modes: dead cards replaced from the reserve
    cards: dict               # card id -> Card
    personalities: list       # each seat's personality card
    personality_shown: list   # 1 once a seat's personality is public (day personalities)
    hands: list               # each seat's event cards
    deck: list                # the event deck, top first
    discard: list             # played or voided events
    eliminated: list          # 1 for a seat with no living card
    vote_lost: list           # 1 for a seat that lost its lynch vote (awakened Ali)
    objectives: list          # each seat's objective (objectives.py)
    known_cards: list         # card ids each seat has seen
    tokens: dict              # the modifiers on the table (arrow, scythe, flames, chip...)
    history: dict             # what once-per-game and cycle powers already chose
    parca: dict               # La parca: disobeyed rounds, whether obeyed, kill night due
    marks: list               # death marks placed tonight (Mark)
    attacked: list            # cards attacked this phase (twins, Muerte dulce, La parca)
    night: dict               # this night's working state (steps woken, plays, conference...)
    cascade: Optional[dict]   # the death pipeline in progress
    day: dict                 # this day's working state (ready, ballots, extra lynches...)
    pact: Optional[dict]      # the blood pact: a, b, type, maker, on, failed, collapsed
    sweet_death: Optional[dict]  # Muerte dulce's window: M its card, T the chosen card, mode
    rabies: list              # cards infected by rabies, marked at the next night
    neurotic: Optional[dict]  # Neuroticismo: controlled seat, controller, tonight's order
    prophecies: list          # Nostradamus prophecies waiting for their condition
    round_blocks: list        # [seat, archivist seat]: awakened El archivo's shield this round
    sides: Optional[list]     # small modes: each seat's side
    lone_player: Optional[int]  # 3-player mode: the seat that plays alone
    objective_cards: Optional[list]  # custom mode: each seat's objective card
    objective_shown: Optional[list]  # custom mode: 1 once a seat's objective card is public
    traitor: Optional[str]    # custom mode: the side the traitor chose
    custom: Optional[dict]    # custom mode: the custom characters' and happenings' state
    pool: dict                # the card set in play by group


RENAMED = {"n": "players", "q": "questions", "todo": "agenda", "ring": "seating",
           "opt": "options", "res": "reserve", "c": "cards", "pers": "personalities",
           "prv": "personality_shown", "hand": "hands", "disc": "discard", "out": "eliminated",
           "novote": "vote_lost", "obj": "objectives", "know": "known_cards", "tok": "tokens",
           "hist": "history", "att": "attacked", "nt": "night", "pipe": "cascade", "dy": "day",
           "md": "sweet_death", "neuro": "neurotic", "nostra": "prophecies", "side": "sides",
           "lone": "lone_player", "ocard": "objective_cards", "orv": "objective_shown",
           "cx": "custom", "seq": "questions_asked"}
CARD_RENAMED = {"d": "dead", "rv": "revealed", "u": "used", "aw": "awake", "awr": "awoke_round",
                "au": "awake_used", "an": "announced", "lob": "lobotomy",
                "lobv": "lobotomy_keeps_vote", "o0": "first_owner", "k": "killers", "why": "cause",
                "dr": "died_round", "cd": "dead_by_day", "bm": "bipolar_mode", "gg": "guessed"}
QUESTION_RENAMED = {"s": "seat", "k": "kind", "o": "options", "df": "default", "dl": "deadline",
                    "pb": "public", "pr": "params", "h": "handler", "x": "context",
                    "no": "refused"}


def upgrade(state: dict[str, Any]) -> dict[str, Any]:
    """A stored game in the current shape: version 1 gets its fields renamed."""
    if state.get("version", 1) >= STATE_VERSION:
        return state
    out = {RENAMED.get(k, k): v for k, v in state.items()}
    out["questions"] = [{QUESTION_RENAMED.get(k, k): v for k, v in q.items()}
                        for q in out["questions"]]
    out["cards"] = {cid: {CARD_RENAMED.get(k, k): v for k, v in card.items()}
                    for cid, card in out["cards"].items()}
    out["version"] = STATE_VERSION
    return out
