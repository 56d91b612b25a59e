"""A human Ghost's decisions: the hand cards to give and the psychic to give them to, in one
answer (a multi-pick anchored by the psychic: "to.2+card.V01+card.V07"; the psychic alone
still opens the cards' own question, the way a game stored mid-give goes on); or the cards a
crow discards, likewise; in the epilogue pick the
culprit group, then its suspect, place and object cards as one answer (spelt as three steps,
so the bot asks them in three menus of one message). `auto` (the deadline's default) lets the bot make the move; two in a row
and the bot plays the Ghost for the rest of the game (spec section 7.7)."""
from __future__ import annotations

import itertools

from games.base import IllegalMove
from games.mysterium import deck, epilogue, ghost, hours
from games.mysterium.setup import Ctx, plural
from games.mysterium.state import CATEGORIES

TAKEOVER_AFTER = 2
CARD = "card"       # a hand card's option in a multi-pick: "card.V07"
TRIO = "trio"       # the shared vision: "trio.V03.V11.V07" (suspect, place, object)


def kind(state: dict) -> str:
    first = {"shared": "ghost_culprit", "window": "ghost_anytime"}.get(state["phase"],
                                                                        "ghost_serve")
    return {"give": "ghost_cards", "crow": "ghost_crow", "shared": "ghost_shared"}.get(
        state["draft"].get("action"), first)


def _card(state: dict, card: str) -> dict:
    return {"card": card, "pos": state["hand"].index(card) + 1}


def options(state: dict) -> list[tuple[str, str, dict]]:
    draft, hand = state["draft"], state["hand"]
    step = kind(state)
    out: list[tuple[str, str, dict]] = []
    if step == "ghost_serve":
        out += [(f"to.{i}", "serve", {"persona": state["psychics"][i]["persona"]})
                for i in ghost.waiting(state)]
    elif step == "ghost_culprit":
        out += [(f"group.{g['number']}", "culprit", epilogue.named(g))
                for g in state["epilogue"]["groups"]]
    if step in ("ghost_serve", "ghost_culprit", "ghost_anytime") and ghost.crow_allowed(state):
        out.append(("crow", "crow_start", {"left": state["crows_left"]}))
    if step in ("ghost_serve", "ghost_cards", "ghost_crow"):
        out += [(f"{CARD}.{c}", "vision", {**_card(state, c), "menu": "hand"}) for c in hand]
        if step == "ghost_cards" and not hand:               # R12: an empty hand gives none
            out.append(("give", "give", {"count": 0, "form": plural(0)}))
    if step == "ghost_shared":
        out += trios(state)
    if draft:
        out.append(("back", "back", {}))
    out.append(("wait", "crow_not_now", {}) if state["phase"] == "window" else ("auto", "auto", {}))
    return out


def trios(state: dict) -> list[tuple[str, str, dict]]:
    """The shared vision's answers: every suspect, place and object card of the hand, in that
    order (after the cards a game stored mid-choice had picked already)."""
    chosen = state["draft"]["cards"]
    rest = [c for c in state["hand"] if c not in chosen]
    out = []
    for more in itertools.permutations(rest, len(CATEGORIES) - len(chosen)):
        cards = [*chosen, *more]
        out.append((f"{TRIO}.{'.'.join(cards)}", "shared_trio", {
            "cards": cards, "path": [[f"shared_{c}", v] for c, v in zip(CATEGORIES, cards)]}))
    return out


def pick(state: dict) -> dict | None:
    """The multi-pick of a give or a crow: any of the hand's cards, at least one; a give
    chosen with its psychic (`anchors`) unless the psychic was picked first."""
    step = kind(state)
    if step not in ("ghost_serve", "ghost_cards", "ghost_crow") or not state["hand"]:
        return None
    out = {"menu": "hand", "min": 1, "max": len(state["hand"]),
           "confirm": {"ghost_serve": "give_to", "ghost_cards": "give_picked",
                       "ghost_crow": "crow_picked"}[step]}
    if step == "ghost_serve":
        out["anchors"] = [f"to.{i}" for i in ghost.waiting(state)]
    return out


def picked(choice: str) -> list[str]:
    """The cards a multi-pick answer names ("card.V01+card.V07")."""
    return [part.partition(".")[2] for part in choice.split("+")]


def joined(state: dict, cards: list[str]) -> str:
    """The multi-pick answer for `cards`, in the hand's order (as the question lists them)."""
    return "+".join(f"{CARD}.{c}" for c in state["hand"] if c in cards)


def asks_anytime(state: dict) -> bool:
    """While the sand timer runs, a human Ghost with a crow to fly is asked whether to fly it:
    the crow may be used at any moment of the game (spec 4.4), not only between gives."""
    draft = state["draft"]
    return not state["bot_ghost"] and (draft.get("action") == "crow"
                                       or (not draft and ghost.crow_allowed(state)))


def params(state: dict) -> dict:
    """What the Ghost's question says: whom it is serving, what it has picked so far."""
    draft = state["draft"]
    out: dict = {"cards": draft.get("cards", []), "hand": state["hand"]}
    if kind(state) in ("ghost_serve", "ghost_culprit"):
        out["picture"] = True     # the numbered hand travels with the first step of a give
    if "psychic" in draft:
        out["persona"] = state["psychics"][draft["psychic"]]["persona"]
    if "group" in draft:
        out["group"] = draft["group"]
        out["element"] = CATEGORIES[len(draft["cards"])]
    if (multi := pick(state)) is not None:
        out["pick"] = multi
    return out


