"""`bot.py export` / `import`: a game moved from SQLite to PostgreSQL mid-way ends exactly as
it would have without the move."""
from __future__ import annotations

import asyncio
import json
from contextlib import asynccontextmanager

import pytest

import games
from games import SHIPPED
from hosting import cli, results
from hosting.clock import FakeClock
from hosting.host import Host
from hosting.simulate import SimulationArgs, _new_table, simulate
from hosting.store import GameRow, ImportRefused
from hosting.stores import EVERY_STATUS, export_games, import_games, open_store, playable
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
        assert await command(["import", str(moved), "--db", url]) == 2   # the id is taken
        assert f"line 2: game {table.id} is already in this database" in capsys.readouterr().err
        assert await store.decision_count(table.id) == whole["decisions"]
        moved_id = table.id
        assert await store.create_game(table) == moved_id + 1   # numbered after the moved
    finally:
        await store.close()
    assert await command(["export", str(moved), "--db", url]) == 2   # never overwrites a file


@pytest.fixture
async def fresh_target(store_target, request, tmp_path):
    """Another new store of the same kind as `store_target`."""
    if store_target.endswith(".sqlite3"):
        return str(tmp_path / "fresh.sqlite3")
    return await request.getfixturevalue("postgres").new_database()


async def running_toy(store, moves: int = 4) -> tuple[Host, GameRow]:
    """A toy game of six AI seats, seed 9, `moves` decisions in."""
    host = Host(store, FakeClock(), None, background=False)
    table = await _new_table(host, SimulationArgs("toy", players=6, seed=9))
    for _ in range(moves):
        await host.run_ai(table.id, limit=1)
    return host, table


async def test_an_export_taken_while_the_bot_plays_is_one_instant_and_plays_on(
        store_target, fresh_target, tmp_path, monkeypatch):
    """The bot's next decision lands between the export's read of the game and of its
    decisions: the file still holds the game as it was before it, and a copy imported from it
    plays on to the same end as a game never moved."""
    whole = await simulate(SimulationArgs("toy", players=6, seed=9))
    bot_store = await open_store(store_target)
    exporter = await open_store(store_target)
    moved = tmp_path / "games.jsonl"
    try:
        host, table = await running_toy(bot_store)
        halfway = await bot_store.decision_count(table.id)
        version = (await bot_store.load_game(table.id)).version
        read = exporter._export_table

        async def bot_plays_meanwhile(db, name: str, game_id: int | None = None):
            rows = await read(db, name, game_id)
            if name == "games":
                assert await host.run_ai(table.id, limit=1) == 1
            return rows

        monkeypatch.setattr(exporter, "_export_table", bot_plays_meanwhile)
        assert await export_games(exporter, moved) == 1
        assert await bot_store.decision_count(table.id) == halfway + 1
    finally:
        await exporter.close()
        await bot_store.close()
    line = json.loads(moved.read_text().splitlines()[1])
    assert (len(line["decisions"]), line["games"][0]["version"]) == (halfway, version)

    store = await open_store(fresh_target)
    try:
        assert await import_games(store, moved) == 1
    finally:
        await store.close()
    resumed = await simulate(SimulationArgs("toy", players=None, seed=9, db=fresh_target,
                                             resume=True))
    assert resumed["finished"] and same_ending(whole, resumed)


def _game(line: dict) -> dict:
    return line["games"][0]


def _set(table: str, column: str, value):
    def change(line: dict) -> None:
        line[table][0][column] = value
    return change


def _drop_version(line: dict) -> None:
    _game(line)["version"] -= 1


# A line the bot could not play, or that is no export line, and what its refusal says.
REFUSED = {
    "unknown game": (_set("games", "game", "chess"), "unknown game 'chess'"),
    "state not JSON": (_set("games", "state", "{not json"), "games.state is not JSON"),
    "state of the wrong shape": (_set("games", "state", '{"phase": "night"}'),
                                 "toy's rules cannot read its state (KeyError"),
    "state not upgradable": (lambda line: _game(line).update(state="{}", state_version=1),
                             "toy's rules cannot read its state"),
    "state from a newer build": (_set("games", "state_version", 3), "newer than this build"),
    "running without a state": (_set("games", "state", None), "a running game without"),
    "unknown mode": (_set("games", "mode", "fast"), "toy has no mode 'fast'"),
    "unknown status": (_set("games", "status", "lost"), "unknown status 'lost'"),
    "id beyond 64 bits": (_set("games", "id", 2 ** 63), "games.id takes a whole number"),
    "id as text": (_set("games", "id", "1"), "games.id takes a whole number"),
    "id as true": (_set("games", "id", True), "games.id takes a whole number"),
    "user id beyond 64 bits": (_set("seats", "user_id", -2 ** 63 - 1),
                               "seats.user_id takes a whole number"),
    "a name with NUL": (_set("seats", "name", "A\0"), "seats.name takes text without NUL"),
    "a decision after the game's version": (_drop_version, "a copy taken half-way"),
    "a row of another game": (_set("seats", "game_id", 99), "seats holds rows of another game"),
    "unknown column": (_set("seats", "colour", "red"), "seats has no column 'colour'"),
    "no value where one is needed": (_set("games", "mode", None), "games.mode needs a value"),
    "a column missing": (lambda line: _game(line).pop("seed"), "games row without seed"),
    "options not an object": (_set("games", "options", "[]"), "games.options is not a JSON dict"),
    "unknown table": (lambda line: line.update(users=[]), "no table 'users' is imported"),
    "two games on a line": (lambda line: line["games"].append(dict(_game(line), id=7)),
                            "more than one game on one line"),
    "games not rows": (lambda line: line.update(games=[1]), "games is not a list of rows"),
}


