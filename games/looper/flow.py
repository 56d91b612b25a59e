"""The day machine: the nine steps of spec 5.3 in their exact order, loop ends, time spirals
and the Final Guess, driven one question at a time.

`run` advances `state["step"]` until a question is open. Secret Mastermind steps (the Cultist's
choice, S5, every S6 refusal, S9) are asked every time they come round, with the answers the
rules allow, next to a clock-only window, so neither the presence of a question nor how long the
step lasts depends on what the Mastermind holds (7.4)."""
from __future__ import annotations

from games.base import GM, Option, Pending
from games.looper import abilities, ai, cards, data, incidents, loops
from games.looper.table import (MM_SEAT, effective_role, emit, here, in_public_order,
                                is_alive, kill, kill_protagonists, living, role_holders)

HANDLERS: dict = {}
DONE = "done"
# Deadline classes of data/pace.json closest to the spec's timeouts (7.5): time spiral and
# Final Guess entries 300 s, cards 150/120 s (a card with its target), the Leader's
# abilities 120 s, an incident's choice 90 s, the Mastermind's other secret steps 60 s (live
# pace).
SPIRAL, GUESS = "day_discussion", "day_discussion"
MASTERMIND_CARD, PROTAGONIST_CARD, ABILITIES = "programming", "conference", "conference"
INCIDENT, PASS = "vote", "reactive"


def handler(kind: str):
    def register(fn):
        HANDLERS[kind] = fn
        return fn
    return register


def ask(s: dict, seat: int | None, kind: str, options: list, *, default: str | None = None,
        deadline: str = "action", public: bool = False, **params) -> dict:
    s["asked"] += 1
    s["questions"].append({"id": f"q{s['asked']}", "seat": seat, "kind": kind,
                           "options": options, "default": default or options[0][0],
                           "deadline": deadline, "public": public, "params": params})
    return s["questions"][-1]


def window(s: dict) -> None:
    """A wait nobody answers: a secret step lasts at least this long whoever decides it."""
    ask(s, None, "window", [["go", "go", {}]], deadline="reactive_min")


def protagonist_seats(s: dict) -> list[int]:
    return list(range(1, s["players"]))


def answer(s: dict, qid: str, choice: str) -> list:
    ev: list = []
    q = next(q for q in s["questions"] if q["id"] == qid)
    s["questions"].remove(q)
    HANDLERS[q["kind"]](s, ev, q, choice)
    run(s, ev)
    return ev


def blocking(s: dict) -> bool:
    """Open questions the day waits for (deduction notes never hold the game up)."""
    return any(q["kind"] not in NOTES for q in s["questions"])


def run(s: dict, ev: list) -> None:
    while not blocking(s) and s["result"] is None:
        if s["loop_ended"] and s["step"] not in ("loop_end", "final_guess", "spiral",
                                                 "spiral_confirm", "loop_prepare"):
            s["step"] = "loop_end"
        STEPS[s["step"]](s, ev)


def goto(s: dict, step: str) -> None:
    s["step"] = step
    s["stage"] = {}


def finish(s: dict, ev: list, winner: str, reason: str) -> None:
    s["result"] = {"winner": winner, "reason": reason}
    s["step"] = "over"
    s["questions"] = []
    emit(ev, "script_recap", script=s["script"]["id"], title=s["script"]["title"],
         main_plot=s["script"]["main_plot"], subplots=s["script"]["subplots"],
         roles=[f"{e['character']}={e['role']}" for e in s["script"]["cast"]])
    for e in s["script"]["cast"]:
        emit(ev, "recap_role", character=e["character"], role=e["role"])
    for i in s["script"]["incidents"]:
        emit(ev, "recap_incident", day=i["day"], incident=i["incident"], character=i["culprit"])


# ---- time spiral and loop preparation ------------------------------------------------------
def _spiral(s, ev):
    opts = [["begin", "begin_loop", {"loop": s["loop"]}]]
    if loops.final_guess_allowed(s):
        opts.append(["final_guess", "go_final_guess", {}])
    ask(s, s["leader"], "spiral", opts, deadline=SPIRAL, public=True, loop=s["loop"],
        alone="ready")
    for seat in protagonist_seats(s):
        _ask_notes(s, seat)


# ---- the deduction sheet: each protagonist's own notes, offered in every time spiral ----------
NOTES = ("notes", "note_role")


