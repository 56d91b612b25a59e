"""What every store promises, checked on SQLite and on a real PostgreSQL server alike."""
from __future__ import annotations

import asyncio

import pytest

from hosting.store import MIGRATIONS, Deadline, GameRow, PostRow, SeatRow, StoreError
from hosting.stores import open_store, verify_store


@pytest.fixture
async def store(store_target):
    store = await open_store(store_target)
    yield store
    await store.close()


def new_game(**over) -> GameRow:
    values = dict(id=0, game="toy", status="running", mode="normal", options={"a": [1]},
                  pace={"vote": 30}, seed=7, guild_id=2 ** 60, channel_id=2 ** 61 + 1,
                  state={"n": 0}, created_at=1.5, updated_at=1.5)
    return GameRow(**{**values, **over})


async def test_a_game_reads_back_as_written(store):
    game_id = await store.create_game(new_game())
    await store.replace_seats(game_id, [SeatRow(0, "Ana", 2 ** 62), SeatRow(1, "Bot", None,
                                                                            "smart")])
    await store.mark_dm_closed(game_id, 0)
    await store.update_game(game_id, thread_id=9, result={"won": ["Ana"]}, paused_at=3.0)
    row = await store.load_game(game_id)
    assert (row.id, row.options, row.pace, row.seed, row.guild_id, row.thread_id) == (
        game_id, {"a": [1]}, {"vote": 30}, 7, 2 ** 60, 9)
    assert (row.state, row.result, row.paused_at, row.state_version) == (
        {"n": 0}, {"won": ["Ana"]}, 3.0, 1)
    assert row.seats == [SeatRow(0, "Ana", 2 ** 62, None, True), SeatRow(1, "Bot", None,
                                                                          "smart", False)]
    await store.replace_seats(game_id, [SeatRow(0, "Bo", 5)])    # one left, renamed
    assert (await store.load_game(game_id)).seats == [SeatRow(0, "Bo", 5)]
    await store.replace_seats(game_id, [SeatRow(0, "Bo", 5), SeatRow(1, "AI 1", None, "x")])
    assert [s.name for s in (await store.load_game(game_id)).seats] == ["Bo", "AI 1"]
    assert await store.load_game(game_id + 100) is None
    other = await store.create_game(new_game(status="lobby", channel_id=5))
    assert await store.game_ids(statuses=["running", "lobby"]) == [game_id, other]
    assert await store.game_ids(statuses=["lobby"], channel_id=5, game="toy") == [other]
    with pytest.raises(ValueError):
        await store.game_ids(statuses=["lobby"], nonsense=1)


async def test_the_game_of_a_thread_or_else_the_newest_in_a_channel_of_that_game_only(store):
    """Another game's command typed in a table's thread finds no table there."""
    open_ = ("lobby", "running", "paused")
    await store.create_game(new_game(status="lobby", channel_id=5))
    newer = await store.create_game(new_game(channel_id=5))
    await store.create_game(new_game(game="other", channel_id=5))
    await store.create_game(new_game(status="finished", channel_id=5))
    await store.replace_seats(newer, [SeatRow(0, "Ana", 3)])
    threaded = await store.create_game(new_game(game="other", channel_id=6))
    await store.update_game(threaded, thread_id=77)
    assert await store.game_here(open_, "toy", 5) == newer
    row = await store.load_game_here(open_, "toy", 5)
    assert (row.id, row.seats) == (newer, [SeatRow(0, "Ana", 3)])
    assert (await store.load_game_here(open_, "other", 77)).id == threaded
    assert await store.load_game_here(open_, "toy", 77) is None
    assert await store.game_here(open_, "toy", 77) is None
    assert await store.load_game_here(open_, "toy", 8) is None


