"""The table's clock on the fake clock: reminders that escalate and can be turned down, table
hours that stop the deadlines and let them run on, the host's extension, and a person's
request for more time with the table's vote."""
from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cogs.common import render
from hosting import pace
from hosting.clock import FakeClock
from games.base import Option, Pending
from hosting.host import Host, _reminder
from hosting.hours import Hours, minutes
from hosting.more_time import VOTE
from hosting.replay import load
from hosting.simulate import SimulationArgs, simulate
from hosting.store import Store
from tests.test_host import (ALICE, BOB, CAROL, DAVE, Recorder, env, four_people,  # noqa: F401
                             refusal, user_of)

MADRID = ZoneInfo("Europe/Madrid")


def at(text: str) -> float:
    """A moment given as Madrid's wall clock: "2026-03-02 22:50"."""
    return datetime.strptime(text, "%Y-%m-%d %H:%M").replace(tzinfo=MADRID).timestamp()


def reminders(out, seat):
    return [r for r in out.rows if r.audience == f"seat:{seat}"
            and r.kind.startswith("table_reminder")]


# ---- reminders ----------------------------------------------------------------------------------
async def test_a_live_question_is_reminded_once_near_its_end_naming_the_default(env):
    host, clock, out = env
    table = await four_people(host)
    await host.start(table.id, ALICE)
    kill = host.pending(table)[0]
    seconds = table.pace["night_step"]
    assert await host.next_due() == pytest.approx(clock.now() + seconds * 0.75)
    clock.advance(seconds * 0.8)
    await host.fire_due()
    [last] = reminders(out, kill.seat)
    assert last.kind == "table_reminder_last"          # the only one is the last one
    option = kill.option(kill.default)
    assert last.data["choice"] == {**option.params, "key": option.key}
    assert [r for r in out.rows if r.kind.startswith("table_reminder")] == [last]   # DM only
    assert (await host.store.deadlines(table.id))[0].remind_at is None


async def test_an_async_question_is_reminded_at_half_time_then_near_the_end(env):
    host, clock, out = env
    table = await four_people(host, pace_preset="async")
    await host.start(table.id, ALICE)
    kill = host.pending(table)[0]
    seconds, start = table.pace["night_step"], clock.now()
    clock.set(start + seconds * 0.5)
    await host.fire_due()
    assert [r.kind for r in reminders(out, kill.seat)] == ["table_reminder"]
    assert await host.next_due() == pytest.approx(start + seconds * 0.75)
    clock.set(start + seconds * 0.75)
    await host.fire_due()
    assert [r.kind for r in reminders(out, kill.seat)] == ["table_reminder",
                                                           "table_reminder_last"]
    clock.set(start + seconds * 0.9)
    await host.fire_due()                         # nothing more before the deadline itself
    assert len(reminders(out, kill.seat)) == 2
    assert pace.Clock({}).reminders(100.0, 30) == []     # under a minute: none


async def test_a_person_may_turn_reminders_down_and_on_again(env):
    host, clock, out = env
    table = await four_people(host, pace_preset="async")
    await host.start(table.id, ALICE)
    kill = host.pending(table)[0]
    wolf = user_of(table, kill.seat)
    assert await refusal(host.set_reminders(table.id, 999, False)) == "not_in_game"
    assert await host.set_reminders(table.id, wolf, False) is True
    assert await host.set_reminders(table.id, wolf, False) is False    # already off
    seconds, start = table.pace["night_step"], clock.now()
    clock.set(start + seconds * 0.5)
    await host.fire_due()
    assert reminders(out, kill.seat) == []
    assert (await host.store.load_game(table.id)).clock["quiet"] == [wolf]   # stored
    await host.set_reminders(table.id, wolf, True)
    clock.set(start + seconds * 0.75)
    await host.fire_due()
    assert [r.kind for r in reminders(out, kill.seat)] == ["table_reminder_last"]


async def test_a_public_question_reminds_only_those_still_to_answer(env):
    host, clock, out = env
    table = await four_people(host)
    await host.start(table.id, ALICE)
    votes = await day_vote(host, table, clock)
    first = votes[0]
    await host.decide(table.id, user_of(table, first.seat), first.id, first.default)
    clock.advance(table.pace["vote"] * 0.8)
    await host.fire_due()
    reminded = {int(r.audience.split(":")[1]) for r in out.rows
                if r.kind.startswith("table_reminder")}
    assert reminded == {v.seat for v in votes[1:]}