@pytest.mark.parametrize("case", REFUSED)
async def test_an_import_with_one_bad_line_stores_nothing_and_names_it(
        case, store_target, fresh_target, tmp_path):
    """The first line is the settings, the second a game the bot can play, the third that
    game changed as `case` says: the import names line 3 and why, as `ImportRefused` on both
    databases, and the database holds nothing of the file; the file without line 3 comes
    in whole."""
    store = await open_store(store_target)
    try:
        _, table = await running_toy(store)
        await store.set_guild_lang(5, "es")
        await store.set_away(5, 7, until=2e9)          # a person's away time moves too,
        await results.set_hidden(store, 5, 8, True)    # and their wish to stay off the lists
        good = await store.export_game(table.id)
        settings = await store.export_settings()
    finally:
        await store.close()
    bad = json.loads(json.dumps(good))
    _game(bad)["id"] = table.id + 1
    for rows in (bad[t] for t in bad if t != "games"):
        for row in rows:
            row["game_id"] = table.id + 1
    for row in bad["outbox"]:
        row["id"] += 1000
    change, reason = REFUSED[case]
    change(bad)
    path = tmp_path / "games.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in (settings, good, bad)))

    store = await open_store(fresh_target)
    try:
        with pytest.raises(ImportRefused) as refused:
            await import_games(store, path)
        assert str(refused.value).startswith(f"{path} line 3: ")
        assert reason in str(refused.value)
        assert await store.game_ids(statuses=EVERY_STATUS) == []
        assert await store.export_settings() == {t: [] for t in store.SETTINGS_TABLES}
        path.write_text("".join(json.dumps(line) + "\n" for line in (settings, good)))
        assert await import_games(store, path) == 1
        assert await store.guild_lang(5) == "es"
        assert await store.away_until(5, 7) == 2e9 and await results.hidden(store, 5, 8)
        assert await store.export_game(table.id) == good
    finally:
        await store.close()


async def test_each_shipped_game_moves_mid_game_and_is_read_back_alike(tmp_path):
    """No false refusal: every game of this build, a few decisions in, passes the import's
    checks and reads back as it was."""
    for name in sorted(SHIPPED):
        source, target = await open_store(":memory:"), await open_store(":memory:")
        try:
            host = Host(source, FakeClock(), None, background=False)
            engine = games.engine(name)
            lo, hi = engine.player_range(engine.modes[0])
            players = min(max(lo, 4), hi)
            table = await _new_table(host, SimulationArgs(name, players=players, seed=3))
            await host.run_ai(table.id, limit=3)
            lines = [await source.export_settings(), await source.export_game(table.id)]
            assert await target.import_rows(*lines, check=playable) == 1
            assert await target.load_game(table.id) == await source.load_game(table.id)
        finally:
            await source.close()
            await target.close()


async def test_a_game_made_while_an_import_is_checked_refuses_the_import(
        store_target, fresh_target, tmp_path, monkeypatch):
    """The checks read without holding the database: a game the bot makes meanwhile under an
    id the file brings is found again when the import writes, and nothing of the file is
    kept."""
    source = await open_store(store_target)
    try:
        _, table = await running_toy(source)
        line = await source.export_game(table.id)
    finally:
        await source.close()
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(line) + "\n")
    store, bot_store = await open_store(fresh_target), await open_store(fresh_target)
    checks = store._snapshot

    @asynccontextmanager
    async def bot_makes_a_game_meanwhile():
        async with checks() as db:
            yield db
        made = await Host(bot_store, FakeClock(), None, background=False).new_game(
            "toy", host_user=7, host_name="Ana", mode=None, options={}, seed=1)
        assert made.id == table.id

    monkeypatch.setattr(store, "_snapshot", bot_makes_a_game_meanwhile)
    try:
        with pytest.raises(ImportRefused, match=f"line 1: game {table.id} is already in"):
            await import_games(store, path)
        assert await store.game_ids(statuses=EVERY_STATUS) == [table.id]
        assert (await store.load_game(table.id)).status == "lobby"
    finally:
        await bot_store.close()
        await store.close()
