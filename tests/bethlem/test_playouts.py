"""Random full games over every mode and player count: they end, the winners fit the final
table, and the rules' invariants hold at every decision."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from games.bethlem.cards import MUTINEER_CARDS
from games.bethlem.doctor import transplant_seat
from games.bethlem.objectives import compute
from games.bethlem.state import CONTEXTS, Custom
from games.bethlem.table import alive, held, living, on_row
from tests.bethlem.helpers import E
from tests.bethlem.playout import play

TABLES = [("normal", n) for n in (4, 5, 6, 7)] + [("three", 3), ("two", 2)] + [
    ("custom", n) for n in (4, 5, 6, 7)]
REASONS = {"mutineers", "internos", "director", "richard", "pact", "hate_pact", "renegade",
           "inquisitor", "survivor", "shared", "no_winner", "round_cap"}
# Night questions that only the living holder of a card may be asked at that card's own step.
HOLDER = {"larry": ("larry_owls", "8"), "archivo": ("el_archivo", "9"), "mary": ("mary_firth", "10"),
          "flick": ("john_flick", "12"), "arthur": ("arthur", "15"), "director": ("krugman", "7"),
          "pact_first": ("pacto_de_sangre", "2"), "chip_place": ("juego_de_azar", "24")}


def _holds_living(st, seat, card):
    return card in held(st, seat) and alive(st, card) and on_row(st, card)


def check_step(old, new, pending, choice, events):
    for q in new["questions"]:
        assert set(q["context"]) <= set(CONTEXTS.get(q["handler"], ())), (q["handler"], q["context"])
    assert set(new["custom"] or ()) <= set(Custom.__annotations__), set(new["custom"])
    for p in E.pending(new):
        if p.seat is None:
            continue
        assert not new["eliminated"][p.seat] or p.kind in TRIGGER_ASKS, (p.kind, p.seat)
        if p.kind in HOLDER and new["phase"] == "night":
            card, step = HOLDER[p.kind]
            if new["night"].get("step") == step and new["tokens"]["transplant"] == card:
                assert p.seat == transplant_seat(new, card), (p.kind, p.seat)
            elif new["night"].get("step") == step:
                haunted = card in new["tokens"].get("haunt", ()) and card in held(new, p.seat)
                assert haunted or _holds_living(new, p.seat, card), (p.kind, p.seat)
        if p.kind == "solo_kill" and new["night"].get("step") == "17":
            assert any(_holds_living(new, p.seat, c) for c in ("daniel", "richard_dadd"))
        if p.kind == "conference" and new["mode"] != "custom":
            assert new["night"]["impersonated"] == p.seat or any(
                _holds_living(new, p.seat, c) and not new["cards"][c]["lobotomy"] for c in MUTINEER_CARDS)
    if new["phase"] == "day" and new["cascade"] is None and new["win"] is None:
        assert new["objectives"] == [compute(new, s) for s in range(new["players"])]
        for s in range(new["players"]):
            assert bool(new["eliminated"][s]) == (living(new, s) == 0), s


# Owners of a card that died in this cascade may still answer its on-death effect.
TRIGGER_ASKS = {"mania_target", "mania_awake", "mates_mode", "mates_revive", "rabia_mode",
                "gamble_guess", "dulce_take", "dulce_revive", "ali_silence", "mania_mode",
                "alchemist_return"}


def check_outcome(st):
    out = E.outcome(st)
    assert out is not None and out.reason in REASONS
    winners = set(out.winners)
    assert winners <= set(range(st["players"]))
    obj = st["objectives"]
    if out.reason in ("no_winner", "round_cap"):
        assert not winners
    if out.reason == "mutineers" and st["mode"] == "normal":
        assert winners == {s for s in range(st["players"]) if obj[s] == "MUTINEER"}
    if out.reason == "internos" and st["mode"] == "normal":
        assert winners == {s for s in range(st["players"]) if obj[s] == "INTERNOS"}
        assert not any(alive(st, c) and not st["cards"][c]["lobotomy"] for c in MUTINEER_CARDS
                       if c in st["cards"])
    if out.reason in ("richard", "renegade", "director"):
        (w,) = winners
        assert not st["eliminated"][w]
    if out.reason in ("richard", "renegade"):
        assert all(living(st, s) == 0 for s in range(st["players"]) if s not in winners)
    if out.reason == "hate_pact":
        assert len(winners) == 1 and obj[next(iter(winners))] == "HATE_PACT"
    if st["mode"] in ("two", "three") and out.reason in ("mutineers", "internos"):
        side = "MUTINEER" if out.reason == "mutineers" else "INTERNOS"
        assert winners == {s for s in range(st["players"]) if st["sides"][s] == side}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st_.sampled_from(TABLES), st_.integers(0, 2 ** 31))
def test_random_games_end_legally(table, seed):
    mode, n = table
    state, events, decisions = play(E, mode, n, seed, on_step=check_step)
    check_outcome(state)
    assert decisions < 6000


def test_every_table_plays_to_the_end():
    for mode, n in TABLES:
        state, _, _ = play(E, mode, n, 11, on_step=check_step)
        check_outcome(state)
