"""The spec's acceptance scenarios CULT-1 to CULT-20 (section 10), each as a test named by its
id. Those tagged provisional-map run on the provisional map of spec 3.4."""
from __future__ import annotations

import pytest

from games.cultists import board, data, setup
from games.cultists.checks import status_check
from games.cultists.moves import movement_points
from games.cultists.votes import tally
from tests.cultists.helpers import answer, drive, kinds, option_ids, roles, settle, table

def test_cult_1_vote_tally():
    def ballots(**counts):
        return [(None if k == "abst" else k, 1) for k, n in counts.items() for _ in range(n)]
    assert tally(ballots(andres=2, susana=2, abst=2)) is None
    assert tally(ballots(andres=3, susana=1, abst=2)) == "andres"
    assert tally(ballots(berto=3, eli=1, abst=3)) is None
    assert tally(ballots(berto=1, eli=1, marta=3, abst=2)) == "marta"
    assert tally(ballots(x=3, abst=3)) is None


def test_cult_2_knife_in_votes():
    # (a) S=8: the living Knife holder's ballot counts double
    s = table(8)
    roles(s, *["INVESTIGATOR"] * 8)
    k = s["knife"]
    others = [ci for ci in s["order"] if ci != k]
    berto, eli = others[:2]
    cast = {str(k): f"c{berto}"}
    for ci, b in zip(others, [berto, berto, eli, eli, eli, None, None]):
        cast[str(ci)] = "abstain" if b is None else f"c{b}"
    s2, _ = drive(s, {"t": "tally", "cast": cast})
    assert s2["chars"][berto]["ghost"] and not s2["chars"][eli]["ghost"]
    # (d) a ghost Knife holder weighs 1: Berto 3 vs Eli 3 -> nobody
    s["chars"][k]["ghost"] = True
    s3, _ = drive(s, {"t": "tally", "cast": cast})
    assert not s3["chars"][berto]["ghost"] and not s3["chars"][eli]["ghost"]
    # (b) S=6: no double weight, but the Knife holder may change after the reveal
    s = table(6)
    roles(s, *["INVESTIGATOR"] * 6)
    k = s["knife"]
    ana, berto, eli = [ci for ci in s["order"] if ci != k][:3]
    others = [ci for ci in s["order"] if ci not in (k,)]
    votes = [f"c{berto}", f"c{berto}", f"c{eli}", f"c{eli}", "abstain"]
    cast = {str(k): f"c{ana}", **{str(ci): b for ci, b in zip(others, votes)}}
    s2, _ = drive(s, {"t": "tally", "cast": cast})
    assert not any(c["ghost"] for c in s2["chars"])
    s3, _ = drive(s, {"t": "knife_change", "cast": cast})
    s3 = answer(s3, {s["chars"][k]["seat"]: f"c{eli}"})
    assert s3["chars"][eli]["ghost"] and not s3["chars"][berto]["ghost"]
    # (c) S=5 with the AUTOMA holding the Knife: its abstention counts twice
    s = table(4)
    roles(s, *["INVESTIGATOR"] * 4, "CULTIST")
    s["knife"] = 4
    cast = {"0": "c1", "1": "c1", "2": "c2", "3": "c3", "4": "abstain"}
    s2, _ = drive(s, {"t": "tally", "cast": cast})
    assert not s2["chars"][1]["ghost"]
    s["knife"] = 0
    s3, _ = drive(s, {"t": "tally", "cast": cast})
    assert s3["chars"][1]["ghost"]



def test_cult_2_knife_change_tallies_once():
    # S=6: the ballots, the Knife holder's change, then one tally and one result line
    s = table(6)
    roles(s, *["INVESTIGATOR"] * 6)
    k, berto = s["knife"], next(ci for ci in s["order"] if ci != s["knife"])
    s, ev = drive(s, {"t": "ballots"})
    s, more = settle(s, {c["seat"]: f"c{berto}" for c in s["chars"] if c["seat"] is not None}
                     | {s["chars"][k]["seat"]: lambda p: "keep" if p.kind == "knife_change"
                        else f"c{berto}"})
    results = kinds(ev + more, "vote_result") + kinds(ev + more, "vote_no_result")
    assert len(results) == 1 and results[0].data["char"] == setup.name(s, berto)
    assert s["chars"][berto]["ghost"]

