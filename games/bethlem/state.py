"""The shape of a Bethlem game's state, declared once, and the migration of stored games.

The state is plain JSON (it is stored as is). Version 1 named its top-level fields and the fields
of its cards and questions with one to four letters; version 2 names them in words; version 3 also
names the fields of death marks and deaths, the outcome, the night, the day, the history, the
pact, Muerte dulce's window, Neuroticismo, La parca and custom mode's happenings, bets and
bookkeeping; version 4 also names what each open question keeps for its handler (`CONTEXTS`)
the prophecies' condition and effect, Melancolía's and Paciencia's tokens and the Relojero's
numbers. `upgrade` brings a stored game of any
older version up to date, step by step, and leaves a current one alone. The renames are kept
here as data, so code written against the old names can be re-keyed with them.
"""
from __future__ import annotations

from typing import Any, Optional, TypedDict

from games.base import QuestionState

STATE_VERSION = 4


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
    card: str          # the marked card
    source: str        # what placed it (a cause key)
    killers: list      # seats credited if it kills
    inevitable: int    # no save removes it
    no_triggers: int   # no on-death triggers (Leproso)
    mutineer: int      # mutineer-type (Arthur stops it)
    indirect: int      # indirect death (Richard's awakening ignores only direct ones)


class Death(TypedDict):
    """A card the death pipeline just killed (`cascade` died, and last by killed seat)."""
    card: str          # the dead card
    killers: list      # seats credited with it
    no_triggers: int   # its on-death triggers do not fire
    inactive: int      # it was inactive when it died
    cause: str         # what killed it (a cause key)
    seat: int          # the seat that held it


class Win(TypedDict):
    """The outcome once decided."""
    winners: list      # winning seats
    reason: str        # the reason's locale key
    params: dict       # fills the reason


class Night(TypedDict, total=False):
    """This night's working state (reset at nightfall)."""
    woke: dict               # step code -> seats that woke at it
    blocked: list            # seats whose powers are blocked tonight (Mary)
    impersonated: Optional[int]  # the seat Mary impersonates tonight
    protections: list        # [protector seat, protected card, power source]
    plays: list              # event cards played at step 5: [seat, event, target]
    hypnoses: dict           # power step -> [seat, card] hypnoses, in the order played
    hypnoses_done: dict      # power step -> hypnosis sub-steps already run
    hypnosis_amnesia: list   # seats that hypnotised Amnesia and may still use it by day
    director_turn: Optional[dict]  # the director's borrowed power: card, code, seat, via
    director_amnesia_used: int  # the director's borrowed Krugman amnesia was used
    ali: dict                # Ali's peeks: peek/seat, director_peek/director_seat, spy
    shown: Optional[str]     # the card Larry showed tonight
    laughed: list            # cards the laughing gas laughed at
    dawn: list               # events held for dawn
    dawn_public: list        # public lines held for dawn [kind, params]
    dawn_over: int           # dawn has been resolved
    dawned: int              # dawn has begun (its deaths are announced)
    kill_night: int          # La parca kills tonight
    lobotomised: list        # cards lobotomised tonight
    step: str                # the step being played (its code)
    conference: Optional[dict]  # the mutineers' conference (Conference)
    second_conference: int   # the second conference of a doubled night was held
    voodoo: dict             # Vudú's work tonight (marks go to its doll while set)
    curse: dict              # the cursed card's players' picks tonight: seat (str) -> seat
    deaths: int              # someone died tonight
    revived: list            # cards revived tonight


class Conference(TypedDict):
    """The mutineers' conference (steps 16-17)."""
    members: list            # the seats that take part
    picks: dict              # seat (str) -> the card it picks
    changes: dict            # seat (str) -> how many times it changed its pick
    locked: Optional[str]    # the card agreed on
    spies: list              # seats that listen in
    nathaniel: int           # the seat whose awakened Nathaniel decided alone


class Day(TypedDict, total=False):
    """This day's working state (reset at daybreak)."""
    ready: list              # seats ready to end the discussion
    sanction: Optional[str]  # the sanction drawn for the lynch
    extra: list              # extra lynches owed (events, curse)
    cancel: int              # the lynch was cancelled
    done: int                # the lynch is over
    defer: int               # deaths are deferred to the end of the day
    amnesia: list            # seats that used an amnesia today
    lynched: list            # cards lynched today
    first_ballot: dict       # seat (str) -> vote of the first ballot
    second_ballot: dict      # seat (str) -> vote of the second ballot
    second_ballot_voters: list  # seats that vote in the second ballot
    voters: list             # seats that vote
    kind: str                # what the lynch picks (card, pick...)
    picker: int              # the seat that picks the lynched card
    pardon: Optional[int]    # the seat that played a pardon
    curse: list              # the curse's killers, owed a lynch today


