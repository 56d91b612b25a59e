"""The spec's common fixture and small drivers that act through the engine contract.

Fixture (spec section 9): N = 5, a human Ghost, Laura, at seat 0; psychics in seat order
Stephanie (Alphonse, blue), Paul (Ardashir, white), Carl (Madam Wang, red), Alex (Alma,
yellow); age ranks Alex 1, Carl 2, Stephanie 3, Paul 4; intermediate."""
from __future__ import annotations

import copy

from games.base import IllegalMove
from games.mysterium import MysteriumEngine, desk
from games.mysterium.setup import Ctx

E = MysteriumEngine()
NAMES = {"stephanie": "alphonse", "paul": "ardashir", "carl": "wang", "alex": "alma"}


def table(mode="intermediate", seats=5, ghost="player", **options):
    opts = {"mode": mode, "ghost": ghost, **options}
    if seats == 5 and ghost == "player" and "personas" not in options:
        opts.update(personas=list(NAMES.values()), ages=[3, 4, 2, 1])
    s, _ = E.setup(opts, seats, seed=1)
    return s


def idx(s, who: str) -> int:
    persona = NAMES.get(who, who)
    return next(i for i, p in enumerate(s["psychics"]) if p["persona"] == persona)


def psy(s, who: str) -> dict:
    return s["psychics"][idx(s, who)]


def pending(s, prefix: str, seat=None):
    found = [p for p in E.pending(s) if p.id.startswith(prefix)
             and (seat is None or p.seat == seat)]
    assert found, f"nothing pending like {prefix!r} in phase {s['phase']}"
    return found[0]


def do(s, prefix: str, choice: str, seat=None):
    """Answer the first open question whose id starts with `prefix`; returns (state, events)."""
    p = pending(s, prefix, seat)
    return E.apply(s, p.seat, p.id, choice)


def refused(s, prefix: str, choice: str, seat=None) -> str:
    """The reason code of a refusal (and the state is untouched)."""
    before = copy.deepcopy(s)
    p = pending(s, prefix, seat)
    try:
        E.apply(s, p.seat, p.id, choice)
    except IllegalMove as err:
        assert s == before
        return err.code
    raise AssertionError(f"{choice!r} was accepted")


def ghost_give(s, who: str, cards: list[str]):
    """The Ghost picks a psychic, then the cards, all in one answer (none: an empty hand)."""
    s, events = do(s, "ghost.", f"to.{idx(s, who)}")
    s, more = do(s, "ghost.", desk.joined(s, cards) if cards else "give")
    return s, events + more


def ghost_crow(s, cards: list[str]):
    s, events = do(s, "ghost.", "crow")
    s, more = do(s, "ghost.", desk.joined(s, cards))
    return s, events + more


def look(s, who: str, choice: str):
    return do(s, f"look.{s['hour']}.{idx(s, who)}.", choice)


def serve_all(s):
    """The Ghost gives the first hand card to every active psychic not served yet."""
    while s["phase"] == "give":
        waiting = [i for i, p in enumerate(s["psychics"]) if p["stage"] != "done"
                   and not p["served"]]
        s, _ = ghost_give(s, s["psychics"][waiting[0]]["persona"], [s["hand"][0]])
    return s


def end_timer(s):
    return do(s, "timer.", "end")


def run(s, fn, *args):
    """Run an internal step (epilogue start, next stage) on a copy; returns (state, events)."""
    s = copy.deepcopy(s)
    ctx = Ctx(s)
    fn(ctx, *args)
    return s, ctx.events


def public(events) -> list:
    return [e for e in events if e.audience == "public"]
