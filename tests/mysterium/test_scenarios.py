"""The spec's acceptance scenarios MYS-1..MYS-19, through the engine contract."""
from __future__ import annotations

import copy

import pytest

from games.mysterium import epilogue, ghost
from games.mysterium.setup import Ctx, deal
from hosting.pace import duration, presets
from hosting.text import Translator
from tests.mysterium.helpers import (E, do, end_timer, ghost_crow, ghost_give, idx, look,
                                     pending, psy, public, refused, run, serve_all, table)


def at_hour(s, hour, **targets):
    """Jump to the start of `hour` (nobody served) with chosen targets on the table."""
    s["hour"] = hour
    for who, (stage, card) in targets.items():
        p = psy(s, who)
        p["stage"], p["targets"][stage] = stage, card
        if card not in s["table"][stage]:
            s["table"][stage].append(card)
    return s


def done(s, *names):
    for who in names:
        p = psy(s, who)
        p["found"] = [p["targets"][c] for c in ("suspect", "place", "object")]
        p["stage"] = "done"
        for c, card in zip(("suspect", "place", "object"), p["found"]):
            if card in s["table"][c]:
                s["table"][c].remove(card)


def test_mys1_setup_five_players_intermediate():
    s = table()
    assert len(s["psychics"]) == 4
    for cat, lo, hi in (("suspect", 1, 18), ("place", 19, 36), ("object", 37, 54)):
        assert len(s["table"][cat]) == 7 and all(lo <= c <= hi for c in s["table"][cat])
        targets = [p["targets"][cat] for p in s["psychics"]]
        assert len(set(targets)) == 4 and set(targets) <= set(s["table"][cat])
    assert s["crows_left"] == 3
    for p in s["psychics"]:
        assert p["tokens"] == {"agree": 2, "disagree": 2} and p["track"] == 0
        assert p["stage"] == "suspect" and not p["served"]
    assert len(s["hand"]) == 7 and len(s["deck"]) == 77 and s["discard"] == []
    assert s["hour"] == 1 and s["phase"] == "give"


def test_mys2_assignment_follows_the_rulebook_example():
    s = table()
    ctx = Ctx(s)
    columns = [idx(s, w) for w in ("alex", "stephanie", "paul", "carl")]
    deal(ctx, "suspect", [1, 3, 4, 5, 6, 10, 17], [10, 4, 17, 1, 3, 5, 6], columns)
    assert {w: psy(s, w)["targets"]["suspect"] for w in ("alex", "stephanie", "paul", "carl")} \
        == {"alex": 10, "stephanie": 4, "paul": 17, "carl": 1}
    assert s["table"]["suspect"] == [1, 3, 4, 5, 6, 10, 17]     # decoys 3, 5, 6 stay
    _, events = E.setup({"mode": "intermediate", "ghost": "player"}, 5, seed=4)
    screen = [e for e in events if e.kind == "screen_line"]
    assert len(screen) == 4 and all(e.audience == (0,) for e in screen)
    assert not any("targets" in e.data or e.kind == "screen_line" for e in public(events))


@pytest.mark.parametrize("mode,seats,ghost_kind,per_category,psychics", [
    ("hard", 7, "player", 9, 6), ("easy", 3, "player", 5, 4), ("easy", 1, "bot", 4, 2)])
def test_mys2_layout_variants(mode, seats, ghost_kind, per_category, psychics):
    s = table(mode, seats, ghost_kind)
    assert len(s["psychics"]) == psychics
    assert all(len(s["table"][c]) == per_category for c in s["table"])