async def test_a_step_is_all_or_nothing_and_refused_on_a_stale_version(store):
    game = await store.load_game(await store.create_game(new_game()))
    await store.commit_step(game, new_version=1, state={"n": 1}, now=2.0,
                            decision=(0, "q1", "yes", "player"),
                            outbox=[("public", "said", {"x": 1}), ("seat:0", "secret", {})],
                            add_deadlines=[Deadline(game.id, "q2", 0, 50.0, 40.0)])
    stale = await store.load_game(game.id)
    stale.version = 0
    with pytest.raises(RuntimeError):
        await store.commit_step(stale, new_version=1, state={"n": 99}, now=3.0,
                                decision=(0, "q2", "no", "player"),
                                outbox=[("public", "lost", {})], drop_deadlines=["q2"])
    await store.update_game(game.id, version=0)   # so that only the insert below fails
    with pytest.raises(StoreError):   # the decision's number is taken: nothing of it is kept
        await store.commit_step(stale, new_version=1, state={"n": 99}, now=3.0,
                                decision=(0, "q2", "no", "player"),
                                outbox=[("public", "lost", {})], drop_deadlines=["q2"])
    row = await store.load_game(game.id)
    assert (row.version, row.state) == (0, {"n": 1})
    assert await store.decisions(game.id) == [(1, 0, "q1", "yes", "player")]
    assert await store.answered(game.id, "q1") and not await store.answered(game.id, "q2")
    assert await store.decision_count(game.id) == 1
    assert [(r.audience, r.kind, r.data) for r in await store.undelivered(game.id)] == [
        ("public", "said", {"x": 1}), ("seat:0", "secret", {})]
    assert await store.deadlines(game.id) == [Deadline(game.id, "q2", 0, 50.0, 40.0)]


async def test_a_seats_autopilot_is_written_with_its_step_or_not_at_all(store):
    game = await store.load_game(await store.create_game(new_game()))
    await store.replace_seats(game.id, [SeatRow(0, "Ana", 3, autopilot="away", missed=1),
                                        SeatRow(1, "Bo", 4)])
    game = await store.load_game(game.id)
    assert [(s.autopilot, s.missed, s.ai_plays) for s in game.seats] == [
        ("away", 1, True), (None, 0, False)]
    marked = SeatRow(1, "Bo", 4, autopilot="missed", missed=2, public_missed=1)
    await store.commit_step(game, new_version=1, state={"n": 1}, now=2.0,
                            outbox=[("seat:1", "autopilot_on", {"seat": 1})], seats=[marked])
    stale = await store.load_game(game.id)
    assert stale.seats[1] == marked and stale.seats[0].autopilot == "away"
    stale.version = 0
    with pytest.raises(RuntimeError):   # a step refused keeps none of its seats' marks
        await store.commit_step(stale, new_version=1, state={}, now=3.0, outbox=[],
                                seats=[SeatRow(1, "Bo", 4)])
    assert (await store.load_game(game.id)).seats[1] == marked
    assert await store.ai_asked() == []
    await store.commit_step(await store.load_game(game.id), new_version=2, state={}, now=4.0,
                            outbox=[], add_deadlines=[Deadline(game.id, "q", 1, 9.0, None)])
    assert await store.ai_asked() == [game.id]   # the bot answers for Bo after a restart


async def test_a_seat_changes_hands_in_its_step_its_private_questions_asked_again(store):
    game = await store.load_game(await store.create_game(new_game()))
    await store.update_game(game.id, thread_id=50)
    await store.replace_seats(game.id, [SeatRow(0, "Ana", 3), SeatRow(1, "Bo", 4)])
    await store.mark_dm_closed(game.id, 1)
    for pending_id, seat, channel, message in (("dm", 1, 60, 61), ("vote", 1, 50, 51),
                                               ("gone", 1, None, None), ("mine", 0, 70, 71)):
        await store.record_prompt(game.id, pending_id, seat, channel, message)
    await store.plan_posts(game.id, [("prompt:1:dm", [], "lead"), ("prompt:0:mine", [], None)])
    game = await store.load_game(game.id)
    newcomer = SeatRow(1, "Cy", 5)
    stale = await store.load_game(game.id)
    await store.commit_step(game, new_version=1, state={"n": 1}, now=2.0, outbox=[],
                            seats=[newcomer], people=[newcomer], departed=[(1, 4)])
    row = await store.load_game(game.id)
    assert row.seats == [SeatRow(0, "Ana", 3), newcomer] and await store.departed(
        game.id, 1) == [4]
    # the DM question goes to the newcomer anew; its old message closes as a spent question
    assert set(await store.prompted(game.id)) == {("dm~61", 1), ("vote", 1), ("mine", 0)}
    assert set(await store.posts(game.id)) == {"prompt:0:mine"}
    with pytest.raises(RuntimeError):   # a step refused changes nobody's seat
        await store.commit_step(stale, new_version=1, state={}, now=3.0, outbox=[],
                                people=[SeatRow(1, "Di", 6)], departed=[(1, 5)])
    assert (await store.load_game(game.id)).seats[1] == newcomer
    assert await store.departed(game.id, 1) == [4]


