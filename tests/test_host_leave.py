"""Leaving a running game: where the rules hand the seat's part on (Mysterium's R24) they do,
elsewhere the bot plays the seat; the person who left can no longer answer, and the game plays
to its end."""
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


async def bob_leaves_mysterium(host: Host):
    """A Mysterium table of three psychics and the bot's Ghost, which Bob leaves once it
    has started."""
    table = await host.new_game("mysterium", host_user=ALICE, host_name="alice", seed=4,
                                mode="easy", options={"ghost": "bot"})
    for uid, name in ((BOB, "bob"), (CAROL, "carol")):
        await host.join(table.id, uid, name)
    await host.start(table.id, ALICE)
    await host.leave(table.id, BOB)
    return table


async def test_a_psychic_leaves_mysterium_and_the_game_plays_to_its_end(tmp_path):
    host, out = await open_host(tmp_path)
    try:
        table = await bob_leaves_mysterium(host)
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


async def test_in_other_games_the_bot_plays_the_seat_left_and_the_game_ends(tmp_path):
    host, out = await open_host(tmp_path)
    try:
        table = await four_people(host)
        await host.start(table.id, ALICE)
        await host.leave(table.id, BOB)
        assert (table.seats[1].user_id, table.seats[1].autopilot) == (None, "left")
        assert "table_seat_offered" in out.kinds("public")
        for _ in range(200):                # the bot answers for the seat; the clock the rest
            if table.status != "running":
                break
            if not await host.run_ai(table.id):
                host.clock.set(await host.next_due())
                await host.fire_due()
        assert table.status == "finished"
        assert not [d for d in await host.store.decisions(table.id)
                    if d[1] == 1 and d[4] == "timeout"]     # never a default for the seat
    finally:
        await host.store.close()


async def test_a_mysterium_seat_handed_on_is_neither_offered_nor_given_to_someone(tmp_path):
    host, out = await open_host(tmp_path)
    try:
        table = await bob_leaves_mysterium(host)
        assert "table_seat_offered" not in out.kinds("public")
        assert table.seats[1].autopilot is None             # nothing left for the bot to play
        assert await refusal(host.offer_seat(table.id, ALICE, BOB)) == "seat_not_free"
        assert await refusal(host.replace_player(table.id, ALICE, BOB, 99, "x")) == \
            "seat_not_free"
        assert await refusal(host.take_seat(table.id, 1, 99, "x")) == "seat_not_free"
    finally:
        await host.store.close()
