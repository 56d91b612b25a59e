"""One game never stops another: an engine that raises while a deadline fires, while an AI seat
answers or while a person's decision is applied suspends its own game only, tells its table and
host, logs once, and every other game's clock goes on (fake clock throughout)."""
from __future__ import annotations

import logging

import pytest

import games
from games.base import IllegalMove
from hosting.store import Store
from tests.test_host import ALICE, BOB, CAROL, DAVE, env, refusal  # noqa: F401 (env: fixture)
from tests.toy import ToyGame


class NightKillBug(ToyGame):
    """The toy game with a bug in its night: the wolf's kill raises."""

    def _apply(self, state, pending, choice):
        if pending.kind == "kill":
            raise TypeError("'<' not supported between instances of 'str' and 'int'")
        return super()._apply(state, pending, choice)


games.register("toy_night_bug", f"{__name__}:NightKillBug")


async def two_tables(host):
    """A healthy toy table and a buggy one, four people each, both started."""
    tables = []
    for game, base in (("toy", 0), ("toy_night_bug", 100)):
        table = await host.new_game(game, host_user=ALICE + base, host_name="alice", seed=5)
        for uid in (BOB, CAROL, DAVE):
            await host.join(table.id, uid + base, "p")
        await host.start(table.id, ALICE + base)
        tables.append(table)
    return tables


def suspended_lines(caplog, game_id):
    return [r for r in caplog.records
            if r.levelno >= logging.ERROR and f"game {game_id} " in r.getMessage()]


async def test_a_deadline_that_raises_suspends_its_game_and_the_other_clock_goes_on(
        env, caplog, tmp_path):
    host, clock, out = env
    good, bad = await two_tables(host)
    caplog.set_level(logging.ERROR)
    clock.advance(50)                       # reminders of both nights are due (60 s, at 45 s)
    await host.fire_due()
    assert out.kinds().count("table_reminder_last") == 2
    clock.advance(20)                       # both night kills time out
    assert await host.fire_due() == 1
    assert good.state["phase"] == "day"
    assert (bad.status, bad.suspended, bad.state["phase"]) == ("paused", "deadline", "night")
    for _ in range(3):                      # later passes go on without the suspended game
        clock.advance(400)
        await host.fire_due()
    assert good.state["round"] > 1 or good.status == "finished"
    assert len(suspended_lines(caplog, bad.id)) == 1
    news = [(r.audience, r.kind, r.data) for r in out.rows if r.game_id == bad.id]
    assert ("public", "table_suspended", {"during": "deadline"}) in news
    assert ("gm", "table_suspended", {"during": "deadline"}) in news
    assert ("seat:0", "table_suspended_host", {"during": "deadline"}) in news
    # Stored: a restarted bot finds the game suspended, not running.
    fresh = await Store.open(tmp_path / "t.sqlite3")
    try:
        row = await fresh.load_game(bad.id)
        assert (row.status, row.suspended) == ("paused", "deadline")
    finally:
        await fresh.close()


async def test_a_click_that_hits_the_bug_is_told_privately_and_nothing_is_taken(env, caplog):
    host, _, out = env
    good, bad = await two_tables(host)
    wolf = bad.state["wolf"]
    kill = host.pending_for(bad, wolf)[0]
    before = (bad.version, bad.state)
    err = await refusal(host.decide(bad.id, bad.seats[wolf].user_id, kill.id,
                                    kill.options[0].id))
    assert err == "suspended_now"
    assert bad.state == before[1] and bad.suspended == "decision"
    assert await host.store.decision_count(bad.id) == 0
    assert await refusal(host.decide(bad.id, bad.seats[wolf].user_id, kill.id,
                                     kill.options[0].id)) == "suspended"
    # The other table plays on.
    wolf = good.state["wolf"]
    kill = host.pending_for(good, wolf)[0]
    await host.decide(good.id, good.seats[wolf].user_id, kill.id, kill.options[0].id)
    assert good.state["phase"] == "day"


async def test_an_ai_seat_that_hits_the_bug_suspends_only_its_game(env):
    host, _, out = env
    table = await host.new_game("toy_night_bug", host_user=ALICE, host_name="alice", seed=3)
    for _ in range(3):
        await host.add_ai(table.id, ALICE)
    await host.start(table.id, ALICE)
    assert table.state["wolf"] != 0, "seed 3 makes an AI the wolf"
    assert await host.run_ai(table.id) == 0
    assert (table.status, table.suspended) == ("paused", "ai")
    # Resuming tries the step again: the bug is still there, so it is suspended again.
    await host.resume(table.id, ALICE)
    assert (table.status, table.suspended) == ("running", None)
    assert await host.run_ai(table.id) == 0
    assert table.suspended == "ai"
    assert out.kinds("public").count("table_suspended") == 2
    with pytest.raises(IllegalMove):
        await host.pause(table.id, ALICE)
