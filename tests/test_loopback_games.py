"""The real games through the loopback, start to finish: scripted people answer the first option
they are offered, AI seats fill the table, short custom timings let the clock-only steps pass.
The fake refuses what Discord refuses (message and component limits), and afterwards every line
each person and the thread saw is checked against the audience the engine gave it."""
from __future__ import annotations

import asyncio
import re
from dataclasses import replace
from functools import partial

import pytest

import games
from cogs.common import render
from cogs.common.delivery import PHASE_LIMIT
from cogs.common.recap import recap
from hosting.store import Store
from hosting.text import Translator, load_locale
from tests.loopback import Loopback
from tests.loopback.private import (assert_dm_conversation_reads_down,
                                    assert_recap_reads_by_round,
                                    assert_secrets_lead_with_the_secret, event_line,
                                    open_dm_questions, recap_header)
from tests.loopback.seen import CLOCK, CLOSED_LINE, findings, ritual, shown, what_people_see
from tests.loopback.wholegame import TABLES as WHOLE, play
from tests.loopback.table import (FAST_TIMINGS, answer_first, finished, idle, make_bot,
                                  open_questions, status_message)

GAME_OVER_LINE = "The game is over."
QUIET_NOTICES = {Translator(None, "en")("ui", key)
                 for key in ("quiet_begins", "quiet_asked", "quiet_ends")}
MENTIONS = re.compile(r"(<@\d+>\s*)+")
MOMENT_HEADER = re.compile(rf"\*\*[^*]+\*\* · ({CLOCK})")   # opens each person's DMs of a moment
STATUS_LINK = re.compile(r"\[table status\]\(https://discord\.com/channels/[\d/]+\)")
FAREWELL = re.compile(r"\*\*[^*]+\*\* is over\. |The whole game, everything revealed: ")
INTRO = re.compile(r"You play \*\*.+\*\* at .+ #\d+\. ")    # a start DM with nothing else


def bot_thread_line(line: str) -> bool:
    """A thread line of the bot's own, not an event: pings (who is asked), the note naming
    closed DMs, a phase post's header, the winners with their side, the recap's headers, the
    notices that talk stops and opens again."""
    return bool("I cannot send you direct messages" in line or MENTIONS.fullmatch(line)
                or line in QUIET_NOTICES
                or recap_header(line) or MOMENT_HEADER.match(line) or CLOSED_LINE.match(line)
                or STATUS_LINK.fullmatch(line) or line.startswith(f"**{GAME_OVER_LINE}**"))


def unfolds_into(line: str, allowed: set[str]) -> bool:
    """Whether a thread line is a run of allowed lines folded into one (`render.folded`: a
    game's `folds`, Bethlem's "The narrator called: A, B, C.")."""
    for game in games.REGISTRY:
        t = Translator(game, "en")
        for kind in t.keys("folds"):
            start, end = render.template_ends(t.template("events", kind))
            head, tail = render.template_ends(t.template("folds", kind))
            if not (line.startswith(head) and line.endswith(tail)):
                continue
            items = {a[len(start):len(a) - len(end)] for a in allowed
                     if a.startswith(start) and a.endswith(end)}
            body = line[len(head):len(line) - len(tail)]
            ends = {0}        # where a run of allowed items, joined by ", ", may end
            for i in range(len(body) + 1):
                if i in ends:
                    ends |= {i + len(item) + 2 for item in items if body.startswith(item, i)}
            if len(body) + 2 in ends:
                return True
    return False


WATCH_OFFER = re.compile("|".join(
    re.escape(Translator(None, "en")("ui", key, id=0)).replace("0", r"\d+")
    for key in ("watch_offer", "watch_offer_taken", "watch_offer_closed")))


def bot_dm_line(line: str) -> bool:
    """A DM line of the bot's own, not an event: a moment's header, the start's line for a
    seat with nothing else, a question closed to one line, the offer to watch with the dead
    and what became of it, the farewell at the end."""
    return bool(MOMENT_HEADER.fullmatch(line) or FAREWELL.match(line) or INTRO.match(line)
                or CLOSED_LINE.match(line) or WATCH_OFFER.fullmatch(line))


async def audiences(db_path) -> tuple[str, dict[str, set[str]]]:
    """The game's name and, per audience tag, every line the outbox holds for it."""
    store = await Store.open(db_path)
    try:
        [game_id] = await store.game_ids(statuses=("finished",))
        table = await store.load_game(game_id)
        t = Translator(table.game, "en", table.names)
        lines: dict[str, set[str]] = {}
        for row in await store._outbox("game_id = ?", (game_id,)):
            lines.setdefault(row.audience, set()).update(t.event(row.kind, row.data).splitlines())
        for _, text in recap(t, await store.gm_log(game_id)):   # the GM log as its story
            lines.setdefault("gm", set()).update(text.splitlines())
        return table.names, lines
    finally:
        await store.close()


