"""A finished game's replay: played again from the stored setup and decisions, it takes the same
decisions and ends in the very state the store holds, for every game; its pages tell every
secret move; a game still running, or one whose steps no longer lead to its end, is refused."""
from __future__ import annotations

import dataclasses
import hashlib
import json

import pytest

import games
from cogs.common import render
from cogs.common.replay import page_message, pages
from cogs.common.story import told
from hosting.clock import FakeClock
from hosting.host import Host
from hosting.replay import NotReplayable, load, replay
from hosting.simulate import SimulationArgs, play_on, simulate
from hosting.store import Store
from tests.test_host import Recorder, four_people

PLAYERS = {"bethlem": 5, "cultists": 5, "room25": 5, "mysterium": 5, "looper": 4}


def digest(state: dict) -> str:
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()[:16]


async def finished(tmp_path, game: str, seed: int = 3):
    db = tmp_path / f"{game}.sqlite3"
    ran = await simulate(SimulationArgs(game, players=PLAYERS[game], seed=seed, db=str(db)))
    assert ran["finished"]
    store = await Store.open(db)
    [game_id] = await store.game_ids(statuses=("finished",))
    return store, await store.load_game(game_id), ran


@pytest.mark.parametrize("game", sorted(PLAYERS))
async def test_a_replay_takes_the_stored_decisions_to_the_stored_end(tmp_path, game):
    store, table, ran = await finished(tmp_path, game)
    try:
        told_again = await load(store, table)
        steps = [s for r in told_again.rounds for s in r.steps if s.source not in ("setup", "left")]
        stored = await store.decisions(table.id)
        assert [(s.seat, s.choice, s.source) for s in steps] == [
            (seat, choice, source) for _, seat, _, choice, source in stored]
        final = told_again.rounds[-1].state
        assert digest(final) == ran["state_digest"]
        outcome = games.engine(game).outcome(final)
        assert (list(outcome.winners), outcome.reason) == (ran["winners"], ran["reason"])
        assert [r.number for r in told_again.rounds] == sorted({r.number
                                                               for r in told_again.rounds})
    finally:
        await store.close()


@pytest.mark.parametrize("game", sorted(PLAYERS))
async def test_the_pages_tell_every_secret_move_and_show_each_round(tmp_path, game):
    store, table, _ = await finished(tmp_path, game)
    try:
        told_again = await load(store, table)
        t = render.translator(table)
        text = "\n".join(p.text for p in pages(t, told_again))
        for row in await store.gm_log(table.id):     # alone, or as an item of its run's fold
            line = (t("story_items", row.kind, **row.data) if t.has("story_folds", row.kind)
                    else told(t, row.audience, row.kind, row.data))
            assert line is None or line in text, line
        every = pages(t, told_again)
        assert {p.round for p in every} == set(range(len(told_again.rounds)))
        assert all(len(p.text) <= 4096 for p in every)
        last = page_message(told_again, len(every) + 5)     # clamped to the last page
        assert last["embed"].title.endswith(f"{len(every)} of {len(every)}")
        previous, following = (b.item for b in last["view"].children)
        assert (previous.disabled, following.disabled) == (False, True)
        assert previous.custom_id == f"tbl:replay:{table.id}:{len(every) - 2}:previous"
        drawn = games.engine(game).picture(games.engine(game).public_view(table.state),
                                           render.plain_translator(table))
        assert [f.description for f in last["files"]] == (
            [render.alt_text(table, games.engine(game).public_view(table.state))] if drawn else [])
    finally:
        await store.close()


async def test_a_game_whose_steps_lead_elsewhere_is_not_replayed(tmp_path):
    store, table, _ = await finished(tmp_path, "room25")
    try:
        with pytest.raises(NotReplayable) as refused:     # another deal: its questions differ
            await load(store, dataclasses.replace(table, seed=table.seed + 1))
        assert refused.value.code == "replay_differs"
        changed = {**table.state, "round": table.state["round"] + 1}
        decisions, leaves = await store.decisions(table.id), await store.leaves(table.id)
        with pytest.raises(NotReplayable):                  # the same steps, another end
            replay(games.engine("room25"), dataclasses.replace(table, state=changed),
                   decisions, leaves)
    finally:
        await store.close()


async def test_a_running_or_cancelled_game_is_not_replayed(tmp_path):
    store = await Store.open(tmp_path / "t.sqlite3")
    try:
        host = Host(store, FakeClock(), Recorder(), background=False)
        table = await host.new_game("room25", host_user=None, host_name="x", seed=2, join=False)
        for _ in range(4):
            await host.add_ai(table.id, by_user=None)
        await host.start(table.id, by_user=None)
        with pytest.raises(NotReplayable) as refused:
            await load(store, table)
        assert refused.value.code == "replay_not_finished"
        await host.cancel(table.id, by_user=None)
        with pytest.raises(NotReplayable) as refused:
            await load(store, await store.load_game(table.id))
        assert refused.value.code == "replay_cancelled"
    finally:
        await store.close()


async def test_a_seat_left_mid_game_is_replayed_at_its_step(tmp_path):
    """Mysterium hands a psychic who left on to the others: a step without a decision, which
    the replay finds by its public line and plays again at the same version."""
    store = await Store.open(tmp_path / "t.sqlite3")
    try:
        host = Host(store, FakeClock(), Recorder(), background=False)
        table = await host.new_game("mysterium", host_user=11, host_name="ana", seed=4,
                                    mode="easy", options={"ghost": "bot"})
        for uid, name in ((12, "bruno"), (13, "carla")):
            await host.join(table.id, uid, name)
        await host.start(table.id, 11)
        await host.run_ai(table.id)
        await host.leave(table.id, 12)
        await play_on(host, host.clock, table.id)
        assert table.status == "finished"
        assert [seat for _, seat in await store.leaves(table.id)] == [1]
        told_again = await load(store, await store.load_game(table.id))
        left = [s for r in told_again.rounds for s in r.steps if s.source == "left"]
        assert [(s.seat, s.events[0].kind) for s in left] == [(1, "table_seat_left")]
        assert told_again.rounds[-1].steps[-1].events[-1].kind == "table_finished"
    finally:
        await store.close()


async def test_a_seat_left_where_the_bot_plays_it_on_changes_nothing_the_replay_plays(tmp_path):
    """In a game whose rules cannot lose a player the seat left goes on autopilot: its public
    line is there, the state is untouched, and the replay still ends where the game did."""
    store = await Store.open(tmp_path / "t.sqlite3")
    try:
        host = Host(store, FakeClock(), Recorder(), background=False)
        table = await four_people(host)
        await host.start(table.id, table.host_user)
        await host.leave(table.id, table.seats[1].user_id)
        for _ in range(200):
            if table.status != "running":
                break
            if not await host.run_ai(table.id):
                host.clock.set(await host.next_due())
                await host.fire_due()
        assert table.status == "finished" and await store.leaves(table.id)
        told_again = await load(store, await store.load_game(table.id))
        assert [s.seat for r in told_again.rounds for s in r.steps if s.source == "left"] == [1]
    finally:
        await store.close()
