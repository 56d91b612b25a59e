"""What a private question and "My secrets" show, rendered from a real Room 25 and Bethlem
state: the question's round, the words its options carry, its deadline rule, and its outcome
under it once closed; the seat's own secret first."""
from __future__ import annotations

import discord

import games
from cogs.common import render
from games.base import Option, Pending
from hosting.store import GameRow, SeatRow

NAMES = ["Ana", "Bruno", "AI 1", "AI 2", "AI 3"]


def table(game: str, mode: str) -> GameRow:
    state, _ = games.engine(game).setup({"mode": mode}, len(NAMES), 7)
    return GameRow(1, game, "running", mode, {}, {}, 7, state=state,
                   seats=[SeatRow(i, n) for i, n in enumerate(NAMES)])


def pick(count: int) -> Pending:
    options = tuple(Option(f"c{i}", "char_name", {"char": "jennifer", "ability": "hide"})
                    for i in range(count))
    return Pending("9", 0, "pick", options, "c0", "pick")


def test_a_question_says_its_round_its_options_words_and_its_deadline_rule():
    room = table("room25", "suspicion")
    embed = render.prompt_embed(room, pick(2), due=1000.0)
    assert embed.title.endswith(", round 1: your decision") and embed.title[0].isupper()
    assert "**Jennifer**: Hide" in embed.description
    [deadline] = embed.fields
    assert deadline.value == "Answer <t:1000:R>. If time runs out: **Jennifer**."
    # Many options go to menus: each option carries its words as its description.
    [menu] = render.prompt_view(room, pick(21)).children
    assert {o.description for o in menu.item.options} == {"Hide"}


def test_a_closed_question_shrinks_to_one_line_under_the_news_it_carried():
    room = table("room25", "suspicion")
    embed = render.prompt_embed(room, pick(2), due=1000.0)
    t = render.translator(room)
    closed = render.closed_question(t, "**Programming** · round 2\nYou look at room B3.",
                                    [embed], "You chose **X**.")
    assert closed["content"].splitlines() == [
        "**Programming** · round 2", "You look at room B3.",
        f"{embed.title} — You chose **X**."]
    assert closed["embeds"] == [] and closed["attachments"] == [] and closed["view"] is None
    # In the thread the pictures stay: the next posts are drawn against them.
    assert "attachments" not in render.closed_question(t, None, [embed], "X", pictures=True)


def test_my_secrets_lead_with_the_seats_secret():
    for game, mode in (("bethlem", "normal"), ("room25", "suspicion")):
        embed = render.secrets_embed(table(game, mode), 0, 1, ["a private line"])
        assert isinstance(embed, discord.Embed) and embed.description is None
        names = [f.name for f in embed.fields]
        assert names[0] == "Yours" and names[-2:] == ["Open questions", "Latest private news"]
        assert "face down" not in embed.fields[0].value, embed.fields[0].value
        assert embed.fields[-2].value == "One question waits for you below."
