"""The hosting core with the toy game: lobby rules, refusals, simultaneous decisions, timeouts on
a fake clock, the outbox, pause/resume and restart recovery."""
from __future__ import annotations

import pytest

from games.base import IllegalMove
from hosting.clock import FakeClock
from hosting.host import Host
from hosting.store import MIGRATIONS, Store

ALICE, BOB, CAROL, DAVE = 11, 12, 13, 14


class Recorder:
    """A Delivery that keeps what it is given, and can be told to fail."""

    def __init__(self):
        self.rows = []
        self.fail = False
        self.changes = 0

    async def deliver(self, table, rows):
        if self.fail:
            raise ConnectionError("discord is down")
        self.rows.extend(rows)

    async def table_changed(self, table):
        self.changes += 1

    def kinds(self, audience=None):
        return [r.kind for r in self.rows if audience is None or r.audience == audience]


@pytest.fixture
async def env(tmp_path):
    store = await Store.open(tmp_path / "t.sqlite3")
    clock = FakeClock()
    out = Recorder()
    host = Host(store, clock, out, background=False)
    yield host, clock, out
    await store.close()


async def four_people(host, **kw):
    table = await host.new_game("toy", host_user=ALICE, host_name="alice", seed=5, **kw)
    for uid, name in ((BOB, "bob"), (CAROL, "carol"), (DAVE, "dave")):
        await host.join(table.id, uid, name)
    return table


def user_of(table, seat):
    return table.seats[seat].user_id


async def refusal(coro) -> str:
    with pytest.raises(IllegalMove) as err:
        await coro
    return err.value.code


async def test_lobby_rules(env):
    host, _, _ = env
    table = await host.new_game("toy", host_user=ALICE, host_name="alice", seed=1)
    assert [s.name for s in table.seats] == ["alice"]
    assert await refusal(host.join(table.id, ALICE, "alice")) == "already_joined"
    await host.join(table.id, BOB, "bob")
    assert await refusal(host.start(table.id, ALICE)) == "player_count"
    assert await refusal(host.start(table.id, BOB)) == "not_host"
    assert await refusal(host.leave(table.id, CAROL)) == "not_in_game"
    await host.leave(table.id, ALICE)
    assert [(s.seat, s.name) for s in table.seats] == [(0, "bob")]
    for i in range(7):
        await host.add_ai(table.id, None)
    assert await refusal(host.add_ai(table.id, None)) == "table_full"
    assert await refusal(host.add_ai(table.id, None, "genius")) == "unknown_policy"


async def test_admin_may_start_and_cancel_anyones_table(env):
    host, _, out = env
    table = await four_people(host)
    assert await refusal(host.cancel(table.id, BOB)) == "not_host"
    await host.start(table.id, BOB, admin=True)
    await host.cancel(table.id, BOB, admin=True)
    assert table.status == "cancelled"
    assert await host.store.deadlines(table.id) == []
    assert "table_cancelled" in out.kinds("public")
    assert await refusal(host.start(table.id, ALICE)) == "not_in_lobby"


async def test_refusals_leave_state_untouched(env):
    host, _, _ = env
    table = await four_people(host)
    await host.start(table.id, ALICE)
    kill = host.pending(table)[0]
    wolf_user = user_of(table, kill.seat)
    other_user = next(s.user_id for s in table.seats if s.seat != kill.seat)
    version = table.version
    assert await refusal(host.decide(table.id, 999, kill.id, kill.default)) == "not_in_game"
    assert await refusal(host.decide(table.id, other_user, kill.id, kill.default)) == "not_yours"
    assert await refusal(host.decide(table.id, wolf_user, "nope", kill.default)) == "stale"
    assert await refusal(host.decide(table.id, wolf_user, kill.id, "42")) == "illegal_option"
    assert table.version == version
    await host.decide(table.id, wolf_user, kill.id, kill.default)
    assert await refusal(host.decide(table.id, wolf_user, kill.id, kill.default)) \
        == "already_answered"


