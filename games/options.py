"""Declared game options: the one place a game says which settings a table may set.

An engine lists its options per mode in `Engine.option_specs(mode)`, a dict of name -> spec:

    def option_specs(self, mode):
        specs = {"round_cap": Int(1, 99), "variant": Choice("classic", "quick"),
                 "extra_cards": ListOf(Choice(*CARD_IDS), unique=True)}
        if mode == "custom":
            specs["objectives"] = DictOf(Choice(*OBJECTIVES), Int(0, 7))
        return specs

`/GAME new` (its settings text read by `games.settings_text`), the host and `Engine.setup`
refuse any other name and any value its spec does not accept, with an `OptionError` naming the
option and what it takes. Checks that need the player count (how many cards a set needs) stay
in the engine's setup.

A spec's `describe()` is data, not prose ({"key": "int", "lo": 1, "hi": 99}): the host's
locale files turn it into a sentence (`accepts.<key>`), so the refusal reads in any language.
"""
from __future__ import annotations

import json
import math
from typing import Any

from games.base import IllegalMove

_SHOWN_VALUES = 30   # a longer list of allowed values is cut, its length said instead
_QUOTED = 80         # characters of a refused value repeated back


class SettingRefused(IllegalMove):
    """Every refusal of a setting, from its name to its value: it names the setting and, where
    a value is wrong, what the setting takes (`accepts`, a spec description)."""


class OptionError(SettingRefused):
    """A setting the game does not take. `params`: option (its name, "cards.P1" inside a
    group), value (the refused value, clipped, as typed), accepts (a spec description)."""

    def __init__(self, option: str, value: Any, spec: "Spec"):
        shown = json.dumps(value, ensure_ascii=False)
        shown = shown if len(shown) <= _QUOTED else shown[:_QUOTED - 1] + "…"
        super().__init__("bad_option", f"The setting {option} cannot be {shown}.",
                         option=option, value=shown, accepts=spec.describe())


class UnknownOption(SettingRefused):
    def __init__(self, option: str, known):
        shown = option if len(option) <= _QUOTED else option[:_QUOTED - 1] + "…"
        super().__init__("bad_setting", f"Unknown setting {shown!r}.", setting=shown,
                         known=", ".join(sorted(known)) or "—")


class Spec:
    """What one option accepts. `check` returns the value or raises OptionError."""

    def __init__(self, *, null: bool = False):
        self.null = null   # whether null ("not set, use the game's choice") is accepted

    def check(self, value: Any, name: str) -> Any:
        if value is None and self.null:
            return None
        if not self.accepts(value, name):
            raise OptionError(name, value, self)
        return value

    def accepts(self, value: Any, name: str) -> bool:
        """Whether `value` fits; a container may raise the refusal of a part instead."""
        raise NotImplementedError

    def describe(self) -> dict:
        out = self._describe()
        return {"key": "or_null", "spec": out} if self.null else out

    def _describe(self) -> dict:
        raise NotImplementedError


class Flag(Spec):
    def accepts(self, value, name):
        return isinstance(value, bool)

    def _describe(self):
        return {"key": "flag"}


class Number(Spec):
    """A finite number from lo to hi (inf, nan and 1e400 never pass); whole with `Int`."""

    whole = False

    def __init__(self, lo: float, hi: float, **kw):
        super().__init__(**kw)
        self.lo, self.hi = lo, hi

    def accepts(self, value, name):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return False
        if self.whole and not isinstance(value, int):
            return False
        return math.isfinite(value) and self.lo <= value <= self.hi

    def _describe(self):
        return {"key": "int" if self.whole else "number", "lo": self.lo, "hi": self.hi}


class Int(Number):
    whole = True


class Choice(Spec):
    """One of the given values (usually ids a person types)."""

    def __init__(self, *values, **kw):
        super().__init__(**kw)
        self.values = tuple(values)

    def accepts(self, value, name):
        return isinstance(value, (str, int)) and not isinstance(value, bool) \
            and value in self.values

    def _describe(self):
        shown = [str(v) for v in self.values[:_SHOWN_VALUES]]
        more = len(self.values) - len(shown)
        return {"key": "choice", "values": ", ".join(shown) + (", …" if more > 0 else "")}


class ListOf(Spec):
    """A list whose items each pass `item`; `unique` refuses repeats; with `commas` the words
    of a string "a,b,c" are the items too (for an engine that reads that form)."""

    def __init__(self, item: Spec, *, unique: bool = False, commas: bool = False, **kw):
        super().__init__(**kw)
        self.item, self.unique, self.commas = item, unique, commas

    def accepts(self, value, name):
        if self.commas and isinstance(value, str):
            value = [word.strip() for word in value.split(",") if word.strip()]
        if not isinstance(value, list):
            return False
        for entry in value:   # a refused item is named with its own spec
            self.item.check(entry, name)
        return not self.unique or len({json.dumps(v, sort_keys=True) for v in value}) == len(value)

    def _describe(self):
        key = ("list_unique" if self.unique else "list") + ("_commas" if self.commas else "")
        return {"key": key, "item": self.item.describe()}


class DictOf(Spec):
    """An object whose keys pass `keys` (a Choice) and values pass `value`: counts per id."""

    def __init__(self, keys: Choice, value: Spec, **kw):
        super().__init__(**kw)
        self.keys, self.value = keys, value

    def accepts(self, value, name):
        if not isinstance(value, dict):
            return False
        for key, entry in value.items():
            self.keys.check(key, name)
            self.value.check(entry, f"{name}.{key}")
        return True

    def _describe(self):
        return {"key": "dict", "keys": self.keys.describe(), "value": self.value.describe()}


class Fields(Spec):
    """An object of named parts, each with its own spec; a table may give only some of them
    (the others keep their defaults: a card set by position)."""

    def __init__(self, **parts: Spec):
        super().__init__()
        self.parts = parts

    def accepts(self, value, name):
        if not isinstance(value, dict):
            return False
        for key, entry in value.items():
            if key not in self.parts:
                raise UnknownOption(f"{name}.{key}", [f"{name}.{k}" for k in self.parts])
            self.parts[key].check(entry, f"{name}.{key}")
        return True

    def _describe(self):
        return {"key": "fields", "names": ", ".join(self.parts)}


class Document(Spec):
    """A JSON object the game checks in full at setup (a script a table brings): here only its
    shape, an object, is checked."""

    def accepts(self, value, name):
        return isinstance(value, dict)

    def _describe(self):
        return {"key": "object"}


class AnyOf(Spec):
    """A value one of the alternatives accepts (a name, or a list given in full)."""

    def __init__(self, *alternatives: Spec, **kw):
        super().__init__(**kw)
        self.alternatives = alternatives

    def accepts(self, value, name):
        for alt in self.alternatives:
            try:
                alt.check(value, name)
                return True
            except IllegalMove:
                continue
        return False

    def _describe(self):
        return {"key": "any_of", "first": self.alternatives[0].describe(),
                "second": (self.alternatives[1].describe() if len(self.alternatives) == 2 else
                           AnyOf(*self.alternatives[1:]).describe())}


def check_options(specs: dict[str, Spec], options: dict) -> None:
    """Refuse an option the game does not declare for this mode, or a value its spec refuses."""
    for name, value in options.items():
        spec = specs.get(name)
        if spec is None:
            raise UnknownOption(str(name), specs)
        spec.check(value, name)


__all__ = ["AnyOf", "Choice", "DictOf", "Document", "Fields", "Flag", "Int", "ListOf", "Number",
           "OptionError", "SettingRefused", "Spec", "UnknownOption", "check_options"]
