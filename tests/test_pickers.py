"""Questions shown as pickers: menus named by what they hold (never by an index range), a
multi-pick answered in one decision, and Mysterium's questions built on them."""
from __future__ import annotations

import discord
import pytest

import games
from cogs.common import render
from games.base import IllegalMove, Option, Pending
from hosting.store import GameRow, SeatRow
from tests.mysterium.helpers import E, do, ghost_give, idx, pending, refused, table

NAMES = ["Laura", "Stephanie", "Paul", "Carl", "Alex"]


def row(state: dict, game: str = "mysterium", mode: str = "intermediate") -> GameRow:
    return GameRow(1, game, "running", mode, {}, {}, 1, state=state,
                   seats=[SeatRow(i, n) for i, n in enumerate(NAMES)])


def shown(view: discord.ui.View) -> list[tuple]:
    """Each item as a person sees it: ("menu", its words, its labels) or ("button", label)."""
    out = []
    for item in view.children:
        if isinstance(item.item, discord.ui.Select):
            out.append(("menu", item.item.placeholder, [o.label for o in item.item.options]))
        else:
            out.append(("button", item.item.label))
    return out


def rooms(count: int) -> Pending:
    """A Room 25 question with `count` options, each named by its character."""
    chars = ["jennifer", "max", "kevin", "emmett", "bruce", "franck"]
    options = tuple(Option(f"c{i}", "char_name", {"char": chars[i % len(chars)]})
                    for i in range(count))
    return Pending("9", 0, "pick", options, "c0", "pick")


def test_many_options_go_in_menus_named_by_their_first_and_last_option():
    room = row(games.engine("room25").setup({"mode": "suspicion"}, 5, 7)[0], "room25",
               "suspicion")
    items = shown(render.prompt_view(room, rooms(30)))
    assert [(kind, words) for kind, words, _ in items] == [
        ("menu", "Jennifer … Jennifer"), ("menu", "Max … Franck")]
    assert [len(labels) for _, _, labels in items] == [25, 5]
    assert not any("Options" in words or any(c.isdigit() for c in words)
                   for _, words, _ in items)


def test_options_an_engine_groups_share_one_menu_named_by_the_group():
    state = table()
    state, _ = ghost_give(state, "stephanie", state["hand"][:1])
    items = shown(render.ballot_view(row(state), list(pending(state, "look.1.0.").options)))
    candidates = [render.plain_translator(row(state)).lookup("cards", str(c))
                  for c in state["table"]["suspect"]]
    # Stephanie's guess is one menu of the candidates as the picture names them, her bets
    # on the other psychics' guesses another, Ready one button; "asked again" is no button.
    assert items == [
        ("menu", "Your guess: which suspect?", candidates),
        ("menu", "Clairvoyance: bet on another psychic's guess", [
            line for name in ("Ardashir (white)", "Madam Wang (red)", "Alma Salvador (yellow)")
            for line in (f"✓ {name} is right", f"✗ {name} is wrong",
                         f"Take my token back from {name}")]),
        ("button", "Ready")]


def test_a_timeout_of_a_psychics_question_reads_as_what_it_is():
    state = table()
    state, _ = ghost_give(state, "stephanie", state["hand"][:1])
    question = pending(state, "look.1.0.")
    t = render.translator(row(state))
    rule = render.deadline_rule(t, [question], 1000.0)
    assert rule == ("Answer <t:1000:R>. If time runs out: **your choices stay as they are "
                    "and you are asked again**.")
    assert "Not ready" not in rule


def test_a_card_ruled_out_is_marked_in_the_guess_menu():
    state = table()
    state["psychics"][0]["wrong"] = [state["table"]["suspect"][0]]
    state, _ = ghost_give(state, "stephanie", state["hand"][:1])
    [guess, *_] = shown(render.ballot_view(row(state), list(pending(state, "look.1.0.").options)))
    assert guess[2][0].endswith("(ruled out)") and not guess[2][1].endswith("(ruled out)")