async def test_away_time_is_kept_per_server_and_person_until_it_ends(store):
    await store.set_away(1, 5, 100.0)
    await store.set_away(1, 6, 50.0)
    await store.set_away(2, 5, 70.0)
    await store.set_away(1, 5, 80.0)     # given again: the later word stands
    assert (await store.away_until(1, 5), await store.away_in(1)) == (80.0, {5, 6})
    assert await store.next_away_end() == 50.0
    assert await store.away_over(75.0) == [(1, 6), (2, 5)]
    assert await store.clear_away(1, 6) and not await store.clear_away(1, 6)
    assert await store.away_until(1, 6) is None and await store.away_in(2) == {5}


async def test_the_outbox_is_delivered_in_order_and_kept_for_history(store):
    game = await store.load_game(await store.create_game(new_game()))
    for n in range(1, 16):
        await store.commit_step(game, new_version=n, state={"n": n}, now=float(n),
                                outbox=[("seat:1", "secret", {"n": n}), ("gm", "log", {"n": n})])
    rows = await store.undelivered()
    assert [r.data["n"] for r in rows] == [n for n in range(1, 16) for _ in (0, 1)]
    await store.mark_delivered(r.id for r in rows[:10])
    assert len(await store.undelivered(game.id)) == 20
    assert [r.data["n"] for r in await store.private_history(game.id, 1)] == list(range(4, 16))
    assert [r.kind for r in await store.gm_log(game.id)] == ["log"] * 15


async def test_the_steps_a_seat_left_in_are_found_for_a_replay(store):
    """A running-game leave commits a step without a decision: its public line tells which
    version and seat, the only way a replay finds it."""
    game = await store.load_game(await store.create_game(new_game()))
    await store.commit_step(game, new_version=1, state={"n": 1}, now=1.0, outbox=[],
                            decision=(0, "q1", "a", "player"))
    await store.commit_step(game, new_version=2, state={"n": 2}, now=2.0,
                            outbox=[("public", "table_seat_left", {"seat": 1}),
                                    ("seat:1", "table_seat_left", {"seat": 1})])
    await store.commit_step(game, new_version=3, state={"n": 3}, now=3.0,
                            outbox=[("public", "news", {"seat": 0})])
    assert await store.leaves(game.id) == [(2, 1)]
    assert [d[0] for d in await store.decisions(game.id)] == [1]


