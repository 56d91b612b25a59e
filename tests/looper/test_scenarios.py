"""The acceptance scenarios TL-1 .. TL-28 of the spec (section 10), one test each (or a few
where a scenario has variants), driven through the engine's public contract."""
from __future__ import annotations

import copy

import pytest

from games.base import IllegalMove
from games.looper import abilities, data, flow
from games.looper.table import cast_ids
from tests.looper.helpers import E, at, game

PEOPLE = ("rich_mans_daughter", "patient", "boy_student", "informer", "girl_student",
          "office_worker", "shrine_maiden", "police_officer", "doctor")


def people(**roles) -> dict:
    return {c: roles.get(c, "person") for c in PEOPLE}


def test_tl1_a_full_day_resolves_in_order():
    t = game(people(), days=8, loop=2, day=7)
    at(t, "rich_mans_daughter", "hospital", paranoia=2)
    at(t, "boy_student", "shrine", goodwill=2)
    at(t, "informer", "city", paranoia=3)
    at(t, "girl_student", "city")
    at(t, "office_worker", "city", alive=False)
    at(t, "shrine_maiden", "school", goodwill=4)
    at(t, "police_officer", "school")
    at(t, "doctor", "school")
    t.go().day([("paranoia_plus1", "shrine"), ("paranoia_plus1", "school"),
                ("move_vertical", "police_officer")],
               {"A": ("goodwill_plus1", "shrine_maiden"), "B": ("forbid_intrigue", "shrine"),
                "C": ("paranoia_minus1", "informer")})
    assert t.c("police_officer")["location"] == "shrine"      # moved before the cultist question
    t.say("cultist", "keep")
    assert t.c("informer")["paranoia"] == 2
    assert t.c("shrine_maiden")["goodwill"] == 5
    assert t.s["location_intrigue"] == {"hospital": 0, "shrine": 0, "city": 0, "school": 0}
    assert sorted(t.s["mastermind_hand"]) == sorted(E_full_mm())
    assert t.s["deck_set_aside"] == {"A": [], "B": [], "C": ["paranoia_minus1"]}
    assert t.s["placed"] == []


def E_full_mm():
    from games.looper import data
    return data.full_hand("mastermind")


def test_tl2_placement_legality():
    t = game(people())
    at(t, "office_worker", alive=False)
    t.go().mm("paranoia_plus1", "girl_student")
    assert "girl_student" not in t.targets("mastermind", "paranoia_plus1")
    t.mm("paranoia_minus1", "hospital").mm("forbid_paranoia", "shrine")
    t.deck("goodwill_plus1", "girl_student")                       # A shares the MM's target
    opts = t.targets("protagonist", "goodwill_plus1")              # B
    assert "girl_student" not in opts                              # another protagonist card
    assert "office_worker" not in opts                             # a corpse
    t.s["deck_set_aside"]["B"].append("goodwill_plus2")
    t.s["questions"].clear()
    from games.looper import flow
    flow.run(t.s, [])
    assert not t.targets("protagonist", "goodwill_plus2")
    t.deck("move_horizontal", "hospital")                          # a legal bluff
    p = t.open("protagonist_card")[0]
    with pytest.raises(IllegalMove):
        E.apply(t.s, p.seat, p.id, "g1@girl_student")


def test_tl2_the_mastermind_places_exactly_three():
    t = game(people()).go()
    t.mm("paranoia_plus1", "girl_student").mm("paranoia_plus1", "boy_student")
    assert t.open("mastermind_card") and not t.open("protagonist_card")


@pytest.mark.parametrize("before,mm,deck,after", [
    (0, "paranoia_plus1", "paranoia_minus1", 0), (1, "paranoia_plus1", "paranoia_minus1", 1),
    (0, "paranoia_minus1", "paranoia_plus1", 0)])
def test_tl3_paranoia_plus_before_minus(before, mm, deck, after):
    t = game(people())
    at(t, "boy_student", paranoia=before)
    t.go().day([(mm, "boy_student"), ("intrigue_plus1", "hospital"), ("move_vertical", "city")],
               {"A": (deck, "boy_student"), "B": ("paranoia_plus1", "shrine"),
                "C": ("paranoia_plus1", "school")})
    assert t.c("boy_student")["paranoia"] == after


def test_tl4_forbid_paranoia_and_goodwill():
    t = game(people())
    at(t, "girl_student", paranoia=1)
    t.go().day([("forbid_paranoia", "girl_student"), ("forbid_goodwill", "doctor"),
                ("paranoia_plus1", "city")],
               {"A": ("paranoia_plus1", "girl_student"), "B": ("goodwill_plus2", "doctor"),
                "C": ("paranoia_plus1", "shrine")})
    assert t.c("girl_student")["paranoia"] == 1 and t.c("doctor")["goodwill"] == 0
    assert t.s["deck_set_aside"]["B"] == ["goodwill_plus2"]


