"""Every event kind, prompt kind, option key, phase, error code and outcome the engine uses has a
template in English and Spanish, and every lookup a template makes names an existing entry."""
from __future__ import annotations

import ast
import json
import random
import string
from pathlib import Path

import pytest

from games.room25 import Room25Engine
from hosting.text import Translator

PKG = Path(__file__).resolve().parents[2] / "games" / "room25"
LOCALES = Path(__file__).resolve().parents[2] / "data" / "room25" / "locales"
E = Room25Engine()


def _const(node):
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def used_keys() -> dict[str, set[str]]:
    """Read the engine's source for the keys it emits (static, so rare paths count too)."""
    out = {k: set() for k in ("events", "prompts", "options", "phases", "errors", "outcomes")}
    for path in PKG.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                args = [_const(a) for a in node.args]
                if name == "emit" and args and args[0]:
                    out["events"].add(args[0])
                elif name == "choose" and len(args) > 4 and args[4]:
                    out["prompts"].add(args[4])
                elif name == "opt" and len(args) > 1 and args[1]:
                    out["options"].add(args[1])
                elif name == "IllegalMove" and args and args[0]:
                    out["errors"].add(args[0])
                elif name == "end" and len(args) > 2 and args[2]:
                    out["outcomes"].add(args[2])
                elif name == "Pending" and len(args) > 2 and args[2]:
                    out["prompts"].add(args[2])
            elif isinstance(node, (ast.List, ast.Tuple)) and len(node.elts) == 3 \
                    and isinstance(node.elts[2], ast.Dict) and _const(node.elts[1]):
                out["options"].add(_const(node.elts[1]))
            elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Subscript) \
                    and _const(node.targets[0].slice) == "phase" and _const(node.value):
                out["phases"].add(_const(node.value))
    return out


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_key_has_a_template(lang):
    loc = json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
    used = used_keys()
    assert len(used["events"]) > 50 and len(used["prompts"]) > 30
    for section, keys in used.items():
        missing = keys - set(loc.get(section, {}))
        assert not missing, (section, missing)


def test_both_languages_have_the_same_keys():
    en, es = (json.loads((LOCALES / f"{x}.json").read_text(encoding="utf-8")) for x in ("en", "es"))
    assert set(en) == set(es)
    for section in en:
        assert set(en[section]) == set(es[section]), section
    for room, entry in en["rooms"].items():
        assert entry["name"] and entry["text"] and es["rooms"][room]["text"] != entry["text"]


def lookups(template: str) -> list[tuple[str, str]]:
    return [(field, spec) for _, field, spec, _ in string.Formatter().parse(template)
            if field and spec and spec != "seat"]


def check_rendered(loc: dict, section: str, key: str, params: dict) -> None:
    template = loc[section][key]
    for field, spec in lookups(template):
        spec = spec.removesuffix(":lines")
        assert spec in loc, (key, spec)
        values = params[field] if isinstance(params[field], list) else [params[field]]
        for v in values:
            if isinstance(v, dict):     # a described thing: its own template, filled in turn
                assert v["key"] in loc[spec], (section, key, field, v)
                check_rendered(loc, spec, v["key"], v)
            else:
                assert str(v) in loc[spec], (section, key, field, v)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_templates_render_what_games_produce(lang):
    loc = json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
    t = Translator("room25", lang, ["A", "B", "C", "D", "E", "F", "G", "H"])
    for i, (mode, players, level) in enumerate([("suspicion", 6, "ultimate"), ("coop", 4, "ultimate"),
                                                ("suspicion", 8, "ultimate"), ("coop", 2, "basic")]):
        for seed in range(6):
            rnd = random.Random(seed)
            s, events = E.setup({"mode": mode, "level": level, "madness": seed % 2 == 0},
                                players, seed)
            while True:
                for e in events:
                    check_rendered(loc, "events", e.kind, e.data)
                    assert "{" not in t.event(e.kind, e.data)
                if E.outcome(s):
                    out = E.outcome(s)
                    assert out.reason in loc["outcomes"]
                    break
                p = rnd.choice(E.pending(s))
                check_rendered(loc, "prompts", p.kind, p.params)
                for o in p.options:
                    check_rendered(loc, "options", o.key, o.params)
                view = E.seat_view(s, p.seat if p.seat is not None else 0)
                assert E.describe(view, t)
                s, events = E.apply(s, p.seat, p.id, rnd.choice(p.options).id)
