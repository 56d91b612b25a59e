"""The lobby's settings form: a game's declared options as the fields of a modal, for the
host to fill in before the start instead of typing `settings:` by heart.

Discord allows five fields a modal, so the options go five to a page in the order the game
declares them, one lobby button a page. Each field shows what the option takes, the table's
value if it set one (empty: the game's own choice, shown as the placeholder), and is read by
the same parser and specs as `settings:`. The modal's custom_id carries the game and the page,
and its answer is read from the interaction itself, so a form stays good across a restart and
whichever process receives it.
"""
from __future__ import annotations

import re

import discord

import games
from cogs.common import actions, render
from games.base import IllegalMove
from games.options import Choice, Flag, Number
from games.settings_text import format_value, parse_value
from hosting import pace
from hosting.store import GameRow

FIELDS = 5          # Discord: components in a modal
TITLE_MAX, LABEL_MAX, HINT_MAX, VALUE_MAX = 45, 45, 100, 4000   # Discord's lengths
FORM_ID = re.compile(r"tbl:setf:(?P<game>\w+):(?P<gid>\d+):(?P<page>\d+)")
SET, KEPT = "set", "kept"   # a field's custom_id prefix: empty clears it / empty keeps it


def pages(table: GameRow) -> list[list[str]]:
    """The names of the table's options, five to a page."""
    names = list(pace.settings_specs(games.engine(table.game), table.mode))
    return [names[at:at + FIELDS] for at in range(0, len(names), FIELDS)]


def form(table: GameRow, page: int) -> discord.ui.Modal:
    """Page `page` of the table's settings as a modal."""
    t = render.plain_translator(table)
    engine = games.engine(table.game)
    specs = pace.settings_specs(engine, table.mode)
    lo, hi = engine.player_range(table.mode)
    defaults = engine.default_options(table.mode, min(max(lo, len(table.seats)), hi))
    count = len(pages(table))
    title = (t("ui", "settings_title_page", game=render.game_title(t), page=page + 1,
               pages=count) if count > 1 else t("ui", "settings_title",
                                                game=render.game_title(t)))
    modal = discord.ui.Modal(title=render.clip(title, TITLE_MAX),
                             custom_id=f"tbl:setf:{table.game}:{table.id}:{page}")
    for name in pages(table)[page]:
        spec = specs[name]
        shown = format_value(table.options[name]) if name in table.options else ""
        kept = len(shown) > VALUE_MAX
        default = defaults.get(name)
        hint = (t("ui", "settings_kept") if kept else t("ui", "settings_open") if default is None
                else t("ui", "settings_empty", default=format_value(default)))
        field = discord.ui.TextInput(
            custom_id=f"{KEPT if kept else SET}:{name}", required=False, max_length=VALUE_MAX,
            style=(discord.TextStyle.short if isinstance(spec, (Number, Flag, Choice))
                   else discord.TextStyle.paragraph),
            default=None if kept or not shown else shown, placeholder=render.clip(hint, HINT_MAX))
        modal.add_item(discord.ui.Label(
            text=render.clip(name, LABEL_MAX), component=field,
            description=render.clip(t("ui", "settings_takes", accepts=spec.describe()),
                                    HINT_MAX)))
    return modal


async def open_form(interaction: discord.Interaction, game_id: int, page: int) -> None:
    """The host's click on a lobby's settings button: the form, or why not."""
    table = None
    try:
        table = await actions.host_of(interaction).table(game_id)
        if table.status != "lobby":
            raise IllegalMove("not_in_lobby", "This game has already started.")
        if interaction.user.id != table.host_user and not actions.is_admin(interaction):
            raise IllegalMove("not_host", "Only the game's host can do that.")
        if page >= len(pages(table)):
            raise IllegalMove("stale", "That form is no longer open.")
    except IllegalMove as err:
        return await actions.refuse(interaction, err, table)
    modal = form(table, page)
    await interaction.response.send_modal(modal)
    modal.stop()   # its answer is read by `submitted`, whichever process gets it


async def submitted(interaction: discord.Interaction, game: str) -> None:
    """A form of `game` sent back: the fields read as settings, then kept by the host."""
    if interaction.type != discord.InteractionType.modal_submit:
        return
    match = FORM_ID.fullmatch((interaction.data or {}).get("custom_id", ""))
    if match is None or match["game"] != game:
        return
    game_id, table = int(match["gid"]), None
    try:
        table = await actions.host_of(interaction).table(game_id)
        specs = pace.settings_specs(games.engine(table.game), table.mode)
        changed, cleared = {}, []
        for custom_id, text in _typed(interaction.data.get("components") or []):
            kind, _, name = custom_id.partition(":")
            if text.strip():
                changed[name] = parse_value(name, text, specs)
            elif kind == SET:
                cleared.append(name)
    except IllegalMove as err:
        return await actions.refuse(interaction, err, table)
    await actions.set_options(interaction, game_id, changed, tuple(cleared))


def _typed(components: list[dict]):
    """(custom_id, value) of every text field in a modal's answer, however it is nested."""
    for component in components:
        if "value" in component and "custom_id" in component:
            yield component["custom_id"], str(component["value"])
        yield from _typed(component.get("components") or [])
        if component.get("component"):
            yield from _typed([component["component"]])
