"""Away time on the fake clock with the toy game: every running table a person sits at in the
server plays their seat, or waits for them if its host chose so, until the date passes or they
end it; a restart keeps it."""
from __future__ import annotations

import pytest

from games.base import IllegalMove
from hosting.away import until_of
from hosting.host import Host
from hosting.store import Store
from tests.test_autopilot import PEOPLE, asked, env, public, six_people, told  # noqa: F401

GUILD, ELSEWHERE = 7, 8
DAY = 86400


async def at_two_tables(host, **kw):
    return [await six_people(host, guild_id=GUILD, **kw), await six_people(host, guild_id=GUILD)]


async def test_away_hands_every_seat_in_the_server_to_the_bot_until_the_date(env):
    host, clock, out, _ = env
    tables = await at_two_tables(host)
    other = await six_people(host, guild_id=ELSEWHERE)
    wolf = tables[0].state["wolf"]
    person = tables[0].seats[wolf].user_id
    assert await host.go_away(GUILD, person, clock.now() + 3 * DAY) == 2
    assert [t.seats[wolf].autopilot for t in tables] == ["away", "away"]
    assert other.seats[wolf].autopilot is None               # another server's table
    assert told(out, wolf).count("autopilot_on") == 2 and "table_autopilot_on" in public(out)
    assert await host.run_ai(tables[0].id, limit=1) == 1     # the night's kill, the bot's
    clock.set(clock.now() + 3 * DAY)
    await host.fire_due()
    assert [t.seats[wolf].autopilot for t in tables] == [None, None]
    assert told(out, wolf).count("autopilot_off") == 2
    assert await host.store.away_until(GUILD, person) is None
    assert await host.end_away(GUILD, person) is False        # nothing left to end


async def test_a_table_that_waits_for_away_players_pauses_and_goes_on(env):
    host, clock, out, _ = env
    table = await six_people(host, guild_id=GUILD, options={"away_waits": True})
    [kill] = host.pending(table)
    person, friend = table.seats[0].user_id, table.seats[1].user_id
    before = {d.pending_id: d.due_at for d in await host.store.deadlines(table.id)}
    await host.go_away(GUILD, person, clock.now() + DAY)
    await host.go_away(GUILD, friend, clock.now() + 2 * DAY)
    assert table.status == "paused" and out.kinds("public").count("table_paused_away") == 1
    assert table.seats[0].autopilot is None                   # it waits: nobody plays for them
    clock.advance(DAY + 1)
    await host.fire_due()
    assert table.status == "paused"                           # still waiting for the friend
    await host.end_away(GUILD, friend)                        # `/away off`
    assert table.status == "running" and out.kinds("public")[-1] == "table_resumed"
    after = {d.pending_id: d.due_at for d in await host.store.deadlines(table.id)}
    assert after[kill.id] == pytest.approx(before[kill.id] + DAY + 1)   # the clock stood still


async def test_away_time_survives_a_restart(env):
    host, clock, out, tmp_path = env
    [table, _] = await at_two_tables(host)
    person = table.seats[2].user_id
    await host.go_away(GUILD, person, clock.now() + DAY)
    await host.store.close()
    store = await Store.open(tmp_path / "t.sqlite3")
    try:
        again = Host(store, clock, out, background=False)
        assert await again.next_due() <= clock.now() + DAY
        clock.advance(DAY)
        await again.fire_due()
        assert (await again.table(table.id)).seats[2].autopilot is None
        assert await store.away_in(GUILD) == set()
    finally:
        await store.close()


@pytest.mark.parametrize("text, ends", [("3d", 3 * DAY), ("12h", 12 * 3600),
                                        ("2023-11-20", 1_700_438_400 - 1_700_000_000)])
def test_away_until_a_date_or_for_a_while(text, ends):
    assert until_of(text, 1_700_000_000.0) == 1_700_000_000.0 + ends


@pytest.mark.parametrize("text, code", [("soon", "bad_away"), ("2023-11-01", "away_range"),
                                        ("91d", "away_range"), ("0h", "away_range")])
def test_away_refuses_what_it_cannot_read_or_keep(text, code):
    with pytest.raises(IllegalMove) as err:
        until_of(text, 1_700_000_000.0)
    assert err.value.code == code