class History(TypedDict, total=False):
    """What once-per-game and cycle powers already chose (cycle powers pick every other active
    player before anyone twice; a last pick is [round, card])."""
    melancolia: list         # seats Melancolía already picked this cycle
    hostilidad: list         # seats Hostilidad already picked this cycle
    ansiedad_social: list    # seats Ansiedad social already picked this cycle
    larry: list              # seats Larry already showed this cycle
    mary: list               # seats Mary blocked (own power)
    mary_director: list      # seats Mary blocked through the director
    mary_permanent: list     # seats awakened Mary blocked for good
    mary_awake_used: int     # awakened Mary's use is spent
    archive_awake: list      # awakened El archivo's picks this cycle
    archive_lost: int        # El archivo lost its power
    director: list           # cards the director borrowed
    arthur: dict             # power source -> Arthur's last pick
    parca: Optional[list]    # La parca's last pick
    paciencia: Optional[list]  # Paciencia's last pick
    flick: Optional[list]    # John Flick's last pick
    daniel_converted: int    # awakened Daniel converted someone
    nathaniel_used: int      # awakened Nathaniel decided a conference
    questions: list          # questions asked (Juego de preguntas)
    ali_peeked: int          # Ali's first-night peek was used


class Tokens(TypedDict, total=False):
    """The modifiers on the table."""
    arrow: list              # cards under an arrow
    scythe: list             # cards under La parca's scythe
    flames: list             # cards under flames
    melancholy: list         # cards under Melancolía's token (they may not act this round)
    chip: Optional[str]      # the card under the gambler's chip
    chip_mode: str           # the chip's form
    chip_round: int          # the round the chip was placed
    patience: list           # [card, its marks] under Paciencia (death delayed one night)
    celda: list              # cards in the isolation cell
    director: Optional[str]  # the director's token
    daniel: list             # Daniel's tokens
    pandora: list            # Pandora's tokens
    coma: list               # cards in coma
    transplant: Optional[dict]  # the transplant in effect
    haunt: list              # haunted cards (custom)
    idle: list               # cards out of play this round (happenings)
    off_groups: list         # card groups out of play this round (happenings)


class Happenings(TypedDict, total=False):
    """Custom mode's happenings (`custom["happenings"]`)."""
    every: int               # a happening every this many rounds
    periodic: list           # the periodic deck, top first
    one_off: list            # the one-off deck, top first
    discarded: list          # periodic happenings played
    revealers: list          # seats that revealed a card since the last happening
    next: Optional[str]      # the happening chosen for the next round
    current: Optional[str]   # the happening in effect
    risky: int               # a risky happening is on
    risky_used: list         # risky happenings already played
    ring: list               # cards the spy ring watches
    hit: list                # watched cards that were attacked
    votes: dict              # votes on a happening


class Custom(TypedDict, total=False):
    """Custom mode's bookkeeping (`custom`): one entry per custom character or happening."""
    link: Optional[str]      # the card the Arquitecto linked
    maze: list               # seats the labyrinth already picked this cycle
    maze_card: str           # the card the labyrinth turned tonight
    maze_night: list         # [that card, its used flag before the turn] (restored after)
    maze_swap: Optional[dict]  # the Arquitecto's personality swap for the round (MazeSwap)
    laughs: list             # cards the laughing gas already named
    named: list              # [the card the laughing gas named, the round]
    pills: int               # awakened laughing gas's pills taken (two at most)
    revenge: list            # [seat, round]: the laughing gas's revenge owed
    hakis: list              # hakis already used
    king: int                # awakened Otaku got its hakis back (once)
    shield: list             # cards a defensive haki shields from one death
    observed: Optional[str]  # the card an observing haki watches (Otaku)
    points: int              # the Cyborg's points
    broccoli: dict           # card -> broccoli it ate
    broccoli_deaths: list    # cards that ate too much, to die after the lynches
    broccoli_dealt: int      # the first round's broccoli was put in the centre
    centre: int              # broccoli left in the centre
    fed: list                # seats fed this round
    meals: list              # seats the chef already fed this cycle
    medium: list             # seats whose card the Medium already borrowed
    medium_cards: list       # cards the Medium already borrowed
    body: str                # the Medium's body: spirit or flesh
    haunted: list            # seats the Medium already haunted
    haunt: list              # [seat, round]: the Medium's haunting, from that round
    inquired: int            # the round the inquisitor last inquired
    doctor: dict             # the Médico's treatments used: carro, coma -> count
    clock: dict              # the Relojero's numbers and powers (Watchmaker)
    gamble: dict             # the Ludópata's bets (Gamble)
    virus: dict              # seat (str) -> the virus's count on that player
    robots_lost: int         # robots destroyed
    alchemist_returned: int  # the Alquimista came back
    happenings: Optional[dict]  # the happenings (Happenings)


