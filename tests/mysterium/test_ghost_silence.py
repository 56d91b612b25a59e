"""Whoever has seen the Ghost's secrets stays silent in the game's thread until the game ends,
through the loopback Discord: a post from before the start edited into a hint, the Ghost after
the bot took the role over (the person keeps the seat and its **My secrets**), and the Ghost
after leaving the table are all removed, each with a DM saying why."""
from __future__ import annotations

from tests.loopback import Loopback
from tests.test_loopback_table import table_bot

AUTO = "Let the bot choose (counts as a timeout)"
SILENCED = "You are the Ghost"
TAKEN_OVER = "The Ghost has been silent twice: the bot plays the Ghost from now on."


async def ghost_table(lb, tmp_path):
    """A started Mysterium table: the host is the Ghost, one person and one AI the psychics;
    the Ghost wrote in the thread while the lobby was open."""
    guild = lb.guild("Test server")
    ghost, psychic = guild.user("ghost"), guild.user("psychic")
    games_channel = guild.text_channel("games")
    lobby = (await ghost.slash(games_channel, "mysterium new", mode="easy",
                               ghost="player")).message
    await psychic.click(lobby, "Join")
    await ghost.slash(games_channel, "mysterium add-ai")
    early = await ghost.write(lobby.thread, "welcome, everyone")
    await ghost.click(lobby, "Start")
    return ghost, psychic, lobby.thread, early


def removed_notes(person) -> int:
    return sum(SILENCED in m.content for m in person.dms())


async def test_an_early_post_edited_into_a_hint_and_the_ghost_the_bot_replaced(tmp_path):
    async with Loopback() as lb:
        async with table_bot(lb, tmp_path / "db.sqlite3"):
            ghost, psychic, thread, early = await ghost_table(lb, tmp_path)
            assert not early.deleted                       # written while nothing was secret
            await ghost.rewrite(early, "think of the kitchen")
            assert early.deleted and removed_notes(ghost) == 1
            for _ in range(2):                             # two gives left to the bot ...
                asked = next(m for m in reversed(ghost.dms()) if AUTO in m.labels())
                await ghost.click(asked, AUTO)
            assert any(TAKEN_OVER in m.content for m in thread.messages())
            hint = await ghost.write(thread, "the raven means the library")   # ... and after
            talk = await psychic.write(thread, "I see a raven")
            assert hint.deleted and not talk.deleted and removed_notes(ghost) == 2


async def test_a_ghost_who_left_stays_silent(tmp_path):
    async with Loopback() as lb:
        async with table_bot(lb, tmp_path / "db.sqlite3"):
            ghost, psychic, thread, _ = await ghost_table(lb, tmp_path)
            await ghost.slash(thread, "mysterium leave")
            hint = await ghost.write(thread, "the raven means the library")
            talk = await psychic.write(thread, "I see a raven")
            assert hint.deleted and not talk.deleted and removed_notes(ghost) == 1


async def test_another_games_commands_act_on_no_table_in_this_thread(tmp_path):
    """`/cultists leave` or `/looper cancel` typed in a Mysterium table's thread find no table
    of theirs there: the Mysterium table goes on as it was."""
    async with Loopback() as lb:
        async with table_bot(lb, tmp_path / "db.sqlite3"):
            ghost, psychic, thread, _ = await ghost_table(lb, tmp_path)
            seated = (await psychic.slash(thread, "mysterium status")).text
            for person, command in ((psychic, "cultists leave"), (ghost, "looper cancel"),
                                    (ghost, "toy cancel")):
                reply = await person.slash(thread, command)
                assert reply.ephemeral and "no game in this channel" in reply.text, reply.text
            assert (await psychic.slash(thread, "mysterium status")).text == seated
            assert not any("cancelled" in m.content.lower() for m in thread.messages())