# ---- hours --------------------------------------------------------------------------------------
def test_hours_read_and_refused():
    assert minutes("09-23") == (540, 1380) and minutes("8:30-22:15") == (510, 1335)
    assert minutes("20-02") == (1200, 120) and minutes("00-24") == (0, 1440)
    for bad in ("9", "09-09", "25-02", "09:60-10", "nine-ten", "09-24:30"):
        assert minutes(bad) is None, bad


def test_open_time_skips_the_night_and_counts_back_across_it():
    hours = Hours.of("09-23", "Europe/Madrid")
    assert hours.add(at("2026-03-02 22:50"), 30 * 60) == at("2026-03-03 09:20")
    assert hours.add(at("2026-03-03 03:00"), 60) == at("2026-03-03 09:01")
    assert hours.back(at("2026-03-03 09:20"), 30 * 60) == at("2026-03-02 22:50")
    assert hours.between(at("2026-03-02 22:00"), at("2026-03-03 10:00")) == 2 * 3600
    assert hours.between(at("2026-03-03 10:00"), at("2026-03-03 09:30")) == 0
    assert not hours.is_open(at("2026-03-03 08:59")) and hours.is_open(at("2026-03-03 09:00"))
    # a day when Madrid's clocks go forward keeps its hours in local time
    assert hours.add(at("2026-03-28 23:00"), 3600) == at("2026-03-29 10:00")
    overnight = Hours.of("20-02")
    assert overnight.add(datetime(2026, 3, 2, 1, 30, tzinfo=ZoneInfo("UTC")).timestamp(),
                         3600) == datetime(2026, 3, 2, 20, 30, tzinfo=ZoneInfo("UTC")).timestamp()


@settings(max_examples=200, deadline=None)
@given(start=st.integers(0, 23), length=st.integers(1, 23),
       tz=st.sampled_from(["UTC", "Europe/Madrid", "America/New_York", "Australia/Lord_Howe"]),
       moment=st.floats(1.7e9, 1.8e9), seconds=st.floats(1, 30 * 24 * 3600))
def test_open_time_added_is_open_time_between_and_counts_back(start, length, tz, moment,
                                                             seconds):
    hours = Hours.of(f"{start}-{(start + length) % 24}", tz)
    due = hours.add(moment, seconds)
    assert hours.between(moment, due) == pytest.approx(seconds, abs=1e-3)
    assert hours.back(due, seconds) == pytest.approx(hours.opens(moment), abs=1e-3)


async def test_hours_are_checked_before_the_table_opens(env):
    host, _, _ = env
    assert await refusal(host.new_game("toy", host_user=ALICE, host_name="a",
                                       options={"hours": "9 to 5"})) == "bad_option"
    assert await refusal(host.new_game("toy", host_user=ALICE, host_name="a",
                                       options={"hours": "09-17", "tz": "Mars/Olympus"})
                         ) == "bad_option"
    table = await host.new_game("toy", host_user=ALICE, host_name="a",
                                options={"hours": "09-17", "tz": "Europe/Madrid"})
    assert pace.game_options(table.options) == {}       # the engine never sees them


async def test_outside_the_hours_deadlines_stand_still_and_run_on_when_they_open(env):
    host, clock, out = env
    clock.set(at("2026-03-02 22:59") + 30)
    table = await four_people(host, options={"hours": "09-23", "tz": "Europe/Madrid"})
    await host.start(table.id, ALICE)
    kill = host.pending(table)[0]
    assert table.pace["night_step"] == 60            # 30 s before 23:00, 30 after 09:00
    [d] = await host.store.deadlines(table.id)
    assert d.due_at == at("2026-03-03 09:00") + 30
    assert d.remind_at == at("2026-03-03 09:00") + 15     # a quarter before: held too
    clock.set(at("2026-03-03 08:59"))
    assert await host.fire_due() == 0 and reminders(out, kill.seat) == []   # the night: nothing
    clock.set(d.due_at)
    assert await host.fire_due() == 1                                     # runs on at nine