@pytest.mark.parametrize("mm,deck,dest", [
    ("move_vertical", "move_horizontal", "school"), ("move_diagonal", "move_horizontal", "city"),
    ("move_diagonal", "move_vertical", "shrine"), ("move_vertical", "move_vertical", "city"),
    ("move_horizontal", "forbid_movement", "hospital")])
def test_tl5_movement_algebra(mm, deck, dest):
    t = game(people())
    t.go().day([(mm, "doctor"), ("paranoia_plus1", "city"), ("paranoia_plus1", "school")],
               {"A": (deck, "doctor"), "B": ("paranoia_plus1", "shrine"),
                "C": ("paranoia_plus1", "hospital")})
    assert t.c("doctor")["location"] == dest
    if deck == "forbid_movement":
        assert t.s["deck_set_aside"]["A"] == ["forbid_movement"]


def test_tl5_forbidden_locations_and_the_released_patient():
    t = game(people())
    t.go().day([("move_horizontal", "office_worker"), ("move_vertical", "patient"),
                ("paranoia_plus1", "school")],
               {"A": ("paranoia_plus1", "city"), "B": ("paranoia_plus1", "shrine"),
                "C": ("paranoia_plus1", "hospital")})
    assert t.c("office_worker")["location"] == "city"
    assert t.c("patient")["location"] == "hospital"
    t.s["patient_may_leave"] = True
    t2 = game(people())
    t2.s["patient_may_leave"] = True
    t2.go().day([("move_vertical", "patient"), ("paranoia_plus1", "city"),
                 ("paranoia_plus1", "school")],
                {"A": ("paranoia_plus1", "city"), "B": ("paranoia_plus1", "shrine"),
                 "C": ("paranoia_plus1", "hospital")})
    assert t2.c("patient")["location"] == "city"


def test_tl6_single_forbid_intrigue_cancels():
    t = game(people()).go()
    t.day([("intrigue_plus2", "shrine"), ("paranoia_plus1", "city"), ("paranoia_plus1", "school")],
          {"A": ("forbid_intrigue", "shrine"), "B": ("paranoia_plus1", "city"),
           "C": ("paranoia_plus1", "hospital")})
    t.say("cultist", "keep")
    assert t.s["location_intrigue"]["shrine"] == 0
    assert t.s["mastermind_set_aside"] == ["intrigue_plus2"]


def test_tl6_two_forbid_intrigue_cancel_each_other():
    t = game(people()).go()
    t.day([("intrigue_plus2", "shrine"), ("paranoia_plus1", "city"), ("paranoia_plus1", "school")],
          {"A": ("forbid_intrigue", "shrine"), "B": ("forbid_intrigue", "city"),
           "C": ("paranoia_plus1", "hospital")})
    assert not t.open("cultist")
    assert t.s["location_intrigue"]["shrine"] == 2


def test_tl6_two_players_one_protagonist_plays_three_decks():
    t = game(people(), players=2).go()
    t.day([("intrigue_plus1", "girl_student"), ("paranoia_plus1", "city"),
           ("paranoia_plus1", "school")],
          {"A": ("forbid_intrigue", "shrine"), "B": ("forbid_intrigue", "girl_student"),
           "C": ("paranoia_plus1", "hospital")})
    assert t.c("girl_student")["intrigue"] == 1


@pytest.mark.parametrize("ignore,expected", [("ignore", 1), ("keep", 0)])
def test_tl7_cultist_may_ignore_forbid_intrigue(ignore, expected):
    t = game(people(boy_student="cultist", girl_student="key_person"),
             main="a_place_to_protect", subs=("an_unsettling_rumor",),
             tragedy_set="first_steps").go()
    t.day([("intrigue_plus1", "school"), ("paranoia_plus1", "city"), ("paranoia_plus1", "shrine")],
          {"A": ("forbid_intrigue", "school"), "B": ("paranoia_plus1", "city"),
           "C": ("paranoia_plus1", "hospital")})
    assert "ignore" in t.options("cultist")
    t.say("cultist", ignore)
    assert t.s["location_intrigue"]["school"] == expected


def test_tl7_a_moved_cultist_cannot_lift_the_forbid():
    t = game(people(boy_student="cultist", girl_student="key_person"),
             main="a_place_to_protect", subs=("an_unsettling_rumor",),
             tragedy_set="first_steps").go()
    t.day([("intrigue_plus1", "school"), ("paranoia_plus1", "city"), ("paranoia_plus1", "shrine")],
          {"A": ("forbid_intrigue", "school"), "B": ("move_horizontal", "boy_student"),
           "C": ("paranoia_plus1", "hospital")})
    assert t.c("boy_student")["location"] == "city"
    assert t.options("cultist") == ["keep"]           # still asked: the question leaks nothing
    t.say("cultist", "keep")
    assert t.s["location_intrigue"]["school"] == 0


def quiet_cards(t, third="shrine"):
    """S2 and S3 with cards that change nothing: Paranoia cards on three locations."""
    return t.day([("paranoia_plus1", "hospital"), ("paranoia_minus1", "city"),
                  ("paranoia_plus1", third)],
                 {"A": ("paranoia_plus1", "hospital"), "B": ("paranoia_plus1", "city"),
                  "C": ("paranoia_plus1", third)})


