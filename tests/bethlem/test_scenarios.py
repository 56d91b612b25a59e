"""Acceptance scenarios BETH-1 … BETH-27 of the spec (§9). Seats: Tom, Uma, Vic, Wes, Xia, Yan,
Zed (left = next seat). Each test builds the stated table, plays the stated decisions through
the engine and checks the stated result."""
import pytest

from games.base import IllegalMove
from tests.bethlem.helpers import (E, PUBLIC, TOM, UMA, VIC, WES, XIA, YAN, ZED, Game,
                                   audiences, build, card, player)

# Quiet rows: cards whose default answer is "do nothing".
FIVE = [["daniel", "el_archivo", "electroshock", "muerte_dulce"],
        ["ali", "john_flick", "opio", "amnesia"],
        ["larry_owls", "arthur", "lobotomia", "juego_de_azar"],
        ["nathaniel", "siamesa_a", "profeta", "cataleptico"],
        ["mary_firth", "siamesa_b", "mania_persecutoria", "companeros_a"]]


def rows(*swaps, base=FIVE):
    """FIVE with some cards replaced: (seat, pos, card)."""
    out = [list(r) for r in base]
    for s, p, c in swaps:
        out[s][p - 1] = c
    return out


def cid(g, seat, pos):
    return g.st["rows"][seat][pos - 1]


# ---- lynch ------------------------------------------------------------------------------------

def _beth1(wes_card_vote):
    st = build(FIVE, pers={TOM: "responsabilidad"})
    st["tokens"]["arrow"] = [st["rows"][VIC][1]]
    g = Game(st).start("day").to_lynch()
    g.vote("vote_player", {TOM: player(VIC), UMA: player(WES), VIC: player(WES),
                           WES: player(VIC), XIA: player(WES)})
    assert [e.data["seat"] for e in g.of("lynched_player")] == [VIC]
    # The result line says the rule: Responsibility's double vote and the arrow count.
    assert g.of("lynched_player")[0].data["why"] == {"key": "most", "votes": 4, "total": 7}
    assert len(g.of("vote_player_cast")) == 5
    assert all(e.audience == PUBLIC for e in g.of("vote_player_cast"))
    assert sorted(p.seat for p in g.open("vote_card")) == [TOM, WES]
    g.vote("vote_card", {TOM: card(VIC, 3), WES: wes_card_vote})
    return g


def test_beth1_weights_arrow_and_card_tie():
    g = _beth1(card(VIC, 2))
    assert g.of("no_card_chosen")[0].data["why"] == {"key": "tie_other", "votes": 2}
    assert not g.died()
    g.settle("night")
    assert g.st["tokens"]["arrow"] == []


def test_beth1_variant_card_dies_with_killers():
    g = _beth1(card(VIC, 3))
    assert g.died() == [(VIC, 3)]
    assert g.st["cards"]["lobotomia"]["killers"] == [TOM, WES]


def test_beth2_ballot_tie_and_losing_player_draws():
    st = build(FIVE, dead=["daniel", "muerte_dulce", "john_flick", "opio"],
               deck=["barbero", "confesion", "milagrero", "despertar", "celda"])
    g = Game(st).start("day").to_lynch()
    g.vote("vote_player", {TOM: player(VIC), UMA: player(WES), VIC: player(WES),
                           WES: player(VIC)})
    assert g.of("no_lynch")[0].data["why"] == {"key": "tie_other", "votes": 2}
    assert not g.of("lynched_player")
    g.until("draw_event")
    assert [p.seat for p in g.open("draw_event")] == [TOM]
    g.act("draw_event", "yes", TOM)
    assert [e.data["seat"] for e in g.of("drew_event")] == [TOM]
    drawn = g.of("you_drew")
    assert [e.audience for e in drawn] == [(TOM,)] and g.st["hands"][TOM] == ["barbero"]
    assert not g.asked("draw_event", UMA)


def test_beth2_variant_full_tie_earlier_seat_takes_last_card():
    st = build(FIVE, dead=["muerte_dulce", "amnesia"], deck=["barbero"])
    g = Game(st).start("day").to_lynch()
    g.vote("vote_player", {})
    g.act("draw_event", "yes", TOM)
    g.settle("night")
    assert g.st["hands"][TOM] == ["barbero"] and g.st["hands"][UMA] == []