def test_mys3_giving_visions_and_refilling():
    s = table()
    hand = ["V01", "V02", "V03", "V04", "V05", "V06", "V07"]
    s["hand"], s["deck"] = list(hand), ["V08", "V09", "V10", "V11"] + s["deck"][4:]
    deck = len(s["deck"])
    s, events = ghost_give(s, "alex", ["V01", "V02", "V03"])
    gave = [e for e in public(events) if e.kind == "gave"]
    assert gave[0].data["cards"] == ["V01", "V02", "V03"]
    assert psy(s, "alex")["served"] and psy(s, "alex")["visions"] == ["V01", "V02", "V03"]
    assert s["hand"] == ["V04", "V05", "V06", "V07", "V08", "V09", "V10"]
    assert len(s["deck"]) == deck - 3 and s["phase"] == "give"
    assert refused(s, "ghost.", f"to.{idx(s, 'alex')}") == "already_served"
    s, _ = ghost_give(s, "stephanie", ["V04"])
    s, _ = ghost_give(s, "paul", ["V05"])
    s, _ = ghost_give(s, "carl", ["V06"])
    assert len(s["hand"]) == 7 and s["phase"] == "window"
    timer = pending(s, "timer.")
    assert timer.seat is None and duration(presets()["live"], timer.deadline) == 120


def window(s, hour):
    """Hour `hour`, everyone served with nothing new: the sand timer runs."""
    s["hour"] = hour
    return serve_all(s)


def test_mys4_correct_guess_with_bets():
    s = at_hour(table(), 2, carl=("suspect", 5))
    s = window(s, 2)
    psy(s, "carl")["visions"] = ["V10", "V22"]
    s, _ = look(s, "carl", "guess.5")
    carl = idx(s, "carl")
    s, _ = look(s, "stephanie", f"bet.{carl}.agree")
    s, _ = look(s, "alex", f"bet.{carl}.agree")
    s, _ = look(s, "paul", f"bet.{carl}.disagree")
    s, events = end_timer(s)
    assert [psy(s, w)["track"] for w in ("stephanie", "alex", "paul")] == [1, 1, 0]
    assert 5 not in s["table"]["suspect"] and psy(s, "carl")["found"] == [5]
    assert {"V10", "V22"} <= set(s["discard"])
    assert psy(s, "carl")["stage"] == "place" and s["hour"] == 3
    for w in ("stephanie", "alex", "paul"):
        assert sum(psy(s, w)["tokens"].values()) == 3
    assert psy(s, "carl")["visions"] == []


def test_mys5_wrong_guess_keeps_the_visions():
    s = at_hour(table(), 2, stephanie=("suspect", 4))
    if 10 not in s["table"]["suspect"]:
        s["table"]["suspect"].append(10)
    s = window(s, 2)
    psy(s, "stephanie")["visions"] = ["V01"]
    s, _ = look(s, "stephanie", "guess.10")
    steph = idx(s, "stephanie")
    s, _ = look(s, "paul", f"bet.{steph}.disagree")
    s, _ = look(s, "alex", f"bet.{steph}.agree")
    s, _ = end_timer(s)
    assert psy(s, "paul")["track"] == 1 and psy(s, "alex")["track"] == 0
    assert psy(s, "stephanie")["stage"] == "suspect" and 10 in s["table"]["suspect"]
    assert psy(s, "stephanie")["visions"] == ["V01"]
    assert f"to.{steph}" in [o.id for o in pending(s, "ghost.").options]
    s["hand"][0] = "V30"
    s, _ = ghost_give(s, "stephanie", ["V30"])
    assert psy(s, "stephanie")["visions"] == ["V01", "V30"]


def test_mys6_finishing_scores_the_hours_left():
    s = table()
    done(s, "stephanie", "carl", "alex")
    s = at_hour(s, 4, paul=("object", 40))
    psy(s, "paul")["track"] = 2
    psy(s, "paul")["found"] = [psy(s, "paul")["targets"]["suspect"],
                               psy(s, "paul")["targets"]["place"]]
    s = window(s, 4)
    s, _ = look(s, "paul", "guess.40")
    s, _ = end_timer(s)
    assert psy(s, "paul")["stage"] == "done" and psy(s, "paul")["track"] == 5
    assert s["phase"] == "shared"     # everyone done: straight to the epilogue


