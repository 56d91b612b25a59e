"""A person's DMs sent as follow-ups of their own latest answer there.

Discord keeps interaction callbacks and follow-ups outside a bot's global limit of 50 calls a
second, and a click's token may post follow-ups in its channel for 15 minutes. A seat that
answers its DM questions at a live pace is therefore written to through its last answer: its
next question or line costs none of the bot's own calls, which is what bounds how many tables
one bot hosts. A follow-up is a message of the bot's like any other: the delivery records it,
closes it and edits it later through its channel (a non-ephemeral interaction message is
editable so by its bot), and after a restart finds it in the channel as it finds any post.
Only the person's own answers in their own DMs are used, so nothing of it reaches the table.
Sources: tests/loopback/README.md (interaction follow-ups).
"""
from __future__ import annotations

import discord

FOLLOW_UP_FOR = 14 * 60   # seconds of a token's 15 minutes relied on: a margin for the trip
KEPT = 4096               # people whose last answer is kept before the stale ones are dropped
# a deferred reply's first follow-up would fill its "thinking" message instead of posting
USABLE = (discord.InteractionResponseType.channel_message,
          discord.InteractionResponseType.deferred_message_update,
          discord.InteractionResponseType.message_update)


class Followups:
    """Each person's latest answer in their DMs, while its token is good."""

    def __init__(self):
        self._last: dict[int, discord.Interaction] = {}

    def answered(self, interaction: discord.Interaction) -> None:
        """A person answered a question in their DMs (a server's clicks are not theirs alone)."""
        if interaction.guild_id is not None:
            return
        if len(self._last) >= KEPT:
            self._last = {user: i for user, i in self._last.items() if _fresh(i)}
        self._last[interaction.user.id] = interaction

    def token_of(self, user_id: int) -> discord.Interaction | None:
        """The person's latest answer, if a follow-up of it can go now: answered already
        (follow-ups need the callback first) and young enough."""
        interaction = self._last.get(user_id)
        if interaction is None or not _fresh(interaction):
            self._last.pop(user_id, None)
            return None
        if not interaction.response.is_done() or interaction.response.type not in USABLE:
            return None
        return interaction

    def spent(self, user_id: int, interaction: discord.Interaction) -> None:
        """Discord no longer takes this token (its time ran out early, the message went)."""
        if self._last.get(user_id) is interaction:
            del self._last[user_id]


def _fresh(interaction: discord.Interaction) -> bool:
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    return age < FOLLOW_UP_FOR


async def send(interaction: discord.Interaction, content: str | None, **kwargs):
    """Post as a follow-up of `interaction`: the message, as `channel.send` would return."""
    kwargs = {k: v for k, v in kwargs.items() if v is not None}
    return await interaction.followup.send(content, wait=True, **kwargs)