def test_beth8_cellmates_chain_and_stop():
    base = rows((TOM, 4, "companeros_a"), (VIC, 2, "companeros_b"), (XIA, 4, "companeros_c"),
                (XIA, 3, "infecto_de_rabia"))
    g = Game(build(base)).start("day").to_lynch()
    g.vote("vote_player", {s: player(TOM) for s in range(5)})
    g.vote("vote_card", {s: card(TOM, 4) for s in range(5)})
    assert sorted(g.died()) == [(TOM, 4), (VIC, 4), (XIA, 4)]
    assert g.st["cards"]["companeros_b"]["dead"] == 0


def test_beth8_variant_bipolar_opposite_positions():
    base = rows((TOM, 4, "companeros_a"), (VIC, 2, "companeros_b"), (XIA, 4, "companeros_c"),
                (XIA, 3, "infecto_de_rabia"))
    g = Game(build(base, pers={TOM: "bipolaridad"})).start("day").to_lynch()
    g.vote("vote_player", {s: player(TOM) for s in range(5)})
    g.vote("vote_card", {s: card(TOM, 4) for s in range(5)})
    g.act("mates_mode", "opposite", TOM)
    assert sorted(g.died()) == [(TOM, 4), (VIC, 1), (XIA, 1)]


def test_beth12_director_wins_on_secondary_characters():
    seven = [["daniel", "el_archivo", "electroshock", "cataleptico"],
             ["ali", "john_flick", "opio", "amnesia"],
             ["larry_owls", "siamesa_a", "lobotomia", "juego_de_azar"],
             ["nathaniel", "wakerfield", "arthur", "muerte_dulce"],
             ["mary_firth", "siamesa_b", "mania_persecutoria", "companeros_a"],
             ["richard_dadd", "la_parca", "profeta", "companeros_b"],
             ["pacto_de_sangre", "krugman", "infecto_de_rabia", "companeros_c"]]
    seven[WES] = ["nathaniel", "muerte_dulce", "arthur", "wakerfield"]
    st = build(seven, dead=["krugman", "el_archivo", "john_flick", "siamesa_a", "siamesa_b",
                            "la_parca", "wakerfield"])
    assert st["objectives"][ZED] == "DIRECTOR"
    g = Game(st).start("day").to_lynch()
    g.vote("vote_player", {s: player(WES) for s in range(7) if s != WES})
    g.vote("vote_card", {s: card(WES, 3) for s in range(7) if s != WES})
    out = E.outcome(g.st)
    assert out.winners == (ZED,) and out.reason == "director"


def _hate_pact(tom_vote):
    base = rows((WES, 2, "arthur"), (VIC, 2, "siamesa_a"))
    st = build(base, dead=["nathaniel", "profeta", "cataleptico"],
               pact={"first_seat": TOM, "second_seat": WES, "type": "hate"})
    g = Game(st).start("day").to_lynch()
    g.vote("vote_player", {TOM: tom_vote, UMA: player(WES), VIC: player(XIA), XIA: player(WES)})
    return g


def test_beth14_hate_pact_victory():
    g = _hate_pact(player(WES))
    assert not g.open("vote_card")
    assert g.st["cards"]["arthur"]["killers"] == [TOM, UMA, XIA]
    out = E.outcome(g.st)
    assert out.winners == (TOM,) and out.reason == "hate_pact"


def test_beth14_variant_hate_pact_dissolves():
    g = _hate_pact(player(VIC))
    assert g.st["cards"]["arthur"]["killers"] == [UMA, XIA]
    assert E.outcome(g.st) is None
    assert g.st["pact"]["active"] == 0 and g.st["objectives"][TOM] == "MUTINEER"


def _rabies(pers=None, awake=False):
    base = [["larry_owls", "el_archivo", "infecto_de_rabia", "muerte_dulce"],
            ["ali", "john_flick", "opio", "amnesia"],
            ["mary_firth", "arthur", "lobotomia", "juego_de_azar"],
            ["nathaniel", "siamesa_a", "profeta", "cataleptico"],
            ["daniel", "siamesa_b", "mania_persecutoria", "companeros_a"]]
    st = build(base, pers=pers)
    st["cards"]["infecto_de_rabia"]["awake"] = int(awake)
    g = Game(st).start("day").to_lynch()
    g.vote("vote_player", {s: player(TOM) for s in range(5)})
    g.vote("vote_card", {s: card(TOM, 3) for s in range(5)})
    return g


