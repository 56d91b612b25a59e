"""The aiohttp application: REST under /api/v10, the gateway at /gateway, attachment downloads,
and the middleware that records every call, injects faults and answers unknown routes 404."""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass

from aiohttp import web

from .errors import ApiError
from .faults import Faults
from .gateway import Gateway
from .interactions import Interactions
from .ratelimits import RateLimits
from .rest import Rest, respond
from .world import World

API = "/api/v10"
NO_AUTH = ("/interactions/", "/webhooks/")     # authorised by the interaction token instead
log = logging.getLogger("tests.loopback")


@dataclass
class Call:
    method: str
    route: str                 # the template, e.g. /channels/{channel_id}/messages
    path: str
    started: float
    status: int = 0
    ended: float = 0.0


class FakeDiscord:
    def __init__(self, ack_deadline: float = 3.0, rate_limits: bool = False):
        self.world = World()
        self.gateway = Gateway(self.world)
        self.interactions = Interactions(self.world, ack_deadline)
        self.faults = Faults()
        self.rate_limits = RateLimits(enabled=rate_limits)
        self.calls: list[Call] = []
        self.unknown_routes: list[str] = []
        self.app = web.Application(middlewares=[self._middleware], client_max_size=64 << 20)
        for method, path, handler in Rest(self.world).routes() + self.interactions.routes():
            self.app.router.add_route(method, API + path, handler)
        self.app.router.add_get("/gateway", self.gateway.handle)
        self.app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}",
                                self._attachment)
        self._runner: web.AppRunner | None = None
        self.url = ""

    async def start(self) -> None:
        self._runner = web.AppRunner(self.app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        self.world.base_url = self.url
        self.world.gateway_url = f"ws://127.0.0.1:{port}/gateway"

    async def stop(self) -> None:
        await self.gateway.drop(1001)
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_url(self) -> str:
        return self.url + API

    async def _attachment(self, request: web.Request) -> web.Response:
        att = self.world.attachments.get(int(request.match_info["attachment_id"]))
        if att is None or att.filename != request.match_info["filename"]:
            raise web.HTTPNotFound()
        return web.Response(body=att.data, content_type=att.content_type)

    @web.middleware
    async def _middleware(self, request: web.Request, handler) -> web.StreamResponse:
        if not request.path.startswith(API):
            return await handler(request)
        info = request.match_info
        path = request.path[len(API):]
        route = path if info.http_exception else info.route.resource.canonical[len(API):]
        call = Call(request.method, route, path, time.monotonic())
        self.calls.append(call)
        self.world.busy += 1
        self.world.touch()
        try:
            response = await self._answer(request, handler, call)
        finally:
            self.world.busy -= 1
            self.world.touch()
        call.status, call.ended = response.status, time.monotonic()
        return response

    async def _answer(self, request: web.Request, handler, call: Call) -> web.StreamResponse:
        if request.match_info.http_exception is not None:
            self.unknown_routes.append(f"{call.method} {call.path}")
            log.error("loopback: no such Discord route %s %s", call.method, call.path)
            return respond({"message": "404: Not Found", "code": 0}, 404)
        token = request.headers.get("Authorization")
        if not call.route.startswith(NO_AUTH) and token != f"Bot {self.world.token}":
            return respond({"message": "401: Unauthorized", "code": 0}, 401)
        fault = self.faults.pick(call.method, call.route, call.path)
        if fault is not None:
            return fault
        limited, headers = self.rate_limits.check(token, f"{call.method} {call.route}",
                                                  dict(request.match_info))
        if limited is not None:
            return limited
        try:
            response = await handler(request)
        except ApiError as exc:
            response = respond(exc.body(), exc.status, exc.headers())
        response.headers.update(headers)
        return response
