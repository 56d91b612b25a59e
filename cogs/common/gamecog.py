"""The slash-command group every game gets: new, join, leave, start, status, rules, add-ai,
pause, resume, cancel. A game's cog is a subclass naming its game; it may add commands."""
from __future__ import annotations

from typing import ClassVar, Literal

import discord
from discord import app_commands
from discord.ext import commands

import games
from cogs.common import (actions, opening, permissions, render, settings_form, table_clock,
                         watching)
from cogs.common.replay import show as show_replay
from games.base import IllegalMove
from games.settings_text import parse_settings
from hosting.more_time import MAX_MINUTES
from hosting.pace import settings_specs
from hosting.store import GameRow
from hosting.text import Translator, load_locale


def rules_topics(game: str, lang: str) -> dict[str, dict]:
    """Every entry of the game's locale that has a rules text, by id."""
    topics: dict[str, dict] = {}
    for layer in (load_locale(game, "en"), load_locale(game, lang)):
        for section, entries in layer.items():
            if isinstance(entries, dict):
                for key, value in entries.items():
                    if isinstance(value, dict) and "text" in value:
                        topics[key] = value
    return topics


@app_commands.guild_only()
class GameCog(commands.GroupCog):
    """Server-only: a table lives in a server channel and its thread."""
    game: ClassVar[str]

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        super().__init__()

    @property
    def host(self):
        return self.bot.host

    async def speechless(self, table: GameRow, user_id: int) -> tuple[str, str] | None:
        """The locale key of the note to a person whose posts in the game's thread are
        removed by the game's own rule, whatever the phase (`threads.police`); None: the
        table's quiet phases alone apply."""
        return None

    async def _here(self, interaction: discord.Interaction) -> GameRow | None:
        """The game of this thread, or the newest open one of this game in this channel."""
        try:
            table = await actions.in_time(interaction,
                                          self.host.table_here(self.game, interaction.channel_id))
        except IllegalMove as err:     # set aside: this build cannot load it
            await actions.refuse(interaction, err)
            return None
        if table is None:
            await actions.refuse(interaction, IllegalMove("no_game_here", "No game here."))
        return table

    # ---- creating a table -----------------------------------------------------------------------
    @app_commands.command(name="new", description="Open a new table in this channel.")
    @app_commands.describe(mode="Game mode", pace="live: minutes per step; async: hours",
                           timings="Override durations, e.g. vote=120,night_step=45",
                           settings="Game options, e.g. key=value; key=value")
    async def new(self, interaction: discord.Interaction, mode: str | None = None,
                  pace: Literal["live", "async"] = "live", timings: str | None = None,
                  settings: str | None = None) -> None:
        await self.open_table(interaction, mode, pace, timings, settings)

    async def open_table(self, interaction: discord.Interaction, mode: str | None, pace: str,
                         timings: str | None, settings: str | None,
                         typed: dict | None = None, ai_first: str | None = None) -> None:
        """Post the lobby and open the game's thread. `typed` holds options a game's own `new`
        asks for as typed parameters; `settings` may add or override any option by name;
        `ai_first` seats an AI of that policy before the host (a bot Mastermind)."""
        if interaction.guild_id is None:
            return await actions.refuse(interaction, IllegalMove(
                "new_in_thread", "Open a new table from a server text channel."))
        refused = opening.where_refused(interaction.channel)
        lacking = permissions.missing(interaction.app_permissions)
        if refused or lacking:
            here = Translator(None, await self.host.store.guild_lang(interaction.guild_id))
            return await actions.reply(interaction, here.error(
                refused.code, refused.params, refused.message) if refused
                else permissions.refusal(here, lacking))
        engine = games.engine(self.game)
        try:
            chosen = mode or engine.modes[0]
            if chosen not in engine.modes:
                raise IllegalMove("unknown_mode", f"Unknown mode {chosen!r}.", mode=chosen)
            options = {**(typed or {}), **parse_settings(
                settings or "", settings_specs(engine, chosen))}
            table = await actions.in_time(interaction, self.host.new_game(
                self.game, host_user=interaction.user.id, host_name=interaction.user.display_name,
                ai_first=ai_first,
                mode=chosen, pace_preset=pace, pace_overrides=timings, options=options,
                guild_id=interaction.guild_id, channel_id=interaction.channel_id),
                ephemeral=False)
        except IllegalMove as err:
            # One line in the server's language, naming the option and what it takes; what it
            # quotes of the input is clipped and escaped.
            t = Translator(self.game, await self.host.store.guild_lang(interaction.guild_id))
            return await actions.reply(interaction, render.refusal(t, err))
        t = render.translator(table)
        lobby = self.host.delivery.boards.lobby_now(table)
        if interaction.response.is_done():  # deferred under load: the lobby replaces "thinking"
            message = await interaction.edit_original_response(**lobby)
        else:
            message = (await interaction.response.send_message(**lobby)).resource
        thread = await opening.open_thread(self.host, interaction, table, message)
        if thread is None:
            return
        await self.host.set_messages(table.id, lobby_message_id=message.id, thread_id=thread.id)
        if wanting := permissions.wanted(interaction.app_permissions):
            await actions.reply(interaction, permissions.notice(t, wanting))

    @new.autocomplete("mode")
    async def _modes(self, interaction: discord.Interaction, current: str):
        t = Translator(self.game, await self.host.store.guild_lang(interaction.guild_id))
        return [app_commands.Choice(name=t.lookup("modes", m), value=m)
                for m in games.engine(self.game).modes if current.lower() in m.lower()][:25]

    # ---- seats ----------------------------------------------------------------------------------
    @app_commands.command(name="join", description="Take a seat at this channel's table.")
    async def join(self, interaction: discord.Interaction) -> None:
        if table := await self._here(interaction):
            await actions.join(interaction, table.id)

    @app_commands.command(name="leave", description="Leave the table (once it runs, your seat goes to the bot or a substitute).")
    async def leave(self, interaction: discord.Interaction) -> None:
        if table := await self._here(interaction):
            await actions.leave(interaction, table.id)

    @app_commands.command(name="add-ai", description="Fill a seat with an AI player.")
    @app_commands.describe(policy="How the AI plays")
    async def add_ai(self, interaction: discord.Interaction, policy: str | None = None) -> None:
        table = await self._here(interaction)
        if table is None:
            return
        engine = games.engine(table.game)
        try:
            seat = await actions.in_time(interaction, self.host.add_ai(
                table.id, None if actions.is_admin(interaction) else interaction.user.id,
                policy or engine.ai_policies[-1]))
        except IllegalMove as err:
            return await actions.refuse(interaction, err, table)
        await actions.reply(interaction, render.translator(table)("ui", "ai_added", name=seat.name))

    @add_ai.autocomplete("policy")
    async def _policies(self, interaction: discord.Interaction, current: str):
        return [app_commands.Choice(name=p, value=p) for p in games.engine(self.game).ai_policies
                if current.lower() in p][:25]

    @app_commands.command(name="start", description="Deal the cards and begin.")
    async def start(self, interaction: discord.Interaction) -> None:
        if table := await self._here(interaction):
            await actions.start(interaction, table.id)

    # ---- during play ----------------------------------------------------------------------------
    @app_commands.command(name="status", description="Where the game stands and who is awaited.")
    async def status(self, interaction: discord.Interaction) -> None:
        table = await self._here(interaction)
        if table is None:
            return
        if table.status == "lobby":
            return await actions.reply(interaction, embed=render.lobby_embed(table))
        await actions.reply(interaction, await actions.dms_note(interaction, table),
                            embed=await self.host.delivery.boards.status_embed(table))

    @app_commands.command(name="secrets", description="Your hidden information and open questions.")
    async def secrets(self, interaction: discord.Interaction) -> None:
        if table := await self._here(interaction):
            await actions.secrets(interaction, table.id)

    @app_commands.command(name="replay",
                          description="Every secret of an ended game, told again round by round.")
    @app_commands.describe(game="The game's number (this thread's game if left out)")
    async def replay(self, interaction: discord.Interaction, game: int | None = None) -> None:
        """Anyone may ask once the game has ended; the pages come privately (`replay`)."""
        if game is None:
            game = await self.host.store.thread_game(
                ("running", "paused", "finished", "cancelled"), interaction.channel_id)
        if game is None:
            return await actions.refuse(interaction, IllegalMove("no_game_here", "No game here."))
        await show_replay(interaction, game, 0)

    @app_commands.command(name="watch", description="Follow this table without a seat (and its secrets, where the table allows).")
    async def watch(self, interaction: discord.Interaction) -> None:
        if table := await self._here(interaction):
            await watching.watch(interaction, table.id)

    @app_commands.command(name="rules", description="How to play, or one card's rules.")
    @app_commands.describe(topic="A card, room, role or character")
    async def rules(self, interaction: discord.Interaction, topic: str | None = None) -> None:
        lang = await self.host.store.guild_lang(interaction.guild_id)
        t = Translator(self.game, lang)
        if topic is None:
            return await actions.reply(interaction, render.clip(t("rules", "overview"), 1900))
        entry = rules_topics(self.game, lang).get(topic) or next(
            (v for v in rules_topics(self.game, lang).values()
             if v.get("name", "").lower() == topic.lower()), None)
        if entry is None:
            return await actions.reply(interaction, t("ui", "rules_unknown",
                                                      name=render.echo(topic)))
        embed = discord.Embed(title=entry.get("name", topic), description=render.clip(entry["text"]))
        await actions.reply(interaction, embed=embed)

    @rules.autocomplete("topic")
    async def _topics(self, interaction: discord.Interaction, current: str):
        lang = await self.host.store.guild_lang(interaction.guild_id)
        found = [app_commands.Choice(name=v.get("name", k)[:100], value=k)
                 for k, v in rules_topics(self.game, lang).items()
                 if current.lower() in v.get("name", k).lower()]
        return sorted(found, key=lambda c: c.name)[:25]

    @commands.Cog.listener("on_interaction")
    async def _settings_sent(self, interaction: discord.Interaction) -> None:
        """A lobby's settings form of this game, sent back (`settings_form`)."""
        await settings_form.submitted(interaction, self.game)

    # ---- host controls ---------------------------------------------------------------------------
    async def _control(self, interaction: discord.Interaction, action: str, done_key: str) -> None:
        table = await self._here(interaction)
        if table is None:
            return
        try:
            await actions.in_time(interaction, getattr(self.host, action)(
                table.id, interaction.user.id, admin=actions.is_admin(interaction)))
        except IllegalMove as err:
            return await actions.refuse(interaction, err, table)
        await actions.reply(interaction, render.translator(table)("ui", done_key))

    @app_commands.command(name="pause", description="Freeze the game and its deadlines (host).")
    async def pause(self, interaction: discord.Interaction) -> None:
        await self._control(interaction, "pause", "paused_ok")

    @app_commands.command(name="resume", description="Continue a paused game (host).")
    async def resume(self, interaction: discord.Interaction) -> None:
        await self._control(interaction, "resume", "resumed_ok")

    @app_commands.command(name="cancel", description="End this table (host or server admin).")
    async def cancel(self, interaction: discord.Interaction) -> None:
        await self._control(interaction, "cancel", "cancelled_ok")

    @app_commands.command(name="extend", description="Give every open deadline more time (host).")
    @app_commands.describe(minutes="Minutes added to every deadline")
    async def extend(self, interaction: discord.Interaction,
                     minutes: app_commands.Range[int, 1, MAX_MINUTES]) -> None:
        if table := await self._here(interaction):
            await table_clock.extend(interaction, table, minutes)

    @app_commands.command(name="more-time",
                          description="Ask the table for more time on the question in the thread.")
    async def more_time(self, interaction: discord.Interaction) -> None:
        if table := await self._here(interaction):
            await table_clock.ask(interaction, table)

    @app_commands.command(name="replace", description="Give a player's seat to someone else, or offer it in the thread (host).")
    @app_commands.describe(old="Who plays the seat, or left it", new="Who plays it from now on (left out: the seat is offered in the thread)")
    async def replace(self, interaction: discord.Interaction, old: discord.User,
                      new: discord.User | None = None) -> None:
        """With `new`, the seat is theirs at once (`Host.replace_player`); without, anyone
        not at the table may take it with the offer's button."""
        table = await self._here(interaction)
        if table is None:
            return
        t = render.translator(table)
        by, admin = interaction.user.id, actions.is_admin(interaction)
        try:
            if new is None:
                seat = await actions.in_time(interaction, self.host.offer_seat(
                    table.id, by, old.id, admin=admin))
                return await actions.reply(interaction, t("ui", "seat_offered_ok",
                                                          number=seat + 1))
            if new.bot:
                raise IllegalMove("bot_seat", "A bot cannot take a seat.")
            changed = await actions.in_time(interaction, self.host.replace_player(
                table.id, by, old.id, new.id, new.display_name, admin=admin))
        except IllegalMove as err:
            return await actions.refuse(interaction, err, table)
        seat = changed.seat_of(new.id).seat
        now = render.translator(changed)
        await actions.reply(interaction, now("ui", "replaced_ok", number=seat + 1,
                                             name=now.seat_name(seat)))