def check(state: dict, choice: str) -> None:
    """The spec's reasons for refusing a Ghost's well-formed but impossible move."""
    word, _, arg = choice.partition(".")
    draft = state["draft"]
    if word == "to":
        i = int(arg.partition("+")[0])
        if not 0 <= i < len(state["psychics"]):
            raise IllegalMove("illegal_option", "No such psychic.")
        p = state["psychics"][i]
        if p["stage"] == "done":
            raise IllegalMove("psychic_finished", "That psychic has found everything.",
                              persona=p["persona"])
        if p["served"]:
            raise IllegalMove("already_served", "That psychic has had visions this hour.",
                              persona=p["persona"])
    elif word == "crow" and not draft and state["crows_left"] <= 0:
        raise IllegalMove("no_crow_left", "No crow is left.")
    elif word in ("give", "crow") and draft and not draft.get("cards") and state["hand"]:
        raise IllegalMove("no_cards", "Pick at least one card first.")
    elif word == TRIO:
        cards = arg.split(".")
        if missing := [c for c in cards if c not in state["hand"]]:
            raise IllegalMove("card_not_in_hand", "That card is not in your hand.",
                              card=missing[0])
        if len(set(cards)) < len(cards):
            raise IllegalMove("duplicate_card", "That card is already picked.", card=cards[0])
    elif word == "group" and not any(str(g["number"]) == arg
                                     for g in (state["epilogue"] or {}).get("groups", [])):
        raise IllegalMove("invalid_group", "There is no such group.", group=arg)


def apply(ctx: Ctx, choice: str) -> None:
    state = ctx.state
    state["ghost_step"] += 1
    word, _, arg = choice.partition(".")
    draft = state["draft"]
    if word == "auto":
        return _auto(ctx)
    if word == "wait":                  # no crow this sand timer; a timeout says the same
        state["draft"] = {"action": "wait"}
        return
    state["ghost_skips"] = 0
    if word == "to" and "+" in arg:
        to, _, cards = arg.partition("+")
        hours.give(ctx, int(to), picked(cards))
    elif word == "to":
        state["draft"] = {"action": "give", "psychic": int(arg), "cards": []}
    elif word == "group":
        state["draft"] = {"action": "shared", "group": int(arg), "cards": []}
    elif word == "crow":
        state["draft"] = {"action": "crow", "cards": []}
    elif word == TRIO:
        epilogue.commit(ctx, draft["group"], arg.split("."))
    elif word == CARD and draft["action"] == "give":
        state["draft"] = {}
        hours.give(ctx, draft["psychic"], picked(choice))
    elif word == CARD:
        state["draft"] = {}
        deck.crow(ctx, picked(choice))
    elif word == "give":                # R12: an empty hand gives none
        state["draft"] = {}
        hours.give(ctx, draft["psychic"], [])
    elif word == "back":
        state["draft"] = {}


def _auto(ctx: Ctx) -> None:
    """The bot makes the move the Ghost did not; after the second in a row it keeps the role."""
    state = ctx.state
    state["draft"] = {}
    state["ghost_skips"] += 1
    if state["ghost_skips"] >= TAKEOVER_AFTER:
        state["bot_ghost"] = True
        ctx.say("ghost_takeover")
        if state["phase"] == "give":
            hours.bot_serves(ctx)
        else:
            epilogue.bot_shares(ctx)
        return
    ctx.say("ghost_auto")
    if state["phase"] == "shared":
        epilogue.bot_shares(ctx)
        return
    while True:
        plan = ghost.plan_give(state)
        if plan[0] == "give":
            hours.give(ctx, plan[1], plan[2])
            return
        deck.crow(ctx, plan[1])


def ai_choice(state: dict) -> str:
    """An AI seat playing a human Ghost's seat follows the bot Ghost's plan click by click (the
    plan depends on the hand, which a draft does not change, so each click finds the same)."""
    draft = state["draft"]
    if state["phase"] == "window":
        return "wait"                       # the bot Ghost flies its crows between gives
    action = draft.get("action")
    shared = state["phase"] == "shared"
    plan = (ghost.plan_shared if shared else ghost.plan_give)({**state, "draft": {}}) \
        if action in (None, "crow") else None
    if action == "crow" and plan[0] != "crow":
        return "back"                       # a crow the bot would not fly
    if action == "crow":
        return joined(state, plan[1])
    if action == "give":
        cards, _ = ghost.reach(state, draft["psychic"], state["hand"])
        return joined(state, cards) if cards else "give"
    if action == "shared":
        plan = ghost.plan_shared({**state, "draft": {}, "crows_left": 0})
        cards = [*draft["cards"], *(c for c in plan[2] if c not in draft["cards"])]
        return f"{TRIO}.{'.'.join(cards[:len(CATEGORIES)])}"
    if plan[0] == "crow":
        return "crow"
    if shared:
        return f"group.{plan[1]}"
    return "+".join(filter(None, (f"to.{plan[1]}", joined(state, plan[2]))))
