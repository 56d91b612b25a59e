"""Setting a table: who is the Ghost, the psychics and their colours, the laid-out cards, the
secret triples, the vision deck (spec section 3)."""
from __future__ import annotations

from games.base import GM, PUBLIC, Event, IllegalMove, to_seats
from games.mysterium import pack
from games.mysterium.settings import (DIFFICULTIES, crows, layout, psychic_count, rules,
                                      tokens)
from games.mysterium.state import CATEGORIES
from games.rng import Rng


class Ctx:
    """One step's work: the state being changed, its RNG, and the events it says."""

    def __init__(self, state: dict):
        self.state = state
        self.rng = Rng(state)
        self.events: list = []

    # Small steps of a phase (see `games.base.Event`): a psychic ready, a ballot cast.
    MINOR = frozenset({"ready", "voted", "voted_player"})

    def say(self, kind: str, audience=None, **data) -> None:
        if audience is None and kind in self.MINOR:
            data["minor"] = True
        self.events.append(Event(kind, data, PUBLIC if audience is None else audience))

    def ghost(self, kind: str, **data) -> None:
        """A line for the Ghost alone (nobody when the bot is the Ghost)."""
        if self.state["ghost_seat"] is not None and not self.state["bot_ghost"]:
            self.say(kind, to_seats(self.state["ghost_seat"]), **data)


def plural(n: int) -> str:
    """The plural form a locale picks for a count ("one" or "other")."""
    return "one" if n == 1 else "other"


def default_options(mode: str, players: int) -> dict:
    return {"ghost": "player", "ghost_seat": 0, "tiebreak_age": "youngest", "ages": None,
            "personas": None}


def total_players(options: dict, seats: int) -> int:
    return seats + (1 if options["ghost"] == "bot" else 0)


def check(options: dict, seats: int) -> None:
    if options["mode"] not in DIFFICULTIES:
        raise IllegalMove("unknown_mode", f"Unknown mode {options['mode']!r}.",
                          mode=options["mode"])
    if options["ghost"] not in ("player", "bot"):
        raise IllegalMove("bad_ghost", "ghost must be player or bot.")
    total = total_players(options, seats)
    if not 2 <= total <= 7 or (options["ghost"] == "player" and seats < 2):
        lo = 1 if options["ghost"] == "bot" else 2
        raise IllegalMove("player_count", "This mode needs more or fewer players.",
                          lo=lo, hi=lo + 5)
    if options["ghost"] == "player" and not 0 <= int(options["ghost_seat"]) < seats:
        raise IllegalMove("bad_ghost", "The Ghost's seat is not at the table.")


def build(options: dict, seats: int, seed: int) -> Ctx:
    check(options, seats)
    total = total_players(options, seats)
    ghost_seat = int(options["ghost_seat"]) if options["ghost"] == "player" else None
    difficulty = options["mode"]
    state = {
        "seed": seed, "rng": Rng.seed(seed), "difficulty": difficulty, "seats": seats,
        "total": total, "ghost_seat": ghost_seat, "bot_ghost": ghost_seat is None,
        "tiebreak_age": options["tiebreak_age"], "age_rank": [0] * seats, "psychics": [],
        "laid_out": {}, "table": {}, "hand": [], "deck": [], "discard": [],
        "crows_left": crows(difficulty)["count"], "crow_hour": None, "hour": 1,
        "phase": "give", "draft": {}, "ghost_step": 0, "ghost_skips": 0, "epilogue": None,
        "result": None,
    }
    ctx = Ctx(state)
    players = [s for s in range(seats) if s != ghost_seat]
    _seat_psychics(ctx, players, options.get("personas"))
    _ages(ctx, players, options.get("ages"))
    for category in CATEGORIES:
        deal(ctx, category)
    state["deck"] = ctx.rng.shuffle(pack.vision_ids())
    state["hand"], state["deck"] = state["deck"][:7], state["deck"][7:]
    _announce(ctx, players)
    return ctx


def _seat_psychics(ctx: Ctx, players: list[int], personas: list[str] | None) -> None:
    state = ctx.state
    count = psychic_count(state["total"])
    known = rules()["personas"]
    chosen = [next(p for p in known if p["name"] == name) for name in personas] if personas \
        else known
    each = count // len(players)
    for i in range(count):
        persona = chosen[i]
        state["psychics"].append({
            "persona": persona["name"], "colour": persona["colour"], "seat": players[i // each],
            "targets": {}, "stage": "suspect", "found": [], "visions": [], "wrong": [],
            "served": False, "guess": None, "ready": False, "bets": {},
            "tokens": tokens(state["total"]), "spent_early": {"agree": 0, "disagree": 0},
            "track": 0, "window": 0, "finished_hour": None, "declined": []})


def _ages(ctx: Ctx, players: list[int], ages: list[int] | None) -> None:
    """Tie-break seniority (RULING R3): declared ranks, else a random order announced now."""
    ranks = list(ages) if ages else ctx.rng.shuffle(list(range(1, len(players) + 1)))
    for seat, rank in zip(players, ranks):
        ctx.state["age_rank"][seat] = rank


def deal(ctx: Ctx, category: str, drawn: list[int] | None = None,
         ghost_order: list[int] | None = None, columns: list[int] | None = None) -> None:
    """Lay out L cards of a category face up; the Ghost shuffles the matching ghost cards and
    fills one column per psychic (seat order unless `columns` says), the rest go back unseen.
    Tests inject `drawn`, `ghost_order` and `columns` to replay the rulebook's example."""
    state = ctx.state
    count = layout(state["difficulty"], state["total"])
    laid = drawn if drawn is not None else ctx.rng.sample(pack.category_ids(category), count)
    order = ghost_order if ghost_order is not None else ctx.rng.shuffle(list(laid))
    state["laid_out"][category] = sorted(laid)
    state["table"][category] = sorted(laid)
    for psychic, card in zip(columns or range(len(state["psychics"])), order):
        state["psychics"][psychic]["targets"][category] = card


def _announce(ctx: Ctx, players: list[int]) -> None:
    state = ctx.state
    ctx.say("setup", difficulty=state["difficulty"], total=state["total"],
            psychics=len(state["psychics"]), per_category=len(state["table"]["suspect"]),
            crows=state["crows_left"], crow_form=plural(state["crows_left"]),
            crow_rule=state["difficulty"])
    if state["bot_ghost"]:
        ctx.say("ghost_bot")
    else:
        ctx.say("ghost_player", seat=state["ghost_seat"])
    for i, p in enumerate(state["psychics"]):
        ctx.say("persona", seat=p["seat"], persona=p["persona"], colour=p["colour"])
    order = sorted(players, key=lambda s: state["age_rank"][s])
    ctx.say("age_order", seats=order)
    for category in CATEGORIES:
        ctx.say("laid_out", category=category, cards=state["table"][category])
    for p in state["psychics"]:
        ctx.ghost("screen_line", persona=p["persona"],
                  cards=[p["targets"][c] for c in CATEGORIES])
    ctx.say("gm_seed", GM, seed=state["seed"])