def _ask_notes(s: dict, seat: int) -> None:
    mine = s["deductions"][str(seat)]
    opts = [["close", "close_notes", {}]] + [
        [c, "note_character", {"character": c, "note": mine.get(c, "unknown")}]
        for c, _ in in_public_order(s)]
    ask(s, seat, "notes", opts, default="close", deadline=SPIRAL)


def upgrade_notes_order(s: dict) -> None:
    """Open deduction sheets stored when they listed the characters in the script's order."""
    rank = {c: i for i, (c, _) in enumerate(in_public_order(s))}
    for q in s["questions"]:
        if q["kind"] == "notes":
            q["options"] = q["options"][:1] + sorted(q["options"][1:], key=lambda o: rank[o[0]])


@handler("notes")
def _notes_answer(s, ev, q, choice):
    if choice != "close":
        roles = loops.guess_options(s) + [["unknown", "note_clear", {}]]
        ask(s, q["seat"], "note_role", roles, default="unknown", deadline=SPIRAL,
            character=choice)


@handler("note_role")
def _note_role_answer(s, ev, q, choice):
    mine = s["deductions"][str(q["seat"])]
    cid = q["params"]["character"]
    if choice == "unknown":
        mine.pop(cid, None)
    else:
        mine[cid] = choice
    emit(ev, "note_taken", (q["seat"],), character=cid, role=choice)
    _ask_notes(s, q["seat"])


@handler("spiral")
def _spiral_answer(s, ev, q, choice):
    s["questions"] = [x for x in s["questions"] if x["kind"] not in NOTES]
    if choice == "begin":
        goto(s, "loop_prepare")
    else:
        emit(ev, "final_guess_proposed")
        goto(s, "spiral_confirm")


def _spiral_confirm(s, ev):
    seats = protagonist_seats(s)
    other = seats[(seats.index(s["leader"]) + 1) % len(seats)]
    ask(s, other, "confirm_final_guess", [["cancel", "cancel", {}], ["confirm", "confirm", {}]],
        deadline=SPIRAL, public=True)


@handler("confirm_final_guess")
def _confirm_answer(s, ev, q, choice):
    goto(s, "final_guess" if choice == "confirm" else "spiral")


def _loop_prepare(s, ev):
    loops.prepare(s, ev)
    goto(s, "day_start")


# ---- the day -------------------------------------------------------------------------------
def _day_start(s, ev):
    """S1 (no DAY_START effects in these sets) and the order protagonist decks place in."""
    s["days_played"] += 1
    s["abilities_used_today"] = []
    emit(ev, "day_begins", day=s["day"], days=s["script"]["days_per_loop"], loop=s["loop"],
         leader=s["leader"])
    goto(s, "mastermind_cards")


def placement_order(s: dict) -> list[str]:
    """The Leader's decks first, then clockwise (R-34: a player's decks in letter order)."""
    seats = protagonist_seats(s)
    start = seats.index(s["leader"])
    order = []
    for seat in seats[start:] + seats[:start]:
        order.extend(d for d in data.DECKS if s["deck_owner"][d] == seat)
    return order


def _mastermind_cards(s, ev):
    placed = [p for p in s["placed"] if p["owner"] == data.MASTERMIND]
    if len(placed) == 3:
        goto(s, "protagonist_cards")
        return
    _planned_default(s, ask(s, MM_SEAT, "mastermind_card", cards.placements(s, data.MASTERMIND),
                            deadline=MASTERMIND_CARD, number=len(placed) + 1))


def _planned_default(s: dict, q: dict) -> None:
    """On timeout the planner's answer is used for a card or an incident choice (7.5); it is
    worked out when the question opens, so the deadline needs no computation."""
    q["default"] = ai.choose(s, pending_of(q), "planner") or q["default"]


def pending_of(q: dict) -> Pending:
    return Pending(q["id"], q["seat"], q["kind"], tuple(Option(*o) for o in q["options"]),
                   q["default"], q["deadline"], q["public"], q["params"])


@handler("mastermind_card")
def _mm_card_answer(s, ev, q, choice):
    """A card and its target are one answer, which the bot asks as two menus (`path`), under
    one deadline whatever the card: how long a placement lasts tells nothing of it."""
    cards.place(s, ev, data.MASTERMIND, *cards.parse(data.MASTERMIND, choice), MM_SEAT)


