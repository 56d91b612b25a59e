"""A settings text is read as `key=value` pairs whose values may be JSON holding anything: a
shipped script copied whole (its note holds a semicolon), nesting bounded before any JSON is
decoded, every refusal one `SettingRefused` that names the setting and what it takes."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from games.looper import data as looper_data
from games.options import SettingRefused
from games.settings_text import (MAX_CHARS, MAX_DEPTH, format_settings, format_value,
                                 parse_settings, parse_value)
from hosting.simulate import SimulationArgs, options_of
from hosting.text import Translator

LOOPER = games.engine("looper").option_specs("basic_tragedy")
BETHLEM = games.engine("bethlem").option_specs("custom")


def said(err: SettingRefused, lang: str = "en") -> str:
    return Translator(None, lang).error(err.code, err.params, err.message)


def refused(text: str, specs=LOOPER) -> SettingRefused:
    with pytest.raises(SettingRefused) as err:
        parse_settings(text, specs)
    return err.value


@pytest.mark.parametrize("name", sorted(looper_data.shipped_scripts()))
def test_a_shipped_script_copied_whole_is_read_with_the_settings_after_it(name):
    script = looper_data.shipped_scripts()[name]
    assert ";" in json.dumps(script)   # the note that the old splitting cut in two
    text = f"script={json.dumps(script, ensure_ascii=False)}; loops=3 ;spreading_mode=transfer"
    assert parse_settings(text, LOOPER) == {"script": script, "loops": 3,
                                            "spreading_mode": "transfer"}


def test_words_json_and_empty_parts():
    assert parse_settings(' ; round_cap=20;; events=["barbero", "confesion"] ;', BETHLEM) == {
        "round_cap": 20, "events": ["barbero", "confesion"]}
    assert parse_settings("", BETHLEM) == {}
    assert parse_settings('spreading_mode="transfer"; loops=null', LOOPER) == {
        "spreading_mode": "transfer", "loops": None}


def test_json_nested_thousands_deep_is_refused_before_it_is_decoded():
    deep = "script=" + "[" * 2900 + "]" * 2900          # 5,807 characters: under Discord's 6,000
    err = refused(deep)
    assert err.code == "setting_too_deep" and err.params["option"] == "script"
    assert said(err).startswith(f"The setting “script” nests lists or objects more than "
                                f"{MAX_DEPTH} deep: it takes one of first_script")
    assert "no puede" not in said(err, "es") and "«script»" in said(err, "es")
    in_strings = 'script={"note": "' + "[" * 3000 + '"}'   # brackets in a string are text
    assert parse_settings(in_strings, LOOPER) == {"script": {"note": "[" * 3000}}


@pytest.mark.parametrize("text, code, option", [
    ("loops", "setting_without_value", "loops"),
    ("loops=3; loops=4", "setting_twice", "loops"),
    ('script={"a": 1} extra; loops=3', "setting_after_json", "script"),
    ('script={"a": "b; loops=3', "setting_unclosed", "script"),
    ('script={"a": "\\u0000"}', "setting_not_text", "script"),
    ('script={"a": "\\ud800"}', "setting_not_text", "script"),
    ("loops=1e400", "bad_option", "loops"),
    ("loops=NaN", "bad_option", "loops"),
    ("loops=" + "9" * 5000, "bad_option", "loops"),
    ("loops=3;lops=2", "bad_setting", None),
])
def test_each_refusal_names_the_setting_and_what_it_takes(text, code, option):
    err = refused(text)
    assert err.code == code
    line = said(err)
    if option:
        assert err.params["option"] == option and f"“{option}”" in line
    if code not in ("setting_twice", "bad_setting"):
        assert "it takes " in line.lower()
    assert len(line) < 1000


def test_too_long_a_text_is_refused_by_its_length():
    err = refused("loops=3;" + " " * MAX_CHARS)
    assert err.code == "settings_too_long" and str(MAX_CHARS) in said(err)


def test_a_form_field_is_one_value_whatever_it_holds():
    script = looper_data.shipped_scripts()["prevailing_secrecy"]
    assert parse_value("script", json.dumps(script), LOOPER) == script
    assert parse_value("spreading_mode", " transfer ", LOOPER) == "transfer"
    with pytest.raises(SettingRefused) as err:
        parse_value("loops", "3; spreading_mode=transfer", LOOPER)
    assert err.value.code == "bad_option" and err.value.params["option"] == "loops"
    with pytest.raises(SettingRefused) as err:
        parse_value("script", "[" * 100, LOOPER)
    assert err.value.code == "setting_too_deep"


def test_simulate_reads_each_option_as_a_settings_text():
    script = looper_data.shipped_scripts()["prevailing_secrecy"]
    args = SimulationArgs("looper", 4, 1, mode="basic_tragedy",
                          option=[f"script={json.dumps(script)}", "loops=3"])
    assert options_of(args) == {"script": script, "loops": 3}


# ---- random hostile text ---------------------------------------------------------------------
TABLES = [(name, mode) for name in sorted(games.SHIPPED) for mode in games.engine(name).modes]
NAMES = sorted({n for g, m in TABLES for n in games.engine(g).option_specs(m)})
PIECES = st.sampled_from([*NAMES, "lops", "=", ";",
                          "[", "]", "{", "}", '"', "\\", ":", ",", " ", "null", "3", "1e400",
                          "NaN", "-0", "transfer", "@everyone", "<@123>", "\\u0000", "\\ud800",
                          "true", '"a;b"', "[[[[", "]]]]"])
HOSTILE = st.one_of(st.text(max_size=200), st.lists(PIECES, max_size=60).map("".join),
                    st.integers(0, 40).map(lambda n: "script=" + "[" * n + "]" * n))


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TABLES), HOSTILE)
def test_any_text_is_options_that_pass_the_specs_or_one_refusal_naming_something(table, text):
    game, mode = table
    specs = games.engine(game).option_specs(mode)
    try:
        options = parse_settings(text, specs)
    except SettingRefused as err:
        line = Translator(game, "en").error(err.code, err.params, err.message)
        named = (err.params.get("option") or err.params.get("setting") or err.params.get("max")
                 or err.params.get("known"))
        assert named is not None and str(named)[:20] in line
        return
    games.engine(game).check_options(mode, options)
    assert parse_settings(format_settings(options), specs) == options


VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                      lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=20)


@settings(max_examples=200, deadline=None)
@given(VALUES)
def test_a_value_written_out_reads_back_as_itself(value):
    try:
        back = parse_value("script", format_value(value), {"script": _Anything()})
    except SettingRefused as err:   # a NUL, or nested past the bound: refused by name
        assert err.code in ("setting_not_text", "setting_too_deep")
        return
    assert back == value


class _Anything:
    def check(self, value, name):
        return value

    def describe(self):
        return {"key": "object"}
