"""A player who is out of the game (Bethlem: no lives left; Room 25: every character they
played eliminated) is told so once, privately, by the step that puts them out: the
`you_are_out` event, for their seat alone. Random seeded games of both, start to end."""
from __future__ import annotations

import random

import pytest

import games
from tests.bethlem.playout import step

OUT = {   # the seats each game's state says are out, whether or not they may come back
    "bethlem": lambda state: {s for s, out in enumerate(state["eliminated"]) if out},
    "room25": lambda state: set(games.engine("room25").eliminated(state)),
}


@pytest.mark.parametrize("game, mode, players", [
    ("bethlem", "normal", 5), ("bethlem", "normal", 7), ("room25", "suspicion", 4),
    ("room25", "suspicion", 6)])
def test_each_player_put_out_is_told_once_and_alone(game, mode, players):
    engine, told_any = games.engine(game), 0
    for seed in range(12):
        rnd = random.Random(seed)
        state, _ = engine.setup({"mode": mode}, players, seed)
        went_out: dict[int, int] = {}
        told: dict[int, int] = {}
        while engine.outcome(state) is None:
            before = OUT[game](state)
            state, events, _, _ = step(engine, state, rnd)
            newly = OUT[game](state) - before
            for seat in newly:
                went_out[seat] = went_out.get(seat, 0) + 1
            tells = [e for e in events if e.kind == "you_are_out"]
            assert all(len(e.audience) == 1 and e.audience[0] in OUT[game](state)
                       for e in tells), tells
            for e in tells:
                told[e.audience[0]] = told.get(e.audience[0], 0) + 1
            if engine.outcome(state) is None:      # the game goes on without them
                assert newly <= {e.audience[0] for e in tells}, (seed, newly, tells)
        assert all(told[seat] <= went_out[seat] for seat in told), (seed, told, went_out)
        told_any += len(told)
    assert told_any        # some players did go out


def test_the_line_saying_a_seat_is_out_opens_its_offer_to_watch_in_one_dm():
    from cogs.common.delivery import DiscordDelivery
    from cogs.common.watching import offer_now

    plans = [("phase:7:day:8", [7], "Ana is out."),
             ("seat:1:8", [8], "**Day** · round 8\nYou are out."),
             ("seat:2:9", [9], "You saw a card."), ("seat:1:watch", [], "You may watch.")]
    assert DiscordDelivery._one_dm_when_out(plans) == [
        ("phase:7:day:8", [7], "Ana is out."), ("seat:2:9", [9], "You saw a card."),
        ("seat:1:watch", [8], "**Day** · round 8\nYou are out.\nYou may watch.")]
    assert DiscordDelivery._one_dm_when_out(plans[:3]) == plans[:3]      # no offer: as planned
    # Taken or closed, the offer's own line changes; the news it opened with stays.
    assert offer_now("**Day** · round 8\nYou are out.\nYou may watch.", "You watch.") == \
        "**Day** · round 8\nYou are out.\nYou watch."
    assert offer_now("You may watch.", "You watch.") == "You watch."
