"""The results index (`hosting/results.py`) on both stores: written by the step that ends a
game, backfilled for games that ended before it, and read for /history and /stats."""
from __future__ import annotations

import pytest

from hosting import ai, results
from hosting.clock import FakeClock
from hosting.host import Host
from hosting.stores import open_store
from tests.test_host import Recorder

GUILD, OTHER = 500, 501
ANA, BEA, CAI = 11, 12, 13


async def _host(target) -> Host:
    return Host(await open_store(target), FakeClock(1000.0), Recorder(), background=False)


async def _table(host: Host, people=(ANA, BEA), ais=3, guild=GUILD, seed=3, game="cultists"):
    mode, options = {"cultists": ("intro", {}), "mysterium": ("easy", {"ghost": "bot"})}[game]
    table = await host.new_game(game, host_user=people[0], host_name=f"p{people[0]}",
                                mode=mode, options=options, guild_id=guild, seed=seed)
    for uid in people[1:]:
        await host.join(table.id, uid, f"p{uid}")
    for _ in range(ais):
        await host.add_ai(table.id, by_user=None, policy=host.engine(table).ai_policies[0])
    await host.start(table.id, by_user=None, admin=True)
    return table


async def _play_out(host: Host, table, steps: int = 5000) -> None:
    """Every seat answers as the AI would (people through `decide`), the clock the rest."""
    for _ in range(steps):
        table = await host.table(table.id)
        if table.status != "running":
            return
        person = next(((p, s) for p in host.pending(table)
                       for s in table.seats if s.seat == p.seat and s.user_id is not None
                       and s.autopilot is None), None)
        if person is not None:
            p, s = person
            choice = ai.choose(host.engine(table), table.state, 0, p, "baseline")
            await host.decide(table.id, s.user_id, p.id, choice)
        elif not await host.run_ai(table.id, limit=1):
            host.clock.set(await host.next_due())
            await host.fire_due()
    raise AssertionError("the game did not end")


async def test_a_finished_game_is_indexed_by_its_last_step(store_target):
    host = await _host(store_target)
    try:
        table = await _table(host)
        await _play_out(host, table)
        table = await host.table(table.id)
        # written with the step, before any read could backfill it
        rows = await host.store._fetch("SELECT status, reason, rounds FROM results "
                                       "WHERE game_id = ?", (table.id,))
        assert [tuple(r) for r in rows] == [("finished", table.result["reason"],
                                             table.result["round"])]
        total, listed = await results.history(host.store, GUILD)
        assert total == 1 and listed[0].game_id == table.id
        sides = host.engine(table).final_sides(table.state)
        seats = listed[0].seats
        assert [s.seat for s in seats] == list(range(5))
        assert [s.part for s in seats] == ["played", "played", "ai", "ai", "ai"]
        assert [s.user_id for s in seats[:2]] == [ANA, BEA]
        assert {s.seat for s in seats if s.won} == set(table.result["winners"])
        assert [(s.role, s.side) for s in seats] == [
            (sides[i]["role"], sides[i]["side"]) for i in range(5)]
        mine = await results.person_stats(host.store, GUILD, ANA)
        won = 0 in table.result["winners"]
        assert (mine.games, mine.total.played, mine.total.won) == (1, 1, int(won))
        assert mine.per_side[("cultists", sides[0]["side"])].won == int(won)
        assert mine.with_ai == 1 and mine.ai_beside + mine.ai_against >= 1
        assert await results.history(host.store, OTHER) == (0, [])   # another server's
    finally:
        await host.store.close()


async def test_a_cancelled_game_counts_as_cancelled_and_keeps_its_secrets(store_target):
    host = await _host(store_target)
    try:
        table = await _table(host)
        await host.cancel(table.id, by_user=ANA)
        lobby = await host.new_game("cultists", host_user=ANA, host_name="ana", guild_id=GUILD)
        await host.cancel(lobby.id, by_user=ANA)          # never started: no game to count
        total, [found] = await results.history(host.store, GUILD)
        assert total == 1 and found.status == "cancelled" and found.reason is None
        assert all(s.role is None and s.side is None and s.won is None for s in found.seats)
        mine = await results.person_stats(host.store, GUILD, ANA)
        assert mine.games == 1 and dict(mine.statuses) == {"cancelled": 1}
        assert (mine.total.played, mine.total.won) == (0, 0)    # neither won nor lost
    finally:
        await host.store.close()