def _protagonist_cards(s, ev):
    done = {p["owner"] for p in s["placed"]}
    deck = next((d for d in placement_order(s) if d not in done), None)
    if deck is None:
        goto(s, "resolve")
        return
    ask(s, s["deck_owner"][deck], "protagonist_card", cards.placements(s, deck),
        default=_missed(s, deck), deadline=PROTAGONIST_CARD, public=True, deck=deck)


def _missed(s: dict, deck: str) -> str:
    return cards.placement(deck, cards.HARMLESS_CARD, cards.harmless_target(s, deck))


@handler("protagonist_card")
def _p_card_answer(s, ev, q, choice):
    """Public like every protagonist question: the thread shows the card step alone, the
    target is chosen in an answer only the deck's owner sees."""
    deck = q["params"]["deck"]
    cards.place(s, ev, deck, *cards.parse(deck, choice), q["seat"])


OLD_CARD_KINDS = {"mastermind_target": "mastermind_card", "protagonist_target": "protagonist_card"}


def upgrade_card_questions(s: dict) -> None:
    """A card question stored in an older shape (every card × target with no steps, or the
    card alone, then its target) asks for the card and its target as one answer, under the
    same id and deadline. A card chosen in the older first step was not placed: it is chosen
    again with its target."""
    for q in s["questions"]:
        q["kind"] = OLD_CARD_KINDS.get(q["kind"], q["kind"])
        if q["kind"] not in ("mastermind_card", "protagonist_card") or all(
                o[2].get("path") for o in q["options"]):
            continue
        owner = q["params"].get("deck", data.MASTERMIND)
        q["params"].pop("card", None)
        s["stage"].pop("card", None)
        q["options"] = cards.placements(s, owner)
        if owner == data.MASTERMIND:
            q.update(deadline=MASTERMIND_CARD, default=q["options"][0][0])
            _planned_default(s, q)
        else:
            q.update(deadline=PROTAGONIST_CARD, default=_missed(s, owner))


def _resolve(s, ev):
    """S4: reveal, forbid movement and movement; then the Cultist's question whenever a single
    Forbid Intrigue is in force (R-8), whether or not a Cultist could use it."""
    cards.reveal_and_move(s, ev)
    goto(s, "resolve_rest")
    if cards.single_forbid_intrigue(s):
        opts = [["keep", "keep_forbid", {}]]
        if cards.cultist_may_ignore(s):
            opts.append(["ignore", "ignore_forbid", {}])
        window(s)
        ask(s, MM_SEAT, "cultist", opts, alone="cover")


@handler("cultist")
def _cultist_answer(s, ev, q, choice):
    s["stage"]["ignore"] = choice == "ignore"


def _resolve_rest(s, ev):
    cards.resolve_rest(s, ev, s["stage"].get("ignore", False))
    goto(s, "mastermind_abilities")


def _mastermind_abilities(s, ev):
    """S5: asked every day; each ability at most once in the step."""
    stage = s["stage"]
    if stage.get("done"):
        goto(s, "leader_abilities")
        return
    if not stage.get("opened"):
        stage.update(opened=True, used=[])
        window(s)
    ask(s, MM_SEAT, "mastermind_ability",
        abilities.mastermind_options(s, stage["used"]) + [[DONE, "done", {}]], default=DONE,
        alone="cover")


@handler("mastermind_ability")
def _mm_ability_answer(s, ev, q, choice):
    if choice == DONE:
        s["stage"]["done"] = True
    else:
        s["stage"]["used"].append(abilities.apply_mastermind(s, ev, choice))


def _leader_abilities(s, ev):
    """S6: the Leader declares uses one at a time until done. With none to use (the goodwill
    and the abilities are on the board), nothing is asked: "done" is its only answer."""
    options = abilities.leader_options(s)
    if s["stage"].get("done") or not options:
        goto(s, "incident")
        return
    ask(s, s["leader"], "leader_ability", options + [[DONE, "done", {}]],
        default=DONE, deadline=ABILITIES, public=True)


@handler("leader_ability")
def _leader_ability_answer(s, ev, q, choice):
    if choice == DONE:
        s["stage"]["done"] = True
        return
    cid, ability, arg = abilities.parse_leader(choice)
    index = int(choice.split(".")[1])
    abilities.mark_used(s, cid, index)
    shape, params = abilities.use_text(s, ability, arg)
    emit(ev, f"declared_{shape}", character=cid, ability=ability, **params)
    s["stage"]["use"] = [cid, ability, arg]
    window(s)
    ask(s, MM_SEAT, "refusal", abilities.refusal_options(s, cid), character=cid,
        ability=ability, alone="cover")