def test_the_ghost_picks_visions_in_one_menu_and_gives_them_with_one_button():
    state = table()
    state, _ = do(state, "ghost.", f"to.{idx(state, 'paul')}")
    question = pending(state, "ghost.")
    view = render.prompt_view(row(state), question)
    menu, give, *rest = view.children
    hand = state["hand"]
    assert (menu.item.min_values, menu.item.max_values) == (1, len(hand))
    assert [o.value for o in menu.item.options] == [f"card.{c}" for c in hand]
    assert give.item.label == "Give the chosen visions" and give.item.disabled
    assert [b.item.label for b in rest] == ["Back", "Let the bot choose (counts as a timeout)"]
    # Two cards picked: the menu shows them chosen, the button answers with both at once.
    picked = (f"card.{hand[3]}", f"card.{hand[1]}")
    menu, give, *_ = render.prompt_view(row(state), question, picked).children
    assert [o.default for o in menu.item.options] == [i in (1, 3) for i in range(len(hand))]
    choice = give.item.custom_id.rsplit("|", 1)[1]
    assert choice == f"card.{hand[1]}+card.{hand[3]}" and not give.item.disabled
    assert render.option_label(render.plain_translator(row(state)), question, choice) == \
        f"2. {hand[1]}, 4. {hand[3]}"
    after, events = E.apply(state, 0, question.id, choice)
    assert after["psychics"][idx(state, "paul")]["visions"] == [hand[1], hand[3]]
    assert any(e.kind == "gave" and e.data["cards"] == [hand[1], hand[3]] for e in events)


@pytest.mark.parametrize("choice, why", [
    ("card.V99", "illegal_option"),              # not in the hand
    ("{b}+{a}", "illegal_option"),               # not in the question's order
    ("{a}+{a}", "illegal_option"),               # twice
    ("give", "no_cards"),                         # nothing picked
])
def test_a_multi_pick_the_question_does_not_allow_is_refused(choice, why):
    state = table()
    state, _ = do(state, "ghost.", f"to.{idx(state, 'paul')}")
    a, b = (f"card.{c}" for c in state["hand"][:2])
    assert refused(state, "ghost.", choice.format(a=a, b=b)) == why


def test_a_crow_discards_the_picked_cards_in_one_answer():
    state = table()
    state, _ = do(state, "ghost.", "crow")
    question = pending(state, "ghost.")
    assert question.kind == "ghost_crow" and question.params["pick"]["confirm"] == "crow_picked"
    gone = state["hand"][:2]
    after, _ = E.apply(state, 0, question.id, "+".join(f"card.{c}" for c in gone))
    assert not set(gone) & set(after["hand"]) and set(gone) <= set(after["discard"])


def test_the_pick_contract():
    options = tuple(Option(f"o{i}", "k", {"menu": "m"}) for i in range(4)) + (
        Option("back", "k"),)
    question = Pending("1", 0, "k", options, "back", "d",
                       params={"pick": {"menu": "m", "min": 2, "max": 3, "confirm": "k"}})
    assert question.allows("o0+o2") and question.allows("o1+o2+o3") and question.allows("back")
    assert not question.allows("o0+o1+o2+o3")          # more than three
    assert not question.allows("o0+back")               # back is no pick
    assert [o.id for o in question.picked("o0+o3")] == ["o0", "o3"]
    plain = Pending("1", 0, "k", options, "back", "d")
    assert not plain.allows("o0+o2")                    # no multi-pick asked
    with pytest.raises(IllegalMove):
        games.base.Engine.apply(_Stub(question), {}, 0, "1", "o3+o0")


class _Stub(games.base.Engine):
    def __init__(self, question):
        self.question = question

    def outcome(self, state):
        return None

    def pending(self, state):
        return [self.question]


def test_a_secret_ballot_names_each_groups_cards():
    state = table(seats=3)
    state["epilogue"] = None
    from games.mysterium import epilogue
    from games.mysterium.setup import Ctx
    for p in state["psychics"]:
        p["found"] = [state["table"][c][0] for c in ("suspect", "place", "object")]
    epilogue.start(Ctx(state))
    options = pending(state, "ghost.").options
    t = render.plain_translator(row(state))
    first = state["epilogue"]["groups"][0]["cards"]
    assert render.option_label(t, pending(state, "ghost."), options[0].id) == \
        "Group 1: " + ", ".join(t.lookup("cards", str(first[c]))
                                for c in ("suspect", "place", "object"))


