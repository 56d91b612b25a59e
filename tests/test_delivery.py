"""The Discord adapter fed fake Discord objects: public text to the thread only, seat text to that
seat's DM only, and a closed DM (403 / 50007) named in the thread, with an "Answer here" button,
at the next public moment."""
from __future__ import annotations

import asyncio
import datetime
from types import SimpleNamespace

import discord
import pytest

from cogs.common import render
from cogs.common.delivery import DiscordDelivery
from hosting.clock import FakeClock
from hosting.host import Host
from hosting.store import Store

ALICE, BOB, CAROL, DAVE = 11, 12, 13, 14
BOT = SimpleNamespace(id=10)


class FakeMessage:
    # Ids hold the time they were made at, as Discord's snowflakes do.
    _ids = iter(range(discord.utils.time_snowflake(discord.utils.utcnow()), 1 << 63))

    def __init__(self, channel, content=None, **kw):
        self.id = next(self._ids)
        self.author = BOT
        self.channel = channel
        self.content = content
        self.kw = kw
        self.jump_url = f"https://discord.com/channels/99/{channel.id}/{self.id}"
        self.pinned = False
        self.embeds = [kw["embed"]] if kw.get("embed") else []
        self.components = []

    async def pin(self):
        self.pinned = True


class FakeChannel:
    def __init__(self, cid):
        self.id = cid
        self.sent: list[FakeMessage] = []
        self.edits = 0
        self.log: list[tuple[str, int, dict]] = []    # ("send" | "edit", message id, kwargs)

    async def send(self, content=None, **kw):
        self.sent.append(FakeMessage(self, content, **kw))
        self.log.append(("send", self.sent[-1].id, {"content": content, **kw}))
        return self.sent[-1]

    async def edit(self, **kw):
        self.edited = {**getattr(self, "edited", {}), **kw}

    async def fetch_message(self, mid):
        return next(m for m in self.sent if m.id == mid)

    async def history(self, limit=100, after=None):
        for message in [m for m in self.sent if after is None or m.id > after.id][:limit]:
            yield message

    def get_partial_message(self, mid):
        channel = self

        class Partial:
            id = mid

            async def edit(self, **kw):
                channel.edits += 1
                channel.log.append(("edit", mid, kw))

            async def unpin(self):
                channel.log.append(("unpin", mid, {}))
        return Partial()


class FakeUser(FakeChannel):
    def __init__(self, uid, dms_open=True):
        super().__init__(uid)
        self.dms_open = dms_open

    async def send(self, content=None, **kw):
        if not self.dms_open:
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"),
                                    {"code": 50007, "message": "Cannot send messages to this user"})
        return await super().send(content, **kw)


class FakeBot:
    def __init__(self, host, channels, users):
        self.host = host
        self._channels = channels
        self.dms_opened: list[int] = []
        self._users = users
        self.user = BOT

    def get_channel(self, cid):
        return self._channels.get(cid)

    async def create_dm(self, user):
        self.dms_opened.append(user.id)
        return self._users[user.id]

    def get_partial_messageable(self, channel_id, type=None):
        return self._users[channel_id]      # a person's DM channel has their id here


@pytest.fixture
async def world(tmp_path):
    store = await Store.open(tmp_path / "d.sqlite3")
    users = {ALICE: FakeUser(ALICE), BOB: FakeUser(BOB), CAROL: FakeUser(CAROL, dms_open=False),
             DAVE: FakeUser(DAVE)}
    channels = {1: FakeChannel(1), 2: FakeChannel(2)}
    bot = FakeBot(None, channels, users)
    delivery = DiscordDelivery(bot)
    bot.host = Host(store, FakeClock(), delivery, background=False)
    yield bot.host, delivery, channels, users
    await store.close()


def texts(channel):
    return [m.content or "" for m in channel.sent]


async def toy_table(host, seed: int, people=((BOB, "bob"), (DAVE, "dave")), ai: int = 0,
                    **messages):
    """A started toy table hosted by alice, its thread channel 2."""
    table = await host.new_game("toy", host_user=ALICE, host_name="alice", seed=seed,
                                guild_id=99, channel_id=1)
    for uid, name in people:
        await host.join(table.id, uid, name)
    for _ in range(ai):
        await host.add_ai(table.id, ALICE)
    await host.set_messages(table.id, thread_id=2, **messages)
    await host.start(table.id, ALICE)
    return table