@handler("refusal")
def _refusal_answer(s, ev, q, choice):
    cid, ability, arg = s["stage"].pop("use")
    if choice == "refuse":
        emit(ev, "gm_refused", GM, character=cid, ability=ability)
        emit(ev, "nothing_happens")
        return
    if ability != "name_subplot":
        abilities.resolve_leader(s, ev, cid, ability, arg)
        return
    # The Mastermind names the subplot every time (seed: "la mente maestra debe decir el
    # título de otra trama secundaria"), even when one answer is left: a question opened
    # only when two subplots qualify would tell the table that the one named is not active.
    others = abilities.other_subplots(s, arg)
    window(s)
    ask(s, MM_SEAT, "informer",
        [[p, "subplot", {"plot": p}] for p in others] or [[NO_OTHER, "no_other_subplot", {}]])


NO_OTHER = "none"


@handler("informer")
def _informer_answer(s, ev, q, choice):
    if choice == NO_OTHER:
        emit(ev, "no_other_subplot")
    else:
        emit(ev, "subplot_named", plot=choice)


def _incident(s, ev):
    """S7 (the step stays here while the Mastermind chooses an effect)."""
    inc = incidents.today(s)
    if inc and incidents.occurs(s, inc) and inc["incident"] in incidents.CHOOSING:
        _planned_default(s, ask(s, MM_SEAT, "incident_choice", incidents.choice_options(s, inc),
                                deadline=INCIDENT, incident=inc["incident"], alone="cover"))
        return
    goto(s, "rotate")
    if inc is None:
        return
    if not incidents.occurs(s, inc):
        emit(ev, "no_incident", incident=inc["incident"])
        return
    incidents.resolve(s, ev, inc, None)


@handler("incident_choice")
def _incident_answer(s, ev, q, choice):
    incidents.resolve(s, ev, incidents.today(s), choice)
    goto(s, "rotate")


def _rotate(s, ev):
    """S8: the Leader card passes clockwise; at three players with one of the Leader's decks."""
    seats = protagonist_seats(s)
    nxt = seats[(seats.index(s["leader"]) + 1) % len(seats)]
    goto(s, "day_end")
    if len(seats) == 2:
        mine = [d for d in data.DECKS if s["deck_owner"][d] == s["leader"]]
        longest = min(mine, key=lambda d: (s["deck_since"][d], d))
        ask(s, s["leader"], "pass_deck", [[d, "deck", {"deck": d}] for d in mine],
            default=longest, deadline=PASS, public=True, next=nxt)
    elif nxt != s["leader"]:
        s["leader"] = nxt
        emit(ev, "leader_now", seat=nxt)


@handler("pass_deck")
def _pass_answer(s, ev, q, choice):
    nxt = q["params"]["next"]
    s["deck_owner"][choice] = nxt
    s["deck_since"][choice] = s["days_played"]
    s["leader"] = nxt
    emit(ev, "deck_passed", deck=choice, seat=nxt)
    emit(ev, "leader_now", seat=nxt)


def last_day(s: dict) -> bool:
    return s["day"] == s["script"]["days_per_loop"]


def day_end_options(s: dict) -> list[list]:
    """The Mastermind's day-end abilities still open today: each triggers once a day, so one
    that a guard stopped is not offered again (the guard stops "the next time" only)."""
    out = []
    for k in living(s):
        role = effective_role(s, k)
        intrigue = s["characters"][k]["intrigue"]
        if role == "killer":
            for kp in role_holders(s, "key_person"):
                if (is_alive(s, kp) and s["characters"][kp]["intrigue"] >= 2
                        and s["characters"][kp]["location"] == s["characters"][k]["location"]):
                    out.append([f"kill_kp.{kp}", "kill_key_person", {"character": kp}])
            if intrigue >= 4:
                out.append([f"kill_all.{k}", "kill_protagonists", {}])
        if role == "loved_one" and s["characters"][k]["paranoia"] >= 3 and intrigue >= 1:
            out.append([f"kill_all.{k}", "kill_protagonists", {}])
        if role == "time_traveler" and last_day(s) and s["characters"][k]["goodwill"] <= 2:
            out.append([f"declare.{k}", "declare_loss", {}])
    used = s["stage"].get("used", [])
    return [o for o in {o[0]: o for o in out}.values() if o[0] not in used]


