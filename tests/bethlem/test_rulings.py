"""Rulebook edge cases the first scenarios missed: each test is named for the spec section or
ruling it holds the engine to (Tom, Uma, Vic, Wes, Xia sit left to right)."""
from games.bethlem.deaths import mark
from games.bethlem.objectives import compute
from tests.bethlem.helpers import (E, TOM, UMA, VIC, WES, XIA, Game, build, card, player)
from tests.bethlem.test_scenarios import FIVE, _arthur_table, _twin_table, rows


def _prophecy(eff, target, cond="quiet_night", rnd=2):
    return {"by": UMA, "condition": cond, "param": None, "effect": eff, "card": target,
            "first_round": rnd, "last_round": rnd + 1, "base": None}


def test_spec_5_17_prophecy_fulfilled_at_dawn_kills_before_the_day():
    st = build(FIVE)
    st["prophecies"] = [_prophecy("kill", "larry_owls")]
    g = Game(st).start("night").settle("day")
    kinds = [e.kind for e in g.events]
    assert g.died() == [(VIC, 1)]
    assert kinds.index("prophecy_fulfilled") < kinds.index("card_died") < kinds.index("day_begins")


def test_spec_4_5_1d_twin_dies_when_its_twin_was_attacked_and_saved_the_same_night():
    g = Game(build(_twin_table())).start("night")
    g.act("conference", card(UMA, 1), TOM)
    g.act("conference", card(UMA, 1), WES)
    g.act("action_kill", card(WES, 3), TOM)
    g.act("action_save", card(UMA, 1), UMA)  # Opio saves the first twin
    g.settle("day")
    assert g.died() == [(WES, 3)]


def _amnesia_table():
    return build(rows((VIC, 1, "richard_dadd"), (TOM, 1, "larry_owls")), rnd=3,
                 dead=["lobotomia", "juego_de_azar"])


def test_R46_amnesia_declared_after_the_first_lynch_holds_back_the_awakening():
    g = Game(_amnesia_table()).start("day").to_lynch()
    g.vote("vote_player", {s: player(VIC) for s in range(5)})
    g.vote("vote_card", {s: card(VIC, 2) for s in range(5)})
    assert g.died() == [(VIC, 2)] and not g.st["cards"]["richard_dadd"]["awake"]
    g.act("amnesia_late", "yes", UMA)
    g.vote("vote_player", {s: player(VIC) for s in range(5) if s != VIC})
    assert (VIC, 1) in g.died() and g.st["eliminated"][VIC]
    assert not g.of("richard_revealed")


def test_R14_arthur_may_repeat_a_card_after_a_round_without_protecting():
    g = Game(build(_arthur_table())).start("night")
    g.act("arthur", card(VIC, 1), WES)
    g.settle("day").to_lynch().settle("night")
    p = g.until("arthur", WES)
    assert card(VIC, 1) not in [o.id for o in p.options]   # the previous round's card
    g.act("arthur", "pass", WES)
    g.settle("day").to_lynch().settle("night")
    p = g.until("arthur", WES)
    assert card(VIC, 1) in [o.id for o in p.options]       # round 3 used no card


def _parca_table(with_death):
    t = _arthur_table()
    t[VIC] = ["larry_owls", "la_parca", "lobotomia", "juego_de_azar"]
    st = build(t)
    if with_death:  # Patience held a mutineer mark on Tom #2 from last night
        st["tokens"]["patience"] = [["el_archivo", [mark("mutineers", [WES], mut=1)]]]
    return st


def test_R15_parca_obeyed_when_her_card_dies_of_an_earlier_mark():
    g = Game(_parca_table(True)).start("night")
    g.act("scythe", card(TOM, 2), VIC)
    g.settle("day")
    assert g.died() == [(TOM, 2)]
    g.to_lynch().settle("night")
    assert g.st["parca"]["disobeyed_rounds"] == 0


def test_R15_parca_disobeyed_when_her_card_lives():
    g = Game(_parca_table(False)).start("night")
    g.act("scythe", card(TOM, 2), VIC)
    g.settle("day").to_lynch().settle("night")
    assert g.st["parca"]["disobeyed_rounds"] == 1


def test_spec_5_6_awakened_cataleptic_first_night_death_returns_and_kills():
    st = build(FIVE)
    st["cards"]["cataleptico"]["awake"] = 1
    g = Game(st).start("night")
    g.act("action_kill", card(WES, 4), TOM)
    g.act("cataleptic_kill", card(XIA, 1), WES)
    g.settle("day")
    assert g.died() == [(XIA, 1)]
    assert g.st["cards"]["cataleptico"]["dead"] == 0 and g.st["cards"]["cataleptico"]["awake_used"] == 1


def _pact_card_table(pact):
    t = _arthur_table()
    t[UMA][2] = "pacto_de_sangre"
    st = build(t, pact=pact)
    st["cards"]["pacto_de_sangre"].update(awake=1, used=1)
    return st


def test_R82_refused_pact_leaves_the_awakened_pact_card_unprotected():
    refused = {"first_seat": WES, "second_seat": XIA, "type": "normal", "active": 0, "failed": 1}
    for pact in (refused, None):
        g = Game(_pact_card_table(pact)).start("night")
        g.act("conference", card(UMA, 3), TOM)
        g.act("conference", card(UMA, 3), WES)
        g.settle("day")
        assert g.died() == [(UMA, 3)]


def test_R82_formed_pact_protects_the_awakened_pact_card():
    g = Game(_pact_card_table({"first_seat": WES, "second_seat": XIA, "type": "normal"})).start("night")
    g.act("conference", card(UMA, 3), TOM)
    g.act("conference", card(UMA, 3), WES)
    g.settle("day")
    assert not g.died()


def test_R83_collapsed_pact_members_win_with_nobody():
    st = build(_arthur_table(), dead=["daniel", "nathaniel", "larry_owls", "siamesa_a",
                                      "juego_de_azar", "opio", "amnesia"],
               pact={"first_seat": UMA, "second_seat": VIC, "type": "normal", "maker": TOM})
    g = Game(st).start("night")
    g.act("action_kill", card(VIC, 3), TOM)
    g.settle("day")
    assert sorted(g.died()) == [(UMA, 1), (UMA, 2), (VIC, 3)]
    out = E.outcome(g.st)
    assert out.reason == "internos" and UMA not in out.winners and VIC not in out.winners
    assert compute(g.st, UMA) == compute(g.st, VIC) == "PACT"


def test_rb_not_the_same_card_two_rounds_in_a_row_means_the_previous_round():
    from games.bethlem.night import last_round_pick, remember_pick
    st = build(FIVE, rnd=3)
    for power in ("arthur", "la_parca", "flick", "paciencia"):
        key = "parca" if power == "la_parca" else power
        st["round"] = 3
        remember_pick(st, key, "ali")
        st["round"] = 4
        assert last_round_pick(st, key) == "ali"
        st["round"] = 5
        assert last_round_pick(st, key) is None
