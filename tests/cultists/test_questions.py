"""What a round asks of people and how long its secret steps last: one question per move, no
question with a lone answer where skipping it hides nothing, short clocks beside the secret
answers, and the same public shape of every secret step whoever had a choice."""
from __future__ import annotations

import copy
from collections import Counter

from games.cultists import board
from games.cultists.actions import options
from games.cultists.rounds import claimant
from hosting import ai
from hosting.text import Translator
from tests.cultists.helpers import E, drive, kinds, option_ids, roles, settle, table


def walk_everywhere(s, ci, mp):
    """Every place a move may end in, found the slow way: each sequence of steps."""
    start = s["chars"][ci]["location"]
    found, todo = set(), [(start, mp, 0)]
    while todo:
        here, left, n = todo.pop()
        for x, cost in board.steps(s, here):
            if cost <= left and board.enterable(s, ci, x) and n < 12:
                if x != start:
                    found.add(x)
                todo.append((x, left - cost, n + 1))
    return found


def test_a_move_is_one_question_listing_every_reachable_place():
    s = table(5)
    s["chars"][1]["location"] = "NE"
    s, _ = drive(s, {"t": "step", "c": 0, "start": "CENTRAL", "mp": 3, "n": 0,
                     "path": ["CENTRAL"]})
    [p] = E.pending(s)
    assert p.kind == "move" and p.public
    assert {o.id[3:] for o in p.options} == walk_everywhere(s, 0, 3)
    assert {o.id[3:] for o in p.options} >= {"NE", "PINK_1", "DINING", "SECURITY", "SW"}
    assert p.default == "go:SE"                                 # one quiet step
    s, ev = settle(s, {0: "go:DINING"})
    assert s["chars"][0]["location"] == "DINING" and not kinds(ev, "encounter")
    assert [e.data["path"] for e in kinds(ev, "moved")] == [["CENTRAL", "NW", "DINING"]]


def test_the_fish_man_corridor_is_no_stop_nor_way_but_for_the_living_knife():
    s = table(5, mode="experienced")
    s["fish_man"] = "NE"
    s["knife"] = 1
    s, _ = drive(s, {"t": "step", "c": 0, "start": "CENTRAL", "mp": 2, "n": 0,
                     "path": ["CENTRAL"]})
    ids = option_ids(s, s["chars"][0]["seat"])
    assert "go:NE" not in ids and "go:PINK_1" not in ids and "go:DINING" in ids
    s = table(5, mode="experienced")
    s["fish_man"], s["knife"] = "NE", 0
    s, _ = drive(s, {"t": "step", "c": 0, "start": "CENTRAL", "mp": 2, "n": 0,
                     "path": ["CENTRAL"]})
    assert "go:PINK_1" in option_ids(s, s["chars"][0]["seat"])


def test_a_lone_place_is_taken_without_asking():
    s = table(5)
    s["chars"][0]["location"] = "PINK_1"
    s, ev = drive(s, {"t": "step", "c": 0, "start": "PINK_1", "mp": 1, "n": 0,
                      "path": ["PINK_1"]})
    assert not E.pending(s) and s["chars"][0]["location"] == "NE"
    assert [e.data["path"] for e in kinds(ev, "moved")] == [["PINK_1", "NE"]]


def exchange_between(hands):
    s = table(5)
    for ci, hand in enumerate(hands):
        s["chars"][ci]["hand"].update(hand)
    return drive(s, {"t": "exchange", "loc": "CENTRAL", "who": list(range(len(hands)))})