def test_mys6_finished_psychic_gets_no_visions_but_may_bet():
    s = table()
    done(s, "paul")
    s = at_hour(s, 5)
    assert f"to.{idx(s, 'paul')}" not in [o.id for o in pending(s, "ghost.").options]
    assert refused(s, "ghost.", f"to.{idx(s, 'paul')}") == "psychic_finished"
    s = serve_all(s)
    s, _ = look(s, "carl", f"guess.{s['table']['suspect'][0]}")
    s, _ = look(s, "paul", f"bet.{idx(s, 'carl')}.agree")
    assert psy(s, "paul")["bets"] == {str(idx(s, "carl")): "agree"}


def test_mys7_clairvoyance_token_limits():
    s = window(at_hour(table(), 2), 2)
    carl, paul, steph, alex = (idx(s, w) for w in ("carl", "paul", "stephanie", "alex"))
    s, _ = look(s, "carl", f"guess.{s['table']['suspect'][0]}")
    assert refused(s, f"look.2.{steph}.", f"bet.{steph}.agree") == "own_intuition"
    s, _ = look(s, "stephanie", f"bet.{carl}.agree")
    assert psy(s, "stephanie")["tokens"] == {"agree": 1, "disagree": 2}
    s, _ = look(s, "stephanie", f"bet.{carl}.disagree")
    assert psy(s, "stephanie")["tokens"] == {"agree": 2, "disagree": 1}
    assert psy(s, "stephanie")["bets"] == {str(carl): "disagree"}
    assert refused(s, f"look.2.{steph}.", f"bet.{paul}.agree") == "no_intuition"
    old = pending(s, f"look.2.{steph}.").id
    s, _ = end_timer(s)
    with pytest.raises(Exception) as err:
        E.apply(s, psy(s, "stephanie")["seat"], old, f"bet.{alex}.agree")
    assert err.value.code == "window_closed"
    small = serve_all(table("intermediate", 3, "player"))
    first = pending(small, "look.1.0.")
    with pytest.raises(Exception) as err:
        E.apply(small, first.seat, first.id, "bet.1.agree")
    assert err.value.code == "track_not_used"


def play_hour(s, bets=()):
    """Everyone served; active psychics guess a wrong card; `bets` = (owner, target, kind)."""
    s = serve_all(s)
    for i, p in enumerate(s["psychics"]):
        if p["stage"] != "done":
            wrong = next(c for c in s["table"][p["stage"]] if c != p["targets"][p["stage"]])
            s, _ = look(s, p["persona"], f"guess.{wrong}")
    for owner, target, kind in bets:
        s, _ = look(s, owner, f"bet.{idx(s, target)}.{kind}")
    s, _ = end_timer(s)
    return s


def test_mys8_tokens_come_back_once_at_hour_four():
    s = table()
    for kind in ("agree", "agree", "disagree"):
        s = play_hour(s, [("stephanie", "carl", kind)])
    assert sum(psy(s, "stephanie")["tokens"].values()) == 4     # back at the start of hour IV
    assert s["hour"] == 4 and sum(psy(s, "stephanie")["tokens"].values()) == 4
    s = play_hour(s, [("stephanie", "carl", "agree"), ("stephanie", "paul", "disagree")])
    s = play_hour(s, [("stephanie", "carl", "agree")])
    assert s["hour"] == 6 and sum(psy(s, "stephanie")["tokens"].values()) == 1
    s = play_hour(s)
    assert s["hour"] == 7 and sum(psy(s, "stephanie")["tokens"].values()) == 1


def test_mys9_time_runs_out():
    s = table()
    done(s, "stephanie", "paul", "carl")
    s = at_hour(s, 7, alex=("object", 45))
    if 41 not in s["table"]["object"]:
        s["table"]["object"].append(41)
    s = serve_all(s)
    s, _ = look(s, "alex", "guess.41")
    s, events = end_timer(s)
    out = E.outcome(s)
    assert out.reason == "time" and out.winners == () and s["epilogue"] is None
    assert len([e for e in public(events) if e.kind == "reveal_targets"]) == 4


