"""The REST routes a bot uses, under /api/v10. Path placeholders are named as in discord.py's
`Route` calls, so a fault pattern reads like the bot's own code
("POST /channels/{channel_id}/messages")."""
from __future__ import annotations

import json
import mimetypes

from aiohttp import web

from . import refusals
from .errors import (UNKNOWN_CHANNEL, UNKNOWN_GUILD, UNKNOWN_MEMBER, UNKNOWN_MESSAGE,
                     UNKNOWN_USER, ApiError, unknown)
from .model import TEXT, Channel, Message, User
from .permissions import has
from .world import GUILD_MEMBERS, GUILDS, Upload, World


async def read_body(request: web.Request) -> tuple[dict, list[Upload]]:
    """JSON, or multipart with `payload_json` and `files[n]` parts as discord.py uploads them."""
    if not request.content_type.startswith("multipart/"):
        return (await request.json() if request.can_read_body else {}), []
    body: dict = {}
    uploads: list[Upload] = []
    reader = await request.multipart()
    async for part in reader:
        if part.name == "payload_json":
            body = json.loads(await part.text())
        elif part.filename is not None:
            kind = part.headers.get("Content-Type", "application/octet-stream")
            if kind == "application/octet-stream":
                kind = mimetypes.guess_type(part.filename)[0] or kind
            uploads.append((part.filename, bytes(await part.read()), kind))
    return body, uploads


def respond(payload, status: int = 200, headers: dict | None = None) -> web.Response:
    """JSON with the bare `application/json` type: discord.py parses nothing else."""
    if payload is None:
        return web.Response(status=204)
    return web.Response(status=status, body=json.dumps(payload).encode(),
                        headers={"Content-Type": "application/json", **(headers or {})})


