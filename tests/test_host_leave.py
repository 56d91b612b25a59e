"""Leaving a running game: allowed where the rules hand the seat's part on (Mysterium's R24),
refused elsewhere; the person who left can no longer answer, and the game plays to its end."""
from __future__ import annotations

from hosting.clock import FakeClock
from hosting.host import Host
from hosting.store import Store
from tests.test_host import Recorder, refusal, four_people

ALICE, BOB, CAROL = 11, 12, 13


async def open_host(tmp_path):
    store = await Store.open(tmp_path / "t.sqlite3")
    out = Recorder()
    return Host(store, FakeClock(), out, background=False), out


async def test_a_psychic_leaves_mysterium_and_the_game_plays_to_its_end(tmp_path):
    host, out = await open_host(tmp_path)
    try:
        table = await host.new_game("mysterium", host_user=ALICE, host_name="alice", seed=4,
                                    mode="easy", options={"ghost": "bot"})
        for uid, name in ((BOB, "bob"), (CAROL, "carol")):
            await host.join(table.id, uid, name)
        await host.start(table.id, ALICE)
        await host.leave(table.id, BOB)
        assert table.seats[1].user_id is None and "table_seat_left" in out.kinds("public")
        asked = next((p for p in host.pending(table) if p.seat == 1), None)
        assert asked is None, asked          # nobody waits for the seat that left
        assert await refusal(host.leave(table.id, BOB)) == "not_in_game"
        for _ in range(2000):               # the others (and the clock) finish the game
            if table.status != "running":
                break
            due = await host.next_due()
            host.clock.set(due)
            await host.fire_due()
        assert table.status == "finished"
    finally:
        await host.store.close()


async def test_games_that_cannot_lose_a_player_refuse_a_leave_once_started(tmp_path):
    host, _ = await open_host(tmp_path)
    try:
        table = await four_people(host)
        await host.start(table.id, ALICE)
        assert await refusal(host.leave(table.id, BOB)) == "not_in_lobby"
        assert table.seats[1].user_id == BOB
    finally:
        await host.store.close()
