"""Tragedy Looper (First Steps and Basic Tragedy): a Mastermind who knows the script against one
to three protagonists reliving the same days. Seat 0 is the Mastermind; the protagonists hold
the three decks A, B and C between them (spec 5.9)."""
from __future__ import annotations

from games.base import Engine, IllegalMove, Outcome
from games.looper import abilities, ai, aid, data, flow, generator, picture, views
from games.looper.options import option_specs
from games.looper.script import ScriptError, public_sheet, validate
from games.looper.table import MM_SEAT, emit, on_board
from games.rng import Rng

DEFAULTS = {"script": None, "difficulty": "normal", "loops": None, "vet_generated": True,
            "paranoia_virus_threshold": 4, "spreading_mode": "literal",
            "allow_external": False, "allow_unverified": False, "first_leader": "random", "talk_restricted": False}


def _deck_owners(players: int, leader: int) -> dict:
    if players == 2:
        return {d: 1 for d in data.DECKS}
    if players == 3:
        other = 2 if leader == 1 else 1
        return {"A": leader, "B": leader, "C": other}
    return {"A": 1, "B": 2, "C": 3}


def choose_script(options: dict, rng: Rng) -> dict:
    """The shipped script the options name, or a generated one for the mode's tragedy set."""
    mode = options["mode"]
    name = options.get("script") or ("first_script" if mode == "first_steps" else "generated")
    if isinstance(name, dict):      # a script written by the table, checked like any other
        return {"id": "custom", "title": "Custom", **name, "source": "custom"}
    if name == "generated":
        return generator.generate(rng, mode, options["difficulty"], loops=options.get("loops"),
                                  vet=options["vet_generated"])
    shipped = data.shipped_scripts()
    if name not in shipped:
        raise IllegalMove("unknown_script", f"Unknown script {name!r}.", script=name,
                          known=", ".join(sorted(shipped)))
    script = dict(shipped[name])
    if script["tragedy_set"] != mode:
        raise IllegalMove("script_mode", "That script belongs to the other tragedy set.",
                          script=name)
    if options.get("loops"):
        allowed = script.get("loop_choices", [script["loops"]])
        if options["loops"] not in allowed:
            raise IllegalMove("script_loops_choice", "That script cannot be played with that "
                              "many loops.", loops=options["loops"], allowed=allowed)
        script["loops"] = options["loops"]
    return script


