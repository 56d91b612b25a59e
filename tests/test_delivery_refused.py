"""Delivery per message: a post Discord refuses is retried with backoff a few times, then set
aside with a note to the table's host and a line in the GM log, while the game and every other
post go on; nothing that went out is sent twice (issue 9 item 8, issue 16 item 2)."""
from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

import discord

from tests.loopback import Loopback
from tests.loopback.table import dm_prompts, finished, idle, make_bot, play
from tests.test_delivery import toy_table, world

__all__ = ["world"]
LOST = "I lost the"


def quick_retries(db):
    bot = make_bot(db, settle_delay=0.01)
    bot.config.retry_base = 0.05
    return bot


async def test_a_thread_that_refuses_posts_mid_game_holds_up_nothing(tmp_path):
    async with Loopback() as lb:
        guild = lb.guild("Test server")
        people = [guild.user(n) for n in ("alice", "bob", "carol", "dave")]
        alice = people[0]
        games = guild.text_channel("games")
        async with lb.run_bot(quick_retries, tmp_path / "db.sqlite3", idle=idle):
            await alice.slash(games, "toy new", pace="live")
            lobby = games.last_message()
            for person in people[1:]:
                await person.click(lobby, "Join")
            await alice.click(lobby, "Start")
            thread = lobby.thread
            [(wolf, kill)] = [(p, m) for p in people for m in dm_prompts(p)]
            await wolf.click(kill, kill.labels()[-1])
            [ballot] = [m for m in thread.messages() if "Nobody" in m.labels()]
            lb.deny(games, "send_messages_in_threads")
            for person in [p for p in people if p.mention in ballot.content]:
                await person.click(ballot, "Nobody")
            # Night 2's news cannot reach the thread: the wolf is asked all the same, the news
            # waits, and the host is told which permission is missing.
            await lb.wait_for(lambda: any(LOST in m.text for m in alice.dms()), timeout=10)
            assert any(m.buttons for m in wolf.dms())
            assert "Night 2 falls." not in "\n".join(m.text for m in thread.messages())
            lb.allow(games, "send_messages_in_threads")
            await play(people, thread)
        assert finished(thread)
        refused = [c for c in lb.calls if c.status == 403]
        assert len(refused) <= 2          # the bot knows it lacks the permission: it does not ask
        lines = Counter(line for m in thread.messages() for line in m.content.splitlines())
        assert max(n for line, n in lines.items() if "has voted" not in line) == 1
        for person in people:
            texts = Counter(m.text for m in person.dms())
            assert max(texts.values()) == 1, person
        notes = [m for m in alice.dms() if "could not be posted" in m.text or LOST in m.text]
        assert len(notes) == 1 and "Send Messages in Threads" in notes[0].text
        said = "\n".join(m.text for m in thread.messages())
        assert said.count("Night 2 falls.") == 1    # it waited for the permission, then went out
        assert "was set aside" not in said


async def test_a_crash_between_a_post_and_its_record_sends_it_once(world, monkeypatch):
    """The post is planned in the store before it is sent, with a nonce from its key: when the
    record of a sent message is lost, the retry sends the same nonce and Discord returns the
    first message instead of a second one."""
    host, delivery, channels, users = world
    thread = channels[2]
    by_nonce: dict[str, object] = {}
    plain_send = type(thread).send

    async def send_once(self, content=None, nonce=None, **kw):
        if nonce in by_nonce:                       # Discord's enforce_nonce
            return by_nonce[nonce]
        by_nonce[nonce] = message = await plain_send(self, content, nonce=nonce, **kw)
        return message

    monkeypatch.setattr(type(thread), "send", send_once)
    store = host.store
    plain_tried = store.post_tried
    lost = SimpleNamespace(done=False)

    async def crash_once(game_id, key, state="planned", *args, **kwargs):
        if state == "sent" and key.startswith("phase:") and not lost.done:
            lost.done = True
            raise discord.HTTPException(SimpleNamespace(status=500, reason="crash"), "crash")
        return await plain_tried(game_id, key, state, *args, **kwargs)

    monkeypatch.setattr(store, "post_tried", crash_once)
    table = await toy_table(host, 3, ai=1)
    await delivery.settled()
    assert lost.done
    fresh = type(delivery)(delivery.bot)          # a restarted process: nothing in memory
    delivery.bot.host.delivery = fresh
    await host.flush(table.id)
    await fresh.refresh(table)
    public = [m.content for m in thread.sent if m.content and "The game begins" in m.content]
    assert len(public) == 1
