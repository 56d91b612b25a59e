"""AI seats play for their side: whole seeded games with every seat on the engine's AI never
aim a harmful power at their own card or person while another answer exists (issue goal:
at most 2 %), and they finish."""
import pytest

from bench.playouts import ai_policy, play
from games.bethlem.ai import self_harm
from tests.bethlem.helpers import E


@pytest.mark.parametrize("mode,players,seed", [("normal", 5, 1), ("normal", 7, 2),
                                               ("custom", 6, 3), ("three", 3, 4)])
def test_ai_seats_do_not_harm_themselves(mode, players, seed):
    ai, verdicts = ai_policy(), []

    def policy(engine, state, pending):
        choice = ai(engine, state, pending)
        verdicts.append(self_harm(state, pending, choice))
        return choice
    _, outcome, _ = play(E, {"mode": mode}, players, seed, lambda s, st: policy)
    judged = [v for v in verdicts if v is not None]
    assert outcome is not None and len(judged) > 20
    assert sum(judged) <= 0.02 * len(judged)
