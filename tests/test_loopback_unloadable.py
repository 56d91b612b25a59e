"""End to end through the loopback Discord: after a restart the store holds a game this build
does not know (a rollback to a build without it) and one whose stored state is not JSON (a
damaged row), beside a healthy game. The two are set aside, once: their threads and hosts are
told, `/games` lists them as set aside, a click or command on them is refused privately; the
healthy game is shown again and played to its end."""
from __future__ import annotations

from hosting.stores import open_store
from tests.loopback import Loopback
from tests.loopback.table import (dm_prompts, finished, idle, make_bot, open_toy_table, play,
                                  status_message)
from tests.toy import ToyGame

DAMAGE = {"old": "UPDATE games SET game = 'retired' WHERE id = ?",
          "damaged": "UPDATE games SET state = '{\"phase\": ' WHERE id = ?"}


async def test_unloadable_games_are_set_aside_and_the_healthy_one_plays_to_its_end(
        store_target):
    db = store_target            # an SQLite file, or a PostgreSQL database
    async with Loopback(strict=False) as lb:     # the set-aside lines are checked below
        guild = lb.guild("Test server")
        people = [guild.user(name) for name in ("alice", "bob", "carol", "dave")]
        alice, bob, carol, dave = people
        # The other two tables: three people each, no AI seat, so nothing moves but by them.
        others = {name: [guild.user(f"{name}{i}") for i in range(3)] for name in DAMAGE}
        hosts = {name: table[0] for name, table in others.items()}
        here = guild.text_channel("games")
        async with lb.run_bot(make_bot, db, idle=idle):
            _, thread = await open_toy_table(here, alice, [bob, carol, dave], pace="live")
            threads = {}
            for name, (host, *joiners) in others.items():
                _, threads[name] = await open_toy_table(guild.text_channel(name), host, joiners,
                                                        pace="live")
            [prompt] = [m for p in people for m in dm_prompts(p)]
            [kill] = [m for p in others["damaged"] for m in dm_prompts(p)]
            killer = next(p for p in others["damaged"] if kill in dm_prompts(p))
        # While the bot is down: a rollback, and a damaged row.
        store = await open_store(db)
        ids = {name: (await store._fetch("SELECT id FROM games WHERE thread_id = ?",
                                         (threads[name].id,)))[0][0] for name in DAMAGE}
        for name, sql in DAMAGE.items():
            await store._write(sql, (ids[name],))
        await store.close()

        def told():
            """Each broken game's thread and host told it is set aside (the notices)."""
            return {name: ([m for m in threads[name].messages() if "set aside" in m.text],
                           [m for m in host.dms() if f"Your game #{ids[name]} is set aside"
                            in m.text]) for name, host in hosts.items()}

        # Discord refuses the first message after the restart: its retry goes out all the same.
        lb.faults.server_error("POST /channels/{channel_id}/messages", times=1, status=400)
        async with lb.run_bot(make_bot, db, idle=idle):
            # Recovery works in the background: what it shows is waited for, not timed.
            await lb.wait_for(lambda: all(a and b for a, b in told().values()),
                              what="the set-aside notices")
            await lb.settle()
            for thread_notices, dms in told().values():
                [notice] = thread_notices
                assert "cannot load it" in notice.content and len(dms) == 1
            listing = (await alice.slash(here, "games")).content.splitlines()
            assert len(listing) == 3
            assert [line for line in listing if "in progress" in line] == [
                line for line in listing if f"<#{thread.id}>" in line]
            for name in hosts:
                [line] = [line for line in listing if f"<#{threads[name].id}>" in line]
                assert "set aside" in line
            refused = await hosts["damaged"].click(status_message(threads["damaged"]),
                                                   "My secrets")
            assert refused.ephemeral and "cannot be loaded" in refused.content
            refused = await hosts["damaged"].slash(threads["damaged"], "toy resume")
            assert refused.ephemeral and "cannot be loaded" in refused.content
            refused = await killer.click(kill, kill.labels()[0])
            assert refused.ephemeral and "cannot be loaded" in refused.content
            said = await killer.write(threads["damaged"], "is anyone there?")
            assert not said.deleted                # its table talk is left alone
            assert [m for p in people for m in dm_prompts(p)] == [prompt]   # not asked again
            await play(people, thread)
            before = {name: len(t.messages()) for name, t in threads.items()}
            await lb.settle()
        assert finished(thread)
        assert {name: len(t.messages()) for name, t in threads.items()} == before
        assert not lb.unknown_routes and len(lb.faults.injected) == 1
        logged = sorted(r.getMessage() for r in lb.errors)
        assert len(logged) == 2, logged
        assert all("set aside: it cannot be loaded" in line for line in logged)
        assert any(f"game {ids['old']} (retired)" in line for line in logged)



async def test_a_click_on_a_state_its_rules_cannot_read_is_told_all_the_same(tmp_path,
                                                                            monkeypatch):
    """A running game whose rules can no longer work out its questions: the wolf's kill is
    refused privately, the game is set aside, and its thread and host are told (words that
    need nothing of its state), not left waiting in the outbox."""
    async with Loopback(strict=False) as lb:     # the set-aside line is checked below
        guild = lb.guild("Test server")
        people = [guild.user(name) for name in ("alice", "bob", "carol", "dave")]
        async with lb.run_bot(make_bot, tmp_path / "table.sqlite3", idle=idle):
            _, thread = await open_toy_table(guild.text_channel("games"), people[0], people[1:],
                                             pace="live")
            [(wolf, kill)] = [(p, m) for p in people for m in dm_prompts(p)]

            def bug(*args):
                raise TypeError("a bug in the rules")
            monkeypatch.setattr(ToyGame, "pending", bug)
            answer = await wolf.click(kill, kill.labels()[0])
            assert answer.ephemeral and "the host has been told" in answer.content
            await lb.wait_for(lambda: any("The game is set aside" in m.text
                                          for m in thread.messages()), what="the notice")
            await lb.wait_for(lambda: any("is set aside" in m.text for m in people[0].dms()),
                              what="the host's DM")
            again = await wolf.click(kill, kill.labels()[0])
            assert again.ephemeral and "cannot be loaded" in again.content
        logged = [r.getMessage() for r in lb.errors]
        assert len(logged) == 1 and "set aside: it cannot be loaded" in logged[0], logged
