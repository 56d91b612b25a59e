"""Custom characters and powers (spec §6.5.2): one focused scenario per card or power."""
from games.base import PUBLIC
from games.bethlem.setup import new_cx
from tests.bethlem.helpers import TOM, VIC, WES, Game, audiences, build, card, player

OBJS = ["obj_internos", "obj_internos", "obj_internos", "obj_amotinados", "obj_amotinados"]


def table(first, dead=(), objs=OBJS, **kw):
    """Tom holds the character under test (and Electroshock); the rest is quiet furniture."""
    rows = [[first, "john_flick", "electroshock", "amnesia"],
            ["alquimista", "el_archivo", "opio", "muerte_dulce"],
            ["otaku", "arthur", "profeta", "cataleptico"],
            ["medium", "siamesa_a", "infecto_de_rabia", "juego_de_azar"],
            ["cyborg", "siamesa_b", "mania_persecutoria", "companeros_a"]]
    st = build(rows, mode="custom", dead=dead, **kw)
    st["objective_cards"], st["objective_shown"] = list(objs), [0] * 5
    st["custom"] = {**new_cx(), "broccoli_dealt": 1}
    st["cards"]["alquimista"]["ghost"] = 1
    from games.bethlem.objectives import compute
    st["objectives"] = [compute(st, s) for s in range(5)]
    return st


def shock(g, target):
    g.act("action_kill", target, TOM)


# ---- La Médico -----------------------------------------------------------------------------

def test_doctor_crash_cart_saves_the_card_she_looked_at():
    g = Game(table("medico")).start("night")
    shock(g, card(VIC, 2))
    p = g.until("doctor_look", TOM)
    assert [o.id for o in p.options] == ["pass", card(VIC, 2)]
    g.act("doctor_look", card(VIC, 2), TOM)
    g.act("doctor_treat", "carro", TOM)     # the one card she may treat: taken for her
    g.settle("day")
    assert (TOM,) in audiences(g.events, "only_choice_taken")
    assert g.died() == [] and g.st["custom"]["doctor"]["carro"] == 1


def test_doctor_coma_keeps_the_card_alive_but_powerless():
    g = Game(table("medico")).start("night")
    shock(g, card(VIC, 2))
    g.act("doctor_look", "pass", TOM)
    g.act("doctor_treat", "coma", TOM)
    g.settle("day")
    assert g.died() == [] and g.st["tokens"]["coma"] == ["arthur"]
    assert [e.audience for e in g.of("coma_placed")] == [PUBLIC]
    from games.bethlem.table import acting_seat
    assert acting_seat(g.st, "arthur") is None


def test_doctor_transplant_wakes_her_for_the_card_and_a_new_one_lets_the_old_die():
    g = Game(table("medico")).start("night")
    shock(g, card(VIC, 2))
    g.act("doctor_look", card(VIC, 2), TOM)
    g.act("doctor_treat", "trasplante", TOM)
    g.settle("day")
    assert g.died() == [] and g.st["tokens"]["transplant"] == "arthur"
    from games.bethlem.table import acting_seat
    assert acting_seat(g.st, "arthur") == TOM


# ---- El Relojero ---------------------------------------------------------------------------

def test_watchmaker_number_two_survives_while_number_one_lives():
    st = table("relojero")
    st["custom"]["clock"]["numbers"] = {"relojero": 3, "john_flick": 2, "electroshock": 1,
                                "amnesia": 4}
    g = Game(st).start("night")
    shock(g, card(TOM, 2))
    g.settle("day")
    assert g.died() == []
    shown = g.of("clock_number")
    assert [(e.data, e.audience) for e in shown] == [
        ({"number": 2, "seat": TOM, "pos": 2}, PUBLIC)]
    assert g.st["custom"]["clock"]["powers"] == ["2"]


def test_watchmaker_number_one_dies_and_grants_a_look():
    st = table("relojero")
    st["custom"]["clock"]["numbers"] = {"relojero": 3, "john_flick": 2, "electroshock": 1,
                                "amnesia": 4}
    g = Game(st).start("night")
    shock(g, card(TOM, 3))
    g.settle("day")
    assert g.died() == [(TOM, 3)] and g.st["custom"]["clock"]["powers"] == ["1"]
    g.settle("night")
    g.act("clock_power", "1", TOM)
    g.act("clock_target", player(WES), TOM)
    seen = [e for e in g.of("objective_seen") if e.audience == (TOM,)]
    assert seen[-1].data == {"seat": WES, "objective": "obj_amotinados"}
    assert g.st["custom"]["clock"]["powers"] == []


def test_watchmaker_sets_hidden_numbers_on_night_one():
    g = Game(table("relojero", rnd=1)).start("night")
    g.until("step_clock")
    g.settle("day")
    nums = g.st["custom"]["clock"]["numbers"]
    assert sorted(nums.values()) == [1, 2, 3, 4] and set(nums) == set(g.st["rows"][TOM])
    told = g.of("clock_numbers")
    assert len(told) == 1 and told[0].audience == (TOM,)


# ---- La Maestra Vudú -----------------------------------------------------------------------

def test_voodoo_card_takes_the_harm_aimed_at_its_owner():
    g = Game(table("vudu")).start("night")
    g.act("voodoo", card(VIC, 3), TOM)
    shock(g, card(VIC, 2))
    g.settle("day")
    assert g.died() == [(VIC, 3)]


def test_voodoo_does_not_cover_other_players():
    g = Game(table("vudu")).start("night")
    g.act("voodoo", card(VIC, 3), TOM)
    shock(g, card(WES, 4))
    g.settle("day")
    assert g.died() == [(WES, 4)]


# ---- La Ludópata ---------------------------------------------------------------------------

def test_gambler_wins_two_rewards_when_the_card_she_named_dies():
    g = Game(table("ludopata")).start("night")
    g.act("bet", "card", TOM)
    g.act("bet_on", card(VIC, 3), TOM)
    shock(g, card(VIC, 3))
    g.settle("day").settle("night")
    assert g.st["custom"]["gamble"]["owed"] == [["any", "any"]]
    g.act("reward", "kill", TOM)
    g.act("reward_target", card(WES, 3), TOM)
    g.act("reward", "event", TOM)
    assert g.st["custom"]["gamble"]["owed"] == []


def test_gambler_loses_her_card_when_nothing_dies():
    g = Game(table("ludopata")).start("night")
    g.act("bet", "group", TOM)
    g.act("bet_on", "A2", TOM)
    g.settle("day").settle("night")
    assert g.st["cards"]["ludopata"]["dead"] == 1 and (TOM, 1) in g.died()