class Rest:
    def __init__(self, world: World):
        self.world = world

    def routes(self) -> list[tuple[str, str, object]]:
        return [
            ("GET", "/gateway", self.gateway), ("GET", "/gateway/bot", self.gateway),
            ("GET", "/users/@me", self.me), ("GET", "/oauth2/applications/@me", self.app_info),
            ("GET", "/applications/@me", self.app_info),
            ("POST", "/users/@me/channels", self.open_dm),
            ("GET", "/users/{user_id}", self.get_user),
            ("GET", "/channels/{channel_id}", self.get_channel),
            ("PATCH", "/channels/{channel_id}", self.edit_channel),
            ("DELETE", "/channels/{channel_id}", self.delete_channel),
            ("GET", "/channels/{channel_id}/messages", self.history),
            ("POST", "/channels/{channel_id}/messages", self.send),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message),
            ("PUT", "/channels/{channel_id}/messages/pins/{message_id}", self.pin_message),
            ("DELETE", "/channels/{channel_id}/messages/pins/{message_id}", self.unpin_message),
            ("POST", "/channels/{channel_id}/typing", self.typing),
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads", self.thread_from),
            ("POST", "/channels/{channel_id}/threads", self.thread),
            ("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.join_thread),
            ("DELETE", "/channels/{channel_id}/thread-members/{user_id}", self.leave_thread),
            ("GET", "/guilds/{guild_id}", self.get_guild),
            ("GET", "/guilds/{guild_id}/channels", self.guild_channels),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member),
            ("GET", "/applications/{application_id}/commands", self.get_commands),
            ("PUT", "/applications/{application_id}/commands", self.put_commands),
            ("GET", "/applications/{application_id}/guilds/{guild_id}/commands", self.get_commands),
            ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", self.put_commands),
        ]

    # ---- lookups ---------------------------------------------------------------------------
    def channel(self, request: web.Request) -> Channel:
        channel = self.world.channels.get(int(request.match_info["channel_id"]))
        if channel is None:
            raise unknown("Channel", UNKNOWN_CHANNEL)
        return channel

    def message(self, request: web.Request) -> Message:
        channel = self.channel(request)
        message = self.world.messages.get(int(request.match_info["message_id"]))
        if message is None or message.channel is not channel or message.deleted \
                or message.ephemeral_to is not None:
            raise unknown("Message", UNKNOWN_MESSAGE)
        return message

    def user(self, raw: str) -> User:
        user = self.world.bot if raw == "@me" else self.world.users.get(int(raw))
        if user is None:
            raise unknown("User", UNKNOWN_USER)
        return user

    def guild(self, request: web.Request):
        guild = self.world.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            raise unknown("Guild", UNKNOWN_GUILD)
        return guild

    # ---- login and users -------------------------------------------------------------------
    async def gateway(self, request):
        return respond({"url": self.world.gateway_url, "shards": 1, "session_start_limit": {
            "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}})

    async def me(self, request):
        return respond(self.world.bot.payload())

    async def app_info(self, request):
        bot = self.world.bot
        return respond({"id": str(bot.id), "name": bot.name, "description": "", "icon": None,
                        "bot_public": True, "bot_require_code_grant": False,
                        "owner": bot.payload(), "team": None, "verify_key": "0" * 64,
                        "flags": 0, "bot": bot.payload()})

    async def get_user(self, request):
        return respond(self.user(request.match_info["user_id"]).payload())

    async def open_dm(self, request):
        body, _ = await read_body(request)
        user = self.user(str(body["recipient_id"]))
        refusals.check_dm_pace(self.world, ("open", user.id))
        return respond(self.world.dm_channel(user).payload())

    # ---- channels and messages -------------------------------------------------------------
    def visible(self, request: web.Request) -> Channel:
        """The channel, refused (50001) where the bot cannot see it."""
        channel = self.channel(request)
        if channel.guild is not None:
            refusals.require(channel)
        return channel

    async def get_channel(self, request):
        return respond(self.visible(request).payload())

    async def edit_channel(self, request):
        channel = self.channel(request)
        body, _ = await read_body(request)
        refusals.check_channel_edit(channel, body, self.world.bot.id)
        names = {"name": "name", "archived": "archived", "locked": "locked",
                 "invitable": "invitable", "auto_archive_duration": "auto_archive"}
        changes = {ours: body[theirs] for theirs, ours in names.items() if theirs in body}
        if channel.is_thread:
            self.world.set_thread(channel, **changes)
        else:
            for key, value in changes.items():
                setattr(channel, key, value)
            self.world.emit("CHANNEL_UPDATE", channel.payload(), GUILDS)
        return respond(channel.payload())

    async def delete_channel(self, request):
        """Deleting a thread needs Manage Threads (a text channel, Manage Channels)."""
        channel = self.channel(request)
        if channel.guild is None:
            raise ApiError(403, 50003, "Cannot execute action on a DM channel")
        refusals.require(channel, "manage_threads" if channel.is_thread else "manage_channels")
        payload = channel.payload()
        self.world.remove_channel(channel)
        return respond(payload)

    async def history(self, request):
        channel = self.visible(request)
        if channel.guild is not None and not has(self.world.permissions(channel),
                                                 "read_message_history"):
            return respond([])               # Discord shows no history rather than refusing
        q = request.query
        limit = max(1, min(100, int(q.get("limit", 50))))
        shown = [m for m in channel.messages if not m.deleted and m.ephemeral_to is None]
        if "after" in q:
            page = [m for m in shown if m.id > int(q["after"])][:limit]
        elif "around" in q:
            pivot = int(q["around"])
            before = [m for m in shown if m.id < pivot][-(limit // 2):] if limit > 1 else []
            page = before + [m for m in shown if m.id >= pivot][:limit - len(before)]
        else:
            page = [m for m in shown if "before" not in q or m.id < int(q["before"])][-limit:]
        return respond([m.payload() for m in reversed(page)])

    async def send(self, request):
        channel = self.channel(request)
        body, uploads = await read_body(request)
        body = refusals.check_send(channel, body, uploads)
        message = (self.world.repeated(self.world.bot, body)
                   or self.world.post(channel, self.world.bot, body, uploads))
        return respond(message.payload())

    async def get_message(self, request):
        message = self.message(request)
        if message.channel.guild is not None:
            refusals.require(message.channel, "read_message_history")
        return respond(message.payload())

    async def edit_message(self, request):
        message = self.message(request)
        if message.author is not self.world.bot:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        body, uploads = await read_body(request)
        body = refusals.check_edit(message, body, uploads)
        refusals.check_old_edit(self.world, message)
        return respond(self.world.edit(message, body, uploads).payload())

    async def delete_message(self, request):
        self.visible(request)
        message = self.message(request)
        refusals.check_delete(message, self.world.bot.id)
        self.world.delete(message)
        return respond(None)

    async def pin_message(self, request):
        """Pinning and unpinning need Pin Messages: Manage Messages alone no longer does."""
        refusals.require(self.channel(request), "pin_messages")
        self.message(request).pinned = True
        return respond(None)

    async def unpin_message(self, request):
        refusals.require(self.channel(request), "pin_messages")
        self.message(request).pinned = False
        return respond(None)

    async def typing(self, request):
        channel = self.channel(request)
        if channel.guild is not None:
            refusals.check_send(channel, {}, [])
        return respond(None)

    # ---- threads ---------------------------------------------------------------------------
    async def thread_from(self, request):
        message = self.message(request)
        body, _ = await read_body(request)
        refusals.check_thread_start(message.channel, False, body.get("auto_archive_duration", 1440))
        thread = self.world.start_thread(message.channel, body["name"], self.world.bot,
                                         from_message=message,
                                         auto_archive=body.get("auto_archive_duration", 1440))
        return respond(thread.payload(), 201)

    async def thread(self, request):
        channel = self.channel(request)
        body, _ = await read_body(request)
        refusals.check_thread_start(channel, body.get("type", 12) == 12,
                                    body.get("auto_archive_duration", 1440))
        thread = self.world.start_thread(channel, body["name"], self.world.bot,
                                         private=body.get("type", 12) == 12,
                                         auto_archive=body.get("auto_archive_duration", 1440))
        thread.invitable = body.get("invitable", True)
        return respond(thread.payload(), 201)

    async def join_thread(self, request):
        return self._thread_member(request, add=True)

    async def leave_thread(self, request):
        return self._thread_member(request, add=False)

    def _thread_member(self, request, add: bool):
        thread = self.channel(request)
        user = self.user(request.match_info["user_id"])
        if not thread.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        refusals.check_thread_member(thread, add, self.world.bot.id)
        (thread.members.add if add else thread.members.discard)(user.id)
        change = ({"added_members": [{"id": str(thread.id), "user_id": str(user.id),
                                      "join_timestamp": thread.created, "flags": 0}]}
                  if add else {"removed_member_ids": [str(user.id)]})
        self.world.emit("THREAD_MEMBERS_UPDATE", {
            "id": str(thread.id), "guild_id": str(thread.guild.id),
            "member_count": len(thread.members), **change}, GUILD_MEMBERS)
        return respond(None)

    # ---- guilds ----------------------------------------------------------------------------
    async def get_guild(self, request):
        guild = self.guild(request)
        payload = guild.payload([])
        for key in ("members", "channels", "threads"):
            payload.pop(key)
        return respond(payload)

    async def guild_channels(self, request):
        guild = self.guild(request)
        return respond([c.payload() for c in guild.channels if c.type == TEXT])

    async def get_member(self, request):
        guild = self.guild(request)
        user = self.user(request.match_info["user_id"])
        if user.id not in guild.joined:
            raise unknown("Member", UNKNOWN_MEMBER)
        return respond(guild.member_payload(user))

    # ---- application commands --------------------------------------------------------------
    def _scope(self, request) -> int | None:
        if int(request.match_info["application_id"]) != self.world.bot.id:
            raise ApiError(403, 50001, "Missing Access")
        return self.guild(request).id if "guild_id" in request.match_info else None

    async def get_commands(self, request):
        return respond(list(self.world.commands[self._scope(request)].values()))

    async def put_commands(self, request):
        scope = self._scope(request)
        body, _ = await read_body(request)
        return respond(self.world.sync_commands(scope, body))
