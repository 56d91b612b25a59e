"""The Spanish rulebook against the engine, passage by passage: each test is named after the
passage it checks and quotes a few of its words."""
from __future__ import annotations

import json

from games.cultists import board, data
from hosting.text import Translator
from tests.cultists.helpers import E, drive, kinds, settle, table


def test_secret_doors_last_until_a_new_event_token_is_revealed():
    """Puertas secretas: "hasta que se revela una nueva ficha de evento". A round whose bag is
    empty reveals no token, so the rooms of a colour stay joined."""
    s = table(5)
    s["bag"] = ["SECRET_DOORS"]
    s, _ = drive(s, {"t": "event"})
    s = settle(s)[0]
    s.update(round=10, bag=[])
    s, ev = drive(s, {"t": "event"})
    assert kinds(ev, "no_event") and s["effect"] == "SECRET_DOORS"
    assert board.logical(s, "PINK_1") == board.logical(s, "PINK_2")
    t = Translator("cultists", "en", [f"P{i}" for i in range(5)])
    assert "Secret Doors" in E.describe(E.public_view(s), t)


def test_automa_heads_for_its_room_out_of_the_fish_mans_corridor(monkeypatch):
    """AUTOMA, movement: "La IA se dirige hacia la 1.ª habitación ... que aún no haya sido
    explorada": standing where the Fish Man came in, it still walks there (only entering that
    corridor is barred)."""
    routes = data.rules()["routes"]
    monkeypatch.setitem(data.rules(), "routes", routes + [[["orange"], ["red"], ["green"],
                                                            ["red"]]])
    s = table(4, mode="experienced")
    ai = next(ci for ci, c in enumerate(s["chars"]) if c["automa"])
    s["chars"][ai].update(location="NE", route=len(routes))
    s.update(round=1, fish_man="NE")
    s, ev = drive(s, {"t": "automa_move", "c": ai})
    assert kinds(ev, "moved")[0].data["path"] == ["NE", "SE", "ORANGE_1"]
    assert s["chars"][ai]["location"] == "ORANGE_1"


def test_two_cultists_with_the_automa_may_add_the_seer_in_expert_mode():
    """AUTOMA setup: "En partidas con 2 Cultistas también puedes incluir el Rol de Vidente".
    An expert table left on the recommended roles keeps the Seer it asked for."""
    s, _ = E.setup({"mode": "expert", "automa": True, "seer": True}, 6, 1)
    assert s["count"] == 7 and "SEER" in s["role_pool"]
    assert sum(c["role"] == "SEER" for c in s["chars"]) == 1


def test_reconstructed_map_and_routes_are_marked_in_their_data():
    """The map and route cards are pictures in the rulebook ("consulta las ilustraciones"):
    their data says it is reconstructed, and every other table names its rulebook source."""
    for name, rebuilt in (("rules", {"routes"}), ("layouts", {"layouts"})):
        raw = json.loads((data.DIR / f"{name}.json").read_text(encoding="utf-8"))
        source = raw["_source"]
        assert set(source) == set(raw) - {"_comment", "_source"}
        assert {k for k, v in source.items() if v.startswith("reconstructed:")} == rebuilt
        assert all(v.startswith(("reconstructed:", "rulebook:")) for v in source.values())


def test_the_cultists_are_shown_before_they_name_the_seer():
    """Votación, con Vidente: "Después de que se revelen los Cultistas, mantén la calma": when
    the books win, every Cultist is shown before the guess, the AUTOMA among them."""
    from games.cultists.rooms import resolve_room_card
    from tests.cultists.helpers import Ctx_run, roles
    s = table(6, automa=True, seer=True)
    roles(s, "CULTIST", "SEER", *["INVESTIGATOR"] * 4, "CULTIST")
    s["shelves"]["SHELF_ORANGE"]["books"] = 3
    s["rooms"]["ORANGE_1"].update(books=1, explored=True, deck=["S"])
    s["vp"] = s["vp_target"] - 4
    s, ev = Ctx_run(s, lambda ctx: resolve_room_card(ctx, "ORANGE_1", "S"))
    kinds_in_order = [e.kind for e in ev]
    shown = [e.data["char"] for e in kinds(ev, "role_revealed")]
    assert sorted(shown, key=str) == [0, "AUTOMA"]
    assert kinds_in_order.index("role_revealed") < kinds_in_order.index("seer_guess_opens")
    assert s["phase"] == "seer" and all(c["role_shown"] for c in s["chars"]
                                        if c["team"] == "CULT")


def test_the_rules_text_names_how_two_cultists_win_by_kills():
    """Objetivo del juego, 2 Cultistas (7/8 jugadores): "ya se alcanzó el número de
    Investigadores muertos ... al menos en la Ronda anterior": what `/cultists rules` says of
    the Cultists names that way to win, beside the lone Cultist's claim, in both languages."""
    from hosting.text import load_locale
    for lang in ("en", "es"):
        loc = load_locale("cultists", lang)
        for text in (loc["roles"]["CULTIST"]["text"], loc["rules"]["overview"]):
            assert "5–6" in text and "7–8" in text, (lang, text)