async def test_deadlines_move_fire_and_remind(store):
    game = await store.load_game(await store.create_game(new_game()))
    paused = await store.create_game(new_game(status="paused"))
    await store.commit_step(game, new_version=1, state={}, now=1.0, outbox=[], add_deadlines=[
        Deadline(game.id, "a", 0, 100.0, 80.0), Deadline(game.id, "b", None, 60.0, None)])
    await store.commit_step(await store.load_game(paused), new_version=1, state={}, now=1.0,
                            outbox=[], add_deadlines=[Deadline(paused, "p", 0, 5.0, None)])
    assert await store.next_due() == 60.0
    assert [d.pending_id for d in await store.due(79.0)] == ["b"]
    assert [d.pending_id for d in await store.due(80.0)] == ["b", "a"]
    await store.commit_step(game, new_version=2, state={}, now=2.0, outbox=[],
                            shift_deadlines=10.0,
                            add_deadlines=[Deadline(game.id, "b", 1, 65.0, 62.0)])
    assert await store.deadlines(game.id) == [Deadline(game.id, "b", 1, 75.0, 72.0),
                                              Deadline(game.id, "a", 0, 110.0, 90.0)]
    await store.remind(game, Deadline(game.id, "a", 0, 110.0, 100.0),
                       [("seat:0", "table_reminder", {})], now=90.0)
    assert (await store.deadlines(game.id))[1].remind_at == 100.0     # the next one
    await store.remind(game, Deadline(game.id, "a", 0, 110.0, None), [], now=100.0)
    assert (await store.deadlines(game.id))[1].remind_at is None       # the last went
    assert [r.kind for r in await store.undelivered(game.id)] == ["table_reminder"]
    await store.drop_deadline(game.id, "b")
    assert await store.next_due() == 110.0


async def test_a_tables_clock_is_written_with_its_step(store):
    game = await store.load_game(await store.create_game(new_game(clock={"quiet": [2 ** 62]})))
    assert game.clock == {"quiet": [2 ** 62]}
    await store.commit_step(game, new_version=1, state={}, now=1.0, outbox=[],
                            columns={"clock": '{"more": {"given": 5}}'})
    assert (await store.load_game(game.id)).clock == {"more": {"given": 5}}
    assert (await store.export_game(game.id))["games"][0]["clock"] == '{"more": {"given": 5}}'


async def test_prompts_and_settings(store):
    game_id = await store.create_game(new_game())
    await store.record_prompt(game_id, "q1", 0, None, None)
    await store.record_prompt(game_id, "q1", 0, 2 ** 55, 2 ** 56)
    await store.record_prompt(game_id, "q1", 1, 3, 2 ** 56)
    assert await store.prompted(game_id) == {("q1", 0): (2 ** 55, 2 ** 56),
                                             ("q1", 1): (3, 2 ** 56)}
    assert await store.asked_in(game_id, 2 ** 56) == {0: "q1", 1: "q1"}
    assert await store.guild_lang(None) == "en" and await store.guild_lang(4) == "en"
    await store.set_guild_lang(4, "es")
    await store.set_guild_lang(4, "es")
    assert await store.guild_lang(4) == "es"


async def test_claims_last_a_lease_and_end_with_the_step(store):
    game = await store.load_game(await store.create_game(new_game()))
    await store.commit_step(game, new_version=1, state={}, now=1.0,
                            outbox=[("public", "a", {}), ("public", "b", {})],
                            add_deadlines=[Deadline(game.id, "q", 0, 10.0, 5.0)])
    assert [r.kind for r in await store.claim_game_outbox("one", 1.0, 30.0, game.id)] == [
        "a", "b"]
    assert await store.unclaimed_outbox(2.0) == {}
    [a, b] = await store.undelivered(game.id)
    await store.mark_delivered([a.id])
    assert await store.unclaimed_outbox(31.0) == {b.id: game.id}     # its lease ran out
    assert [d.pending_id for d in await store.claim_due("one", now=6.0, lease=30.0)] == ["q"]
    assert await store.claim_due("two", now=7.0, lease=30.0) == []
    await store.remind(game, Deadline(game.id, "q", 0, 10.0, None), [], now=7.0)   # the
    # reminder went: the claim ends
    assert [d.remind_at for d in await store.claim_due("two", now=10.0, lease=30.0)] == [None]