def test_cult_3_encounter_table():
    s = table(5)
    s["chars"][0]["location"] = "PINK_1"
    s["chars"][1]["location"] = "PINK_1"
    assert board.encounter_group(s, "PINK_1") == [ci for ci in board.turn_order(s) if ci < 2]
    s["chars"][2]["location"] = "PINK_1"
    assert board.encounter_group(s, "PINK_1") is None
    s["power_on"] = False
    assert sorted(board.encounter_group(s, "PINK_1")) == [0, 1, 2]
    s["power_on"] = True
    s["chars"][2]["ghost"] = True
    assert sorted(board.encounter_group(s, "PINK_1")) == [0, 1]


def test_cult_4_encounters_while_passing_through():
    """[provisional-map]"""
    s = table(5)
    s["chars"][1]["location"] = "NE"
    s["chars"][2]["location"] = "PINK_1"
    s, ev = drive(s, {"t": "step", "c": 0, "start": "CENTRAL", "mp": 3, "n": 0,
                      "path": ["CENTRAL"]})
    seen = []
    s = answer(s, {0: "go:PINK_1"}, seen)       # Y waits there; the only way is by X in NE
    s, more = settle(s, {})                     # the Encounters' cards, by default
    seen += more
    meets = [sorted(e.data["chars"]) for e in kinds(seen, "encounter")]
    assert meets == [[0, 1], [0, 2]]
    assert s["chars"][0]["location"] == "PINK_1"
    assert [e.data["path"] for e in kinds(seen, "moved")] == [["CENTRAL", "NE"],
                                                                ["NE", "PINK_1"]]


def test_cult_5_route_permission():
    from games.cultists.actions import options
    s = table(5)
    roles(s, "INVESTIGATOR", "INVESTIGATOR", "CULTIST", "INVESTIGATOR", "INVESTIGATOR")
    for ci in (0, 1, 2):
        s["chars"][ci].update(location="PINK_1", route=0)
    s["round"] = 1
    assert "fill:PINK_1:S" in [o[0] for o in options(s, 0)]
    s["round"] = 2
    ids = [o[0] for o in options(s, 0)]
    assert not any(i.startswith("fill:") for i in ids) and "chk:1" in ids
    assert "fill:PINK_1:S" in [o[0] for o in options(s, 2)]
    s["round"] = 5
    assert "fill:PINK_1:S" in [o[0] for o in options(s, 0)]


def test_cult_6_orange_shelf_scores_and_ends():
    from games.cultists.rooms import resolve_room_card
    s = table(5)
    roles(s, "CULTIST", "SEER", "INVESTIGATOR", "INVESTIGATOR", "INVESTIGATOR")
    s["shelves"]["SHELF_ORANGE"]["books"] = 3
    s["rooms"]["ORANGE_2"].update(books=0, finished=True, explored=True, deck=[])
    s["rooms"]["ORANGE_1"].update(books=1, explored=True, deck=["S", "F"])
    s["vp"] = 6
    from tests.cultists.helpers import Ctx_run
    s, ev = Ctx_run(s, lambda ctx: resolve_room_card(ctx, "ORANGE_1", "S"))
    assert s["vp"] == 10 and s["shelves"]["SHELF_ORANGE"]["scored"]
    assert s["rooms"]["ORANGE_1"]["finished"] and s["rooms"]["ORANGE_1"]["deck"] == []
    assert kinds(ev, "seer_guess_opens") and s["phase"] == "seer"


def test_cult_7_fill_explores_and_draws_unsafe():
    s = table(5, mode="experienced")
    roles(s, "INVESTIGATOR", "CULTIST", "INVESTIGATOR", "INVESTIGATOR", "INVESTIGATOR")
    s["chars"][0].update(location="PINK_1", route=0)
    s["rooms"]["PINK_1"].update(deck=["S", "F"], hazard_icon=True, explored=False)
    s["unsafe_deck"] = ["F"]
    s, ev = drive(s, {"t": "act", "c": 0})
    s, more = settle(s, {0: "fill:PINK_1:S"})
    assert s["rooms"]["PINK_1"]["explored"] and kinds(more, "explored")
    placed = [tok for tok in s["cultist_tokens"] if tok["state"] == "placed"]
    assert len(placed) == 1 and s["rooms"][placed[0]["room"]]["cultist_token"]
    assert s["unsafe_deck"] == ["F"]
    for tok in s["cultist_tokens"]:
        tok["state"] = "removed"
    from games.cultists.rooms import unsafe_draw
    from tests.cultists.helpers import Ctx_run
    s, _ = Ctx_run(s, unsafe_draw)
    assert s["fish_man"] == "NE"
    s, ev = Ctx_run(s, unsafe_draw)
    assert s["fish_man"] == "NE" and kinds(ev, "fish_man_stays")
    big = table(7, mode="experienced")
    big.update(unsafe_deck=["X"])
    big, _ = Ctx_run(big, unsafe_draw)
    assert big["fish_man"] == "CENTRAL"