async def test_secrets_go_only_to_their_seat_and_closed_dms_fall_back(world):
    host, delivery, channels, users = world
    table = await toy_table(host, 3, ((BOB, "bob"), (CAROL, "carol"), (DAVE, "dave")),
                            lobby_message_id=500)
    await delivery.settled()
    thread = channels[2]
    roles = {uid: [t for t in texts(users[uid]) if "You are the" in t] for uid in users}
    for uid in (ALICE, BOB, DAVE):
        assert len(roles[uid]) == 1  # each open DM got exactly its own role
    assert not any("You are the" in t for t in texts(thread))
    carol = table.seat_of(CAROL)
    assert carol.dm_closed
    ping = [m for m in thread.sent if f"<@{CAROL}>" in (m.content or "")]
    assert len(ping) == 1 and ping[0].kw["view"].children[0].custom_id == f"tbl:secrets:{table.id}"
    # The status message was posted once in the thread with the "My secrets" button.
    status = [m for m in thread.sent if "embed" in m.kw]
    assert len(status) == 1 and table.status_message_id == status[0].id
    # The wolf's night prompt went to the wolf's DM (or waits in "My secrets" for Carol).
    kill = host.pending(table)[0]
    wolf_user = table.seats[kill.seat].user_id
    prompts = [m for u in users.values() for m in u.sent if "view" in m.kw]
    if wolf_user == CAROL:
        assert prompts == []
    else:
        assert [m.channel.id for m in prompts] == [wolf_user]
        custom_ids = [c.custom_id for c in prompts[0].kw["view"].children]
        assert all(cid.startswith(f"tbl:d:{table.id}|{kill.id}|") for cid in custom_ids)


async def test_prompts_are_sent_once_even_after_a_restart(world):
    host, delivery, channels, users = world
    table = await toy_table(host, 8)
    await delivery.settled()
    await delivery.refresh(table)
    fresh = DiscordDelivery(delivery.bot)  # a new process: nothing in memory
    await fresh.refresh(table)
    prompts = [m for u in users.values() for m in u.sent if "view" in m.kw]
    assert len(prompts) == 1


async def test_a_question_sent_before_a_crash_and_answered_since_is_not_sent_again(world,
                                                                                   monkeypatch):
    """The bot stops between sending a DM question and recording it; its person answers it,
    which closes it to one line; the next process finds it all the same."""
    host, delivery, channels, users = world
    store_tried = host.store.post_tried

    async def crash(game_id, key, *args, **kwargs):
        if key.startswith("prompt:"):
            raise ConnectionError("the bot stopped")
        return await store_tried(game_id, key, *args, **kwargs)

    monkeypatch.setattr(host.store, "post_tried", crash)
    table = await toy_table(host, 8)               # its delivery fails: "will retry"
    monkeypatch.setattr(host.store, "post_tried", store_tried)
    [kill] = host.pending(table)
    wolf = users[table.seats[kill.seat].user_id]
    [asked] = wolf.sent
    asked.content = "\n".join(filter(None, (asked.content, render.translator(table)(
        "ui", "closed_line", asked=asked.embeds[0].title, outcome="You chose **bob**."))))
    asked.embeds = []                              # the click closes it to one line
    host.delivery = DiscordDelivery(delivery.bot)  # the next process: nothing in memory
    await host.decide(table.id, wolf.id, kill.id, kill.default)
    await host.delivery.settled()
    assert wolf.sent[0] is asked and not [m for m in wolf.sent[1:] if kill.id in str(m.kw)]
    assert [p.message_id for k, p in (await host.store.posts(table.id)).items()
            if k == f"prompt:{kill.seat}:{kill.id}"] == [asked.id]    # found, not sent again


class FakeResponse:
    def __init__(self):
        self.deferred = None

    def is_done(self):
        return self.deferred is not None

    async def defer(self, **kw):
        self.deferred = kw


