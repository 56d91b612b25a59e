"""Custom characters' extra powers and awakenings (spec §6.5.2): one scenario each."""
from games.base import PUBLIC
from tests.bethlem.helpers import E, TOM, UMA, VIC, WES, XIA, Game, audiences, card, player
from tests.bethlem.test_custom_characters import shock, table


# ---- Gas de la risa ----------------------------------------------------------------------------

def test_laughing_gas_dying_takes_the_mutineers_turn_next_round():
    g = Game(table("gas_risa")).start("day")
    g.to_lynch()
    g.vote("vote_player", {s: player(TOM) for s in range(5)})
    g.vote("vote_card", {s: card(TOM, 1) for s in range(5)})
    g.settle("night")
    assert g.died() == [(TOM, 1)]
    g.act("gas_revenge", card(UMA, 2), TOM)
    g.act("gas_revenge", card(VIC, 3), TOM)
    assert not g.asked("gas_revenge")
    g.settle("day")
    assert sorted(g.died()[1:]) == [(UMA, 2), (VIC, 3)]
    assert not g.of("conference_open")


def test_laughing_gas_pills_redirect_then_silence():
    st = table("gas_risa")
    st["cards"]["gas_risa"]["awake"] = 1
    g = Game(st).start("night")
    g.act("laugh", "arthur", TOM)
    g.until("conference", WES)
    g.act("conference", card(TOM, 1), WES)
    g.act("conference", card(TOM, 1), XIA)
    g.settle("day")
    assert g.died() == [(VIC, 2)] and [e.audience for e in g.of("laugh_pill")] == [PUBLIC]
    g.st["custom"]["named"] = ["el_archivo", 2]
    g.to_lynch()
    g.vote("vote_player", {s: player(TOM) for s in range(5)})
    g.vote("vote_card", {s: card(TOM, 1) for s in range(5)})
    g.tick()
    assert (TOM, 1) in g.died() and g.st["vote_lost"][UMA] == 1


# ---- La Alquimista -----------------------------------------------------------------------------

def test_alchemist_comes_back_with_one_card_awakened():
    st = table("medico", dead=["el_archivo", "opio"])
    g = Game(st).start("day")
    g.to_lynch()
    g.vote("vote_player", {s: player(UMA) for s in range(5)})
    g.vote("vote_card", {s: card(UMA, 4) for s in range(5)})
    assert g.st["eliminated"][UMA] and g.st["objective_shown"][UMA]
    p = g.until("alchemist_return", UMA)
    assert sorted(o.id for o in p.options) == [card(UMA, 2), card(UMA, 3), card(UMA, 4)]
    g.act("alchemist_return", card(UMA, 2), UMA)
    assert not g.st["eliminated"][UMA] and g.st["cards"]["el_archivo"]["awake"] == 1
    assert [e.audience for e in g.of("alchemist_returns")] == [PUBLIC]
    g.tick()
    assert not g.asked("alchemist_return")


def test_alchemist_sacrifice_revives_a_whole_row_and_is_gone_for_good():
    st = table("medico", dead=["arthur", "profeta"])
    st["cards"]["alquimista"]["awake"] = 1
    g = Game(st).start("day")
    g.act("ready", "sacrifice", UMA)
    g.act("alchemist_sacrifice", player(VIC), UMA)
    assert g.st["cards"]["arthur"]["dead"] == 0 and g.st["cards"]["profeta"]["dead"] == 0
    assert g.st["cards"]["alquimista"]["gone"] == 1 and g.died() == [(UMA, 1)]
    assert "sacrifice" not in [o.id for o in g.until("ready", UMA).options]


# ---- La Chef, El Otaku, El Cyborg --------------------------------------------------------------

def test_chef_comes_back_by_destroying_all_food():
    st = table("chef")
    st["custom"]["centre"], st["custom"]["broccoli"] = 2, {"arthur": 1}
    g = Game(st).start("day")
    g.to_lynch()
    g.vote("vote_player", {s: player(TOM) for s in range(5)})
    g.vote("vote_card", {s: card(TOM, 1) for s in range(5)})
    g.act("chef_return", "yes", TOM)
    g.tick()
    assert g.st["cards"]["chef"]["dead"] == 0 and g.st["objective_shown"][TOM] == 1
    assert (g.st["custom"]["centre"], g.st["custom"]["broccoli"]) == (0, {})
    assert [e.audience for e in g.of("food_destroyed")] == [PUBLIC]