def bland_day(t):
    """A day in which nothing but abilities, incidents and the night can change the board."""
    return quiet_cards(t).done("mastermind_ability").done("leader_ability")


def suicide_table(paranoia, alive=True, key=False):
    t = game(people(girl_student="key_person" if key else "person"), days=4, day=3,
             incidents=[(3, "suicide", "girl_student")])
    at(t, "girl_student", alive=alive, paranoia=paranoia)
    return bland_day(t.go())


def test_tl8_incident_needs_a_living_culprit_in_panic():
    t = suicide_table(2)
    assert "no_incident" in t.kinds() and t.s["incidents_occurred"] == []
    t = suicide_table(3)
    assert ["incident_occurred", "died"] == [k for k in t.kinds() if k in ("incident_occurred",
                                                                            "died")]
    assert not t.c("girl_student")["alive"] and len(t.s["incidents_occurred"]) == 1
    assert all("culprit" not in e.data for e in t.public())
    t = suicide_table(3, alive=False)
    assert "no_incident" in t.kinds()


def test_tl8_a_key_person_death_ends_the_day_at_once():
    t = suicide_table(3, key=True)
    assert t.s["step"] in ("spiral",) and t.s["loop"] == 2
    assert "leader_now" not in t.kinds() and "loop_lost" in t.kinds()
    assert t.s["leader"] == 1


def hospital_table(intrigue, doctor_role="key_person"):
    t = game(people(doctor=doctor_role), days=4, day=3,
             incidents=[(3, "hospital_incident", "boy_student")])
    at(t, "boy_student", "hospital", paranoia=2)
    t.s["location_intrigue"]["hospital"] = intrigue
    return bland_day(t.go())


def test_tl9_hospital_incident_thresholds():
    t = hospital_table(0)
    assert "incident_nothing" in t.kinds() and len(t.s["incidents_occurred"]) == 1
    t = hospital_table(1)
    assert not t.c("doctor")["alive"] and not t.c("patient")["alive"]
    assert t.s["loop"] == 2 and "all_dead" not in t.kinds()
    t = hospital_table(2, doctor_role="person")
    assert not t.c("doctor")["alive"] and "all_dead" in t.kinds() and t.s["loop"] == 2


def murder_table(others_alive=True):
    t = game(people(), days=4, day=2, incidents=[(2, "murder", "informer")])
    at(t, "informer", "city", paranoia=3)
    at(t, "girl_student", "city", alive=others_alive)
    at(t, "office_worker", "city", alive=False)
    at(t, "police_officer", "school")
    return bland_day(t.go())


def test_tl10_murder_announcement_names_only_the_victim():
    t = murder_table()
    assert t.options("incident_choice") == ["girl_student"]
    t.say("incident_choice", "girl_student")
    public = [(e.kind, e.data) for e in t.public() if e.kind in ("incident_occurred", "died")]
    assert public == [("incident_occurred", {"incident": "murder"}),
                      ("died", {"character": "girl_student", "location": "city"})]
    assert all("informer" not in str(e.data) for e in t.public()[-4:])


def test_tl10_murder_with_nobody_to_kill():
    t = murder_table(others_alive=False)
    assert t.options("incident_choice") == ["nothing"]
    t.say("incident_choice", "nothing")
    assert "incident_nothing" in t.kinds()


@pytest.mark.parametrize("company,victim", [(["girl_student"], "girl_student"),
                                            (["girl_student", "boy_student"], None), ([], None)])
def test_tl11_serial_killer_with_corpses(company, victim):
    t = game(people(shrine_maiden="serial_killer", police_officer="conspiracy_theorist"),
             subs=("the_hidden_freak", "paranoia_virus"), days=4)
    at(t, "office_worker", "shrine", alive=False)
    for c in company:
        at(t, c, "shrine")
    bland_day(t.go())
    for c in company:
        assert t.c(c)["alive"] == (c != victim)


def killer_table(kp_intrigue=2, killer_intrigue=0):
    t = game(people(office_worker="killer", girl_student="key_person", doctor="brain"), days=4)
    at(t, "girl_student", "city", intrigue=kp_intrigue)
    at(t, "office_worker", intrigue=killer_intrigue)
    return bland_day(t.go())


def test_tl12_killer_kills_the_key_person():
    t = killer_table()
    assert "kill_kp.girl_student" in t.options("day_end")
    t.say("day_end", "kill_kp.girl_student")
    assert not t.c("girl_student")["alive"] and t.s["loop"] == 2


def test_tl12_a_guard_stops_the_killer_for_the_night():
    """Seed: a guard stops "la próxima vez que este personaje vaya a morir", and each day-end
    ability triggers once: the Killer cannot strike again after the guard saved her."""
    t = game(people(office_worker="killer", girl_student="key_person", doctor="brain"), days=4)
    at(t, "girl_student", "city", intrigue=2, guards=1)
    at(t, "office_worker")
    bland_day(t.go())
    t.say("day_end", "kill_kp.girl_student")
    assert t.c("girl_student")["alive"] and t.c("girl_student")["guards"] == 0
    assert "kill_kp.girl_student" not in t.options("day_end")
    t.say("day_end", "done")
    assert t.c("girl_student")["alive"] and t.s["loop"] == 1


