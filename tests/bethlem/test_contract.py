"""The engine contract, the locale files, the picture and the AI policy."""
import json
import re
from pathlib import Path

import pytest

import games
from games.base import IllegalMove
from hosting.text import Translator, load_locale
from tests.bethlem.helpers import E, NAMES, TOM, UMA, Game, build, card
from tests.bethlem.playout import play, step

SRC = Path(games.__file__).parent / "bethlem"


def test_registered_and_modes():
    engine = games.engine("bethlem")
    assert engine.name == "bethlem" and engine.modes == ("normal", "three", "two", "custom")
    assert [engine.player_range(m) for m in engine.modes] == [(4, 7), (3, 3), (2, 2), (4, 7)]
    with pytest.raises(IllegalMove) as err:
        engine.check_players("three", 4)
    assert err.value.code == "player_count"


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_default_sets_follow_the_spec(n):
    opts = E.default_options("normal", n)
    cards = opts["cards"]
    assert all(len(cards[g]) == n for g in ("P1", "P2", "A1", "A2", "personality"))
    assert "cuentacuentos" not in cards["personality"]
    assert opts["ali_detect_pct"] == 25 and opts["round_cap"] == 30
    assert json.loads(json.dumps(opts)) == opts


def test_host_can_edit_the_card_set_within_the_constraints():
    opts = E.default_options("normal", 4)
    broken = {**opts["cards"], "P2": ["siamesa_a", "el_archivo", "arthur", "john_flick"]}
    with pytest.raises(IllegalMove) as err:
        E.setup({"mode": "normal", "cards": broken}, 4, 1)
    assert err.value.code == "bad_card_set"
    edited = {**opts["cards"], "P1": ["daniel", "richard_dadd", "ali", "krugman"]}
    state, _ = E.setup({"mode": "normal", "cards": edited}, 4, 1)
    assert set(state["cards"]) >= {"richard_dadd", "krugman"}


def test_the_cards_in_play_are_one_grouped_list_with_copies_counted():
    _, events = E.setup({"mode": "normal"}, 6, 1)
    dealt = next(e for e in events if e.kind == "card_set").data
    assert {"key": "copies", "card": "siamesa_a", "n": 2} in dealt["p2"]
    assert {"key": "copies", "card": "companeros_a", "n": 3} in dealt["a2"]
    text = Translator("bethlem", "en", NAMES).event("card_set", dealt)
    assert len(text.splitlines()) == 6 and "Conjoined Twin ×2" in text and "Cellmate ×3" in text


def test_setup_is_deterministic_plain_json_and_apply_is_pure():
    a, ev_a = E.setup({"mode": "normal"}, 6, 5)
    b, ev_b = E.setup({"mode": "normal"}, 6, 5)
    assert a == b and ev_a == ev_b and json.loads(json.dumps(a)) == a
    p = E.pending(a)[0]
    before = json.dumps(a, sort_keys=True)
    new, _ = E.apply(a, p.seat, p.id, p.default)
    assert json.dumps(a, sort_keys=True) == before and new != a
    with pytest.raises(IllegalMove) as err:
        E.apply(new, p.seat, p.id, p.default)
    assert err.value.code == "stale"


def test_every_night_step_has_a_public_clock_and_announcement():
    st = build([["daniel", "el_archivo", "electroshock", "muerte_dulce"],
                ["ali", "john_flick", "opio", "amnesia"],
                ["larry_owls", "arthur", "lobotomia", "juego_de_azar"],
                ["nathaniel", "siamesa_a", "profeta", "cataleptico"],
                ["mary_firth", "siamesa_b", "mania_persecutoria", "companeros_a"]])
    g = Game(st).start("night")
    steps = []
    while g.st["phase"] == "night":
        clocks = g.open("step_clock")
        if clocks and g.st["night"]["step"] not in steps:
            steps.append(g.st["night"]["step"])
            assert clocks[0].deadline == "night_step_min" and clocks[0].seat is None
        g._default()
    called = [e.data["step"] for e in g.of("step_called")]
    assert called == steps and "8" in called and "16" in called
    assert all(e.audience == "public" and e.data == {"step": e.data["step"], "minor": True}
               for e in g.of("step_called"))


