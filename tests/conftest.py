"""Shared fixtures: the toy game registered under the name "toy"."""
from __future__ import annotations

import pytest

import games
from hosting.text import register_locale_dir
from tests.toy import LOCALES

games.register("toy", "tests.toy:ToyGame")
register_locale_dir("toy", LOCALES)


@pytest.fixture
def toy():
    return games.engine("toy")
