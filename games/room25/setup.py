"""Building a game (spec 3): options, characters and identities, the Complex, the deck."""
from __future__ import annotations

from collections import Counter

from games.base import IllegalMove
from games.rng import Rng
from games.room25 import board, data, mac
from games.room25.flow import Ctx, choose, opt, task
from games.room25.state import STATE_VERSION

COLOURS = ("green", "yellow", "red")


def char_count(mode: str, players: int, options: dict) -> int:
    if mode == "suspicion":
        return players
    per = options.get("per_player") or data.rules()["coop_chars_per_player"][str(players)]
    return per * players


def default_options(mode: str, players: int) -> dict:
    rules = data.rules()
    basic_fits = mode == "coop" or players <= rules["basic_max_characters"]
    out = {"level": "basic" if basic_fits else "ultimate", "madness": False,
           "characters": "pick", "composition": None,
           "reminders": True, "coop_win_on_gather": False, "show_exit_origin": False}
    if mode == "suspicion":
        out["guards"] = rules["guards"].get(str(players), [1])[0]
    else:
        out["per_player"] = rules["coop_chars_per_player"][str(players)]
    return out


def preset_name(mode: str, level: str, guards: int) -> str:
    presets = data.rules()["presets"][mode][level]
    return presets if isinstance(presets, str) else presets[str(guards)]


def allowed_counts(level: str, mode: str) -> Counter:
    """How many of each tile the rule level offers (Basic: Season 1, plus the Key Room in co-op)."""
    out = Counter()
    for k, r in data.rooms().items():
        n = r["s1"] + (r["s2"] if level == "ultimate" else 0)
        if k == "key_room" and mode == "coop":
            n = max(n, 1)
        if k != "central_room" and n:
            out[k] = n
    return out


def compose(name: str, mode: str, level: str, rng: Rng) -> list[str]:
    """Draw a preset's 24 tiles: its fixed tiles, then random ones of each colour."""
    preset = data.compositions()[name]
    avail = allowed_counts(level, mode)
    tiles = list(preset["blue"])
    for colour in COLOURS:
        part = preset[colour]
        fixed = list(part.get("fixed", []))
        left = avail.copy()
        left.subtract(Counter(fixed))
        pool = [k for k in sorted(left) for _ in range(max(left[k], 0))
                if data.colour(k) == colour and k not in part.get("exclude", [])]
        tiles += fixed + rng.sample(pool, part.get("random", 0))
    return tiles


def validate(tiles: list[str], mode: str, level: str) -> None:
    """A custom composition must fit the rules of spec 3.3."""
    rooms = data.rooms()
    counts = Counter(tiles)
    avail = allowed_counts(level, mode)
    bad = (len(tiles) != 24 or counts["room_25"] != 1
           or (counts["key_room"] == 1) != (mode == "coop")
           or any(k not in rooms or counts[k] > avail[k] for k in counts)
           or sum(n for k, n in counts.items() if rooms[k]["aside"]) > 12)
    if bad:
        raise IllegalMove("bad_composition", "That Complex composition is not valid.")


def character_pool(level: str) -> list[str]:
    return [n for n, c in data.characters().items() if level == "ultimate" or c["season"] == 1]


def pick_characters(options: dict, count: int, level: str, rng: Rng) -> list[str]:
    """A given list, or a random draw; with "pick" the names are drawn now as the defaults of
    the players' own picks (spec 3.2: random on timeout)."""
    pool = character_pool(level)
    chosen = options.get("characters")
    if isinstance(chosen, list):
        if len(chosen) != count or len(set(chosen)) != count or not set(chosen) <= set(pool):
            raise IllegalMove("bad_characters", "Pick one distinct character per pawn.",
                              count=count)
        return list(chosen)
    return rng.sample(pool, count)


def new_char(name: str, seat: int, level: str, adrenaline: bool) -> dict:
    extras = data.characters()[name]
    ult = level == "ultimate"
    return {"name": name, "seat": seat, "tile": board.CENTRAL, "alive": True, "role": None,
            "role_shown": False, "lost_tokens": [], "adrenaline": int(ult and adrenaline),
            "adrenaline_round": 0, "adrenaline_programmed": False, "programme": [None, None],
            "floating": None, "programmed_count": None, "submitted": None, "arrival": 0,
            "hidden": False, "paranoia": None, "paranoia_tile": None,
            "left_paranoia_room": False, "trapped": None, "flooded": None,
            "regenerated_round": 0, "revealed_round": 0, "reveal_programmed": False,
            "guard_tokens_used": [], "guard_cold": False, "actions_done": 0, "death_order": 0,
            "empty_rooms_left": extras.get("empties", 0) if ult else 0}


