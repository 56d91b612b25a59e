"""Secret audit at engine level: public events never carry a card identity the table has not
seen, and private events reach only the seats the rules let learn them."""
import pytest

from games.base import GM, PUBLIC
from hosting.text import Translator
from tests.bethlem.helpers import E, NAMES
from tests.bethlem.playout import play

# Public events that name a card without saying where it lies (a power, a set, a call).
NAMES_A_POWER = {"card_set", "hypnosis", "step_sub", "director_borrows", "medium_borrows",
                 "laugh", "laugh_nobody", "awakening_announced", "personalities_revealed",
                 "final_reveal", "game_over", "drafted"}
# Private events that only ever go to one seat.
SINGLE = {"peek_result", "you_took", "archivo_answer", "archivo_miss", "mary_answer",
          "you_drew", "your_row", "your_cards", "objective", "your_awakening", "arthur_result",
          "ali_peek", "ali_peek_nobody", "record_neurotic", "record_twins", "record_secrets",
          "record_pact_failed", "hypnotised", "neuro_controlled", "neuro_instruction",
          "anxiety_reply", "labyrinth_sees", "objective_seen", "prophecy_hidden",
          "storyteller_mine", "storyteller_card", "pact_made", "your_objective_card"}
CONFERENCE = {"conference_open", "conference_pick", "conference_result", "conference_failed",
              "nathaniel_announces", "ali_caught"}


def _audit(old, new, pending, choice, events, t):
    if new["win"] is not None:
        return
    for e in events:
        if e.audience == PUBLIC:
            text = t.event(e.kind, e.data)
            assert "{" not in text, text
            if e.kind in NAMES_A_POWER:
                continue
            for key in ("card", "cards"):
                vals = e.data.get(key)
                for c in vals if isinstance(vals, list) else [vals]:
                    if c in new["cards"]:
                        info = new["cards"][c]
                        assert info["dead"] or info["revealed"], (e.kind, c)
        elif e.audience != GM:
            if e.kind in SINGLE:
                assert len(e.audience) == 1, e
            if e.kind in CONFERENCE:
                conf = new["night"].get("conference") or {}
                allowed = set(conf.get("members", [])) | set(conf.get("spies", []))
                if new["night"].get("ali", {}).get("seat") is not None:
                    allowed.add(new["night"]["ali"]["seat"])
                assert set(e.audience) <= allowed, e


@pytest.mark.parametrize("mode,n,seed", [("normal", 5, 1), ("normal", 7, 2), ("normal", 6, 3),
                                         ("three", 3, 4), ("two", 2, 5), ("custom", 6, 6),
                                         ("custom", 7, 7)])
def test_public_events_keep_secrets(mode, n, seed):
    t = Translator("bethlem", "en", NAMES[:n])
    play(E, mode, n, seed, on_step=lambda *a: _audit(*a, t))


def test_public_view_hides_living_cards_until_the_end():
    states = []
    end, _, _ = play(E, "normal", 6, 9, on_step=lambda old, new, *_: states.append(new))
    assert all(slot["card"] for p in E.public_view(end)["players"] for slot in p["cards"])
    state = states[len(states) // 2]
    for s in range(6):
        view = E.seat_view(state, s)
        for p in view["players"]:
            for slot in p["cards"]:
                c = state["rows"][p["seat"]][slot["pos"] - 1]
                info = state["cards"][c]
                assert (slot["card"] is not None) == bool(info["dead"] or info["revealed"])
        assert {c["card"] for c in view["me"]["cards"]} == set(state["rows"][s] + state["reserve"][s])
