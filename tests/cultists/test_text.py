"""Every event, prompt and option the code names has its words in English and Spanish, and
every template fills without leaving a field or a Python value showing."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from hosting.text import load_locale

SRC = Path(__file__).resolve().parents[2] / "games" / "cultists"


def named() -> dict[str, set[str]]:
    code = "".join(p.read_text() for p in SRC.glob("*.py"))
    events = set(re.findall(r'(?:emit|gm)\(\s*"([a-z_]+)"', code))
    events |= set(re.findall(r'tell\([^,]+,\s*"([a-z_]+)"', code))
    events |= {f"{k}_{end}" for k in re.findall(r'announce\([^)]*"([a-z_]+)"\)', code)
               for end in ("for", "abstain")}
    prompts = set(re.findall(r'question\(\s*[^,]+,\s*"([a-z_]+)"', code)) | {"wait"}
    options = set(re.findall(r'opt\(\s*[^,]+,\s*"([a-z_]+)"', code))
    return {"events": events, "prompts": prompts, "options": options}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_locale_covers_every_key_the_code_names(lang):
    loc = load_locale("cultists", lang)
    for section, keys in named().items():
        assert keys, section
        assert keys <= set(loc[section]), (section, sorted(keys - set(loc[section])))
    assert loc["rules"]["overview"] and loc["meta"]["name"]
    for section in ("roles", "tokens", "actions"):
        assert all(isinstance(v, str) or ("name" in v and "text" in v)
                   for v in loc[section].values())


def test_both_languages_have_the_same_keys():
    en, es = load_locale("cultists", "en"), load_locale("cultists", "es")
    assert set(en) == set(es)
    for section in en:
        if isinstance(en[section], dict):
            assert set(en[section]) == set(es[section]), section
