"""A question's life shows on its message: once answered or timed out it shrinks to one line
saying when it was asked and what happened ("…: your decision — Time ran out: X"), its buttons,
deadline and box gone; a late click is told the time ran out."""
from __future__ import annotations

from functools import partial

from tests.loopback import Loopback
from tests.loopback.table import dm_prompts, idle, make_bot, open_toy_table, secret_prompts
from tests.test_delivery import toy_table, world

__all__ = ["world"]


def edits_of(channel, message_id):
    return [kw for what, mid, kw in channel.log if what == "edit" and mid == message_id]


async def test_questions_closed_by_their_deadline_show_it(world):
    host, delivery, channels, users = world
    table = await toy_table(host, 3, ai=1)
    await delivery.settled()
    [kill] = host.pending(table)
    wolf = users[table.seats[kill.seat].user_id]
    [prompt] = [m for m in wolf.sent if m.kw.get("view")]
    [deadline] = await host.store.deadlines(table.id)
    host.clock.set(deadline.due_at)
    await host.fire_due()
    await delivery.settled()
    [closed] = edits_of(wolf, prompt.id)
    victim = table.names[int(kill.default)]
    assert closed["view"] is None
    # The news sent with it stays above; the question is one line under it.
    assert closed["content"] == ("**Night** · round 1\nYou are the **wolf**.\n"
                                 f"Night, round 1: your decision — Time ran out: **{victim}**.")
    assert closed["embeds"] == [] and closed["attachments"] == []
    # The message says it: no second DM repeating that the time ran out.
    assert not any("default answer was used" in (m.content or "") for m in wolf.sent)
    # The day's vote, left to its deadline: the question in the thread closes for everyone.
    [ballot] = [m for m in channels[2].sent if m.kw.get("view") and
                m.kw["view"].children[0].custom_id.startswith(f"tbl:b:{table.id}|")]
    host.clock.set(max(d.due_at for d in await host.store.deadlines(table.id)))
    await host.fire_due()
    await delivery.settled()
    [shut] = edits_of(channels[2], ballot.id)
    assert shut["view"] is None and shut["embeds"] == [] and "attachments" not in shut
    said = shut["content"].splitlines()
    assert said[:-1] == ballot.content.splitlines()          # its pings stay, no deadline
    assert said[-1].startswith("Day, round 1: the table decides — Time ran out for ")
    assert said[-1].endswith(": **Nobody**.")
    still_open = {pending_id for pending_id, *_ in await host.store.open_prompts(table.id)}
    assert still_open == {p.id for p in host.pending(table)}     # night 2's question only
    assert edits_of(wolf, prompt.id) == [closed]          # each closed once


async def test_a_timed_out_question_says_so_in_the_dm_and_in_my_secrets(tmp_path):
    async with Loopback() as discord:
        guild = discord.guild("Test server")
        people = [guild.user(name) for name in ("alice", "bob", "carol", "dave")]
        games = guild.text_channel("games")
        async with discord.run_bot(partial(make_bot, settle_delay=0.01), tmp_path / "db.sqlite3",
                                   idle=idle):
            lobby, _ = await open_toy_table(games, people[0], people[1:], pace="live",
                                            timings="night_step=1")
            [(wolf, prompt)] = [(p, m) for p in people for m in dm_prompts(p)]
            [copy] = await secret_prompts(wolf, lobby.thread)   # still open in "My secrets"
            await discord.wait_for(lambda: not prompt.buttons, timeout=8)
            await discord.settle()
            assert not prompt.embeds and not prompt.attachments
            assert prompt.content.splitlines()[-1].startswith(
                "Night, round 1: your decision — Time ran out: **")
            await discord.wait_for(lambda: not copy.buttons, timeout=8)   # closed with it
            assert not copy.embeds and copy.content.startswith(
                "Night, round 1: your decision — Time ran out: **")
            # An answered question says what was chosen, its buttons off.
            [ballot] = [m for m in lobby.thread.messages() if "Nobody" in m.labels()]
            voters = [p for p in people if p.mention in ballot.content]
            for voter in voters:
                await voter.click(ballot, "Nobody")
            await discord.settle()
            assert not ballot.buttons and not ballot.embeds and "<t:" not in ballot.content
            assert ballot.content.endswith("the table decides — Everyone asked has answered.")
            assert "Night 2 falls." in lobby.thread.messages()[-1].text