def test_haki_of_the_king_keeps_all_but_main_characters_asleep_and_restores_hakis():
    st = table("medico")
    st["cards"]["otaku"]["awake"] = 1
    st["custom"]["hakis"] = ["haki_off", "haki_def", "haki_obs"]
    g = Game(st).start("night")
    assert g.until("haki", VIC).options[1].id == "haki_off"
    asked = set()
    while g.st["phase"] == "night":
        asked |= {p.kind for p in g.open()}
        g._default()
    assert not asked & {"action_kill", "action_save", "flick", "archivo", "arthur"}
    from games.bethlem.table import acting_seat
    g.st["phase"] = "night"
    assert acting_seat(g.st, "electroshock") is None and acting_seat(g.st, "medico") == TOM


def test_cyborg_robots_kill_each_night_and_take_the_blows():
    st = table("medico")
    st["cards"]["cyborg"]["announced"] = 1
    g = Game(st).start("night")
    shock(g, card(XIA, 3))
    g.act("robot_kill", card(UMA, 3), XIA)
    g.settle("day")
    assert g.died() == [(UMA, 3)] and g.st["custom"]["robots_lost"] == 1
    assert g.of("robot_destroyed")[0].data == {"left": 1}


# ---- La Médico: Virus mortal -------------------------------------------------------------------

def test_deadly_virus_infects_spreads_and_cashes_in():
    st = table("medico")
    st["cards"]["medico"]["awake"] = 1
    g = Game(st).start("night")
    p = g.until("virus_first", TOM)
    assert TOM not in [int(o.id[1:]) for o in p.options[1:]]
    g.act("virus_first", player(VIC), TOM)
    g.settle("day")
    assert g.of("virus")[0].data == {"seat": VIC, "count": 1}
    assert g.of("virus")[0].audience == PUBLIC
    g.st["round"] = 3
    g.start("night")
    g.act("virus_add", player(VIC), TOM)
    p = g.until("virus_spread", TOM)
    assert sorted(o.id for o in p.options) == sorted(["pass", player(UMA), player(WES)])
    g.act("virus_spread", player(WES), TOM)
    g.act("virus_cull", player(VIC), TOM)
    g.act("virus_card", card(VIC, 3), TOM)
    g.settle("day")
    assert (VIC, 3) in g.died() and g.st["custom"]["virus"] == {str(VIC): 0, str(WES): 1}


# ---- El Relojero: Control del tiempo -----------------------------------------------------------

def _clockmaker():
    st = table("relojero")
    st["cards"]["relojero"]["awake"] = st["cards"]["relojero"]["announced"] = 1
    return st


def test_time_stop_idles_a_player_and_shields_them_next_round():
    g = Game(_clockmaker()).start("night")
    g.act("clock_power", "t_stop", TOM)
    g.act("time_stop", player(VIC), TOM)
    g.settle("day")
    assert [e.data for e in g.of("time_stopped")] == [{"seat": VIC}]
    g.to_lynch()
    g.vote("vote_player", {})
    g.settle("night")
    from games.bethlem.table import acting_seat
    assert g.st["round"] == 3 and acting_seat(g.st, "arthur") is None
    shock(g, card(VIC, 3))
    g.settle("day")
    assert (VIC, 3) not in g.died()
    g.to_lynch()
    g.until("vote_player")
    assert VIC not in [q.seat for q in g.open("vote_player")]


def test_time_future_takes_a_card_from_everyone_with_more_than_one():
    st = _clockmaker()
    st["cards"]["cataleptico"]["dead"] = st["cards"]["profeta"]["dead"] = st["cards"]["arthur"]["dead"] = 1
    g = Game(st).start("night")
    g.act("clock_power", "t_future", TOM)
    asked = []
    while g.asked("time_future_card", TOM):
        p = g.open("time_future_card", TOM)[0]
        asked.append(p.params["seat"])
        g.act("time_future_card", p.options[-1].id, TOM)
    assert asked == [TOM, UMA, WES, XIA]
    g.settle("day")
    assert sorted(g.died()) == [(TOM, 4), (UMA, 4), (WES, 4), (XIA, 4)]


