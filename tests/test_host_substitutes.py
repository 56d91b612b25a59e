"""Substitutes: a seat left to the bot is offered, taken by someone not at the table (one step,
exactly once), or handed over by the host's `replace`; the newcomer is told all the seat knows."""
from __future__ import annotations

from hosting import autopilot
from hosting.clock import FakeClock
from hosting.host import Host
from hosting.substitutes import seat_free
from hosting.store import Store
from tests.test_host import ALICE, BOB, CAROL, DAVE, Recorder, four_people, refusal
from tests.toy import ToyGame

ERIN, FRANK = 15, 16


async def started(tmp_path):
    store = await Store.open(tmp_path / "t.sqlite3")
    out = Recorder()
    host = Host(store, FakeClock(), out, background=False)
    table = await four_people(host)
    await host.start(table.id, ALICE)
    return host, table, out


def wolf_of(table):
    return table.state["wolf"]


async def test_a_leave_puts_the_seat_on_autopilot_and_offers_it(tmp_path):
    host, table, out = await started(tmp_path)
    try:
        await host.leave(table.id, BOB)
        seat = table.seats[1]
        assert (seat.user_id, seat.autopilot) == (None, "left")
        assert out.kinds("public")[-2:] == ["table_seat_left", "table_seat_offered"]
        assert await host.store.departed(table.id, 1) == [BOB]
        assert seat_free(table, 1) and not seat_free(table, 0)
        await host.run_ai(table.id)     # the bot answers what the seat is asked
        assert not [p for p in host.pending(table) if p.seat == 1]
        assert await refusal(host.leave(table.id, BOB)) == "not_in_game"
    finally:
        await host.store.close()


async def test_taking_a_seat_is_one_step_with_its_history(tmp_path):
    host, table, out = await started(tmp_path)
    try:
        await host.leave(table.id, BOB)
        before = table.version
        await host.take_seat(table.id, 1, ERIN, "erin")
        assert table.version == before + 1
        seat = table.seats[1]
        assert (seat.user_id, seat.name, seat.autopilot) == (ERIN, "erin", None)
        assert out.kinds("public")[-1] == "table_seat_taken"
        assert out.kinds("seat:1")[-1] == "table_seat_yours"
        # the seat's private lines so far are there for the newcomer's DM
        yours = next(r for r in out.rows if r.kind == "table_seat_yours")
        told = await host.store.private_history(table.id, 1, limit=None, before=yours.id)
        assert [r.kind for r in told][:1] == ["role"] and yours.data == {"seat": 1, "number": 2}
        # a stale Take (the seat is hers now) and a second one are refused
        assert await refusal(host.take_seat(table.id, 1, FRANK, "frank")) == "seat_not_free"
        assert await refusal(host.take_seat(table.id, 1, ERIN, "erin")) == "already_joined"
        # it was stored: a restart reads the same seat
        again = await host.store.load_game(table.id)
        assert (again.seats[1].user_id, again.seats[1].name, again.seats[1].autopilot) == (
            ERIN, "erin", None)
    finally:
        await host.store.close()


async def test_a_seat_taken_while_discord_is_down_is_told_once_after_a_restart(tmp_path):
    host, table, out = await started(tmp_path)
    await host.leave(table.id, BOB)
    out.fail = True                       # the take is stored; its news cannot go out
    await host.take_seat(table.id, 1, ERIN, "erin")
    await host.store.close()
    store = await Store.open(tmp_path / "t.sqlite3")
    again = Recorder()
    try:
        host = Host(store, FakeClock(), again, background=False)
        await host.recover()
        assert again.kinds("public").count("table_seat_taken") == 1
        assert again.kinds("seat:1").count("table_seat_yours") == 1
        await host.recover()                   # a second restart sends nothing again
        assert again.kinds().count("table_seat_yours") == 1
        row = (await host.table(table.id)).seats[1]
        assert (row.user_id, row.autopilot) == (ERIN, None)
        assert await refusal(host.take_seat(table.id, 1, FRANK, "frank")) == "seat_not_free"
    finally:
        await store.close()


async def test_who_may_take_a_seat(tmp_path):
    host, table, _ = await started(tmp_path)
    try:
        await host.leave(table.id, BOB)
        await host.leave(table.id, CAROL)
        assert await refusal(host.take_seat(table.id, 1, DAVE, "dave")) == "already_joined"
        # who left one seat has seen its secrets: not another seat, but their own back
        assert await refusal(host.take_seat(table.id, 2, BOB, "bob")) == "left_other_seat"
        await host.take_seat(table.id, 1, BOB, "bob")
        assert table.seats[1].user_id == BOB and table.seats[1].autopilot is None
        assert await refusal(host.take_seat(table.id, 0, ERIN, "erin")) == "seat_not_free"
        await host.store.add_spectator(table.id, FRANK, 0.0)
        assert await refusal(host.take_seat(table.id, 2, FRANK, "frank")) == "watched_game"
    finally:
        await host.store.close()


async def test_the_host_replaces_a_player_and_offers_a_seat(tmp_path):
    host, table, out = await started(tmp_path)
    try:
        assert await refusal(host.replace_player(table.id, BOB, CAROL, ERIN, "erin")) == "not_host"
        assert await refusal(host.offer_seat(table.id, ALICE, CAROL)) == "seat_played"
        assert await refusal(host.replace_player(table.id, ALICE, ERIN, FRANK, "f")) == \
            "not_seated"
        await host.replace_player(table.id, ALICE, CAROL, ERIN, "erin")
        assert table.seats[2].user_id == ERIN
        assert await host.store.departed(table.id, 2) == [CAROL]
        assert out.kinds("seat:2")[-1] == "table_seat_yours"
        # one who left and whose seat nobody took yet can be replaced by name too
        await host.leave(table.id, DAVE)
        assert await host.offer_seat(table.id, ALICE, DAVE) == 3
        assert out.kinds("public")[-1] == "table_seat_offered"
        await host.replace_player(table.id, ALICE, DAVE, FRANK, "frank")
        assert (table.seats[3].user_id, table.seats[3].autopilot) == (FRANK, None)
    finally:
        await host.store.close()


