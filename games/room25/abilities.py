"""The eight characters' special abilities (spec 2.3), resolved from the "spec" token.

Each ability is a pair: `can` says whether it is possible now (so a dual token offers only what
can happen, which is how "if the chosen one is impossible, the other must be used" plays out), and
`do` makes its choices and applies it. Bruce's Imitate offers the imitable abilities of the
characters around him with his own limits (`imit=True`).
"""
from __future__ import annotations

from games.room25 import actions, board, data, robots, tokens
from games.room25.board import OPPOSITE
from games.room25.flow import Ctx, choose, opt
from games.room25.moves import can_enter, cell_options, destinations, relocate, replace_empty
from games.room25.outcome import who


def _seat(s, ci):
    return s["characters"][ci]["seat"]


# ---- Jennifer: Attract ------------------------------------------------------------------------
def _attract_targets(s, ci, cell):
    uid = s["board"][cell]
    out = []
    for d, n in board.neighbours(cell):
        for o in board.chars_on(s, s["board"][n]):
            if o != ci and not s["characters"][o]["hidden"] and can_enter(s, o, uid):
                out.append((o, OPPOSITE[d]))
    return out


def can_attract(s, ci, cell, imit):
    return bool(_attract_targets(s, ci, cell))


def do_attract(ctx, t, ci, cell, imit):
    s = ctx.s
    cand = _attract_targets(s, ci, cell)
    cand.sort(key=lambda od: tokens.order_index(s)(od[0]))
    x = choose(ctx, t, "who", _seat(s, ci), "attract", tokens.char_options(s, [o for o, _ in cand]),
               params=who(s, ci))
    o, d = next((o, d) for o, d in cand if s["characters"][o]["name"] == x)
    if imit and x == "jennifer":
        y = choose(ctx, t, "refuse", _seat(s, o), "attract_refuse",
                   [opt("come", "come"), opt("stay", "stay")], params=who(s, ci))
        if y == "stay":
            ctx.emit("attract_refused", who(s, o))
            return
    relocate(ctx, [o], cell, d, "attract", attractor=ci)


# ---- Max: Carry -------------------------------------------------------------------------------
def _companions(s, ci, cell, imit):
    return [o for o in board.chars_on(s, s["board"][cell])
            if o != ci and not s["characters"][o]["hidden"]
            and not (imit and s["characters"][o]["name"] == "max")
            and destinations(s, [ci, o], cell)]


def can_carry(s, ci, cell, imit):
    return bool(_companions(s, ci, cell, imit))


def do_carry(ctx, t, ci, cell, imit):
    s = ctx.s
    comp = sorted(_companions(s, ci, cell, imit), key=tokens.order_index(s))
    x = choose(ctx, t, "who", _seat(s, ci), "carry_who", tokens.char_options(s, comp),
               params=who(s, ci))
    o = tokens.by_name(s, x)
    dests = destinations(s, [ci, o], cell)
    y = choose(ctx, t, "cell", _seat(s, ci), "carry_dest", actions.dir_options(dests),
               params={**who(s, ci), "target": x})
    d = next(d for d, c in dests if board.name(c) == y)
    relocate(ctx, [ci, o], board.parse(y), d, "carry", by=ci)


# ---- Emmett: Reactivate / Lock ----------------------------------------------------------------
def _reactivable(s, cell):
    return [n for _, n in board.neighbours(cell)
            if s["board"][n] in s["no_pass"] and not board.occupied(s, s["board"][n])]


def can_reactivate(s, ci, cell, imit):
    return bool(_reactivable(s, cell))


def do_reactivate(ctx, t, ci, cell, imit):
    s = ctx.s
    x = choose(ctx, t, "cell", _seat(s, ci), "reactivate", cell_options(_reactivable(s, cell)),
               params=who(s, ci))
    uid = s["board"][board.parse(x)]
    s["no_pass"].remove(uid)
    s["face_up"][uid] = 0
    ctx.emit("reactivated", {**who(s, ci), "cell": x})


def lockable(s, cells):
    return [c for c in cells if s["face_up"][s["board"][c]]
            and s["tile_kinds"][s["board"][c]] not in board.BLUE
            and s["board"][c] not in s["locks"]]


def _lock_cells(s, cell):
    return lockable(s, [cell] + [n for _, n in board.neighbours(cell)])


def can_lock(s, ci, cell, imit):
    return bool(_lock_cells(s, cell))


def place_lock(ctx, t, placer_seat: int, cells: list[int], params: dict) -> None:
    """Put a Lock on one of `cells`; with none in the supply, Emmett's player (or the placer when
    Emmett is not in play) picks the Lock that moves (R-28)."""
    s = ctx.s
    x = choose(ctx, t, "cell", placer_seat, "lock", cell_options(sorted(cells)), params=params)
    if x is None:
        return
    if len(s["locks"]) >= data.rules()["locks"]:
        emmett = next((c for c in s["characters"] if c["name"] == "emmett" and c["alive"]), None)
        mover = emmett["seat"] if emmett else placer_seat
        y = choose(ctx, t, "from", mover, "lock_move",
                   cell_options(sorted(board.cell_of(s, u) for u in s["locks"])), params=params)
        s["locks"].remove(s["board"][board.parse(y)])
    s["locks"].append(s["board"][board.parse(x)])
    ctx.emit("locked", {"cell": x})