def test_time_past_restores_life_and_death_as_after_the_previous_lynch():
    st = _clockmaker()
    st["custom"]["clock"]["time"] = {"used": [], "stop": None,
                                 "snapshot": {c: 0 for c in st["cards"]}}
    st["cards"]["arthur"]["dead"] = 1
    g = Game(st).start("day")
    g.to_lynch()
    g.vote("vote_player", {s: player(UMA) for s in range(5)})
    g.vote("vote_card", {s: card(UMA, 3) for s in range(5)})
    g.act("time_past", "yes", TOM)
    g.tick()
    assert g.st["cards"]["arthur"]["dead"] == 0 and g.st["cards"]["opio"]["dead"] == 0
    assert [e.audience for e in g.of("time_past")] == [PUBLIC]


# ---- La Maestra Vudú: Maldición final ----------------------------------------------------------

def _cursed(holder_row_of_uma=False):
    st = table("medico" if holder_row_of_uma else "vudu")
    if holder_row_of_uma:
        st["rows"][UMA][0] = "vudu"
        st["cards"]["vudu"] = {**st["cards"].pop("alquimista"), "ghost": 0}
    st["cards"]["vudu"]["awake"] = 1
    return st


def test_curse_makes_a_lone_attacker_pay_with_an_own_card():
    g = Game(_cursed(holder_row_of_uma=True)).start("night")
    shock(g, card(UMA, 1))
    p = g.until("curse_own", TOM)
    assert [o.id for o in p.options] == [card(TOM, s) for s in (1, 2, 3, 4)]
    g.act("curse_own", card(TOM, 4), TOM)
    g.settle("day")
    assert sorted(g.died()) == [(TOM, 4), (UMA, 1)]


def test_curse_needs_the_mutineers_to_agree_who_pays():
    g = Game(_cursed()).start("night")
    g.until("conference", WES)
    g.act("conference", card(TOM, 1), WES)
    g.act("conference", card(TOM, 1), XIA)
    g.act("curse_pick", player(XIA), WES)
    g.act("curse_pick", player(XIA), XIA)
    g.act("curse_own", card(XIA, 3), XIA)
    g.settle("day")
    assert sorted(g.died()) == [(TOM, 1), (XIA, 3)]


def test_curse_without_agreement_saves_the_card():
    g = Game(_cursed()).start("night")
    g.until("conference", WES)
    g.act("conference", card(TOM, 1), WES)
    g.act("conference", card(TOM, 1), XIA)
    g.settle("day")
    assert g.died() == [] and g.of("curse_blocked")


def test_lynching_the_cursed_card_sends_its_lynchers_to_a_second_lynch():
    g = Game(_cursed()).start("day")
    g.to_lynch()
    g.vote("vote_player", {UMA: player(TOM), VIC: player(TOM), WES: player(XIA)})
    g.vote("vote_card", {UMA: card(TOM, 1), VIC: card(TOM, 1)})
    g.tick()
    p = g.until("vote_player")
    assert sorted(q.seat for q in g.open("vote_player")) == [UMA, VIC]
    assert sorted(o.id for o in p.options) == sorted([player(UMA), player(VIC), "abstain"])


def test_voodoo_death_moves_the_rounds_harm_elsewhere():
    st = table("vudu")
    st["cards"]["amnesia"].update(dead=1, revealed=1, died_round=2)
    st["tokens"]["arrow"] = ["john_flick"]
    g = Game(st).start("day")
    g.to_lynch()
    g.vote("vote_player", {s: player(TOM) for s in range(5)})
    g.vote("vote_card", {s: card(TOM, 1) for s in range(5)})
    p = g.until("voodoo_move", TOM)
    assert p.params == {"effect": "arrow", "seat": TOM, "pos": 2}
    g.act("voodoo_move", card(VIC, 2), TOM)
    g.act("voodoo_move", card(WES, 3), TOM)
    g.tick()
    assert g.st["tokens"]["arrow"] == ["arthur"] and g.st["cards"]["amnesia"]["dead"] == 0
    assert (WES, 3) in g.died()


def test_fast_food_chef_borrows_a_broccoli_victims_power_with_its_awakening():
    st = table("chef", dead=["arthur"])
    st["cards"]["chef"].update(awake=1, announced=1)
    st["cards"]["arthur"].update(cause="brocoli", died_round=1)
    g = Game(st).start("night")
    p = g.until("chef_steal", TOM)
    assert [o.id for o in p.options] == ["pass", card(VIC, 2)]
    g.act("chef_steal", card(VIC, 2), TOM)
    assert g.until("arthur", TOM)
    assert (WES,) in audiences(g.events, "nothing_to_do")     # the Médium: nothing to ask
    from games.bethlem.night import director_awake
    assert g.st["night"]["director_turn"]["via"] == "chef" and director_awake(g.st)