async def test_a_pause_with_hours_gives_back_the_open_time_left(env):
    host, clock, _ = env
    clock.set(at("2026-03-02 22:59") + 30)
    table = await four_people(host, options={"hours": "09-23", "tz": "Europe/Madrid"})
    await host.start(table.id, ALICE)
    await host.pause(table.id, ALICE)                # 30 s of open time left before 23:00
    clock.set(at("2026-03-03 12:00"))
    await host.resume(table.id, ALICE)
    [d] = await host.store.deadlines(table.id)
    assert d.due_at == at("2026-03-03 12:00") + table.pace["night_step"]


# ---- more time ----------------------------------------------------------------------------------
async def day_vote(host, table, clock):
    """Through the night to the day's public vote."""
    kill = host.pending(table)[0]
    await host.decide(table.id, user_of(table, kill.seat), kill.id, kill.default)
    assert all(p.public for p in host.pending(table))
    return host.pending(table)


async def test_the_host_extends_every_open_deadline_in_public(env):
    host, clock, out = env
    table = await four_people(host)
    await host.start(table.id, ALICE)
    votes = await day_vote(host, table, clock)
    before = {d.pending_id: d.due_at for d in await host.store.deadlines(table.id)}
    assert await refusal(host.extend(table.id, BOB, 5)) == "not_host"
    assert await refusal(host.extend(table.id, ALICE, 0)) == "bad_minutes"
    await host.extend(table.id, ALICE, 5)
    after = {d.pending_id: d.due_at for d in await host.store.deadlines(table.id)}
    assert after == {k: v + 300 for k, v in before.items()} and len(after) == len(votes)
    assert out.rows[-1].kind == "table_extended" and out.rows[-1].audience == "public"
    assert out.rows[-1].data == {"minutes": 5}
    stored = await host.store.load_game(table.id)
    assert stored.clock["more"]["given"] == 5


async def test_more_time_is_asked_on_public_questions_only(env):
    host, clock, out = env
    table = await four_people(host)
    await host.start(table.id, ALICE)
    kill = host.pending(table)[0]
    assert not kill.public
    anyone = user_of(table, (kill.seat + 1) % 4)
    assert await refusal(host.ask_time(table.id, anyone)) == "no_public_question"
    assert await refusal(host.ask_time(table.id, 999)) == "not_in_game"