def programme(first: str, second: str | None, adrenaline: bool) -> Option:
    letters = {"look": "L", "move": "M", "push": "P"}
    oid = letters[first] + (letters[second] if second else "") + ("A" if adrenaline else "")
    params = {"a": first, **({"b": second} if second else {}), "adr": adrenaline,
              "reveal": False}
    return Option(oid, "prog_two" if second else "prog_one", {
        **params, "path": [["prog_first", first], ["prog_second", second or "none"],
                           ["prog_adr", "adr" if adrenaline else "no_adr"],
                           ["prog_reveal", "no_reveal"]]})


def test_options_spelt_as_steps_are_a_menu_per_step_and_a_button_for_what_they_make():
    room = row(games.engine("room25").setup({"mode": "suspicion"}, 5, 7)[0], "room25",
               "suspicion")
    options = tuple(programme(a, b, adr) for a in ("look", "move", "push")
                    for b in (None, "look", "move", "push") if a != b for adr in (False, True))
    question = Pending("p1.0", 0, "program", options, "0", "programming")
    assert len(options) == 18
    # First only the first action is asked; the button waits.
    assert shown(render.prompt_view(room, question)) == [
        ("menu", "First action", ["Look", "Move", "Push"]), ("button", "Confirm")]
    # Then the second, then Adrenaline; a step with one way left (no guard to reveal) is
    # never asked, and a part that is no longer on offer counts as not chosen.
    assert shown(render.prompt_view(room, question, steps=("move",)))[1:] == [
        ("menu", "Second action", ["None: one action only", "Look", "Push"]),
        ("button", "Confirm")]
    view = render.prompt_view(room, question, steps=("move", "look", "adr"))
    assert shown(view)[-2:] == [
        ("menu", "Adrenaline", ["No Adrenaline", "Use Adrenaline (one more action)"]),
        ("button", "Confirm: 1: Move · 2: Look + Adrenaline")]
    assert view.children[-1].item.custom_id.endswith("|MLA")
    assert not view.children[-1].item.disabled
    assert shown(render.prompt_view(room, question, steps=("move", "move")))[-1] == \
        ("button", "Confirm")
    # Each menu carries the parts chosen before it, so a click after a restart still knows.
    assert view.children[2].item.custom_id == "tbl:pt:1|p1.0|2|move.look"


def test_the_ghosts_shared_vision_is_three_menus_of_one_question_and_one_answer():
    from games.mysterium import epilogue
    from games.mysterium.setup import Ctx
    state = table()
    for p in state["psychics"]:
        p["found"], p["stage"] = [state["table"][c][0] for c in ("suspect", "place", "object")], \
            "done"
    epilogue.start(Ctx(state))
    state, _ = do(state, "ghost.", "group.2")
    question = pending(state, "ghost.")
    hand = state["hand"]
    assert question.kind == "ghost_shared"
    first = shown(render.prompt_view(row(state), question))
    assert first == [("menu", "The card for the suspect", hand),
                     ("button", "Confirm"), ("button", "Back"),
                     ("button", "Let the bot choose (counts as a timeout)")]
    view = render.prompt_view(row(state), question, steps=(hand[2], hand[0], hand[5]))
    assert [words for kind, words, *_ in shown(view)][:3] == [
        "The card for the suspect", "The card for the place", "The card for the object"]
    assert shown(view)[1][2] == [c for c in hand if c != hand[2]]   # a card is used once
    confirm = view.children[3].item
    assert confirm.label == f"Confirm: suspect {hand[2]}, place {hand[0]}, object {hand[5]}"
    choice = confirm.custom_id.rsplit("|", 1)[1]
    after, _ = E.apply(state, 0, question.id, choice)
    assert after["phase"] == "vote" and after["epilogue"]["culprit"] == 2
    assert after["epilogue"]["labels"] == {hand[2]: "suspect", hand[0]: "place",
                                           hand[5]: "object"}
    assert refused(state, "ghost.", f"trio.{hand[2]}.{hand[2]}.{hand[5]}") == "duplicate_card"


