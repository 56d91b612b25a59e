"""The metrics a host scrapes hold the real figures: decisions and their time through the host,
the database's games live and outbox backlog, discord.py's requests, 429s and acknowledgements
through its HTTP trace, and the health check reading `table_ready` over HTTP."""
from __future__ import annotations

import socket
import time

import aiohttp
import pytest
from aiohttp import web

from hosting import metrics
from hosting.clock import FakeClock
from hosting.host import Host
from hosting.store import Store
from tests.test_host import Recorder, four_people, user_of


def value(name: str, **labels) -> float:
    return metrics.REGISTRY.get_sample_value(name, labels) or 0.0


class Reading:
    """Sample values now, to compare with later (the registry lives for the whole session)."""

    def __init__(self, *samples: tuple):
        self.before = {s: value(s[0], **dict(s[1:])) for s in samples}

    def grew(self, name: str, **labels) -> float:
        key = (name, *labels.items())
        return value(name, **labels) - self.before[key]


async def test_a_game_through_the_host_counts_decisions_games_and_backlog(tmp_path):
    store = await Store.open(tmp_path / "m.sqlite3")
    out = Recorder()
    host = Host(store, FakeClock(), out, background=False)
    try:
        reading = Reading(("table_decisions_total", ("source", "player")),
                          ("table_decisions_total", ("source", "timeout")),
                          ("table_decide_seconds_count",), ("table_decide_seconds_sum",))
        table = await four_people(host)
        await host.new_game("toy", host_user=99, host_name="lobby only")   # not live
        await host.start(table.id, user_of(table, 0))
        kill = host.pending(table)[0]
        await host.decide(table.id, user_of(table, kill.seat), kill.id, kill.default)
        with pytest.raises(Exception):   # a refusal is timed too, and decides nothing
            await host.decide(table.id, user_of(table, kill.seat), kill.id, kill.default)
        out.fail = True                  # Discord is down: the news waits in the outbox
        votes = host.pending(table)
        for p in votes[:2]:
            await host.decide(table.id, user_of(table, p.seat), p.id, "skip")
        host.clock.advance(10 ** 6)
        fired = await host.fire_due()

        assert fired >= 1
        assert reading.grew("table_decisions_total", source="player") == 3
        assert reading.grew("table_decisions_total", source="timeout") == fired
        assert reading.grew("table_decide_seconds_count") == 4
        assert 0 < reading.grew("table_decide_seconds_sum") < 5

        await metrics.refresh(store)
        backlog = len(await store.undelivered())
        assert backlog > 0
        assert value("table_outbox_backlog") == backlog
        assert value("table_games_live") == (0 if table.status == "finished" else 1)
        out.fail = False
        await host.flush()
        await metrics.refresh(store)
        assert value("table_outbox_backlog") == 0
    finally:
        await store.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def snowflake_of(when: float) -> int:
    return (int(when * 1000) - metrics.DISCORD_EPOCH) << 22


async def test_discord_requests_429s_and_acknowledgements_are_counted():
    async def message(request):
        return web.json_response({"id": "1"})

    async def limited(request):
        return web.json_response({"retry_after": 0.1, "global": True}, status=429,
                                 headers={"X-RateLimit-Scope": "global"})

    async def callback(request):
        return web.Response(status=204)

    app = web.Application()
    app.router.add_post("/api/v10/channels/1/messages", message)
    app.router.add_post("/api/v10/channels/2/messages", limited)
    app.router.add_post("/api/v10/interactions/{id}/{token}/callback", callback)
    app.router.add_get("/gateway", message)
    port = free_port()
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    base = f"http://127.0.0.1:{port}"
    reading = Reading(("table_discord_requests_total", ("status", "200")),
                      ("table_discord_requests_total", ("status", "204")),
                      ("table_discord_requests_total", ("status", "429")),
                      ("table_discord_rate_limited_total", ("scope", "global")),
                      ("table_ack_seconds_count",), ("table_ack_seconds_sum",),
                      ("table_ack_seconds_bucket", ("le", "1.0")),
                      ("table_ack_seconds_bucket", ("le", "2.0")))
    try:
        async with aiohttp.ClientSession(trace_configs=[metrics.http_trace()]) as session:
            for path in ("/api/v10/channels/1/messages", "/api/v10/channels/1/messages",
                         "/api/v10/channels/2/messages",
                         f"/api/v10/interactions/{snowflake_of(time.time() - 1.5)}/tok/callback"):
                async with session.post(base + path):
                    pass
            async with session.get(base + "/gateway"):   # not the REST API: not counted
                pass
    finally:
        await runner.cleanup()

    assert reading.grew("table_discord_requests_total", status="200") == 2
    assert reading.grew("table_discord_requests_total", status="204") == 1
    assert reading.grew("table_discord_requests_total", status="429") == 1
    assert reading.grew("table_discord_rate_limited_total", scope="global") == 1
    assert reading.grew("table_ack_seconds_count") == 1
    assert 1.5 <= reading.grew("table_ack_seconds_sum") < 2.5
    assert reading.grew("table_ack_seconds_bucket", le="1.0") == 0
    assert reading.grew("table_ack_seconds_bucket", le="2.0") == 1


def test_the_health_check_asks_for_ready_over_http(capsys):
    port = free_port()
    server, thread = metrics.serve(port, addr="127.0.0.1")
    try:
        metrics.READY.set(0)
        assert metrics.check(port) == 1
        assert "not ready" in capsys.readouterr().err
        metrics.READY.set(1)
        assert metrics.check(port) == 0
    finally:
        metrics.READY.set(0)
        server.shutdown()
        server.server_close()
        thread.join(5)
    assert metrics.check(port, timeout=0.5) == 1
    assert "no metrics" in capsys.readouterr().err
