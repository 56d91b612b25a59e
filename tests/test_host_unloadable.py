"""A game this build cannot load (a rollback to a build without its game, an import, a damaged
row) is set aside once, on SQLite and PostgreSQL alike: paused, its deadlines stopped, one log
line naming it and why, its table and host told; every other game plays on, `/games` lists it,
recovery shows the others, and the scheduler never tries a failing deadline again at once
(fake clock throughout)."""
from __future__ import annotations

import logging

import pytest

import games
from hosting.clock import FakeClock
from hosting.host import Host
from hosting.store import StoreError
from hosting.stores import open_store
from tests.test_host import ALICE, BOB, CAROL, DAVE, Recorder, refusal
from tests.toy import ToyGame

GUILD = 77
# How each kind of damage is done to a stored row, as a rollback, an import or a bad disk would.
BREAK = {
    "unknown game": ("UPDATE games SET game = 'retired' WHERE id = ?", ()),
    "state not JSON": ("UPDATE games SET state = '{\"phase\": ' WHERE id = ?", ()),
    "state its engine cannot read": ("UPDATE games SET state = '{\"round_cap\": null}' "
                                     "WHERE id = ?", ()),
}


async def started(host, base=0):
    """A toy table of four people (ids offset by `base`), started: its night kill is asked."""
    table = await host.new_game("toy", host_user=ALICE + base, host_name="alice", seed=5,
                                guild_id=GUILD, channel_id=9)
    for uid in (BOB, CAROL, DAVE):
        await host.join(table.id, uid + base, "p")
    await host.start(table.id, ALICE + base)
    return table


async def a_healthy_and_a_broken_game(target, damage):
    """Two running games stored by a bot that stopped; then one of them damaged. Their ids
    and the broken one's stored state, as text."""
    store = await open_store(target)
    host = Host(store, FakeClock(), background=False)
    good, bad = await started(host), await started(host, 100)
    sql, _ = BREAK[damage]
    await store._write(sql, (bad.id,))
    raw = (await store._fetch("SELECT state FROM games WHERE id = ?", (bad.id,)))[0][0]
    await store.close()
    return good.id, bad.id, raw


def lines_about(caplog, game_id):
    return [r for r in caplog.records
            if r.levelno >= logging.WARNING and f"game {game_id} " in r.getMessage()]


@pytest.mark.parametrize("damage", list(BREAK))
async def test_a_game_that_cannot_be_loaded_is_set_aside_once(store_target, damage, caplog):
    good, bad, raw = await a_healthy_and_a_broken_game(store_target, damage)
    caplog.set_level(logging.INFO)
    clock = FakeClock()
    store = await open_store(store_target)
    out = Recorder()
    host = Host(store, clock, out, background=False)
    try:
        decided = await store.decision_count(good)
        clock.advance(10_000)                    # both nights' kills are long overdue
        passes = 0
        for _ in range(20):                      # the scheduler's passes, as fast as it would go
            passes += 1
            await host.fire_due()
            due = await host.next_due()
            if due is None or due > clock.now():  # it would sleep now: no pass at once
                break
        assert passes == 1
        assert len(lines_about(caplog, bad)) == 1
        assert "set aside" in lines_about(caplog, bad)[0].getMessage()
        assert await store.decision_count(good) > decided           # the other clock went on
        assert all(d.game_id != bad for d in await store.due(clock.now() + 10 ** 6))
        row = await store.load_game(bad)
        assert (row.status, row.suspended) == ("paused", "load")
        stored = (await store._fetch("SELECT state FROM games WHERE id = ?", (bad,)))[0][0]
        assert stored == raw                     # kept as it was, for a build that can read it
        await host.flush()
        told = [(r.audience, r.kind, r.data) for r in out.rows if r.game_id == bad]
        assert ("public", "table_set_aside", {}) in told
        assert ("seat:0", "table_set_aside_host", {"id": bad}) in told
        assert await store.undelivered() == []
        # Every step on it is refused privately; it is listed among the server's games.
        assert await refusal(host.decide(bad, BOB + 100, "0:kill", "1")) == "set_aside"
        assert await refusal(host.resume(bad, ALICE + 100)) == "set_aside"
        listed = {t.id: t for t in await host.open_tables(GUILD)}
        assert set(listed) == {good, bad}
        assert listed[bad].unreadable and listed[good].unreadable is None
        for _ in range(5):                       # later passes and reads say nothing more
            clock.advance(100)
            await host.fire_due()
            await host.open_tables(GUILD)
        assert len(lines_about(caplog, bad)) == 1
        assert len([r for r in out.rows if r.game_id == bad]) == len(told)
    finally:
        await store.close()