def test_tl12_killer_kills_the_protagonists_without_a_name():
    t = killer_table(kp_intrigue=0, killer_intrigue=4)
    assert "kill_all.office_worker" in t.options("day_end")
    mark = len(t.events)
    t.say("day_end", "kill_all.office_worker")
    said = [e for e in t.events[mark:] if e.audience == "public"]
    assert said[0].kind == "all_dead" and said[0].data == {}
    assert all("office_worker" not in str(e.data) and "killer" not in str(e.data) for e in said)


def s6_table(role="cultist", goodwill=5):
    t = game(people(shrine_maiden=role, girl_student="key_person"), main="a_place_to_protect",
             subs=("an_unsettling_rumor",), tragedy_set="first_steps", days=4)
    at(t, "shrine_maiden", "shrine", goodwill=goodwill)
    at(t, "doctor", "shrine")
    quiet_cards(t.go(), "school")
    return t.done("mastermind_ability")


def test_tl13_goodwill_refusal_counts_as_use():
    t = s6_table()
    t.say("leader_ability", "shrine_maiden.1.doctor")
    assert t.options("refusal") == ["refuse"]
    t.say("refusal", "refuse")
    assert t.kinds()[-1] == "nothing_happens" and "role_revealed" not in t.kinds()
    assert t.c("shrine_maiden")["goodwill"] == 5
    assert not any(o.startswith("shrine_maiden.1.") for o in t.options("leader_ability"))
    t.say("leader_ability", "shrine_maiden.0.shrine").say("refusal", "refuse")
    assert "shrine_maiden:reveal_role_here" in t.s["abilities_used_loop"]


def test_tl14_police_guard_and_culprit():
    t = game(people(), days=4, day=2, incidents=[(2, "murder", "informer")])
    at(t, "police_officer", "city", goodwill=5)
    at(t, "informer", "city", paranoia=3)
    at(t, "girl_student", "city")
    at(t, "office_worker", "school")
    t.go().day([("paranoia_plus1", "hospital"), ("paranoia_minus1", "shrine"),
                ("paranoia_plus1", "school")],
               {"A": ("paranoia_plus1", "hospital"), "B": ("paranoia_plus1", "shrine"),
                "C": ("paranoia_plus1", "school")})
    t.done("mastermind_ability")
    t.say("leader_ability", "police_officer.1.girl_student").say("refusal", "allow")
    t.done("leader_ability")
    t.say("incident_choice", "girl_student")
    assert t.c("girl_student")["alive"] and t.c("girl_student")["guards"] == 0
    assert "death_prevented" in t.kinds()
    t.done("day_end")
    t.day([("paranoia_plus1", "hospital"), ("paranoia_minus1", "shrine"),
           ("paranoia_plus1", "school")],
          {"A": ("paranoia_plus1", "hospital"), "B": ("paranoia_plus1", "shrine"),
           "C": ("paranoia_plus1", "school")})
    t.done("mastermind_ability")
    assert not any(o.startswith("police_officer.1.") for o in t.options("leader_ability"))
    before = len(t.public())
    t.say("leader_ability", "police_officer.0.2").say("refusal", "allow")
    # the Leader, with nothing left to use, is not asked again: the day goes on
    said = [e for e in t.public()[before:] if e.kind == "culprit_revealed"]
    assert [e.data for e in said] == [{"incident": "murder", "character": "informer"}]


def test_tl15_friend_revealed_and_welcomed_back():
    t = game(people(patient="friend", police_officer="conspiracy_theorist"),
             main="light_of_the_avenger", subs=("a_hideous_script",), tragedy_set="first_steps",
             days=4, day=4)
    t.s["script"]["cast"][5]["role"] = "brain"                      # office_worker
    at(t, "patient", alive=False)
    bland_day(t.go()).done("day_end")
    assert ("role_revealed", {"character": "patient", "role": "friend"}) in [
        (e.kind, e.data) for e in t.public()]
    assert "loop_lost" in t.kinds()
    t.say("spiral", "begin")
    assert t.c("patient")["goodwill"] == 1 and t.c("patient")["alive"]


def test_tl16_threads_of_fate():
    t = game(people(), subs=("threads_of_fate", "a_love_affair"), days=1, day=1)
    t.s["script"]["cast"][0]["role"] = "loved_one"
    at(t, "boy_student", goodwill=2)
    at(t, "doctor", alive=False, goodwill=1)
    t.s["loop_lost"] = True
    bland_day(t.go()).done("day_end").say("spiral", "begin")
    assert t.c("boy_student")["paranoia"] == 2 and t.c("doctor")["paranoia"] == 2
    assert t.c("doctor")["alive"] and t.c("girl_student")["paranoia"] == 0
    assert all(c["goodwill"] == 0 for c in t.s["characters"].values())


