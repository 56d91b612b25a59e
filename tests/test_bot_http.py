"""The bot's tuning of discord.py's HTTP client: rate-limit buckets are pruned at a constant
cost per bucket instead of a scan of all of them for every new one."""
from __future__ import annotations

from types import SimpleNamespace

from bot import Config, TableBot, amortise_ratelimit_cleanup


def counting_http():
    http = SimpleNamespace(_buckets={}, scans=[])
    http._try_clear_expired_ratelimits = lambda: http.scans.append(len(http._buckets))
    return http


def test_buckets_are_scanned_only_each_time_their_number_doubles():
    http = counting_http()
    amortise_ratelimit_cleanup(http)
    for n in range(5000):
        http._buckets[f"token{n}"] = object()
        http._try_clear_expired_ratelimits()
    assert http.scans == [256, 512, 1024, 2048, 4096]


def test_a_scan_that_frees_buckets_lowers_the_next_threshold():
    http = counting_http()
    scan = http._try_clear_expired_ratelimits

    def scan_and_prune():
        scan()
        for key in list(http._buckets)[:-10]:   # all but ten were stale
            del http._buckets[key]

    http._try_clear_expired_ratelimits = scan_and_prune
    amortise_ratelimit_cleanup(http)
    for n in range(800):
        http._buckets[f"token{n}"] = object()
        http._try_clear_expired_ratelimits()
    assert http.scans == [256, 256, 256]      # after each prune the floor of 256 applies again


def test_the_bot_installs_it_on_its_own_client():
    bot = TableBot(Config(token="x", db_path=":memory:"))
    assert bot.http._try_clear_expired_ratelimits.__name__ == "clear_when_doubled"


def test_the_bots_own_messages_and_edits_are_not_read():
    bot = TableBot(Config(token="x", db_path=":memory:"))
    bot._connection.user = SimpleNamespace(id=7)
    seen = []
    bot._connection.dispatch = lambda event, *args: seen.append((event, args[0].content))
    author = {"id": "7", "username": "table", "discriminator": "0", "avatar": None}
    message = {"id": "1", "channel_id": "2", "content": "mine", "author": author,
               "attachments": [], "embeds": [], "mentions": [], "mention_roles": [],
               "pinned": False, "mention_everyone": False, "tts": False, "type": 0,
               "timestamp": "2026-11-24T00:00:00+00:00", "edited_timestamp": None}
    bot._connection.parsers["MESSAGE_CREATE"](message)
    bot._connection.parsers["MESSAGE_UPDATE"]({**message, "content": "edited"})
    assert seen == []
    bot._connection.parsers["MESSAGE_CREATE"]({**message, "content": "a ghost's post",
                                               "author": {**author, "id": "8"}})
    assert seen == [("message", "a ghost's post")]
    assert bot._connection.max_messages is None