async def test_an_answer_among_a_messages_questions_is_the_voters_own(env):
    host, _, _ = env
    table = await four_people(host)
    assert [(s.seat, s.user_id) for s in table.seats][:1] == [(0, ALICE)]   # seated at `new`
    await host.start(table.id, ALICE)
    kill = host.pending(table)[0]
    await host.decide(table.id, user_of(table, kill.seat), kill.id, kill.default)
    votes = {p.seat: p.id for p in host.pending(table)}
    outsider = next(s.user_id for s in table.seats if s.seat not in votes)
    version = table.version
    assert await refusal(host.decide(table.id, outsider, votes, "skip")) == "not_asked"
    assert table.version == version
    voter = next(iter(votes))
    accepted = await host.decide(table.id, user_of(table, voter), votes, "skip")
    assert (accepted.pending_id, accepted.question.seat) == (votes[voter], voter)
    assert accepted.asked == frozenset(votes.values())
    assert votes[voter] not in {p.id for p in host.pending(accepted.table)}


async def test_simultaneous_votes_close_when_all_are_in(env):
    host, _, out = env
    table = await four_people(host)
    await host.start(table.id, ALICE)
    kill = host.pending(table)[0]
    await host.decide(table.id, user_of(table, kill.seat), kill.id, kill.default)
    votes = host.pending(table)
    assert len(votes) == 3 and all(p.kind == "vote" and p.public for p in votes)
    for p in votes[:-1]:
        await host.decide(table.id, user_of(table, p.seat), p.id, "skip")
    assert "votes" not in out.kinds()  # nothing revealed before the ballot closes
    last = votes[-1]
    await host.decide(table.id, user_of(table, last.seat), last.id, "skip")
    assert out.kinds("public")[-2:] == ["no_lynch", "night_falls"]


async def test_timeouts_apply_defaults_on_the_fake_clock(env):
    host, clock, out = env
    table = await four_people(host)
    await host.start(table.id, ALICE)
    kill = host.pending(table)[0]
    due = await host.next_due()
    assert due == pytest.approx(clock.now() + table.pace["night_step"] * 0.75)  # reminder first
    clock.advance(table.pace["night_step"] * 0.8)
    assert await host.fire_due() == 0
    assert out.kinds(f"seat:{kill.seat}")[-1] == "table_reminder_last"
    clock.advance(table.pace["night_step"])
    assert await host.fire_due() == 1
    assert out.kinds(f"seat:{kill.seat}")[-1] == "table_timed_out"
    assert "table_timed_out" not in out.kinds("public")  # a timeout must not show who acts
    assert (await host.store.decisions(table.id))[-1][2:] == (kill.id, kill.default, "timeout")
    # the day vote now has its own deadlines, one per voter
    assert len(await host.store.deadlines(table.id)) == len(host.pending(table))


async def test_clock_only_wait_resolves_at_its_deadline(env):
    host, clock, _ = env
    table = await four_people(host, mode="slow")
    await host.start(table.id, ALICE)
    kill, wait = host.pending(table)
    assert wait.seat is None
    await host.decide(table.id, user_of(table, kill.seat), kill.id, kill.default)
    assert table.state["phase"] == "night"  # the night lasts its minimum anyway
    clock.advance(table.pace["night_step"] + 1)
    await host.fire_due()
    assert table.state["phase"] == "day"


async def test_pause_freezes_deadlines(env):
    host, clock, _ = env
    table = await four_people(host)
    await host.start(table.id, ALICE)
    assert await refusal(host.pause(table.id, BOB)) == "not_host"
    await host.pause(table.id, ALICE)
    kill = host.pending(table)[0]
    assert await refusal(host.decide(table.id, user_of(table, kill.seat), kill.id,
                                     kill.default)) == "paused"
    clock.advance(10_000)
    assert await host.fire_due() == 0
    await host.resume(table.id, ALICE)
    [d] = await host.store.deadlines(table.id)
    assert d.due_at == pytest.approx(clock.now() + table.pace["night_step"])


