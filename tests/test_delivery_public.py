"""What the whole table learns from the bot's own behaviour: the status message, and when it
changes, depend on public facts only (issue 9 item 1)."""
from __future__ import annotations

from cogs.common import render
from cogs.common.delivery import DiscordDelivery
from hosting.clock import FakeClock
from hosting.host import Host
from hosting.store import Store
from tests.test_delivery import (ALICE, BOB, CAROL, DAVE, FakeBot, FakeChannel, FakeUser,
                                 toy_table, world)

__all__ = ["world"]     # the fixture, shared with test_delivery

ERIN = 15
WOLF_AT_SEAT_3 = 1      # the toy game's seed whose wolf sits at seat 3 of 4


class Table:
    """A toy table in "slow" mode (each night also waits for a clock-only step) run by a
    background host, as the bot runs it: AI seats answer before anything is delivered."""

    def __init__(self, host, delivery, clock, thread, users):
        self.host, self.delivery, self.clock = host, delivery, clock
        self.thread, self.users = thread, users

    @classmethod
    async def open(cls, path, fourth_is_ai: bool):
        store = await Store.open(path)
        users = {uid: FakeUser(uid) for uid in (ALICE, BOB, DAVE, ERIN)}
        channels = {1: FakeChannel(1), 2: FakeChannel(2)}
        bot = FakeBot(None, channels, users)
        delivery = DiscordDelivery(bot, refresh_delay=0)
        clock = FakeClock()
        bot.host = host = Host(store, clock, delivery, settle_delay=0)
        table = await host.new_game("toy", mode="slow", host_user=ALICE, host_name="alice",
                                    seed=WOLF_AT_SEAT_3, guild_id=99, channel_id=1)
        await host.join(table.id, BOB, "bob")
        await host.join(table.id, DAVE, "dave")
        if fourth_is_ai:
            await host.add_ai(table.id, ALICE)
        else:
            await host.join(table.id, ERIN, "AI 1")      # a person with the AI's name
        await host.set_messages(table.id, thread_id=2)
        await host.start(table.id, ALICE)
        self = cls(host, delivery, clock, channels[2], users)
        self.id = table.id
        await self.settle()
        return self

    async def settle(self):
        await self.host.idle()
        await self.delivery.settled()

    async def table(self):
        return await self.host.table(self.id)

    async def status_seen(self) -> list[tuple[str, dict]]:
        """Every post and edit of the status message so far: what it showed, in order."""
        status_id = (await self.table()).status_message_id
        return [(what, kw["embed"].to_dict()) for what, mid, kw in self.thread.log
                if mid == status_id and "embed" in kw]

    async def close(self):
        await self.host.store.close()


async def test_status_and_its_edits_ignore_who_is_asked_in_secret(tmp_path):
    """The same public night, once with the wolf an AI (it answers before the table hears of
    the night) and once a person (their question stays open a while): the status shows the
    same texts, edited at the same moments."""
    runs = []
    for fourth_is_ai in (True, False):
        game = await Table.open(tmp_path / f"{fourth_is_ai}.sqlite3", fourth_is_ai)
        seen = [await game.status_seen()]
        if fourth_is_ai:
            victim = (await game.host.store.decisions(game.id))[0][3]
        else:
            [kill] = [p for p in game.host.pending(await game.table()) if p.kind == "kill"]
            await game.host.decide(game.id, ERIN, kill.id, victim)
            await game.settle()
        seen.append(await game.status_seen())
        game.clock.advance(3600)                   # the clock-only step ends: dawn
        assert await game.host.fire_due() == 1
        await game.settle()
        seen.append(await game.status_seen())
        assert (await game.table()).state["phase"] == "day"
        runs.append(seen)
        await game.close()
    ai_run, person_run = runs
    assert person_run == ai_run
    assert [len(seen) for seen in ai_run] == [1, 1, 2]   # opened at night, edited at dawn
    texts = [str(shown) for shown in ai_run[-1]]
    assert not any("secret decisions" in text for text in texts)