class Watchmaker(TypedDict, total=False):
    """The Relojero's clock (`custom["clock"]`)."""
    numbers: dict            # card -> its number (1-4)
    shown: list              # cards whose number is public
    powers: list             # one-use powers earned by numbers shown, not yet used
    time: dict               # the time-control card: used powers, snapshot of the dead, stop


class Gamble(TypedDict):
    """The Ludópata's bets (`custom["gamble"]`)."""
    bets: list               # bets placed (Bet)
    count: dict              # bet kind -> times bet on
    owed: list               # rewards still to collect


class Bet(TypedDict):
    """A Juego de azar bet (`custom["gamble"]["bets"]`)."""
    kind: str                # what is bet on
    arg: Optional[str]       # its argument (a card or a seat)
    round: int               # the round it was made


class MazeSwap(TypedDict):
    """The Arquitecto's personality swap for the round (`custom["maze_swap"]`)."""
    architect_seat: int
    marked_seat: int
    architect_personality: str   # restored at the end of the round
    marked_personality: str


class Pact(TypedDict):
    """The blood pact."""
    first_seat: int          # one member
    second_seat: int         # the other
    type: str                # normal or hate
    maker: int               # the seat that made it
    active: int              # it still binds
    failed: int              # it was refused
    collapsed: int           # it collapsed


class SweetDeath(TypedDict, total=False):
    """Muerte dulce's window."""
    muerte_card: str         # Muerte dulce's card
    target: str              # the chosen card
    mode: str                # "n" normal, "b" bipolar
    awakened: int            # played awakened
    round: int               # the round it was played
    attacked_from: int       # index into `attacked` from which attacks count
    seat: int                # the seat that played it
    done: int                # the window is closed


class Question(QuestionState, total=False):
    """An open question (see `core.ask`)."""
    handler: str       # the handler its answer goes to
    context: dict      # what the handler needs besides the answer (its fields: CONTEXTS)
    refused: dict      # answers the rules forbid now -> the reason given


SOURCE = "whose power this is: own, or the way it was borrowed (dir: the director)"
CONDITION = "the prophecy's condition (card_dies, player_loses, ...)"
PARAM = "the condition's card, seat or group (or None)"
EFFECT = "what the prophecy does when fulfilled (kill, revive, reveal)"