async def test_outbox_keeps_events_until_delivered(env):
    host, _, out = env
    table = await four_people(host)
    out.fail = True
    await host.start(table.id, ALICE)
    assert out.rows == []
    waiting = await host.store.undelivered(table.id)
    assert [r.kind for r in waiting][:2] == ["table_started", "role"]
    out.fail = False
    await host.flush()
    await host.flush()
    assert [r.id for r in out.rows] == [r.id for r in waiting]  # each once, in order
    assert await host.store.undelivered() == []


async def test_restart_resumes_and_finishes(tmp_path):
    path = tmp_path / "r.sqlite3"
    store = await Store.open(path)
    clock = FakeClock()
    host = Host(store, clock, Recorder(), background=False)
    table = await four_people(host)
    await host.add_ai(table.id, ALICE)
    await host.start(table.id, ALICE)
    await host.run_ai(table.id)
    version = table.version
    await store.close()

    store = await Store.open(path)
    out = Recorder()
    clock = FakeClock(clock.now() + 100_000)
    host = Host(store, clock, out, background=False)
    assert await host.recover() == [table.id]
    table = await host.table(table.id)
    assert table.version == version and table.status == "running"
    for _ in range(200):
        if table.status == "finished":
            break
        await host.run_ai(table.id)
        await host.fire_due()  # the first time, everything is long overdue and fires at once
        clock.advance(1_000)
    assert table.status == "finished"
    assert out.kinds("public")[-1] == "table_finished"
    assert set(table.result["winners"]) <= {0, 1, 2, 3, 4}
    await store.close()


async def test_migrations_are_numbered_and_idempotent(tmp_path):
    path = tmp_path / "m.sqlite3"
    for _ in range(2):
        store = await Store.open(path)
        async with store.db.execute("SELECT version FROM schema_version ORDER BY version") as cur:
            numbers = [r[0] for r in await cur.fetchall()]
        assert numbers == list(range(1, len(list(MIGRATIONS.glob("V*__*.sql"))) + 1))
        async with store.db.execute("PRAGMA journal_mode") as cur:
            assert (await cur.fetchone())[0] == "wal"
        await store.close()


async def test_pace_presets_and_overrides(env):
    host, _, _ = env
    table = await host.new_game("toy", host_user=ALICE, host_name="a", pace_preset="async",
                                pace_overrides="vote=30, night_step=5")
    assert table.pace["vote"] == 30 and table.pace["night_step"] == 5
    assert table.pace["day_discussion"] >= 3600
    assert await refusal(host.new_game("toy", host_user=ALICE, host_name="a",
                                       pace_overrides="vote=soon")) == "bad_pace"
    assert await refusal(host.new_game("toy", host_user=ALICE, host_name="a",
                                       pace_preset="glacial")) == "unknown_pace"


async def test_scheduler_and_background_ai_finish_a_real_time_game(tmp_path):
    """The bot's mode: AI answers and delivery run as tasks, the scheduler fires deadlines for
    the two people who never answer, on the real clock with sub-second timings."""
    import asyncio

    from hosting.clock import RealClock

    store = await Store.open(tmp_path / "s.sqlite3")
    out = Recorder()
    host = Host(store, RealClock(), out, background=True)
    table = await host.new_game("toy", host_user=ALICE, host_name="alice", seed=21,
                                mode="slow", pace_overrides="default=0.05,night_step=0.05,vote=0.05")
    await host.join(table.id, BOB, "bob")
    for _ in range(3):
        await host.add_ai(table.id, ALICE)
    await host.start(table.id, ALICE)
    scheduler = asyncio.create_task(host.run_scheduler(max_sleep=0.5))
    try:
        for _ in range(200):
            if table.status == "finished":
                break
            await asyncio.sleep(0.05)
    finally:
        scheduler.cancel()
        await host.idle()
        await host.flush()
    assert table.status == "finished"
    sources = {row[4] for row in await store.decisions(table.id)}
    assert sources == {"ai", "timeout"}
    assert out.kinds("public")[-1] == "table_finished"
    await store.close()