def test_mys10_entering_the_epilogue_early():
    s = table()
    done(s, "stephanie", "paul", "alex")
    s = at_hour(s, 6, carl=("object", 50))
    psy(s, "carl")["found"] = [psy(s, "carl")["targets"]["suspect"],
                               psy(s, "carl")["targets"]["place"]]
    psy(s, "carl")["track"] = 3
    s = serve_all(s)
    s, _ = look(s, "carl", "guess.50")
    s, _ = end_timer(s)
    assert psy(s, "carl")["track"] == 4 and s["phase"] == "shared" and s["hour"] == 6
    groups = s["epilogue"]["groups"]
    assert [g["psychic"] for g in groups] == [0, 1, 2, 3]
    assert groups[2]["cards"]["object"] == 50
    assert all(not cards for cards in s["table"].values())
    assert ("crow" in [o.id for o in pending(s, "ghost.").options]) == (s["crows_left"] > 0)


def epilogue_at(s, tracks, culprit, order):
    """Phase 2 with these tracks; the Ghost's three cards injected in reveal order."""
    for who, track in tracks.items():
        psy(s, who)["track"] = track
    done(s, "stephanie", "paul", "carl", "alex")
    s, _ = run(s, epilogue.start)
    ep = s["epilogue"]
    ep.update(culprit=culprit, shared=list(order), phase=None)
    ep["labels"] = dict(zip(sorted(order), ("suspect", "place", "object")))
    s["phase"] = "vote"
    return run(s, epilogue._next_stage)


def vote(s, who, group):
    return do(s, f"vote.{s['epilogue']['stage']}.{idx(s, who)}", f"group.{group}")


def test_mys11_staged_secret_vote():
    tracks = {"stephanie": 4, "alex": 5, "carl": 6, "paul": 11}
    s, events = epilogue_at(table(), tracks, 3, ["V12", "V11", "V13"])
    assert [e.data["card"] for e in public(events) if e.kind == "shared_card"] == ["V12"]
    assert [p.seat for p in E.pending(s) if p.seat is not None] == [psy(s, "stephanie")["seat"]]
    with pytest.raises(Exception) as err:
        E.apply(s, psy(s, "alex")["seat"], f"vote.1.{idx(s, 'alex')}", "group.3")
    assert err.value.code == "not_your_vote_stage"
    s, events = vote(s, "stephanie", 2)
    assert s["epilogue"]["revealed"] == 2
    assert not any("group" in e.data for e in public(events))   # the ballot stays secret
    s, _ = vote(s, "alex", 3)
    s, _ = vote(s, "carl", 3)
    s, events = vote(s, "paul", 3)
    assert s["epilogue"]["verdict"] == 3 and E.outcome(s).reason == "solved"
    assert E.outcome(s).winners == tuple(range(5))
    assert [e.kind for e in public(events)].count("shared_label") == 3


def test_vote_stage_reminds_once_then_missing_voters_abstain():
    """Spec section 7.7: 60 s, one 30 s extension after a reminder, then missing voters abstain.
    The stage's own clock (no seat) reminds at the `action` pace; the ballots close at the
    `vote` pace, 30 s later at the live pace."""
    live = presets()["live"]
    tracks = {"stephanie": 4, "alex": 5, "carl": 6, "paul": 11}
    s, _ = epilogue_at(table(), tracks, 3, ["V12", "V11", "V13"])
    clock = pending(s, "vote_clock.1")
    ballot = pending(s, f"vote.1.{idx(s, 'stephanie')}")
    assert clock.seat is None and ballot.default == "abstain"
    assert live[ballot.deadline] - live[clock.deadline] == 30 and live[clock.deadline] == 60
    s, events = E.apply(s, None, clock.id, clock.default)
    assert [(e.kind, e.data) for e in public(events)] == [("vote_reminder", {"level": 1})]
    assert not any(p.id.startswith("vote_clock") for p in E.pending(s))   # one reminder only
    s, events = E.apply(s, ballot.seat, ballot.id, ballot.default)        # the ballot closes
    assert s["epilogue"]["votes"] == {str(idx(s, "stephanie")): None}
    assert s["epilogue"]["stage"] == 2 and pending(s, "vote_clock.2").seat is None


def verdict_of(s, tracks, votes, **extra):
    for who, track in tracks.items():
        psy(s, who)["track"] = track
    s["epilogue"] = {"votes": {str(idx(s, w)): g for w, g in votes.items()}}
    s.update(extra)
    return epilogue.verdict(s)


