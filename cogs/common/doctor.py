"""`python bot.py doctor --channel ID [--user ID]`: whether a table can run in a channel, checked
on the real Discord with the bot's own token, one line per check with how to fix what fails.

It tries what a table does rather than trusting the permission bits alone: it posts in the
channel, opens a thread from that post, posts and pins in the thread, writes to the person who
asks, and reads the commands Discord holds for the bot; then it deletes what it made."""
from __future__ import annotations

import asyncio
from dataclasses import dataclass

import discord

import games
from cogs.common import opening, permissions
from cogs.common.sending import NOBODY
from hosting.text import Translator

OK, WARN, FAIL = "ok", "warn", "FAIL"
GUILD_INSTALL, IN_GUILDS = [0], [0]      # integration_types and contexts of every command
SHARED_COMMANDS = ("games", "language")
PROBE = ("Checking that a game table can run in this channel (`bot.py doctor`): this message "
         "and its thread are deleted in a moment.")


@dataclass
class Check:
    name: str
    status: str                 # OK, WARN (the table plays, a little worse) or FAIL
    detail: str = ""            # what was found, and for WARN and FAIL how to fix it

    def line(self) -> str:
        return f"{self.status:<4}  {self.name}" + (f": {self.detail}" if self.detail else "")


def report(checks: list[Check]) -> tuple[list[str], int]:
    """The lines to print and the exit status: 1 if any check failed."""
    return [c.line() for c in checks], int(any(c.status == FAIL for c in checks))


async def examine(client: discord.Client, channel_id: int, user_id: int | None = None,
                  commands_guild: int | None = None) -> list[Check]:
    """Every check, on a connected client (`commands_guild`: the server commands are synced
    to, DEV_GUILD_ID; None: globally)."""
    channel = await _channel(client, channel_id)
    if channel is None:
        return [Check("channel", FAIL, f"I cannot see channel {channel_id}: check the id, "
                      "invite the bot to its server, and give it View Channel there")]
    checks = [Check("channel", OK, f"#{channel.name} in {channel.guild.name}")]
    refused = opening.where_refused(channel)
    if refused is not None:
        checks.append(Check("channel kind", FAIL, "Discord allows no threads here, and a table "
                            "plays in a thread: pick a server text channel"))
    granted = channel.permissions_for(channel.guild.me)
    checks += _permissions(channel, granted)
    if refused is None:
        checks += await _thread(channel, granted)
    if user_id is not None:
        checks.append(await _dm(client, user_id))
    checks.append(await _commands(client, channel.guild.id, commands_guild))
    return checks


async def _channel(client: discord.Client, channel_id: int):
    channel = client.get_channel(channel_id)
    if channel is None:
        try:
            channel = await client.fetch_channel(channel_id)
        except discord.HTTPException:
            return None
    return channel if getattr(channel, "guild", None) is not None else None


def _permissions(channel, granted: discord.Permissions) -> list[Check]:
    t = Translator(None, "en")
    where = f"grant it to the bot's role in #{channel.name}'s settings, under Permissions"
    checks = [Check(t.lookup("permissions", name), OK if getattr(granted, name) else FAIL,
                    "" if getattr(granted, name) else where)
              for name in permissions.TABLE_NEEDS + permissions.TABLE_WANTS]
    checks.append(Check("Manage Messages", OK if granted.manage_messages else WARN,
                        "" if granted.manage_messages else f"{where}, to remove posts where a "
                        "game's rules want silence (a quiet phase, Mysterium's Ghost)"))
    return checks


async def _thread(channel, granted: discord.Permissions) -> list[Check]:
    """Open a thread as `/GAME new` does, post and pin in it, then delete it all."""
    if not (granted.send_messages and granted.create_public_threads):
        return [Check("thread", FAIL, "not tried: the bot needs Send Messages and Create "
                      "Public Threads here first")]
    try:
        probe = await channel.send(PROBE, allowed_mentions=NOBODY)
    except discord.HTTPException as err:
        return [Check("thread", FAIL, f"posting the lobby was refused ({_code(err)})")]
    checks: list[Check] = []
    try:
        thread = await probe.create_thread(name="table check", auto_archive_duration=60)
    except discord.HTTPException as err:
        checks.append(Check("thread", FAIL, _thread_refused(err)))
    else:
        checks.append(await _inside(thread, granted))
        checks.append(await _remove(thread))
    try:
        await probe.delete()
    except discord.HTTPException as err:
        checks.append(Check("clean up", FAIL, f"delete the check's message in #{channel.name} "
                            f"by hand ({_code(err)})"))
    return checks


