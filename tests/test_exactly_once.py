"""What keeps a message from going out twice across a crash, piece by piece: the store writes a
vote's edit, the question's words and the news's delivery in one transaction, and a message's
sent mark with the questions it asks; the loopback's nonce memory lasts Discord's few minutes
only; a vote's edit Discord refuses goes out by the bot; news meant to ride on a question
set aside is not dropped. (Whole crashes: `test_loopback_crash.py`.)"""
from __future__ import annotations

from functools import partial
from types import SimpleNamespace

import discord

from hosting.store import GameRow
from hosting.stores import open_store
from tests.loopback import Loopback
from tests.loopback.model import TEXT, Channel
from tests.loopback.table import dm_prompts, idle, make_bot
from tests.loopback.world import NONCE_WINDOW, World
from tests.test_delivery import BOB, CAROL, DAVE, toy_table, world

__all__ = ["world"]


def new_game() -> GameRow:
    return GameRow(id=0, game="toy", status="running", mode="normal", options={}, pace={},
                   seed=7, state={"n": 0}, created_at=1.5, updated_at=1.5)


async def news(store, game_id: int) -> list[int]:
    """A step's undelivered news, a public line and one for the GM log: their ids."""
    game = await store.load_game(game_id)
    await store.commit_step(game, new_version=game.version + 1, state={"n": 1}, now=2.0,
                            outbox=[("public", "voted", {"seat": 0}), ("gm", "vote", {})])
    return [r.id for r in await store.undelivered(game_id)]


async def test_a_votes_edit_its_words_and_its_delivery_are_one_write(store_target):
    store = await open_store(store_target)
    try:
        game_id = await store.create_game(new_game())
        await store.plan_posts(game_id, [("ask:vote:v1", [], None)])
        await store.post_tried(game_id, "ask:vote:v1", "sent", 5, 50, shown="Vote now.")
        voted, gm = await news(store, game_id)
        await store.plan_edit(game_id, f"more:{voted}:ask:vote:v1", [voted],
                              "Vote now.\nAna has voted.", [voted, gm])
        posts = await store.posts(game_id)
        edit = posts[f"more:{voted}:ask:vote:v1"]
        assert (edit.state, edit.rows, edit.text) == ("planned", [voted],
                                                      "Vote now.\nAna has voted.")
        assert posts["ask:vote:v1"].shown == "Vote now.\nAna has voted."
        assert await store.undelivered(game_id) == []
        # The same edit planned again (a retry) changes nothing.
        await store.plan_edit(game_id, f"more:{voted}:ask:vote:v1", [voted], "other", [])
        assert (await store.posts(game_id))[f"more:{voted}:ask:vote:v1"].text == (
            "Vote now.\nAna has voted.")
    finally:
        await store.close()


async def test_a_question_is_recorded_with_the_message_that_asks_it(store_target):
    store = await open_store(store_target)
    try:
        game_id = await store.create_game(new_game())
        await store.plan_posts(game_id, [("ask:vote:v1", [], None), ("seat:0:1", [], "x")])
        await store.post_tried(game_id, "ask:vote:v1", "sent", 5, 50,
                               asked=[("v1", 0), ("v2", 1)])
        await store.post_tried(game_id, "seat:0:1", "sent", 6, 60)
        assert await store.asked_in(game_id, 50) == {0: "v1", 1: "v2"}
        assert await store.prompted(game_id) == {("v1", 0): (5, 50), ("v2", 1): (5, 50)}
        assert (await store.posts(game_id))["ask:vote:v1"].state == "sent"
    finally:
        await store.close()


def test_the_fake_merges_a_repeated_nonce_only_within_its_window():
    world = World()
    channel = Channel(1, TEXT, name="games")
    body = {"content": "hello", "nonce": "n1", "enforce_nonce": True}
    first = world.post(channel, world.bot, body)
    assert world.repeated(world.bot, body) is first             # Discord returns the first
    assert world.repeated(world.bot, {**body, "enforce_nonce": False}) is None
    world.age_messages(NONCE_WINDOW)                             # "a few minutes" later
    assert world.repeated(world.bot, body) is None
    world.nonce_window = 0                                       # the crash tests' setting
    assert world.repeated(world.bot, {**body, "nonce": "n2"}) is None
    assert world.merged == [first]


async def test_the_seats_a_line_named_are_recorded_with_it(store_target):
    store = await open_store(store_target)
    try:
        game_id = await store.create_game(new_game())
        await store.plan_posts(game_id, [("moment:night:1", [], None)])
        await store.post_tried(game_id, "moment:night:1", "sent", 5, 50,
                               marks=["unreachable:2", "unreachable:3"])
        posts = await store.posts(game_id)
        assert [(k, p.state) for k, p in posts.items()] == [
            ("moment:night:1", "sent"), ("unreachable:2", "sent"), ("unreachable:3", "sent")]
    finally:
        await store.close()


