"""Every slash command of every game, and /games and /language, and every field of every
game's settings form, given hostile input through the loopback Discord: each ends in a clear
answer (a private one when it refuses), never "This interaction failed"; what it quotes of the
input is clipped and escaped; nobody is pinged; no table opens or changes from a refusal."""
from __future__ import annotations

from functools import partial

from tests.loopback import Loopback
from tests.loopback.table import idle, make_bot

SUBCOMMAND, GROUP, STRING, INTEGER, USER = 1, 2, 3, 4, 6
DEEP = "[" * 2900 + "]" * 2900                     # 5,800 characters: under Discord's 6,000
INJECTED = "@everyone <@123> <@&456> **bold** ||spoiler|| # title `code` [link](https://x.y)"
HOSTILE = ("x" * 3000, INJECTED * 30, DEEP, "script=" + DEEP, "round_cap=1e400; vote=-5",
           "9" * 4400, "NaN=NaN; =; ;;", '{"a": "b; c"')
SHORT = HOSTILE[:3]   # too long, mentions and markdown, nested: for a field met before


def hostile_for(name: str, met: set[str]) -> tuple[str, ...]:
    """Every hostile input the first time a field of this name is met (in any command or
    form), the short list after: fields alike go through one parser."""
    if name in met:
        return SHORT
    met.add(name)
    return HOSTILE


def commands_of(world) -> list[tuple[str, list[dict]]]:
    """("group sub", options) for every command synced globally: a game's `new` first, its
    `cancel` last."""
    found = []
    for name, command in sorted(world.commands[None].items()):
        subs = [o for o in command.get("options") or [] if o["type"] == SUBCOMMAND]
        if not subs:
            found.append((name, command.get("options") or []))
        order = {"new": 0, "cancel": 2}
        found += [(f"{name} {sub['name']}", sub.get("options") or [])
                  for sub in sorted(subs, key=lambda sub: order.get(sub["name"], 1))]
        assert not any(o["type"] == GROUP for o in command.get("options") or [])
    return found


def required(options: list[dict], who) -> dict:
    """The required options: each its first choice, else a plain value of its type (a whole
    number, a member: `who`, a word)."""
    def plain(option: dict):
        if option.get("choices"):
            return option["choices"][0]["value"]
        return {INTEGER: 1, USER: who}.get(option["type"], "x")
    return {o["name"].replace("-", "_"): plain(o) for o in options if o.get("required")}


def assert_clear(reply, typed: str = "") -> None:
    """An answer that says something, privately unless it opened a table, quoting nothing of
    the input that Discord would read as a mention or markdown."""
    shown = reply.text
    assert shown.strip(), reply
    assert len(reply.content) <= 2000
    assert "<@123>" not in shown and "<@&456>" not in shown, shown[:300]
    assert "@everyone" not in shown.replace("\\@everyone", ""), shown[:300]
    assert "**bold**" not in shown and "||spoiler||" not in shown, shown[:300]
    if len(typed) > 200:
        assert typed[:200] not in shown     # clipped, never repeated whole


async def test_every_command_answers_hostile_input_with_one_clear_line(tmp_path):
    async with Loopback() as lb:
        guild = lb.guild("Test server")
        alice = guild.user("alice")
        bare = guild.text_channel("bare")          # no table: each command says so
        async with lb.run_bot(partial(make_bot, settle_delay=0.01), tmp_path / "t.sqlite3",
                              idle=idle):
            commands = commands_of(lb.fake.world)
            assert {"games", "language", "bethlem new", "looper rules", "toy add-ai"} <= {
                path for path, _ in commands}
            tables, met = {}, set()
            replies = []      # (command, reply, typed, refused): read once the bot is quiet
            for path, options in commands:
                group = path.split()[0]
                if path.endswith(" new"):
                    tables[group] = guild.text_channel(f"{group}-table")
                    opened = await alice.slash(tables[group], path)
                    assert not opened.ephemeral and tables[group].threads(), opened
                for where in (bare, tables.get(group, bare)):
                    if not path.endswith(" new"):
                        replies.append((path, await alice.slash(
                            where, path, settle=False, **required(options, alice)), "", False))
                    for option in options:
                        if option["type"] != STRING or option.get("choices"):
                            continue
                        name = option["name"].replace("-", "_")
                        for typed in hostile_for(name, met):
                            given = {**required(options, alice), name: typed}
                            replies.append((path, await alice.slash(
                                where, path, settle=False, **given), typed, True))
                            if option.get("autocomplete"):
                                offered = await alice.autocomplete(where, path, **given)
                                assert all(1 <= len(c["name"]) <= 100 for c in offered)
            await lb.settle()
            for path, reply, typed, refused in replies:
                assert reply.ephemeral or not refused, (path, typed[:40], reply)
                assert_clear(reply, typed)
            for group, channel in tables.items():   # only the table opened above, in each
                assert len(channel.messages()) == 1 and len(channel.threads()) == 1, group
            assert bare.messages() == [] and bare.threads() == []
            assert not [p for p in lb.pings if p.users or p.roles or p.everyone]


async def test_every_field_of_every_settings_form_refuses_hostile_input_privately(tmp_path):
    async with Loopback() as lb:
        guild = lb.guild("Test server")
        alice = guild.user("alice")
        async with lb.run_bot(partial(make_bot, settle_delay=0.01), tmp_path / "t.sqlite3",
                              idle=idle) as bot:
            games = sorted(path.split()[0] for path, _ in commands_of(lb.fake.world)
                           if path.endswith(" new"))
            assert len(games) >= 6
            met: set[str] = set()
            for game in games:
                channel = guild.text_channel(f"{game}-table")
                await alice.slash(channel, f"{game} new")
                lobby = channel.last_message()
                opened = (await bot.host.table_here(game, channel.record.id)).options
                pages = [label for label in lobby.labels() if label.startswith("Settings")]
                assert pages, game
                replies = []      # (reply, field, typed): read once the bot is quiet
                for page in pages:
                    form = await alice.click(lobby, page)
                    for field in form.modal.fields:
                        for typed in hostile_for(field, met):
                            replies.append((await alice.submit(form, {field: typed},
                                                               settle=False), field, typed))
                await lb.settle()
                for reply, field, typed in replies:
                    assert reply.ephemeral, (game, field, typed[:40], reply)
                    assert_clear(reply, typed)
                table = await bot.host.table_here(game, channel.record.id)
                assert (await bot.host.store.load_game(table.id)).options == opened, game
            assert not [p for p in lb.pings if p.users or p.roles or p.everyone]
