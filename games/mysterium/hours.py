"""Phase 1, hour by hour (spec section 4): the Ghost's gives and crows, the sand-timer window
with guesses and clairvoyance bets, the manifestation and the clock."""
from __future__ import annotations

from games.base import GM, IllegalMove
from games.mysterium import deck, epilogue, ghost
from games.mysterium.settings import crows, rules, uses_track
from games.mysterium.setup import Ctx, plural
from games.mysterium.state import CATEGORIES, DONE

KINDS = ("agree", "disagree")


def active(state: dict) -> list[int]:
    return [i for i, p in enumerate(state["psychics"]) if p["stage"] != DONE]


def start_hour(ctx: Ctx) -> None:
    state = ctx.state
    left = rules()["hours"] - state["hour"]
    if left:
        ctx.say("hour_start", hour=state["hour"], left=left, form=plural(left))
    else:
        ctx.say("last_hour", hour=state["hour"])
    if state["hour"] == rules()["token_return_hour"]:
        for p in state["psychics"]:
            for kind in KINDS:
                p["tokens"][kind] += p["spent_early"][kind]
                p["spent_early"][kind] = 0
        if uses_track(state["total"]):
            ctx.say("tokens_back")
    if crows(state["difficulty"])["per"] == "hour":
        state["crows_left"] = crows(state["difficulty"])["count"]
    for p in state["psychics"]:
        p.update(served=False, guess=None, ready=False, bets={}, declined=[])
    state["phase"] = "give"
    if state["bot_ghost"]:
        bot_serves(ctx)


def give(ctx: Ctx, i: int, cards: list[str]) -> None:
    state = ctx.state
    p = state["psychics"][i]
    for card in cards:
        state["hand"].remove(card)
    p["visions"].extend(cards)
    p["served"] = True
    deck.refill(ctx)
    ctx.say("gave", persona=p["persona"], cards=cards, count=len(cards), form=plural(len(cards)))
    if p["stage"] in p["targets"]:      # the story: what the Ghost meant by them
        ctx.say("gm_meant", GM, persona=p["persona"], cards=cards,
                card=p["targets"][p["stage"]])
    if not ghost.waiting(state):
        start_window(ctx)


def bot_serves(ctx: Ctx) -> None:
    """The bot Ghost serves every active psychic, using crows as its policy says."""
    state = ctx.state
    while state["phase"] == "give" and ghost.waiting(state):
        plan = ghost.plan_give(state)
        if plan[0] == "crow":
            deck.crow(ctx, plan[1])
        else:
            give(ctx, plan[1], plan[2])


def start_window(ctx: Ctx) -> None:
    ctx.state["phase"] = "window"
    ctx.say("timer_started")
    if everyone_ready(ctx.state):
        resolve(ctx)


def everyone_ready(state: dict) -> bool:
    """Every active psychic a player runs has pressed Ready (R31; one nobody runs makes no
    guess, R24, so nobody waits for it)."""
    return all(state["psychics"][i]["ready"] for i in active(state)
               if state["psychics"][i]["seat"] is not None)


# ---- the psychics' moves -----------------------------------------------------------------------
def can_act(state: dict, i: int) -> bool:
    """Whether psychic i has a question open now (RULING R7: from being served; a finished
    psychic bets from the start of the sand timer)."""
    p = state["psychics"][i]
    if state["phase"] not in ("give", "window") or p["ready"] or p["seat"] is None:
        return False
    if p["stage"] != DONE:
        return p["served"]
    return (state["phase"] == "window" and uses_track(state["total"])
            and (sum(p["tokens"].values()) > 0 or bool(p["bets"])))


def move_options(state: dict, i: int) -> list[tuple[str, str, dict]]:
    """What psychic i may try this hour: its guesses (one menu, a card ruled out marked), bets
    on every other active psychic (another), ready and keep. Whether a bet is possible at this instant is checked when it is made, so a
    question asked once keeps its buttons all hour."""
    p = state["psychics"][i]
    out = []
    if p["stage"] != DONE:
        out += [(f"guess.{c}", "guess_wrong" if c in p["wrong"] else "guess",
                 {"card": c, "menu": "guess", "stage": p["stage"]})
                for c in state["table"][p["stage"]]]
    if uses_track(state["total"]):
        for j in active(state):
            if j != i:
                persona = state["psychics"][j]["persona"]
                out += [(f"bet.{j}.{k}", f"bet_{k}", {"persona": persona, "menu": "bets"})
                        for k in KINDS]
                out.append((f"unbet.{j}", "unbet", {"persona": persona, "menu": "bets"}))
    # "keep", what the deadline takes, changes nothing and asks again: never a button
    out += [("ready", "ready", {}), ("keep", "keep", {"unlisted": True})]
    return out


