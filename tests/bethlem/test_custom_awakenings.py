"""Custom characters' extra powers and awakenings (spec §6.5.2): one scenario each."""
from games.base import PUBLIC
from tests.bethlem.helpers import TOM, UMA, VIC, WES, XIA, Game, card, player
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
    st["c"]["gas_risa"]["aw"] = 1
    g = Game(st).start("night")
    g.act("laugh", "arthur", TOM)
    g.until("conference", WES)
    g.act("conference", card(TOM, 1), WES)
    g.act("conference", card(TOM, 1), XIA)
    g.settle("day")
    assert g.died() == [(VIC, 2)] and [e.audience for e in g.of("laugh_pill")] == [PUBLIC]
    g.st["cx"]["named"] = ["el_archivo", 2]
    g.to_lynch()
    g.vote("vote_player", {s: player(TOM) for s in range(5)})
    g.vote("vote_card", {s: card(TOM, 1) for s in range(5)})
    g.tick()
    assert (TOM, 1) in g.died() and g.st["novote"][UMA] == 1