# What each handler's question keeps for it (`Question.context`): handler -> field -> meaning.
# A handler not listed keeps nothing.
CONTEXTS: dict[str, dict[str, str]] = {
    "action": {"card": "the action card used", "source": SOURCE,
               "form": "the form chosen (n normal, b bipolar, a/ab awakened)"},
    "flames_second": {"card": "Profeta", "source": SOURCE, "form": "the form chosen",
                      "first": "the card the first flame went on"},
    "use_form": {"card": "the action card used", "source": SOURCE},
    "arthur": {"source": SOURCE},
    "archivo": {"source": SOURCE, "awake": "true when El archivo plays its awakened power"},
    "mary": {"source": SOURCE},
    "scythe": {"source": SOURCE},
    "solo_kill": {"source": "the card (or director) whose lone kill this is"},
    "parca_kill": {"left": "kills La parca still owes tonight, this one included"},
    "gas_revenge": {"left": "picks the laughing gas's revenge still has, this one included"},
    "nathaniel_kill": {"left": "kills awakened Nathaniel still has, this one included"},
    "voodoo_move": {"left": "[kind, card] harms still to move, this one first"},
    "mania_target": {"card": "Manía persecutoria's card",
                     "left": "cards it still takes, this one included"},
    "mania_awake": {"card": "Manía persecutoria's card"},
    "mates_mode": {"card": "the dead cellmate's card"},
    "rabia_mode": {"card": "Infecto de rabia's card"},
    "gamble_guess": {"card": "Juego de azar's card"},
    "mates_revive": {"cards": "the owner's cards the cellmates killed"},
    "dulce_take": {"target": "the card Muerte dulce chose"},
    "dulce_revive": {"target": "the card Muerte dulce chose"},
    "curse_own": {"mark": "the death mark to put on the card picked (Mark)"},
    "curse_token": {"kind": "the token to lay on the card picked"},
    "chip_place": {"bipolar": "true when the placer may choose the chip's form"},
    "chip_mode": {"card": "the card the chip goes on"},
    "pact_second": {"first_seat": "the pact's first member"},
    "pact_type": {"first_seat": "the pact's first member", "second_seat": "its second member"},
    "larry": {"show": "true when Larry shows a card (else he looks)"},
    "anxiety_answer": {"asker": "the seat that asked", "question": "the question's key"},
    "event_target": {"event": "the night event being played",
                     "targets": "the targets picked so far"},
    "day_event": {"event": "the day event being played"},
    "psychiatrist": {"first_seat": "the first seat picked (None before the first pick)"},
    "prophecy_param": {"condition": CONDITION},
    "prophecy_effect": {"condition": CONDITION, "param": PARAM},
    "prophecy_card": {"condition": CONDITION, "param": PARAM, "effect": EFFECT},
    "draft": {"group": "the card group being drafted"},
    "doctor_treat": {"seen": "the card the doctor looked at (or None)"},
    "doctor_target": {"treatment": "the treatment chosen (carro, coma)"},
    "bet_on": {"bet": "what is bet on"},
    "reward_target": {"reward": "the reward chosen"},
    "haki_target": {"haki": "the haki used"},
    "cyborg_target": {"use": "what the points are spent on"},
    "inquiry": {"answers": "the answers given so far"},
    "happening_pick": {"pair": "the happenings offered", "order": "the seats that vote"},
    "happening_answer": {"happening": "the happening being answered"},
    "time_future_card": {"todo": "the seats still to pick a card from"},
    "virus_add": {"next": "what follows: spread, cull or nothing"},
    "clock_target": {"power": "the watchmaker's power being used"},
    "clock_move": {"numbered_card": "the card whose number moves"},
}


class Prophecy(TypedDict):
    """A Nostradamus prophecy waiting for its condition (`prophecies`)."""
    by: int                  # the prophet's seat
    condition: str           # what must happen (card_dies, player_loses, ...)
    param: Any               # the condition's card, seat or group (or None)
    effect: str              # what it does then (kill, revive, reveal)
    card: str                # the card it does it to
    first_round: int         # the first round it may come true (armed at that nightfall)
    last_round: int          # the last round it may come true (dropped at that round's upkeep)
    base: Any                # what counts as change, noted when armed (None before)


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
    win: Optional[dict]       # the outcome once decided (Win)
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
    tokens: dict              # the modifiers on the table (Tokens)
    history: dict             # what once-per-game and cycle powers already chose (History)
    parca: dict               # La parca: disobeyed_rounds, hit (obeyed), kill (due), set
    marks: list               # death marks placed tonight (Mark)
    attacked: list            # cards attacked this phase (twins, Muerte dulce, La parca)
    night: dict               # this night's working state (Night)
    cascade: Optional[dict]   # the death pipeline in progress
    day: dict                 # this day's working state (Day)
    pact: Optional[dict]      # the blood pact (Pact)
    sweet_death: Optional[dict]  # Muerte dulce's window (SweetDeath)
    rabies: list              # cards infected by rabies, marked at the next night
    neurotic: Optional[dict]  # Neuroticismo: controlled seat, by (controller), tonight's order
    prophecies: list          # Nostradamus prophecies waiting for their condition (Prophecy)
    round_blocks: list        # [seat, archivist seat]: awakened El archivo's shield this round
    sides: Optional[list]     # small modes: each seat's side
    lone_player: Optional[int]  # 3-player mode: the seat that plays alone
    objective_cards: Optional[list]  # custom mode: each seat's objective card
    objective_shown: Optional[list]  # custom mode: 1 once a seat's objective card is public
    traitor: Optional[str]    # custom mode: the side the traitor chose
    custom: Optional[dict]    # custom mode: the custom characters' and happenings' state (Custom)
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


# Version 3
MARK_RENAMED = {"c": "card", "s": "source", "k": "killers", "i": "inevitable", "nt": "no_triggers",
                "m": "mutineer", "x": "indirect"}