async def test_closed_dms_named_just_before_a_crash_are_not_named_again(world, monkeypatch):
    """The line naming the seats whose DMs are closed went out and was recorded; the process
    died right after that write. The seats it named are recorded with it: the restarted one
    does not name them again at the next moment."""
    host, delivery, channels, users = world
    plain = host.store.post_tried
    crashed = []

    async def crash_once(game_id, key, state="planned", *args, **kwargs):
        await plain(game_id, key, state, *args, **kwargs)
        if state == "sent" and key.startswith("moment:") and not crashed:
            crashed.append(key)
            raise discord.HTTPException(SimpleNamespace(status=500, reason="crash"), "crash")

    monkeypatch.setattr(host.store, "post_tried", crash_once)
    table = await toy_table(host, 3, ((BOB, "bob"), (CAROL, "carol"), (DAVE, "dave")))
    assert crashed
    fresh = type(delivery)(delivery.bot)          # a restarted process: nothing in memory
    delivery.bot.host.delivery = fresh
    await host.flush(table.id)
    await fresh.refresh(await host.table(table.id))
    kill = host.pending(await host.table(table.id))[0]
    await host.decide(table.id, table.seats[kill.seat].user_id, kill.id, kill.options[0].id)
    await fresh.settled()
    named = [m for m in channels[2].sent
             if "cannot send you direct messages" in (m.content or "")]
    assert len(named) == 1, [m.content for m in named]
    assert (await host.store.posts(table.id))["unreachable:2"].state == "sent"


async def test_a_vote_whose_edit_discord_refused_shows_its_news_once(tmp_path):
    """The answer's own edit of the question is refused: the planned edit goes out by the
    bot instead, and the voter is still told their vote counted."""
    async with Loopback() as lb:
        guild = lb.guild("Test server")
        people = [guild.user(name) for name in ("alice", "bob", "carol", "dave")]
        games = guild.text_channel("games")
        async with lb.run_bot(partial(make_bot, settle_delay=0.01), tmp_path / "db.sqlite3",
                              idle=idle):
            await people[0].slash(games, "toy new", pace="live")
            lobby = games.last_message()
            for person in people[1:]:
                await person.click(lobby, "Join")
            await people[0].click(lobby, "Start")
            [(wolf, kill)] = [(p, m) for p in people for m in dm_prompts(p)]
            await wolf.click(kill, kill.labels()[-1])
            [ballot] = [m for m in lobby.thread.messages() if "Nobody" in m.labels()]
            voter = next(p for p in people if p.mention in ballot.content)
            lb.faults.server_error("POST /interactions/*", status=400)
            reply = await voter.click(ballot, "Nobody")
        assert [f.status for f in lb.faults.injected] == [400]
        assert reply.ephemeral and "Nobody" in reply.content
        line = f"{voter.name} has voted."
        assert [m.id for m in lobby.thread.messages() if line in m.content] == [ballot.id]
        assert ballot.content.count(line) == 1


async def test_news_after_a_question_set_aside_is_not_lost(world):
    """Discord refused the day's vote in the thread until it was set aside: the news that
    comes next goes out in a post of its own, not onto that question's planned post (which
    stays as it was: the news would be marked delivered and never shown)."""
    host, delivery, channels, users = world
    delivery.retry_base = 0.001
    thread = channels[2]
    plain_send = type(thread).send

    async def refuse_ballots(self, content=None, **kw):
        view = kw.get("view")
        if self is thread and view is not None and view.children[0].custom_id.startswith(
                "tbl:b:"):
            raise discord.HTTPException(SimpleNamespace(status=500, reason="no"), "no")
        return await plain_send(self, content, **kw)

    table = await toy_table(host, 3, ((BOB, "bob"), (CAROL, "carol"), (DAVE, "dave")))
    await delivery.settled()
    type(thread).send = refuse_ballots
    try:
        [kill] = host.pending(table)
        await host.decide(table.id, table.seats[kill.seat].user_id, kill.id, kill.options[0].id)
        await delivery.settled()
        [ask] = [p for k, p in (await host.store.posts(table.id)).items() if k.startswith("ask:")]
        assert ask.state == "set_aside"
        vote = host.pending(await host.table(table.id))[-1]    # the question stays asked
        await host.decide(table.id, table.seats[vote.seat].user_id, vote.id, "skip")
        await delivery.settled()
    finally:
        type(thread).send = plain_send
    line = f"{table.seats[vote.seat].name} has voted."
    assert [m.content.count(line) for m in thread.sent if line in (m.content or "")] == [1]
