"""Views and pictures: the public view and picture depend on public facts only (changing the
hidden script changes neither); the Mastermind's view shows its script, a protagonist's its own
cards and hands; the text of a view has no raw ids."""
from __future__ import annotations

import copy

from games.looper import picture
from hosting.text import Translator
from tests.looper.helpers import E
from tests.pictures import apart

T = Translator("looper", "en", ["M", "A", "B", "C"])


def midgame():
    s, _ = E.setup({"mode": "basic_tragedy"}, 4, seed=5)
    while len(s["placed"]) < 4:
        p = E.pending(s)[0]
        s, _ = E.apply(s, p.seat, p.id, E.ai_choice(s, p, "planner") or p.default)
    return s


def test_public_view_and_picture_ignore_the_script():
    s = midgame()
    other = copy.deepcopy(s)
    for e in other["script"]["cast"]:
        e["role"] = "person"
    for i in other["script"]["incidents"]:
        i["culprit"] = other["script"]["cast"][0]["character"]
    assert E.public_view(s) == E.public_view(other)
    assert E.picture(E.public_view(s), T) == E.picture(E.public_view(other), T)
    assert E.picture(E.public_view(s), T).startswith(b"\x89PNG")


def dressed():
    """A mid-game board: a guarded character, a corpse, one at its Paranoia limit with its role
    revealed, Intrigue on a location, and face-down cards of every owner."""
    s, _ = E.setup({"mode": "basic_tragedy"}, 4, seed=5)
    while len(s["placed"]) < 6:
        p = E.pending(s)[0]
        s, _ = E.apply(s, p.seat, p.id, E.ai_choice(s, p, "planner") or p.default)
    ids = [c for c, st in s["characters"].items() if st["in_play"]]
    s["characters"][ids[0]].update(goodwill=2, paranoia=1, intrigue=1, guards=1)
    s["characters"][ids[1]].update(alive=False, paranoia=2, intrigue=2)
    s["characters"][ids[2]].update(paranoia=3, goodwill=4)
    s["revealed_roles"][ids[2]] = next(e["role"] for e in s["script"]["cast"]
                                       if e["character"] == ids[2])
    s["location_intrigue"]["shrine"] = 2
    return s, ids


def test_the_board_reads_at_the_width_discord_shows_it():
    s, ids = dressed()
    assert {p["owner"] for p in s["placed"]} == {"mastermind", "A", "B", "C"}
    for view in (E.public_view(s), E.seat_view(s, 0), E.seat_view(s, 1)):
        cv = picture.draw(view, T)
        assert cv.width == picture.WIDTH and apart(cv)
        assert min(cv.shown(w["size"]) for w in cv.words) >= 12
        words = [w["text"] for w in cv.words]
        for c in view["characters"]:
            assert f"P {c['paranoia']}/{c['limit']}" in words and f"G {c['goodwill']}" in words
        assert {"MM", "A", "B", "C", "Extra 1", "† dead", "I 2"} <= set(words)
        assert T.lookup("roles", s["revealed_roles"][ids[2]]) in words
        tops: dict = {}
        for w in cv.words:   # a name's first drawing is on the board (the footer comes last)
            tops.setdefault(w["text"], w["box"][1])
        for loc in view["locations"]:   # each location lists its characters in public order
            here = [T.lookup("names", c["id"]) for c in view["characters"] if c["location"] == loc]
            assert [tops[n] for n in here] == sorted(tops[n] for n in here)
    mm = [w["text"] for w in picture.draw(E.seat_view(s, 0), T).words]
    assert T.lookup("roles", s["script"]["cast"][0]["role"]) in mm


def test_cards_that_crowd_a_long_name_go_on_a_line_of_their_own():
    s, _ = dressed()
    s["placed"] = [p for p in s["placed"] if p["target"] != "rich_mans_daughter"] + [
        {"owner": o, "target": "rich_mans_daughter", "card": "paranoia_plus_1"}
        for o in ("mastermind", "A", "B", "C")]
    cv = picture.draw(E.public_view(s), T)
    assert apart(cv)
    at = next(i for i, w in enumerate(cv.words) if w["text"] == "Rich Man's Daughter")
    name, chips = cv.words[at], cv.words[at + 1:at + 5]
    assert [w["text"] for w in chips] == ["MM", "A", "B", "C"]
    assert all(w["box"][1] > name["box"][3] for w in chips)   # under the name, not beside it


def test_public_picture_ignores_the_cast_order():
    s, _ = dressed()
    other = copy.deepcopy(s)
    other["script"]["cast"].reverse()
    assert E.picture(E.public_view(s), T) == E.picture(E.public_view(other), T)


def test_seat_views_hold_their_own_secrets_only():
    s = midgame()
    mm, first = E.seat_view(s, 0), E.seat_view(s, 1)
    assert mm["script"] == s["script"] and "script" not in first
    assert all(p["owner"] == "mastermind" for p in mm["my_cards"])
    assert all(p["owner"] in first["decks"] for p in first["my_cards"])
    assert E.picture(mm, T) != E.picture(E.public_view(s), T)
    for seat in range(4):
        text = E.describe(E.seat_view(s, seat), T)
        assert "_" not in text and "[" not in text, text


