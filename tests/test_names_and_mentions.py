"""Names never take over a message nor ping anybody, and the bot never allows a ping it did not
mean (issue 9 items 9 and 10, issue 16 item 1)."""
from __future__ import annotations

from functools import partial

import discord

from bot import Config, TableBot
from cogs.common import render
from hosting.text import Translator, escape
from tests.loopback import Loopback
from tests.loopback.table import dm_prompts, idle, make_bot
from tests.test_delivery import toy_table, world

__all__ = ["world"]


def test_a_name_is_shown_as_written_in_text_and_as_is_on_buttons():
    names = ["@everyone", "<@&42>", "# Title", "||spoiler|| ~~x~~ **b** _i_"]
    t = Translator("toy", "en", names, markdown=True)
    for seat, name in enumerate(names):
        shown = t.seat_name(seat)
        assert shown == escape(name) and "@everyone" not in shown.replace("\\@", "")
        assert "<@" not in shown and "**" not in shown and "||" not in shown
    assert Translator("toy", "en", names).seat_name(0) == "@everyone"   # pictures, labels


def test_vote_buttons_tell_apart_players_of_the_same_name_and_a_player_called_nobody():
    from games.base import Option

    t = Translator("toy", "en", ["bob", "bob", "Nobody", "ann"])
    options = [Option(str(s), "seat", {"seat": s}) for s in range(4)] + [Option("skip", "skip")]
    assert render.option_labels(t, options) == [
        "bob · seat 1", "bob · seat 2", "Nobody · seat 3", "ann", "Nobody"]


def test_the_bot_allows_no_ping_unless_a_message_says_so():
    bot = TableBot(Config(token="x", db_path=":memory:"))
    mentions = bot.allowed_mentions
    assert not (mentions.everyone or mentions.users or mentions.roles or mentions.replied_user)


async def test_every_message_of_a_game_states_whom_it_may_ping(world):
    host, delivery, channels, users = world
    table = await toy_table(host, 3, ai=1, lobby_message_id=500)
    for _ in range(12):                       # to the end: every question left to its deadline
        if table.status != "running":
            break
        host.clock.set(max(d.due_at for d in await host.store.deadlines(table.id)))
        await host.fire_due()
        await host.run_ai(table.id)
        await delivery.settled()
    assert table.status == "finished"
    sent = [(where.id, kw) for where in (*channels.values(), *users.values())
            for _, _, kw in where.log]
    assert sent
    for where, kw in sent:
        mentions = kw.get("allowed_mentions")
        assert isinstance(mentions, discord.AllowedMentions), (where, kw)
        assert mentions.everyone is False and mentions.roles is False, (where, kw)
        pinged = {u.id for u in mentions.users} if isinstance(mentions.users, list) else set()
        assert mentions.users is False or pinged, kw
        assert all(f"<@{uid}>" in (kw.get("content") or "") for uid in pinged), kw


async def test_names_with_markdown_and_twins_through_discord(tmp_path):
    async with Loopback() as lb:
        guild = lb.guild("Test server")
        people = [guild.user(n) for n in ("**al**", "bob", "bob2", "Nobody")]
        people[2].record.name = "bob"             # two people of the same name
        games = guild.text_channel("games")
        async with lb.run_bot(partial(make_bot, settle_delay=0.01), tmp_path / "db.sqlite3",
                              idle=idle):
            await people[0].slash(games, "toy new", pace="live")
            lobby = games.last_message()
            for person in people[1:]:
                await person.click(lobby, "Join")
            assert "\\*\\*al\\*\\*, bob, bob, Nobody" in lobby.text
            await people[0].click(lobby, "Start")
            [(wolf, kill)] = [(p, m) for p in people for m in dm_prompts(p)]
            labels = kill.labels()
            assert len(set(labels)) == len(labels)
            victim = next(label for label in labels if "al" not in label)
            await wolf.click(kill, victim)
            [ballot] = [m for m in lobby.thread.messages()
                        if any(b["custom_id"].startswith("tbl:b:") for b in m.buttons)]
            labels = ballot.labels()
            assert len(set(labels)) == len(labels) and labels.count("Nobody") == 1
            assert "\\*\\*al\\*\\*" in ballot.text