def check_position(checker_role):
    s = table(5)
    roles(s, checker_role, "INVESTIGATOR", "INVESTIGATOR", "INVESTIGATOR",
          "CULTIST" if checker_role != "CULTIST" else "INVESTIGATOR")
    s["chars"][0]["location"] = s["chars"][1]["location"] = "PINK_1"
    s["chars"][1]["pulse"] = ["A", "D"]
    s["rooms"]["PINK_1"].update(deck=["S", "F"], explored=False)
    return drive(s, *status_check(0, 1, "check"))


def test_cult_8_investigator_check_finds_a_death():
    s, ev = check_position("INVESTIGATOR")
    assert kinds(ev, "pulse_seen")[0].audience == (s["chars"][0]["seat"],)
    assert option_ids(s, 0) == [] and [q["seat"] for q in s["ask"]] == [None]
    s, ev = settle(s)
    assert s["chars"][1]["ghost"] and s["chars"][1]["dead_shown"]
    assert kinds(ev, "vote_opens") and s["vote_token"]
    order = [e.kind.replace("vote_no_result", "vote_result") for e in ev]
    assert order.index("vote_result") < order.index("draw_card_placed") < order.index("explored")
    assert len(s["rooms"]["PINK_1"]["deck"]) == 3 and s["rooms"]["PINK_1"]["explored"]


def test_cult_8_cultist_may_conceal():
    s, ev = check_position("CULTIST")
    assert option_ids(s, 0) == ["conceal", "reveal"]
    s, ev = settle(s)
    assert not s["chars"][1]["ghost"] and not kinds(ev, "vote_opens")
    assert [e.kind for e in ev if e.audience == "public"] == ["draw_card_placed", "explored"]


def test_cult_9_portal():
    s = table(5)
    s["round"] = 3
    s["bag"] = ["PORTAL_OPENS"]
    s, _ = drive(s, {"t": "event"})
    assert s["portal"] == {"open": True, "deadline": 6, "resolved": None}
    # (a) closed in time with a consenting partner who has not acted
    roles(s, *["INVESTIGATOR"] * 4, "CULTIST")
    s["round"] = 2
    s["chars"][0].update(location="GREEN", route=0)
    s["chars"][1]["location"] = "GREEN"
    s, _ = drive(s, {"t": "act", "c": 0})
    s = answer(s, {0: "portal:1"})
    s = answer(s, {1: "yes"})
    assert s["vp_target"] == 9 and s["portal"]["resolved"] == "closed" and 1 in s["skip"]
    # (b) not closed by its deadline's Cleanup
    s = table(5)
    s.update(round=6, portal={"open": True, "deadline": 6, "resolved": None})
    s, _ = drive(s, {"t": "cleanup"})
    assert s["vp_target"] == 11 and s["portal"]["resolved"] == "failed"
    # (c) a Mirror while it is open
    s = table(5)
    s.update(round=4, bag=["MIRROR"], clock={"3": "PORTAL_OPENS"},
             portal={"open": True, "deadline": 6, "resolved": None})
    s, _ = drive(s, {"t": "event"})
    assert s["portal"]["deadline"] == 7
    s = table(7)
    s.update(round=3, bag=["PORTAL_OPENS"])
    s, _ = drive(s, {"t": "event"})
    assert s["portal"]["deadline"] == 5