def _day_end(s, ev):
    """S9: mandatory Serial Killers first (cast order, R-13), then the Mastermind's optional
    triggers, asked every day."""
    stage = s["stage"]
    if stage.get("done"):
        if last_day(s):
            goto(s, "loop_end")
        else:
            s["day"] += 1
            goto(s, "day_start")
        return
    if not stage.get("opened"):
        stage["opened"] = True
        for k in living(s):
            if effective_role(s, k) == "serial_killer" and is_alive(s, k):
                others = here(s, s["characters"][k]["location"], exclude=k)
                if len(others) == 1:
                    kill(s, ev, others[0], "serial_killer")
                    if s["loop_ended"]:
                        return
        window(s)
    ask(s, MM_SEAT, "day_end", day_end_options(s) + [[DONE, "done", {}]], default=DONE,
        alone="cover")


@handler("day_end")
def _day_end_answer(s, ev, q, choice):
    if choice == DONE:
        s["stage"]["done"] = True
        return
    s["stage"].setdefault("used", []).append(choice)
    what, _, who = choice.partition(".")
    emit(ev, "gm_day_end", GM, effect=what, character=who)
    if what == "kill_kp":
        kill(s, ev, who, "killer")
    elif what == "kill_all":
        kill_protagonists(s, ev, effective_role(s, who))
    elif what == "declare":
        emit(ev, "loop_declared_lost")
        s["loop_lost"] = s["loop_ended"] = True


@handler("window")
def _window_answer(s, ev, q, choice):
    return None


# ---- loop end and the Final Guess ----------------------------------------------------------
def _loop_end(s, ev):
    verdict = loops.end(s, ev)
    if verdict == "won":
        emit(ev, "protagonists_win_loop", loop=s["loop"])
        finish(s, ev, "protagonists", "loop_won")
    elif verdict == "next":
        s["loop"] += 1
        goto(s, "spiral")
    elif verdict == "final_guess":
        goto(s, "final_guess")
    else:
        finish(s, ev, "mastermind", "all_loops_lost")


def _final_guess(s, ev):
    stage = s["stage"]
    if not stage.get("opened"):
        stage["opened"] = True
        s["loop_ended"] = False
        loops.reset_board(s)
        emit(ev, "final_guess_begins")
    left = loops.left_to_guess(s)
    if not left:
        finish(s, ev, "protagonists", "final_guess_right")
        return
    ask(s, s["leader"], "guess_pick",
        [[c, "guess_character", {"character": c}] for c in left] + [GIVE_UP],
        default=GIVE_UP[0], deadline=GUESS, public=True)


# Every Final Guess question can be answered "we cannot say": the Mastermind wins, as it does
# when the time runs out, so the timeout's default is an answer the table could see
# and choose, never a name picked for them.
GIVE_UP = ["give_up", "guess_give_up", {"concede": True}]


@handler("guess_pick")
def _guess_pick_answer(s, ev, q, choice):
    """The protagonists name characters in the order they choose (seed: "eligiendo
    personajes de uno en uno")."""
    if choice == GIVE_UP[0]:
        finish(s, ev, "mastermind", "final_guess_given_up")
        return
    ask(s, s["leader"], "guess", loops.guess_options(s) + [GIVE_UP], default=GIVE_UP[0],
        deadline=GUESS, public=True, character=choice)


@handler("guess")
def _guess_answer(s, ev, q, choice):
    if choice == GIVE_UP[0]:
        finish(s, ev, "mastermind", "final_guess_given_up")
    elif not loops.guess(s, ev, q["params"]["character"], choice):
        finish(s, ev, "mastermind", "final_guess_wrong")


STEPS = {
    "spiral": _spiral, "spiral_confirm": _spiral_confirm, "loop_prepare": _loop_prepare,
    "day_start": _day_start, "mastermind_cards": _mastermind_cards,
    "protagonist_cards": _protagonist_cards, "resolve": _resolve, "resolve_rest": _resolve_rest,
    "mastermind_abilities": _mastermind_abilities, "leader_abilities": _leader_abilities,
    "incident": _incident, "rotate": _rotate,
    "day_end": _day_end, "loop_end": _loop_end,
    "final_guess": _final_guess,
}

