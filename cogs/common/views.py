"""Persistent components. Every custom_id carries what its callback needs (game, question,
option), so buttons keep working after a restart without re-registering any message."""
from __future__ import annotations

import re

import discord

from cogs.common import actions, im_back, replay, settings_form, table_clock, watching
from hosting.store import GameRow

_ID = r"(?P<gid>\d+)"


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=rf"tbl:lobby:(?P<action>join|leave|start):{_ID}"):
    STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
              "start": discord.ButtonStyle.primary}

    def __init__(self, action: str, game_id: int, label: str | None = None):
        super().__init__(discord.ui.Button(label=label or action.title(),
                                           style=self.STYLES[action],
                                           custom_id=f"tbl:lobby:{action}:{game_id}"))
        self.action, self.game_id = action, game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match):
        return cls(match["action"], int(match["gid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await getattr(actions, self.action)(interaction, self.game_id)


class SettingsButton(discord.ui.DynamicItem[discord.ui.Button],
                     template=rf"tbl:settings:{_ID}:(?P<page>\d+)"):
    """The host's form for the table's options, one button a page of five."""

    def __init__(self, game_id: int, page: int, label: str = "Settings"):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"tbl:settings:{game_id}:{page}"))
        self.game_id, self.page = game_id, page

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match):
        return cls(int(match["gid"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await settings_form.open_form(interaction, self.game_id, self.page)


class TakeSeatButton(discord.ui.DynamicItem[discord.ui.Button],
                     template=rf"tbl:take:{_ID}:(?P<seat>\d+)"):
    """**Take this seat**, on a seat's offer in the thread (`cogs.common.substitutes`)."""

    def __init__(self, game_id: int, seat: int, label: str = "Take this seat"):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.success,
                                           custom_id=f"tbl:take:{game_id}:{seat}"))
        self.game_id, self.seat = game_id, seat

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match):
        return cls(int(match["gid"]), int(match["seat"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await actions.take_seat(interaction, self.game_id, self.seat)


class SecretsButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"tbl:secrets:{_ID}"):
    """"My secrets": the seat's private view and its open questions, ephemerally."""

    def __init__(self, game_id: int, label: str = "My secrets"):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           emoji="\N{LOCK}", custom_id=f"tbl:secrets:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match):
        return cls(int(match["gid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await actions.secrets(interaction, self.game_id)


class DecisionButton(discord.ui.DynamicItem[discord.ui.Button],
                     template=rf"tbl:d:{_ID}\|(?P<pid>[^|]+)\|(?P<opt>[^|]+)"):
    def __init__(self, game_id: int, pending_id: str, option_id: str, label: str = "?"):
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.primary,
            custom_id=f"tbl:d:{game_id}|{pending_id}|{option_id}"))
        self.game_id, self.pending_id, self.option_id = game_id, pending_id, option_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match):
        return cls(int(match["gid"]), match["pid"], match["opt"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await actions.decide(interaction, self.game_id, self.pending_id, self.option_id)


def menu(custom_id: str, options: list[discord.SelectOption] | None,
         placeholder: str | None) -> discord.ui.Select:
    """A menu; rebuilt from its id alone (after a restart) it holds a stand-in option."""
    return discord.ui.Select(custom_id=custom_id, placeholder=placeholder,
                             options=options or [discord.SelectOption(label="?")])


def chosen(interaction: discord.Interaction) -> str:
    """The option a menu's click chose (none: an empty id, which every handler refuses)."""
    values = (interaction.data or {}).get("values") or []
    return values[0] if values else ""


class DecisionSelect(discord.ui.DynamicItem[discord.ui.Select],
                     template=rf"tbl:s:{_ID}\|(?P<pid>[^|]+)\|(?P<page>\d+)"):
    def __init__(self, game_id: int, pending_id: str, page: int,
                 options: list[discord.SelectOption] | None = None, placeholder: str | None = None):
        super().__init__(menu(f"tbl:s:{game_id}|{pending_id}|{page}", options, placeholder))
        self.game_id, self.pending_id = game_id, pending_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match):
        return cls(int(match["gid"]), match["pid"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await actions.decide(interaction, self.game_id, self.pending_id, chosen(interaction))


class PickSelect(discord.ui.DynamicItem[discord.ui.Select],
                 template=rf"tbl:pk:{_ID}\|(?P<pid>[^|]+)"):
    """A multi-pick's menu (`Pending.params["pick"]`): choosing in it answers nothing yet;
    the question is edited in place to show what is picked, its button then answers with
    them."""

    def __init__(self, game_id: int, pending_id: str,
                 options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None, least: int = 1, most: int = 1):
        super().__init__(discord.ui.Select(
            custom_id=f"tbl:pk:{game_id}|{pending_id}", placeholder=placeholder,
            min_values=least, max_values=most,
            options=options or [discord.SelectOption(label="?")]))
        self.game_id, self.pending_id = game_id, pending_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match):
        return cls(int(match["gid"]), match["pid"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        await actions.picking(interaction, self.game_id, self.pending_id, picked=tuple(values))


class StepSelect(discord.ui.DynamicItem[discord.ui.Select],
                 template=rf"tbl:pt:{_ID}\|(?P<pid>[^|]+)\|(?P<step>\d+)\|(?P<picks>[^|]*)"):
    """One step of a question whose options are spelt as steps (`params["path"]`): the parts
    chosen before it ride in its id; choosing answers nothing yet, the question is edited in
    place to show the next step, and its button answers once the parts make an option."""

    def __init__(self, game_id: int, pending_id: str, step: int, picks: tuple[str, ...],
                 options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None):
        super().__init__(menu(
            f"tbl:pt:{game_id}|{pending_id}|{step}|{'.'.join(picks)}",
            options, placeholder))
        self.game_id, self.pending_id, self.picks = game_id, pending_id, picks

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match):
        picks = tuple(match["picks"].split(".")) if match["picks"] else ()
        return cls(int(match["gid"]), match["pid"], int(match["step"]), picks)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        await actions.picking(interaction, self.game_id, self.pending_id,
                              steps=(*self.picks, *values[:1]))


class BallotButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=rf"tbl:b:{_ID}\|(?P<opt>[^|]+)"):
    """An option of a question asked in the thread; the message says whose question it is."""

    def __init__(self, game_id: int, option_id: str, label: str = "?"):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.primary,
                                           custom_id=f"tbl:b:{game_id}|{option_id}"))
        self.game_id, self.option_id = game_id, option_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match):
        return cls(int(match["gid"]), match["opt"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await actions.decide_in_thread(interaction, self.game_id, self.option_id)


class BallotSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=rf"tbl:bs:{_ID}\|(?P<page>\d+)"):
    def __init__(self, game_id: int, page: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None):
        super().__init__(menu(f"tbl:bs:{game_id}|{page}", options, placeholder))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match):
        return cls(int(match["gid"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await actions.decide_in_thread(interaction, self.game_id, chosen(interaction))


class BallotStepSelect(discord.ui.DynamicItem[discord.ui.Select],
                       template=rf"tbl:bp:{_ID}"):
    """The first step of a question asked in the thread whose options are spelt as steps:
    choosing in it answers the person asked alone, with their question's steps left."""

    def __init__(self, game_id: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None):
        super().__init__(menu(f"tbl:bp:{game_id}", options, placeholder))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match):
        return cls(int(match["gid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await actions.picking_in_thread(interaction, self.game_id, chosen(interaction))


class WatchButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"tbl:watch:{_ID}"):
    """"Watch with the dead": offered by DM to the person of an eliminated seat."""

    def __init__(self, game_id: int, label: str = "Watch with the dead"):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           emoji="\N{EYES}", custom_id=f"tbl:watch:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match):
        return cls(int(match["gid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await watching.watch(interaction, self.game_id)


def dynamic_items() -> tuple[type, ...]:
    return (LobbyButton, SettingsButton, TakeSeatButton, SecretsButton, DecisionButton,
            DecisionSelect,
            PickSelect, StepSelect, BallotButton, BallotSelect, BallotStepSelect, WatchButton,
            replay.ReplayButton,
            table_clock.RemindersButton, table_clock.TimeVoteButton, im_back.BackButton)


def lobby_view(table: GameRow, t) -> discord.ui.View:
    """Join, Leave, Start, and the settings form's pages (for the host)."""
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave", "start"):
        view.add_item(LobbyButton(action, table.id, t("ui", action)))
    pages = len(settings_form.pages(table))
    for page in range(pages):
        view.add_item(SettingsButton(table.id, page, t("ui", "settings") if pages == 1 else
                                     t("ui", "settings_page", page=page + 1, pages=pages)))
    return view


def secrets_view(game_id: int, t, label_key: str = "secrets") -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(SecretsButton(game_id, t("ui", label_key)))
    return view


def watch_view(game_id: int, t) -> discord.ui.View:
    """The dead's offer: one button."""
    view = discord.ui.View(timeout=None)
    view.add_item(WatchButton(game_id, t("ui", "watch_button")))
    return view