def test_encounter_cards_ask_every_giver_beside_a_short_clock():
    s, _ = exchange_between([{"A": 2, "D": 1}, {"A": 3, "D": 0}])
    asked = {p.seat: p for p in E.pending(s)}
    assert set(asked) == {None, s["chars"][0]["seat"], s["chars"][1]["seat"]}
    assert asked[None].deadline == "night_step_min"
    assert asked[s["chars"][0]["seat"]].deadline == "night_step"
    s, ev = settle(s, {s["chars"][0]["seat"]: "D:1"})
    assert s["chars"][1]["pulse"][-1] == "D" and s["chars"][0]["pulse"][-1] == "A"
    assert s["chars"][1]["hand"]["A"] == 2
    s, _ = exchange_between([{"A": 2, "D": 1}, {"A": 0, "D": 0}, {"A": 3, "D": 0}])
    assert s["chars"][1]["seat"] not in [p.seat for p in E.pending(s)]  # nothing to give
    s, ev = settle(s)
    assert [e.data["char"] for e in kinds(ev, "gave_nothing")] == [s["chars"][1]["seat"]]


def test_an_investigator_is_asked_the_same_whoever_they_meet():
    """Holding Alive cards only, an Investigator's gift is forced; asked anyway, they cannot
    tell a partner with a Dead card to give (a Cultist) from one without."""
    def investigator_question(partner_hand):
        s, _ = exchange_between([{"A": 3, "D": 0}, partner_hand])
        [p] = [p for p in E.pending(s) if p.seat == s["chars"][0]["seat"]]
        return p.kind, [o.id for o in p.options], p.deadline, p.params

    cultist, investigator = investigator_question({"A": 2, "D": 1}), investigator_question(
        {"A": 3, "D": 0})
    assert cultist == investigator and cultist[1] == ["A:1"]
    assert cultist[3]["alone"] == "cover"       # the prompt says why a lone answer is asked
    s, _ = exchange_between([{"A": 0, "D": 0}, {"A": 0, "D": 0}])
    assert [p.seat for p in E.pending(s)] == [None]


def claim_window(alive: bool):
    s = table(5)
    roles(s, "CULTIST", *["INVESTIGATOR"] * 3)
    s["chars"][0]["ghost"] = not alive
    return drive(s, {"t": "claim"})[0]


def test_the_claim_window_asks_the_lone_cultist_alone_and_looks_the_same_without_one():
    s = claim_window(True)
    private = [p for p in E.pending(s) if p.seat is not None]
    assert [p.seat for p in private] == [s["chars"][claimant(s)]["seat"]]
    assert [o.id for o in private[0].options] == ["no", "claim"] and not private[0].public
    shape = [(p.deadline, p.public) for p in E.pending(s) if p.seat is None]
    assert shape == [(private[0].deadline, False)]              # both end together
    assert [(p.deadline, p.public) for p in E.pending(claim_window(False))] == shape


def test_a_status_check_asks_only_a_cultist_facing_a_death():
    s = table(5)
    roles(s, "INVESTIGATOR", "INVESTIGATOR", "INVESTIGATOR", "INVESTIGATOR", "CULTIST")
    s["chars"][1]["pulse"] = ["A"]
    from games.cultists.checks import status_check
    s, _ = drive(s, *status_check(0, 1, "check"))
    assert [(p.seat, p.deadline) for p in E.pending(s)] == [(None, "night_step")]
    s, ev = settle(s)
    assert not s["chars"][1]["ghost"] and not kinds(ev, "murder_revealed")


def test_fill_and_secure_name_the_card_in_the_action():
    s = table(5, mode="experienced")
    roles(s, "CULTIST", *["INVESTIGATOR"] * 4)
    s["chars"][0].update(location="PINK_1")
    s["chars"][0]["hand"].update(S=1, F=0, X=2)
    ids = [o[0] for o in options(s, 0)]
    assert "fill:PINK_1:S" in ids and "fill:PINK_1:X" in ids and "fill:PINK_1:F" not in ids
    s, ev = drive(s, {"t": "act", "c": 0})
    s, ev = settle(s, {s["chars"][0]["seat"]: "fill:PINK_1:X"})
    assert s["chars"][0]["hand"]["X"] == 1 and kinds(ev, "filled")
    assert not [p for p in E.pending(s) if p.kind == "card_type"]


