"""Fault injection for REST routes: 429s with Retry-After, 5xx, and random chaos.

A route pattern is an fnmatch pattern over "METHOD /template", the template spelled as in
discord.py's Route calls: "POST /channels/{channel_id}/messages", "* /webhooks/*", or just
"/interactions/*" (any method). A faulted request changes nothing in the fake."""
from __future__ import annotations

import fnmatch
import random
from dataclasses import dataclass, field

from aiohttp import web

from .rest import respond


@dataclass
class Rule:
    pattern: str
    status: int
    times: int | None                  # None: for ever
    probability: float = 1.0
    retry_after: float = 0.05
    is_global: bool = False
    statuses: tuple[int, ...] = ()     # chaos: pick one of these instead of `status`

    def matches(self, key: str) -> bool:
        return self.times != 0 and fnmatch.fnmatchcase(key, self.pattern)


@dataclass
class Injected:
    key: str
    path: str
    status: int


@dataclass
class Faults:
    rules: list[Rule] = field(default_factory=list)
    injected: list[Injected] = field(default_factory=list)
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    _faulted: set[str] = field(default_factory=set)     # chaos-faulted calls awaiting retry

    def rate_limit(self, route: str = "*", *, times: int | None = 1, retry_after: float = 0.05,
                   is_global: bool = False, probability: float = 1.0) -> Rule:
        return self._add(Rule(_pattern(route), 429, times, probability, retry_after, is_global))

    def server_error(self, route: str = "*", *, times: int | None = 1, status: int = 500,
                     probability: float = 1.0) -> Rule:
        return self._add(Rule(_pattern(route), status, times, probability))

    def chaos(self, route: str = "*", *, probability: float = 0.05, max_faults: int = 10,
              seed: int = 0, statuses: tuple[int, ...] = (429, 500),
              retry_after: float = 0.05) -> Rule:
        """Random 429s and 5xx, at most `max_faults`. A retried request is never faulted twice in
        a row, so every call eventually lands (discord.py waits 1 s, then 3 s, after a 5xx)."""
        self.rng.seed(seed)
        return self._add(Rule(_pattern(route), statuses[0], max_faults, probability, retry_after,
                              statuses=statuses))

    def clear(self) -> None:
        self.rules.clear()

    def _add(self, rule: Rule) -> Rule:
        self.rules.append(rule)
        return rule

    def pick(self, method: str, template: str, path: str) -> web.Response | None:
        key = f"{method} {template}"
        call = f"{method} {path}"
        retry = call in self._faulted
        self._faulted.discard(call)
        for rule in self.rules:
            if not rule.matches(key) or self.rng.random() >= rule.probability:
                continue
            if rule.statuses and retry:
                continue
            status = self.rng.choice(rule.statuses) if rule.statuses else rule.status
            if rule.times is not None:
                rule.times -= 1
            if rule.statuses:
                self._faulted.add(call)
            self.injected.append(Injected(key, path, status))
            return _response(status, rule)
        return None


def _pattern(route: str) -> str:
    return f"* {route}" if route.startswith("/") else route


def _response(status: int, rule: Rule) -> web.Response:
    if status != 429:
        return respond({"message": "500: Internal Server Error", "code": 0}, status)
    headers = {"Retry-After": str(rule.retry_after), "Via": "1.1 google",
               "X-RateLimit-Scope": "global" if rule.is_global else "user"}
    if rule.is_global:
        headers["X-RateLimit-Global"] = "true"
    body = {"message": "You are being rate limited.", "retry_after": rule.retry_after,
            "global": rule.is_global}
    return respond(body, 429, headers)
