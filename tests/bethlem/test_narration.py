"""Every line a person reads, in English and Spanish, over whole seeded games: events for every
audience (the GM log is posted at the end), prompts, options and the table's description. None
shows a Python repr, an internal id, an empty placeholder, a raw key or a "(s)" plural."""
from __future__ import annotations

import re
import string

import pytest

from hosting.text import Translator
from tests.bethlem.helpers import E, NAMES
from tests.bethlem.playout import play

GAMES = [("normal", 5, 1), ("normal", 7, 2), ("custom", 6, 3), ("custom", 7, 8), ("two", 2, 5),
         ("normal", 6, 13)]
WRONG = {
    "a Python list or None": re.compile(r"\['|'\]|\[\]|\bNone\b|\bTrue\b|\bFalse\b"),
    "an internal card id": re.compile(r"\bs\d+p\d+\b"),
    "a raw key": re.compile(r"\b[a-z]+_[a-z_]+\b"),
    "a missing position": re.compile(r"#(?:-\d|0\b|(?!\d))"),
    "a lazy plural": re.compile(r"\w\((?:s|es|n)\)"),
    "a doubled name": re.compile(r"\b(\w+ \w+) \1\b", re.I),
    "an unfilled field": re.compile(r"[{}]"),
}


def _fields(template: str) -> list[str]:
    return [f for _, f, _, _ in string.Formatter().parse(template) if f]


def problems(t: Translator, section: str, key: str, data: dict) -> list[str]:
    text = t(section, key, **data)
    found = [f"{what}: {text!r}" for what, rx in WRONG.items() if rx.search(text)]
    template = t.template(section, key)
    if isinstance(template, str):
        for field in _fields(template):
            value = data.get(field.split(".")[0])
            if value in ([], None, ""):
                found.append(f"empty {field}: {text!r}")
    return [f"{section}.{key}: {p}" for p in found]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_line_shows_internals(lang):
    t = Translator("bethlem", lang, NAMES)
    seen: dict[str, str] = {}

    def check(state, new, pending, choice, events):
        for e in events:
            for p in problems(t, "events", e.kind, e.data):
                seen.setdefault(p.split(":")[0] + p.split(":")[1], p)
        for q in E.pending(new):
            for p in problems(t, "prompts", q.kind, q.params):
                seen.setdefault(p.split(":")[0], p)
            for o in q.options:
                for p in problems(t, "options", o.key, o.params):
                    seen.setdefault(p.split(":")[0], p)
    for mode, n, seed in GAMES:
        state, _, _ = play(E, mode, n, seed, on_step=check)
        for s in range(n):
            text = E.describe(E.seat_view(state, s), t)
            for what, rx in WRONG.items():
                for line in text.splitlines():
                    if rx.search(line):
                        seen.setdefault(f"describe {what}", f"describe: {what}: {line!r}")
    assert not seen, "\n".join(sorted(seen.values()))