async def test_slow_work_is_deferred_so_discord_never_fails_the_interaction(monkeypatch):
    import asyncio

    from cogs.common import actions

    monkeypatch.setattr(actions, "ACK_BUDGET", 0.01)

    def interaction(kind, age: float = 0.0):
        created = discord.utils.utcnow() - datetime.timedelta(seconds=age)
        return SimpleNamespace(type=kind, response=FakeResponse(), extras={}, created_at=created)

    click = interaction(discord.InteractionType.component)
    command = interaction(discord.InteractionType.application_command)

    async def slow():
        await asyncio.sleep(0.05)
        return "done"

    assert await actions.in_time(click, slow()) == "done"
    assert click.response.deferred == {}  # a deferred update: the prompt is edited afterwards
    assert await actions.in_time(command, slow(), ephemeral=False) == "done"
    assert command.response.deferred == {"ephemeral": False, "thinking": True}
    quick = interaction(discord.InteractionType.component)
    assert await actions.in_time(quick, asyncio.sleep(0, "fast")) == "fast"
    assert quick.response.deferred is None
    # The budget counts from when Discord made the interaction, across calls in one handler.
    monkeypatch.setattr(actions, "ACK_BUDGET", 2.0)
    late = interaction(discord.InteractionType.component, age=1.99)
    assert await actions.in_time(late, slow()) == "done"
    assert late.response.deferred == {}
    twice = interaction(discord.InteractionType.component)
    twice.extras["seen_at"] = asyncio.get_running_loop().time() - 1.99
    assert await actions.in_time(twice, slow()) == "done"
    assert twice.response.deferred == {}


async def test_public_questions_are_asked_once_in_the_thread(world):
    host, delivery, channels, users = world
    table = await toy_table(host, 3, ai=1)
    kill = host.pending(table)[0]
    if table.seats[kill.seat].is_ai:
        await host.run_ai(table.id)
    else:
        await host.decide(table.id, table.seats[kill.seat].user_id, kill.id, kill.default)
    await delivery.settled()
    votes = [p for p in host.pending(table) if p.kind == "vote"]
    ballots = [m for m in channels[2].sent if m.kw.get("view") and
               m.kw["view"].children[0].custom_id.startswith(f"tbl:b:{table.id}|")]
    assert len(ballots) == 1
    people = [table.seats[p.seat].user_id for p in votes if not table.seats[p.seat].is_ai]
    assert all(f"<@{uid}>" in ballots[0].content for uid in people)
    vote_dms = [m for u in users.values() for m in u.sent
                if m.kw.get("view") and "vote" in m.kw["view"].children[0].custom_id]
    assert vote_dms == []
    asked = await host.store.asked_in(table.id, ballots[0].id)
    assert asked == {p.seat: p.id for p in votes}


async def test_a_quiet_table_is_told_so_once_and_its_thread_never_locked(world, monkeypatch):
    host, delivery, channels, users = world
    table = await host.new_game("toy", host_user=ALICE, host_name="alice", seed=3,
                                guild_id=99, channel_id=1, join=False)
    for _ in range(4):
        await host.add_ai(table.id, None)
    await host.set_messages(table.id, thread_id=2)
    await host.start(table.id, None)
    engine = host.engine(table)
    plain = type(engine).public_view
    monkeypatch.setattr(type(engine), "public_view", lambda self, s: {**plain(self, s), "quiet": True})
    await delivery.refresh(table)
    await delivery.refresh(table)
    monkeypatch.setattr(type(engine), "public_view", plain)
    await delivery.refresh(table)
    notices = [m.content for m in channels[2].sent if "**Quiet, please.**" in (m.content or "")
               or "**Talk is open again.**" in (m.content or "")]
    assert len(notices) == 2 and "Quiet" in notices[0] and "Talk" in notices[1]
    assert "locked" not in getattr(channels[2], "edited", {})


async def test_the_status_follows_each_phase_at_once_and_other_changes_later(world):
    import asyncio

    host, delivery, channels, users = world
    table = await toy_table(host, 3)
    await delivery.settled()
    table = await host.table(table.id)
    thread = channels[2]
    assert thread.edits == 0 and table.status_message_id
    # Two changes within the night: shown, but not by an edit per change.
    alive, wolf = table.state["alive"], table.state["wolf"]
    villagers = [s for s in alive if s != wolf]
    delivery.boards.status_every = 1.0
    night = table.state
    for gone in villagers[:2]:
        table.state = {**night, "alive": [s for s in alive if s != gone]}  # the host's copy
        await delivery.boards.status(table)
    assert thread.edits == 0
    await asyncio.sleep(1.2)                    # the planned catch-up shows the latest state
    await delivery.settled()
    assert thread.edits == 1
    delivery.boards.status_every = 60
    table.state = {**table.state, "phase": "day"}
    await delivery.boards.status(table)
    assert thread.edits == 2                   # a new phase shows at once


