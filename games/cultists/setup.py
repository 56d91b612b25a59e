"""Building a game (spec 4): options and roles by complexity, decks, Pulse piles, seating with
the AUTOMA, the map, the bag, and the night ritual's private knowledge."""
from __future__ import annotations

from games.base import IllegalMove
from games.cultists import data
from games.cultists.flow import Ctx, ask, clock, task
from games.rng import Rng

MODES = ("intro", "experienced", "expert")
SPECIALS = ("SEER", "RADIANT_BEAUTY", "INFECTED", "SUPER_GHOST", "MECHANIC", "ASSASSIN",
            "APPRENTICE", "CLUMSY", "COWARD", "PYROMANIAC")


# The only roles the AUTOMA plays; any other dealt to it is ignored (seed: "Ignora cualquier
# Rol para la IA, excepto Cultista y Vidente"; spec 6.1).
AUTOMA_ROLES = ("CULTIST", "SEER")


def uses_automa(players: int, options: dict) -> bool:
    """4 people always play with the AUTOMA; 6 may (spec 1)."""
    return players == 4 or (players == 6 and bool(options.get("automa")))


def seer_allowed(players: int, automa: bool) -> bool:
    """No Seer with the AUTOMA as a lone Cultist's table, nor with 7 people (R-59)."""
    return not (automa and players == 4) and players != 7


def default_options(mode: str, players: int) -> dict:
    """`seer` None follows the rulebook: a Seer at 5, 6 and 8 characters, none at 7 unless asked
    for (only possible with the AUTOMA, R-59)."""
    out = {"automa": players == 4, "seer": None}
    return {**out, "roles": None} if mode == "expert" else out


def option_specs(mode: str) -> dict:
    """The options a table may set, for the host's declared-options check (games.options)."""
    from games.options import Choice, Flag, ListOf
    specs = {"automa": Flag(), "seer": Flag(null=True)}
    if mode == "expert":
        specs["roles"] = ListOf(Choice(*SPECIALS), unique=True, commas=True, null=True)
    return specs


def preset_specials(count: int, seer: bool) -> list:
    """The EXPERIENCED row of spec 7.2: fixed roles, then the sets a random pick comes from."""
    fixed, picks = data.rules()["experienced"][str(count)]
    return [r for r in fixed if seer or r != "SEER"] + [list(p) for p in picks]


def loyalty_ok(count: int, specials: list[str]) -> bool:
    """Spec 7.3: the loyalty balance must equal the recommended difficulty, both sides capped."""
    roles = data.roles()
    inv = sum(roles[r]["loyalty"] for r in specials if roles[r]["supports"] == "INV")
    cult = sum(roles[r]["loyalty"] for r in specials if roles[r]["supports"] == "CULT")
    cap = data.rules()["expert_loyalty_cap"]
    return (cult - inv == data.rules()["expert_difficulty"][str(count)]
            and inv <= cap and cult <= cap)


def role_pool(mode: str, players: int, automa: bool, options: dict) -> list:
    """Specials by complexity; a list inside the pool is a set one role is drawn from."""
    count = players + automa
    wanted = options.get("seer")
    seer = (count != 7 if wanted is None else bool(wanted)) and seer_allowed(players, automa)
    if mode == "intro":
        return ["SEER"] if seer else []
    specials = options.get("roles") if mode == "expert" else None
    if specials is None:  # the recommended roles; a Seer may join two Cultists (AUTOMA)
        pool = preset_specials(count, seer)
        return pool + (["SEER"] if seer and count == 7 else [])
    if isinstance(specials, str):
        specials = [x.strip().upper() for x in specials.replace(";", ",").split(",") if x.strip()]
    flat = [r for r in specials if isinstance(r, str)]
    cultists = data.table(count)["cultists"]
    bad = (any(r not in SPECIALS for r in flat) or len(set(flat)) != len(flat)
           or len(flat) > count - cultists
           or ("SEER" in flat and not seer_allowed(players, automa)))
    if bad or not loyalty_ok(count, flat):
        raise IllegalMove("bad_roles", "Those roles do not fit this table.")
    return flat


