"""The game thread as a person reads it: one post per phase that grows with its news (an edit
planned like a post, made exactly when a post would have gone out), a picture only when the
table changed, the status pinned and linked from each phase post, and one ending: a game-over
post, a DM to each person, the lobby a line."""
from __future__ import annotations

import io
from types import SimpleNamespace

import discord
import pytest

from tests.test_delivery import ALICE, BOB, CAROL, DAVE, toy_table, world
from tests.toy import ToyGame

__all__ = ["world"]
PEOPLE = ((BOB, "bob"), (CAROL, "carol"), (DAVE, "dave"))
LOBBY = 555
STATUS_LINK = "https://discord.com/channels/99/2/"


def shown(channel) -> dict[int, str]:
    """Each message's content now: as sent, then as last edited."""
    out = {m.id: m.content or "" for m in channel.sent}
    for what, mid, kw in channel.log:
        if what == "edit" and kw.get("content") is not None and mid in out:
            out[mid] = kw["content"]
    return out


def pictures(channel, status_id) -> list[tuple[int, bytes]]:
    """(message, picture) in the order the thread shows them, the status message left out;
    an edit that replaces a message's picture replaces it in place."""
    seen: dict[int, bytes] = {}
    for what, mid, kw in channel.log:
        files = kw.get("files") if what == "send" else kw.get("attachments")
        if mid == status_id or files is None:
            continue
        if files:
            files[0].fp.seek(0)
            seen[mid] = files[0].fp.read()
        else:
            seen.pop(mid, None)
    return sorted(seen.items())


async def night(host, table):
    """The wolf kills the first seat it may: day comes, with its vote in the thread."""
    [kill] = host.pending(table)
    await host.decide(table.id, table.seats[kill.seat].user_id, kill.id, kill.options[0].id)


async def vote(host, table, seat: int, choice: str = "skip"):
    [ballot] = [p for p in host.pending(table) if p.seat == seat]
    await host.decide(table.id, table.seats[seat].user_id, ballot.id, choice)


@pytest.fixture
async def table(world):
    host, delivery, channels, users = world
    users[CAROL].dms_open = True
    table = await toy_table(host, 3, PEOPLE, lobby_message_id=LOBBY)
    await delivery.settled()
    return await host.table(table.id)


async def test_a_phase_post_grows_with_its_news_instead_of_new_posts(world, table):
    host, delivery, channels, users = world
    thread = channels[2]
    status_id = (await host.table(table.id)).status_message_id
    assert thread.sent[0].id == status_id and thread.sent[0].pinned      # first, pinned
    await night(host, table)
    await delivery.settled()
    voters = [p.seat for p in host.pending(table)]
    sent = len(thread.sent)
    await vote(host, table, voters[0])
    assert len(thread.sent) == sent + 1             # after the question: a new phase post
    post = thread.sent[-1]
    edits = thread.edits
    await vote(host, table, voters[1])
    assert len(thread.sent) == sent + 1 and thread.edits == edits + 1    # the same post, edited
    text = shown(thread)[post.id]
    names = [table.seats[s].name for s in voters[:2]]
    assert [text.count(f"{n} has voted.") for n in names] == [1, 1]
    assert text.splitlines()[0].startswith("**Day** · round 1 · ")
    assert f"{STATUS_LINK}{status_id})" in text.splitlines()[0]
    assert post.kw["allowed_mentions"].users is False        # news pings nobody


async def test_a_restart_between_an_edit_and_its_record_neither_loses_nor_doubles(world, table,
                                                                                  monkeypatch):
    host, delivery, channels, users = world
    thread = channels[2]
    await night(host, table)
    await delivery.settled()
    voters = [p.seat for p in host.pending(table)]
    await vote(host, table, voters[0])
    plain = host.store.post_tried
    crashed = SimpleNamespace(done=False)

    async def crash_once(game_id, key, state="planned", *args, **kwargs):
        if state == "sent" and key.startswith("more:") and not crashed.done:
            crashed.done = True        # the edit went out; the process died before its record
            raise discord.HTTPException(SimpleNamespace(status=500, reason="crash"), "crash")
        return await plain(game_id, key, state, *args, **kwargs)

    monkeypatch.setattr(host.store, "post_tried", crash_once)
    await vote(host, table, voters[1])
    assert crashed.done
    sent = len(thread.sent)
    fresh = type(delivery)(delivery.bot)          # a restarted process: nothing in memory
    delivery.bot.host.delivery = fresh
    await host.flush(table.id)
    await fresh.refresh(await host.table(table.id))
    assert len(thread.sent) == sent
    text = shown(thread)[thread.sent[-1].id]
    for seat in voters[:2]:
        assert text.count(f"{table.seats[seat].name} has voted.") == 1
    posts = await host.store.posts(table.id)
    assert all(p.state == "sent" for p in posts.values())