def test_mys12_tie_broken_by_the_track():
    s = table()
    assert verdict_of(s, {"stephanie": 4, "alex": 5, "carl": 6, "paul": 11},
                      {"stephanie": 1, "alex": 2, "carl": 1, "paul": 2}) == 2


def test_mys13_walk_down_and_youngest():
    s = table("intermediate", 6)
    names = [p["persona"] for p in s["psychics"]]
    tracks = dict(zip(names, [12, 9, 3, 2, 1]))
    votes = dict(zip(names, [3, 2, 2, 1, 1]))
    assert verdict_of(s, tracks, votes) == 2
    s = table()
    tracks = {"stephanie": 7, "alex": 7, "carl": 2, "paul": 2}
    votes = {"stephanie": 1, "alex": 2, "carl": 1, "paul": 2}
    assert verdict_of(s, tracks, votes) == 2
    assert verdict_of(s, tracks, votes, tiebreak_age="eldest") == 1


def test_mys14_crow_limits_hard():
    s = table("hard")
    hand = list(s["hand"])
    s, events = ghost_crow(s, hand[:2])
    assert len(s["hand"]) == 7 and s["discard"] == hand[:2] and s["crows_left"] == 0
    assert [e.data for e in events if e.kind == "crow_discarded"][0]["cards"] == hand[:2]
    assert not any(e.kind == "crow_discarded" for e in public(events))
    s = play_hour(play_hour(s))
    assert s["hour"] == 3 and refused(s, "ghost.", "crow") == "no_crow_left"


def test_mys14_crow_limits_easy_and_intermediate():
    s = table("easy")
    s, _ = ghost_crow(s, [s["hand"][0]])
    assert refused(s, "ghost.", "crow") == "no_crow_left"
    s = play_hour(s)
    s, _ = ghost_crow(s, [s["hand"][0]])
    done(s, "stephanie", "paul", "carl", "alex")
    s, _ = run(s, epilogue.start)
    s, _ = ghost_crow(s, [s["hand"][0]])
    s = table()
    s, _ = ghost_crow(s, [s["hand"][0]])
    s, _ = ghost_crow(s, [s["hand"][0]])
    for _ in range(4):
        s = play_hour(s)
    s, _ = ghost_crow(s, [s["hand"][0]])
    assert s["hour"] == 5 and refused(s, "ghost.", "crow") == "no_crow_left"
    s, _ = do(table(), "ghost.", "crow")
    assert refused(s, "ghost.", "crow") == "no_cards"


def test_mys14_a_crow_may_fly_while_the_sand_timer_runs():
    """Spec 4.4 and the seed: the crow may be used "en cualquier momento de la partida", so an
    EASY crow left over after the gives is not lost when the timer starts."""
    s = serve_all(table("easy"))
    assert s["phase"] == "window" and s["crows_left"] == 1
    ask = pending(s, "ghost.")
    assert ask.kind == "ghost_anytime" and ask.default == "wait" and not ask.public
    hand = list(s["hand"])
    s, events = ghost_crow(s, hand[:2])
    assert s["crows_left"] == 0 and s["discard"][-2:] == hand[:2] and len(s["hand"]) == 7
    assert "crow_used" in [e.kind for e in public(events)]
    assert not [p for p in E.pending(s) if p.id.startswith("ghost.")]   # nothing left to fly
    s, _ = end_timer(s)
    assert s["hour"] == 2 and pending(s, "ghost.").kind == "ghost_serve"


def test_mys14_not_now_closes_the_crow_question_for_this_timer_only():
    s = serve_all(table("easy"))
    skips = s["ghost_skips"]
    s, events = do(s, "ghost.", "wait")
    assert not events and s["ghost_skips"] == skips and s["crows_left"] == 1
    assert not [p for p in E.pending(s) if p.id.startswith("ghost.")]
    s, _ = end_timer(s)
    assert s["draft"] == {} and pending(s, "ghost.").kind == "ghost_serve"