# ---- El Arquitecto: another player's personality -----------------------------------------------

def test_architect_uses_the_marked_players_personality_for_the_round():
    st = table("arquitecto", pers={UMA: "responsabilidad", TOM: "paciencia"})
    st["custom"]["link"] = "john_flick"
    g = Game(st).start("night")
    g.act("labyrinth", player(UMA), TOM)
    from games.bethlem.lynch import weight
    from games.bethlem.table import dealt_pers
    assert (weight(g.st, TOM), weight(g.st, UMA)) == (2, 1)
    assert dealt_pers(g.st)[:2] == ["paciencia", "responsabilidad"]
    assert g.st["personalities"][:2] == ["responsabilidad", "cuentacuentos"]
    assert E.seat_view(g.st, UMA)["me"]["personality"] == "responsabilidad"
    g.settle("day")
    g.to_lynch()
    g.vote("vote_player", {})
    g.settle("night")
    assert g.st["personalities"][:2] == ["paciencia", "responsabilidad"]


# ---- La Médium: Transición realmática ----------------------------------------------------------

def test_medium_bodies_alternate_after_the_lynch_with_their_immunities():
    st = table("medico", dead=["arthur"])
    st["cards"]["medium"]["awake"] = 1
    g = Game(st).start("day")
    g.act("ready", "an:medium", WES)
    g.act("medium_body", "spirit", WES)
    g.to_lynch()
    g.until("vote_player")
    assert WES not in [p.seat for p in g.open("vote_player")]
    g.vote("vote_player", {s: player(WES) for s in range(5)})
    g.vote("vote_card", {s: card(WES, 1) for s in range(5)})
    g.settle("night")
    assert g.died() == [] and g.st["custom"]["body"] == "flesh"
    g.until("conference", WES)
    assert "c16" not in g.st["night"]["woke"]
    g.act("conference", card(WES, 1), WES)
    g.act("conference", card(WES, 1), XIA)
    g.settle("day")
    assert g.died() == []


def test_curse_mirrors_john_flicks_arrow_onto_his_own_card():
    g = Game(_cursed(holder_row_of_uma=True)).start("night")
    g.act("flick", card(UMA, 1), TOM)
    g.act("curse_token", card(TOM, 3), TOM)
    g.settle("day")
    assert g.st["tokens"]["arrow"] == ["vudu", "electroshock"]
    assert len(g.of("arrow_placed")) == 2


def test_labyrinth_of_the_mind_wakes_with_a_cards_owner_and_takes_it_on_death():
    st = table("arquitecto")
    st["custom"]["link"] = "john_flick"
    st["cards"]["arquitecto"]["awake"] = 1
    st["cards"]["opio"]["used"] = 1
    g = Game(st).start("night")
    g.act("maze_turn", card(UMA, 3), TOM)
    assert [e.audience for e in g.of("maze_partner")] == [(TOM,), (UMA,)]
    assert g.st["cards"]["opio"]["used"] == 0 and g.st["night"]["director_turn"]["via"] == "arquitecto"
    g.settle("day")
    g.to_lynch()
    g.vote("vote_player", {s: player(TOM) for s in range(5)})
    g.vote("vote_card", {s: card(TOM, 1) for s in range(5)})
    g.tick()
    assert g.st["rows"][TOM][0] == "opio" and g.st["rows"][UMA][2] == "arquitecto"
    assert g.of("maze_swap")[0].data == {"seat": TOM, "pos": 1, "to_seat": UMA, "to_pos": 3}
    g.settle("night")
    assert g.st["cards"]["opio"]["used"] == 1


def test_physical_body_lets_a_player_use_dead_cards_instead_of_living_ones():
    st = table("medico", dead=["arthur"])
    st["cards"]["medium"]["awake"] = st["cards"]["medium"]["announced"] = 1
    st["custom"]["body"] = "spirit"
    g = Game(st).start("day")
    g.to_lynch()
    g.vote("vote_player", {})
    g.act("medium_haunt", player(VIC), WES)
    g.settle("night")
    from games.bethlem.table import acting_seat
    assert acting_seat(g.st, "arthur") == VIC and acting_seat(g.st, "otaku") is None
    assert g.until("arthur", VIC)