async def test_a_request_granted_by_the_tables_majority(env):
    host, clock, out = env
    table = await four_people(host)
    await host.start(table.id, ALICE)
    await day_vote(host, table, clock)
    before = {d.pending_id: d.due_at for d in await host.store.deadlines(table.id)}
    assert await host.ask_time(table.id, BOB) is False            # the table votes
    asked = out.rows[-1]
    assert (asked.kind, asked.data["seat"]) == ("table_time_asked", 1)
    assert await refusal(host.ask_time(table.id, CAROL)) == "time_vote_open"
    assert await refusal(host.vote_time(table.id, BOB, True)) == "time_voted_already"
    assert await host.vote_time(table.id, CAROL, True) is None    # 2 of 4: not yet
    assert await host.vote_time(table.id, DAVE, True) is True     # 3 of 4: granted
    minutes = asked.data["minutes"]
    assert minutes == -(-table.pace["vote"] // 120)               # half the vote's time
    assert out.rows[-1].kind == "table_time_granted"
    after = {d.pending_id: d.due_at for d in await host.store.deadlines(table.id)}
    assert after == {k: v + minutes * 60 for k, v in before.items()}      # the vote's row gone
    assert await refusal(host.ask_time(table.id, BOB)) == "time_asked_already"   # once a phase


async def test_a_vote_closes_at_its_window_and_the_hosts_yes_grants(env):
    host, clock, out = env
    table = await four_people(host)
    await host.start(table.id, ALICE)
    await day_vote(host, table, clock)
    await host.ask_time(table.id, BOB)
    await host.vote_time(table.id, CAROL, False)                  # 1 yes, 1 no
    vote = next(d for d in await host.store.deadlines(table.id) if d.pending_id == VOTE)
    clock.set(vote.due_at)
    await host.fire_due()
    assert out.rows[-1].kind == "table_time_refused"              # not more yes than no
    assert VOTE not in {d.pending_id for d in await host.store.deadlines(table.id)}
    await host.ask_time(table.id, DAVE)
    assert await host.vote_time(table.id, ALICE, True) is True    # the host grants at once
    assert out.rows[-1].kind == "table_time_granted"


async def test_a_vote_whose_phase_ended_lapses(env):
    host, clock, out = env
    table = await four_people(host)
    await host.start(table.id, ALICE)
    votes = await day_vote(host, table, clock)
    await host.ask_time(table.id, BOB)
    for vote in votes:                                            # everyone answers
        await host.decide(table.id, user_of(table, vote.seat), vote.id, vote.default)
    assert await refusal(host.vote_time(table.id, CAROL, True)) == "no_time_vote"
    vote = next(d for d in await host.store.deadlines(table.id) if d.pending_id == VOTE)
    clock.set(vote.due_at)
    await host.fire_due()
    assert out.rows[-1].kind == "table_time_lapsed"


async def test_the_simulator_keeps_a_tables_hours_on_its_fake_clock(tmp_path):
    """Nobody answers: every deadline's default falls within the hours, and the game ends."""
    db = tmp_path / "g.sqlite3"
    result = await simulate(SimulationArgs("toy", players=5, seed=2, absent=5, mode="slow",
                                           db=str(db), option=["hours=09-17; tz=Europe/Madrid"]))
    assert result["finished"]
    store = await Store.open(db)
    try:
        found = await store._fetch("SELECT at FROM decisions WHERE source = 'timeout'")
        [game_id] = await store.game_ids(statuses=("finished",))
        again = await load(store, await store.load_game(game_id))   # its replay, set up with
        assert again.rounds                                          # the game's options only
    finally:
        await store.close()
    hours = Hours.of("09-17", "Europe/Madrid")
    assert found and all(hours.between(at - 1, at) == 1 for (at,) in found)   # the clock ran


async def test_a_vote_and_a_reminder_survive_a_restart_and_happen_once(tmp_path):
    path = tmp_path / "r.sqlite3"
    store, clock = await Store.open(path), FakeClock()
    host = Host(store, clock, Recorder(), background=False)
    table = await four_people(host, pace_preset="async")
    await host.start(table.id, ALICE)
    kill = host.pending(table)[0]
    await host.decide(table.id, user_of(table, kill.seat), kill.id, kill.default)
    await host.ask_time(table.id, BOB)
    await store.close()

    store, out = await Store.open(path), Recorder()
    host = Host(store, clock, out, background=False)
    await host.recover()
    [vote] = [d for d in await store.deadlines(table.id) if d.pending_id == VOTE]
    clock.set(vote.due_at)
    for _ in range(2):
        await host.fire_due()
    assert out.kinds("public").count("table_time_granted") == 1      # Bob's yes alone
    reminded = [d for d in await store.deadlines(table.id) if d.remind_at]
    assert len(reminded) == 3                                        # the living voters
    clock.set(max(d.remind_at for d in reminded))
    for _ in range(2):
        await host.fire_due()
    assert len([r for r in out.rows if r.kind.startswith("table_reminder")]) == len(reminded)
    await store.close()


async def test_the_status_names_the_tables_hours_and_the_time_given(env):
    host, clock, _ = env
    clock.set(at("2026-03-02 12:00"))
    table = await four_people(host, options={"hours": "09-23", "tz": "Europe/Madrid"})
    await host.start(table.id, ALICE)
    await day_vote(host, table, clock)
    await host.extend(table.id, ALICE, 7)
    shown = [f.value for f in render.status_embed(table, host.pending(table), None).fields]
    assert "Table hours 09\\-23 (Europe/Madrid): the clock stands still outside them." in shown
    assert "More time given in this phase: 7 min." in shown


def test_a_last_reminder_names_the_default_only_when_an_option_is_it():
    named = Pending("q", 0, "vote", (Option("a", "seat", {"seat": 1}),), "a", "vote")
    assert _reminder(named, 99.5, last=True) == (
        "table_reminder_last", {"due": 99, "choice": {"seat": 1, "key": "seat"}})
    picked = Pending("q", 0, "pick", (Option("a", "seat", {"seat": 1}),), "a+b", "pick")
    assert _reminder(picked, 99.5, last=True) == ("table_reminder", {"due": 99})
    assert _reminder(named, 99.5, last=False) == ("table_reminder", {"due": 99})