def test_tl17_lover_and_loved_one():
    t = game(people(patient="lover", rich_mans_daughter="loved_one"), days=4, day=2,
             incidents=[(2, "murder", "doctor")])
    at(t, "rich_mans_daughter", intrigue=1)
    at(t, "doctor", paranoia=2)
    bland_day(t.go()).say("incident_choice", "patient")
    assert t.c("rich_mans_daughter")["paranoia"] == 6
    assert "kill_all.rich_mans_daughter" in t.options("day_end")
    t.say("day_end", "kill_all.rich_mans_daughter")
    assert "all_dead" in t.kinds()
    assert not any(e.kind == "role_revealed" for e in t.public())


@pytest.mark.parametrize("city,shrine,police,lost", [(2, 0, 0, True), (1, 3, 2, False)])
def test_tl18_light_of_the_avenger(city, shrine, police, lost):
    t = game(people(police_officer="brain", boy_student="conspiracy_theorist"),
             main="light_of_the_avenger", subs=("an_unsettling_rumor",),
             tragedy_set="first_steps", days=1, day=1)
    t.s["location_intrigue"].update(city=city, shrine=shrine)
    at(t, "police_officer", "shrine", intrigue=police)
    t.go().day([("paranoia_plus1", "hospital"), ("paranoia_minus1", "school"),
                ("paranoia_plus1", "boy_student")],
               {"A": ("paranoia_plus1", "hospital"), "B": ("paranoia_plus1", "city"),
                "C": ("paranoia_plus1", "school")})
    t.done("mastermind_ability").done("leader_ability").done("day_end")
    assert ("loop_lost" in t.kinds()) == lost
    assert (t.s["result"] is not None) == (not lost)


def test_tl19_mastermind_ability_names_only_the_result():
    t = game(people(doctor="brain", office_worker="killer", girl_student="key_person"))
    at(t, "doctor", "school")
    at(t, "shrine_maiden", "school")
    quiet_cards(t.go())
    ci = cast_ids(t.s).index("doctor")
    mark = len(t.events)
    t.say("mastermind_ability", f"b.{ci}.shrine_maiden")
    said = [e for e in t.events[mark:] if e.audience == "public"]
    assert [(e.kind, e.data["target"]) for e in said] == [("gained", "shrine_maiden")]
    assert all("doctor" not in str(e.data) and "brain" not in str(e.data) for e in said)


def test_tl20_protagonists_win_at_a_clean_loop_end():
    t = game(people(), days=1, day=1, loops=3)
    bland_day(t.go()).done("day_end")
    assert t.s["result"] == {"winner": "protagonists", "reason": "loop_won"}
    assert E.outcome(t.s).winners == (1, 2, 3)
    assert not t.open()


def test_tl21a_first_steps_has_no_final_guess():
    t = game(people(girl_student="key_person", doctor="brain", office_worker="killer",
                    police_officer="conspiracy_theorist", shrine_maiden="serial_killer"),
             subs=("shadow_of_the_ripper",), tragedy_set="first_steps", days=1, loops=1,
             step="spiral")
    assert t.go().options("spiral") == ["begin"]
    t.say("spiral", "begin")
    t.s["loop_lost"] = True
    bland_day(t).done("day_end")
    assert t.s["result"] == {"winner": "mastermind", "reason": "all_loops_lost"}


def virus_table():
    t = game(people(doctor="conspiracy_theorist", office_worker="killer",
                    girl_student="key_person", police_officer="brain"),
             subs=("paranoia_virus", "threads_of_fate"), days=1, loops=2, loop=2)
    at(t, "boy_student", paranoia=4)
    at(t, "doctor", goodwill=1)
    t.s["loop_lost"] = True
    bland_day(t.go())
    return t


def test_tl21b_final_guess_asks_script_roles_after_a_bare_reset():
    """The reset removes every counter and places nothing: no Threads of Fate Paranoia for
    the Doctor's Goodwill at loop end."""
    t = virus_table()
    from games.looper.table import effective_role
    assert effective_role(t.s, "boy_student") == "serial_killer"
    t.done("day_end")
    assert t.s["step"] == "final_guess"
    assert all(c["goodwill"] == c["paranoia"] == c["intrigue"] == 0
               for c in t.s["characters"].values())
    assert t.options("guess_pick") == [c for c in data.characters() if c in PEOPLE] + ["give_up"]


def test_tl21b_the_protagonists_choose_whom_to_name_next():
    """Seed: "eligiendo personajes de uno en uno"."""
    t = virus_table().done("day_end")
    t.name("informer", "person").name("boy_student", "person")
    assert t.s["result"] is None
    assert t.options("guess_pick") == [c for c in data.characters() if c in PEOPLE and c
                                       not in ("informer", "boy_student")] + ["give_up"]


