"""The words that tell a game's secrets once it is over, shared by the recap posted at the end
and the replay's pages: each event as a sentence of the story, grouped by the public moment
it happened in ("Round 3 · Night").

A secret move reads as the game's `story` locale section tells it, where it has a sentence
for that kind ("Bruno protected Ana's second card"), else as its own log line. A line for
some seats alone, shown once the game is over, is headed by their names. A public line
marked "minor" (a vote cast, a narrator's call) and one that says nothing happened
(`"uneventful": true`) are left out: the story keeps what changed the game.
"""
from __future__ import annotations

from cogs.common import render
from games.base import GM, PUBLIC
from hosting.text import Translator

UNEVENTFUL = "uneventful"


def told(t: Translator, audience, kind: str, data: dict) -> str | None:
    """One event as the story says it, or None when it says nothing worth telling.
    `audience`: "public", "gm", a "seat:N" tag or a list of seats."""
    if data.get(UNEVENTFUL) or (audience == PUBLIC and data.get("minor")):
        return None
    if audience == PUBLIC:
        return t.event(kind, data)
    line = t("story", kind, **data) if t.has("story", kind) else t.event(kind, data)
    if audience == GM:
        return line
    seats = [int(audience.partition(":")[2])] if isinstance(audience, str) else list(audience)
    return t("ui", "story_private", seats=seats, line=line)


def moment_header(t: Translator, moment: str) -> str:
    phase, _, round_ = moment.rpartition(":")
    return t("ui", "recap_moment", phase=t.lookup("phases", phase), round=round_)


def said_once(t: Translator, lines: list[str]) -> list[str]:
    """A line repeated at once is written once, counted ("… (×3)")."""
    return render.said_once(t, "\n".join(lines)).split("\n") if lines else []