def test_restricted_talk_locks_the_thread_outside_spirals():
    s, _ = E.setup({"mode": "first_steps", "talk_restricted": True}, 3, seed=1)
    assert s["step"] == "spiral" and not E.public_view(s)["quiet"]
    p = E.pending(s)[0]
    s, _ = E.apply(s, p.seat, p.id, "begin")
    assert E.public_view(s)["quiet"]
    s, _ = E.setup({"mode": "first_steps"}, 3, seed=1)
    p = E.pending(s)[0]
    assert not E.public_view(E.apply(s, p.seat, p.id, "begin")[0])["quiet"]


def test_deduction_sheet_is_private_and_kept_across_loops():
    s, _ = E.setup({"mode": "first_steps", "first_leader": 1}, 3, seed=1)
    notes = next(p for p in E.pending(s) if p.kind == "notes" and p.seat == 2)
    s, _ = E.apply(s, 2, notes.id, "doctor")
    role = next(p for p in E.pending(s) if p.kind == "note_role")
    s, ev = E.apply(s, 2, role.id, "brain")
    assert [(e.kind, e.audience) for e in ev] == [("note_taken", (2,))]
    assert E.seat_view(s, 2)["notes"] == {"doctor": "brain"}
    assert E.seat_view(s, 1)["notes"] == {} and "notes" not in E.public_view(s)
    assert "Your note: Doctor — Brain" in E.describe(E.seat_view(s, 2), T)
    spiral = next(p for p in E.pending(s) if p.kind == "spiral")
    s, _ = E.apply(s, spiral.seat, spiral.id, "begin")
    assert not [p for p in E.pending(s) if p.kind.startswith("note")]   # closed with the spiral
    assert s["deductions"]["2"] == {"doctor": "brain"}


def test_the_clock_reads_loop_and_day():
    """Headers name the board's clock, not the host's count of days begun."""
    s = midgame()
    s.update(loop=2, day=4, days_played=11)
    clock = E.public_view(s)["clock"]
    assert T("views", clock["key"], **clock["params"]) == "Loop 2 · Day 4"
    s["step"] = "spiral"
    clock = E.public_view(s)["clock"]
    es = Translator("looper", "es", ["M", "A", "B", "C"])
    assert es("views", clock["key"], **clock["params"]) == "Antes del bucle 2"


def test_a_past_moment_reads_in_the_loop_and_day_it_fell_in():
    """The recap's headers: the days begun by a moment, placed by the finished loops' lengths
    (a loop may end early), and the time spiral before the next loop."""
    s = midgame()
    s["loop_results"] = [{"loop": 1, "day": 4, "lost": True}, {"loop": 2, "day": 2, "lost": True}]

    def words(phase, days):
        clock = E.clock_at(s, phase, days)
        return T("views", clock["key"], **clock["params"])

    assert [words("morning", d) for d in (1, 4, 5, 6, 7)] == [
        "Loop 1 · Day 1", "Loop 1 · Day 4", "Loop 2 · Day 1", "Loop 2 · Day 2",
        "Loop 3 · Day 1"]
    assert [words("spiral", d) for d in (0, 4, 6)] == [
        "Before loop 1", "Before loop 2", "Before loop 3"]


def test_the_play_aid_is_pinned_and_lists_the_set():
    """At setup a pinned public reference lists every role of the set with its abilities, its
    plots and the effect of each incident, in either language, with no raw id."""
    from games.base import PUBLIC
    from games.looper import data
    for mode in ("first_steps", "basic_tragedy"):
        _, ev = E.setup({"mode": mode}, 4, seed=2)
        aid = [e for e in ev if e.kind.startswith("aid_")]
        assert [e.kind for e in aid] == ["aid_roles", "aid_plots", "aid_incidents"]
        assert all(e.audience == PUBLIC and e.data["pin"] for e in aid)
        ts = data.tragedy_set(mode)
        for lang in ("en", "es"):
            t = Translator("looper", lang, ["M", "A", "B", "C"])
            text = "\n".join(t.event(e.kind, e.data) for e in aid)
            names = [t.lookup("roles", r) for r in ts["roles"]] + [
                t.lookup("incidents", i) for i in ts["incidents"]] + [
                t.lookup("plots", p) for p in (*ts["main_plots"], *ts["subplots_list"])]
            assert all(f"{n}" in text for n in names)
            assert text.count("\n• ") == len(ts["roles"]) + len(ts["incidents"])
            assert not any(raw in text for raw in (*ts["roles"], *ts["incidents"])
                           if "_" in raw)
            assert all(len(t.event(e.kind, e.data)) < 1900 for e in aid)
    assert "always refuses goodwill" in T.event(aid[0].kind, aid[0].data)
