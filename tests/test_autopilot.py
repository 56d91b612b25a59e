"""Autopilot on the fake clock with the toy game: a person who lets deadlines pass has their
seat played by the bot until they act again; what the table sees depends on public misses
only; every switch is one step, told to the seat once, and survives a restart."""
from __future__ import annotations

import pytest

from games.base import IllegalMove
from hosting.clock import FakeClock
from hosting.host import Host
from hosting.store import Store
from tests.test_host import Recorder

PEOPLE = [(11, "alice"), (12, "bob"), (13, "carol"), (14, "dave"), (15, "erin"), (16, "finn")]


@pytest.fixture
async def env(tmp_path):
    store = await Store.open(tmp_path / "t.sqlite3")
    clock, out = FakeClock(), Recorder()
    yield Host(store, clock, out, background=False), clock, out, tmp_path
    await store.close()


async def six_people(host, **kw) -> object:
    (first, name), *rest = PEOPLE
    table = await host.new_game("toy", host_user=first, host_name=name, seed=5, **kw)
    for uid, name in rest:
        await host.join(table.id, uid, name)
    await host.start(table.id, first)
    return table


async def let_pass(host, clock, table, pending) -> None:
    """Time runs until that question's deadline has passed (and nothing else's)."""
    [due] = [d.due_at for d in await host.store.deadlines(table.id)
             if d.pending_id == pending.id]
    clock.set(due + 1)
    assert await host.fire_due() == 1


async def votes_but(host, table, *quiet: int) -> None:
    """Every seat still asked to vote skips, but the `quiet` ones."""
    for p in host.pending(table):
        if p.kind == "vote" and p.seat not in quiet:
            await host.decide(table.id, table.seats[p.seat].user_id, p.id, "skip")


def asked(host, table, seat: int):
    return next(p for p in host.pending(table) if p.seat == seat)


def told(out, seat: int) -> list[str]:
    return [k for k in out.kinds(f"seat:{seat}") if k.startswith("autopilot")]


def public(out) -> list[str]:
    return [k for k in out.kinds("public") if "autopilot" in k]


async def wolf_gone_a_night_and_a_day(host, clock) -> tuple[object, int]:
    """The wolf lets the night's kill and the day's vote pass: two misses, one of them
    secret."""
    table = await six_people(host)
    wolf = table.state["wolf"]
    await let_pass(host, clock, table, asked(host, table, wolf))
    assert table.seats[wolf].missed == 1 and table.seats[wolf].autopilot is None
    await votes_but(host, table, wolf)
    await let_pass(host, clock, table, asked(host, table, wolf))
    return table, wolf


async def test_two_misses_put_the_seat_on_autopilot_and_the_table_sees_only_public_ones(env):
    host, clock, out, _ = env
    table, wolf = await wolf_gone_a_night_and_a_day(host, clock)
    seat = table.seats[wolf]
    assert (seat.autopilot, seat.missed, seat.public_missed) == ("missed", 2, 1)
    assert told(out, wolf) == ["autopilot_on"]
    assert public(out) == []          # one public miss: the table saw nothing more
    kill = asked(host, table, wolf)
    assert kill.kind == "kill" and await host.run_ai(table.id) == 1     # secret: the bot's
    _, seat_no, pending_id, _, source = (await host.store.decisions(table.id))[-1]
    assert (seat_no, pending_id, source) == (wolf, kill.id, "ai")
    vote = asked(host, table, wolf)
    assert vote.public and await host.run_ai(table.id) == 0   # public: still the person's
    await votes_but(host, table, wolf)
    await let_pass(host, clock, table, vote)
    assert table.seats[wolf].public_missed == 2
    assert public(out) == ["table_autopilot_on"]   # at the public deadline the table watched
    assert told(out, wolf) == ["autopilot_on"]     # told once
    assert await host.run_ai(table.id, limit=1) == 1        # the next night's kill
    assert asked(host, table, wolf).public and await host.run_ai(table.id) == 1   # its vote
    stored = (await host.store.load_game(table.id)).seats[wolf]
    assert stored == table.seats[wolf]             # written with the steps that changed it