def test_beth15_rabies_strikes_next_night():
    g = _rabies()
    assert g.st["rabies"] == ["nathaniel"] and g.died() == [(TOM, 3)]
    g.settle("night")
    g.until("conference", WES)
    assert any(m["card"] == "nathaniel" for m in g.st["marks"])
    g.settle("day")
    assert (WES, 1) in g.died()


def test_beth15_variant_awakened_rabies_kills_now():
    g = _rabies(awake=True)
    assert sorted(g.died()) == [(TOM, 3), (WES, 1)]


def test_beth15_variant_bipolar_goes_right():
    g = _rabies(pers={TOM: "bipolaridad"})
    g.act("rabia_mode", "opposite", TOM)
    assert g.st["rabies"] == ["daniel"]


def test_beth16_wakerfield_rescues_daniel():
    base = rows((XIA, 2, "wakerfield"), (XIA, 1, "larry_owls"), (VIC, 1, "mary_firth"))
    st = build(base)
    g = Game(st).start("day").to_lynch()
    g.vote("vote_player", {s: player(TOM) for s in range(5)})
    g.vote("vote_card", {s: card(TOM, 1) for s in range(5)})
    g.act("wakerfield", card(TOM, 1), XIA)
    g.tick()
    assert g.st["rows"][XIA][1] == "daniel" and g.st["cards"]["daniel"]["dead"] == 0
    assert g.st["rows"][TOM][0] == "wakerfield" and g.died() == [(TOM, 1)]
    took = g.of("you_took")
    assert took[0].audience == (XIA,) and took[0].data["card"] == "daniel"
    assert g.st["objectives"][XIA] == "MUTINEER" and g.st["objectives"][TOM] == "INTERNOS"
    assert E.outcome(g.st) is None


def _mania_lynch(melancholy):
    base = rows((VIC, 3, "mania_persecutoria"), (XIA, 3, "lobotomia"))
    st = build(base, rnd=4)
    if melancholy:
        st["tokens"]["melancholy"] = ["mania_persecutoria"]
    g = Game(st).start("day").to_lynch()
    g.vote("vote_player", {s: player(VIC) for s in range(5)})
    g.vote("vote_card", {s: card(VIC, 3) for s in range(5)})
    return g


def test_beth17_melancholy_voids_death_effect():
    g = _mania_lynch(True)
    assert not g.asked("mania_target") and g.died() == [(VIC, 3)]


def test_beth17_variant_mania_takes_a_card():
    g = _mania_lynch(False)
    g.act("mania_target", card(XIA, 1), VIC)
    assert g.died() == [(VIC, 3), (XIA, 1)]
    assert g.st["cards"]["mary_firth"]["killers"] == [VIC]


def _amnesia_day(declare):
    base = rows((VIC, 1, "richard_dadd"), (TOM, 1, "larry_owls"))
    st = build(base, rnd=3, dead=["lobotomia", "juego_de_azar"])
    g = Game(st).start("day")
    if declare:
        g.act("ready", "amnesia", UMA)
        assert g.of("amnesia_declared")[0].audience == PUBLIC
    g.to_lynch()
    g.vote("vote_player", {s: player(VIC) for s in range(5)})
    g.vote("vote_card", {s: card(VIC, 2) for s in range(5)})
    return g


def test_beth19_amnesia_defers_awakening():
    g = _amnesia_day(True)
    assert g.died() == [(VIC, 2)] and not g.st["cards"]["richard_dadd"]["awake"]
    g.vote("vote_player", {s: player(VIC) for s in range(5) if s != VIC})
    assert not g.open("vote_card")
    assert (VIC, 1) in g.died() and g.st["eliminated"][VIC]


