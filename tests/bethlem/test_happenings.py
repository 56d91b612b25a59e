"""Custom-mode happenings (spec §6.5.4): the draw after the lynches, the revealers' pick, and what
each card does in the round it acts in."""
from games.base import PUBLIC
from games.bethlem.core import run
from games.bethlem.happenings import new_hap, start_round
from games.bethlem.table import acting_seat, alive, dead_cards
from tests.bethlem.helpers import TOM, UMA, VIC, WES, XIA, Game, card, player
from tests.bethlem.test_custom_characters import shock, table


def hap_table(every=1, per=(), one=(), on=None, **kw):
    st = table("chef", **kw)
    st["custom"]["happenings"] = h = new_hap(st, every)
    h["periodic"], h["one_off"], h["current"] = list(per), list(one), on
    return st


def _happened(g):
    return [(e.data["happening"], e.audience) for e in g.of("happening")]


def test_periodic_happening_is_shown_after_the_lynches_and_acts_next_round():
    g = Game(hap_table(per=["corte_luz", "eclipse"])).start("day")
    g.to_lynch()
    g.vote("vote_player", {})
    g.settle("night")
    assert _happened(g) == [("corte_luz", PUBLIC)]
    assert g.st["round"] == 3 and g.st["tokens"]["off_groups"] == ["A1"]
    assert acting_seat(g.st, "electroshock") is None and acting_seat(g.st, "john_flick") == TOM
    g.settle("day")
    g.to_lynch()
    g.vote("vote_player", {})
    g.settle("night")
    assert g.st["tokens"]["off_groups"] == [] and acting_seat(g.st, "electroshock") == TOM


def test_every_two_rounds_skips_odd_rounds():
    g = Game(hap_table(every=2, per=["corte_luz"], rnd=3)).start("day")
    g.to_lynch()
    g.vote("vote_player", {})
    g.settle("night")
    assert _happened(g) == [] and g.st["custom"]["happenings"]["periodic"] == ["corte_luz"]


def test_revealers_pick_between_a_one_off_and_a_periodic_card_earliest_breaks_ties():
    st = hap_table(per=["eclipse"], one=["todos_para_uno"])
    st["custom"]["happenings"]["revealers"] = [VIC, UMA]
    g = Game(st).start("day")
    g.to_lynch()
    g.vote("vote_player", {})
    g.until("happening_pick", UMA)
    offers = g.of("happening_offer")
    assert sorted(e.audience for e in offers) == [(UMA,), (VIC,)]
    g.act("happening_pick", "eclipse", UMA)
    g.act("happening_pick", "todos_para_uno", VIC)
    assert _happened(g) == [("todos_para_uno", PUBLIC)]
    h = g.st["custom"]["happenings"]
    assert h["periodic"] == ["eclipse"] and h["one_off"] == []


def test_eclipse_skips_the_day_and_red_alert_the_night():
    g = Game(hap_table(on="eclipse")).start("day")
    assert g.of("eclipse") and not g.asked("ready") and not g.of("day_begins")
    g.settle("night")
    g = Game(hap_table(on="alerta_roja")).start("night")
    assert g.of("red_alert") and not g.of("night_falls") and g.st["phase"] == "day"


def test_night_party_adds_a_lynch_after_a_quiet_night():
    g = Game(hap_table(on="fiesta_nocturna")).start("night")
    g.settle("day")
    assert g.of("party_lynch")
    g.to_lynch()
    g.vote("vote_player", {})
    g.vote("vote_player", {})
    assert len(g.of("lynch_opens")) == 2


def test_two_birds_tie_costs_each_tied_player_a_card_chosen_by_their_voters():
    g = Game(hap_table(on="dos_pajaros")).start("day")
    g.to_lynch()
    g.vote("vote_player", {TOM: player(VIC), UMA: player(WES), VIC: player(WES),
                           WES: player(VIC)})
    assert [p.seat for p in g.open("vote_card")] == [TOM, WES]
    g.vote("vote_card", {TOM: card(VIC, 3), WES: card(VIC, 3)})
    g.vote("vote_card", {UMA: card(WES, 3), VIC: card(WES, 3)})
    assert sorted(g.died()) == [(VIC, 3), (WES, 3)]


