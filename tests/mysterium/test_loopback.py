"""A whole Mysterium game through the loopback Discord: a human Ghost who picks a psychic with
DM buttons and the visions it gets in a menu edited in place (and whose post in the thread is
removed), a human psychic who guesses in a menu and readies in the thread, two AI psychics, a
secret vote. Every line each person and the thread saw is
checked against its audience."""
from __future__ import annotations

import asyncio
import json
import sqlite3
from functools import partial
from typing import NamedTuple

from games.mysterium import MysteriumEngine, ai, desk
from hosting.text import Translator
from tests.loopback import Loopback
from tests.loopback.private import event_line
from tests.loopback.table import FAST_TIMINGS, finished, idle, make_bot, status_message
from tests.loopback.seen import what_people_see
from tests.test_loopback_games import (GAME_OVER_LINE, assert_nothing_to_stumble_on, audiences,
                                       bot_dm_line, bot_thread_line)

E = MysteriumEngine()
NAMES = ["laura", "alex", "AI 1", "AI 2"]
TIMINGS = FAST_TIMINGS.replace("clue=3", "clue=30").replace("day_discussion=3",
                                                               "day_discussion=30")


def stored(db) -> dict:
    with sqlite3.connect(db) as con:
        return json.loads(con.execute("SELECT state FROM games").fetchone()[0])


def tag_guess(db) -> int | None:
    """The card a person reading the visions' tags would pick for the first psychic (Alex's):
    it reads the public part of the stored game (its visions, the table, its wrong guesses)."""
    state = stored(db)
    return None if state["psychics"][0]["stage"] == "done" else ai.guess_of(state, 0)


class Pick(NamedTuple):
    cards: list[str]            # the values she picks in the menu
    button: str                 # then the button she presses


def ghost_move(db) -> str | Pick | tuple | None:
    """Laura plays the Ghost as the bot would, from what is behind her screen: the label of the
    button she presses, found as a person would, the cards she picks in the menu of a give or
    a crow and the button that gives them, or (menu, card) for each step of her shared vision
    (None: nothing is asked of her now)."""
    state = stored(db)
    ask = next((p for p in E.pending(state) if p.seat == 0), None)
    if ask is None:
        return None
    choice = desk.ai_choice(state)
    t = Translator("mysterium", "en", NAMES)
    if (picked := ask.picked(choice)) is not None:
        anchor = [o.params for o in picked if o not in ask.picks()]
        return Pick([o.id for o in picked if o in ask.picks()],
                    t.option(ask.params["pick"]["confirm"], anchor[0] if anchor else {}))
    option = ask.option(choice)
    if option.params.get("path"):
        return tuple((t("menus", menu), card) for menu, card in option.params["path"])
    return t.option(option.key, option.params)


async def pick_and_confirm(person, message, pick: Pick) -> None:
    """Cards picked in the menu: the question is edited in place (no DM more, its picture
    not sent again), its button now answers with them."""
    dms, shown = len(person.dms()), [a.filename for a in message.attachments]
    picked = await person.select(message, *pick.cards)
    assert picked.type == 7 and picked.message == message and len(person.dms()) == dms
    assert [o["value"] for s in message.selects for o in s["options"] if o.get("default")] \
        == pick.cards and [a.filename for a in message.attachments] == shown
    [confirm] = [b for b in message.buttons if b.get("label") == pick.button]
    assert not confirm.get("disabled")
    await person.click(message, pick.button)


async def step_and_confirm(person, message, steps: tuple) -> None:
    """The shared vision's cards chosen menu after menu in one DM, then confirmed."""
    dms = len(person.dms())
    for menu, card in steps:
        await person.select(message, card, menu=menu)
    assert len(person.dms()) == dms
    [confirm] = [b["label"] for b in message.buttons if b["label"].startswith("Confirm:")]
    await person.click(message, confirm)