@pytest.mark.parametrize("game, mode, people, ai, settings", [
    ("bethlem", "normal", 2, 3, "round_cap=6"),   # deals vary from a few rounds to many
    ("bethlem", "two", 2, 0, "round_cap=5"),      # first answers rarely end it sooner
    ("room25", "coop", 1, 2, None),
    ("room25", "suspicion", 2, 2, None),
])
async def test_real_game_plays_to_the_end_keeping_secrets(tmp_path, game, mode, people, ai,
                                                          settings):
    await play_and_check(tmp_path, game, mode, people, ai,
                         **({"settings": settings} if settings else {}))


async def play_and_check(tmp_path, game: str, mode: str, people: int, ai: int,
                         **new_options) -> tuple[list[str], dict[str, set[str]]]:
    """One whole game with scripted people; every line seen checked against its audience.
    `new_options` go to the game's `new` command. Returns the seat names and the lines."""
    db = tmp_path / "db.sqlite3"
    async with Loopback() as discord:
        guild = discord.guild("Test server")
        players = [guild.user(f"player{i}") for i in range(people)]
        games = guild.text_channel("games")
        async with discord.run_bot(partial(make_bot, settle_delay=0.01), db, idle=idle):
            host = players[0]
            rules = await host.slash(games, f"{game} rules")
            overview = load_locale(game, "en")["rules"]["overview"]     # not the key's name
            assert rules.ephemeral and rules.content == overview[:1899] + (
                "…" if len(overview) > 1900 else ""), rules.content
            await host.slash(games, f"{game} new", mode=mode, timings=FAST_TIMINGS,
                             **new_options)
            lobby = games.last_message()
            for person in players[1:]:
                await person.click(lobby, "Join")
            for _ in range(ai):
                await host.slash(games, f"{game} add-ai")
            started = await host.click(lobby, "Start")
            assert started.type == 7 and not lobby.buttons, started
            thread = lobby.thread
            assert status_message(thread).embeds
            loop = asyncio.get_running_loop()
            give_up = loop.time() + 90
            done: set = set()
            looked = False
            while not finished(thread) and loop.time() < give_up:
                prompts = [(p, m) for p in players for m in open_questions(p, thread, done)]
                for person, prompt in prompts:
                    assert not ritual(shown(prompt)), f"a ritual click: {shown(prompt).lines()}"
                    await answer_first(person, prompt, done)
                    for p in players:      # a seat's DMs hold at most one live question
                        assert len(open_dm_questions(p)) <= 1, open_dm_questions(p)
                    if not looked and not finished(thread):
                        looked = True
                        assert_secrets_lead_with_the_secret(
                            await person.click(status_message(thread), "My secrets"))
                if not prompts:
                    await asyncio.sleep(0.05)
            assert finished(thread), "the game did not end"
            await discord.settle()
            for person in players:
                assert_dm_conversation_reads_down(person, over=True)
            assert assert_recap_reads_by_round(thread), "no recap"
            # The table's picture comes with the questions asked in the thread, not only on
            # the status message at the top.
            assert any(a.filename == "table.png" for m in thread.messages()[2:]
                       for a in m.attachments)
        assert not [c for c in discord.calls if c.status == 400]
        assert_the_thread_reads_as_one_table(games, thread, players)
        seen = seen_lines(thread, players)
        drawn = what_people_see(thread, players)
    audiences_seen = await assert_each_line_reached_its_audience(db, *seen)
    assert_nothing_to_stumble_on(drawn)
    return audiences_seen


def assert_nothing_to_stumble_on(drawn) -> None:
    """What each person sees at the end, as Discord draws it (tests/loopback/seen.py)."""
    found = findings(drawn)
    assert not found, "what people see:\n" + "\n".join(found)


