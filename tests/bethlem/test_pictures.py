"""A picture is a message too: every public and private picture of whole seeded games names only
cards its audience may know, shows no token placed tonight before dawn, and draws every glyph
with the bundled font."""
from __future__ import annotations

import pytest

from games.bethlem.table import dealt_pers
from games.bethlem.views import _tonight
from games.fonts import font
from hosting.text import Translator
from tests.bethlem.helpers import E, NAMES
from tests.bethlem.playout import play

MISSING = bytes(font(14).getmask("\uffff"))
DRAWN: set[str] = {" "}


def _drawable(ch: str) -> bool:
    if ch not in DRAWN:
        assert bytes(font(14).getmask(ch)) != MISSING, ch
        DRAWN.add(ch)
    return True


class Recorder(Translator):
    """A translator that remembers every card it named and every string it produced."""

    def __init__(self, lang, names):
        super().__init__("bethlem", lang, names)
        self.cards: set[str] = set()
        self.texts: list[str] = []

    def lookup(self, section, key):
        if section == "cards":
            self.cards.add(key)
        text = super().lookup(section, key)
        self.texts.append(text)
        return text

    def __call__(self, section, key, **params):
        text = super().__call__(section, key, **params)
        self.texts.append(text)
        return text


def _public_cards(st):
    """Dead and revealed cards, and the personalities shown by day; everything at the end."""
    if st["win"] is not None:
        return set(st["cards"]) | set(dealt_pers(st))
    shown = {p for p, on in zip(dealt_pers(st), st["personality_shown"]) if on}
    return {c for c, info in st["cards"].items() if info["dead"] or info["revealed"]} | shown


def _audit(st, seat, lang, view=None):
    t = Recorder(lang, NAMES)
    view = view or (E.public_view(st) if seat is None else E.seat_view(st, seat))
    png = E.picture(view, t)
    assert png.startswith(b"\x89PNG")
    allowed = _public_cards(st)
    if seat is not None:
        allowed |= set(st["rows"][seat]) | set(st["reserve"][seat])
    assert t.cards <= allowed, (seat, t.cards - allowed)
    hidden = _tonight(st)
    for p in view["players"]:
        for slot in p["cards"]:
            c = st["rows"][p["seat"]][slot["pos"] - 1]
            assert not (c in hidden and slot["tokens"]), (seat, c, slot)
    assert all(_drawable(ch) for text in t.texts for ch in text)


@pytest.mark.parametrize("mode,players,seed,lang", [("normal", 6, 11, "en"),
                                                    ("custom", 6, 12, "es"),
                                                    ("two", 2, 13, "en")])
def test_every_picture_shows_only_what_its_audience_knows(mode, players, seed, lang):
    shown = []

    def snap(old, new, pending, choice, events):
        if len(shown) % 90 == 0 or E.outcome(new) is not None:
            for seat in [None, *range(players)]:
                _audit(new, seat, lang)
        shown.append(1)
    play(E, mode, players, seed, on_step=snap)
    assert len(shown) > 90


def test_the_audit_catches_a_private_picture_shown_to_the_table():
    states = []
    play(E, "normal", 5, 3, on_step=lambda old, new, *_: states.append(new))
    state = states[len(states) // 2]       # mid-game: once it is over, every card is shown
    with pytest.raises(AssertionError):
        _audit(state, None, "en", view=E.seat_view(state, 0))