class LooperEngine(Engine):
    name = "looper"
    modes = ("first_steps", "basic_tragedy")
    min_players = 2
    max_players = 4
    ai_policies = ("baseline", "planner")
    # 2: a Leader's ability names its character by id, no longer by its secret cast index.
    # 3: an open deduction sheet lists the characters in their own order, not the cast's.
    # 4: a card is placed in two steps (the card, then its target), no longer as "code@target".
    # 5: a card and its target are one answer again, "code@target" spelt as two steps.
    state_version = 5
    shown_by_the_answer = frozenset({"your_card"})   # a protagonist's Confirm says its card

    def upgrade(self, state):
        abilities.upgrade_leader_ids(state)
        flow.upgrade_notes_order(state)
        flow.upgrade_card_questions(state)
        return state

    def default_options(self, mode: str, players: int) -> dict:
        return dict(DEFAULTS)

    def option_specs(self, mode: str) -> dict:
        return option_specs(mode)

    def seat_roles(self, mode, options):
        return {MM_SEAT: "mastermind"}

    def _setup(self, options, players, seed):
        state: dict = {"rng": Rng.seed(seed)}
        rng = Rng(state)
        try:
            script = validate(choose_script(options, rng), options["allow_external"],
                              options["allow_unverified"])
        except ScriptError as err:
            raise IllegalMove(err.code, str(err), **err.params) from None
        first = options["first_leader"]
        leader = (1 + rng.below(players - 1)) if first == "random" else int(first)
        if not 1 <= leader < players:
            raise IllegalMove("bad_leader", "The first Leader must be a protagonist seat.")
        state.update(
            game="looper", players=players, options=options, script=script, loop=1, day=1,
            days_played=0, step="spiral", stage={}, questions=[], asked=0, characters={},
            location_intrigue={loc: 0 for loc in data.LOCATIONS}, leader=leader,
            deck_owner=_deck_owners(players, leader), deck_since={d: 0 for d in data.DECKS},
            mastermind_hand=data.full_hand("mastermind"), mastermind_set_aside=[],
            deck_set_aside={d: [] for d in data.DECKS}, placed=[], abilities_used_today=[],
            abilities_used_loop=[], rumor_used=False, patient_may_leave=False, extra_gauge=0,
            incidents_occurred=[], revealed_roles={}, goodwill_snapshot=[], chronicle=[],
            loop_results=[], deductions={str(p): {} for p in range(1, players)},
            loop_lost=False,
            loop_ended=False, protagonists_dead=False, guesses={}, result=None)
        for e in script["cast"]:
            state["characters"][e["character"]] = {
                "location": data.characters()[e["character"]]["start"], "alive": True,
                "in_play": int(e.get("enters_on_loop", 1)) <= 1, "goodwill": 0, "paranoia": 0,
                "intrigue": 0, "guards": 0}
        ev: list = []
        sheet = public_sheet(script)
        # The public sheet stays in view: `pin` asks the bot to pin the post that holds it.
        emit(ev, "public_sheet", set=sheet["tragedy_set"], loops=sheet["loops"],
             days=sheet["days_per_loop"], pin=True,
             cast=on_board(state))
        for i in sheet["incidents"]:
            emit(ev, "sheet_incident", day=i["day"], incident=i["incident"], pin=True)
        aid.emit_play_aid(ev, sheet["tragedy_set"])
        emit(ev, "private_sheet", (MM_SEAT,), title=script["title"],
             main_plot=script["main_plot"], subplots=script["subplots"])
        for e in script["cast"]:
            emit(ev, "cast_role", (MM_SEAT,), character=e["character"], role=e["role"])
        for i in script["incidents"]:
            emit(ev, "culprit", (MM_SEAT,), day=i["day"], incident=i["incident"],
                 character=i["culprit"])
        for seat in sorted(set(state["deck_owner"].values())):
            held = [d for d in data.DECKS if state["deck_owner"][d] == seat]
            if len(held) == len(data.DECKS):
                emit(ev, "all_decks_holder", seat=seat)
            elif len(held) == 2:
                emit(ev, "decks_holder", first=held[0], second=held[1], seat=seat)
            else:
                emit(ev, "deck_holder", deck=held[0], seat=seat)
        flow.run(state, ev)
        return state, ev

    def pending(self, state):
        if state["result"]:
            return []
        return [flow.pending_of(q) for q in state["questions"]]

    def _apply(self, state, pending, choice):
        return flow.answer(state, pending.id, choice)

    def public_view(self, state):
        return views.public_view(state)

    def seat_view(self, state, seat):
        return views.seat_view(state, seat)

    def describe(self, view, t):
        return views.describe(view, t)

    def picture(self, view, t):
        return picture.render(view, t)

    def outcome(self, state):
        res = state["result"]
        if not res:
            return None
        seats = (MM_SEAT,) if res["winner"] == "mastermind" else tuple(range(1, state["players"]))
        return Outcome(seats, res["reason"])

    def final_sides(self, state):
        """The Mastermind against the protagonists; a protagonist's role is the first deck it
        holds at the end."""
        decks = {}
        for letter, seat in sorted(state["deck_owner"].items()):
            decks.setdefault(seat, letter)
        return {seat: ({"role": "owners:mastermind", "side": "sides:mastermind"}
                       if seat == MM_SEAT else
                       {"role": decks.get(seat) and f"owners:{decks[seat]}",
                        "side": "sides:protagonists"})
                for seat in range(state["players"])}

    def round(self, state):
        return state["days_played"]

    def clock_at(self, state, phase, round_):
        return views.clock_at(state, phase, round_)

    def ai_choice(self, state, pending, policy):
        return ai.choose(state, pending, policy)
