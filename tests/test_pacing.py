"""The bot paces its own calls under the token's global limit: a burst, then a steady pace, in
the order asked; a busy bot draws no global 429 from the loopback Discord."""
from __future__ import annotations

import asyncio
from collections import Counter

import pytest

from bot import Config
from cogs.common.pacing import Pacer, share
from tests.loopback import Loopback
from tests.loopback.table import finished, idle, make_bot, play_unsettled


def send_times(pacer: Pacer, asked: list[float]) -> list[float]:
    return [at + pacer.wait(at) for at in asked]


def test_a_burst_goes_at_once_then_the_steady_pace():
    pacer = Pacer(per_second=40, burst=5)
    sent = send_times(pacer, [0.0] * 200)
    assert sent[:5] == [0.0] * 5 and sent[5] > 0
    assert sent == sorted(sent)                                    # first come, first served
    assert sent[-1] == pytest.approx((200 - 5) / 40)
    for start in [i / 100 for i in range(500)]:                    # any second of them
        assert sum(1 for t in sent if start <= t < start + 1) <= 45


def test_below_the_pace_nothing_waits():
    pacer = Pacer(per_second=40, burst=5)
    asked = [i * 0.05 for i in range(100)]                         # 20 a second
    assert send_times(pacer, asked) == asked


def test_a_process_takes_its_shards_share():
    assert share(50, None, None) == 50
    assert share(50, [0, 1], 8) == 12.5
    assert share(50, None, 4) == 50


def test_the_limit_is_read_from_the_environment(monkeypatch):
    monkeypatch.setenv("API_CALLS_PER_SECOND", "500")
    assert Config.from_env().api_per_second == 500
    for bad in ("fast", "0", "-3"):
        monkeypatch.setenv("API_CALLS_PER_SECOND", bad)
        with pytest.raises(ValueError, match="API_CALLS_PER_SECOND"):
            Config.from_env()


@pytest.mark.parametrize("per_second, refused", [(50, False), (100_000, True)])
async def test_a_busy_bot_stays_under_the_global_limit(tmp_path, per_second, refused):
    """Twelve games answered at once: paced at Discord's 50 a second, no call is refused; the
    same bot told its token may make 100,000 draws global 429s (so the check can fail)."""
    async with Loopback(rate_limits=True) as lb:
        guild = lb.guild("Busy server")
        tables = [([guild.user(f"t{n}p{i}") for i in range(4)], guild.text_channel(f"g-{n}"))
                  for n in range(12)]
        async with lb.run_bot(make_bot, tmp_path / "t.sqlite3", idle=idle,
                              api_per_second=per_second):
            threads = await asyncio.gather(*(play_unsettled(lb, people, channel, ai=1)
                                             for people, channel in tables))
            await lb.settle()
        assert all(finished(thread) for thread in threads)
        assert bool(lb.rate_limits.refused["global"]) is refused, Counter(
            lb.rate_limits.refused)