def test_cult_10_secret_doors():
    """[provisional-map]"""
    from games.cultists.actions import options
    from games.cultists.moves import reachable
    s = table(5)
    roles(s, "CULTIST", *["INVESTIGATOR"] * 4)
    s["effect"] = "SECRET_DOORS"
    s["chars"][0]["location"] = "PINK_1"
    ways = reachable(s, 0, "PINK_1", 3, "PINK_1")
    assert ways["PINK_2"] == ["PINK_2"] and ways["SE"] == ["PINK_2", "SE"]
    s["chars"][0]["location"] = "PINK_1"
    s["rooms"]["PINK_2"].update(explored=True, deck=["S"])
    assert "room:PINK_2" in [o[0] for o in options(s, 0)]
    s = table(5)
    s["chars"][1]["location"], s["chars"][2]["location"] = "DB_1", "DB_2"
    s["bag"] = ["SECRET_DOORS"]
    s, ev = drive(s, {"t": "event"})
    assert [sorted(e.data["chars"]) for e in kinds(ev, "encounter")] == [[1, 2]]
    s = answer(s)
    s["bag"] = ["MORALE_UP"]
    s, _ = drive(s, {"t": "event"})
    assert s["effect"] == "MORALE_UP" and board.logical(s, "DB_1") == "DB_1"


def test_cult_11_automa_movement(monkeypatch):
    """[provisional-map]"""
    from games.cultists import automa
    routes = data.rules()["routes"]
    monkeypatch.setitem(data.rules(), "routes", routes + [[["pink", "orange"], ["red"],
                                                            ["green"], ["red"]]])
    s = table(4)
    ai = 4
    s["chars"][ai].update(location="GREEN", route=len(routes))
    s["round"] = 5
    for r in ("PINK_1", "PINK_2"):
        s["rooms"][r].update(explored=True, finished=True, books=0, deck=[])
    s, ev = drive(s, {"t": "automa_move", "c": ai})
    assert s["chars"][ai]["location"] == "ORANGE_2"
    assert kinds(ev, "moved")[0].data["path"] == ["GREEN", "SW", "ORANGE_2"]
    assert automa.action(s, ai) == ("fill", "ORANGE_2")
    top = s["chars"][ai]["room_pile"][-1]
    s, _ = drive(s, {"t": "act", "c": ai})
    assert s["rooms"]["ORANGE_2"]["deck"][-1] == top and len(s["rooms"]["ORANGE_2"]["deck"]) == 2
    s["chars"][ai].update(location="SW", ghost=True)     # R-51/52: a ghost only fills or checks
    assert automa.action(s, ai) == ("pass", None)
    s, ev = drive(s, {"t": "automa_move", "c": ai})
    assert kinds(ev, "teleported") and board.is_room(s, s["chars"][ai]["location"])


def claim_table(dead: int, seer: bool = True):
    s = table(6)
    roles(s, "CULTIST", "SEER" if seer else "INVESTIGATOR", *["INVESTIGATOR"] * 4)
    s["round"] = 6
    for ci in range(1, 1 + dead):
        s["chars"][ci]["pulse"] = ["A", "D"]
        s["chars"][ci]["death_round"] = 2
    return s


def test_cult_12_single_cultist_claim():
    s, _ = drive(claim_table(4), {"t": "claim"})
    s, ev = settle(s, {0: "claim"})
    assert s["over"]["reason"] == "claim" and s["over"]["winners"] == [0]
    assert len(kinds(ev, "pulse_shown")) == 6
    s, _ = drive(claim_table(3), {"t": "claim"})
    s, _ = settle(s, {0: lambda p: "claim" if p.kind == "claim" else "c1"})
    assert s["over"]["reason"] == "seer_found"
    s, _ = drive(claim_table(3), {"t": "claim"})
    s, _ = settle(s, {0: lambda p: "claim" if p.kind == "claim" else "c2"})
    assert s["over"]["reason"] == "failed_claim" and 0 not in s["over"]["winners"]


def two_cultists(deaths: list[int], round_: int):
    s = table(8)
    roles(s, "CULTIST", "CULTIST", *["INVESTIGATOR"] * 6)
    s["chars"][0]["ghost"] = True
    s["round"] = round_
    for ci, r in zip(range(2, 8), deaths):
        s["chars"][ci].update(pulse=["D"], death_round=r)
    return s


def test_cult_13_two_cultist_timing():
    s, _ = drive(two_cultists([0, 2, 4, 4, 7], 8), {"t": "role_death", "c": 1})
    assert s["over"]["reason"] == "kills_in_time"
    s, _ = drive(two_cultists([0, 2, 4, 4, 8], 8), {"t": "role_death", "c": 1})
    assert s["over"]["reason"] == "last_cultist" and s["over"]["params"]["team"] == "INV"
    s, _ = drive(two_cultists([0, 2, 4, 4], 8), {"t": "role_death", "c": 1})
    assert s["over"]["params"]["team"] == "INV"


