"""Each game's final roles and sides (`Engine.final_sides`), read from whole AI games: the
winners are on the sides the outcome names, and every role and side has words in both
languages."""
import pytest

import games
from bench.playouts import ai_policy, play
from hosting.text import Translator

TABLES = [("bethlem", "normal", 5, {}), ("bethlem", "custom", 6, {}),
          ("bethlem", "three", 3, {}), ("room25", "suspicion", 5, {}),
          ("room25", "coop", 3, {}), ("mysterium", "easy", 4, {}),
          ("mysterium", "easy", 3, {"ghost": "bot"}), ("cultists", "intro", 5, {}),
          ("cultists", "experienced", 6, {}), ("looper", "first_steps", 3, {}),
          ("looper", "basic_tragedy", 4, {})]


def _ended(name: str, mode: str, players: int, options: dict, seed: int):
    engine = games.engine(name)
    state, outcome, _ = play(engine, {"mode": mode, **options}, players, seed,
                             lambda seat, state: ai_policy())
    return engine, state, outcome


@pytest.mark.parametrize("name,mode,players,options", TABLES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_winners_are_on_the_winning_sides(name, mode, players, options, seed):
    engine, state, outcome = _ended(name, mode, players, options, seed)
    sides = engine.final_sides(state)
    assert set(sides) == set(range(players))
    for seat in outcome.winners:
        assert sides[seat]["side"] is not None
    if name == "bethlem":
        # Bethlem's objectives win each for themselves and a seat out of play wins nothing:
        # each winner is on the side the outcome says it won with.
        for seat in outcome.winners:
            assert sides[seat]["side"] == f"sides:{outcome.params['sides'][str(seat)]}"
    else:
        winning = {sides[seat]["side"] for seat in outcome.winners}
        assert sorted(s for s in sides if sides[s]["side"] in winning) == list(outcome.winners)
        assert len(winning) <= 1


@pytest.mark.parametrize("name,mode,players,options", TABLES)
def test_every_role_and_side_has_words(name, mode, players, options):
    engine, state, _ = _ended(name, mode, players, options, 1)
    for lang in ("en", "es"):
        t = Translator(name, lang)
        for part in engine.final_sides(state).values():
            for ref in part.values():
                if ref is not None:
                    section, _, key = ref.partition(":")
                    assert t.has(section, key), (lang, ref)


def test_mysterium_names_the_ghost_and_each_psychic():
    engine, state, _ = _ended("mysterium", "easy", 4, {"ghost": "player"}, 2)
    roles = {seat: part["role"] for seat, part in engine.final_sides(state).items()}
    assert roles[state["ghost_seat"]] == "seat_roles:ghost"
    assert sorted(r for s, r in roles.items() if s != state["ghost_seat"]) == sorted(
        f"personas:{p['persona']}" for p in state["psychics"])
