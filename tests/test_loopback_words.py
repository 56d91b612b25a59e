"""Each game's own words on the shared messages, through the loopback Discord: a lobby names
the seat whose role is known before the start (Mysterium's human Ghost), Mysterium's headers
and titles name its hour instead of a round, and a psychic's question in the thread shows
that psychic's picture (public facts only, the engine says so) with the words of the same
view as its alt text."""
from __future__ import annotations

import games
from cogs.common import render
from games.base import PUBLIC_PICTURE, Option, Pending
from hosting.store import GameRow, SeatRow, Store
from hosting.text import Translator
from tests.loopback.table import FAST_TIMINGS, at_a_table, status_message

TIMINGS = FAST_TIMINGS.replace("clue=3", "clue=60").replace("day_discussion=3",
                                                               "day_discussion=60")


async def test_a_lobby_names_mysteriums_human_ghost_and_no_ghost_when_the_bot_plays_it(tmp_path):
    async with at_a_table(tmp_path / "db.sqlite3", "laura", "alex") as (
            discord, (laura, alex), games_channel):
        await laura.slash(games_channel, "mysterium new", ghost="player")
        human = games_channel.last_message()
        await alex.click(human, "Join")
        assert "The Ghost: laura" in human.text.splitlines()
        await alex.slash(games_channel, "mysterium new", ghost="bot")
        bot = games_channel.last_message()
        assert bot.id != human.id and "Ghost" not in bot.text


async def test_mysteriums_hour_heads_its_posts_and_a_psychic_is_asked_under_its_picture(
        tmp_path):
    async with at_a_table(tmp_path / "db.sqlite3", "laura", "alex") as (
            discord, (laura, alex), games_channel):
        await laura.slash(games_channel, "mysterium new", mode="easy", ghost="bot",
                          timings=TIMINGS)
        lobby = games_channel.last_message()
        await alex.click(lobby, "Join")
        await laura.click(lobby, "Start")
        thread = lobby.thread

        def seat_pictures():
            return {a.filename: (m, a) for m in thread.messages() for a in m.attachments
                    if a.filename.startswith("seat")}

        await discord.wait_for(lambda: {"seat1.png", "seat2.png"} <= set(seat_pictures()),
                               what="each person's psychics asked under their picture")
        table = await stored_table(tmp_path)
        for name, (question, own) in seat_pictures().items():
            assert question.embeds[0]["title"].endswith(", Hour 1 of 7: the table decides")
            view = games.engine("mysterium").seat_view(table.state, int(name[4:-4]) - 1)
            assert own.description == render.alt_text(table, view)
            assert own.description.startswith("Hour 1 of 7")
        # Laura plays two psychics: her picture goes with the first of her questions only.
        shown = [a.data for m in thread.messages()[1:] for a in m.attachments]  # not status
        assert all(x != y for x, y in zip(shown, shown[1:])), "a picture twice in a row"
        status = status_message(thread)
        assert status.embeds[0]["footer"]["text"] == "Hour 1 of 7"
        assert all(a.description for m in thread.messages() for a in m.attachments)
        headers = [m.content.splitlines()[0] for p in (laura, alex) for m in p.dms()
                   if m.content]
        assert headers and all(" · Hour 1 of 7" in h for h in headers), headers
        assert not any("round" in h for h in headers)


async def stored_table(tmp_path) -> GameRow:
    store = await Store.open(tmp_path / "db.sqlite3")
    try:
        [game_id] = await store.game_ids(statuses=("running",))
        return await store.load_game(game_id)
    finally:
        await store.close()


def test_a_seat_picture_goes_with_a_public_question_only_when_its_engine_vouches_for_it():
    names = ["Ana", "Bruno", "AI 1", "AI 2"]
    state, _ = games.engine("mysterium").setup({"mode": "easy", "ghost": "bot"}, 4, 7)
    table = GameRow(1, "mysterium", "running", "easy", {}, {}, 7, state=state,
                    seats=[SeatRow(i, n) for i, n in enumerate(names)])

    def ask(picture) -> Pending:
        return Pending("9", 1, "look_x", (Option("ready", "ready"),), "ready", "vote", True,
                       {"picture": picture})

    assert render.shared_seat_pictures(table, [ask(True)]) == {}     # a DM's picture: secrets
    view = games.engine("mysterium").seat_view(state, 1)
    assert render.shared_seat_pictures(table, [ask(PUBLIC_PICTURE)]) == {
        1: (render.picture_png(table, view), render.alt_text(table, view))}
    assert render.alt_text(table, view).startswith("Hour 1 of 7")
    assert Translator("mysterium", "en")("views", "clock", hour=3) == "Hour 3 of 7"


def test_a_post_of_the_phase_just_ended_keeps_the_games_clock_in_its_header():
    """A phase post sent as the next phase of the same round begins (a quick answer) still
    names the round in the game's own words; a post of another round names that one's
    (`Engine.clock_at`)."""
    state, _ = games.engine("looper").setup({"mode": "first_steps"}, 3, 7)
    table = GameRow(1, "looper", "running", "first_steps", {}, {}, 7, state=state,
                    seats=[SeatRow(i, n) for i, n in enumerate(["Ana", "Bruno", "Carla"])])
    t = render.translator(table)
    view = games.engine("looper").public_view(state)
    now = render.moment(table, t)
    ended = render.moment(table, t, at=f"some_earlier_phase:{view['round']}")
    assert ended["clock"] == now["clock"] == "Before loop 1"
    older = render.moment(table, t, at=f"morning:{int(view['round']) + 3}")
    assert older["clock"] == "Loop 1 · Day 3"
