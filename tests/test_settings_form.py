"""The lobby's settings form: the host fills in the game's declared options in a modal (five
fields a page), read by the same parser and specs as `settings:`; the lobby shows what is set;
anybody else, a started game, or a bad value gets one private line; a form opened before a
restart is still read after it."""
from __future__ import annotations

import json
from functools import partial

import games
from games.looper import data as looper_data
from hosting import pace
from tests.loopback import Loopback
from tests.loopback.table import idle, make_bot

# A Looper table's settings: the game's ten options, then the table's own, five to a page.
LOOPER = list(pace.settings_specs(games.engine("looper"), "basic_tragedy"))
PAGES = -(-len(LOOPER) // 5)


async def test_the_host_fills_in_a_looper_table_page_by_page(tmp_path):
    script = looper_data.shipped_scripts()["prevailing_secrecy"]
    async with Loopback() as lb:
        guild = lb.guild("Test server")
        alice, bob = guild.user("alice"), guild.user("bob")
        channel = guild.text_channel("games")
        async with lb.run_bot(partial(make_bot, settle_delay=0.01), tmp_path / "t.sqlite3",
                              idle=idle) as bot:
            await alice.slash(channel, "looper new", mode="basic_tragedy")
            lobby = channel.last_message()
            assert LOOPER[:10] == [*games.engine("looper").option_specs("basic_tragedy")]
            assert lobby.labels() == ["Join", "Leave", "Start",
                                      *(f"Settings {n}/{PAGES}" for n in range(1, PAGES + 1))]
            assert "Settings:" not in lobby.text
            await bob.click(lobby, "Join")

            theirs = await bob.click(lobby, f"Settings 1/{PAGES}")
            assert theirs.modal is None and theirs.ephemeral
            assert theirs.content == "Only the game's host (or a server admin) can do that."

            first = await alice.click(lobby, f"Settings 1/{PAGES}")
            assert first.modal.title == f"Tragedy Looper: settings 1/{PAGES}"
            assert first.modal.fields == ["script", "difficulty", "loops", "vet_generated",
                                          "paranoia_virus_threshold"]
            fields = _fields(first.modal.data)
            assert fields["loops"]["description"] == "Takes a whole number from 1 to 7, or null."
            assert fields["difficulty"]["component"]["placeholder"] == \
                "Empty: the game's choice, normal"
            assert fields["script"]["component"]["placeholder"] == "Empty: the game chooses"

            saved = await alice.submit(first, script=json.dumps(script, ensure_ascii=False),
                                       loops="3")
            assert saved.type == 7 and not saved.ephemeral      # the lobby itself, updated
            table = await bot.host.table_here("looper", channel.record.id)
            assert table.options == {"script": script, "loops": 3}
            assert "Settings: script=" in lobby.text and "loops=3" in lobby.text

            again = await alice.click(lobby, f"Settings 1/{PAGES}")   # prefilled with what is set
            shown = _fields(again.modal.data)
            assert json.loads(shown["script"]["component"]["value"]) == script
            assert shown["loops"]["component"]["value"] == "3"
            deep = await alice.submit(again, loops="", script="[" * 2900 + "]" * 2900)
            assert deep.ephemeral and deep.content.startswith(
                "The setting “script” nests lists or objects more than 16 deep: it takes ")
            refused = await alice.submit(again, loops="@everyone <@1> " * 300)
            assert refused.ephemeral and refused.content.startswith(
                "The setting “loops” cannot be \"\\@everyone \\<\\@1\\> ")
            assert len(refused.content) < 400
            cleared = await alice.submit(again, loops="")
            assert cleared.type == 7
            table = await bot.host.table_here("looper", channel.record.id)
            assert table.options == {"script": script}

            second = await alice.click(lobby, f"Settings 2/{PAGES}")
            assert second.modal.fields == ["spreading_mode", "allow_external",
                                           "allow_unverified", "first_leader", "talk_restricted"]
            await alice.submit(second, spreading_mode="transfer", first_leader="2")
            table = await bot.host.table_here("looper", channel.record.id)
            assert table.options == {"script": script, "spreading_mode": "transfer",
                                     "first_leader": 2}

            third = await alice.click(lobby, f"Settings 3/{PAGES}")   # the table's own: hours
            assert third.modal.fields[:2] == ["hours", "tz"]
            zoneless = await alice.submit(third, hours="09-23", tz="Mars/Olympus")
            assert zoneless.ephemeral and "Europe/Madrid" in zoneless.content
            await alice.submit(third, hours="09-23", tz="Europe/Madrid")
            table = await bot.host.table_here("looper", channel.record.id)
            assert (table.options["hours"], table.options["tz"]) == ("09-23", "Europe/Madrid")
            assert not [p for p in lb.pings if p.users or p.roles or p.everyone]


async def test_a_form_sent_after_a_restart_is_read_and_one_after_the_start_refused(tmp_path):
    async with Loopback() as lb:
        guild = lb.guild("Test server")
        alice = guild.user("alice")
        channel = guild.text_channel("games")
        async with lb.run_bot(partial(make_bot, settle_delay=0.01), tmp_path / "t.sqlite3",
                              idle=idle):
            await alice.slash(channel, "toy new")
            lobby = channel.last_message()
            assert lobby.labels()[3] == "Settings 1/2"     # the toy's options, then the table's
            form = await alice.click(lobby, "Settings 1/2")
        async with lb.run_bot(partial(make_bot, settle_delay=0.01), tmp_path / "t.sqlite3",
                              idle=idle) as bot:
            saved = await alice.submit(form, round_cap="2")
            assert saved.type == 7 and "Settings: round\\_cap=2" in lobby.text
            for _ in range(3):
                await alice.slash(channel, "toy add-ai")
            game_id = (await bot.host.table_here("toy", channel.record.id)).id
            await alice.click(lobby, "Start")
            table = await bot.host.table(game_id)
            assert table.status != "lobby" and table.options == {"round_cap": 2}
            late = await alice.submit(form, round_cap="5")
            assert late.ephemeral and late.content == "This game has already started."


def _fields(modal: dict) -> dict[str, dict]:
    """A modal's Label components by their text."""
    return {c["label"]: c for c in modal["components"]}


async def test_a_value_too_long_for_a_field_is_kept_when_its_field_is_left_empty(tmp_path):
    script = {**looper_data.shipped_scripts()["first_script"], "note": "a; b " * 900}
    async with Loopback() as lb:
        guild = lb.guild("Test server")
        alice, channel = guild.user("alice"), guild.text_channel("games")
        async with lb.run_bot(partial(make_bot, settle_delay=0.01), tmp_path / "t.sqlite3",
                              idle=idle) as bot:
            await alice.slash(channel, "looper new",
                              settings=f"script={json.dumps(script)}; loops=2")
            lobby = channel.last_message()
            form = await alice.click(lobby, f"Settings 1/{PAGES}")
            field = _fields(form.modal.data)["script"]["component"]
            assert not field.get("value") and field["placeholder"] == \
                "Set, too long to show here: empty keeps it"
            saved = await alice.submit(form, loops="")
            assert saved.type == 7
            table = await bot.host.table_here("looper", channel.record.id)
            assert table.options == {"script": script}