async def test_a_seat_left_is_counted_as_left_not_as_a_loss(store_target):
    host = await _host(store_target)
    try:
        table = await _table(host, people=(ANA, BEA, CAI), ais=0, game="mysterium")
        await host.leave(table.id, BEA)
        await _play_out(host, table)
        _, [found] = await results.history(host.store, GUILD)
        bea = [s for s in found.seats if s.user_id == BEA]
        assert [(s.seat, s.part) for s in bea] == [(1, "left")]
        stats = await results.person_stats(host.store, GUILD, BEA)
        assert stats.games == 1 and stats.parts["left"] == 1 and stats.total.played == 0
        everyone_left = await _table(host, people=(CAI,), ais=2, seed=4, game="mysterium")
        await host.leave(everyone_left.id, CAI)
        await _play_out(host, everyone_left)
        assert (await results.one(host.store, GUILD, everyone_left.id)).status == "abandoned"
    finally:
        await host.store.close()


async def test_a_seat_the_bot_played_at_the_end_is_not_a_win_or_a_loss(store_target):
    host = await _host(store_target)
    try:
        table = await _table(host)
        await host.set_autopilot(table.id, 1, "away")
        await _play_out(host, table)
        _, [found] = await results.history(host.store, GUILD)
        assert [(s.user_id, s.part) for s in found.seats[:2]] == [(ANA, "played"),
                                                                  (BEA, "autopilot")]
        stats = await results.person_stats(host.store, GUILD, BEA)
        assert (stats.games, stats.parts["autopilot"], stats.total.played) == (1, 1, 0)
        assert not stats.per_side and not stats.per_role
    finally:
        await host.store.close()


async def test_games_ended_before_the_index_are_backfilled_once(store_target):
    host = await _host(store_target)
    try:
        table = await _table(host)
        await _play_out(host, table)
        await host.store._write("DELETE FROM results")            # as before migration V17
        results._BACKFILLED.pop(host.store, None)
        assert await results.backfill(host.store, GUILD) == 1
        assert await results.backfill(host.store, GUILD) == 0
        found = await results.one(host.store, GUILD, table.id)
        finished = await host.table(table.id)
        assert found.status == "finished" and found.rounds == finished.result["round"]
        assert {s.seat for s in found.seats if s.won} == set(finished.result["winners"])
        assert all(s.side is not None for s in found.seats)
    finally:
        await host.store.close()


async def test_server_lists_leave_out_who_asked(store_target):
    host = await _host(store_target)
    try:
        for seed in range(6):
            await _play_out(host, await _table(host, people=(ANA, BEA), seed=seed))
        await _play_out(host, await _table(host, people=(CAI, ANA), seed=9))
        server = await results.server_stats(host.store, GUILD)
        assert server.statuses == {"finished": 7}
        assert server.most_games[0] == (ANA, 7)
        assert {u for u, _ in server.best_rate} == {ANA, BEA}   # CAI: fewer than five games
        assert sum(t.played for (g, _), t in server.sides.items()) == 7 * 5
        await results.set_hidden(host.store, GUILD, ANA, True)
        assert await results.hidden(host.store, GUILD, ANA)
        server = await results.server_stats(host.store, GUILD)
        assert ANA not in {u for u, _ in server.most_games + server.best_rate}
        await results.set_hidden(host.store, GUILD, ANA, False)
        assert (await results.server_stats(host.store, GUILD)).most_games[0] == (ANA, 7)
    finally:
        await host.store.close()


@pytest.mark.parametrize("page", [0, 1])
async def test_history_pages_newest_first(tmp_path, page):
    host = await _host(str(tmp_path / "s.sqlite3"))
    try:
        ids = []
        for seed in range(results.PAGE + 2):
            table = await _table(host, seed=seed)
            host.clock.set(host.clock.now() + 60)
            await host.cancel(table.id, by_user=ANA)
            ids.append(table.id)
        total, listed = await results.history(host.store, GUILD, user_id=BEA, page=page)
        newest = ids[::-1]
        assert total == len(ids)
        assert [g.game_id for g in listed] == newest[page * results.PAGE:(page + 1) * results.PAGE]
    finally:
        await host.store.close()


async def test_an_ended_games_results_move_with_it(tmp_path):
    host = await _host(str(tmp_path / "from.sqlite3"))
    other = await open_store(str(tmp_path / "to.sqlite3"))
    try:
        table = await _table(host)
        await _play_out(host, table)
        await other.import_rows(await host.store.export_game(table.id))
        # there before anything reads the history: no backfill needed
        moved = await other._fetch("SELECT part, won FROM result_seats WHERE game_id = ? "
                                   "ORDER BY seat", (table.id,))
        kept = await host.store._fetch("SELECT part, won FROM result_seats WHERE game_id = ? "
                                       "ORDER BY seat", (table.id,))
        assert [tuple(r) for r in moved] == [tuple(r) for r in kept] and len(kept) == 5
    finally:
        await host.store.close()
        await other.close()