def test_refusals_have_error_templates():
    codes = set(re.findall(r'refuse\("([a-z_]+)"', "".join(
        p.read_text() for p in SRC.glob("*.py"))))
    for lang in ("en", "es"):
        errors = load_locale("bethlem", lang)["errors"]
        assert codes <= set(errors), codes - set(errors)


def _static_keys():
    src = "".join(p.read_text() for p in SRC.glob("*.py"))
    lit = r'"([a-z_0-9]+)"[,)]'
    events = set(re.findall(r'\b(?:pub|gm)\(ev, ' + lit, src))
    events |= set(re.findall(r'tell\(ev, [^,]+, ' + lit, src))
    events |= set(re.findall(r'log\(st, ev, ' + lit, src))
    prompts = set(re.findall(r'ask\(st, [^,]+, ' + lit, src))
    options = set(re.findall(r'opt\([^,]+, ' + lit, src))
    return {"events": events, "prompts": prompts, "options": options}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_locale_covers_every_key_the_code_names(lang):
    loc = load_locale("bethlem", lang)
    for section, keys in _static_keys().items():
        assert keys <= set(loc[section]), (section, keys - set(loc[section]))
    en = load_locale("bethlem", "en")
    for section in en:
        assert set(loc[section]) == set(en[section]), section
    for cid, entry in loc["cards"].items():
        assert entry["name"] and entry["text"], cid


@pytest.mark.parametrize("lang", ["en", "es"])
def test_played_games_render_in_every_language(lang):
    t = Translator("bethlem", lang, NAMES)
    seen = []

    def render(old, new, p, choice, events):
        for e in events:
            assert t.has("events", e.kind), e.kind
            assert "{" not in t.event(e.kind, e.data), e.kind
        for q in E.pending(new):
            assert t.has("prompts", q.kind), q.kind
            assert "{" not in t("prompts", q.kind, **q.params), q.kind
            for o in q.options:
                assert t.has("options", o.key) and "{" not in t.option(o.key, o.params), o.key
        seen.append(new["phase"])

    for mode, n, seed in (("normal", 7, 3), ("normal", 5, 8), ("three", 3, 2), ("two", 2, 1),
                          ("custom", 7, 4)):
        state, _, _ = play(E, mode, n, seed, on_step=render)
        assert t.has("outcomes", E.outcome(state).reason)
    assert all(t.has("phases", ph) for ph in set(seen))


def test_views_describe_and_picture():
    t = Translator("bethlem", "es", NAMES)
    state, _ = E.setup({"mode": "normal"}, 5, 2)
    rnd = __import__("random").Random(2)
    for _ in range(120):
        state, _, _, _ = step(E, state, rnd)
    pub = E.public_view(state)
    assert {"phase", "round", "players"} <= set(pub)
    mine = E.seat_view(state, TOM)
    assert mine["me"]["personality"] == state["personalities"][TOM]
    text = E.describe(mine, t)
    assert t.seat_name(TOM) in text and "{" not in text
    png = E.picture(mine, t)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert E.picture(pub, t) != png


def test_objective_policy_attacks_outsiders_and_reaches_consensus():
    st = build([["daniel", "el_archivo", "electroshock", "muerte_dulce"],
                ["nathaniel", "john_flick", "opio", "amnesia"],
                ["larry_owls", "arthur", "lobotomia", "juego_de_azar"],
                ["ali", "siamesa_a", "profeta", "cataleptico"],
                ["mary_firth", "siamesa_b", "mania_persecutoria", "companeros_a"]])
    g = Game(st).start("night")
    g.until("conference")
    picks = []
    for seat in (TOM, UMA):
        p = g.open("conference", seat)[0]
        choice = E.ai_choice(g.st, p, "objective")
        picks.append(choice)
        g.act("conference", choice, seat)
    assert picks[0] == picks[1] and picks[0] not in (card(TOM, 1), card(UMA, 1))
    assert picks[0].startswith("s2") or picks[0].startswith("s3") or picks[0].startswith("s4")
    assert g.of("conference_result")
    assert E.ai_choice(g.st, E.pending(g.st)[0], "baseline") is None