def assert_the_thread_reads_as_one_table(channel, thread, players) -> None:
    """A phase's news grows one post (a new one only after a question or near the length
    limit; a question closing takes its step's news under it); no picture follows the same picture; the status is pinned; one game-over post,
    a farewell DM to each person, the lobby a line; nothing left to click."""
    messages = thread.messages()
    for a, b in zip(messages, messages[1:]):
        news = [m.content.splitlines()[0] for m in (a, b) if m.content and not m.embeds
                and not any(CLOSED_LINE.match(line)           # a closed question, maybe with
                            for line in m.content.splitlines())]   # the news it closed with
        if len(news) == 2 and MOMENT_HEADER.match(news[0]) and news[0] == news[1]:
            assert len(a.content) > PHASE_LIMIT - 300, f"a phase post multiplied: {b.content!r}"
    shown = [m.attachments[0].data for m in messages if m.attachments]
    assert all(x != y for x, y in zip(shown, shown[1:])), "the same picture twice in a row"
    assert messages[0].pinned and messages[0].embeds      # the status, at the top
    assert sum(GAME_OVER_LINE in m.content for m in messages) == 1
    for person in players:
        assert sum(FAREWELL.match(m.content) is not None for m in person.dms()) == 1
    [lobby] = channel.messages()
    assert lobby.content.count("\n") == 0 and "finished" in lobby.content and not lobby.embeds
    assert messages[0].labels() == ["Replay"]     # the finished status offers the replay
    assert not [m for m in [*messages[1:], lobby, *(m for p in players for m in p.dms())]
                if m.buttons or m.selects], "a question still clickable after the end"


def seen_lines(thread, players) -> tuple[list[str], dict[str, list[str]]]:
    """Every line the thread showed, and every line each person found in their DMs."""
    thread_lines = [line for m in thread.messages() for line in m.content.splitlines()]
    dm_lines = {p.name: [line for m in p.dms() for line in m.content.splitlines()]
                for p in players}
    return thread_lines, dm_lines


async def assert_each_line_reached_its_audience(db, thread_lines: list[str],
                                                dm_lines: dict[str, list[str]]
                                                ) -> tuple[list[str], dict[str, set[str]]]:
    """Returns the seat names and every audience's lines."""
    names, lines = await audiences(db)
    public, gm = lines.get("public", set()), lines.get("gm", set())
    end = next(i for i, line in enumerate(thread_lines) if GAME_OVER_LINE in line)
    for i, line in enumerate(thread_lines):
        if bot_thread_line(line):
            continue
        line = event_line(line) if i > end else line
        allowed = public if i <= end else public | gm   # the GM log is the recap, after the end
        assert line in allowed or unfolds_into(line, allowed), \
            f"thread line not meant for the public: {line!r}"
    for name, seen in dm_lines.items():
        own = lines.get(f"seat:{names.index(name)}", set())
        for line in seen:    # a line said again at once is one line, counted
            assert event_line(line) in own or bot_dm_line(line), f"{name} saw {line!r}"
    return names, lines


async def test_a_phase_post_grows_by_one_edit_for_a_burst_of_steps(tmp_path):
    """With the bot's own spacing of a phase post's edits (`news_every`), a burst of steps
    is one edit: edits of one post come at least that far apart, but for the one a following
    message releases at once (news never follows the question it came before), and every
    line still reaches its audience."""
    every = 1.0
    db = tmp_path / "db.sqlite3"
    async with Loopback(strict=False, timeout=120) as discord:
        table = replace(WHOLE["bethlem"], options={"settings": "round_cap=6"})
        thread, people = await play(discord, table, db, news_every=every)
        edits: dict[str, list[float]] = {}
        for call in discord.calls:
            if call.method == "PATCH" and call.path.startswith(f"/channels/{thread.id}/"):
                edits.setdefault(call.path, []).append(call.started)
        phase_posts = {f"/channels/{thread.id}/messages/{m.id}" for m in thread.messages()
                       if MOMENT_HEADER.match(m.content)}
        close = {path: sum(b - a < every * 0.9 for a, b in zip(times, times[1:]))
                 for path, times in edits.items() if path in phase_posts}
        assert close and all(n <= 1 for n in close.values()), close
        seen = seen_lines(thread, people)
        drawn = what_people_see(thread, people)
    store = await Store.open(db)
    try:
        [game_id] = await store.game_ids(statuses=("finished",))
        posts = await store.posts(game_id)
    finally:
        await store.close()
    planned: dict[str, int] = {}     # a phase post's path -> the edits planned for it
    for key in posts:
        if key.startswith("more:") and key.split(":", 2)[2] in posts:
            target = posts[key.split(":", 2)[2]]
            path = f"/channels/{thread.id}/messages/{target.message_id}"
            planned[path] = planned.get(path, 0) + 1
    assert any(n > len(edits.get(path, ())) for path, n in planned.items()), \
        "no burst of steps was one edit"
    await assert_each_line_reached_its_audience(db, *seen)
    assert_nothing_to_stumble_on(drawn)
