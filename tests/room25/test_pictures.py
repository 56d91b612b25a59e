"""A picture is a message too: every public and private picture of whole games shows only what
its audience knows. Each is compared with the picture of a state where everything that audience
does not know is different (the rooms it has not seen, the identities not yet shown, the other
seats' programmes, the deck): the two must be the same image."""
from __future__ import annotations

import copy
import random

import pytest

from games.room25 import Room25Engine
from hosting.text import Translator

E = Room25Engine()
GAMES = [("suspicion", 5, "ultimate", 3), ("coop", 2, "basic", 4), ("coop", 4, "ultimate", 5)]


def blind(s: dict, seat: int | None) -> dict:
    """`s` with every fact `seat` (None: the public) does not know changed."""
    o = copy.deepcopy(s)
    known = {u for u in range(25) if o["face_up"][u]}
    if seat is not None:
        known |= set(o["seen_tiles"].get(str(seat), []))
    hidden = [u for u in range(25) if u not in known]
    kinds = [o["tile_kinds"][u] for u in hidden]
    for u, k in zip(hidden, kinds[1:] + kinds[:1]):
        o["tile_kinds"][u] = k
    others = [c for c in o["characters"] if c["seat"] != seat]
    secret = [c for c in others if c["role"] and not c["role_shown"]]
    roles = [c["role"] for c in secret]
    for c, r in zip(secret, roles[1:] + roles[:1]):
        c["role"] = r
    for c in others:
        c["programme"] = [k and "push" for k in c["programme"]]
        c["floating"] = c["floating"] and "ctrl"
        if c["submitted"] is not None:
            c["submitted"] = "PC"
        if c["paranoia"]:
            c["paranoia"] = sorted(c["paranoia"])
    o["deck"] = o["deck"][::-1]
    return o


def pictures(s: dict, t) -> list[tuple[str, bytes, bytes]]:
    out = [("public", E.picture(E.public_view(s), t), E.picture(E.public_view(blind(s, None)), t))]
    for seat in range(s["players"]):
        out.append((f"seat {seat}", E.picture(E.seat_view(s, seat), t),
                    E.picture(E.seat_view(blind(s, seat), seat), t)))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_pictures_show_only_what_their_audience_knows(game):
    mode, players, level, seed = game
    t = Translator("room25", "es" if seed % 2 else "en", [f"P{i}" for i in range(players)])
    rnd = random.Random(seed)
    s, _ = E.setup({"mode": mode, "level": level}, players, seed)
    step = 0
    while E.outcome(s) is None:
        if step % 40 == 0:
            for who, png, other in pictures(s, t):
                assert png.startswith(b"\x89PNG")
                assert png == other, (game, step, who)
        p = rnd.choice(E.pending(s))
        choice = E.ai_choice(s, p, "guard") or rnd.choice(p.options).id
        s, _ = E.apply(s, p.seat, p.id, choice)
        step += 1
    assert all(png.startswith(b"\x89PNG") for _, png, _ in pictures(s, t))


def test_a_seat_sees_its_own_looks_and_programme_in_its_picture():
    s, _ = E.setup({"mode": "coop", "level": "basic"}, 4, 2)
    t = Translator("room25", "en", ["A", "B", "C", "D"])
    while s["phase"] != "programming":
        p = E.pending(s)[0]
        s, _ = E.apply(s, p.seat, p.id, p.options[0].id)
    seen = E.seat_view(s, 0)["seen"]
    assert seen and E.picture(E.seat_view(s, 0), t) != E.picture(E.public_view(s), t)
    p = next(p for p in E.pending(s) if p.seat == 0)
    before = E.picture(E.seat_view(s, 0), t)
    s, _ = E.apply(s, 0, p.id, "LM")
    assert E.picture(E.seat_view(s, 0), t) != before