def test_beth19_contrast_awakened_richard_survives_lynches():
    g = _amnesia_day(False)
    assert not g.st["cards"]["richard_dadd"]["awake"]  # Amnesia may still be declared
    g.act("amnesia_late", "no", UMA)
    g.tick()
    assert g.st["cards"]["richard_dadd"]["awake"] and g.of("richard_revealed")
    g.settle("day")
    g.to_lynch()
    g.vote("vote_player", {s: player(VIC) for s in range(5)})
    assert g.st["cards"]["richard_dadd"]["dead"] == 0 and not g.st["eliminated"][VIC]


# ---- night ------------------------------------------------------------------------------------

def _twin_table():
    return [["daniel", "el_archivo", "electroshock", "muerte_dulce"],
            ["siamesa_a", "ali", "opio", "amnesia"],
            ["larry_owls", "arthur", "lobotomia", "juego_de_azar"],
            ["nathaniel", "profeta", "siamesa_b", "cataleptico"],
            ["mary_firth", "john_flick", "mania_persecutoria", "companeros_a"]]


def test_beth3_lone_twin_survives_and_prophet_does_not_fire():
    st = build(_twin_table(), dead=["amnesia"])
    st["tokens"]["flames"] = [["siamesa_a", "amnesia", "n"]]
    g = Game(st).start("night")
    g.act("conference", card(UMA, 1), TOM)
    g.act("conference", card(UMA, 1), WES)
    g.settle("day")
    assert not g.died() and not g.of("card_revived")
    assert g.st["cards"]["amnesia"]["dead"] == 1
    assert g.st["tokens"]["flames"] == [["siamesa_a", "amnesia", "n"]]
    assert not [e for e in g.events if e.audience == PUBLIC and e.data.get("seat") == UMA
                and e.data.get("pos") == 1]


def test_beth4_both_twins_same_night_die():
    g = Game(build(_twin_table())).start("night")
    g.act("conference", card(UMA, 1), TOM)
    g.act("conference", card(UMA, 1), WES)
    g.act("action_kill", card(WES, 3), TOM)
    g.settle("day")
    assert sorted(g.died()) == [(UMA, 1), (WES, 3)]


def test_beth4_variant_twins_on_different_nights_survive():
    g = Game(build(_twin_table())).start("night")
    g.act("conference", card(UMA, 1), TOM)
    g.act("conference", card(UMA, 1), WES)
    g.settle("day")
    g.to_lynch().settle("night")
    g.act("action_kill", card(WES, 3), TOM)
    g.settle("day")
    assert not g.died()


def test_beth5_melancholy_lets_a_twin_die_alone():
    st = build(_twin_table(), pers={VIC: "melancolia"}, rnd=3)
    g = Game(st).start("night")
    g.act("melancholy", card(UMA, 1), VIC)
    assert g.of("melancholy")[0].audience == PUBLIC
    g.act("conference", card(UMA, 1), TOM)
    g.act("conference", card(UMA, 1), WES)
    g.settle("day")
    assert g.died() == [(UMA, 1)]


def _arthur_table():
    return [["daniel", "el_archivo", "electroshock", "muerte_dulce"],
            ["ali", "john_flick", "opio", "amnesia"],
            ["larry_owls", "siamesa_a", "lobotomia", "juego_de_azar"],
            ["nathaniel", "arthur", "profeta", "cataleptico"],
            ["mary_firth", "siamesa_b", "mania_persecutoria", "companeros_a"]]


def test_beth6_arthur_stops_only_the_mutineers():
    t = _arthur_table()
    t[VIC][1], t[XIA][3] = "wakerfield", "juego_de_azar"
    t[VIC][3] = "companeros_a"
    st = build(t, dead=["siamesa_b"])
    g = Game(st).start("night")
    g.act("arthur", card(VIC, 2), WES)
    g.act("conference", card(VIC, 2), TOM)
    g.act("conference", card(VIC, 2), WES)
    g.act("solo_kill", card(XIA, 4), TOM)
    g.until("action_kill", TOM)
    arthur = g.of("arthur_result")
    assert arthur and arthur[0].data["saved"] is True and arthur[0].audience == (WES,)
    g.act("action_kill", card(VIC, 2), TOM)
    g.settle("day")
    assert sorted(g.died()) == [(VIC, 2), (XIA, 4)]
    assert g.st["cards"]["wakerfield"]["killers"] == [TOM] and g.st["cards"]["juego_de_azar"]["killers"] == [TOM]