async def test_many_games_commit_at_once_on_one_store(env):
    """Games share one connection: their transactions must take turns, not nest."""
    import asyncio

    host, _, _ = env
    tables = []
    for i in range(6):
        table = await host.new_game("toy", host_user=ALICE, host_name="alice", seed=i,
                                    join=False)
        for _ in range(5):
            await host.add_ai(table.id, ALICE)
        tables.append(table)
    await asyncio.gather(*(host.start(t.id, ALICE) for t in tables))
    await asyncio.gather(*(host.run_ai(t.id) for t in tables))
    assert all(t.status == "finished" for t in tables)
    for t in tables:
        assert [row[0] for row in await host.store.decisions(t.id)] == sorted(
            row[0] for row in await host.store.decisions(t.id))


async def test_an_answer_may_carry_its_own_public_progress_and_nothing_else(tmp_path):
    store = await Store.open(tmp_path / "p.sqlite3")
    out = Recorder()
    host = Host(store, FakeClock(), out, settle_delay=0.5)   # deliveries wait: rows pile up
    try:
        table = await four_people(host)
        await host.start(table.id, ALICE)
        await host.flush(table.id)
        [kill] = host.pending(table)
        await host.decide(table.id, user_of(table, kill.seat), kill.id, kill.default)
        await host.flush(table.id)
        taken, alone_each = [], []

        async def show(table, rows, alone):
            """As the bot's answer to a vote: "X has voted" alone, else nothing."""
            alone_each.append(alone)
            if not alone:
                return []
            taken.extend(rows)
            return [r.id for r in rows]

        async def vote(seat, send):
            asked = {p.id for p in host.pending(table)}
            pending = next(p for p in host.pending(table) if p.seat == seat)
            await host.decide(table.id, user_of(table, seat), pending.id, "skip")
            return await host.deliver_progress(table.id, asked, send)

        first, second, *others, last = sorted(p.seat for p in host.pending(table))
        assert await vote(first, show)
        assert [r.kind for r in taken] == ["voted"]
        assert await store.undelivered(table.id) == []          # delivered by the answer

        async def too_long(table, rows, alone):
            return []

        assert not await vote(second, too_long)                  # left to the usual delivery
        assert [r.kind for r in await store.undelivered(table.id)] == ["voted"]
        async with host._delivering[table.id]:                   # a delivery is under way
            assert not await host.deliver_progress(table.id, set(), show)
        await host.flush(table.id)
        for seat in others:
            await vote(seat, show)
        taken.clear()
        assert not await vote(last, show)     # the vote closed and a night question came
        assert taken == [] and "night_falls" in [r.kind for r in await store.undelivered(table.id)]
        assert alone_each[-1] is False and all(alone_each[:-1])
    finally:
        await host.idle()
        await store.close()


async def test_clicks_are_answered_while_background_work_waits_for_a_slot(tmp_path):
    """Each game's news takes one of the host's `at_once` slots; a decision takes none, so
    it is committed while every slot is busy, and no more games deliver at once."""
    import asyncio

    gate, delivering, most = asyncio.Event(), set(), []

    class Stuck(Recorder):
        async def deliver(self, table, rows):
            delivering.add(table.id)
            most.append(len(delivering))
            await gate.wait()
            delivering.discard(table.id)
            await super().deliver(table, rows)

    store = await Store.open(tmp_path / "b.sqlite3")
    out = Stuck()
    host = Host(store, FakeClock(), out, settle_delay=0, at_once=2)
    tables = [await four_people(host) for _ in range(4)]
    for table in tables:
        await host.start(table.id, ALICE)
    await asyncio.sleep(0.1)
    assert len(delivering) == 2 and not out.rows
    waiting = next(t for t in tables if t.id not in delivering)
    kill = host.pending(waiting)[0]
    accepted = await asyncio.wait_for(
        host.decide(waiting.id, waiting.seats[kill.seat].user_id, kill.id, kill.default), 1)
    assert accepted.pending_id == kill.id and len(delivering) == 2
    gate.set()
    await host.idle()
    assert max(most) == 2
    assert {r.game_id for r in out.rows} == {t.id for t in tables}
    assert await store.undelivered() == []
    await store.close()


