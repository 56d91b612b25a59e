"""The words that tell a game's secrets once it is over, shared by the recap posted at the end
and the replay's pages: each event as a sentence of the story, grouped by the public moment
it happened in ("Round 3 · Night").

A secret move reads as the game's `story` locale section tells it, where it has a sentence
for that kind ("Bruno protected Ana #2."; an empty one leaves it out), else as its own log
line. A line for some seats alone, shown once the game is over, is headed by their names. A
run of alike secret moves reads as one sentence where the game says how
(`story_folds.<kind>` over `{items}`, each move as `story_items.<kind>`: every character's
programme of a Room 25 round). A public line marked "minor" (a vote cast, a narrator's
call) and one that says nothing happened (`"uneventful": true`) are left out: the story
keeps what changed the game.
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
    if not line:                 # the story leaves it out (a game's seed)
        return None
    if audience == GM:
        return line
    seats = [int(audience.partition(":")[2])] if isinstance(audience, str) else list(audience)
    return t("ui", "story_private", seats=seats, line=line)


def tell(t: Translator, events: list[tuple]) -> list[str]:
    """The lines of a moment's events, (audience, kind, data) in order: each `told`, a run
    of one kind for one audience folded where the game has a fold for it, a line repeated
    at once written once."""
    lines: list[str] = []
    run: list[tuple] = []

    def close() -> None:
        if run:
            items = [t("story_items", kind, **data) for _, kind, data in run]
            lines.append(t("story_folds", run[0][1], items="; ".join(items)))
            run.clear()

    for audience, kind, data in events:
        if run and (run[0][0], run[0][1]) != (audience, kind):
            close()
        if t.has("story_folds", kind) and not data.get(UNEVENTFUL):
            run.append((audience, kind, data))
        elif (line := told(t, audience, kind, data)) is not None:
            lines.append(line)
    close()
    return said_once(t, lines)


def moment_header(t: Translator, moment: str, clock=None) -> str:
    """A recap's header ("### Loop 2 · Day 4 · Morning"): `clock(moment)`, the game's clock
    words for a moment's key, else its round."""
    phase, _, round_ = moment.rpartition(":")
    words = clock(moment) if clock else t("ui", "clock_round", round=round_)
    return t("ui", "recap_moment", phase=t.lookup("phases", phase),
             clock=words[:1].upper() + words[1:])


def said_once(t: Translator, lines: list[str]) -> list[str]:
    """A line repeated at once is written once, counted ("… (×3)")."""
    return render.said_once(t, "\n".join(lines)).split("\n") if lines else []