async def test_the_newcomer_answers_for_the_seat_and_the_former_person_cannot(tmp_path):
    host, table, _ = await started(tmp_path)
    try:
        wolf = wolf_of(table)
        wolf_user = table.seats[wolf].user_id
        await host.replace_player(table.id, ALICE, wolf_user, ERIN, "erin")
        kill = next(p for p in host.pending(table) if p.seat == wolf)
        assert await refusal(host.decide(table.id, wolf_user, kill.id,
                                         kill.options[0].id)) == "not_in_game"
        await host.decide(table.id, ERIN, kill.id, kill.options[0].id)
        assert await host.store.decision_of(table.id, kill.id) == (kill.options[0].id, "player")
    finally:
        await host.store.close()


async def play_without(host, table, out, absent: int, answers=lambda p: True, until=None,
                       think: float = 30.0):
    """Everyone but `absent` answers (those `answers` lets through), `think` seconds after
    they were asked, the bot plays what it plays, the clock the rest; stops at the end or
    once `until()` holds. The clock's moment each public line was first seen, by kind."""
    seen: dict[str, float] = {}
    asked: dict[str, float] = {}
    for _ in range(1000):
        for kind in out.kinds("public"):
            seen.setdefault(kind, host.clock.now())
        if table.status != "running" or (until is not None and until()):
            return seen
        if await host.run_ai(table.id):
            continue
        mine = [p for p in host.pending(table) if p.seat != absent and answers(p)
                and not autopilot.answers(table.seats[p.seat], p, table)]
        for p in mine:
            asked.setdefault(p.id, host.clock.now())
        ready = [p for p in mine if host.clock.now() >= asked[p.id] + think]
        if ready:
            p = ready[0]
            await host.decide(table.id, table.seats[p.seat].user_id, p.id, p.options[-1].id
                              if p.kind == "kill" else p.default)
            continue
        due = await host.next_due()
        later = [asked[p.id] + think for p in mine]
        host.clock.set(min([*later, *([due] if due is not None else [])]))
        await host.fire_due()
    raise AssertionError("the game did not end")


async def eight_people(host, **kw):
    table = await four_people(host, **kw)
    for uid in range(20, 24):
        await host.join(table.id, uid, f"p{uid}")
    return table


async def test_a_seat_the_table_sees_the_bot_play_is_offered_after_the_tables_time(tmp_path):
    store = await Store.open(tmp_path / "t.sqlite3")
    out = Recorder()
    host = Host(store, FakeClock(), out, background=False)
    try:
        table = await eight_people(host, options={"autopilot": 1, "offer_after": 1,
                                                  "round_cap": 9})
        await host.start(table.id, ALICE)
        absent = next(s for s in range(8) if s != wolf_of(table))     # the wolf kills the last
        seen = await play_without(host, table, out, absent,
                                  until=lambda: "table_seat_offered" in out.kinds("public"))
        assert seen["table_seat_offered"] - seen["table_autopilot_on"] >= 60
        assert table.seats[absent].autopilot == "missed" and seat_free(table, absent)
        offer = next(r for r in out.rows if r.kind == "table_seat_offered")
        assert offer.data == {"seat": absent, "number": absent + 1}
        # taken: the timer is gone with the offer, and no second offer comes
        await host.take_seat(table.id, absent, ERIN, "erin")
        assert not [d for d in await host.store.deadlines(table.id)
                    if d.pending_id.startswith("~offer:")]
        await play_without(host, table, out, absent=-1)
        assert out.kinds("public").count("table_seat_offered") == 1
    finally:
        await store.close()


async def test_a_seat_that_missed_secret_questions_only_is_never_offered(tmp_path):
    store = await Store.open(tmp_path / "t.sqlite3")
    out = Recorder()
    host = Host(store, FakeClock(), out, background=False)
    try:
        table = await eight_people(host, options={"autopilot": 1, "offer_after": 1,
                                                  "round_cap": 9})
        await host.start(table.id, ALICE)
        wolf = wolf_of(table)
        misses = []
        # the wolf votes in public but lets every kill's deadline pass
        await play_without(host, table, out, -1,
                           answers=lambda p: p.seat != wolf or p.public,
                           until=lambda: misses.append(table.seats[wolf].missed) and False)
        assert max(misses) >= 1                       # the bot did play the wolf's kills
        assert "table_seat_offered" not in out.kinds("public")
        assert "table_autopilot_on" not in out.kinds("public")
    finally:
        await store.close()


async def test_a_seat_out_for_good_is_never_offered(tmp_path, monkeypatch):
    monkeypatch.setattr(ToyGame, "eliminated", lambda self, state: frozenset(
        s for s in range(state["players"]) if s not in state["alive"]))
    host, table, out = await started(tmp_path)
    try:
        kill = next(p for p in host.pending(table) if p.kind == "kill")
        victim = int(kill.options[-1].id)
        await host.decide(table.id, table.seats[kill.seat].user_id, kill.id, str(victim))
        await host.leave(table.id, table.seats[victim].user_id)     # the dead walk away
        assert "table_seat_offered" not in out.kinds("public")
        assert table.seats[victim].autopilot == "left" and not seat_free(table, victim)
        assert await refusal(host.take_seat(table.id, victim, ERIN, "erin")) == "seat_not_free"
    finally:
        await host.store.close()
