"""Import fed hostile files: random JSON lines, and a real export with random changes. Either
the whole file comes in and every game in it plays on, or the import is refused
(`StoreError`) and the database holds nothing of it."""
from __future__ import annotations

import asyncio
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from hosting.clock import FakeClock
from hosting.host import Host
from hosting.simulate import SimulationArgs, _new_table, play_on
from hosting.store import StoreError
from hosting.stores import EVERY_STATUS, import_games, open_store

STEPS = 400   # more than a toy game takes to end, whatever its seats do

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                               max_size=4),
    max_leaves=12)


async def _export() -> list[dict]:
    """The settings and two toy games, one in its lobby and one a few decisions in."""
    store = await open_store(":memory:")
    try:
        host = Host(store, FakeClock(), None, background=False)
        await store.set_guild_lang(5, "es")
        lobby = await host.new_game("toy", host_user=7, host_name="Ana", mode=None,
                                    options={}, seed=1)
        table = await _new_table(host, SimulationArgs("toy", players=5, seed=4))
        await host.run_ai(table.id, limit=3)
        return [await store.export_settings(), await store.export_game(lobby.id),
                await store.export_game(table.id)]
    finally:
        await store.close()


@pytest.fixture(scope="module")
def export() -> list[dict]:
    return asyncio.run(_export())


@st.composite
def changed(draw, lines: list[dict]) -> list[str]:
    """An export with a few random changes: a value, a column or a table replaced, dropped
    or added, a line cut short, repeated, dropped or replaced."""
    lines = json.loads(json.dumps(lines))
    for _ in range(draw(st.integers(1, 3))):
        objects = [line for line in lines if isinstance(line, dict)]
        line = draw(st.sampled_from(objects)) if objects else {}
        tables = [t for t, rows in line.items() if isinstance(rows, list)
                  and any(isinstance(row, dict) and row for row in rows)]
        what = draw(st.sampled_from(("value", "alike", "alike", "inside", "inside",
                                     "drop column", "add column", "table", "line")))
        if what == "line" or not tables:
            at = draw(st.integers(0, len(lines)))
            lines.insert(at, draw(json_values))
            continue
        table = draw(st.sampled_from(tables))
        if what == "table":
            line[table] = draw(json_values)
            continue
        row = draw(st.sampled_from([row for row in line[table] if isinstance(row, dict) and row]))
        column = draw(st.sampled_from(sorted(row)))
        if what == "value":
            row[column] = draw(json_values)
        elif what == "alike":   # of the same type: it passes the columns' checks
            row[column] = draw(_alike(row[column]))
        elif what == "inside":   # one part of a JSON column
            row[column] = _inside(draw, row[column])
        elif what == "drop column":
            del row[column]
        else:
            row[draw(st.text(max_size=12))] = draw(json_values)
    text = [json.dumps(line) for line in lines]
    if text and draw(st.booleans()):   # one line cut short, or repeated
        at = draw(st.integers(0, len(text) - 1))
        if draw(st.booleans()):
            text[at] = text[at][:draw(st.integers(0, len(text[at])))]
        else:
            text.insert(at, text[at])
    return text


def _alike(value) -> st.SearchStrategy:
    if type(value) is int:
        return st.integers(-2 ** 63, 2 ** 63 - 1) | st.integers(-3, 9)
    if type(value) is float:
        return st.floats(allow_nan=False, allow_infinity=False)
    if type(value) is str:
        return st.text(max_size=12)
    return json_values


def _inside(draw, text):
    """A JSON column with one of its parts replaced (by a value alike, or any); else as it
    was."""
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        return text
    if isinstance(value, dict) and value:
        key = draw(st.sampled_from(sorted(value)))
        value[key] = draw(_alike(value[key]) | json_values)
    elif isinstance(value, list) and value:
        at = draw(st.integers(0, len(value) - 1))
        value[at] = draw(_alike(value[at]) | json_values)
    return json.dumps(value)


async def _import_or_nothing(text: list[str], target: str = ":memory:") -> None:
    with tempfile.TemporaryDirectory() as here:
        path = Path(here) / "games.jsonl"
        path.write_text("".join(f"{line}\n" for line in text))
        store = await open_store(target)
        try:
            await store._write("DELETE FROM games")   # the rows of an earlier example
            await store._write("DELETE FROM guild_settings")
            try:
                await import_games(store, path)
            except StoreError as err:
                event(f"refused: {str(err).split(': ', 1)[-1].split(' (')[0][:40]}")
                assert await store.game_ids(statuses=EVERY_STATUS) == []
                assert await store.export_settings() == {t: [] for t in store.SETTINGS_TABLES}
                return
            event("imported")
            await _plays_on(store)
        finally:
            await store.close()


async def _plays_on(store, changed: bool = True) -> None:
    """Every game imported loads, and each running one is played by its AI seats and its
    clock until it ends or waits on a person. A state changed inside that its engine can
    still read may lead its rules astray later (a list the toy appends to, made null): that
    game alone is suspended, as any failing game is, and the others play on; an export as it
    was (`changed` false) never fails."""
    clock = FakeClock()
    host = Host(store, clock, None, background=False)
    for game_id in await store.game_ids(statuses=EVERY_STATUS):
        host.pending(await host.table(game_id))
        await play_on(host, clock, game_id, STEPS)
        suspended = (await host.table(game_id)).suspended
        assert suspended is None or (changed and suspended in ("ai", "deadline")), suspended


@pytest.fixture(params=["sqlite", "postgres"])
def target(request) -> str:
    """Where the imports go: SQLite in memory, or one PostgreSQL database for every example
    of a test (emptied before each)."""
    if request.param == "sqlite":
        return ":memory:"
    return asyncio.run(request.getfixturevalue("postgres").new_database())


SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


@SETTINGS
@given(st.lists(json_values.map(json.dumps), max_size=4))
def test_random_json_lines_come_in_whole_or_not_at_all(target, text):
    asyncio.run(_import_or_nothing(text, target))


@SETTINGS
@given(st.data())
def test_a_changed_export_comes_in_whole_and_plays_or_not_at_all(export, target, data):
    asyncio.run(_import_or_nothing(data.draw(changed(export)), target))


def test_the_export_unchanged_comes_in_and_plays(export):
    """The property's other branch is reached: a real export imports."""
    async def check() -> None:
        store = await open_store(":memory:")
        try:
            with tempfile.TemporaryDirectory() as here:
                path = Path(here) / "games.jsonl"
                path.write_text("".join(json.dumps(line) + "\n" for line in export))
                assert await import_games(store, path) == 2
            await _plays_on(store, changed=False)
            assert await store.guild_lang(5) == "es"
        finally:
            await store.close()
    asyncio.run(check())