def build(options: dict, players: int, seed: int) -> tuple[dict, Ctx]:
    mode = options["mode"]
    automa = uses_automa(players, options)
    count = players + automa
    tbl = data.table(count)
    lay = data.layout(tbl["layout"])
    hazards = mode != "intro"
    s: dict = {
        "rng": Rng.seed(seed), "mode": mode, "hazards": hazards, "players": players,
        "count": count, "layout": tbl["layout"], "chars": [], "order": [], "knife": 0,
        "round": 1, "phase": "night", "rooms": {}, "shelves": {}, "draw_deck": [],
        "unsafe_deck": [], "cultist_tokens": [], "fish_man": "LAKE" if hazards else None,
        "vote_token": True, "power_on": True, "bag": [], "clock": {}, "event": None,
        "effect": None, "portal": {"open": False, "deadline": None, "resolved": None},
        "vp": 0, "vp_target": tbl["vp_target"], "infected_until": None, "acted": [],
        "skip": [], "role_pool": [], "ballot_log": [], "stack": [], "ask": [], "step": 0,
        "over": None,
    }
    rng = Rng(s)
    pool = role_pool(mode, players, automa, options)
    s["role_pool"] = pool
    specials = [rng.choice(r) if isinstance(r, list) else r for r in pool]
    roles = ["CULTIST"] * tbl["cultists"] + specials
    roles += ["INVESTIGATOR"] * (count - len(roles))
    rng.shuffle(roles)
    routes = rng.shuffle(list(range(len(data.rules()["routes"]))))
    decks = data.rules()["decks"]
    for ci, role in enumerate(roles):
        deck = decks["cultist" if role == "CULTIST" else
                     "pyromaniac" if role == "PYROMANIAC" else "investigator"]
        if ci >= players and role not in AUTOMA_ROLES:
            role = "INVESTIGATOR"           # its deck stays the one dealt
        s["chars"].append({
            "seat": ci if ci < players else None, "automa": ci >= players, "role": role,
            "team": data.roles()[role]["team"], "ghost": False, "role_shown": False,
            "location": lay["start_location"], "hand": {k: deck.get(k, 0) for k in "ADSFX"},
            "pulse": [], "dead_shown": False, "death_round": None, "route": routes[ci],
            "murdered": False, "room_pile": [], "encounter_pile": []})
    deal_pulse(s, tbl, rng)
    seat_everyone(s, players, automa, rng)
    lay_out(s, tbl, lay, rng)
    for c in s["chars"]:
        if c["automa"]:
            c["room_pile"] = rng.shuffle([k for k in "SFX" for _ in range(c["hand"][k])])
            c["encounter_pile"] = rng.shuffle([k for k in "AD" for _ in range(c["hand"][k])])
            c["hand"] = {k: 0 for k in "ADSFX"}
    ctx = Ctx(s)
    ctx.push({"t": "night"}, {"t": "round"})
    return s, ctx


def deal_pulse(s: dict, tbl: dict, rng: Rng) -> None:
    """Spec 2.3: an A to each Cultist, the rest shuffled, one to each Investigator; the
    leftovers leave unseen. Whoever gets a D is dead from the start (death round 0)."""
    if not tbl["pulse_pool"]:
        return
    pool = [k for k in "AD" for _ in range(tbl["pulse_pool"][k])]
    for c in s["chars"]:
        if c["team"] == "CULT":
            pool.remove("A")
            c["pulse"] = ["A"]
    rng.shuffle(pool)
    for c in s["chars"]:
        if c["team"] == "INV":
            c["pulse"] = [pool.pop()]
            if c["pulse"] == ["D"]:
                c["death_round"] = 0


def seat_everyone(s: dict, players: int, automa: bool, rng: Rng) -> None:
    """Random seating and First Player (R-39); the AUTOMA sits at the First Player's right,
    last in round 1's order (spec 4.2 step 4)."""
    order = rng.shuffle(list(range(players)))
    first = rng.choice(order)
    i = order.index(first)
    order = order[i:] + order[:i]
    if automa:
        order.append(players)
    s["order"], s["knife"] = order, first


