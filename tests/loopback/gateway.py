"""The gateway websocket: HELLO, IDENTIFY and READY, heartbeats, RESUME with replay of what was
missed, member chunks, and the close codes and opcodes tests use to force reconnects.

Sharding as Discord does it: IDENTIFY names a shard `[id, count]` (`[0, 1]` without); a
session gets the servers whose `(guild_id >> 22) % count` is its id, and everything outside a
server (DMs, clicks on DM buttons) goes to shard 0 only.

Frames are zlib-stream compressed (one compressor per connection, Z_SYNC_FLUSH per frame) when
the client asks for `compress=zlib-stream`, as discord.py does by default; plain JSON otherwise."""
from __future__ import annotations

import asyncio
import json
import secrets
import zlib
from collections import deque

from aiohttp import WSMsgType, web

from .world import World

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT = 0, 1, 2, 6, 7
REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 8, 9, 10, 11
HEARTBEAT_INTERVAL_MS = 41250
REPLAY = 20000                        # frames a session keeps for RESUME
GUILD_PRESENCES = 1 << 8               # the intent that brings every member in GUILD_CREATE
CLIENT_ENDED = (1000, 1001)           # a client closing with these ends its session


class Connection:
    """One websocket. Frames go through a queue so that dispatching never awaits and the
    compressor sees frames in the order they are sent."""

    def __init__(self, ws: web.WebSocketResponse, compress: bool):
        self.ws = ws
        self.zlib = zlib.compressobj() if compress else None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.writer = asyncio.create_task(self._write())

    def send(self, frame: dict) -> None:
        self.queue.put_nowait(json.dumps(frame))

    async def close(self, code: int) -> None:
        self.queue.put_nowait(None)
        await self.writer
        await self.ws.close(code=code)

    async def _write(self) -> None:
        while (text := await self.queue.get()) is not None:
            if self.ws.closed:
                continue
            if self.zlib is None:
                await self.ws.send_str(text)
            else:
                data = self.zlib.compress(text.encode()) + self.zlib.flush(zlib.Z_SYNC_FLUSH)
                await self.ws.send_bytes(data)


def shard_of(guild_id: int | None, count: int) -> int:
    """Discord's shard formula; what happens outside a server is shard 0's."""
    return 0 if guild_id is None else (guild_id >> 22) % count


def guild_of(event: str, data: dict) -> int | None:
    """The server a gateway event is about, if any."""
    found = data.get("id") if event.startswith("GUILD_") and "guild_id" not in data else (
        data.get("guild_id"))
    return int(found) if found else None


class Session:
    def __init__(self, intents: int, shard: tuple[int, int] = (0, 1)):
        self.id = secrets.token_hex(16)
        self.intents = intents
        self.shard = shard
        self.seq = 0
        self.buffer: deque[dict] = deque(maxlen=REPLAY)
        self.conn: Connection | None = None
        self.alive = True

    def serves(self, guild_id: int | None) -> bool:
        shard_id, count = self.shard
        return shard_of(guild_id, count) == shard_id

    def send(self, event: str, data: dict) -> None:
        self.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
        self.buffer.append(frame)
        if self.conn is not None:
            self.conn.send(frame)