def test_a_turn_that_can_only_pass_whatever_the_secrets_is_not_asked():
    s = table(5)
    roles(s, "INVESTIGATOR", *["INVESTIGATOR"] * 4)
    for c in s["chars"][1:]:
        c["location"] = "DINING"
    s["chars"][0]["location"] = "SE"
    s, ev = drive(s, {"t": "act", "c": 0})
    assert not E.pending(s) and kinds(ev, "passed")
    s = table(5, mode="experienced")                            # a corridor, hazards on
    for c in s["chars"][1:]:
        c["location"] = "DINING"
    s["chars"][0].update(location="SE", hand={"A": 1, "D": 0, "S": 0, "F": 0, "X": 0})
    s, _ = drive(s, {"t": "act", "c": 0})
    assert option_ids(s, s["chars"][0]["seat"]) == ["pass"]     # the empty hand is a secret
    s = table(5)                                                # a shown Super Ghost
    s["chars"][0].update(location="SECURITY", ghost=True, role="SUPER_GHOST", role_shown=True,
                         team="CULT")                           # any route
    s["power_on"] = False
    s["rooms"]["SECURITY"].update(finished=True, books=0, deck=[])  # the power is all it has
    s, _ = drive(s, {"t": "act", "c": 0})
    assert option_ids(s, s["chars"][0]["seat"]) == ["power", "pass"]


def test_the_end_shows_every_role():
    s = table(5)
    roles(s, "CULTIST", *["INVESTIGATOR"] * 4)
    assert {c["role"] for c in E.public_view(s)["chars"]} == {None}
    s["round"] = 10
    s, _ = drive(s, {"t": "end_round"})
    assert E.outcome(s) is not None
    assert [c["role"] for c in E.public_view(s)["chars"]] == [
        s["chars"][ci]["role"] for ci in s["order"]]
    status = E.describe(E.public_view(s), Translator("cultists", "en", [f"P{i}" for i in range(5)]))
    assert "role hidden" not in status and "role Cultist" in status


def whole_games():
    """AI games of every size; every seated question and clock seen on the way."""
    for players in (4, 5, 6, 8):
        for seed in range(3):
            s, _ = E.setup({"mode": "experienced"}, players, seed)
            while E.outcome(s) is None:
                pend = E.pending(s)
                seated = [p for p in pend if p.seat is not None]
                p = seated[0] if seated else pend[0]
                yield s, p, pend
                pick = p.default if p.seat is None else ai.choose(E, s, 0, p, "side")
                s, _ = E.apply(s, p.seat, p.id, pick)


def test_whole_ai_games_ask_no_lone_answer_that_hides_nothing():
    """Left: a forced gift, asked so that nobody learns who had a choice (spec 8.3), and a
    pass forced by the hand or the role, asked because skipping it would change the step's
    length; both say so in their prompt."""
    lone = Counter()
    for s, p, pend in whole_games():
        if p.seat is None or len(p.options) > 1:
            continue
        if p.kind == "give":
            assert p.options[0].id != "none"
        elif p.kind == "action":
            assert p.options[0].id == "pass"
            ci = next(ci for ci, c in enumerate(s["chars"]) if c["seat"] == p.seat)
            probe = copy.deepcopy(s)
            probe["chars"][ci].update(team="CULT", hand={"A": 0, "D": 0, "S": 1, "F": 1, "X": 1})
            assert len(options(probe, ci)) > 1
        assert p.params.get("alone") == "cover"
        lone[p.kind] += 1
    assert set(lone) <= {"give", "action"}


def test_whole_ai_games_pad_secret_steps_with_short_clocks_only():
    clocks = Counter(p.deadline for s, p, pend in whole_games() if p.seat is None)
    assert set(clocks) <= {"night_step_min", "night_step", "claim", "day_discussion"}
    assert clocks["night_step_min"] > clocks["night_step"]
