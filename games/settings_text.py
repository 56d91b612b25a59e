"""Settings as a person types them: `key=value; key=value`.

A value is JSON when it reads as JSON, else a bare word (`spreading_mode=transfer`). A value
that starts as a JSON string, list or object runs to its own closing quote or bracket, so
whatever it holds, semicolons in its strings included, stays in it (a Looper script's note
does); anything else runs to the next `;`. Text longer than `MAX_CHARS` or JSON nested deeper
than `MAX_DEPTH` is refused before any JSON is read, so no input reaches the decoder's
recursion limit. Every refusal is a `SettingRefused` naming the setting and what it takes,
and the options returned pass the game's specs.
"""
from __future__ import annotations

import json
from typing import Any

from games.options import SettingRefused, Spec, UnknownOption, check_options

MAX_CHARS = 8000   # a slash command's text option holds 6,000; the longest shipped script 900
MAX_DEPTH = 16     # nested lists and objects; a script nests 4 deep
_JSON_START = '[{"'
_NOT_JSON = object()


def parse_settings(text: str, specs: dict[str, Spec]) -> dict:
    """'round_cap=20; events=["barbero"]' -> {"round_cap": 20, "events": ["barbero"]}, checked
    against `specs`; empty parts are skipped, a setting given twice is refused."""
    _check_size(text)
    out: dict = {}
    at = 0
    while (at := _skip(text, at, ";")) < len(text):
        equals, semicolon = text.find("=", at), _find(text, ";", at)
        if equals == -1 or equals > semicolon:
            key = text[at:semicolon].strip()
            if key in specs:
                raise SettingRefused("setting_without_value", f"The setting {key} needs a value.",
                                     option=key, accepts=specs[key].describe())
            raise UnknownOption(key, specs)
        key = text[at:equals].strip()
        if not key:
            raise SettingRefused("setting_unnamed", "A setting has no name before its =.",
                                 known=", ".join(sorted(specs)) or "—")
        if key not in specs:
            raise UnknownOption(key, specs)
        if key in out:
            raise SettingRefused("setting_twice", f"The setting {key} is given twice.",
                                 option=key)
        out[key], at = _read_value(text, equals + 1, key, specs[key], until=";")
    check_options(specs, out)
    return out


def parse_value(key: str, text: str, specs: dict[str, Spec]) -> Any:
    """One setting's value typed on its own (a form's field): all of `text` is the value."""
    _check_size(text)
    if key not in specs:
        raise UnknownOption(key, specs)
    value, _ = _read_value(text, 0, key, specs[key], until=None)
    check_options(specs, {key: value})
    return value


def format_settings(options: dict) -> str:
    """The settings text `parse_settings` reads back as these options."""
    return "; ".join(f"{key}={format_value(value)}" for key, value in options.items())


def format_value(value: Any) -> str:
    """A value as a person would type it: a plain word bare, anything else as JSON."""
    if isinstance(value, str) and value and value == value.strip() and ";" not in value \
            and value[0] not in _JSON_START and _decoded(value) is _NOT_JSON:
        return value
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _check_size(text: str) -> None:
    if len(text) > MAX_CHARS:
        raise SettingRefused("settings_too_long", f"Settings of {len(text)} characters: at most "
                             f"{MAX_CHARS}.", length=len(text), max=MAX_CHARS)


def _read_value(text: str, at: int, key: str, spec: Spec, until: str | None
                ) -> tuple[Any, int]:
    """The value starting at `at` and where the next setting starts."""
    at = _skip(text, at)
    if at < len(text) and text[at] in _JSON_START:
        end = _json_end(text, at, key, spec)
        after = _skip(text, end)
        if after < len(text) and text[after] != until:
            raise SettingRefused("setting_after_json", f"The setting {key} has more after its "
                                 "JSON value.", option=key, accepts=spec.describe())
        raw, next_at = text[at:end], after + 1
    else:
        end = _find(text, until, at) if until else len(text)
        raw, next_at = text[at:end].strip(), end + 1
    value = _decoded(raw)
    if value is _NOT_JSON:
        return raw, next_at
    if not _plain_text(value):
        raise SettingRefused("setting_not_text", f"The setting {key} holds characters that are "
                             "not text.", option=key, accepts=spec.describe())
    return value, next_at


def _json_end(text: str, start: int, key: str, spec: Spec) -> int:
    """Just past the JSON string, list or object starting at `start`: strings are skipped
    whole, brackets counted up to MAX_DEPTH (whether they pair up is JSON's to say)."""
    depth, in_string, escaped = 0, False, False
    for at in range(start, len(text)):
        char = text[at]
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
                if depth == 0:
                    return at + 1
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise SettingRefused("setting_too_deep", f"The setting {key} nests deeper than "
                                     f"{MAX_DEPTH}.", option=key, max=MAX_DEPTH,
                                     accepts=spec.describe())
        elif char in "]}":
            depth -= 1
            if depth == 0:
                return at + 1
    raise SettingRefused("setting_unclosed", f"The setting {key} opens JSON it never closes.",
                         option=key, accepts=spec.describe())


def _decoded(raw: str) -> Any:
    """The JSON `raw` holds, or _NOT_JSON (NaN and Infinity are not JSON)."""
    try:
        return json.loads(raw, parse_constant=_no_constant)
    except ValueError:   # JSONDecodeError, the int digits limit, NaN
        return _NOT_JSON


def _no_constant(name: str):
    raise ValueError(name)


def _plain_text(value: Any) -> bool:
    """Whether every string in the value is text a message and both stores carry: no NUL, no
    half of a surrogate pair."""
    if isinstance(value, str):
        return "\x00" not in value and not any("\ud800" <= c <= "\udfff" for c in value)
    if isinstance(value, list):
        return all(_plain_text(v) for v in value)
    if isinstance(value, dict):
        return all(_plain_text(k) and _plain_text(v) for k, v in value.items())
    return True


def _skip(text: str, at: int, also: str = "") -> int:
    """Past any white space (and the characters `also`) from `at`."""
    while at < len(text) and (text[at].isspace() or text[at] in also):
        at += 1
    return at


def _find(text: str, char: str, at: int) -> int:
    found = text.find(char, at)
    return len(text) if found == -1 else found
