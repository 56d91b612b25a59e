"""The shape of an Among Cultists game state: plain JSON, declared once here.

Cards are named by type: "A" alive, "D" dead, "S" success, "F" failure, "X" sabotage. Characters
are numbered by their index in `chars`; people's seats and characters differ only by the AUTOMA,
a character without a seat."""
from __future__ import annotations

import marshal
from typing import TypedDict


class Character(TypedDict):
    seat: int | None            # the player's seat; None for the AUTOMA
    automa: bool                # the rulebook's AI investigator, played by the engine
    role: str                   # role marker code (CULTIST, SEER, MECHANIC...)
    team: str                   # "INV" or "CULT"
    ghost: bool                 # confirmed dead (disc flipped): plays as a ghost
    role_shown: bool            # the role marker has been revealed publicly
    location: str               # physical room or corridor id
    hand: dict[str, int]        # cards in hand by type (people); the AUTOMA's hand stays empty
    pulse: list[str]            # the Pulse deck, face down (its contents are the GM's alone)
    dead_shown: bool            # a D lies face up on the Pulse deck (a revealed murder)
    death_round: int | None     # first round this character was truly dead (0: from the start)
    route: int                  # index of the route card in data rules.routes
    murdered: bool              # the Assassin's once-per-game murder is spent
    room_pile: list[str]        # AUTOMA: face-down S/F/X pile, top = last
    encounter_pile: list[str]   # AUTOMA: face-down A/D pile, top = last


class Room(TypedDict):
    deck: list[str]             # the room deck, top = last
    explored: bool              # the room token has been flipped (forever)
    hazard_icon: bool           # the token's hidden side shows the Unsafe Passage icon
    books: int                  # book tokens still in the room
    finished: bool              # no books left: token and deck gone
    cultist_token: bool         # a placed Cultist token blocks room actions here


class Shelf(TypedDict):
    books: int                  # books on the shelf
    scored: bool                # the shelf filled up and its VP were added


class CultistToken(TypedDict):
    room: str                   # the room its face shows
    state: str                  # "hidden" (outside the University), "placed" or "removed"


class Portal(TypedDict):
    open: bool                  # the Portal stands in the Green room
    deadline: int | None        # last round it may be closed
    resolved: str | None        # "closed" or "failed" once settled


class Question(TypedDict):
    id: str                     # unique question id (a counter)
    seat: int | None            # who answers; None for a clock-only wait
    kind: str                   # prompt template key
    options: list               # [option id, option template key, params]
    default: str                # applied when the deadline passes
    deadline: str               # deadline class of the pace presets
    public: bool                # asked in the table's thread rather than privately
    params: dict                # prompt template parameters
    key: str                    # where the answer is stored in the waiting task


class State(TypedDict):
    rng: int                    # the seeded RNG's state (games.rng)
    mode: str                   # complexity: intro, experienced or expert
    hazards: bool               # Unsafe Passage deck, Broken Glass, Cultist tokens, Fish Man
    players: int                # human seats
    count: int                  # S: characters in play (people + AUTOMA)
    layout: str                 # map layout id
    chars: list[Character]      # every character
    order: list[int]            # characters clockwise (turn order from the Knife holder)
    knife: int                  # character holding the Knife (First Player marker)
    round: int                  # clock hour 1..10
    phase: str                  # night, movement, event, action, vote, cleanup, seer, over
    rooms: dict[str, Room]      # by room id
    shelves: dict[str, Shelf]   # by shelf id
    draw_deck: list[str]        # the draw pile, top = last
    unsafe_deck: list[str]      # the Unsafe Passage deck (hazard mode)
    cultist_tokens: list[CultistToken]  # the three Cultist tokens (hazard mode)
    fish_man: str | None        # "LAKE", a corridor id, or None without hazards
    vote_token: bool            # the Dining Room's vote token is on its active side
    power_on: bool              # the Security Room's power token
    bag: list[str]              # event tokens still in the bag
    clock: dict[str, str]       # event drawn each round, by round number
    event: str | None           # the event token revealed this round (the current one)
    effect: str | None          # the lasting effect in force (a Mirror shows what it copied)
    portal: Portal              # the Portal's state
    vp: int                     # victory points of the Investigators
    vp_target: int              # the index finger on the VP track
    infected_until: int | None  # nobody gives cards in Encounters until this round's Cleanup
    acted: list[int]            # characters that took their action this round
    skip: list[int]             # characters whose action a Portal closing consumed
    role_pool: list             # the public role list: codes, or lists a random pick came from
    ballot_log: list            # every revealed ballot: [voter, target or None] (public)
    stack: list[dict]           # tasks still to run, the next one last
    ask: list[Question]         # questions open now
    step: int                   # question counter
    over: dict | None           # {"winners": [...], "reason": ..., "params": {...}} at the end


def _fresh(x):
    """A copy of a small JSON value with no part shared."""
    return marshal.loads(marshal.dumps(x))


def copy(s: State) -> State:
    """A copy of a state that shares no mutable part with it, built field by field from the
    shape above: a third faster than one generic copy, and a game makes a copy per decision.
    A field added above must be added here (tests check that nothing is shared)."""
    new = dict(s)
    new["chars"] = [{**c, "hand": dict(c["hand"]), "pulse": c["pulse"][:],
                     "room_pile": c["room_pile"][:], "encounter_pile": c["encounter_pile"][:]}
                    for c in s["chars"]]
    new["rooms"] = {r: {**room, "deck": room["deck"][:]} for r, room in s["rooms"].items()}
    new["shelves"] = {k: dict(v) for k, v in s["shelves"].items()}
    for key in ("order", "draw_deck", "unsafe_deck", "bag", "acted", "skip"):
        new[key] = s[key][:]
    new["cultist_tokens"] = [dict(t) for t in s["cultist_tokens"]]
    new["clock"], new["portal"] = dict(s["clock"]), dict(s["portal"])
    new["ballot_log"] = [b[:] for b in s["ballot_log"]]
    for key in ("role_pool", "stack", "ask", "over"):  # nested to any depth
        new[key] = _fresh(s[key])
    return new  # type: ignore[return-value]