def test_the_ghost_gives_chosen_visions_to_a_psychic_in_one_answer():
    state = table()
    question = pending(state, "ghost.")
    hand, paul = state["hand"], idx(state, "paul")
    assert question.kind == "ghost_serve" and question.params["picture"]   # the numbered hand
    items = shown(render.prompt_view(row(state), question))
    assert items[0] == ("menu", "Cards from your hand", [f"{i}. {c}" for i, c in
                                                         enumerate(hand, 1)])
    assert [label for _, label in items[1:5]] == [
        "Give to Alphonse de Belcour (blue)", "Give to Ardashir (white)",
        "Give to Madam Wang (red)", "Give to Alma Salvador (yellow)"]
    view = render.prompt_view(row(state), question)
    assert all(b.item.disabled for b in view.children[1:5])     # nothing chosen yet
    view = render.prompt_view(row(state), question, (f"card.{hand[4]}", f"card.{hand[0]}"))
    give = view.children[1 + paul].item
    choice = give.custom_id.rsplit("|", 1)[1]
    assert choice == f"to.{paul}+card.{hand[0]}+card.{hand[4]}" and not give.disabled
    after, events = E.apply(state, 0, question.id, choice)
    assert after["psychics"][paul]["visions"] == [hand[0], hand[4]] and after["draft"] == {}
    assert pending(after, "ghost.").kind == "ghost_serve"          # on to the next psychic
    # A card alone is no answer here (to whom?); the psychic alone still opens its own
    # question of cards, as a game stored mid-give goes on.
    assert refused(state, "ghost.", f"card.{hand[0]}") == "illegal_option"
    assert not question.allows(f"card.{hand[0]}") and question.allows(f"to.{paul}")
    assert E.ai_choice(state, question, "tags").startswith("to.")
    assert question.allows(E.ai_choice(state, question, "tags"))


def test_the_ghosts_question_after_the_sand_timer_is_a_new_question():
    """The crow offered while the sand timer runs and the next hour's give are two questions:
    the give never inherits the crow's short deadline (its default, the bot's give, would
    take it from the Ghost seconds later)."""
    state = table()
    for who in ("stephanie", "paul", "carl", "alex"):
        state, _ = ghost_give(state, who, state["hand"][:1])
    crow = pending(state, "ghost.")
    assert crow.kind == "ghost_anytime"
    state, _ = do(state, "timer.", "end")
    give = pending(state, "ghost.")
    assert give.kind == "ghost_serve" and give.id != crow.id


def test_menus_that_would_not_fit_give_way_to_menus_of_25_and_no_option_is_lost():
    t = render.plain_translator(row(table()))
    menus = [("guess", "suspect"), ("guess", "place"), ("guess", "object"), ("bets", ""),
             ("hand", ""), ("shared_suspect", "")]                  # six menus: one too many
    options = [Option(f"g.{m}.{c}", "guess", {"card": c, "menu": menu, "stage": stage})
               for m, (menu, stage) in enumerate(menus) for c in range(m * 5 + 1, m * 5 + 4)]
    options.append(Option("ready", "ready", {}))
    arranged = render.arrange(t, options)
    assert [len(part) for _, part in arranged] == [19]       # one menu of every option
    assert arranged[0][0] == "#1 The Governess … Ready"
    # Three named menus and a button fit: they stay.
    assert [words for words, _ in render.arrange(t, options[:9] + options[-1:])] == [
        "Your guess: which suspect?", "Your guess: which place?", "Your guess: which object?",
        None]


def test_a_lone_answer_says_why_it_is_asked_and_only_when_it_is_alone():
    """A Cultists' encounter gift: an Investigator holds Alive cards only, and is asked all
    the same (the cover); with a choice, the question reads as usual."""
    cult = row(games.engine("cultists").setup({"mode": "intro"}, 5, 1)[0], "cultists", "intro")
    t = render.translator(cult)
    give = [Option(f"{k}:1", "give_one", {"card": k, "char": 1}) for k in "AD"]

    def asked(options) -> list[str]:
        return render.question_text(t, Pending("9", 0, "give", tuple(options), options[0].id,
                                               "night_step", params={
                                                   "place": "HALL", "chars": [1],
                                                   "alone": "cover"})).splitlines()

    assert asked(give[:1])[-1] == t("ui", "alone_cover")
    assert t("ui", "alone_cover") not in asked(give)
