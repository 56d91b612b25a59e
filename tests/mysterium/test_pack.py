"""The card pack: regenerated exactly from the generator, every card tagged as the spec asks,
pictures drawn at the size asked, and no picture shows more than its view holds."""
from __future__ import annotations

import copy
import io
from itertools import combinations

from PIL import Image

from games.mysterium import cards, pack
from hosting.text import Translator
from tests.mysterium.helpers import E, serve_all, table


def test_the_shipped_manifest_is_what_the_generator_makes():
    assert pack.build() == pack.load()


def test_psychic_cards_of_a_category_differ_in_two_strong_tags():
    psychic = pack.load()["psychic"]
    assert [c["id"] for c in psychic] == list(range(1, 55))
    for category in ("suspect", "place", "object"):
        strong = [{t for t, w in c["tags"].items() if w >= pack.STRONG}
                  for c in psychic if c["category"] == category]
        assert len(strong) == 18
        for a, b in combinations(strong, 2):
            assert len(a - b) >= 2 and len(b - a) >= 2


def test_visions_are_dense_and_cover_every_prop():
    visions = pack.load()["visions"]
    assert len(visions) == 84 and len({v["id"] for v in visions}) == 84
    for v in visions:
        assert len(v["motifs"]) >= 6 and v["tags"][f"color:{v['colour']}"] == 1.0
    for design in pack.psychic_designs():
        for prop in design["props"]:
            assert sum(prop in [m["motif"] for m in v["motifs"]] for v in visions) \
                >= pack.COVERAGE


def test_cards_are_drawn_in_portrait_at_the_width_asked(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    cards.vision_image.cache_clear()
    assert cards.vision_image("V07", 60).size == (60, 90)
    assert cards.psychic_image(12, 40, "The Singer").size == (40, 60)
    assert list(tmp_path.rglob("*.png"))                     # kept in the cache folder
    assert cards._render_vision("V07", 60).tobytes() == cards.vision_image("V07", 60).tobytes()


def test_the_public_picture_shows_no_hidden_fact():
    t = Translator("mysterium", "en", [f"P{i}" for i in range(5)])
    s = serve_all(table())
    other = copy.deepcopy(s)
    for p in other["psychics"]:                                # different secret triples,
        p["targets"] = {k: c + 1 for k, c in p["targets"].items()}
    other["hand"] = list(reversed(other["hand"]))              # hand and deck order
    other["deck"] = list(reversed(other["deck"]))
    assert E.picture(E.public_view(s), t) == E.picture(E.public_view(other), t)
    assert E.picture(E.seat_view(s, 1), t) == E.picture(E.seat_view(other, 1), t)
    ghost = Image.open(io.BytesIO(E.picture(E.seat_view(s, 0), t)))
    public = Image.open(io.BytesIO(E.picture(E.public_view(s), t)))
    assert ghost.height > public.height                        # the hand and the screen


def test_contact_sheet_command_draws_the_whole_pack(tmp_path, monkeypatch):
    from PIL import Image as PILImage

    import bot
    from games.mysterium import sheet

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(sheet, "VISION_W", 16)
    monkeypatch.setattr(sheet, "PSYCHIC_W", 12)
    out = tmp_path / "pack.png"
    assert bot.main(["cards", "mysterium", "--sheet", str(out)]) == 0
    with PILImage.open(out) as img:
        assert img.width == sheet.GAP + sheet.COLUMNS * (16 + sheet.GAP)
    assert len(list((tmp_path / "cache").rglob("*.png"))) == 84 + 54