async def test_a_picture_goes_out_only_when_the_table_changed(world, monkeypatch):
    host, delivery, channels, users = world
    users[CAROL].dms_open = True
    monkeypatch.setattr(ToyGame, "picture",
                        lambda self, view, t: f"alive {view['alive']}".encode())
    table = await toy_table(host, 3, PEOPLE)
    await delivery.settled()
    status_id = (await host.table(table.id)).status_message_id
    await night(host, table)
    for seat in [p.seat for p in host.pending(table)]:
        await vote(host, table, seat)                       # nobody is voted out: night 2
    await delivery.settled()
    fresh = type(delivery)(delivery.bot)                    # after a restart, no repeat
    delivery.bot.host.delivery = fresh
    await night(host, table)
    await fresh.settled()
    shown_pictures = [png for _, png in pictures(channels[2], status_id)]
    assert len(shown_pictures) == 3 == len(set(shown_pictures))   # at the start, each death
    assert shown_pictures[0] == b"alive [0, 1, 2, 3]"
    posts = [m for m in channels[2].sent if m.id != status_id]
    assert len(posts) > len(shown_pictures)                 # many posts, three pictures


async def test_the_end_is_one_post_a_dm_to_each_person_and_a_line_in_the_lobby(world, table):
    host, delivery, channels, users = world
    thread = channels[2]
    await night(host, table)
    wolf = table.state["wolf"]
    for seat in [p.seat for p in host.pending(table)]:
        await vote(host, table, seat, str(wolf) if seat != wolf else "skip")
    await delivery.settled()
    table = await host.table(table.id)
    assert table.status == "finished"
    over = [text for text in shown(thread).values() if "The game is over." in text]
    assert len(over) == 1
    winners = ", ".join(table.seats[s].name for s in table.result["winners"])
    assert f"Winners: {winners}." in over[0]
    for uid in (ALICE, BOB, CAROL, DAVE):
        farewell = users[uid].sent[-1].content
        assert "is over" in farewell and "https://discord.com/channels/99/2" in farewell
    [lobby] = [kw for what, mid, kw in channels[1].log if what == "edit" and mid == LOBBY][-1:]
    assert lobby["embed"] is None and lobby["view"] is None
    assert "finished" in lobby["content"] and "\n" not in lobby["content"]
    assert winners in lobby["content"]
    assert await host.store.open_prompts(table.id) == []     # no question left to click


async def test_without_pin_messages_the_status_is_not_pinned_and_still_linked(world):
    """Pinning needs Pin Messages since 2026-02-23 (Manage Messages no longer allows it)."""
    host, delivery, channels, users = world
    users[CAROL].dms_open = True
    thread = channels[2]
    thread.guild = SimpleNamespace(me=object())
    denied = discord.Permissions.all()
    denied.pin_messages = False
    thread.permissions_for = lambda member: denied
    table = await toy_table(host, 3, PEOPLE)
    await delivery.settled()
    status = thread.sent[0]
    assert status.id == (await host.table(table.id)).status_message_id and not status.pinned
    assert f"{STATUS_LINK}{status.id})" in thread.sent[1].content.splitlines()[0]


def test_the_fake_pictures_compare_as_bytes():
    files = [discord.File(io.BytesIO(b"x"), filename="table.png")]
    log = [("send", 1, {"files": files}), ("edit", 1, {"attachments": []})]
    assert pictures(SimpleNamespace(log=log), None) == []