def test_mys15_vision_deck_reshuffle():
    s = table()
    s["discard"], s["deck"] = s["deck"][:10], ["V84" if "V84" not in s["hand"] else s["deck"][10]]
    first = s["deck"][0]
    s, _ = ghost_give(s, "paul", s["hand"][:3])
    assert first in s["hand"]
    assert len(s["hand"]) == 7 and len(s["deck"]) == 8 and s["discard"] == []


def test_mys16_two_player_game():
    s = table("easy", 1, "bot")
    assert s["total"] == 2 and len(s["psychics"]) == 2
    assert all(len(cards) == 4 for cards in s["table"].values())
    assert all(p["tokens"] == {"agree": 0, "disagree": 0} for p in s["psychics"])
    looks = [p for p in E.pending(s) if p.id.startswith("look.")]
    assert [p.seat for p in looks] == [0, 0] and looks[0].kind != looks[1].kind
    with pytest.raises(Exception) as err:
        E.apply(s, 0, looks[0].id, "bet.1.agree")
    assert err.value.code == "track_not_used"
    for p in s["psychics"]:
        p["found"] = [p["targets"][c] for c in ("suspect", "place", "object")]
        p["stage"] = "done"
        for c, card in zip(("suspect", "place", "object"), p["found"]):
            s["table"][c].remove(card)
    leftovers = {c: set(s["table"][c]) for c in s["table"]}
    s, events = run(s, epilogue.start)
    groups = s["epilogue"]["groups"]
    assert len(groups) == 4 and [g["psychic"] for g in groups] == [0, 1, None, None]
    for c in leftovers:
        assert {g["cards"][c] for g in groups[2:]} == leftovers[c]
    assert s["epilogue"]["revealed"] == 3 and s["phase"] == "vote"
    [ballot] = [p for p in E.pending(s) if p.seat is not None]
    s, _ = E.apply(s, 0, ballot.id, f"group.{s['epilogue']['culprit']}")
    assert E.outcome(s).winners == (0,)


def three_player_vote():
    """MYS-17's table at its vote: Bea (seat 1) and Cid (seat 2), Cid the youngest; the Ghost
    meant group 2."""
    s = table("intermediate", 3, "player")
    assert len(s["psychics"]) == 4 and all(len(c) == 6 for c in s["table"].values())
    assert [p["seat"] for p in s["psychics"]] == [1, 1, 2, 2]
    for p in s["psychics"]:
        p["found"] = [p["targets"][c] for c in ("suspect", "place", "object")]
        p["stage"] = "done"
    s["age_rank"] = [0, 2, 1]
    s, _ = run(s, epilogue.start)
    s["hand"][:3] = ["V01", "V02", "V03"]
    s, events = run(s, epilogue.commit, 2, ["V01", "V02", "V03"])
    assert s["epilogue"]["revealed"] == 3 and "agree_rules" in [e.kind for e in events]
    return s


def proposals(events) -> list:
    return [(e.data["seat"], e.data.get("group")) for e in public(events)
            if e.kind.startswith("proposed")]


def test_mys17_three_players_vote_in_public_and_agree():
    """Seed: "En lugar de hacerlo en secreto, los videntes votan de forma pública"."""
    s = three_player_vote()
    asked = [p for p in E.pending(s) if p.seat is not None]
    assert [p.seat for p in asked] == [1, 2] and all(p.public for p in asked)
    s, events = do(s, "vote.0.1", "group.2")
    assert proposals(events) == [(1, 2)]
    s, events = do(s, "vote.0.2", "group.2")
    assert proposals(events) == [(2, 2)]
    assert s["epilogue"]["verdict"] == 2 and E.outcome(s).reason == "solved"


def test_mys17_a_player_changes_until_they_agree():
    s = three_player_vote()
    s, _ = do(s, "vote.0.1", "group.2")
    s, events = do(s, "vote.0.2", "group.4")
    assert "no_agreement_yet" in [e.kind for e in public(events)] and E.outcome(s) is None
    s, _ = do(s, "vote.1.1", "keep")
    s, events = do(s, "vote.1.2", "group.2")
    assert proposals(events) == [(2, 2)]
    assert s["epilogue"]["verdict"] == 2 and E.outcome(s).reason == "solved"


