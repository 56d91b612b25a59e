"""The real games through the loopback: a table opens, starts and plays several steps with
people answering the first option they are offered. The fake refuses what Discord refuses
(message and component limits), so this catches prompts and embeds Discord would reject."""
from __future__ import annotations

import pytest

from tests.loopback import Loopback
from tests.loopback.table import dm_prompts, finished, idle, make_bot, status_message


async def answer_first(person, prompt) -> None:
    if prompt.buttons:
        await person.click(prompt, prompt.labels()[0])
    else:
        await person.select(prompt, prompt.selects[0]["options"][0]["value"])


@pytest.mark.parametrize("game, mode, people, ai", [
    ("bethlem", "two", 2, 0),
    ("room25", "coop", 2, 1),
    ("room25", "suspicion", 3, 1),
])
async def test_real_game_plays_within_discord_limits(tmp_path, game, mode, people, ai):
    async with Loopback() as discord:
        guild = discord.guild("Test server")
        players = [guild.user(f"player{i}") for i in range(people)]
        games = guild.text_channel("games")
        async with discord.run_bot(make_bot, tmp_path / "db.sqlite3", idle=idle):
            host = players[0]
            rules = await host.slash(games, f"{game} rules")
            assert rules.ephemeral and rules.content
            await host.slash(games, f"{game} new", mode=mode)
            lobby = games.last_message()
            for person in players[1:]:
                await person.click(lobby, "Join")
            for _ in range(ai):
                await host.slash(games, f"{game} add-ai")
            started = await host.click(lobby, "Start")
            assert started.content == "The game has started.", started
            thread = lobby.thread
            assert status_message(thread).embeds
            answered = 0
            for _ in range(8):
                prompts = [(p, m) for p in players for m in dm_prompts(p)]
                if not prompts or finished(thread):
                    break
                for person, prompt in prompts:
                    await answer_first(person, prompt)
                    answered += 1
            assert answered > 0
        assert not [c for c in discord.calls if c.status == 400]
