"""The "what a person sees" checks (tests/loopback/seen.py) on hand-made views: each catches
what a player would stumble on and stays quiet on a clean table. The whole games through the
loopback run them on real views (tests/test_loopback_games.py and each game's loopback test)."""
from __future__ import annotations

from tests.loopback.seen import (AGAIN, CLICKABLE, DEADLINE, EARLY, ENDING, HEADER_ONLY,
                                 INTERNAL, LONE, OUT_AGAIN, PICTURE, UI, UNDESCRIBED, UNSHRUNK,
                                 UPSIDE_DOWN, Picture, Seen, Shown, findings)

STATUS = {"type": 1, "components": [{"type": 2, "label": "My secrets",
                                     "custom_id": "tbl:secrets:7"}]}
OVER = Shown(1, "bot", "The game is over. Winners: Ana (inmates).")
BOARD = Picture("table.png", b"board 1", "Night, round 1. Ana and Bea are awake.")
OTHER = Picture("table.png", b"board 2", "Day, round 1. Ana is dead.")


def question(pending_id: str, *, disabled: bool = False, due: str = "",
             names=("Ana", "Bea"), why: str = "") -> Shown:
    buttons = [{"type": 2, "label": f"Vote {name}", "custom_id": f"tbl:d:7|{pending_id}|{i}",
                "disabled": disabled} for i, name in enumerate(names)]
    fields = [{"name": "\u200b", "value": f"Next deadline {due}"}] if due else []
    return Shown(2, "bot", embeds=({"title": "Bethlem: your decision",
                                    "description": "\n".join(filter(None, (
                                        "Vote for the player to lynch.", why))),
                                    "fields": fields},),
                 components=({"type": 1, "components": buttons},))


def table(thread=(OVER,), dms=()) -> Seen:
    return Seen(channel=[Shown(0, "bot", "Bethlem — 5 players: Ana won with the inmates.")],
                thread=list(thread), dms={"ana": list(dms)})


def checks(found: list[str]) -> list[str]:
    return [f.split(":")[0] for f in found]


def test_a_clean_table_has_no_findings():
    dms = [question("p1", disabled=True), question("p2", due="<t:99:R>")]
    assert findings(table(dms=dms), pending={"p2"}) == []
    assert findings(table(thread=[Shown(3, "bot", "Night 1.", pictures=(BOARD,)),
                                  Shown(4, "bot", "Day 1.", pictures=(OTHER,)), OVER],
                          dms=[question("p1", disabled=True)])) == []


def test_a_question_still_clickable_after_it_closed_is_found():
    assert checks(findings(table(dms=[question("p1")]))) == [CLICKABLE]
    assert checks(findings(table(dms=[question("p1"), question("p2")]), pending={"p2"})) \
        == [CLICKABLE]


def test_a_spent_question_or_a_finished_status_still_counting_down_is_found():
    spent = Shown(5, "bot", embeds=({"description": "Vote.",
                                     "fields": [{"name": "\u200b", "value": "in <t:9:R>"}]},))
    assert checks(findings(table(dms=[spent]), pending=set())) == [DEADLINE]
    status = Shown(6, "bot", embeds=({"description": "Next deadline <t:9:R>"},),
                   components=(STATUS,))
    assert findings(table(thread=[status, OVER]), pending=set()) == []   # the game runs
    assert checks(findings(table(thread=[status, OVER]))) == [DEADLINE]


def test_a_picture_without_alt_text_is_found_wherever_it_is():
    bare = Picture("seat.png", b"hand")
    blank = Picture("table.png", b"board 3", "  ")
    found = findings(table(thread=[Shown(3, "bot", "Night 1.", pictures=(BOARD, blank)), OVER],
                           dms=[Shown(5, "bot", "Your hand.", pictures=(bare,))]))
    assert found == [f"{UNDESCRIBED}: the thread: “Night 1.” shows table.png",
                     f"{UNDESCRIBED}: ana's DMs: “Your hand.” shows seat.png"]


def test_the_same_picture_twice_in_a_row_is_found_once_per_repeat():
    posts = [Shown(i, "bot", f"The narrator calls: card {i}.", pictures=(BOARD,))
             for i in range(3)]
    found = findings(table(thread=[*posts, Shown(9, "bot", "Dawn.", pictures=(OTHER,)), OVER]))
    assert checks(found) == [PICTURE, PICTURE]


def test_internal_ids_and_reprs_are_found_but_discord_markup_is_not():
    for line in ("Ana chose ['s3', '2', '1'].", "Targets: []", "Winner: None", "alive: True",
                 "Card #-1", "Bruno —: 3", "tokens: —", "Seat s1p4 moves.",
                 "Arthur loses (player_loses).", "{'round': 2}", "<object at 0x7f>",
                 "Hello {name}", "bethlem — new table", "The cataleptic The Cataleptic wakes."):
        found = findings(table(thread=[Shown(3, "bot", line), OVER]))
        assert checks(found) == [INTERNAL], line
    fine = ("<@123> <t:99:f> see `room_25` at https://x.y/a_b — Ana: 2 · round 3 — Night; "
            "Event: False Eyes Watching You. None of them votes. <:red_room:12>")
    assert findings(table(thread=[Shown(3, "bot", fine), OVER])) == []


