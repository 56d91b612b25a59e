"""Every engine refuses an answer it did not offer with `IllegalMove`, whatever its shape: a
forged button id (a custom_id anyone can edit) must never raise inside the rules, where it would
suspend the game."""
from __future__ import annotations

import json
import random

import pytest

import games
from games.base import IllegalMove

SHAPES = ("", ".", "..", "abc", "to.abc", "guess.abc", "bet.x.agree", "bet.1.2.3", "group.x",
          "group.99", "1.2.3.4", "-1", "99999999999999999999", "x" * 500, "ä.ö", "@",
          "to.-1", "give.1.a.b", "vote.1", "place.0", "0.0.0", " ", "None", "null",
          "crow.abc", "look.x", "move.x.y", "kill_kp.", "kill_all.nobody", "c.x.y", "b.9.z")


def forged(offered: list[str], rnd: random.Random) -> list[str]:
    """Malformed ids, and real ones bent: cut, stretched, their parts swapped or replaced."""
    out = list(SHAPES)
    for oid in rnd.sample(offered, min(3, len(offered))):
        parts = oid.split(".")
        out += [oid + "x", oid + ".", "." + oid, oid[:-1], ".".join(reversed(parts)),
                ".".join(parts[:1] + ["abc"] * (len(parts) - 1)), oid + ".abc", oid.upper()]
    return [x for x in out if x not in offered]


def configurations():
    for name in games.SHIPPED:         # the tests register broken toys of their own beside them
        engine = games.engine(name)
        for mode in engine.modes:
            lo, hi = engine.player_range(mode)
            yield name, mode, min(hi, max(lo, 4))


@pytest.mark.parametrize("game,mode,players", list(configurations()))
def test_every_forged_answer_is_refused_and_changes_nothing(game, mode, players):
    engine = games.engine(game)
    rnd = random.Random(f"{game}{mode}")
    state, _ = engine.setup({**engine.default_options(mode, players), "mode": mode},
                            players, seed=3)
    for _ in range(400):
        if engine.outcome(state) is not None:
            break
        pending = engine.pending(state)
        before = json.dumps(state, sort_keys=True)
        for p in pending:
            offered = [o.id for o in p.options]
            for bad in forged(offered, rnd):
                with pytest.raises(IllegalMove):
                    engine.apply(state, p.seat, p.id, bad)
            with pytest.raises(IllegalMove):
                engine.apply(state, p.seat, p.id + ".x", offered[0])
        assert json.dumps(state, sort_keys=True) == before
        state = step(engine, state, pending, rnd)


def step(engine, state: dict, pending: list, rnd: random.Random) -> dict:
    """A random answer the rules accept (an engine may offer a move it then refuses with the
    spec's reason, as Mysterium's bets on a psychic who has not guessed yet)."""
    tries = [(p, o.id) for p in pending for o in p.options]
    rnd.shuffle(tries)
    for p, choice in tries:
        try:
            return engine.apply(state, p.seat, p.id, choice)[0]
        except IllegalMove:
            continue
    raise AssertionError(f"{engine.name}: no open question takes any of its options")
