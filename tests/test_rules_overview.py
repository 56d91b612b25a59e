"""`/<game> rules` without a topic answers with the game's overview (`rules.overview` of its
locale): every shipped game has one in every language, in words, not the key's name."""
from __future__ import annotations

import pytest

import games
from hosting.text import LANGUAGES, load_locale


@pytest.mark.parametrize("game", games.SHIPPED)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_shipped_game_has_an_overview_in_every_language(game, lang):
    overview = load_locale(game, lang).get("rules", {}).get("overview")
    assert isinstance(overview, str) and len(overview.split()) > 50, overview