def test_cult_14_sole_cultist_eliminated():
    s = table(5)
    roles(s, "CULTIST", *["INVESTIGATOR"] * 4)
    for ci in (1, 2, 3):
        s["chars"][ci].update(pulse=["D"], death_round=1)
    s["round"] = 4
    s, _ = drive(s, {"t": "tally", "cast": {str(ci): "c0" for ci in s["order"]}})
    assert s["over"]["params"]["team"] == "INV"
    for dead, team in ((3, "CULT"), (2, "INV")):
        s = table(4)
        roles(s, *["INVESTIGATOR"] * 4, "CULTIST")
        for ci in range(dead):
            s["chars"][ci].update(pulse=["D"], death_round=1)
        s, ev = drive(s, {"t": "tally", "cast": {str(ci): "c4" for ci in s["order"]
                                                 if ci != 4} | {"4": "abstain"}})
        assert kinds(ev, "role_revealed")[0].data["role"] == "CULTIST"
        assert s["over"]["params"]["team"] == team


def test_cult_15_events():
    s = table(5)
    s["bag"] = ["MIRROR"]
    s, ev = drive(s, {"t": "event"})
    assert kinds(ev, "mirror_nothing")
    s = table(5)
    s["chars"][3]["location"] = s["chars"][4]["location"] = "SE"
    s["bag"] = ["LIGHTNING", "LIGHTNING"]
    s, ev = drive(s, {"t": "event"})
    assert not s["power_on"]
    assert [sorted(e.data["chars"]) for e in kinds(ev, "encounter")] == [[0, 1, 2]]
    s = settle(s)[0]
    s, ev = drive(s, {"t": "event"})
    assert s["power_on"] and not kinds(ev, "encounter")
    s = table(5)
    s["chars"][s["knife"]]["ghost"] = True
    s["bag"] = ["FALSE_EYES"]
    s, ev = drive(s, {"t": "event"})
    assert kinds(ev, "knife_idle") and not s["ask"]
    s = table(5)
    s.update(round=3, bag=["DEMORALIZED"])
    s, _ = drive(s, {"t": "event"})
    assert movement_points(s) == 2


def test_cult_16_room_check_results():
    from games.cultists.actions import options
    s = table(5)
    roles(s, "CULTIST", *["INVESTIGATOR"] * 4)
    s["chars"][0]["location"] = "PINK_1"
    s["shelves"]["SHELF_PINK"]["books"] = 1
    s["rooms"]["PINK_1"].update(explored=True, deck=["X"], books=1)
    s, ev = drive(s, {"t": "act", "c": 0})
    s = answer(s, {0: "room:PINK_1"})
    assert s["rooms"]["PINK_1"]["books"] == 2 and s["shelves"]["SHELF_PINK"]["books"] == 0
    assert s["rooms"]["PINK_1"]["deck"] == []
    assert "room:PINK_1" not in [o[0] for o in options(s, 0)]
    s["rooms"]["PINK_1"]["deck"] = ["F"]
    s["acted"] = []
    s, _ = drive(s, {"t": "act", "c": 0})
    s = answer(s, {0: "room:PINK_1"})
    assert s["rooms"]["PINK_1"]["books"] == 2 and s["rooms"]["PINK_1"]["deck"] == []


def test_cult_17_expert_loyalty():
    assert setup.loyalty_ok(5, ["MECHANIC", "PYROMANIAC", "APPRENTICE", "COWARD"])
    assert not setup.loyalty_ok(5, ["MECHANIC", "PYROMANIAC"])
    assert setup.loyalty_ok(8, ["SEER", "MECHANIC", "PYROMANIAC", "ASSASSIN"])
    with pytest.raises(Exception):
        table(5, mode="expert", roles=["MECHANIC", "PYROMANIAC"])
    s = table(5, mode="expert", roles="MECHANIC,PYROMANIAC,APPRENTICE,COWARD")
    assert sorted(c["role"] for c in s["chars"] if c["role"] not in ("INVESTIGATOR",)) == \
        ["APPRENTICE", "COWARD", "CULTIST", "MECHANIC", "PYROMANIAC"]