def test_beth6_variant_arthur_cannot_repeat():
    st = build(_arthur_table())
    st["history"]["arthur"]["own"] = "siamesa_a"
    g = Game(st).start("night")
    p = g.until("arthur", WES)
    assert card(VIC, 2) not in [o.id for o in p.options]


def test_beth7_opium_saves_patience_delays():
    t = _arthur_table()
    t[TOM] = ["larry_owls", "el_archivo", "electroshock", "muerte_dulce"]
    t[VIC] = ["ali", "siamesa_a", "lobotomia", "juego_de_azar"]
    t[UMA] = ["mary_firth", "john_flick", "opio", "amnesia"]
    t[WES] = ["daniel", "arthur", "profeta", "cataleptico"]
    t[XIA] = ["nathaniel", "siamesa_b", "mania_persecutoria", "companeros_a"]
    st = build(t, pers={XIA: "paciencia"}, dead=["siamesa_b"])
    g = Game(st).start("night")
    g.act("conference", card(TOM, 1), WES)
    g.act("conference", card(TOM, 1), XIA)
    g.act("solo_kill", card(UMA, 2), WES)
    g.act("action_save", card(TOM, 1), UMA)
    p = g.until("patience", XIA)
    assert card(TOM, 1) not in [o.id for o in p.options]
    g.act("patience", card(UMA, 2), XIA)
    g.settle("day")
    assert not g.died() and g.of("patience_placed")[0].audience == PUBLIC
    g.to_lynch().settle("night")
    g.until("ali_spy")
    assert [m["killers"] for m in g.st["marks"] if m["card"] == "john_flick"] == [[WES]]
    seen = len(g.events)
    g.settle("day")     # not the card she marked last night: nothing left to mark, not asked
    assert (XIA,) in audiences(g.events[seen:], "nothing_to_do")
    assert g.died() == [(UMA, 2)] and g.st["cards"]["john_flick"]["killers"] == [WES]


def test_beth9_surgeon_swap_changes_objectives():
    t = _arthur_table()
    t[UMA][0], t[TOM][0] = "ali", "daniel"
    t[WES][0] = "larry_owls"
    t[VIC][0] = "nathaniel"
    st = build(t, hands={XIA: ["cirujano"]})
    g = Game(st).start("night")
    g.act("night_event", "cirujano", XIA)
    g.act("event_target", card(TOM, 1), XIA)
    g.act("event_target", card(UMA, 1), XIA)
    g.until("conference")
    assert g.st["objectives"][TOM] == "INTERNOS" and g.st["objectives"][UMA] == "MUTINEER"
    objs = {e.audience: e.data["objective"] for e in g.of("objective")}
    assert objs[(TOM,)] == "INTERNOS" and objs[(UMA,)] == "MUTINEER"
    assert {e.audience for e in g.of("your_row")} == {(TOM,), (UMA,)}
    assert sorted(p.seat for p in g.open("conference")) == [UMA, VIC]
    g.settle("day")
    swap = g.of("surgeon_swap")
    assert swap and swap[0].audience == PUBLIC and "card" not in swap[0].data


def test_beth10_richard_refuses_the_pact():
    t = _arthur_table()
    t[WES][0], t[XIA][0] = "richard_dadd", "krugman"
    t[TOM][2], t[WES][2] = "pacto_de_sangre", "electroshock"
    st = build(t, rnd=1, hands={UMA: ["hc_secretos"]})
    g = Game(st).start("night")
    g.act("pact_first", player(WES), TOM)
    g.act("pact_second", player(XIA), TOM)
    g.act("pact_meet", "no", WES)
    assert g.st["pact"]["active"] == 0 and g.st["cards"]["pacto_de_sangre"]["used"] == 1
    assert g.st["objectives"][WES] == "RICHARD" and g.st["objectives"][XIA] == "DIRECTOR"
    failed = g.of("pact_failed")
    assert [e.audience for e in failed] == [(XIA,)]
    assert not g.of("pact_partner")
    g.act("night_event", "hc_secretos", UMA)
    g.settle("day")
    rec = [e for e in g.events if e.kind == "record_pact_failed"]
    assert rec and rec[0].audience == (UMA,) and rec[0].data == {"maker": TOM, "seats": [WES, XIA]}