async def test_whole_game_with_a_human_ghost_keeps_every_secret(tmp_path):
    db = tmp_path / "db.sqlite3"
    async with Loopback() as discord:
        guild = discord.guild("Test server")
        laura, alex = guild.user("laura"), guild.user("alex")
        games = guild.text_channel("games")
        async with discord.run_bot(partial(make_bot, settle_delay=0.01), db, idle=idle):
            await laura.slash(games, "mysterium new", mode="easy", ghost="player",
                              timings=TIMINGS)
            lobby = games.last_message()
            await alex.click(lobby, "Join")
            for _ in range(2):
                await laura.slash(games, "mysterium add-ai")
            await laura.click(lobby, "Start")
            thread = lobby.thread
            assert status_message(thread).attachments          # the table's picture
            secrets = await laura.click(status_message(thread), "My secrets")
            assert any(a.filename == "secrets.png" for a in secrets.message.attachments)
            world = discord.fake.world           # the Ghost speaks: the bot removes the post
            hint = world.post(thread.record, laura.record, {"content": "think of the cook!"})
            talk = world.post(thread.record, alex.record, {"content": "any idea?"})
            await discord.settle()
            assert hint.deleted and not talk.deleted
            assert any("you may not write" in m.content for m in laura.dms())
            # The Ghost's first question carries its numbered hand, the picture it chooses from.
            assert any(a.filename == "seat.png" for m in laura.dms() for a in m.attachments)
            loop = asyncio.get_running_loop()
            give_up, done = loop.time() + 120, set()
            picked_in_menu = shared_in_steps = False
            while not finished(thread) and loop.time() < give_up:
                acted = False
                for m in laura.dms():
                    # A question the game has moved past (a crow offered while the timer
                    # ran) may keep its buttons a moment: only the one asking now is answered.
                    if not m.buttons or (m.id, m.content) in done:
                        continue
                    move = ghost_move(db)
                    if isinstance(move, Pick) and m.selects:
                        done.add((m.id, m.content))
                        await pick_and_confirm(laura, m, move)
                        acted = picked_in_menu = True
                    elif isinstance(move, tuple) and m.selects:
                        done.add((m.id, m.content))
                        await step_and_confirm(laura, m, move)
                        acted = shared_in_steps = True
                    elif move in m.labels():
                        done.add((m.id, m.content))
                        await laura.click(m, move)
                        acted = True
                for m in alex.dms():
                    if (m.buttons or m.selects) and m.id not in done:
                        done.add(m.id)
                        options = m.selects[0]["options"] if m.selects else []
                        await (alex.select(m, options[0]["value"]) if options
                               else alex.click(m, m.labels()[0]))
                        acted = True
                for m in thread.messages():
                    if (m.buttons or m.selects) and alex.mention in (m.content or "") \
                            and m.id not in done:
                        done.add(m.id)
                        card = tag_guess(db)
                        if card is not None:
                            await (alex.select(m, f"guess.{card}") if m.selects else
                                   alex.click(m, next(label for label in m.labels()
                                                      if label.startswith(f"#{card} "))))
                        await alex.click(m, "Ready")
                        acted = True
                if not acted:
                    await asyncio.sleep(0.05)
            assert finished(thread), [m.content for m in thread.messages()[-5:]]
            assert picked_in_menu and shared_in_steps
        assert not [c for c in discord.calls if c.status == 400]
        thread_lines = [line for m in thread.messages() if m.author not in ("laura", "alex")
                        for line in m.content.splitlines()]
        dm_lines = {p.name: [line for m in p.dms() for line in m.content.splitlines()]
                    for p in (laura, alex)}
        drawn = what_people_see(thread, [laura, alex])

    names, lines = await audiences(db)
    public, gm = lines.get("public", set()), lines.get("gm", set())
    assert any("must find" in line for line in lines["seat:0"])     # the Ghost's screen
    assert any(line.startswith("Group 1:") for line in public)      # the epilogue was played
    assert any(line.startswith("Alma") and "has voted" in line for line in public)
    end = next(i for i, line in enumerate(thread_lines) if GAME_OVER_LINE in line)
    for i, line in enumerate(thread_lines):
        if bot_thread_line(line):
            continue                       # the bot's own pings, headers, the recap's headers
        line = event_line(line) if i > end else line
        allowed = public if i <= end else public | gm
        assert line in allowed, f"thread line not meant for the public: {line!r}"
    for name, seen in dm_lines.items():
        own = lines.get(f"seat:{names.index(name)}", set())
        for line in seen:
            assert line in own or bot_dm_line(line) or (
                name == "laura" and "you may not write" in line), f"{name} saw {line!r}"
    assert_nothing_to_stumble_on(drawn)