@pytest.mark.parametrize("damage", list(BREAK))
async def test_recovery_sets_it_aside_and_shows_the_others(store_target, damage, caplog):
    good, bad, _ = await a_healthy_and_a_broken_game(store_target, damage)
    clock = FakeClock()
    clock.advance(60)        # on PostgreSQL, the stopped process's claims have run out

    class Shown(Recorder):
        def __init__(self):
            super().__init__()
            self.shown = []

        async def table_changed(self, table):
            assert table.unreadable is None      # nothing of a set-aside game is drawn
            self.shown.append(table.id)

    store = await open_store(store_target)
    out = Shown()
    host = Host(store, clock, out, background=False)
    try:
        assert sorted(await host.recover()) == sorted([good, bad])
        assert out.shown == [good]
        assert not [r for r in caplog.records if "recovery" in r.getMessage()]
        assert (await store.load_game(bad)).suspended == "load"
        await host.flush()
        assert "table_set_aside" in out.kinds("public")
        assert len(lines_about(caplog, bad)) == 1
    finally:
        await store.close()


async def test_a_store_reads_a_damaged_row_beside_healthy_ones(store_target):
    """One row whose JSON columns do not parse fails neither its chunk nor the others."""
    good, bad, _ = await a_healthy_and_a_broken_game(store_target, "state not JSON")
    store = await open_store(store_target)
    try:
        rows = await store.load_games([good, bad, 10 ** 9])
        assert [r.id for r in rows] == [good, bad]
        assert rows[0].unreadable is None and rows[0].state["phase"] == "night"
        assert rows[1].state is None and "state is not JSON" in rows[1].unreadable
    finally:
        await store.close()


async def test_a_failing_deadline_is_tried_again_later_and_later(store_target, caplog):
    """A deadline whose firing fails for a reason that is not the engine's (here the store
    refuses that game's writes) is tried again later, never at once: after 2 s, then 4 s, ...
    (on PostgreSQL no sooner than its claim's lease, too); the other game's clock goes on."""
    clock = FakeClock()
    store = await open_store(store_target)
    host = Host(store, clock, background=False)
    try:
        good, bad = await started(host), await started(host, 100)
        commit = store.commit_step

        async def refusing(game, **kw):
            if game.id == bad.id:
                raise StoreError("disk I/O error")
            return await commit(game, **kw)
        store.commit_step = refusing
        caplog.set_level(logging.ERROR)
        clock.advance(10_000)
        tried_at = []
        for _ in range(40):                      # the scheduler: a pass, then sleep till next_due
            await host.fire_due()
            tried_at += [clock.now()] * (len(lines_about(caplog, bad.id)) - len(tried_at))
            due = await host.next_due()
            assert due is not None and due > clock.now()
            clock.set(due)
        assert (await host.table(good.id)).state["phase"] != "night"
        assert len(tried_at) >= 4
        assert all(b - a >= 2.0 for a, b in zip(tried_at, tried_at[1:]))
        if not store.shared:                     # PostgreSQL's retries follow the lease
            assert [b - a for a, b in zip(tried_at, tried_at[1:])][:3] == [2.0, 4.0, 8.0]
        store.commit_step = commit               # the store takes its writes again
        for _ in range(10):
            clock.set(await host.next_due())
            await host.fire_due()
            if (await host.table(bad.id)).state["phase"] != "night":
                break
        assert (await host.table(bad.id)).state["phase"] != "night"
    finally:
        await store.close()


class PendingBreaks(ToyGame):
    """The toy game whose questions cannot be worked out once `broken` is set: a bug that a
    state reached in play sets off."""

    broken = False

    def pending(self, state):
        if PendingBreaks.broken:
            raise KeyError("votes")
        return super().pending(state)


games.register("toy_pending_breaks", f"{__name__}:PendingBreaks")


async def test_a_click_on_a_state_its_engine_cannot_read_sets_the_game_aside(tmp_path, caplog):
    """The engine fails on the click, and cannot show the state either: the game is set aside
    (not suspended with a notice that would have to draw it), and told."""
    store = await open_store(str(tmp_path / "t.sqlite3"))
    out = Recorder()
    host = Host(store, FakeClock(), out, background=False)
    try:
        table = await host.new_game("toy_pending_breaks", host_user=ALICE, host_name="alice")
        for uid in (BOB, CAROL, DAVE):
            await host.join(table.id, uid, "p")
        await host.start(table.id, ALICE)
        kill = host.pending(table)[0]
        caplog.set_level(logging.ERROR)
        PendingBreaks.broken = True
        try:
            code = await refusal(host.decide(table.id, table.seats[kill.seat].user_id, kill.id,
                                             kill.default))
        finally:
            PendingBreaks.broken = False
        assert code == "suspended_now"
        assert len(lines_about(caplog, table.id)) == 1
        assert "table_set_aside" in out.kinds("public")
        assert "table_suspended" not in out.kinds()
        assert (await store.load_game(table.id)).suspended == "load"
        assert await refusal(host.table(table.id)) == "set_aside"
    finally:
        await store.close()
