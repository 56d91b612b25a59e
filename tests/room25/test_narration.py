"""Whole simulated games read as a person reads them: every line of every audience, question,
answer and status text, in English and Spanish, has no Python repr, internal id, placeholder or
"(s)" plural."""
from __future__ import annotations

import random
import re

import pytest

from games.room25 import Room25Engine, ai
from hosting.text import Translator

E = Room25Engine()
FORBIDDEN = re.compile(
    r"\[|\]|\{|\}|\bNone\b|\bTrue\b|\bFalse\b|\((?:s|es|n|a|as)\)|#-?\d|: —|—\.|—$"
    r"|\b[a-z]+_[a-z0-9_]+\b|\b[rc][1-5A-E][NESW]\b|\b\w+\(|\bprog_")
GAMES = [("suspicion", 5, "basic", False, 1), ("suspicion", 7, "ultimate", False, 2),
         ("coop", 4, "ultimate", True, 3), ("coop", 2, "basic", False, 4),
         ("coop", 5, "ultimate", False, 5)]  # odd seeds: AI seats, with their remarks


def lines_of_game(mode, players, level, madness, seed, lang):
    """Every text a game shows: events for every audience, prompts, options, AI remarks and (at
    every tenth decision) the status of the table and of each seat."""
    t = Translator("room25", lang, [f"Ana{i}" for i in range(players)])
    rnd = random.Random(seed)
    s, events = E.setup({"mode": mode, "level": level, "madness": madness}, players, seed)
    out, step = [], 0
    while True:
        out += [t.event(e.kind, e.data) for e in events]
        if E.outcome(s):
            return out
        p = rnd.choice(E.pending(s))
        out.append(t("prompts", p.kind, **p.params))
        out += [t.option(o.key, o.params) for o in p.options]
        if step % 10 == 0:
            views = [E.public_view(s)] + [E.seat_view(s, seat) for seat in range(players)]
            out += [line for v in views for line in E.describe(v, t).split("\n")]
        choice = (E.ai_choice(s, p, "guard") if seed % 2 else None) or rnd.choice(p.options).id
        out += [t.event(e.kind, e.data) for e in ai.remarks(s, p, choice)]
        s, events = E.apply(s, p.seat, p.id, choice)
        step += 1


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game", GAMES)
def test_transcripts_read_as_sentences(game, lang):
    for line in lines_of_game(*game, lang):
        assert line.strip(), game
        assert not FORBIDDEN.search(line), (game, line)


def test_game_over_is_said_once_by_the_host():
    """The engine's last line says why the game ended; "The game is over" is the host's."""
    t = Translator("room25", "en", ["Ana", "Bea", "Carl", "Dan"])
    lines = lines_of_game("coop", 4, "basic", False, 3, "en")
    assert not any("game is over" in line.lower() for line in lines)
    assert any(line == t("outcomes", r) for r in ("coop_escape", "coop_death", "coop_time")
               for line in lines)
