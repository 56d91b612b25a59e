"""The bot's own calls are what bound how many tables one token hosts (50 a second), and
Discord counts interaction answers and follow-ups apart. So what a person's click leads to
goes through that click where Discord allows: a seat's next DM is a follow-up of its last
answer there (for the token's 15 minutes, then the bot's own post again), and a thread
question closes in the answer of the click that completes it."""
from __future__ import annotations

from tests.loopback.table import at_a_table, dm_prompts, open_toy_table

MESSAGE = "/channels/{channel_id}/messages"


def own_posts(discord, channel_id: int, since: int = 0) -> list:
    return [c for c in discord.calls[since:]
            if c.method == "POST" and c.route == MESSAGE and f"/{channel_id}/" in f"{c.path}/"]


def own_edits_of(discord, message_id: int) -> list:
    return [c for c in discord.calls if c.method == "PATCH"
            and c.route == MESSAGE + "/{message_id}" and c.path.endswith(f"/{message_id}")]


async def vote_nobody(people, thread) -> None:
    """Every person the day's ballot names votes Nobody; its message is returned closed."""
    [ballot] = [m for m in thread.messages() if "Nobody" in m.labels() and m.buttons]
    for voter in [p for p in people if p.mention in ballot.content]:
        await voter.click(ballot, "Nobody")
    return ballot


async def test_a_seats_next_dm_rides_its_last_answer_and_the_ballot_closes_by_its_last_vote(
        tmp_path):
    async with at_a_table(tmp_path / "db.sqlite3",
                          "ann", "ben", "cat", "dan", "eve", "fay") as (discord, people, games):
        lobby, _ = await open_toy_table(games, people[0], people[1:], pace="live",
                                        timings="night_step=2")
        [(wolf, first)] = [(p, m) for p in people for m in dm_prompts(p)]
        dm = first.channel.id
        assert first.record.interaction is None          # nobody has answered yet
        await wolf.click(first, first.labels()[0])
        ballot = await vote_nobody(people, lobby.thread)
        # closed by the last vote's own answer: no edit of the bot's own
        assert not ballot.buttons and "Everyone asked has answered" in ballot.content
        assert own_edits_of(discord, ballot.id) == []
        [second] = dm_prompts(wolf)
        assert second.record.interaction is not None     # a follow-up of night 1's answer
        assert len(own_posts(discord, dm)) == 1         # night 1's question only
        # left to its deadline, the follow-up closes as any question: by the bot, in the
        # channel, as Discord lets a bot edit its non-ephemeral interaction messages
        await discord.wait_for(lambda: not second.buttons, timeout=10)
        await discord.settle()
        assert "Time ran out" in second.content
        assert len(own_edits_of(discord, second.id)) == 1
        # a quarter of an hour on, the token is spent: night 3 is the bot's own post
        discord.age_messages(16 * 60)
        before = len(discord.calls)
        await vote_nobody(people, lobby.thread)
        await discord.wait_for(lambda: dm_prompts(wolf), timeout=10)
        [third] = dm_prompts(wolf)
        assert third.record.interaction is None
        assert len(own_posts(discord, dm, before)) == 1