async def test_a_burst_of_phases_is_one_status_edit(world):
    """Phases that come moments apart (a quick answer, the AI) show on the status in one
    edit, `news_every` after the last; a lone new phase still shows at once."""
    import asyncio

    host, delivery, channels, users = world
    table = await toy_table(host, 3)
    await delivery.settled()
    table = await host.table(table.id)
    thread = channels[2]
    delivery.news_every = 1.0
    night = table.state
    await asyncio.sleep(1.1)                    # the status was posted a moment ago
    table.state = {**night, "phase": "day"}
    await delivery.boards.status(table)
    assert thread.edits == 1                   # alone: at once
    table.state = {**night, "phase": "dusk"}
    await delivery.boards.status(table)
    table.state = {**night, "phase": "night", "round": night["round"] + 1}
    await delivery.boards.status(table)
    assert thread.edits == 1                   # a burst: held
    await asyncio.sleep(1.2)
    await delivery.settled()
    assert thread.edits == 2                   # then one edit shows the last of them
    assert thread.log[-1][2]["embed"].footer.text == "Round 2"


async def test_each_persons_dm_channel_is_opened_once(world):
    host, delivery, channels, users = world
    users[CAROL].dms_open = True
    table = await toy_table(host, 3, ((BOB, "bob"), (CAROL, "carol"), (DAVE, "dave")))
    await delivery.settled()
    kill = host.pending(table)[0]
    wolf = table.seats[kill.seat].user_id
    await host.decide(table.id, wolf, kill.id, kill.default)
    for vote in host.pending(table):                  # nobody is voted out: night 2 comes
        await host.decide(table.id, table.seats[vote.seat].user_id, vote.id, "skip")
    await delivery.settled()
    assert [p.kind for p in host.pending(table)] == ["kill"]
    # Role with the first prompt; night 2's header with the next prompt (dawn has nothing
    # for the wolf to read: no DM).
    assert len(users[wolf].sent) == 2
    assert sorted(delivery.bot.dms_opened) == [ALICE, BOB, CAROL, DAVE]   # each opened once
    elsewhere = DiscordDelivery(delivery.bot)         # another process on the same store
    await elsewhere._dm(BOB)
    assert sorted(delivery.bot.dms_opened) == [ALICE, BOB, CAROL, DAVE]


async def test_a_question_keeps_the_text_the_last_answer_gave_it(world):
    host, delivery, channels, users = world
    table = await toy_table(host, 3, ((BOB, "bob"), (CAROL, "carol"), (DAVE, "dave")))
    kill = host.pending(table)[0]
    await host.decide(table.id, table.seats[kill.seat].user_id, kill.id, kill.default)
    await delivery.settled()
    asked = [p for p in (await host.store.posts(table.id)).values() if p.key.startswith("ask:")]
    message = next(m for m in channels[2].sent if m.id == asked[0].message_id)
    assert await delivery.question_text(table.id, message.id, "stale") == message.content
    voted = f"{message.content}\nbob has voted."
    await host.store.plan_edit(table.id, f"more:0:{asked[0].key}", [0], voted, [])
    # A second answer in flight carries the old copy of the message, and may reach another
    # process: bob's line stays.
    elsewhere = DiscordDelivery(delivery.bot)
    assert await elsewhere.question_text(table.id, message.id, message.content) == voted


async def test_a_retry_pass_that_fails_is_not_tried_again_at_once(world, monkeypatch):
    """Posts waiting for a retry whose pass raises are tried again later and later, never in a
    loop: one pass, then none within the first second."""
    host, delivery, _, _ = world
    table = await toy_table(host, seed=1)
    await delivery.settled()                                          # its status refreshed
    passes = []

    async def failing(_table):
        passes.append(_table.id)
        raise RuntimeError("a failing pass")

    monkeypatch.setattr(delivery, "_send_planned", failing)
    loop = asyncio.get_running_loop()
    delivery._not_before[table.id]["some post"] = loop.time()         # due now
    delivery._retry_later(table.id, 0.0)
    await asyncio.sleep(0.5)
    assert passes == [table.id]
    delivery._retries[table.id].cancel()
