"""Stored games survive a change in their engine's state: the host brings a state written at an
older `state_version` up to date through `Engine.upgrade`, once and durably, and the game plays
on. The toy game is at version 2 ("round_cap" joined its state)."""
from __future__ import annotations

import games
from hosting.clock import FakeClock
from hosting.host import Host
from hosting.store import Store
from tests.test_host import ALICE, Recorder, four_people
from tests.toy import ToyGame


class BrokenUpgrade(ToyGame):
    def upgrade(self, state, version):
        raise KeyError("round")


games.register("toy_broken_upgrade", f"{__name__}:BrokenUpgrade")


async def a_game_stored_by_older_code(path, game="toy"):
    """A started toy game as the code before version 2 stored it: no "round_cap", version 1."""
    store = await Store.open(path)
    host = Host(store, FakeClock(), background=False)
    table = await four_people(host)
    await host.start(table.id, ALICE)
    assert table.state_version == 2 and "round_cap" in table.state
    old = {k: v for k, v in table.state.items() if k != "round_cap"}
    await store.update_game(table.id, state=old, state_version=1, game=game)
    await store.close()
    return table.id


async def test_an_older_state_is_upgraded_once_and_plays_on(tmp_path):
    path = tmp_path / "t.sqlite3"
    game_id = await a_game_stored_by_older_code(path)
    store = await Store.open(path)
    clock = FakeClock()
    host = Host(store, clock, background=False)
    table = await host.table(game_id)
    assert table.state_version == 2 and table.state["round_cap"] is None
    stored = await store.load_game(game_id)
    assert stored.state_version == 2 and stored.state == table.state
    while table.status == "running":       # nobody answers: the clock plays the game out
        clock.set(await host.next_due())
        await host.fire_due()
    assert table.status == "finished"
    await store.close()


async def test_a_current_state_is_left_alone(tmp_path):
    store = await Store.open(tmp_path / "t.sqlite3")
    host = Host(store, FakeClock(), background=False)
    table = await four_people(host)
    await host.start(table.id, ALICE)
    fresh = Host(store, FakeClock(), background=False)
    again = await fresh.table(table.id)
    assert (again.state, again.state_version, again.version) == (
        table.state, table.state_version, table.version)
    await store.close()


async def test_an_upgrade_that_fails_suspends_that_game(tmp_path):
    path = tmp_path / "t.sqlite3"
    game_id = await a_game_stored_by_older_code(path, game="toy_broken_upgrade")
    store = await Store.open(path)
    out = Recorder()
    host = Host(store, FakeClock(), out, background=False)
    table = await host.table(game_id)
    assert (table.status, table.suspended, table.state_version) == ("paused", "upgrade", 1)
    await host.flush()
    assert ("public", "table_suspended") in [(r.audience, r.kind) for r in out.rows]
    await store.close()