DEATH_RENAMED = {"c": "card", "k": "killers", "nt": "no_triggers", "off": "inactive", "src": "cause",
                 "s": "seat"}
WIN_RENAMED = {"w": "winners", "r": "reason", "p": "params"}
NIGHT_RENAMED = {"imp": "impersonated", "prot": "protections", "hyp": "hypnoses",
                 "hyp_done": "hypnoses_done", "hyp_amnesia": "hypnosis_amnesia",
                 "dir": "director_turn", "dir_used": "director_amnesia_used",
                 "dawn_pub": "dawn_public", "lob": "lobotomised", "cur": "step",
                 "conf": "conference", "conf2": "second_conference"}
CONFERENCE_RENAMED = {"p": "members", "sel": "picks", "n": "changes", "lock": "locked",
                      "nath": "nathaniel"}
ALI_RENAMED = {"dpeek": "director_peek", "dseat": "director_seat"}
DAY_RENAMED = {"b1": "first_ballot", "b2": "second_ballot", "b2voters": "second_ballot_voters"}
HISTORY_RENAMED = {"melan": "melancolia", "hostil": "hostilidad", "ans": "ansiedad_social",
                   "mary_dir": "mary_director", "mary_perm": "mary_permanent",
                   "mary_aw": "mary_awake_used", "arch_aw": "archive_awake",
                   "arch_lost": "archive_lost", "dir": "director", "paci": "paciencia",
                   "dan_conv": "daniel_converted", "nath": "nathaniel_used",
                   "ali_peek": "ali_peeked"}
PARCA_RENAMED = {"cnt": "disobeyed_rounds"}
PACT_RENAMED = {"a": "first_seat", "b": "second_seat", "on": "active"}
SWEET_DEATH_RENAMED = {"M": "muerte_card", "T": "target", "aw": "awakened", "r": "round",
                       "from": "attacked_from"}
NEUROTIC_RENAMED = {"ctl": "controlled"}
CUSTOM_RENAMED = {"hap": "happenings", "doc": "doctor", "broc": "broccoli",
                  "broc_die": "broccoli_deaths", "alch_back": "alchemist_returned"}
HAPPENINGS_RENAMED = {"per": "periodic", "one": "one_off", "disc": "discarded",
                      "rev": "revealers", "on": "current"}
MAZE_SWAP_RENAMED = {"a": "architect_seat", "t": "marked_seat", "pa": "architect_personality",
                     "pt": "marked_personality"}
BET_RENAMED = {"k": "kind", "a": "arg", "r": "round"}


# Version 4
CONTEXT_RENAMED = {  # handler -> its context's renames
    "curse_own": {"m": "mark"}, "haki_target": {"h": "haki"}, "inquiry": {"a": "answers"},
    "psychiatrist": {"a": "first_seat"}, "day_event": {"e": "event"},
    "doctor_target": {"t": "treatment"}, "bet_on": {"k": "bet"}, "reward_target": {"k": "reward"},
    "happening_answer": {"h": "happening"}, "solo_kill": {"src": "source"},
    "arthur": {"src": "source"}, "use_form": {"src": "source"}, "action": {"src": "source"},
    "flames_second": {"src": "source"}, "mary": {"src": "source"}, "scythe": {"src": "source"},
    "archivo": {"src": "source", "aw": "awake"}, "chip_place": {"bip": "bipolar"},
    "chip_mode": {"c": "card"}, "pact_second": {"a": "first_seat"},
    "pact_type": {"a": "first_seat", "b": "second_seat"},
    "event_target": {"e": "event", "t": "targets"}, "draft": {"g": "group"},
    "gamble_guess": {"c": "card"}, "mates_mode": {"c": "card"}, "rabia_mode": {"c": "card"},
    "mania_awake": {"c": "card"}, "mania_target": {"c": "card"},
    "dulce_take": {"t": "target"}, "dulce_revive": {"t": "target"},
    "clock_target": {"p": "power"}, "clock_move": {"from": "numbered_card"},
    "prophecy_param": {"cond": "condition"},
    "prophecy_effect": {"cond": "condition"},
    "prophecy_card": {"cond": "condition", "eff": "effect"},
}
TOKENS_RENAMED = {"melan": "melancholy", "paci": "patience"}
CLOCK_RENAMED = {"num": "numbers"}
TIME_RENAMED = {"snap": "snapshot"}
PROPHECY_RENAMED = {"cond": "condition", "eff": "effect", "from": "first_round",
                    "to": "last_round"}


