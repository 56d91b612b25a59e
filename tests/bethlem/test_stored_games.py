"""Games stored by older code upgrade and play to the end: version 1 (no field had words,
`stored/version1.json`), version 2 (marks, night, day, history, pact... still short,
`stored/version2.json`, written mid-play in every mode) and version 3 (questions' contexts and
prophecies still short, `stored/version3.json`, open questions of a dozen kinds). Those written
once the rules of their version were in place play on exactly as they would have: the same
seeded answers give the same decisions and winners (recorded again when what is asked changes:
since a night step's lone answer stopped being a question, fewer are); those written before
(the `older_rules_` ones) may end otherwise under today's rules, but end."""
import json
from pathlib import Path

import pytest

from games.bethlem.state import (CONTEXTS, DAY_RENAMED, HISTORY_RENAMED, MARK_RENAMED,
                                 NIGHT_RENAMED, STATE_VERSION, TOKENS_RENAMED, Custom, Prophecy,
                                 Watchmaker)
from tests.bethlem.helpers import E
from tests.bethlem.playout import ends_as_it_would_have

STORED = {(version, name): game for version in (1, 2, 3) for name, game in json.loads(
    (Path(__file__).parent / "stored" / f"version{version}.json").read_text()).items()}


def _no_old_keys(state):
    assert state["version"] == STATE_VERSION and "nt" not in state and "questions" in state
    assert not set(NIGHT_RENAMED) & set(state["night"]) and not set(DAY_RENAMED) & set(state["day"])
    assert not set(HISTORY_RENAMED) & set(state["history"])
    marks = state["marks"] + (state["cascade"] or {}).get("batch", [])
    assert all(set(m) == set(MARK_RENAMED.values()) for m in marks)
    for q in state["questions"]:
        assert set(q["context"]) <= set(CONTEXTS.get(q["handler"], ())), q
    assert all(set(p) == set(Prophecy.__annotations__) for p in state["prophecies"])
    assert not set(TOKENS_RENAMED) & set(state["tokens"])
    if state["custom"]:
        assert set(state["custom"]) <= set(Custom.__annotations__)
        assert set(state["custom"]["clock"]) <= set(Watchmaker.__annotations__)


@pytest.mark.parametrize("version,name", sorted(STORED))
def test_stored_game_upgrades_and_ends_as_it_would_have(version, name):
    old, then = STORED[version, name]["state"], STORED[version, name]["then"]
    state = E.upgrade(json.loads(json.dumps(old)))
    _no_old_keys(state)
    assert E.upgrade(state) is state
    ends_as_it_would_have(E, state, then)


def test_a_stored_voodoo_move_names_melancholy_by_its_new_token_and_stays_answerable():
    """Vudú's question carries the token kinds it may move and names one in its prompt."""
    old = json.loads(json.dumps(STORED[3, "custom_bet_on"]["state"]))
    seat, card = 0, old["rows"][0][1]
    old["tokens"]["melan"] = [card]
    old["questions"] = [{"id": "999", "seat": seat, "kind": "voodoo_move",
                         "options": [["pass", "pass", {}]], "default": "pass",
                         "deadline": "reactive", "public": False,
                         "params": {"effect": "melan", "seat": 0, "pos": 2},
                         "handler": "voodoo_move", "context": {"left": [["melan", card]]}}]
    state = E.upgrade(old)
    question = state["questions"][0]
    assert state["tokens"]["melancholy"] == [card] and "melan" not in state["tokens"]
    assert question["context"] == {"left": [["melancholy", card]]}
    assert question["params"]["effect"] == "melancholy"
    state, _ = E.apply(state, seat, "999", "pass")
    assert all(q["id"] != "999" for q in state["questions"])