def do_lock(ctx, t, ci, cell, imit):
    place_lock(ctx, t, _seat(ctx.s, ci), _lock_cells(ctx.s, cell), who(ctx.s, ci))


# ---- Sarah: Sabotage a room / a robot -----------------------------------------------------------
def can_sabotage_room(s, ci, cell, imit):
    return s["characters"][ci]["empty_rooms_left"] > 0 and board.kind_at(s, cell) not in board.BLUE


def do_sabotage_room(ctx, t, ci, cell, imit):
    s = ctx.s
    s["characters"][ci]["empty_rooms_left"] -= 1
    replace_empty(ctx, s["board"][cell], "sabotage")


def can_sabotage_robot(s, ci, cell, imit):
    return bool(board.robots_on(s, s["board"][cell]))


def do_sabotage_robot(ctx, t, ci, cell, imit):
    s = ctx.s
    here = board.robots_on(s, s["board"][cell])
    x = choose(ctx, t, "robot", _seat(s, ci), "sabotage_robot",
               [opt(str(r), "robot", robot=r + 1) for r in here], params=who(s, ci))
    robots.destroy(ctx, int(x))


# ---- Kevin: Hack the Complex / a robot -----------------------------------------------------------
def _hack_pairs(s, cell):
    cells = [n for _, n in board.neighbours(cell) if not board.is_blue_up(s, s["board"][n])]
    return [(a, b) for i, a in enumerate(cells) for b in cells[i + 1:]]


def can_hack_complex(s, ci, cell, imit):
    return bool(_hack_pairs(s, cell))


def swap_options(pairs) -> list:
    return [[board.name(a) + board.name(b), "swap", {"a": board.name(a), "b": board.name(b)}]
            for a, b in pairs]


def do_hack_complex(ctx, t, ci, cell, imit):
    s = ctx.s
    x = choose(ctx, t, "pair", _seat(s, ci), "hack_complex", swap_options(_hack_pairs(s, cell)),
               params=who(s, ci))
    board.swap(s, board.parse(x[:2]), board.parse(x[2:]))
    ctx.emit("swapped", {"a": x[:2], "b": x[2:], "cause": "hack"})


def can_hack_robot(s, ci, cell, imit):
    return bool(robots.order_options(s))


def do_hack_robot(ctx, t, ci, cell, imit):
    ctx.push({"task": "order", "by": ci})


# ---- Franck: Recover; Alice: Hide ----------------------------------------------------------------
def can_recover(s, ci, cell, imit):
    c = s["characters"][ci]
    return not c["adrenaline"] and 0 < c["adrenaline_round"] < s["round"]


def do_recover(ctx, t, ci, cell, imit):
    ctx.s["characters"][ci]["adrenaline"] = 1
    ctx.emit("recovered", who(ctx.s, ci))


def can_hide(s, ci, cell, imit):
    return True


def do_hide(ctx, t, ci, cell, imit):
    ctx.s["characters"][ci]["hidden"] = True
    ctx.emit("hidden", who(ctx.s, ci))


# ---- Bruce: Imitate ------------------------------------------------------------------------------
def imitations(s, ci, cell) -> list[str]:
    """Abilities Bruce may borrow from characters in his room or next to it, in 2.3 order."""
    table = data.load("characters")["imitations"]
    here = s["board"][cell]
    near = {here} | {s["board"][n] for _, n in board.neighbours(cell)}
    out = []
    for name in data.characters():
        o = next((i for i, c in enumerate(s["characters"]) if c["name"] == name and c["alive"]),
                 None)
        if o is None or o == ci or s["characters"][o]["tile"] not in near or name not in table:
            continue
        if name == "franck" and s["characters"][o]["tile"] != here:
            continue
        ab = table[name]
        if ab not in out and CAN[ab](s, ci, cell, True):
            out.append(ab)
    return out


CAN = {k[4:]: v for k, v in globals().items() if k.startswith("can_")}
DO = {k[3:]: v for k, v in globals().items() if k.startswith("do_")}


def special(ctx: Ctx, t: dict, ci: int, cell: int):
    """Resolve the special token; returns False when nothing is possible (the action is lost)."""
    s = ctx.s
    c = s["characters"][ci]
    if c["name"] == "bruce":
        options, imit = imitations(s, ci, cell), True
    else:
        options = [a for a in data.characters()[c["name"]]["abilities"]
                   if CAN[a](s, ci, cell, False)]
        imit = False
    x = choose(ctx, t, "ability", c["seat"], "ability",
               [opt(a, "ability", ability=a) for a in options], params=who(s, ci))
    if x is None:
        return False
    ctx.emit("ability", {**who(s, ci), "ability": x})
    return DO[x](ctx, t, ci, cell, imit)


actions.ACTIONS["spec"] = special