def test_tl21c_a_wrong_guess_loses_at_once():
    t = virus_table().done("day_end")
    t.name("rich_mans_daughter", "killer")
    assert t.s["result"] == {"winner": "mastermind", "reason": "final_guess_wrong"}


def test_r36_a_final_guess_the_table_cannot_make_is_the_mastermind_s():
    """R-36: a Final Guess entry's time running out is a Mastermind win; the default is the
    visible "we cannot say", whether whom to name or their role was being asked."""
    t = virus_table().done("day_end")
    assert t.open("guess_pick")[0].default == "give_up"
    t.say("guess_pick", "informer")
    assert t.open("guess")[0].default == "give_up"
    t.say("guess", "give_up")
    assert t.s["result"] == {"winner": "mastermind", "reason": "final_guess_given_up"}


def test_tl21d_all_correct_wins():
    t = virus_table().done("day_end")
    for e in t.s["script"]["cast"]:
        t.name(e["character"], e["role"])
    assert t.s["result"] == {"winner": "protagonists", "reason": "final_guess_right"}


def test_tl21_final_guess_chosen_in_a_time_spiral():
    t = game(people(doctor="conspiracy_theorist", office_worker="killer",
                    girl_student="key_person", police_officer="brain"),
             subs=("paranoia_virus", "threads_of_fate"), step="spiral").go()
    t.say("spiral", "final_guess").say("confirm_final_guess", "confirm")
    assert t.open("guess_pick")


def informer_table(subs, tragedy_set="basic_tragedy"):
    roles = people(informer="person", girl_student="key_person", office_worker="killer",
                   doctor="brain", patient="lover", rich_mans_daughter="loved_one",
                   boy_student="friend", shrine_maiden="friend",
                   police_officer="conspiracy_theorist")
    t = game(roles, subs=subs, tragedy_set=tragedy_set)
    at(t, "informer", goodwill=5)
    quiet_cards(t.go())
    return t.done("mastermind_ability")


def test_tl22_informer():
    t = informer_table(("a_love_affair", "circle_of_friends"))
    t.say("leader_ability", "informer.0.threads_of_fate").say("refusal", "allow")
    assert sorted(t.options("informer")) == ["a_love_affair", "circle_of_friends"]
    before = len(t.public())
    t.say("informer", "circle_of_friends")
    assert t.public()[before].data == {"plot": "circle_of_friends"}
    # used once, the Informer's ability is offered no more (nothing left: not even asked)
    assert not any(o.startswith("informer.0.") for o in abilities.leader_options(t.s))
    t2 = informer_table(("a_love_affair", "circle_of_friends"))
    t2.say("leader_ability", "informer.0.a_love_affair").say("refusal", "allow")
    assert t2.options("informer") == ["circle_of_friends"]
    before = len(t2.public())
    t2.say("informer", "circle_of_friends")
    assert t2.public()[before].data == {"plot": "circle_of_friends"}
    t3 = informer_table(("shadow_of_the_ripper",), "first_steps")
    before = len(t3.public())
    t3.say("leader_ability", "informer.0.shadow_of_the_ripper").say("refusal", "allow")
    t3.say("informer", t3.options("informer")[0])
    # the Leader, with nothing left to use, is not asked again: the day goes on after it
    assert "no_other_subplot" in [e.kind for e in t3.public()[before:]]


def test_tl23a_two_players_one_protagonist_leads_every_day():
    t = game(people(), players=2, days=3).go()
    t.mm("paranoia_plus1", "hospital").mm("paranoia_minus1", "city").mm("paranoia_plus1", "shrine")
    assert {q.seat for q in t.open("protagonist_card")} == {1}
    t.deck("goodwill_plus1", "girl_student")
    assert "girl_student" not in t.targets("protagonist", "paranoia_plus1")
    t.deck("paranoia_plus1", "city").deck("paranoia_plus1", "shrine")
    t.done("mastermind_ability").done("leader_ability").done("day_end")
    assert t.s["leader"] == 1 and t.s["day"] == 2


def test_tl23b_three_players_pass_a_deck_with_the_leader_card():
    t = game(people(), players=3, days=3)
    t.s["deck_owner"] = {"A": 1, "B": 1, "C": 2}
    t.go().mm("paranoia_plus1", "hospital").mm("paranoia_minus1", "city")
    t.mm("paranoia_plus1", "shrine")
    order = []
    while t.open("protagonist_card"):
        q = t.open("protagonist_card")[0]
        order.append((q.seat, q.params["deck"]))
        card = "paranoia_minus1" if q.params["deck"] == "A" else "paranoia_plus1"
        t.deck(card, {"A": "girl_student", "B": "city", "C": "shrine"}[q.params["deck"]])
    assert order == [(1, "A"), (1, "B"), (2, "C")]
    t.done("mastermind_ability").done("leader_ability")
    assert t.options("pass_deck") == ["A", "B"]
    t.say("pass_deck", "A")
    assert t.s["leader"] == 2 and t.s["deck_owner"] == {"A": 2, "B": 1, "C": 2}
    assert t.s["deck_set_aside"]["A"] == ["paranoia_minus1"]


