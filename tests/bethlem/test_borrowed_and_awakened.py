"""Borrowed powers, awakenings and stacked hypnoses in normal play (spec §5.4, §5.6, §5.9)."""
import pytest

from games.base import IllegalMove
from tests.bethlem.helpers import E, TOM, UMA, VIC, WES, Game, build, card, player

ROWS = [["krugman", "el_archivo", "opio", "amnesia"],
        ["ali", "john_flick", "lobotomia", "muerte_dulce"],
        ["larry_owls", "arthur", "profeta", "cataleptico"],
        ["daniel", "wakerfield", "electroshock", "juego_de_azar"]]


def test_director_borrowing_ali_may_spend_the_peek_instead_of_spying():
    g = Game(build(ROWS, dead=["ali"])).start("night")
    g.act("director", "ali", TOM)
    p = g.until("ali_peek", TOM)
    assert [o.id for o in p.options][:1] == ["none"] and "larry_owls" in [o.id for o in p.options]
    assert "krugman" not in [o.id for o in p.options]
    g.act("ali_peek", "larry_owls", TOM)
    g.settle("day")
    told = [e for e in g.of("ali_peek") if e.audience == (TOM,)]
    assert [e.data for e in told] == [{"card": "larry_owls", "seat": VIC}]
    assert not [e for e in g.events if e.kind.startswith("conference") and TOM in e.audience]


def test_awakened_director_borrowing_mary_gets_her_awakening():
    st = build(ROWS, dead=["ali"])
    st["cards"]["krugman"]["awake"] = 1
    st["rows"][UMA][0] = "mary_firth"
    st["cards"]["mary_firth"] = st["cards"].pop("ali")
    g = Game(st).start("night")
    g.act("director", "mary_firth", TOM)
    p = g.until("mary", TOM)
    assert f"a{WES}" in [o.id for o in p.options]
    g.act("mary", f"a{WES}", TOM)
    assert g.st["history"]["mary_permanent"] == [WES] and not g.st["history"]["mary_awake_used"]


def test_bipolar_awakened_cataleptic_returns_and_kills():
    st = build(ROWS, pers={VIC: "bipolaridad"})
    cat = st["cards"]["cataleptico"]
    cat.update(bipolar_mode="b", awake=1, dead=1, revealed=1, dead_by_day=1)
    g = Game(st).start("night")
    g.act("cataleptic_kill", card(WES, 4), VIC)
    g.settle("day")
    assert not g.st["cards"]["cataleptico"]["dead"] and g.died() == [(WES, 4)]


def test_awakened_archivo_shields_its_player_from_every_targeting():
    st = build(ROWS)
    st["round_blocks"] = [[WES, TOM]]
    g = Game(st).start("night")
    p = g.until("action_kill", WES)
    assert not [o for o in p.options if o.id.startswith(f"s{TOM}")]
    with pytest.raises(IllegalMove) as err:
        E.apply(g.st, WES, p.id, card(TOM, 2))
    assert err.value.code == "archivo_shield"


def test_two_hypnoses_of_the_same_power_both_act():
    st = build(ROWS, hands={TOM: ["hipnosis"], UMA: ["hipnosis"]})
    g = Game(st).start("night")
    for s, target in ((TOM, WES), (UMA, TOM)):
        g.act("night_event", "hipnosis", s)
        g.act("event_target", player(target), s)
        g.act("event_target", "larry_owls", s)
    asked = []
    for _ in range(3):
        p = g.until("larry")
        asked.append(p.seat)
        g.act("larry", "pass", p.seat)
    assert sorted(asked) == [TOM, VIC, WES]
