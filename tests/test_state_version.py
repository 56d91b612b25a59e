"""Stored games survive a change in their engine's state: the host brings a state written at an
older `state_version` up to date through `Engine.upgrade`, once and durably, and the game plays
on. The toy game is at version 2 ("round_cap" joined its state)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import games
from hosting.clock import FakeClock
from hosting.host import Host, Unloadable
from hosting.store import GameRow, SeatRow, Store
from tests.test_host import ALICE, Recorder, four_people
from tests.toy import ToyGame


class BrokenUpgrade(ToyGame):
    def upgrade(self, state):
        raise KeyError("round")


games.register("toy_broken_upgrade", f"{__name__}:BrokenUpgrade")
ROOT = Path(__file__).resolve().parent.parent


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


async def test_an_upgrade_that_fails_sets_that_game_aside(tmp_path):
    path = tmp_path / "t.sqlite3"
    game_id = await a_game_stored_by_older_code(path, game="toy_broken_upgrade")
    store = await Store.open(path)
    out = Recorder()
    host = Host(store, FakeClock(), out, background=False)
    with pytest.raises(Unloadable):
        await host.table(game_id)
    row = await store.load_game(game_id)
    assert (row.status, row.suspended, row.state_version) == ("paused", "load", 1)
    assert "round_cap" not in row.state         # its state kept as stored, for a fixed build
    await host.flush()
    assert ("public", "table_set_aside") in [(r.audience, r.kind) for r in out.rows]
    await store.close()


async def _stored_game_plays_on(tmp_path, game: str, old: dict, players: int, policy: str):
    """A game as the store held it at state version 1: the host upgrades it through the engine's
    own migration when it loads it, and the AI seats finish it."""
    store = await Store.open(tmp_path / "t.sqlite3")
    row = GameRow(id=0, game=game, status="running", mode=old["mode"], options={},
                  pace={"default": 60}, seed=3, state=old)
    await store.create_game(row)
    await store.replace_seats(row.id, [SeatRow(s, f"AI {s}", ai_policy=policy)
                                       for s in range(players)])
    clock = FakeClock()
    host = Host(store, clock, background=False)
    table = await host.table(row.id)
    assert table.state_version == games.engine(game).state_version > 1
    assert table.state["version"] == table.state_version
    assert (await store.load_game(row.id)).state == table.state
    for _ in range(5000):                  # as the simulator drives a game
        if table.status != "running":
            break
        if not await host.run_ai(table.id, limit=1):
            clock.set(await host.next_due())
            await host.fire_due()
    assert table.status == "finished" and table.suspended is None
    await store.close()


async def test_a_bethlem_game_stored_before_its_fields_had_words_plays_on(tmp_path):
    stored = json.loads((ROOT / "tests" / "bethlem" / "stored" / "version1.json").read_text())
    old = stored["custom_night"]["state"]
    await _stored_game_plays_on(tmp_path, "bethlem", old, old["n"], "objective")


async def test_a_room25_game_stored_before_its_fields_had_words_plays_on(tmp_path):
    stored = json.loads((ROOT / "tests" / "room25" / "stored" / "version1.json").read_text())
    old = stored["suspicion_ultimate"]["state"]
    await _stored_game_plays_on(tmp_path, "room25", old, old["players"], "baseline")