def test_an_answer_drawn_above_its_question_is_found():
    answered = Shown(7, "bot", "You chose **Ana**.", embeds=({"description": "Vote."},))
    assert checks(findings(table(dms=[answered]))) == [UPSIDE_DOWN]
    news = Shown(8, "bot", "Time ran out, so the default answer was used.",
                 embeds=({"description": "Choose a card."},))
    assert findings(table(dms=[news])) == []


def test_a_question_before_the_header_of_its_moment_is_found():
    header = Shown(8, "bot", "**Day** · round 9")
    asked = Shown(9, "bot", embeds=({"title": "Day, round 9: your decision",
                                     "description": "Talk it over."},))
    fragments = (HEADER_ONLY, UNSHRUNK)    # a header alone, a question without its buttons
    assert findings(table(dms=[header, asked]), expected=fragments) == []
    assert checks(findings(table(dms=[asked, header]), expected=fragments)) == [EARLY]


def test_a_dm_that_says_nothing_but_its_moment_is_found():
    header = Shown(8, "bot", "**Day** · round 9")
    assert checks(findings(table(dms=[header]))) == [HEADER_ONLY]
    news = Shown(9, "bot", "**Day** · round 9\nYou saw Ana's card.")
    assert findings(table(dms=[news])) == []
    assert findings(table(thread=[header, OVER])) == []        # a DM's only


def test_a_closed_question_that_keeps_its_box_is_found():
    box = {"title": "Day, round 9: your decision", "description": "Vote someone out."}
    kept = Shown(7, "bot", embeds=(box,))
    assert checks(findings(table(dms=[kept]))) == [UNSHRUNK]
    ballot = Shown(7, "bot", embeds=({**box, "title": "Day, round 9: the table decides"},))
    assert checks(findings(table(thread=[ballot, OVER]))) == [UNSHRUNK]
    live = Shown(7, "bot", embeds=(box,), components=question("p2").components)
    assert findings(table(dms=[live]), pending={"p2"}) == []
    one_line = Shown(7, "bot", "Day, round 9: your decision — You chose **Ana**.")
    assert findings(table(dms=[one_line])) == []


def test_the_same_line_twice_in_a_row_is_found():
    recap = Shown(8, "bot", "Arthur stopped an attack: no.\nArthur stopped an attack: no.")
    assert checks(findings(table(thread=[recap, OVER]))) == [AGAIN]


def test_the_game_ends_with_exactly_one_game_over_post():
    assert checks(findings(table(thread=[OVER, OVER]))) == [ENDING]
    status = Shown(6, "bot", "The game is over.", components=(STATUS,))
    assert findings(table(thread=[status, OVER])) == []      # the status may tell it too
    assert checks(findings(table(thread=[]))) == [ENDING]
    assert findings(table(thread=[]), pending=set()) == []    # still running


def test_repeats_are_told_once_with_their_count_and_expected_checks_left_out():
    found = findings(table(dms=[question("p1"), question("p1")]))
    assert len(found) == 1 and found[0].endswith("(×2)")
    assert findings(table(dms=[question("p1")]), expected=[CLICKABLE]) == []


def test_a_player_out_of_the_game_is_told_once_then_only_asked():
    out = Shown(3, "bot", "You are out: every character you played is eliminated. The game "
                          "goes on in its thread, where you may follow it; nothing more is asked "
                          "of you.")
    news = Shown(4, "bot", "**Movement** · round 6\nYou look at room B3.")
    asked = question("p2")
    closed = Shown(5, "bot", "Movement, round 6: your decision — Time ran out: **Pass**.")
    farewell = Shown(6, "bot", "**Room 25 #3** is over. Winners: Ana (guards).\n"
                               "The whole game, everything revealed: https://x.y/1")
    assert findings(table(dms=[news, out, asked, closed, farewell]), pending={"p2"}) == []
    assert checks(findings(table(dms=[out, news, farewell]))) == [OUT_AGAIN]
    assert checks(findings(table(dms=[out, out]))) == [OUT_AGAIN]


def test_a_question_offering_one_answer_must_say_why_it_is_asked():
    lone = question("p1", names=("Ana",))
    assert checks(findings(table(dms=[lone]), pending={"p1"})) == [LONE]
    for why in ("alone_cover", "alone_ready"):
        said = question("p1", names=("Ana",), why=UI[why])
        assert findings(table(dms=[said]), pending={"p1"}) == []
    assert findings(table(dms=[question("p1")]), pending={"p1"}) == []