async def test_dms_closed_mid_game_are_never_named_and_tried_again_when_their_person_acts(world):
    """Only the wolf is written to at night (a reminder). Their DMs closed meanwhile: the
    failure shows nothing, then or at dawn (who is written to after the start is a secret);
    when the wolf next acts in the game their DMs are tried again, and the next DM due
    reaches them."""
    host, delivery, channels, users = world
    thread = channels[2]
    table = await toy_table(host, 3, ((BOB, "bob"), (CAROL, "carol"), (DAVE, "dave")))
    await delivery.settled()
    t = render.translator(table)
    [start_line] = [kw for what, _, kw in thread.log if f"<@{CAROL}>" in (kw["content"] or "")]
    assert start_line["content"] == t.plural("ui", "dm_closed", 1, mention=f"<@{CAROL}>")
    [kill] = host.pending(table)
    wolf = table.seats[kill.seat]
    assert wolf.user_id != CAROL
    users[wolf.user_id].dms_open = False
    [deadline] = await host.store.deadlines(table.id)
    before = list(thread.log)
    host.clock.set(deadline.remind_at)
    await host.fire_due()                           # the reminder: to the wolf alone
    await delivery.settled()
    assert thread.log == before                     # no line, no ping, no edit
    assert table.seats[kill.seat].dm_closed         # but the seat is marked
    secrets = await host.store.prompted(table.id)
    assert (kill.id, kill.seat) in secrets          # its question waits in "My secrets"
    host.clock.set(deadline.due_at)
    await host.fire_due()                           # the default decides; dawn comes
    await delivery.settled()
    new = [kw for what, _, kw in thread.log[len(before):] if what == "send"]
    assert "did not survive the night" in new[0]["content"]   # the dawn news
    assert not [kw for kw in new if kw.get("view") is not None
                and kw["view"].children[0].custom_id.startswith("tbl:secrets:")]
    named = t.plural("ui", "dm_closed", 1, mention=f"<@{wolf.user_id}>")
    assert not [kw for kw in new if named in (kw["content"] or "")]
    table = await host.table(table.id)
    users[wolf.user_id].dms_open = True
    assert await delivery.reached(table, kill.seat)        # the wolf clicks "My secrets"
    assert not (await host.store.load_game(table.id)).seats[kill.seat].dm_closed
    assert not await delivery.reached(table, kill.seat)    # told once
    sent = len(users[wolf.user_id].sent)
    for vote in host.pending(table):               # nobody is voted out: night 2 asks the wolf
        await host.decide(table.id, table.seats[vote.seat].user_id, vote.id, "skip")
    await delivery.settled()
    assert [m.kw["view"] is not None for m in users[wolf.user_id].sent[sent:]] == [True]


async def test_every_person_is_written_to_at_the_start_even_with_nothing_secret_yet(world):
    """Room 25 Suspicion deals nothing secret at the start and asks its first question in
    the thread: each person still gets one DM then (where the game is played), so that the
    seats it cannot reach are named at the start, from a public fact (everyone is written to)."""
    host, delivery, channels, users = world
    table = await host.new_game("room25", mode="suspicion", host_user=ALICE, host_name="alice",
                                seed=2, guild_id=99, channel_id=1)
    for uid, name in ((BOB, "bob"), (CAROL, "carol"), (DAVE, "dave")):
        await host.join(table.id, uid, name)
    await host.set_messages(table.id, thread_id=2)
    await host.start(table.id, ALICE)
    await delivery.settled()
    table = await host.table(table.id)
    t = render.translator(table)
    for uid in (ALICE, BOB, DAVE):
        [dm] = [m.content for m in users[uid].sent]
        name = t.seat_name(table.seat_of(uid).seat)
        assert dm.splitlines()[1].startswith(f"You play **{name}** at Room 25 #{table.id}.")
    named = [kw["content"] for _, _, kw in channels[2].log if "<@" in (kw.get("content") or "")
             and kw.get("view") is not None and kw["view"].children[0].custom_id.startswith(
                 "tbl:secrets:")]
    assert named == [t.plural("ui", "dm_closed", 1, mention=f"<@{CAROL}>")]
