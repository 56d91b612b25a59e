"""Player-facing text: locale files and the templates that turn structured events into sentences.

Core strings live in `data/locales/<lang>.json`; each game adds `data/<game>/locales/<lang>.json`.
Both are objects of sections ("events", "prompts", "options", "phases", "errors", "outcomes", and
any lookup table such as "cards" or "rooms") mapping keys to `str.format` templates.

Templates may name how a value is shown after a colon:
  {target:seat}     the seat's display name        {voters:seat}   a list of seats, joined
  {card:cards}      looks the value up in the "cards" section (any section name works)
  {spec:accepts}    a value {"key": k, ...} reads as the template `accepts.k` filled with the rest
A list value is shown item by item and joined with ", "; a spec ending in ":lines" puts each item
on a line of its own ({chars:abilities:lines}). English is the fallback for anything a
language lacks; a key missing everywhere shows as the key itself with its data, never as an error.
"""
from __future__ import annotations

import json
import re
import string
from functools import lru_cache
from pathlib import Path
from typing import Any, Sequence

DATA = Path(__file__).resolve().parent.parent / "data"
LANGUAGES = ("en", "es")
DEFAULT_LANG = "en"


_LOCALE_DIRS: dict[str | None, Path] = {None: DATA / "locales"}


def register_locale_dir(game: str, folder: Path) -> None:
    """For games whose strings live outside `data/<game>/locales` (the test-only toy game)."""
    _LOCALE_DIRS[game] = folder
    load_locale.cache_clear()


@lru_cache(maxsize=None)
def load_locale(game: str | None, lang: str) -> dict:
    folder = _LOCALE_DIRS.get(game, DATA / str(game) / "locales")
    path = folder / f"{lang}.json"
    if not path.exists():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


# Characters that Discord reads as markdown or as the start of a mention, emoji or link.
_MARKUP = re.compile(r"([\\*_~|`>#\-\[\]()<@:])")


def escape(text: str) -> str:
    """A name shown as written: no markdown taking over the message, no mention, no ping."""
    return _MARKUP.sub(r"\\\1", str(text))


class _Formatter(string.Formatter):
    def __init__(self, tr: "Translator"):
        self.tr = tr

    def format_field(self, value: Any, spec: str) -> str:
        if not spec or spec[0].isdigit() or spec[0] in "<>^.+-":
            return super().format_field(value, spec)
        if isinstance(value, (list, tuple)):
            spec, lines = (spec[:-6], True) if spec.endswith(":lines") else (spec, False)
            return ("\n" if lines else ", ").join(self.format_field(v, spec)
                                                  for v in value) or "—"
        if isinstance(value, dict) and "key" in value:   # a described thing: {"key": ..., ...}
            return self.tr(spec, value["key"], **{k: v for k, v in value.items() if k != "key"})
        if spec == "seat":
            return self.tr.seat_name(value)
        return self.tr.lookup(spec, str(value))


class Translator:
    """Text for one game, one language and one table's seat names."""

    def __init__(self, game: str | None, lang: str = DEFAULT_LANG,
                 names: Sequence[str] | None = None, markdown: bool = False):
        """With `markdown`, the text goes where Discord reads markdown (message text, embeds):
        seat names are escaped. Without it (button labels, pictures) they are shown as is."""
        self.game = game
        self.lang = lang if lang in LANGUAGES else DEFAULT_LANG
        self.names = list(names or [])
        self.markdown = markdown
        self._fmt = _Formatter(self)

    def name(self, name: str) -> str:
        """A player's name as this text shows it."""
        return escape(name) if self.markdown else name

    def _layers(self) -> list[dict]:
        layers = []
        for lang in dict.fromkeys((self.lang, DEFAULT_LANG)):
            if self.game:
                layers.append(load_locale(self.game, lang))
            layers.append(load_locale(None, lang))
        return layers

    def template(self, section: str, key: str) -> str | None:
        for layer in self._layers():
            found = layer.get(section, {}).get(key)
            if found is not None:
                return found
        return None

    def keys(self, section: str) -> list[str]:
        """The keys a section has in any layer, in the order they are first written."""
        return list(dict.fromkeys(k for layer in self._layers() for k in layer.get(section, {})))

    def has(self, section: str, key: str) -> bool:
        return self.template(section, key) is not None

    def lookup(self, section: str, key: str) -> str:
        found = self.template(section, key)
        if isinstance(found, dict):  # rich entries such as {"name": ..., "text": ...}
            found = found.get("name", key)
        return key if found is None else str(found)

    def seat_name(self, seat: Any) -> str:
        try:
            i = int(seat)
        except (TypeError, ValueError):
            return str(seat)
        return self.name(self.names[i]) if 0 <= i < len(self.names) else f"#{i + 1}"

    def __call__(self, section: str, key: str, **params: Any) -> str:
        """The text of `section.key` filled with `params`."""
        tpl = self.template(section, key)
        if tpl is None:
            return f"{key} {json.dumps(params, sort_keys=True)}" if params else key
        if isinstance(tpl, dict):
            tpl = tpl.get("name", key)
        try:
            return self._fmt.format(tpl, **params)
        except (KeyError, IndexError, ValueError):
            return tpl

    def plural(self, section: str, key: str, count: int, **params: Any) -> str:
        """`key_one` when `count` is 1, else `key_other` (English and Spanish need no more)."""
        return self(section, f"{key}_{'one' if count == 1 else 'other'}", count=count, **params)

    def event(self, kind: str, data: dict) -> str:
        return self("events", kind, **data)

    def option(self, key: str, params: dict) -> str:
        return self("options", key, **params)

    def error(self, code: str, params: dict, fallback: str) -> str:
        return self("errors", code, **params) if self.has("errors", code) else fallback
