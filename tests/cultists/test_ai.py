"""The side AI plays from its seat's knowledge: Investigators vote and hand out Dead cards on
public evidence only (revealed ballots and roles), and a Seer never votes against someone it
knows to be innocent."""
from __future__ import annotations

from games.cultists import ai
from tests.cultists.helpers import E, drive, roles, table


def ballot_of(s, ci):
    s, _ = drive(s, {"t": "ballots"})
    p = next(p for p in E.pending(s) if p.seat == s["chars"][ci]["seat"])
    return ai.choose(s, p, "side")


def six(*codes):
    s = table(6)
    roles(s, *codes)
    return s


def test_investigator_abstains_without_evidence():
    s = six("INVESTIGATOR", "INVESTIGATOR", "CULTIST", "INVESTIGATOR", "INVESTIGATOR", "CULTIST")
    assert ballot_of(s, 0) == "abstain"


def test_investigator_votes_against_who_voted_for_an_innocent():
    s = six("INVESTIGATOR", "INVESTIGATOR", "CULTIST", "INVESTIGATOR", "INVESTIGATOR", "CULTIST")
    s["ballot_log"] = [[2, 0], [3, None], [5, 4]]  # 2 voted against this seat itself
    s["chars"][4]["role_shown"] = True             # 4 is a shown Investigator: 5 is suspect too
    s["ballot_log"].append([2, 0])                 # ... but 2, twice, stands out
    assert ballot_of(s, 0) == "c2"
    s["chars"][5]["role_shown"] = True             # a revealed living Cultist comes first
    assert ballot_of(s, 0) == "c5"


def test_seer_never_votes_against_someone_it_knows_innocent():
    s = six("SEER", "INVESTIGATOR", "CULTIST", "INVESTIGATOR", "INVESTIGATOR", "CULTIST")
    s["ballot_log"] = [[3, 0]]                     # 3 voted against the Seer, yet is innocent
    assert ballot_of(s, 0) == "abstain"
    s["ballot_log"] += [[2, 0], [2, 0]]           # a known Cultist is the top suspect now
    assert ballot_of(s, 0) == "c2"


def test_investigator_with_only_dead_cards_gives_them_to_the_suspect():
    s = six("INVESTIGATOR", "INVESTIGATOR", "CULTIST", "INVESTIGATOR", "INVESTIGATOR", "CULTIST")
    s["chars"][0]["hand"].update(A=0, D=2)
    s["ballot_log"] = [[2, 0]]
    s, _ = drive(s, {"t": "exchange", "loc": "CENTRAL", "who": [0, 1, 2]})
    p = next(p for p in E.pending(s) if p.seat == s["chars"][0]["seat"])
    assert ai.choose(s, p, "side") == "D:2"
