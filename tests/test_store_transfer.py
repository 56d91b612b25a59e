"""`bot.py export` / `import`: a game moved from SQLite to PostgreSQL mid-way ends exactly as
it would have without the move."""
from __future__ import annotations

import asyncio

from hosting import cli
from hosting.clock import FakeClock
from hosting.host import Host
from hosting.simulate import SimulationArgs, _new_table, simulate
from hosting.stores import open_store
from tests.durability import same_ending


async def command(argv: list[str]) -> int:
    """`python bot.py ARGV` (which runs its own event loop, hence the thread)."""
    return await asyncio.to_thread(cli.main, argv)


async def test_a_running_game_moved_from_sqlite_to_postgres_finishes_as_it_would_have(
        tmp_path, postgres, capsys):
    whole = await simulate(SimulationArgs("toy", players=6, seed=9))
    sqlite, url, moved = str(tmp_path / "old.sqlite3"), await postgres.new_database(), \
        tmp_path / "games.jsonl"
    store = await open_store(sqlite)
    host = Host(store, FakeClock(), None, background=False)
    table = await _new_table(host, SimulationArgs("toy", players=6, seed=9))
    await store.set_guild_lang(5, "es")
    for _ in range(4):
        await host.run_ai(table.id, limit=1)
    halfway = await store.decision_count(table.id)
    await store.close()
    assert table.status == "running" and 0 < halfway < whole["decisions"]

    assert await command(["export", str(moved), "--db", sqlite]) == 0
    assert await command(["import", str(moved), "--db", url]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"exported 1 games to {moved}", f"imported 1 games from {moved}"]
    resumed = await simulate(SimulationArgs("toy", players=None, seed=9, db=url, resume=True))
    assert resumed["finished"] and same_ending(whole, resumed)

    store = await open_store(url)
    try:
        assert await store.guild_lang(5) == "es"
        assert await command(["import", str(moved), "--db", url]) == 1   # the id is taken
        assert f"game {table.id} is already in this database" in capsys.readouterr().err
        assert await store.decision_count(table.id) == whole["decisions"]
        moved_id = table.id
        assert await store.create_game(table) == moved_id + 1   # numbered after the moved
    finally:
        await store.close()
    assert await command(["export", str(moved), "--db", url]) == 1   # never overwrites a file
