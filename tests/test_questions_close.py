"""A question's life shows on its message: once answered or timed out its buttons go, its
deadline goes, and it says what happened ("You chose X", "Time ran out: X"); a late click is
told the time ran out (issue 9 item 3)."""
from __future__ import annotations

from tests.loopback import Loopback
from tests.loopback.table import KILL_PROMPT, dm_prompts, idle, make_bot, secret_prompts
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
    # The news sent with it stays above; the outcome comes last, under the question.
    assert closed["content"] == "**Night** · round 1\nYou are the **wolf**."
    [question] = closed["embeds"]
    assert question.fields[-1].value == f"Time ran out: **{victim}**."
    assert "<t:" not in str(question.to_dict())
    # The message says it: no second DM repeating that the time ran out.
    assert not any("default answer was used" in (m.content or "") for m in wolf.sent)
    # The day's vote, left to its deadline: the question in the thread closes for everyone.
    [ballot] = [m for m in channels[2].sent if m.kw.get("view") and
                m.kw["view"].children[0].custom_id.startswith(f"tbl:b:{table.id}|")]
    host.clock.set(max(d.due_at for d in await host.store.deadlines(table.id)))
    await host.fire_due()
    await delivery.settled()
    [shut] = edits_of(channels[2], ballot.id)
    assert shut["view"] is None and "content" not in shut
    text = str(shut["embed"].to_dict())
    assert "<t:" not in text and "Time ran out for" in text and "**Nobody**" in text
    still_open = {pending_id for pending_id, *_ in await host.store.open_prompts(table.id)}
    assert still_open == {p.id for p in host.pending(table)}     # night 2's question only
    assert edits_of(wolf, prompt.id) == [closed]          # each closed once


async def test_a_timed_out_question_says_so_in_the_dm_and_in_my_secrets(tmp_path):
    async with Loopback() as discord:
        guild = discord.guild("Test server")
        people = [guild.user(name) for name in ("alice", "bob", "carol", "dave")]
        games = guild.text_channel("games")
        async with discord.run_bot(make_bot, tmp_path / "db.sqlite3", idle=idle):
            await people[0].slash(games, "toy new", pace="live", timings="night_step=1")
            lobby = games.last_message()
            for person in people[1:]:
                await person.click(lobby, "Join")
            await people[0].click(lobby, "Start")
            [(wolf, prompt)] = [(p, m) for p in people for m in dm_prompts(p)]
            label = prompt.labels()[0]
            [copy] = await secret_prompts(wolf, lobby.thread)   # still open in "My secrets"
            await discord.wait_for(lambda: not prompt.buttons, timeout=8)
            await discord.settle()
            assert "Time ran out: **" in prompt.embeds[0]["fields"][-1]["value"]
            assert KILL_PROMPT in prompt.embeds[0]["description"]
            assert not any("<t:" in str(e) for e in prompt.embeds)
            await discord.wait_for(lambda: not copy.buttons, timeout=8)   # closed with it
            assert "Time ran out: **" in copy.text and "<t:" not in copy.text
            # An answered question says what was chosen, its buttons off.
            [ballot] = [m for m in lobby.thread.messages() if "Nobody" in m.labels()]
            voters = [p for p in people if p.mention in ballot.content]
            for voter in voters:
                await voter.click(ballot, "Nobody")
            await discord.settle()
            assert not ballot.buttons and not any("<t:" in str(e) for e in ballot.embeds)
            assert "Night 2 falls." in lobby.thread.messages()[-1].text