def check_move(state: dict, i: int, choice: str) -> None:
    """Refuse a psychic's move with the spec's reason; the state is not touched."""
    p = state["psychics"][i]
    word, *rest = choice.split(".")
    if state["phase"] not in ("give", "window"):
        raise IllegalMove("window_closed", "The sand timer has run out.")
    if word == "guess":
        card = int(rest[0])
        if p["stage"] == DONE:
            raise IllegalMove("psychic_finished", "This psychic has found everything.")
        if not p["served"]:
            raise IllegalMove("not_served_yet", "Wait for your visions.")
        if not any(card in state["table"][c] for c in CATEGORIES):
            raise IllegalMove("card_not_on_table", "That card is not on the table.", card=card)
        if card not in state["table"][p["stage"]]:
            raise IllegalMove("wrong_category", "That card is not of your current category.",
                              card=card, category=p["stage"])
    elif word in ("bet", "unbet"):
        if not uses_track(state["total"]):
            raise IllegalMove("track_not_used", "There are no clairvoyance tokens in this game.")
        j = int(rest[0])
        if j == i:
            raise IllegalMove("own_intuition", "You cannot bet on your own intuition.")
        if not 0 <= j < len(state["psychics"]):
            raise IllegalMove("illegal_option", "No such psychic.")
        if word == "unbet":
            if str(j) not in p["bets"]:
                raise IllegalMove("no_bet", "You have no token there.")
            return
        kind = rest[1]
        if state["psychics"][j]["guess"] is None:
            raise IllegalMove("no_intuition", "That psychic has not placed a guess yet.",
                              persona=state["psychics"][j]["persona"])
        back = 1 if p["bets"].get(str(j)) == kind else 0
        if p["tokens"][kind] + back == 0:
            raise IllegalMove("no_token_of_kind", "You have no token of that kind left.",
                              kind=kind)


def move(ctx: Ctx, i: int, choice: str) -> None:
    state = ctx.state
    p = state["psychics"][i]
    word, *rest = choice.split(".")
    if word == "guess":
        p["guess"] = int(rest[0])
        ctx.say("guessed", persona=p["persona"], card=p["guess"])
    elif word == "bet":
        j, kind = rest[0], rest[1]
        old = p["bets"].get(j)
        if old:
            p["tokens"][old] += 1
        p["tokens"][kind] -= 1
        p["bets"][j] = kind
        ctx.say(f"bet_{kind}", persona=p["persona"], target=state["psychics"][int(j)]["persona"])
    elif word == "unbet":
        p["tokens"][p["bets"].pop(rest[0])] += 1
        ctx.say("unbet", persona=p["persona"], target=state["psychics"][int(rest[0])]["persona"])
    elif word == "keep":
        p["window"] += 1
    elif word == "ready":
        p["ready"] = True
        ctx.say("ready", persona=p["persona"])
        if state["phase"] == "window" and everyone_ready(state):
            ctx.say("timer_early")
            resolve(ctx)


# ---- manifestation and the clock ----------------------------------------------------------------
def resolve(ctx: Ctx) -> None:
    """Every active psychic from the end-of-timer snapshot (R15), then the clock."""
    state = ctx.state
    psychics = state["psychics"]
    state["draft"] = {}                 # a crow the Ghost had not flown when time ran out
    # The Ghost's question of the sand timer ends with it: the next (a give, the culprit) is
    # a question of its own, with its own deadline, not the old one's still running.
    state["ghost_step"] += 1
    ctx.say("timer_over")
    found_now = []
    for i in active(state):
        p = psychics[i]
        target = p["targets"][p["stage"]]
        correct = p["guess"] == target
        moved = []
        for owner in psychics:
            kind = owner["bets"].get(str(i))
            if kind and (kind == "agree") == correct:
                owner["track"] += 1
                moved.append(owner["persona"])
        if correct:
            found_now.append((p["stage"], target))
            p["found"].append(target)
            state["discard"].extend(p["visions"])
            p["visions"], p["wrong"] = [], []
            p["stage"] = CATEGORIES[CATEGORIES.index(p["stage"]) + 1] \
                if p["stage"] != "object" else DONE
            ctx.say("right", persona=p["persona"], card=target)
            if p["stage"] == DONE:
                p["finished_hour"] = state["hour"]
                bonus = rules()["hours"] - state["hour"] if uses_track(state["total"]) else 0
                p["track"] += bonus
                ctx.say("finished", persona=p["persona"], bonus=bonus, form=plural(bonus))
        else:
            if p["guess"] is not None and p["guess"] not in p["wrong"]:
                p["wrong"].append(p["guess"])
            if p["guess"] is None:
                ctx.say("no_guess", persona=p["persona"])
            else:
                ctx.say("wrong", persona=p["persona"], card=p["guess"])
        if moved:
            ctx.say("scored", personas=moved, count=len(moved), form=plural(len(moved)))
    _spend_tokens(state)
    for category, card in found_now:
        state["table"][category].remove(card)
    for p in psychics:
        p.update(guess=None, bets={}, ready=False, served=False)
        p["window"] += 1
    if not active(state):
        epilogue.start(ctx)
    elif state["hour"] == rules()["hours"]:
        epilogue.finish(ctx, False, "time")
    else:
        state["hour"] += 1
        start_hour(ctx)


def _spend_tokens(state: dict) -> None:
    """Every token still placed when the timer ends is used (R9)."""
    early = state["hour"] < rules()["token_return_hour"]
    for p in state["psychics"]:
        for kind in p["bets"].values():
            if early:
                p["spent_early"][kind] += 1