async def test_an_answer_of_the_person_takes_the_seat_back(env):
    host, clock, out, _ = env
    table, wolf = await wolf_gone_a_night_and_a_day(host, clock)
    kill = asked(host, table, wolf)
    await host.decide(table.id, table.seats[wolf].user_id, kill.id, kill.options[-1].id)
    seat = table.seats[wolf]
    assert (seat.autopilot, seat.missed) == (None, 0)
    assert seat.public_missed == 1     # a secret answer leaves what the table counts alone
    assert told(out, wolf) == ["autopilot_on", "autopilot_off"]
    assert public(out) == []
    assert (await host.store.load_game(table.id)).seats[wolf] == seat
    assert await host.run_ai(table.id) == 0


async def test_im_back_takes_the_seat_back_once(env):
    host, clock, out, _ = env
    table, wolf = await wolf_gone_a_night_and_a_day(host, clock)
    person = table.seats[wolf].user_id
    assert await host.come_back(table.id, person) is True
    assert await host.come_back(table.id, person) is False
    assert told(out, wolf) == ["autopilot_on", "autopilot_off"]
    assert table.seats[wolf].autopilot is None
    assert await host.run_ai(table.id) == 0            # the kill waits for its person
    with pytest.raises(IllegalMove) as err:
        await host.come_back(table.id, 99)
    assert err.value.code == "not_in_game"


async def test_a_restart_keeps_the_autopilot_and_the_bot_answers_after_it(env):
    host, clock, out, tmp_path = env
    table, wolf = await wolf_gone_a_night_and_a_day(host, clock)
    await host.store.close()
    store = await Store.open(tmp_path / "t.sqlite3")
    again = Host(store, clock, Recorder(), background=False)
    try:
        assert table.id in await store.ai_asked()
        await again.recover()
        row = await again.table(table.id)
        assert (row.seats[wolf].autopilot, row.seats[wolf].missed) == ("missed", 2)
        assert await again.run_ai(table.id) == 1
        assert again.delivery.kinds(f"seat:{wolf}").count("autopilot_on") == 0   # not again
    finally:
        await store.close()


async def test_misses_all_public_show_at_once_and_the_return_is_public_too(env):
    host, clock, out, _ = env
    table = await six_people(host)
    wolf = table.state["wolf"]
    quiet = max(s for s in range(6) if s != wolf)
    for _ in range(2):
        kill = asked(host, table, wolf)
        await host.decide(table.id, table.seats[wolf].user_id, kill.id,
                          str(min(s for s in table.state["alive"] if s not in (wolf, quiet))))
        await votes_but(host, table, quiet)
        await let_pass(host, clock, table, asked(host, table, quiet))
    assert table.seats[quiet].autopilot == "missed"
    assert public(out) == ["table_autopilot_on"] and told(out, quiet) == ["autopilot_on"]
    kill = asked(host, table, wolf)
    await host.decide(table.id, table.seats[wolf].user_id, kill.id,
                      str(min(s for s in table.state["alive"] if s not in (wolf, quiet))))
    assert await host.run_ai(table.id) == 1        # the bot votes for them at once
    await host.come_back(table.id, table.seats[quiet].user_id)
    assert public(out) == ["table_autopilot_on", "table_autopilot_off"]
    assert table.seats[quiet].public_missed == 0


@pytest.mark.parametrize("over, misses", [({}, 1), ({"autopilot": 3}, 3)])
async def test_an_async_table_switches_after_one_miss_unless_it_says(env, over, misses):
    host, clock, out, _ = env
    table = await six_people(host, pace_preset="async", options=over)
    wolf = table.state["wolf"]
    await let_pass(host, clock, table, asked(host, table, wolf))
    assert (table.seats[wolf].autopilot is not None) == (misses == 1)


async def test_a_table_may_never_switch(env):
    host, clock, out, _ = env
    table = await six_people(host, options={"autopilot": 0})
    wolf = table.state["wolf"]
    for _ in range(2):
        await let_pass(host, clock, table, asked(host, table, wolf))
        await votes_but(host, table, wolf)
        await let_pass(host, clock, table, asked(host, table, wolf))
    assert table.seats[wolf].missed == 4 and table.seats[wolf].autopilot is None
    assert told(out, wolf) == []