def tt_table(goodwill=0, day=1, days=4):
    return game(people(office_worker="time_traveler", boy_student="cultist",
                       police_officer="conspiracy_theorist"),
                main="change_of_future", subs=("circle_of_friends", "threads_of_fate"),
                days=days, day=day)


def test_tl24a_time_traveler_ignores_forbid_goodwill():
    t = tt_table().go()
    t.day([("forbid_goodwill", "office_worker"), ("paranoia_minus1", "city"),
           ("paranoia_plus1", "shrine")],
          {"A": ("goodwill_plus1", "office_worker"), "B": ("paranoia_plus1", "city"),
           "C": ("paranoia_plus1", "shrine")})
    assert t.c("office_worker")["goodwill"] == 1


def test_tl24b_time_traveler_cannot_be_murdered():
    t = game(people(office_worker="time_traveler", boy_student="cultist"),
             main="change_of_future", subs=("threads_of_fate", "a_love_affair"), days=4, day=2,
             incidents=[(2, "murder", "informer")])
    at(t, "informer", paranoia=3)
    at(t, "office_worker", guards=1)
    for c in ("girl_student",):
        at(t, c, "school")
    bland_day(t.go()).say("incident_choice", "office_worker")
    assert t.c("office_worker")["alive"] and t.c("office_worker")["guards"] == 1
    assert "incident_nothing" in t.kinds()


@pytest.mark.parametrize("goodwill,offered", [(2, True), (3, False)])
def test_tl24c_time_traveler_last_day(goodwill, offered):
    t = tt_table(day=4)
    at(t, "office_worker", goodwill=goodwill)
    bland_day(t.go())
    assert ("declare.office_worker" in t.options("day_end")) == offered
    if offered:
        t.say("day_end", "declare.office_worker")
        assert "loop_lost" in t.kinds()


def test_tl25_butterfly_effect_loses_the_loop():
    t = game(people(office_worker="time_traveler", boy_student="cultist"),
             main="change_of_future", subs=("threads_of_fate", "a_love_affair"), days=2, day=2,
             incidents=[(2, "butterfly_effect", "informer")])
    at(t, "informer", paranoia=3)
    bland_day(t.go()).say("incident_choice", "goodwill>informer").done("day_end")
    assert "loop_lost" in t.kinds()
    t2 = game(people(office_worker="time_traveler", boy_student="cultist"),
              main="change_of_future", subs=("threads_of_fate", "a_love_affair"), days=2,
              day=2, incidents=[(2, "butterfly_effect", "informer")])
    bland_day(t2.go()).done("day_end")
    assert t2.s["result"]["winner"] == "protagonists"


@pytest.mark.parametrize("city,lost", [(2, True), (1, False)])
def test_tl26_factor_gains_key_person_abilities(city, lost):
    t = game(people(boy_student="factor", girl_student="key_person", doctor="brain",
                    office_worker="killer"), subs=("unknown_factor_x", "threads_of_fate"),
             days=4, day=2, incidents=[(2, "suicide", "boy_student")])
    at(t, "boy_student", paranoia=2)
    t.s["location_intrigue"]["city"] = city
    bland_day(t.go())
    assert not t.c("boy_student")["alive"]
    assert (t.s["loop"] == 2) == lost


def test_tl26_factor_acts_as_conspiracy_theorist():
    t = game(people(boy_student="factor", girl_student="key_person", doctor="brain",
                    office_worker="killer"), subs=("unknown_factor_x", "threads_of_fate"))
    t.s["location_intrigue"]["school"] = 2
    quiet_cards(t.go())
    ci = cast_ids(t.s).index("boy_student")
    assert f"c.{ci}.girl_student" in t.options("mastermind_ability")


@pytest.mark.parametrize("role,offered", [("brain", True), ("person", False)])
def test_tl27_doctor_used_by_the_mastermind(role, offered):
    cast = people(doctor=role, office_worker="killer", girl_student="key_person")
    if role == "person":
        cast["informer"] = "brain"
    t = game(cast)
    at(t, "doctor", goodwill=2)
    t.go().day([("paranoia_plus1", "city"), ("paranoia_minus1", "shrine"),
                ("paranoia_plus1", "school")],
               {"A": ("paranoia_plus1", "city"), "B": ("paranoia_plus1", "shrine"),
                "C": ("paranoia_plus1", "school")})
    ci = cast_ids(t.s).index("doctor")
    assert (f"d.{ci}.+patient" in t.options("mastermind_ability")) == offered
    if offered:
        t.say("mastermind_ability", f"d.{ci}.+patient").done("mastermind_ability")
        assert t.c("patient")["paranoia"] == 1
        assert any(o.startswith("doctor.0.") for o in t.options("leader_ability"))


