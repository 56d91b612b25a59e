"""Scripts: the shipped ones pass the validator, the manual's partial example (p.17) has a legal
cast, every rule of spec 4.3 refuses a broken script with a reason, and the generator only
produces scripts the validator accepts."""
from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings, strategies as st

from games.base import IllegalMove
from games.looper import data, generator
from games.looper.script import ScriptError, public_sheet, validate
from games.rng import Rng
from hosting.text import Translator


def first_script() -> dict:
    return copy.deepcopy(data.shipped_scripts()["first_script"])


def test_shipped_scripts_are_valid_and_marked_external():
    assert set(data.shipped_scripts()) == {"first_script", "prevailing_secrecy"}
    for script in data.shipped_scripts().values():
        assert validate(script) is script
        assert script["source"] == "EXT"


def test_manual_partial_example_has_a_legal_cast():
    cast = {"rich_mans_daughter": "loved_one", "boy_student": "person", "girl_student": "killer",
            "police_officer": "brain", "office_worker": "person", "shrine_maiden": "key_person",
            "informer": "person", "doctor": "conspiracy_theorist", "patient": "lover"}
    validate({"tragedy_set": "basic_tragedy", "loops": 4, "days_per_loop": 7,
              "main_plot": "murder_plan", "subplots": ["a_love_affair", "an_unsettling_rumor"],
              "cast": [{"character": c, "role": r} for c, r in cast.items()], "incidents": []})


def broken(change) -> dict:
    script = first_script()
    change(script)
    return script


CASES = {
    "script_set": lambda s: s.update(tragedy_set="nightmare"),
    "script_loops": lambda s: s.update(loops=8),
    "script_days": lambda s: s.update(days_per_loop=0),
    "script_main_plot": lambda s: s.update(main_plot="the_sealed_item"),
    "script_subplot_count": lambda s: s.update(subplots=["shadow_of_the_ripper",
                                                         "an_unsettling_rumor"]),
    "script_subplot": lambda s: s.update(subplots=["a_love_affair"]),
    "script_character": lambda s: s["cast"].append({"character": "ghost", "role": "person"}),
    "script_external": lambda s: s["cast"].append({"character": "alien", "role": "person"}),
    "script_twice": lambda s: s["cast"].append({"character": "doctor", "role": "person"}),
    "script_role": lambda s: s["cast"][5].update(role="witch"),
    "script_roles": lambda s: s["cast"][5].update(role="killer"),
    "script_incident": lambda s: s["incidents"][0].update(incident="foul_evil"),
    "script_incident_day": lambda s: s["incidents"][0].update(day=5),
    "script_culprit": lambda s: s["incidents"][0].update(culprit="patient"),
    "script_culprit_twice": lambda s: s["incidents"][1].update(culprit="office_worker"),
    "script_day_twice": lambda s: s["incidents"][1].update(day=2),
    "script_curmudgeons": lambda s: s.update(script_choices={"curmudgeons": 1}),
}


@pytest.mark.parametrize("code", sorted(CASES))
def test_validator_refuses_with_a_reason(code):
    with pytest.raises(ScriptError) as err:
        validate(broken(CASES[code]))
    assert err.value.code == code and len(str(err.value)) > 10


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("cid", data.external_characters())
def test_external_character_is_refused_by_name(lang, cid):
    script = broken(lambda s: s["cast"].append({"character": cid, "role": "person"}))
    with pytest.raises(ScriptError) as err:
        validate(script)
    line = Translator("looper", lang)("errors", err.value.code, **err.value.params)
    assert line.startswith(Translator("looper", lang).lookup("names", cid) + " ")


def test_unverified_character_data_needs_a_switch(monkeypatch):
    doctor = {**data.characters()["doctor"], "verified": False}
    monkeypatch.setitem(data.characters(), "doctor", doctor)
    with pytest.raises(ScriptError) as err:
        validate(first_script())
    assert err.value.code == "script_unverified"
    assert validate(first_script(), allow_unverified=True)


def test_role_maximum_and_sign_with_me_trait():
    s = {"tragedy_set": "basic_tragedy", "loops": 3, "days_per_loop": 6,
         "main_plot": "sign_with_me", "subplots": ["circle_of_friends", "the_hidden_freak"],
         "cast": [], "incidents": []}
    with pytest.raises(ScriptError) as err:
        validate(s)
    assert err.value.code == "script_role_max"
    s.update(subplots=["threads_of_fate", "a_love_affair"],
             cast=[{"character": "boy_student", "role": "key_person"},
                   {"character": "doctor", "role": "lover"},
                   {"character": "patient", "role": "loved_one"}])
    with pytest.raises(ScriptError) as err:
        validate(s)
    assert err.value.code == "script_key_person_trait"


def test_public_sheet_hides_culprits_roles_and_plots():
    sheet = public_sheet(first_script())
    text = str(sheet)
    assert "office_worker" not in text and "murder_plan" not in text and "killer" not in text
    assert sheet["incidents"] == [{"day": 2, "incident": "murder"},
                                  {"day": 3, "incident": "suicide"}]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), ts=st.sampled_from(["first_steps", "basic_tragedy"]),
       difficulty=st.sampled_from(sorted(generator.LOOPS)))
def test_generated_scripts_pass_the_validator(seed, ts, difficulty):
    state = {"rng": Rng.seed(seed)}
    script = generator.generate(Rng(state), ts, difficulty, vet=False)
    assert validate(copy.deepcopy(script)) == script
    assert script["loops"] == generator.LOOPS[difficulty]
    lo, hi = data.tragedy_set(ts)["days"]
    assert lo <= script["days_per_loop"] <= hi


def test_vetted_scripts_play():
    for seed, ts in ((1, "first_steps"), (2, "basic_tragedy")):
        script = generator.generate(Rng({"rng": Rng.seed(seed)}), ts)
        assert generator.playable(script, seed=0)


def test_a_table_may_bring_its_own_script():
    from tests.looper.helpers import E
    own = first_script()
    own["loops"] = 2
    s, _ = E.setup({"mode": "first_steps", "script": own}, 3, seed=1)
    assert s["script"]["loops"] == 2 and s["script"]["source"] == "custom"
    own["incidents"][1]["culprit"] = "office_worker"
    with pytest.raises(IllegalMove) as err:
        E.setup({"mode": "first_steps", "script": own}, 3, seed=1)
    assert err.value.code == "script_culprit_twice"