def build(options: dict, players: int, seed: int) -> tuple[dict, Ctx]:
    mode = options["mode"]
    level = options.get("level", "basic")
    if level not in ("basic", "ultimate"):
        raise IllegalMove("bad_level", "The rule level is basic or ultimate.")
    rules = data.rules()
    count = char_count(mode, players, options)
    if mode == "coop" and not rules["coop_characters"][0] <= count <= rules["coop_characters"][1]:
        raise IllegalMove("coop_characters", "Co-op plays 4 to 6 characters.")
    if level == "basic" and count > rules["basic_max_characters"]:
        raise IllegalMove("basic_max", "Basic rules play at most 6 characters.")
    guards = int(options.get("guards") or 1)
    if mode == "suspicion" and guards not in rules["guards"][str(players)]:
        raise IllegalMove("bad_guards", "That number of guards does not fit this table.")
    madness = bool(options.get("madness")) and level == "ultimate"
    s: dict = {
        "version": STATE_VERSION, "rng": Rng.seed(seed), "mode": mode, "level": level,
        "players": players, "madness": madness, "madness_draws": madness and mode == "coop",
        "options": {"reminders": bool(options.get("reminders")) and not madness,
                    "coop_win_on_gather": bool(options.get("coop_win_on_gather")),
                    "show_exit_origin": bool(options.get("show_exit_origin"))},
        "round": 1, "remaining": rules["rounds"][mode][str(count)], "first_character": 0,
        "phase": "start", "action_pass": 0, "acting": None, "questions_asked": 0, "stack": [],
        "question": None, "waiting_for": None, "outcome": None, "no_pass": [], "locks": [],
        "corridor_axis": "NS", "reminders": {}, "robots": [None] * rules["robots"], "deck": [],
        "discard": [], "face_up_cards": [], "slid_lines": {}, "acceleration": False,
        "jamming": False, "reveal_declined": None, "key_activated": False, "alarm": False,
        "order_stamp": 0, "seen_tiles": {}, "seen_rounds": {}, "clues": {},
    }
    rng = Rng(s)
    names = pick_characters(options, count, level, rng)
    s["characters"] = [new_char(n, i % players, level, not s["madness_draws"])
                       for i, n in enumerate(names)]
    comp = options.get("composition")
    if isinstance(comp, list):
        validate(comp, mode, level)
        tiles = list(comp)
    else:
        name = comp or preset_name(mode, level, guards)
        if name not in data.compositions():
            raise IllegalMove("bad_composition", "Unknown composition.")
        tiles = compose(name, mode, level, rng)
        validate(tiles, mode, level)
    lay_out(s, tiles, rng)
    ctx = Ctx(s)
    if mode == "suspicion":
        roles = rng.shuffle(["G"] * guards + ["P"] * (players - guards))
        for c, r in zip(s["characters"], roles):
            c["role"] = r
    if mode == "coop" or "mac_room" in tiles:
        s["deck"] = rng.shuffle(mac.build_deck(s, madness))
    ctx.emit("setup", {"mode": mode, "level": level, "rounds": s["remaining"],
                       "rooms": rooms_by_colour(tiles), "madness": madness})
    if options.get("characters") == "pick":
        s["stack"] = [{"task": "round"}, {"task": "deal"}, {"task": "pick"}]
    else:
        s["stack"] = [{"task": "round"}, {"task": "deal"}]
    return s, ctx


def rooms_by_colour(tiles: list[str]) -> list[dict]:
    """The Complex's rooms as the table reads them: one group per colour, deadly first, each
    room named once with its number of copies."""
    groups = []
    for colour in ("red", "yellow", "green", "blue"):
        count = Counter(k for k in tiles if data.colour(k) == colour)
        if count:
            groups.append({"key": "group", "colour": colour, "rooms": [
                {"key": "one", "room": k} if n == 1 else {"key": "copies", "room": k, "n": n}
                for k, n in sorted(count.items())]})
    return groups


def pick_options(level: str, names: list[str]) -> list:
    """Characters to pick from; in the Ultimate rules each option names its character's
    ability (`params["ability"]`: the character's entry in the `abilities` table)."""
    if level != "ultimate":
        return [opt(n, "char_name", char=n) for n in names]
    return [opt(n, "char_name", char=n, ability=n) for n in names]


@task("pick")
def pick(ctx: Ctx, t: dict) -> None:
    """Players pick their characters in seat order. Each pawn holds the name drawn for it at
    setup, which is the default; picking a name drawn for a later pawn swaps the two."""
    s = ctx.s
    s["phase"] = "pick"
    ci = t.get("pawn", 0)
    if ci >= len(s["characters"]):
        return
    c = s["characters"][ci]
    taken = [o["name"] for o in s["characters"][:ci]]
    free = [n for n in character_pool(s["level"]) if n not in taken]
    about = {"key": "ultimate" if s["level"] == "ultimate" else "basic"}
    x = choose(ctx, t, "name", c["seat"], "pick", pick_options(s["level"], free),
               default=c["name"], deadline="pick", params={"about": about})
    for o in s["characters"][ci + 1:]:
        if o["name"] == x:
            o["name"] = c["name"]
    c.update(new_char(x, c["seat"], s["level"], bool(c["adrenaline"])), role=c["role"])
    ctx.emit("picked", {"char": x, "seat": c["seat"]})
    ctx.push({"task": "pick", "pawn": ci + 1})


@task("deal")
def deal(ctx: Ctx, t: dict) -> None:
    """Each seat learns its characters and, in Suspicion, its identity (by DM)."""
    s = ctx.s
    for seat in range(s["players"]):
        mine = [c for c in s["characters"] if c["seat"] == seat]
        ctx.emit("you_are", {"chars": [c["name"] for c in mine],
                             "role": {"P": "prisoner", "G": "guard"}.get(mine[0]["role"], "team")},
                 [seat])


def lay_out(s: dict, tiles: list[str], rng: Rng) -> None:
    """Spec 3.4: set-aside tiles always go to the exit zones; Room 25 starts in one."""
    rooms = data.rooms()
    aside = [k for k in tiles if rooms[k]["aside"]]
    rest = rng.shuffle([k for k in tiles if not rooms[k]["aside"]])
    cross, exits = rest[:12], rng.shuffle(rest[12:] + aside)
    kind = [""] * 25
    kind[board.CENTRAL] = "central_room"
    for cell, k in zip(board.CROSS, cross):
        kind[cell] = k
    for cell, k in zip(board.EXIT, exits):
        kind[cell] = k
    s["board"] = list(range(25))
    s["tile_kinds"] = kind
    s["face_up"] = [int(c == board.CENTRAL) for c in range(25)]
    s["exit_tiles"] = list(board.EXIT)
