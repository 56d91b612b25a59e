"""The Ghost's hand of vision cards: drawing back up to seven (reshuffling the discard pile
when the deck runs out), and crows. The hand itself is shown in each of the Ghost's questions."""
from __future__ import annotations

from games.mysterium.settings import rules
from games.mysterium.setup import Ctx, plural


def refill(ctx: Ctx) -> None:
    """Draw back up to the hand size; an empty deck takes the shuffled discard pile (R12)."""
    state = ctx.state
    while len(state["hand"]) < rules()["hand_size"]:
        if not state["deck"]:
            if not state["discard"]:
                return
            state["deck"] = ctx.rng.shuffle(state["discard"])
            state["discard"] = []
            ctx.say("reshuffled", count=len(state["deck"]), form=plural(len(state["deck"])))
        state["hand"].append(state["deck"].pop(0))


def crow(ctx: Ctx, cards: list[str]) -> None:
    state = ctx.state
    for card in cards:
        state["hand"].remove(card)
    state["discard"].extend(cards)
    state["crows_left"] -= 1
    state["crow_hour"] = state["hour"] if state["phase"] != "shared" else None
    refill(ctx)
    ctx.say("crow_used", left=state["crows_left"], form=plural(state["crows_left"]))
    ctx.ghost("crow_discarded", cards=cards)