async def _inside(thread: discord.Thread, granted: discord.Permissions) -> Check:
    """A post in the new thread (its embed kept), pinned and unpinned where the bot may pin."""
    try:
        post = await thread.send(embed=discord.Embed(description="A table's status goes here."),
                                 allowed_mentions=NOBODY)
        if not post.embeds:
            return Check("thread", FAIL, "opened, but Discord dropped the post's embed: grant "
                         "Embed Links")
        if granted.pin_messages:
            await post.pin()
            await post.unpin()
    except discord.HTTPException as err:
        return Check("thread", FAIL, f"opened, but a post or pin in it was refused "
                     f"({_code(err)}): grant Send Messages in Threads and Pin Messages")
    return Check("thread", OK, "opened from a post, took a post" + (
        " and a pin" if granted.pin_messages else ""))


async def _remove(thread: discord.Thread) -> Check:
    try:
        await thread.delete()
        return Check("clean up", OK, "the check's thread and message are deleted")
    except discord.HTTPException:
        pass
    try:
        await thread.edit(archived=True, locked=True)
        return Check("clean up", WARN, f"the check's thread {thread.name!r} could not be "
                     "deleted (Manage Threads): it is archived; delete it by hand")
    except discord.HTTPException as err:
        return Check("clean up", WARN, f"delete the check's thread {thread.name!r} by hand "
                     f"({_code(err)})")


def _thread_refused(err: discord.HTTPException) -> str:
    why = {160006: "the server holds Discord's limit of active threads: archive some",
           50013: "grant Create Public Threads", 50001: "grant View Channel",
           50024: "Discord allows no threads in this kind of channel: pick a text channel"}
    return f"Discord refused it ({_code(err)}): {why.get(err.code, 'try again later')}"


async def _dm(client: discord.Client, user_id: int) -> Check:
    """Write to the person who asks, then delete it: a table deals its secrets by DM."""
    try:
        user = await client.fetch_user(user_id)
        sent = await user.send("The bot can write to you: a table's secrets reach you here. "
                               "(`bot.py doctor`; this message is deleted at once.)",
                               allowed_mentions=NOBODY)
        await sent.delete()
    except discord.HTTPException as err:
        fix = ("allow direct messages from this server's members (the server's menu, Privacy "
               "Settings), and share a server with the bot" if err.code == 50007
               else "check the user id")
        return Check("direct messages", FAIL, f"I cannot write to user {user_id} "
                     f"({_code(err)}): {fix}")
    return Check("direct messages", OK, f"wrote to {user.name} and deleted it")


async def _commands(client: discord.Client, guild_id: int, commands_guild: int | None) -> Check:
    """Every game's commands registered where the channel's server is offered them, for
    servers only."""
    try:
        if commands_guild is not None:
            synced = await client.http.get_guild_commands(client.application_id, commands_guild)
        else:
            synced = await client.http.get_global_commands(client.application_id)
    except discord.HTTPException as err:
        return Check("commands", FAIL, f"cannot read them ({_code(err)})")
    if commands_guild is not None and commands_guild != guild_id:
        return Check("commands", FAIL, f"synced to server {commands_guild} only (DEV_GUILD_ID): "
                     "unset DEV_GUILD_ID and run the bot once to offer them everywhere")
    names = {c["name"] for c in synced}
    missing = sorted((set(games.SHIPPED) | set(SHARED_COMMANDS)) - names)
    if missing:
        return Check("commands", FAIL, f"not synced: /{', /'.join(missing)}: run `python "
                     "bot.py` once (it syncs its commands as it starts)")
    loose = sorted(c["name"] for c in synced if commands_guild is None and (
        c.get("integration_types") != GUILD_INSTALL or c.get("contexts") != IN_GUILDS))
    if loose:
        return Check("commands", FAIL, f"/{', /'.join(loose)} synced for more than servers "
                     "(integration types, contexts): run this version of `python bot.py` once")
    return Check("commands", OK, f"{len(names)} synced " + (
        "to this server" if commands_guild else "globally, for servers the bot is in"))


def _code(err: discord.HTTPException) -> str:
    return f"{err.status} {err.code}"


async def diagnose(token: str, channel_id: int, user_id: int | None = None,
                   commands_guild: int | None = None, ready_timeout: float = 60.0) -> int:
    """Connect with `token`, print one line per check, disconnect: the exit status."""
    client = discord.Client(intents=discord.Intents(guilds=True))
    try:
        await client.login(token)
    except discord.LoginFailure:
        await client.close()
        print("FAIL  connect: Discord refused the token: copy it again from the developer "
              "portal's Bot page into DISCORD_TOKEN")
        return 1
    connected = asyncio.create_task(client.connect(reconnect=False))
    ready = asyncio.create_task(client.wait_until_ready())
    try:
        await asyncio.wait({connected, ready}, timeout=ready_timeout,
                           return_when=asyncio.FIRST_COMPLETED)
        if not ready.done():
            print("FAIL  connect: the gateway did not get ready: check the token and the "
                  "network")
            return 1
        lines, status = report(await examine(client, channel_id, user_id, commands_guild))
    finally:
        ready.cancel()
        await client.close()
        await asyncio.gather(connected, return_exceptions=True)
    print("\n".join(lines))
    return status