def test_mys17_no_agreement_leaves_the_youngest_players_proposal():
    s = three_player_vote()
    s, _ = do(s, "vote.0.1", "group.2")
    s, _ = do(s, "vote.0.2", "group.4")
    s, _ = do(s, "vote.1.1", "keep")
    s, events = do(s, "vote.1.2", "keep")
    assert proposals(events) == [(2, 4)]
    assert s["epilogue"]["verdict"] == 4 and E.outcome(s).reason == "wrong_group"


def test_mys17_two_ai_players_agree():
    s = three_player_vote()
    while E.outcome(s) is None:
        p = next(p for p in E.pending(s) if p.seat is not None)
        s, _ = E.apply(s, p.seat, p.id, E.ai_choice(s, p, "tags"))
    assert len(s["epilogue"]["rounds"]) == 1 and len(set(s["epilogue"]["votes"].values())) == 1


def test_mys17_a_three_player_vote_stored_before_rounds_goes_on():
    s = three_player_vote()
    s, _ = do(s, "vote.0.1", "group.2")
    old = copy.deepcopy(s)
    del old["epilogue"]["rounds"]
    assert E.upgrade(old) == s
    assert E.upgrade(copy.deepcopy(s)) == s


def test_mys18_no_guess_counts_as_wrong():
    s = at_hour(table(), 3)
    alex = psy(s, "alex")
    alex["stage"], alex["found"] = "place", [alex["targets"]["suspect"]]
    s = serve_all(s)
    psy(s, "alex")["visions"] = ["V07", "V12"]
    tracks = [p["track"] for p in s["psychics"]]
    s, events = end_timer(s)
    assert psy(s, "alex")["stage"] == "place" and psy(s, "alex")["visions"] == ["V07", "V12"]
    assert [p["track"] for p in s["psychics"]] == tracks
    assert any(e.kind == "no_guess" for e in events)
    assert f"to.{idx(s, 'alex')}" in [o.id for o in pending(s, "ghost.").options]


def test_mys19_human_ghost_timeouts():
    s = table()
    ask = pending(s, "ghost.")
    assert ask.default == "auto" and ask.deadline == "clue"
    once, events = E.apply(s, 0, ask.id, "auto")
    again, _ = E.apply(s, 0, ask.id, "auto")
    assert once == again                                    # the policy is deterministic
    assert sum(p["served"] for p in once["psychics"]) == 1
    assert [e.kind for e in public(events)] == ["ghost_auto", "gave"]
    s, events = do(once, "ghost.", "auto")
    assert s["bot_ghost"] and any(e.kind == "ghost_takeover" for e in public(events))
    assert all(p["served"] for p in s["psychics"]) and s["phase"] == "window"
    assert not [p for p in E.pending(s) if p.seat == 0]
    s, _ = end_timer(s)
    assert s["hour"] == 2 and all(p["served"] for p in s["psychics"] if p["stage"] != "done")


def test_bot_ghost_reads_only_what_a_human_ghost_sees():
    """Changing the deck order or the discard pile never changes the bot's plan."""
    s = table()
    plan = ghost.plan_give(s)
    s["deck"].reverse()
    s["discard"] = s["deck"][:5]
    assert ghost.plan_give(s) == plan


@pytest.mark.parametrize("lang", ["en", "es"])
def test_narration_names_the_last_hour_and_why_the_game_ended(lang):
    t = Translator("mysterium", lang, ["Laura", "Stephanie", "Paul", "Carl", "Alex"])
    s = serve_all(at_hour(table(), 6))
    s, events = end_timer(s)
    kinds = [e.kind for e in public(events)]
    assert "last_hour" in kinds and "hour_start" not in kinds
    last = t.event("last_hour", next(e.data for e in events if e.kind == "last_hour"))
    assert "7" in last and "0" not in last
    end = t.event("table_finished", {"winners": [], "reason": "time"})
    assert t("outcomes", "time") in end and "—" not in end