class Gateway:
    def __init__(self, world: World):
        self.world = world
        self.sessions: list[Session] = []
        self.identifies = 0
        self.resumes = 0
        world.emit = self.dispatch

    # ---- what tests use --------------------------------------------------------------------
    @property
    def connected(self) -> bool:
        return any(s.alive and s.conn for s in self.sessions)

    async def drop(self, code: int = 4000) -> None:
        """Close every connection from the server side; the sessions stay resumable."""
        for session in self.sessions:
            if session.conn is not None:
                conn, session.conn = session.conn, None
                await conn.close(code)

    def request_reconnect(self) -> None:
        """Opcode 7: the client closes and resumes."""
        for session in self.sessions:
            if session.conn is not None:
                session.conn.send({"op": RECONNECT, "d": None})

    def invalidate(self) -> None:
        """Opcode 9 (not resumable): the client must identify again and gets a fresh READY."""
        for session in self.sessions:
            if session.conn is not None:
                session.conn.send({"op": INVALID_SESSION, "d": False})
            session.alive = False

    def dispatch(self, event: str, data: dict, intent: int) -> None:
        guild = guild_of(event, data)
        for session in self.sessions:
            if (session.alive and (not intent or session.intents & intent)
                    and session.serves(guild)):
                session.send(event, data)
        self.world.touch()

    # ---- the websocket ---------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        conn = Connection(ws, request.query.get("compress") == "zlib-stream")
        conn.send({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
        session: Session | None = None
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                break
            frame = json.loads(msg.data)
            op, data = frame.get("op"), frame.get("d")
            if op == HEARTBEAT:
                conn.send({"op": HEARTBEAT_ACK, "d": None})
            elif op == IDENTIFY:
                session = await self._identify(conn, data)
            elif op == RESUME:
                session = self._resume(conn, data)
            elif op == REQUEST_MEMBERS and session is not None:
                self._chunk(session, data)
        if session is not None and session.conn is conn:
            session.conn = None
            if ws.close_code in CLIENT_ENDED:
                session.alive = False
        await conn.close(ws.close_code or 1000)
        self.world.touch()
        return ws

    async def _identify(self, conn: Connection, data: dict) -> Session | None:
        if data.get("token") != self.world.token:
            await conn.close(4004)
            return None
        self.identifies += 1
        shard_id, count = data.get("shard") or (0, 1)
        if not 0 <= shard_id < count:
            await conn.close(4010)      # Discord: invalid shard
            return None
        session = Session(int(data.get("intents", 0)), (shard_id, count))
        session.conn = conn
        self.sessions = [s for s in self.sessions if s.alive] + [session]
        bot = self.world.bot
        guilds = [g for g in self.world.guilds.values() if session.serves(g.id)]
        session.send("READY", {
            "v": 10, "user": bot.payload(), "session_id": session.id,
            "resume_gateway_url": self.world.gateway_url, "session_type": "normal",
            "application": {"id": str(bot.id), "flags": 0},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "shard": [shard_id, count],
            "private_channels": [], "relationships": [], "presences": [],
            "guild_join_requests": [], "geo_ordered_rtc_regions": [], "user_settings": {},
        })
        for guild in guilds:
            # Without the presences intent Discord sends only the bot itself (and people in
            # voice): the rest come by chunks (opcode 8), whatever GUILD_MEMBERS says.
            members = ([self.world.users[u] for u in guild.joined]
                       if session.intents & GUILD_PRESENCES else [bot])
            session.send("GUILD_CREATE", guild.payload(members))
        self.world.touch()
        return session

    def _resume(self, conn: Connection, data: dict) -> Session | None:
        session = next((s for s in self.sessions if s.id == data.get("session_id") and s.alive),
                       None)
        seq = data.get("seq") or 0
        if session is None or (session.buffer and session.buffer[0]["s"] > seq + 1):
            conn.send({"op": INVALID_SESSION, "d": False})
            return None
        self.resumes += 1
        session.conn = conn
        for frame in session.buffer:
            if frame["s"] > seq:
                conn.send(frame)
        session.send("RESUMED", {})
        self.world.touch()
        return session

    def _chunk(self, session: Session, data: dict) -> None:
        guild = self.world.guilds.get(int(data["guild_id"]))
        if guild is None:
            return
        users = [self.world.users[u] for u in guild.joined]
        if data.get("user_ids"):
            wanted = {int(u) for u in data["user_ids"]}
            users = [u for u in users if u.id in wanted]
        elif data.get("query"):
            users = [u for u in users if u.name.lower().startswith(data["query"].lower())]
        if data.get("limit"):
            users = users[:data["limit"]]
        session.send("GUILD_MEMBERS_CHUNK", {
            "guild_id": str(guild.id), "members": [guild.member_payload(u) for u in users],
            "chunk_index": 0, "chunk_count": 1, "not_found": [],
            **({"nonce": data["nonce"]} if data.get("nonce") else {})})
