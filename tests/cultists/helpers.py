"""Build the positions the spec's scenarios describe and drive them through the engine.

`table()` deals a real game, drops the night and everything pending, and stands everyone in the
Central Corridor; scenario code then sets roles, places and piles, pushes tasks with `drive` and
answers the questions through the public contract (`Engine.apply`)."""
from __future__ import annotations

import copy

from games.cultists import CultistsEngine
from games.cultists.flow import Ctx, run

E = CultistsEngine()


def table(players=5, mode="intro", seed=1, **options):
    s, _ = E.setup({"mode": mode, **options}, players, seed)
    s.update(stack=[], ask=[], phase="action")
    for c in s["chars"]:
        c["location"] = "CENTRAL"
    return s


def roles(s, *codes):
    """Give characters 0, 1, ... these roles (and the matching team)."""
    for ci, code in enumerate(codes):
        s["chars"][ci]["role"] = code
        s["chars"][ci]["team"] = "CULT" if code == "CULTIST" else "INV"


def drive(s, *tasks):
    """Run tasks on a copy of the state; returns (state, events)."""
    s = copy.deepcopy(s)
    ctx = Ctx(s)
    ctx.push(*tasks)
    run(ctx)
    return s, ctx.ev


def answer(s, choices=None, events=None):
    """Answer every open question: `choices` by seat (a value or a callable on the question),
    the clock and anyone else by their default."""
    choices = choices or {}
    for p in list(E.pending(s)):
        pick = choices.get(p.seat, p.default)
        pick = pick(p) if callable(pick) else pick
        s, ev = E.apply(s, p.seat, p.id, pick)
        if events is not None:
            events.extend(ev)
    return s


def settle(s, choices=None, limit=50):
    """Answer until nothing is open (or the game ends); returns (state, events)."""
    events = []
    for _ in range(limit):
        if not E.pending(s):
            break
        s = answer(s, choices, events)
    return s, events


def kinds(events, kind):
    return [e for e in events if e.kind == kind]


def option_ids(s, seat):
    return [o.id for p in E.pending(s) if p.seat == seat for o in p.options]


def Ctx_run(s, fn):
    """Call one rules function on a copy of the state, then run what it scheduled."""
    s = copy.deepcopy(s)
    ctx = Ctx(s)
    from games.cultists.flow import Ending, Halt
    try:
        fn(ctx)
    except Halt:
        s["stack"], s["ask"] = [], []
    except Ending as end:
        s["stack"], s["ask"] = list(reversed(end.tasks)), []
    run(ctx)
    return s, ctx.ev