def lay_out(s: dict, tbl: dict, lay: dict, rng: Rng) -> None:
    rooms = lay["rooms"]
    cards = rng.shuffle([k for k, n in tbl["room_cards"].items() for _ in range(n)])
    tokens = rng.shuffle([False] * tbl["room_tokens"]["plain"]
                         + [True] * tbl["room_tokens"]["hazard"])
    for room, card, hazard in zip(rooms, cards, tokens):
        s["rooms"][room] = {"deck": [card], "explored": False, "hazard_icon": hazard,
                            "books": lay["loc"][room]["book_spaces"], "finished": False,
                            "cultist_token": False}
    s["shelves"] = {sh["id"]: {"books": 0, "scored": False} for sh in lay["shelves"]}
    s["draw_deck"] = rng.shuffle([k for k, n in tbl["draw_deck"].items() for _ in range(n)])
    events = data.rules()["events"]
    skip = set() if s["hazards"] else set(data.rules()["hazard_only_events"])
    s["bag"] = [e for e, n in events.items() if e not in skip for _ in range(n)]
    if s["hazards"]:
        s["unsafe_deck"] = rng.shuffle(list(data.rules()["unsafe_deck"]))
        s["cultist_tokens"] = [{"room": r, "state": "hidden"}
                               for r in rng.shuffle(list(lay["cultist_token_rooms"]))]


@task("night")
def night(ctx: Ctx, t: dict) -> None:
    """Spec 4.3: everyone learns their own secrets at once, then a fixed public pause."""
    s = ctx.s
    public_setup(ctx)
    for ci, c in enumerate(s["chars"]):
        if c["seat"] is None:
            continue
        ctx.tell(c["seat"], "your_role", {"role": c["role"], "team": c["team"]})
        ctx.tell(c["seat"], "your_route", route_data(s, ci))
        ctx.tell(c["seat"], "your_hand", hand_data(c))
        if c["team"] == "CULT":
            others = [x for x in range(len(s["chars"]))
                      if x != ci and s["chars"][x]["team"] == "CULT"]
            if others:
                ctx.tell(c["seat"], "other_cultist", {"chars": [name(s, x) for x in others]})
            if data.table(s["count"])["pulse_pool"]:
                dead = [name(s, x) for x, o in enumerate(s["chars"]) if o["pulse"] == ["D"]]
                ctx.tell(c["seat"], "starting_dead" if dead else "starting_dead_none",
                         {"chars": dead})
        if c["role"] == "SEER":
            ctx.tell(c["seat"], "seer_sees", {"chars": [
                name(s, x) for x, o in enumerate(s["chars"]) if o["team"] == "CULT"]})
    ctx.push({"t": "pause", "deadline": "night_step"}, {"t": "say", "kind": "night_over"})


@task("pause")
def pause(ctx: Ctx, t: dict) -> None:
    """A public wait of fixed length, the same whoever holds what."""
    ask(ctx, t, "wait", [clock(t["deadline"])])


@task("say")
def say(ctx: Ctx, t: dict) -> None:
    ctx.emit(t["kind"], t.get("data", {}))


def public_setup(ctx: Ctx) -> None:
    s = ctx.s
    fixed = [r for r in s["role_pool"] if isinstance(r, str)]
    picks = [r for r in s["role_pool"] if isinstance(r, list)]
    cult = data.table(s["count"])["cultists"]
    ctx.emit("setup", {"count": s["count"], "cultists": str(cult), "mode": s["mode"],
                       "order": [name(s, ci) for ci in s["order"]], "first": name(s, s["knife"]),
                       "target": s["vp_target"],
                       "threshold": data.table(s["count"])["kill_threshold"]})
    ctx.emit("role_pool", {"roles": fixed or ["none"]})
    for p in picks:
        ctx.emit("role_pick", {"roles": p})
    for ci, c in enumerate(s["chars"]):
        if c["automa"]:
            ctx.emit("automa_route", route_data(s, ci))
    ctx.emit("golden_rules", {})


def name(s: dict, ci: int):
    """How events name a character: the player's seat, or the AUTOMA."""
    c = s["chars"][ci]
    return "AUTOMA" if c["seat"] is None else c["seat"]


def route_data(s: dict, ci: int) -> dict:
    lines = data.route(s["chars"][ci]["route"])
    return {"char": name(s, ci), **{f"line{i + 1}": lines[i] for i in range(4)}}


def hand_data(c: dict) -> dict:
    return {k: c["hand"][k] for k in "ADSFX"}