async def test_news_is_its_committers_then_whoever_delivers_the_game(store):
    game = await store.load_game(await store.create_game(new_game()))
    await store.commit_step(game, new_version=1, state={}, now=1.0,
                            outbox=[("public", "a", {})], claim=("one", 31.0),
                            add_deadlines=[Deadline(game.id, "q", 0, 10.0, None)])
    await store.commit_step(game, new_version=2, state={}, now=2.0, outbox=[("public", "b", {})])
    assert list((await store.unclaimed_outbox(2.0)).values()) == [game.id]   # "b" only
    await store.renew_claims("one", [game.id], 40.0)
    assert list((await store.unclaimed_outbox(35.0)).values()) == [game.id]  # "a" renewed
    assert [r.kind for r in await store.claim_game_outbox("two", 3.0, 30.0, game.id)] == [
        "a", "b"]                                     # under the game's delivery lock: all
    assert await store.claim_game_outbox("one", 4.0, 30.0, game.id) is None   # two is sending
    assert await store.unclaimed_outbox(32.0) == {}
    await store.renew_claims("one", [game.id], 50.0)  # no longer one's: nothing renewed
    assert len(await store.unclaimed_outbox(34.0)) == 2
    assert [r.kind for r in await store.claim_game_outbox("one", 34.0, 30.0, game.id)] == [
        "a", "b"]                                     # two's lease ran out
    assert await store.next_due() == 10.0
    await store.claim_due("one", now=10.0, lease=30.0)
    assert await store.next_due() == 40.0     # a claimed deadline comes back with its lease


async def test_reopening_keeps_everything_and_migrates_once(store_target):
    store = await open_store(store_target)
    game_id = await store.create_game(new_game())
    await store.close()
    store = await open_store(store_target)
    try:
        assert (await store.load_game(game_id)).state == {"n": 0}
        assert [r[0] for r in await store._fetch("SELECT version FROM schema_version "
                                                 "ORDER BY version")] == list(
            range(1, len(list(MIGRATIONS.glob("V*__*.sql"))) + 1))
    finally:
        await store.close()


async def test_a_game_lock_lets_one_step_in_at_a_time(store):
    game_id = await store.create_game(new_game())
    inside: list[str] = []

    async def step(who: str) -> None:
        async with store.game_lock(game_id):
            inside.append(f"{who} in")
            await asyncio.sleep(0.01)
            inside.append(f"{who} out")

    await asyncio.gather(*(step(str(n)) for n in range(4)))
    assert all(a.split()[0] == b.split()[0] for a, b in zip(inside[::2], inside[1::2]))


async def test_verify_accepts_a_usable_store_and_names_no_password(store_target):
    await verify_store(store_target)
    with pytest.raises(StoreError) as err:
        await verify_store("postgresql://table:s3cret@127.0.0.1:1/table")
    assert "s3cret" not in str(err.value) and "table:***@" in str(err.value)


async def test_a_game_moved_to_another_store_reads_the_same(store, tmp_path):
    game = await store.load_game(await store.create_game(new_game()))
    await store.replace_seats(game.id, [SeatRow(0, "Ana", 2 ** 62), SeatRow(1, "Bot", None, "x")])
    await store.commit_step(game, new_version=1, state={"n": 1}, now=2.0,
                            decision=(0, "q1", "yes", "player"), outbox=[("seat:1", "s", {})],
                            add_deadlines=[Deadline(game.id, "q2", 1, 50.0, 40.0)])
    await store.record_prompt(game.id, "q2", 1, 2 ** 50, 2 ** 51)
    await store.set_guild_lang(3, "es")
    await store.set_thread_quiet(game.id, quiet=True)
    await store.plan_posts(game.id, [("public:1", [1], "hello")])
    other = await open_store(tmp_path / "other.sqlite3")
    try:
        await other.import_rows(await store.export_settings())
        await other.import_rows(await store.export_game(game.id))
        for read in ("load_game", "decisions", "undelivered", "deadlines", "prompted", "posts",
                     "open_prompts"):
            assert await getattr(other, read)(game.id) == await getattr(store, read)(game.id)
        assert await other.guild_lang(3) == "es"
        assert await other.thread_quiet(game.id) == (False, True, False)
        with pytest.raises(StoreError):
            await other.import_rows(await store.export_game(game.id))
    finally:
        await other.close()


