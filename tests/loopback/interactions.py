"""Interactions: INTERACTION_CREATE to the bot, then its callback (types 4-9, ephemeral flag 64),
follow-ups and `@original` edits under /webhooks/{application_id}/{token}.

As on Discord, a callback must arrive within `ack_deadline` seconds of the dispatch (else 404
10062), only once (else 400 40060), and follow-ups need the callback first. The first follow-up
after a deferred reply fills the "thinking" message instead of posting a new one. The token
lasts 15 minutes on the fake's clock (`age_messages` moves it): later, 401 50027."""
from __future__ import annotations

import secrets
import time

from aiohttp import web

from . import limits, refusals
from .errors import (ALREADY_ACKED, UNKNOWN_INTERACTION, UNKNOWN_MESSAGE, UNKNOWN_WEBHOOK,
                     ApiError, unknown)
from .model import (ALLOWED_CALLBACKS, DM, EPHEMERAL, LOADING, Channel, Interaction, Message,
                    User, snowflake)
from .permissions import EVERYONE_PERMISSIONS
from .rest import read_body, respond
from .world import World

TOKEN_LIFETIME, INVALID_WEBHOOK_TOKEN = 15 * 60, 50027   # seconds a token is good for


class Interactions:
    def __init__(self, world: World, ack_deadline: float):
        self.world = world
        self.ack_deadline = ack_deadline

    def routes(self) -> list[tuple[str, str, object]]:
        hook = "/webhooks/{webhook_id}/{webhook_token}"
        return [
            ("POST", "/interactions/{webhook_id}/{webhook_token}/callback", self.callback),
            ("POST", hook, self.followup),
            ("GET", hook + "/messages/{message_id}", self.get_message),
            ("PATCH", hook + "/messages/{message_id}", self.edit_message),
            ("DELETE", hook + "/messages/{message_id}", self.delete_message),
        ]

    # ---- dispatch --------------------------------------------------------------------------
    def create(self, type_: int, user: User, channel: Channel, data: dict, label: str,
               source: Message | None = None) -> Interaction:
        inter = Interaction(snowflake(), secrets.token_urlsafe(48), type_, user, channel, data,
                            label, source=source, born=self.world.now())
        self.world.interactions[inter.id] = inter
        self.world.tokens[inter.token] = inter
        self.world.emit("INTERACTION_CREATE", self.payload(inter), 0)
        return inter

    def payload(self, inter: Interaction) -> dict:
        channel, guild = inter.channel, inter.channel.guild
        out = {"id": str(inter.id), "application_id": str(self.world.bot.id), "type": inter.type,
               "data": inter.data, "token": inter.token, "version": 1,
               "channel_id": str(channel.id), "channel": channel.payload(),
               "app_permissions": str(self.world.permissions(channel)), "locale": "en-US",
               "entitlements": [], "authorizing_integration_owners": inter.owners(),
               "context": 0 if guild else 1, "attachment_size_limit": limits.UPLOAD_LIMIT}
        if guild is not None:
            out.update(guild_id=str(guild.id), guild_locale="en-US",
                       guild={"id": str(guild.id), "locale": "en-US", "features": []},
                       member={**guild.member_payload(inter.user),
                               "permissions": str(EVERYONE_PERMISSIONS)})
        else:
            out["user"] = inter.user.payload()
        if inter.source is not None:
            out["message"] = inter.source.payload()
        return out

    # ---- the callback ----------------------------------------------------------------------
    async def callback(self, request: web.Request) -> web.Response:
        inter = self.world.interactions.get(int(request.match_info["webhook_id"]))
        if inter is None or inter.token != request.match_info["webhook_token"]:
            raise unknown("interaction", UNKNOWN_INTERACTION)
        if inter.callback is not None:
            raise ApiError(400, ALREADY_ACKED, "Interaction has already been acknowledged.")
        if time.monotonic() - inter.dispatched > self.ack_deadline:
            raise unknown("interaction", UNKNOWN_INTERACTION)
        refusals.check_answer(inter.channel)
        body, uploads = await read_body(request)
        kind, data = body.get("type"), body.get("data") or {}
        if kind not in ALLOWED_CALLBACKS[inter.type]:
            raise ApiError(400, 50035, f"Callback type {kind} is not valid for this interaction")
        if kind in (6, 7) and inter.source is None:
            raise ApiError(400, 50035, "This interaction has no message to update")
        ephemeral = inter.user if (data.get("flags") or 0) & EPHEMERAL else None
        bot = self.world.bot
        if kind == 4:
            inter.response = self.world.post(inter.channel, bot, data, uploads, interaction=inter,
                                             ephemeral_to=ephemeral)
        elif kind == 5:
            inter.response = self.world.post(inter.channel, bot, {}, interaction=inter,
                                             ephemeral_to=ephemeral, loading=True)
        elif kind == 7:
            self.world.edit(inter.source, data, uploads, from_webhook=True)
        elif kind == 8:
            limits.check_choices(data.get("choices") or [])
            inter.choices = data.get("choices") or []
        elif kind == 9:
            limits.check_modal(data)
            inter.modal = data
        inter.callback, inter.acked = kind, time.monotonic()
        inter.answered.set()
        self.world.touch()
        if request.query.get("with_response") not in ("1", "true", "True"):
            return respond(None)
        return respond(self._callback_body(inter))

    def _callback_body(self, inter: Interaction) -> dict:
        message = inter.response or (inter.source if inter.callback == 7 else None)
        out: dict = {"interaction": {
            "id": str(inter.id), "type": inter.type,
            "response_message_loading": inter.callback == 5,
            "response_message_ephemeral": bool(message and message.ephemeral_to)}}
        if message is not None:
            out["interaction"]["response_message_id"] = str(message.id)
            out["resource"] = {"type": inter.callback, "message": message.payload()}
        return out

    # ---- follow-ups and @original ----------------------------------------------------------
    def _acked(self, request: web.Request) -> Interaction:
        inter = self.world.tokens.get(request.match_info["webhook_token"])
        if (inter is None or inter.callback is None
                or request.match_info["webhook_id"] != str(self.world.bot.id)):
            raise unknown("Webhook", UNKNOWN_WEBHOOK)
        if self.world.now() - inter.born > TOKEN_LIFETIME:
            raise ApiError(401, INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token")
        return inter

    def _message(self, request: web.Request) -> tuple[Interaction, Message]:
        inter = self._acked(request)
        wanted = request.match_info["message_id"]
        if wanted == "@original":
            message = inter.original
        else:
            message = next((m for m in [inter.original, *inter.followups]
                            if m is not None and str(m.id) == wanted), None)
        if message is None or message.deleted:
            raise unknown("Message", UNKNOWN_MESSAGE)
        return inter, message

    async def followup(self, request: web.Request) -> web.Response:
        inter = self._acked(request)
        refusals.check_answer(inter.channel)
        body, uploads = await read_body(request)
        loading = inter.response
        if loading is not None and loading.flags & LOADING:
            message = self._finish(loading, body, uploads)
        else:
            ephemeral = inter.user if (body.get("flags") or 0) & EPHEMERAL else None
            if inter.channel.type == DM and ephemeral is None:   # a DM as the bot's own:
                refusals.check_dm_pace(self.world, ("follow-up", inter.user.id,  # paced alike
                                                    repr(body.get("content")),
                                                    repr(body.get("embeds"))))
            message = self.world.post(inter.channel, self.world.bot, body, uploads,
                                      interaction=inter, ephemeral_to=ephemeral)
            inter.followups.append(message)
        return respond(message.payload())        # for follow-ups `wait` is always true

    async def get_message(self, request: web.Request) -> web.Response:
        return respond(self._message(request)[1].payload())

    async def edit_message(self, request: web.Request) -> web.Response:
        _, message = self._message(request)
        body, uploads = await read_body(request)
        return respond(self._finish(message, body, uploads).payload())

    async def delete_message(self, request: web.Request) -> web.Response:
        self.world.delete(self._message(request)[1])
        return respond(None)

    def _finish(self, message: Message, body: dict, uploads) -> Message:
        """Edit a message; editing a "thinking" placeholder turns it into the real reply."""
        message.flags &= ~LOADING
        return self.world.edit(message, body, uploads, from_webhook=True)