def _renamed(d, names: dict):
    return {names.get(k, k): v for k, v in d.items()} if isinstance(d, dict) else d


def _marks_renamed(value):
    """Death marks wherever they wait (the marks, the cascade, agenda tasks' arguments)."""
    if isinstance(value, list):
        return [_marks_renamed(v) for v in value]
    if isinstance(value, dict):
        if set(value) == set(MARK_RENAMED):
            return _renamed(value, MARK_RENAMED)
        return {k: _marks_renamed(v) for k, v in value.items()}
    return value


def _to_version_2(state: dict[str, Any]) -> dict[str, Any]:
    out = {RENAMED.get(k, k): v for k, v in state.items()}
    out["questions"] = [{QUESTION_RENAMED.get(k, k): v for k, v in q.items()}
                        for q in out["questions"]]
    out["cards"] = {cid: {CARD_RENAMED.get(k, k): v for k, v in card.items()}
                    for cid, card in out["cards"].items()}
    return out


def _custom_to_version_3(custom: dict) -> dict:
    custom["happenings"] = _renamed(custom.get("happenings"), HAPPENINGS_RENAMED)
    if custom.get("maze_swap"):
        custom["maze_swap"] = _renamed(custom["maze_swap"], MAZE_SWAP_RENAMED)
    gamble = custom.get("gamble")
    if gamble:
        gamble["bets"] = [_renamed(b, BET_RENAMED) for b in gamble["bets"]]
    return custom


def _to_version_3(state: dict[str, Any]) -> dict[str, Any]:
    out = _marks_renamed(state)
    out["win"] = _renamed(out["win"], WIN_RENAMED)
    if out["cascade"]:
        cascade = out["cascade"]
        cascade["died"] = [_renamed(d, DEATH_RENAMED) for d in cascade["died"]]
        cascade["last"] = {seat: [_renamed(d, DEATH_RENAMED) for d in deaths]
                           for seat, deaths in cascade["last"].items()}
    night = _renamed(out["night"], NIGHT_RENAMED)
    if "conference" in night:
        night["conference"] = _renamed(night["conference"], CONFERENCE_RENAMED)
    if "ali" in night:
        night["ali"] = _renamed(night["ali"], ALI_RENAMED)
    out["night"] = night
    out["day"] = _renamed(out["day"], DAY_RENAMED)
    out["history"] = _renamed(out["history"], HISTORY_RENAMED)
    out["parca"] = _renamed(out["parca"], PARCA_RENAMED)
    out["pact"] = _renamed(out["pact"], PACT_RENAMED)
    out["sweet_death"] = _renamed(out["sweet_death"], SWEET_DEATH_RENAMED)
    out["neurotic"] = _renamed(out["neurotic"], NEUROTIC_RENAMED)
    if out["custom"]:
        out["custom"] = _custom_to_version_3(_renamed(out["custom"], CUSTOM_RENAMED))
    return out


def _token_kind(kind: str) -> str:
    return TOKENS_RENAMED.get(kind, kind)


def _to_version_4(state: dict[str, Any]) -> dict[str, Any]:
    for q in state["questions"]:
        context = _renamed(q["context"], CONTEXT_RENAMED.get(q["handler"], {}))
        if q["handler"] == "curse_token":
            context["kind"] = _token_kind(context["kind"])
        if q["handler"] == "voodoo_move":  # the prompt names the token too
            context["left"] = [[_token_kind(kind), card] for kind, card in context["left"]]
            q["params"]["effect"] = _token_kind(q["params"]["effect"])
        q["context"] = context
    state["tokens"] = _renamed(state["tokens"], TOKENS_RENAMED)
    if state["custom"]:
        clock = _renamed(state["custom"]["clock"], CLOCK_RENAMED)
        if "time" in clock:
            clock["time"] = _renamed(clock["time"], TIME_RENAMED)
        state["custom"]["clock"] = clock
    state["prophecies"] = [_renamed(p, PROPHECY_RENAMED) for p in state["prophecies"]]
    return state


def upgrade(state: dict[str, Any]) -> dict[str, Any]:
    """A stored game in the current shape: each older version is brought up one step at a time."""
    version = state.get("version", 1)
    if version >= STATE_VERSION:
        return state
    if version < 2:
        state = _to_version_2(state)
    if version < 3:
        state = _to_version_3(state)
    state = _to_version_4(state)
    state["version"] = STATE_VERSION
    return state