def test_tl28_loop_reset():
    t = game(people(girl_student="key_person", doctor="brain", office_worker="killer"), days=1)
    at(t, "girl_student", "city", goodwill=3, paranoia=2, intrigue=1, guards=1)
    at(t, "doctor", alive=False)
    t.s.update(patient_may_leave=True, abilities_used_loop=["police_officer:guard"],
               loop_lost=True, revealed_roles={"office_worker": "killer"})
    t.s["location_intrigue"]["school"] = 2
    bland_day(t.go()).done("day_end").say("spiral", "begin")
    s = t.s
    assert all(c["alive"] and c["goodwill"] == c["paranoia"] == c["intrigue"] == c["guards"] == 0
               for c in s["characters"].values())
    assert t.c("girl_student")["location"] == "school"
    assert s["location_intrigue"] == {"hospital": 0, "shrine": 0, "city": 0, "school": 0}
    assert not s["patient_may_leave"] and s["abilities_used_loop"] == []
    assert s["day"] == 1 and s["incidents_occurred"] == []
    assert s["leader"] == 2      # rotated in the last day's S8, never reset by the loop
    assert s["revealed_roles"] == {"office_worker": "killer"}
    assert s["mastermind_set_aside"] == [] and s["deck_set_aside"] == {"A": [], "B": [], "C": []}


def test_r38_a_late_character_enters_on_its_loop():
    t = game(people(informer="person"), days=1, loops=3, incidents=[(1, "suicide", "informer")],
             step="spiral")
    t.s["script"]["cast"][3]["enters_on_loop"] = 2
    t.go().say("spiral", "begin")
    assert not t.c("informer")["in_play"]
    assert "informer" not in t.targets("mastermind", "paranoia_plus1")
    t.c("informer")["paranoia"] = 9                      # even in panic it cannot act
    t.s["loop_lost"] = True
    bland_day(t)
    assert "no_incident" in t.kinds()
    t.done("day_end").say("spiral", "begin")
    assert t.c("informer")["in_play"] and t.c("informer")["location"] == "city"


def _public_questions(s: dict) -> list:
    return [(p.kind, [o.to_json() for o in p.options]) for p in E.pending(s) if p.public]


def test_nothing_the_table_sees_follows_the_secret_cast_order():
    """A shipped script lists its cast by role (Key Person first, Persons last): the public
    view and the Leader's options read the same whatever that order."""
    t = s6_table()
    other = copy.deepcopy(t.s)
    other["script"]["cast"].reverse()
    assert E.public_view(t.s) == E.public_view(other)
    assert _public_questions(t.s) == _public_questions(other) != []
    order = [c["id"] for c in E.public_view(t.s)["characters"]]
    assert order == [c for c in data.characters() if c in order]


def test_a_stored_leader_question_is_brought_to_character_ids():
    t = s6_table()
    stored = copy.deepcopy(t.s)
    cast = cast_ids(stored)
    q = next(q for q in stored["questions"] if q["kind"] == "leader_ability")
    for o in q["options"]:
        head, dot, rest = o[0].partition(".")
        if dot:
            o[0] = f"{cast.index(head)}.{rest}"
    assert E.upgrade(stored) == t.s
    assert E.upgrade(copy.deepcopy(t.s)) == t.s


def test_a_person_turned_serial_killer_is_revealed_as_one():
    """Seed: under Paranoia Virus, Persons with more than 3 Paranoia "se convierten en
    asesinos en serie": a reveal gives the role played at that moment."""
    t = game(people(shrine_maiden="person", girl_student="key_person"),
             subs=("paranoia_virus", "an_unsettling_rumor"), days=4)
    at(t, "shrine_maiden", "shrine", goodwill=5)
    at(t, "doctor", "shrine", paranoia=4)
    quiet_cards(t.go(), "school").done("mastermind_ability")
    t.say("leader_ability", "shrine_maiden.1.doctor")
    if t.open("refusal"):
        t.say("refusal", "allow")
    revealed = [e for e in t.public() if e.kind == "role_revealed"]
    assert revealed[-1].data == {"character": "doctor", "role": "serial_killer"}


def test_a_leader_with_no_goodwill_ability_to_use_is_not_asked():
    """Goodwill and abilities are on the board: with none to use, the day goes on unasked;
    with one, the Leader is asked."""
    t = game(people(), players=2, days=3).go()
    t.mm("paranoia_plus1", "hospital").mm("paranoia_minus1", "city").mm("paranoia_plus1", "shrine")
    t.deck("paranoia_plus1", "city").deck("paranoia_plus1", "shrine").deck("paranoia_plus1",
                                                                        "hospital")
    t.say("mastermind_ability", flow.DONE)
    assert not abilities.leader_options(t.s) and not t.open("leader_ability")
    assert t.open("day_end")
    usable = game(people(), players=2, days=3)
    at(usable, "police_officer", "city", goodwill=5)
    usable.go().mm("paranoia_plus1", "hospital").mm("paranoia_minus1", "city")
    usable.mm("paranoia_plus1", "shrine")
    usable.deck("paranoia_plus1", "city").deck("paranoia_plus1", "shrine")
    usable.deck("paranoia_plus1", "hospital").say("mastermind_ability", flow.DONE)
    assert abilities.leader_options(usable.s) and usable.open("leader_ability")