async def test_the_quiet_phase_told_to_a_thread_is_kept(store):
    game_id, other = await store.create_game(new_game()), await store.create_game(new_game())
    assert await store.thread_quiet(game_id) == (False, False, False)
    await store.set_thread_quiet(game_id, quiet=True)
    await store.set_thread_quiet(other, told_host=True)
    await store.set_thread_quiet(game_id, told_host=True)
    assert await store.thread_quiet(game_id) == (False, True, True)
    assert await store.thread_quiet(other) == (False, False, True)
    assert await store.quiet_threads() == [game_id]
    await store.set_thread_quiet(game_id, quiet=False)
    await store.set_thread_quiet(other, locked=True)       # an earlier version's lock
    assert await store.quiet_threads() == [other]
    await store.set_thread_quiet(other, locked=False)
    assert await store.quiet_threads() == []


async def test_questions_close_and_say_how_they_were_answered(store):
    game = await store.load_game(await store.create_game(new_game()))
    await store.record_prompt(game.id, "q1", 0, 7, 8)
    await store.record_prompt(game.id, "q1", 1, 7, 9)
    await store.commit_step(game, new_version=1, state={}, now=1.0, outbox=[],
                            decision=(0, "q1", "yes", "timeout"))
    assert await store.decision_of(game.id, "q1") == ("yes", "timeout")
    assert await store.decision_of(game.id, "q2") is None
    await store.close_prompt(game.id, "q1", 0)
    assert await store.open_prompts(game.id) == [("q1", 1, 7, 9)]
    await store.close_prompt(game.id, "q1", 1, message_id=99)   # a copy elsewhere: still open
    assert await store.open_prompts(game.id) == [("q1", 1, 7, 9)]
    await store.record_prompt(game.id, "q1", 0, 7, 10)   # asked afresh: open again
    assert sorted(await store.open_prompts(game.id)) == [("q1", 0, 7, 10), ("q1", 1, 7, 9)]


async def test_planned_posts_are_kept_once_and_follow_their_attempts(store):
    game_id = await store.create_game(new_game())
    await store.plan_posts(game_id, [("public:1", [1, 2], "hello"), ("seat:0:3", [3], None)])
    await store.plan_posts(game_id, [("public:1", [9], "again"), ("public:4", [4], "x")])
    await store.post_tried(game_id, "public:1", "sent", 2 ** 60, 2 ** 61)
    await store.post_tried(game_id, "seat:0:3")
    posts = await store.posts(game_id)
    assert list(posts) == ["public:1", "seat:0:3", "public:4"]
    assert posts["public:1"] == PostRow("public:1", 1, [1, 2], "hello", 2 ** 60, 2 ** 61, 1,
                                        "sent")
    assert (posts["seat:0:3"].attempts, posts["seat:0:3"].state) == (1, "planned")
    assert posts["public:4"].seq > posts["seat:0:3"].seq


async def test_a_planned_posts_words_change_until_it_goes_out(store):
    game_id = await store.create_game(new_game())
    await store.plan_posts(game_id, [("prompt:0:q1", [], "above"), ("public:1", [1], "hi")])
    await store.post_tried(game_id, "public:1", "sent", 2 ** 60, 2 ** 61)
    await store.replan_text(game_id, "prompt:0:q1", None)
    await store.replan_text(game_id, "public:1", "changed")
    posts = await store.posts(game_id)
    assert (posts["prompt:0:q1"].text, posts["public:1"].text) == (None, "hi")


async def test_a_question_post_keeps_the_words_it_shows_now(store):
    game_id = await store.create_game(new_game())
    await store.plan_posts(game_id, [("ask:vote:v1", [], "Day 1"), ("phase:0:day:1", [1], "x")])
    await store.post_tried(game_id, "ask:vote:v1", "sent", 2 ** 60, 2 ** 61, shown="Vote now.")
    await store.post_tried(game_id, "phase:0:day:1", "sent", 2 ** 60, 2 ** 61 + 1)
    await store.plan_edit(game_id, "more:7:ask:vote:v1", [7], "Vote now.\nAna has voted.", [])
    posts = await store.posts(game_id)
    assert (posts["ask:vote:v1"].text, posts["ask:vote:v1"].shown) == (
        "Day 1", "Vote now.\nAna has voted.")
    assert posts["phase:0:day:1"].shown is None
