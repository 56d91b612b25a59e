"""A finished game's replay as Discord shows it: ephemeral pages turned with Previous and Next,
one round of the game's clock a page (a long round takes several), each with everything that
happened told as the story tells it (`story`: secret moves, each seat's private lines, the
public news), what each seat held at the end of the round when it changed, and the table's
picture at that moment.

The pages are built on demand from the replayed game (`hosting.replay`); nothing is stored.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

import discord

import games
from cogs.common import actions, render
from cogs.common.sending import NOBODY
from cogs.common.story import tell
from games.base import IllegalMove
from hosting.replay import NotReplayable, Replay, load
from hosting.text import Translator

PAGE_LIMIT = 3800    # characters of a page's text (an embed's description holds 4096)


@dataclass
class Page:
    round: int      # index of its round in the replay: the clock is its start's, the picture
    #                 its end's
    text: str


def _round_lines(t: Translator, replay: Replay, index: int, shown: dict[int, str]) -> list[str]:
    """A round told: each phase's lines under its name, then each seat's secrets that
    changed since they were last shown (`shown`, updated)."""
    round_ = replay.rounds[index]
    lines: list[str] = []
    moment, events = None, []
    for step in round_.steps:
        if step.moment != moment:
            lines += tell(t, events)
            moment, events = step.moment, []
            lines.append(t("ui", "replay_phase",
                           phase=t.lookup("phases", step.moment.rpartition(":")[0])))
        events += [(e.audience, e.kind, e.data) for e in step.events]
    lines += tell(t, events)
    at_end = dataclasses.replace(replay.game, state=round_.state)
    held = []
    for seat in range(len(replay.game.seats)):
        secret = render.secret_lines(at_end, seat, t)
        now = "; ".join(line.strip() for line in (*secret.get("own", ()), *secret.get("known", ()))
                        if line.strip())
        if now and shown.get(seat) != now:
            shown[seat] = now
            held.append(t("ui", "replay_seat", seat=seat, lines=now))
    return lines + ([t("ui", "replay_secrets"), *held] if held else [])


def pages(t: Translator, replay: Replay) -> list[Page]:
    """Every page of the replay, in order."""
    out: list[Page] = []
    shown: dict[int, str] = {}
    for index in range(len(replay.rounds)):
        lines = _round_lines(t, replay, index, shown)
        out += [Page(index, text) for _, text in render.chunk_pairs(
            [(None, line) for line in lines], PAGE_LIMIT)]
    return out


def page_message(replay: Replay, number: int) -> dict:
    """Page `number` (clamped to the pages there are) as message parts: its embed, its
    picture and the Previous / Next buttons."""
    table = replay.game
    t = render.translator(table)
    every = pages(t, replay)
    number = max(0, min(number, len(every) - 1))
    page = every[number]
    round_ = replay.rounds[page.round]
    engine = games.engine(table.game)
    state, view = round_.state, engine.public_view(round_.state)
    embed = discord.Embed(
        title=render.clip(t("ui", "replay_title", game=render.game_title(t),
                            clock=render.clock(engine.public_view(round_.start), t),
                            page=number + 1, pages=len(every)), 256),
        description=page.text, colour=discord.Colour.dark_gold())
    files = []
    if file := render.picture_file(dataclasses.replace(table, state=state), view, "round.png"):
        embed.set_image(url="attachment://round.png")
        files.append(file)
    buttons = discord.ui.View(timeout=None)
    for way, to in (("previous", number - 1), ("next", number + 1)):
        button = ReplayButton(table.id, max(0, min(to, len(every) - 1)), way,
                              t("ui", f"replay_{way}"))
        button.item.disabled = not 0 <= to < len(every)
        buttons.add_item(button)
    return {"embed": embed, "files": files, "view": buttons}


async def _page(interaction: discord.Interaction, game_id: int, number: int) -> dict:
    """The page asked for, of a finished game of this server (IllegalMove otherwise)."""
    table = await actions.host_of(interaction).table(game_id)
    if table.guild_id != interaction.guild_id:     # another server's games are not named
        raise IllegalMove("no_game", "There is no such game.")
    try:
        replay = await load(actions.host_of(interaction).store, table)
    except NotReplayable as err:
        raise IllegalMove(err.code, str(err)) from err
    return page_message(replay, number)


async def show(interaction: discord.Interaction, game_id: int, number: int,
               turning: bool = False) -> None:
    """Answer a Replay (a new private message) or a page turn (`turning`: the page it was
    clicked on is edited)."""
    try:
        parts = await actions.in_time(interaction, _page(interaction, game_id, number))
    except IllegalMove as err:
        return await actions.refuse_in(interaction, err, game_id)
    if not turning:
        return await actions.reply(interaction, **parts)
    files = parts.pop("files")
    if interaction.response.is_done():
        await interaction.edit_original_response(attachments=files, **parts,
                                                 allowed_mentions=NOBODY)
    else:
        await interaction.response.edit_message(attachments=files, **parts,
                                                allowed_mentions=NOBODY)


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"tbl:replay:(?P<gid>\d+):(?P<page>\d+):(?P<way>open|previous|next)"):
    """Opens a finished game's replay at a page (`open`), or turns its pages."""

    def __init__(self, game_id: int, page: int, way: str = "open", label: str = "Replay"):
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary,
            emoji="\N{OPEN BOOK}" if way == "open" else None,
            custom_id=f"tbl:replay:{game_id}:{page}:{way}"))
        self.game_id, self.page, self.way = game_id, page, way

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match):
        return cls(int(match["gid"]), int(match["page"]), match["way"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await show(interaction, self.game_id, self.page, turning=self.way != "open")


def replay_view(game_id: int, t: Translator) -> discord.ui.View:
    """The Replay button of a finished game's status."""
    view = discord.ui.View(timeout=None)
    view.add_item(ReplayButton(game_id, 0, "open", t("ui", "replay")))
    return view
