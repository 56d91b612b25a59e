"""No ritual clicks: a question offering a single answer is asked only when asking it is the
cover (asked whatever the seat holds, so that nobody learns who had a choice) or a Ready
that ends a wait, and then it says so (`Pending` "alone"). Whole AI games of every game and
mode; the bot's side of it (the line under the question, the whole-game check of what people
see) is in tests/test_loopback_games.py."""
from __future__ import annotations

from collections import Counter

import pytest

import games
from hosting import ai
from tests.test_hash_seed import runs

DECISIONS = 3000


def lone_questions(name: str, mode: str, players: int, seed: int) -> Counter:
    """Each seat question offering one answer in a whole AI game, by kind and why."""
    engine = games.engine(name)
    state, _ = engine.setup({"mode": mode}, players, seed)
    seen: dict[str, tuple] = {}
    for _ in range(DECISIONS):
        if engine.outcome(state) is not None:
            break
        pending = engine.pending(state)
        for p in pending:
            shown = [o for o in p.options if not o.params.get("unlisted")]
            if p.seat is not None and len(shown) == 1:
                seen.setdefault(p.id, (p.kind, p.params.get("alone")))
        p = pending[0]
        choice = (p.default or p.options[0].id if p.seat is None
                  else ai.choose(engine, state, 0, p, engine.ai_policies[-1]))
        state, _ = engine.apply(state, p.seat, p.id, choice)
    return Counter(seen.values())


@pytest.mark.parametrize("name,mode,players", [r for r in runs() if r[0] != "toy"])
def test_a_lone_answer_is_asked_only_with_its_reason(name, mode, players):
    lone = Counter()
    for seed in range(6):
        lone += lone_questions(name, mode, players, seed)
    assert not [kind for (kind, why), n in lone.items() if why not in ("cover", "ready")], lone