def test_beth11_mary_cannot_repeat_a_player_after_swaps():
    t = _arthur_table()
    t[TOM] = ["mary_firth", "el_archivo", "electroshock", "muerte_dulce"]
    t[XIA] = ["daniel", "siamesa_b", "mania_persecutoria", "companeros_a"]
    st = build(t, hands={UMA: ["cirujano"]})
    g = Game(st).start("night")
    g.act("mary", player(VIC), TOM)
    assert g.of("mary_answer")[-1].data["yes"] is False
    g.settle("day")
    g.to_lynch().settle("night")
    g.act("night_event", "cirujano", UMA)
    g.act("event_target", card(WES, 1), UMA)
    g.act("event_target", card(VIC, 1), UMA)
    assert g.until("mary", TOM)
    g.settle("day")
    assert g.st["rows"][VIC][0] == "nathaniel"
    g.to_lynch().settle("night")
    p = g.until("mary", TOM)
    assert player(VIC) not in [o.id for o in p.options]
    with pytest.raises(IllegalMove):
        E.apply(g.st, TOM, p.id, player(VIC))


def test_beth13_blood_pact_collapse():
    t = _arthur_table()
    st = build(t, dead=["larry_owls", "siamesa_a", "juego_de_azar", "opio", "amnesia"])
    st["pact"] = {"first_seat": UMA, "second_seat": VIC, "type": "normal", "maker": TOM, "active": 1,
                  "failed": 0}
    from games.bethlem.objectives import compute
    st["objectives"] = [compute(st, s) for s in range(5)]
    g = Game(st).start("night")
    g.act("conference", card(VIC, 3), TOM)
    g.act("conference", card(VIC, 3), WES)
    g.settle("day")
    assert sorted(g.died()) == [(UMA, 1), (UMA, 2), (VIC, 3)]
    assert g.st["eliminated"][UMA] and g.st["eliminated"][VIC]


def test_beth18_leper_is_inevitable_and_silent():
    t = _arthur_table()
    t[WES][3], t[XIA][2] = "mania_persecutoria", "cataleptico"
    st = build(t, hands={TOM: ["leproso"]})
    g = Game(st).start("night")
    g.act("night_event", "leproso", TOM)
    g.act("event_target", card(WES, 4), TOM)
    g.until("step_clock")
    seen = len(g.events)
    g.settle("day")     # the only marked card is inevitable: Opio has nothing to save
    assert (UMA,) in audiences(g.events[seen:], "nothing_to_do")
    assert g.died() == [(WES, 4)] and not g.asked("mania_target")


def test_beth20_third_identical_modifier_refused():
    t = _arthur_table()
    t[VIC][0] = "krugman"
    st = build(t, rnd=4, dead=["profeta", "electroshock", "amnesia", "opio"])
    st["tokens"]["flames"] = [["daniel", "amnesia", "n"], ["ali", "opio", "n"]]
    g = Game(st).start("night")
    p = g.until("director", VIC)
    with pytest.raises(IllegalMove) as err:
        E.apply(g.st, VIC, p.id, "profeta")
    assert err.value.code == "modifier_cap"
    g.act("director", "electroshock", VIC)
    assert g.of("director_borrows")[0].data == {"card": "electroshock"}


def test_beth21_archivo_hit_then_miss():
    t = [["mary_firth", "muerte_dulce", "daniel", "electroshock"],
         ["john_flick", "el_archivo", "opio", "amnesia"],
         ["ali", "siamesa_a", "lobotomia", "juego_de_azar"],
         ["larry_owls", "arthur", "profeta", "cataleptico"],
         ["nathaniel", "siamesa_b", "mania_persecutoria", "companeros_a"]]
    g = Game(build(t)).start("night")
    g.act("archivo", player(TOM), UMA)
    ans = g.of("archivo_answer")[0]
    assert ans.audience == (UMA,) and ans.data["pos"] == 3
    assert g.of("archivo_pointed")[0].audience == (TOM,)
    g.settle("day")
    g.to_lynch().settle("night")
    g.act("archivo", player(VIC), UMA)
    assert g.of("archivo_miss")[0].audience == (UMA,)
    g.settle("day")
    g.to_lynch().settle("night")
    seen = len(g.events)
    while g.st["night"].get("step") != "10":
        assert not g.open("archivo")
        g._default()
    assert any(e.kind == "step_called" and e.data["step"] == "9" for e in g.events[seen:])