async def test_a_game_stuck_on_discord_gives_its_slot_to_the_next(tmp_path):
    """One slot, and the first game's delivery never ends: once it has held the slot
    `slot_held` seconds the second game's news goes out all the same."""
    import asyncio

    stuck = asyncio.Event()

    class Hanging(Recorder):
        async def deliver(self, table, rows):
            if table.id == first.id:
                await stuck.wait()
            await super().deliver(table, rows)

    store = await Store.open(tmp_path / "h.sqlite3")
    out = Hanging()
    host = Host(store, FakeClock(), out, settle_delay=0, at_once=1, slot_held=1.0)
    first, second = [await four_people(host) for _ in range(2)]
    await host.start(first.id, ALICE)
    await asyncio.sleep(0.05)
    await host.start(second.id, ALICE)
    await asyncio.sleep(0.05)
    assert not out.rows                                   # the slot is still the first game's
    for _ in range(100):
        if out.rows:
            break
        await asyncio.sleep(0.05)
    assert {r.game_id for r in out.rows} == {second.id}
    stuck.set()
    await host.idle()
    assert {r.game_id for r in out.rows} == {first.id, second.id}
    await store.close()


async def test_a_settle_shows_the_game_through_its_delivery_with_news_or_without(tmp_path):
    """The settle after a step ends in the delivery, which shows the game as it now is: with
    the step's news, or with none when the answer carried its news itself. Nothing else is
    asked to refresh the game."""
    class Shown(Recorder):
        def __init__(self):
            super().__init__()
            self.deliveries = []

        async def deliver(self, table, rows):
            await super().deliver(table, rows)
            self.deliveries.append((table.version, len(rows)))

    async def carried(table, rows, alone):
        return [r.id for r in rows]

    store = await Store.open(tmp_path / "s.sqlite3")
    out = Shown()
    host = Host(store, FakeClock(), out, settle_delay=0.2)
    try:
        table = await four_people(host)
        changes = out.changes                  # the lobby's, refreshed apart
        await host.start(table.id, ALICE)
        await host.idle()
        assert [(v, n > 0) for v, n in out.deliveries] == [(table.version, True)]
        [kill] = host.pending(table)
        await host.decide(table.id, user_of(table, kill.seat), kill.id, kill.default)
        await host.idle()
        out.deliveries.clear()
        asked = {p.id for p in host.pending(table)}
        vote = host.pending(table)[0]
        await host.decide(table.id, user_of(table, vote.seat), vote.id, "skip")
        assert await host.deliver_progress(table.id, asked, carried)
        await host.idle()
        assert out.deliveries == [(table.version, 0)]
        assert out.changes == changes
    finally:
        await host.idle()
        await store.close()


async def test_the_ai_stops_without_locking_the_game_again_once_people_are_asked(env):
    """The game as the AI's last answer left it says that only people are asked now: the
    AI does not take the game's lock once more to find nothing to do."""
    host, _, _ = env
    table = await host.new_game("toy", host_user=ALICE, host_name="alice", seed=3)
    for _ in range(3):
        await host.add_ai(table.id, ALICE)
    await host.start(table.id, ALICE)
    locked = []
    game_lock = host.store.game_lock

    def counted(game_id, *args, **kwargs):
        locked.append(game_id)
        return game_lock(game_id, *args, **kwargs)

    host.store.game_lock = counted
    made = await host.run_ai(table.id)
    table = await host.table(table.id)
    assert made > 0 and len(locked) == made
    assert table.status == "finished" or {p.seat for p in host.pending(table)} == {0}
