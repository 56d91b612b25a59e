"""RULING R24: a player leaves a running game. Their psychic gets visions but makes no guess
until another psychic-player takes it over; a human Ghost is replaced by the bot Ghost."""
from __future__ import annotations

from tests.mysterium.helpers import (E, do, end_timer, ghost_give, idx, look, pending, psy,
                                     public, serve_all, table)
from tests.mysterium.test_scenarios import epilogue_at, vote


def test_r24_psychic_left_gets_visions_but_no_guess():
    s = table()
    paul_seat = psy(s, "paul")["seat"]
    s, events = E.leave(s, paul_seat)
    assert [e.kind for e in public(events)] == ["psychic_left"]
    assert psy(s, "paul")["seat"] is None
    s = serve_all(s)                                     # the Ghost still serves Paul
    assert psy(s, "paul")["visions"] and psy(s, "paul")["served"]
    assert not [p for p in E.pending(s) if p.id.startswith(f"look.1.{idx(s, 'paul')}.")]
    for who in ("stephanie", "carl", "alex"):           # Ready of those left ends the timer
        s, events = look(s, who, "ready")
    assert s["hour"] == 2 and any(e.kind == "no_guess" and e.data["persona"] == "ardashir"
                                  for e in events)


def test_r24_another_psychic_player_takes_over():
    s = table()
    paul_seat, carl_seat = psy(s, "paul")["seat"], psy(s, "carl")["seat"]
    s, _ = E.leave(s, paul_seat)
    offers = [p for p in E.pending(s) if p.kind == "takeover"]
    assert sorted(p.seat for p in offers) == sorted(
        psy(s, w)["seat"] for w in ("stephanie", "carl", "alex"))
    assert all(p.default == "pass" for p in offers)
    s, _ = do(s, "adopt.", "pass", seat=psy(s, "stephanie")["seat"])
    assert not [p for p in E.pending(s) if p.kind == "takeover"
                and p.seat == psy(s, "stephanie")["seat"]]
    s, events = do(s, "adopt.", "take", seat=carl_seat)
    assert [(e.kind, e.data) for e in public(events)] == [
        ("psychic_taken", {"persona": "ardashir", "seat": carl_seat})]
    assert psy(s, "paul")["seat"] == carl_seat
    assert not [p for p in E.pending(s) if p.kind == "takeover"]
    s, _ = ghost_give(s, "paul", [s["hand"][0]])
    card = s["table"]["suspect"][0]
    s, _ = look(s, "paul", f"guess.{card}")            # Carl now guesses for Ardashir
    assert psy(s, "paul")["guess"] == card


def test_r24_offer_comes_back_next_hour():
    s = table()
    s, _ = E.leave(s, psy(s, "paul")["seat"])
    for who in ("stephanie", "carl", "alex"):
        s, _ = do(s, "adopt.", "pass", seat=psy(s, who)["seat"])
    assert not [p for p in E.pending(s) if p.kind == "takeover"]
    s = serve_all(s)
    s, _ = end_timer(s)
    assert s["hour"] == 2 and len([p for p in E.pending(s) if p.kind == "takeover"]) == 3


def test_r24_ghost_who_leaves_is_replaced_by_the_bot():
    s = table()
    s, events = E.leave(s, 0)
    assert s["bot_ghost"] and public(events)[0].kind == "ghost_left"
    assert s["phase"] == "window" and all(p["served"] for p in s["psychics"])
    assert not [p for p in E.pending(s) if p.seat == 0]


def test_r24_voter_who_leaves_ends_the_stage():
    tracks = {"stephanie": 4, "alex": 5, "carl": 6, "paul": 11}
    s, _ = epilogue_at(table(), tracks, 3, ["V12", "V11", "V13"])
    s, _ = vote(s, "stephanie", 2)
    s, _ = vote(s, "alex", 3)
    s, events = E.leave(s, psy(s, "carl")["seat"])    # the last voter of level 2 leaves
    assert s["epilogue"]["stage"] == 3 and str(idx(s, "carl")) not in s["epilogue"]["votes"]
    assert pending(s, f"vote.3.{idx(s, 'paul')}")


def test_r24_the_last_psychic_player_leaving_ends_the_game():
    """Nobody left to guess or vote: the game ends rather than asking the Ghost for visions
    nobody can read."""
    s = table()
    seats = sorted({p["seat"] for p in s["psychics"]})
    for seat in seats[:-1]:
        s, _ = E.leave(s, seat)
    assert E.outcome(s) is None
    s, events = E.leave(s, seats[-1])
    assert "no_psychic_left" in [e.kind for e in public(events)]
    assert E.outcome(s).reason == "no_psychics" and E.outcome(s).winners == ()
    assert not E.pending(s)