def test_beth22_mary_blocks_and_impersonates_without_consensus():
    t = _arthur_table()
    t[UMA] = ["mary_firth", "john_flick", "opio", "amnesia"]
    t[VIC] = ["richard_dadd", "siamesa_a", "lobotomia", "juego_de_azar"]
    t[XIA] = ["larry_owls", "siamesa_b", "mania_persecutoria", "companeros_a"]
    st = build(t)
    g = Game(st).start("night")
    g.act("mary", player(TOM), UMA)
    assert g.of("mary_answer")[0].data["yes"] is True
    assert g.of("mary_pointed")[0].audience == (TOM,)
    assert g.of("mary_pointed")[0].data["blocked"] is True
    g.act("mary_impersonate", "yes", UMA)
    g.until("conference")
    assert sorted(p.seat for p in g.open("conference")) == [UMA, VIC, WES]
    g.act("conference", card(XIA, 2), UMA)
    g.act("conference", card(VIC, 1), WES)
    g.act("conference", "done", VIC)
    g.act("conference", "done", UMA)
    g.act("conference", "done", WES)
    assert g.of("conference_failed")
    g.settle("day")
    assert not g.died() and not any(e.kind == "solo_kill" for e in g.events)
    assert "17" in [e.data["step"] for e in g.of("step_called")]


def test_beth23_cataleptic_only_once():
    seven = [["daniel", "el_archivo", "electroshock", "muerte_dulce"],
             ["ali", "john_flick", "opio", "amnesia"],
             ["larry_owls", "siamesa_a", "lobotomia", "juego_de_azar"],
             ["nathaniel", "arthur", "profeta", "companeros_a"],
             ["mary_firth", "siamesa_b", "mania_persecutoria", "companeros_b"],
             ["krugman", "wakerfield", "pacto_de_sangre", "cataleptico"],
             ["richard_dadd", "la_parca", "infecto_de_rabia", "companeros_c"]]
    g = Game(build(seven, dead=["la_parca"])).start("night")
    for s in (TOM, WES, ZED):
        g.act("conference", card(YAN, 4), s)
    g.settle("day")
    assert not g.died() and g.st["cards"]["cataleptico"]["used"] == 1
    g.to_lynch().settle("night")
    g.settle("day")
    g.to_lynch().settle("night")
    for s in (TOM, WES, ZED):
        g.act("conference", card(YAN, 4), s)
    g.settle("day")
    assert (YAN, 4) in g.died()


def test_beth24_mutineers_win_richard_loses():
    t = _arthur_table()
    t[UMA] = ["nathaniel", "john_flick", "opio", "amnesia"]
    t[VIC] = ["richard_dadd", "siamesa_a", "lobotomia", "juego_de_azar"]
    t[WES] = ["ali", "arthur", "profeta", "cataleptico"]
    t[XIA] = ["larry_owls", "siamesa_b", "mania_persecutoria", "companeros_a"]
    st = build(t, dead=["ali", "arthur", "cataleptico", "siamesa_b", "mania_persecutoria",
                        "companeros_a"])
    g = Game(st).start("night")
    for s in (TOM, UMA, VIC):
        g.act("conference", card(WES, 3), s)
    g.act("solo_kill", card(XIA, 1), TOM)
    g.settle("day")
    out = E.outcome(g.st)
    assert out.reason == "mutineers" and out.winners == (TOM, UMA)


def test_beth25_lobotomy_completes_the_internos_victory():
    t = _arthur_table()
    t[VIC] = ["richard_dadd", "siamesa_a", "juego_de_azar", "companeros_b"]
    t[XIA][2] = "lobotomia"
    g = Game(build(t, rnd=5, dead=["daniel", "nathaniel"])).start("night")
    g.act("action_lob", player(VIC), XIA)
    g.settle("day")
    lob = g.of("lobotomy")
    assert lob and lob[0].audience == PUBLIC and lob[0].data["card"] == "richard_dadd"
    out = E.outcome(g.st)
    assert out.reason == "internos" and VIC in out.winners and UMA in out.winners


