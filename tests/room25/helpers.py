"""Build the custom positions the spec's scenarios describe and drive them through the engine.

`table()` makes a game whose Complex is all face-down Empty Rooms (the fixture convention of the
spec's section 10), then `put`, `at` and friends set the scenario up; `act`/`start_round` push the
work and `answer`/`program` give decisions through the public contract (`Engine.apply`)."""
from __future__ import annotations

import copy

from games.room25 import Room25Engine, board
from games.room25.flow import Ctx, run

E = Room25Engine()


def table(mode="suspicion", players=4, level="ultimate", chars=None, **options):
    names = chars or ["jennifer", "max", "emmett", "sarah", "kevin", "franck", "alice", "bruce"][
        :players if mode == "suspicion" else 4]
    opts = {"mode": mode, "level": level, "characters": names, "reminders": False, **options}
    s, _ = E.setup(opts, players, seed=1)
    for uid in range(25):
        if uid != board.CENTRAL:
            s["tile_kinds"][uid], s["face_up"][uid] = "empty_room", 0
    s.update(stack=[], question=None, waiting_for=None, phase="action", round=2, deck=[],
             discard=[])
    s["clues"] = {str(i): "none" for i in range(players)}
    for c in s["characters"]:
        c["tile"] = board.CENTRAL
    return s


def ci(s, name):
    return next(i for i, c in enumerate(s["characters"]) if c["name"] == name)


def char(s, name):
    return s["characters"][ci(s, name)]


def put(s, cell, kind, up=False):
    uid = s["board"][board.parse(cell)]
    s["tile_kinds"][uid], s["face_up"][uid] = kind, int(up)
    return uid


def at(s, name, cell):
    """Stand a character in a cell; later calls count as later arrivals (Acid Bath order)."""
    s["order_stamp"] += 1
    char(s, name).update(tile=s["board"][board.parse(cell)], arrival=s["order_stamp"])


def quiet(s):
    """A copy of a mid-round state with nothing running, to try an action on it."""
    s = copy.deepcopy(s)
    s.update(stack=[], question=None, waiting_for=None)
    return s


def cell_of(s, name):
    c = char(s, name)
    return board.name(board.char_cell(s, ci(s, name))) if c["alive"] else None


def room(s, cell):
    uid = s["board"][board.parse(cell)]
    return s["tile_kinds"][uid], bool(s["face_up"][uid])


def roles(s, **by_name):
    for name, r in by_name.items():
        char(s, name)["role"] = r


def drive(s, *tasks):
    """Run tasks on a copy of the state; returns (state, events)."""
    s = copy.deepcopy(s)
    ctx = Ctx(s)
    ctx.push(*tasks)
    run(ctx)
    return s, ctx.ev


def act(s, name, token):
    i = ci(s, name)
    s = copy.deepcopy(s)
    s["characters"][i]["actions_done"] += 1
    return drive(s, {"task": "act", "char": i, "token": token, "source": "programme"},
                 {"task": "trapchk", "char": i, "actions_done": s["characters"][i]["actions_done"]})


def carry(s, dest):
    """Max plays Carry (his only companion is not asked for) towards `dest`."""
    s, _ = act(s, "max", "spec")
    return answer(s, dest)


def start_round(s):
    return drive(s, {"task": "round"})


def pending(s):
    return E.pending(s)


def options(s):
    p = E.pending(s)[0]
    return [o.id for o in p.options]


def answer(s, choice, events=None):
    """Answer the open question (the first pending: a guard's private reveal offer rides after
    it)."""
    p = E.pending(s)[0]
    s, ev = E.apply(s, p.seat, p.id, choice)
    if events is not None:
        events.extend(ev)
    return s, ev


def program(s, plans, events=None):
    """Submit programmes by character name; characters not named time out (default)."""
    for p in E.pending(s):
        if p.kind != "program":
            continue
        choice = plans.get(p.params["char"], p.default)
        s, ev = E.apply(s, p.seat, p.id, choice)
        if events is not None:
            events.extend(ev)
    return s


def kinds(events, kind=None, audience=None):
    return [e for e in events if (kind is None or e.kind == kind)
            and (audience is None or e.audience == audience)]
