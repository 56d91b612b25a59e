"""Who may watch a table, what is stored of it, and which seats are out for good."""
from __future__ import annotations

import pytest

import games
from games.base import IllegalMove
from games.bethlem.table import new_card
from hosting import spectators
from hosting.clock import FakeClock
from hosting.host import Host
from hosting.store import Store
from hosting.stores import open_store
from tests.test_host import Recorder, four_people
from tests.test_store_contract import new_game
from tests.toy import ToyGame

ALICE, BOB, EVE = 11, 12, 99


def out_when_dead(monkeypatch):
    """The toy's dead are out for good (its own engine keeps no such seats: its other tests
    play on without offers)."""
    monkeypatch.setattr(ToyGame, "eliminated", lambda self, state: frozenset(
        range(state["players"])) - set(state["alive"]), raising=False)


async def test_spectators_and_their_thread_are_kept(store_target):
    store = await open_store(store_target)
    try:
        game_id = await store.create_game(new_game())
        assert await store.spectator_thread(game_id) is None
        assert not await store.has_watched(game_id, 2 ** 62)
        await store.set_spectator_thread(game_id, 2 ** 61)
        await store.add_spectator(game_id, 2 ** 62, 2.0)
        await store.add_spectator(game_id, 5, 1.0)
        await store.add_spectator(game_id, 2 ** 62, 3.0)      # once
        assert await store.spectator_thread(game_id) == 2 ** 61
        assert await store.spectators(game_id) == [5, 2 ** 62]
        assert await store.has_watched(game_id, 2 ** 62)
        other = await store.create_game(new_game())
        assert not await store.has_watched(other, 5)
        exported = await store.export_game(game_id)
        assert len(exported["spectators"]) == 2 and len(exported["watching"]) == 1
    finally:
        await store.close()


async def test_a_living_player_may_not_watch_the_dead_and_outsiders_may(tmp_path, monkeypatch):
    out_when_dead(monkeypatch)
    store = await Store.open(tmp_path / "t.sqlite3")
    host = Host(store, FakeClock(), Recorder(), background=False)
    try:
        table = await four_people(host)
        with pytest.raises(IllegalMove) as refused:
            await spectators.admit(host, table.id, EVE)
        assert refused.value.code == "watch_not_running"
        await host.start(table.id, ALICE)
        assert (await spectators.admit(host, table.id, EVE)).id == table.id
        with pytest.raises(IllegalMove) as refused:
            await spectators.admit(host, table.id, BOB)
        assert refused.value.code == "watch_seated"
        bob = table.seat_of(BOB).seat
        table.state["alive"].remove(bob)                    # out for good
        assert spectators.out_seats(host, table) == {bob}
        assert (await spectators.admit(host, table.id, BOB)).id == table.id
        assert spectators.secrets_shown(table)
        table.options["spectators"] = "public"
        assert not spectators.secrets_shown(table)
    finally:
        await store.close()


def test_bethlem_seats_are_out_for_good_but_the_alchemists_while_she_may_return():
    engine = games.engine("bethlem")
    state, _ = engine.setup({"mode": "normal"}, 5, 3)
    assert engine.eliminated(state) == frozenset()
    state["eliminated"][1] = state["eliminated"][2] = 1
    assert engine.eliminated(state) == {1, 2}
    state["cards"]["alquimista"] = new_card(1)
    state["grave"][1].append("alquimista")                  # seat 1 holds the Alchemist
    assert engine.eliminated(state) == {2}
    state["custom"] = {"alchemist_returned": 1}             # her one return is spent
    assert engine.eliminated(state) == {1, 2}


def test_room25_a_seat_is_out_once_all_its_characters_are_dead():
    engine = games.engine("room25")
    state, _ = engine.setup({"mode": "suspicion"}, 4, 3)
    assert engine.eliminated(state) == frozenset()
    for c in state["characters"]:
        if c["seat"] == 2:
            c["alive"] = False
    assert engine.eliminated(state) == {2}


async def test_the_dead_who_watched_never_act_for_the_living(tmp_path, monkeypatch):
    """A seat the engine counts out and still asks something (no real game does today): the
    person who watched with the dead cannot answer it; one who did not still can."""
    monkeypatch.setattr(ToyGame, "eliminated", lambda self, state: frozenset({state["wolf"]}),
                        raising=False)
    store = await Store.open(tmp_path / "t.sqlite3")
    host = Host(store, FakeClock(), Recorder(), background=False)
    try:
        for watched in (True, False):
            table = await four_people(host)
            await host.start(table.id, ALICE)
            [kill] = [p for p in host.pending(table) if p.kind == "kill"]
            wolf = table.seats[kill.seat].user_id
            if watched:
                await spectators.let_in(host, table.id, wolf)
                with pytest.raises(IllegalMove) as refused:
                    await host.decide(table.id, wolf, kill.id, kill.options[0].id)
                assert refused.value.code == "watched_acts"
                assert kill in host.pending(table)
            else:
                await host.decide(table.id, wolf, kill.id, kill.options[0].id)
                assert kill not in host.pending(table)
    finally:
        await store.close()