def test_beth26_grim_reaper_kill_night():
    t = _arthur_table()
    t[VIC] = ["larry_owls", "la_parca", "lobotomia", "juego_de_azar"]
    t[XIA] = ["mary_firth", "siamesa_a", "mania_persecutoria", "companeros_a"]
    st = build(t, rnd=2, dead=["siamesa_a"])
    g = Game(st).start("night")
    g.act("scythe", card(TOM, 2), VIC)
    g.settle("day")
    g.to_lynch().settle("night")
    g.act("scythe", card(UMA, 3), VIC)
    g.settle("day")
    g.to_lynch().settle("night")
    seen = len(g.events)
    assert g.st["night"]["kill_night"] == 1 and g.st["parca"]["disobeyed_rounds"] == 0
    g.act("parca_kill", card(XIA, 3), VIC)
    g.act("scythe", card(TOM, 4), VIC)
    g.act("mania_target", card(WES, 2), XIA)   # Electroshock may kill nobody: not asked
    assert (TOM,) in audiences(g.events[seen:], "nothing_to_do")
    g.settle("day")
    assert sorted(g.died()) == [(WES, 2), (XIA, 3)]
    tonight = [e.kind for e in g.events[seen:]]
    assert "conference_open" not in tonight and "gm_group_attack" not in tonight


# ---- custom mode ------------------------------------------------------------------------------

CUSTOM = [["arquitecto", "el_archivo", "electroshock", "muerte_dulce"],
          ["chef", "john_flick", "opio", "amnesia"],
          ["gas_risa", "siamesa_a", "infecto_de_rabia", "juego_de_azar"],
          ["otaku", "arthur", "profeta", "cataleptico"],
          ["cyborg", "siamesa_b", "mania_persecutoria", "companeros_a"]]


from games.bethlem.setup import new_cx  # noqa: E402


def _custom(objs, **kw):
    st = build(CUSTOM, mode="custom", **kw)
    st["objective_cards"], st["objective_shown"] = list(objs), [0] * 5
    st["custom"] = {**new_cx(), "broccoli_dealt": 1}
    from games.bethlem.objectives import compute
    st["objectives"] = [compute(st, s) for s in range(5)]
    return st


OBJS = ["obj_internos", "obj_internos", "obj_internos", "obj_amotinados", "obj_amotinados"]


def test_beth27a_patience_ignores_broccoli():
    st = _custom(OBJS, pers={TOM: "paciencia"})
    st["custom"]["broccoli"] = {"john_flick": 2}
    st["custom"]["centre"] = 1
    g = Game(st).start("night")
    g.act("broccoli", card(UMA, 2), UMA)
    assert g.st["custom"]["broccoli_deaths"] == ["john_flick"]
    g.settle("day")     # a broccoli death is no mark: Patience has nothing to hold back
    assert (TOM,) in audiences(g.events, "nothing_to_do")
    assert g.died() == [(UMA, 2)]


def test_beth27b_rabies_reveals_an_objective_in_custom_mode():
    g = Game(_custom(OBJS)).start("day").to_lynch()
    g.vote("vote_player", {s: player(VIC) for s in range(5)})
    g.vote("vote_card", {s: card(VIC, 3) for s in range(5)})
    assert g.died() == [(VIC, 3)]
    rev = g.of("objective_revealed")
    assert rev and rev[0].data == {"seat": WES, "objective": "obj_amotinados", "why": "rabies"}
    assert rev[0].audience == PUBLIC


def test_beth27c_architect_link_ends_with_elimination():
    st = _custom(OBJS, dead=["el_archivo", "electroshock", "muerte_dulce"])
    st["custom"]["link"] = "john_flick"
    g = Game(st).start("day").to_lynch()
    g.vote("vote_player", {s: player(TOM) for s in range(5)})
    assert g.st["eliminated"][TOM] and g.st["cards"]["john_flick"]["dead"] == 0
    assert g.st["custom"]["link"] is None
