"""Alike small steps in a phase's post read as one line: Bethlem's night opens with the
narrator's calls folded into "The narrator called: A, B, C." instead of a wall of lines that
pushes the vote out of view."""
from __future__ import annotations

import pytest

from cogs.common import render
from hosting import text
from hosting.text import Translator
from tests.test_loopback_games import unfolds_into
from tests.test_thread_posts import PEOPLE, night, shown, vote
from tests.test_delivery import toy_table, world

__all__ = ["world"]


def calls(t: Translator, *steps: str) -> list[str]:
    return [t.event("step_called", {"step": s}) for s in steps]


@pytest.mark.parametrize("lang, line", [
    ("en", "The narrator called: questions to the Storyteller, Blood Pact, night events."),
    ("es", "El narrador llamó a: las preguntas al Cuentacuentos, el Pacto de sangre, "
           "los eventos de noche.")])
def test_the_narrators_calls_fold_into_one_line(lang, line):
    t = Translator("bethlem", lang, ["Ana"], markdown=True)
    lines = calls(t, "1", "2", "5")
    assert render.folded(t, "\n".join(lines)) == line


def test_only_a_run_of_calls_folds_and_other_lines_stay_where_they_were():
    t = Translator("bethlem", "en", ["Ana"], markdown=True)
    hypnosis = t.event("step_sub", {"card": "ali", "sub": "h"})
    lines = [*calls(t, "1", "2"), "Ana dies.", hypnosis, *calls(t, "5")]
    assert render.folded(t, "\n".join(lines)).splitlines() == [
        "The narrator called: questions to the Storyteller, Blood Pact.", "Ana dies.",
        "The narrator called: Ali the Mute (hypnotised), night events."]
    # The whole-game checks read a folded line back as the public lines it holds.
    plain = Translator("bethlem", "en", ["Ana"])
    said = set(calls(plain, "1", "2", "5"))
    assert unfolds_into(render.folded(plain, "\n".join(calls(plain, "2", "1"))), said)
    assert not unfolds_into(render.folded(plain, "\n".join(calls(plain, "2", "3"))), said)
    # A game that folds nothing reads as it did.
    toy = Translator("toy", "en", ["Ana"], markdown=True)
    assert render.folded(toy, "\n".join(lines)) == "\n".join(lines)


async def test_a_phase_post_shows_its_folded_lines_and_keeps_each_one(world, monkeypatch):
    """The post is planned with every line (so none is lost or doubled across edits and
    restarts); what Discord shows folds them, here the toy game's votes."""
    plain = text.load_locale

    def with_folds(game, lang):
        found = plain(game, lang)
        return {**found, "folds": {"voted": "Votes cast: {items}."}} if game == "toy" else found

    monkeypatch.setattr(text, "load_locale", with_folds)
    host, delivery, channels, users = world
    table = await toy_table(host, 3, PEOPLE)
    await delivery.settled()
    table = await host.table(table.id)
    thread = channels[2]
    await night(host, table)
    await delivery.settled()
    voters = [p.seat for p in host.pending(table)]
    for seat in voters[:2]:
        await vote(host, table, seat)
    names = [table.seats[s].name for s in voters[:2]]
    lines = shown(thread)[thread.sent[-1].id].splitlines()
    assert f"Votes cast: {names[0]}, {names[1]}." in lines
    assert not any(line.endswith("has voted.") for line in lines)
    news = [p for p in (await host.store.posts(table.id)).values()
            if p.key.startswith(("phase:", "more:"))]
    planned = max(news, key=lambda p: p.seq).text    # the post's whole text, as planned
    assert all(planned.count(f"{n} has voted.") == 1 for n in names)
