"""AI seats: every answer is legal; the protagonists' AI decides from its seat's view alone
(changing the hidden script does not change its choice); the Mastermind's planner takes an
immediate win and beats a random legal Mastermind on the First Script."""
from __future__ import annotations

import copy
import random

from bench.playouts import ai_policy, play, random_policy
from games.looper import ai, protagonist
from tests.looper.helpers import E, at, game


def test_ai_answers_legally_in_every_question():
    for mode, players in (("first_steps", 4), ("basic_tragedy", 2)):
        rnd = random.Random(players)
        s, _ = E.setup({"mode": mode, "vet_generated": False}, players, seed=3)
        while E.outcome(s) is None:
            p = rnd.choice(E.pending(s))
            choice = E.ai_choice(s, p, "planner")
            assert choice is None or p.option(choice)
            s, _ = E.apply(s, p.seat, p.id, choice or rnd.choice(p.options).id)


def test_protagonists_do_not_read_the_script():
    s, _ = E.setup({"mode": "first_steps"}, 4, seed=2)
    while True:
        p = E.pending(s)[0]
        if p.seat and p.kind == "protagonist_card":
            break
        s, _ = E.apply(s, p.seat, p.id, E.ai_choice(s, p, "planner") or p.default)
    other = copy.deepcopy(s)
    for e in other["script"]["cast"]:
        e["role"] = "person"
    other["script"]["incidents"] = []
    card = E.ai_choice(s, p, "planner")
    assert p.option(card) and card == E.ai_choice(other, p, "planner")


def test_mastermind_takes_the_immediate_win():
    t = game({"office_worker": "killer", "girl_student": "key_person", "doctor": "brain"},
             days=4)
    at(t, "office_worker", intrigue=4)
    t.go().day([("paranoia_plus1", "hospital"), ("paranoia_minus1", "city"),
                ("paranoia_plus1", "shrine")],
               {"A": ("paranoia_plus1", "hospital"), "B": ("paranoia_plus1", "city"),
                "C": ("paranoia_plus1", "shrine")})
    t.done("mastermind_ability").done("leader_ability")
    p = t.open("day_end")[0]
    assert ai.choose(t.s, p, "planner") == "kill_all.office_worker"


def test_planner_mastermind_beats_a_random_one():
    """Facing the AI protagonists, the planner wins more loops than a random Mastermind (which
    picks a card, then a target, as a person does)."""
    def loops_won(smart: bool) -> int:
        won = 0
        for seed in range(8):
            smart_ai = ai_policy("planner")
            rnd = random_policy(seed)
            s, _, _ = play(E, {"mode": "first_steps"}, 4, seed,
                           lambda seat, st: rnd if seat == 0 and not smart else smart_ai)
            won += sum(r["lost"] for r in s["loop_results"])
        return won
    assert loops_won(True) >= loops_won(False) + 4


def test_ai_protagonists_beat_the_planner_where_random_ones_lose():
    """On the First Script the AI protagonists read the first loop's death (who stood by the
    Key Person) and keep her from that company; random protagonists never do."""
    def wins(smart: bool) -> int:
        total = 0
        for seed in range(3):
            smart_ai, rnd = ai_policy("planner"), random_policy(seed)
            _, out, _ = play(E, {"mode": "first_steps", "script": "first_script"}, 4, seed,
                             lambda seat, st: smart_ai if seat == 0 or smart else rnd)
            total += out.winners != (0,)
        return total
    assert wins(True) >= 2 and wins(False) == 0


def test_mastermind_trials_leave_the_board_untouched():
    """The planner tries moves on scratch copies: no trial death reaches the public chronicle."""
    s, _ = E.setup({"mode": "first_steps", "script": "first_script"}, 4, seed=1)
    while E.outcome(s) is None:
        p = E.pending(s)[0]
        before = copy.deepcopy(s)
        choice = E.ai_choice(s, p, "planner")
        assert s == before, p.kind
        s, _ = E.apply(s, p.seat, p.id, choice or p.default)


def test_final_guess_names_the_roles_a_short_loop_points_to():
    """A loop cut short on day 1 by a night death beside one character: the dead one is
    guessed the Key Person, the companion the Serial Killer; nobody else is guessed from it."""
    view = {"loop_results": [{"loop": 1, "day": 1, "lost": True},
                             {"loop": 2, "day": 4, "lost": True}],
            "sheet": {"days_per_loop": 4},
            "chronicle": [{"loop": 1, "day": 1, "step": "day_end", "character": "girl_student",
                           "location": "shrine", "with": ["shrine_maiden"]},
                          {"loop": 2, "day": 4, "step": "incident", "character": "doctor",
                           "location": "city", "with": ["office_worker"]}]}
    assert protagonist._deduced(view) == {"girl_student": "key_person",
                                          "shrine_maiden": "serial_killer"}