def test_risky_move_kills_an_own_card_silently_and_draws_an_event_once():
    st = hap_table(deck=["indulto"])
    st["custom"]["happenings"]["risky"] = 1
    g = Game(st).start("day")
    p = g.open("ready", XIA)[0]
    assert "risky" in [o.id for o in p.options]
    g.act("ready", "risky", XIA)
    g.act("risky_card", card(XIA, 3), XIA)
    assert g.died() == [(XIA, 3)] and g.st["hands"][XIA] == ["indulto"]
    assert not g.asked("mania_target")
    assert "risky" not in [o.id for o in g.until("ready", XIA).options]


def _one_off(hid):
    """A round begins with this one-off happening; the night follows its answers."""
    st = hap_table()
    st["custom"]["happenings"]["next"] = hid
    start_round(st, [])
    st["agenda"].append(["night"])
    g = Game(st)
    run(g.st, g.events)
    return g


def test_visiting_day_idles_the_well_behaved_and_kills_without_effects():
    g = _one_off("dia_visitas")
    g.act("visit_choice", "behave", TOM)
    g.act("visit_choice", card(XIA, 3), XIA)
    for s in (UMA, VIC, WES):
        g.act("visit_choice", "behave", s)
    assert g.of("visit_choices")[0].data == {"behaved": [TOM, UMA, VIC, WES], "punished": [XIA]}
    assert g.died() == [(XIA, 3)] and not g.asked("mania_target")
    assert acting_seat(g.st, "electroshock") is None




def test_all_for_one_shows_a_card_of_each_player():
    g = _one_off("todos_para_uno")
    for s in range(5):
        g.act("show_card", card(s, 2), s)
    shown = g.of("card_shown")
    assert [e.data["card"] for e in shown] == ["john_flick", "el_archivo", "arthur",
                                               "siamesa_a", "siamesa_b"]
    assert all(e.audience == PUBLIC for e in shown) and g.st["cards"]["arthur"]["revealed"] == 1


def test_police_removal_counts_as_dead_for_good():
    g = _one_off("investigacion")
    for s in range(5):
        g.act("remove_card", card(s, 4), s)
    assert sorted(g.died()) == [(s, 4) for s in range(5)]
    assert not g.asked("mania_target") and "amnesia" not in dead_cards(g.st)
    from games.bethlem.deaths import revive
    assert revive(g.st, [], "amnesia", "test") is False


def test_spy_ring_holds_until_all_but_one_are_hit_then_all_fall():
    st = hap_table()
    st["custom"]["happenings"]["ring"] = ["el_archivo", "arthur", "siamesa_a"]
    g = Game(st).start("night")
    shock(g, card(UMA, 2))
    g.settle("day")
    assert g.died() == [] and g.st["custom"]["happenings"]["hit"] == ["el_archivo"]
    assert [e.data for e in g.of("spy_hit")] == [{"seat": UMA, "pos": 2}]
    g.to_lynch()
    g.vote("vote_player", {s: player(VIC) for s in range(5)})
    g.vote("vote_card", {s: card(VIC, 2) for s in range(5)})
    g.tick()
    assert g.of("spy_ring_falls")
    assert sorted(g.died()) == [(UMA, 2), (VIC, 2), (WES, 2)]
    assert not alive(g.st, "siamesa_a")


def test_siesta_after_a_bloodless_lynch_gives_the_mutineers_two_kills():
    g = Game(hap_table(on="hora_siesta")).start("day")
    g.to_lynch()
    g.vote("vote_player", {})
    g.settle("night")
    assert [e.audience for e in g.of("siesta_kill")] == [PUBLIC]
    for target in (card(TOM, 2), card(UMA, 3)):
        g.until("conference", WES)
        g.act("conference", target, WES)
        g.act("conference", target, XIA)
    g.settle("day")
    assert sorted(g.died()) == [(TOM, 2), (UMA, 3)]