def test_cult_18_pyromaniac():
    s = table(6, mode="experienced")
    roles(s, "CULTIST", "PYROMANIAC", *["INVESTIGATOR"] * 4)
    s["role_pool"] = ["SEER", "PYROMANIAC"]
    s["chars"][1]["hand"].update(X=0, F=1)
    for ci in (2, 3, 4):
        s["chars"][ci].update(pulse=["D"], death_round=1)
    s["round"] = 5
    s, ev = drive(s, {"t": "cleanup"})
    assert kinds(ev, "pyromaniac_call") and s["chars"][1]["ghost"]
    assert kinds(ev, "died")[0].data["how"] == "role" and not kinds(ev, "role_revealed")
    s, _ = settle(s, {0: "claim"})
    assert s["over"]["reason"] == "claim"


def test_cult_19_setup_invariants():
    from games.cultists import CultistsEngine
    s, ev = CultistsEngine().setup({"mode": "intro"}, 6, 3)
    inv = [c for c in s["chars"] if c["team"] == "INV"]
    cult = [c for c in s["chars"] if c["team"] == "CULT"]
    assert all(c["hand"] == {"A": 9, "D": 0, "S": 8, "F": 0, "X": 0} for c in inv)
    assert cult[0]["hand"] == {"A": 6, "D": 3, "S": 2, "F": 4, "X": 2}
    assert cult[0]["pulse"] == ["A"]
    assert sum(c["pulse"] == ["D"] for c in inv) == 1 and all(len(c["pulse"]) == 1 for c in inv)
    assert s["vp_target"] == 12 and len(s["rooms"]) == 9
    assert all(len(r["deck"]) == 1 for r in s["rooms"].values())
    assert sum(r["hazard_icon"] for r in s["rooms"].values()) == 5
    assert sorted(s["draw_deck"]) == sorted("SSSSFFFFX")
    dead = next(ci for ci, c in enumerate(s["chars"]) if c["pulse"] == ["D"])
    told = [e for e in ev if e.kind == "starting_dead"]
    assert told[0].audience == (cult[0]["seat"],) and told[0].data["chars"] == [dead]
    s, ev = CultistsEngine().setup({"mode": "intro"}, 7, 3)
    assert all(c["pulse"] == [] for c in s["chars"])
    told = kinds(ev, "other_cultist")
    assert len(told) == 2 and not kinds(ev, "starting_dead")


def test_cult_20_assassin():
    from games.cultists.actions import options
    s = table(7, mode="experienced")
    roles(s, "CULTIST", "CULTIST", "ASSASSIN", *["INVESTIGATOR"] * 4)
    s["chars"][0]["ghost"] = True
    s["chars"][1]["location"] = s["chars"][2]["location"] = "NE"
    assert "mur:1" in [o[0] for o in options(s, 2)]
    s, _ = drive(s, {"t": "act", "c": 2})
    s, ev = settle(s, {2: "mur:1"})
    assert s["chars"][2]["role_shown"] and s["chars"][1]["ghost"]
    assert not kinds(ev, "vote_opens") and s["over"]["params"]["team"] == "INV"


def test_r45_no_connection_silences_the_table():
    from tests.cultists.helpers import E
    s = table(5)
    s["bag"] = ["NO_CONNECTION"]
    s, _ = drive(s, {"t": "event"})
    assert E.public_view(s)["quiet"]
    s, ev = drive(s, {"t": "vote", "why": "room"})
    assert kinds(ev, "vote_opens")[0].data["silent"]
    assert {p.kind for p in E.pending(s)} == {"ballot"}        # no discussion wait
    s["bag"] = ["MORALE_UP"]
    s = settle(s)[0]
    s, _ = drive(s, {"t": "event"})
    assert not E.public_view(s)["quiet"]


def test_the_automa_plays_no_role_but_cultist_or_seer():
    """Seed: "Ignora cualquier Rol para la IA, excepto Cultista y Vidente": a Radiant Beauty or
    any other special dealt to the AUTOMA is a plain Investigator, though a Pyromaniac's deck
    keeps its Fire and Explosion cards (R-51)."""
    from games.cultists import CultistsEngine
    played, fire_decks = set(), 0
    for seed in range(60):
        s, _ = CultistsEngine().setup(
            {"mode": "expert", "roles": "RADIANT_BEAUTY,PYROMANIAC"}, 4, seed)
        [ai] = [c for c in s["chars"] if c["automa"]]
        played.add(ai["role"])
        fire_decks += ai["role"] == "INVESTIGATOR" and "X" in ai["room_pile"]
    assert played <= {"CULTIST", "SEER", "INVESTIGATOR"} and fire_decks
