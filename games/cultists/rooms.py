"""Room decks, exploration, the Unsafe Passage deck, Cultist tokens, the Fish Man, books and
shelves (spec 5.4.2 f-g, 5.5, 5.6)."""
from __future__ import annotations

from games.cultists import board
from games.cultists.ending import check_vp
from games.cultists.flow import Ctx


def draw_random(ctx: Ctx, pile: list[str]) -> str:
    """Shuffle a face-down pile and take one card."""
    return pile.pop(ctx.rng.below(len(pile)))


def add_card(ctx: Ctx, room: str, card: str) -> None:
    """A card onto a room deck; the first time it holds 3 cards the room is explored."""
    r = ctx.s["rooms"][room]
    r["deck"].append(card)
    if not r["explored"] and len(r["deck"]) >= 3:
        r["explored"] = True
        ctx.emit("explored", {"place": room, "hazard": r["hazard_icon"]})
        if r["hazard_icon"] and ctx.s["hazards"]:
            unsafe_draw(ctx)


def unsafe_draw(ctx: Ctx) -> None:
    """Spec 5.5.2: draw one Unsafe card in public, resolve it, shuffle it back."""
    s = ctx.s
    if not s["unsafe_deck"]:
        return
    card = draw_random(ctx, s["unsafe_deck"])
    ctx.emit("unsafe_card", {"card": card})
    if card == "F":
        cultist_appears(ctx)
    elif card == "X":
        fish_man_comes(ctx)
    s["unsafe_deck"].append(card)
    ctx.rng.shuffle(s["unsafe_deck"])


def cultist_appears(ctx: Ctx) -> None:
    """A random face-down Cultist token enters the room it shows (R-53 for absent rooms)."""
    s = ctx.s
    while True:
        hidden = [tok for tok in s["cultist_tokens"] if tok["state"] == "hidden"]
        if not hidden:
            fish_man_comes(ctx)
            return
        tok = hidden[ctx.rng.below(len(hidden))]
        if tok["room"] in s["rooms"]:
            tok["state"] = "placed"
            s["rooms"][tok["room"]]["cultist_token"] = True
            ctx.emit("cultist_token", {"place": tok["room"]})
            return
        tok["state"] = "removed"


def fish_man_comes(ctx: Ctx) -> None:
    s = ctx.s
    if s["fish_man"] == "LAKE":
        s["fish_man"] = board.layout(s)["fish_man_entry"]
        ctx.emit("fish_man", {"place": s["fish_man"]})
    else:
        ctx.emit("fish_man_stays", {})


def resolve_room_card(ctx: Ctx, room: str, card: str) -> None:
    """A checked room card, shown in public and then out of the game (spec 5.4.2 g)."""
    s = ctx.s
    ctx.emit("room_card", {"place": room, "card": card})
    shelf_id = board.loc(s, room)["shelf"]
    shelf = s["shelves"][shelf_id]
    r = s["rooms"][room]
    if card == "S":
        r["books"] -= 1
        shelf["books"] += 1
        ctx.emit("book_shelved", {"place": room, "shelf": shelf_id})
        if r["books"] == 0:
            r.update(finished=True, deck=[])
            ctx.emit("room_finished", {"place": room})
        if not shelf["scored"] and shelf["books"] == board.layout(s)["shelf"][shelf_id]["spaces"]:
            shelf["scored"] = True
            s["vp"] += board.layout(s)["shelf"][shelf_id]["vp"]
            ctx.emit("shelf_scored", {"shelf": shelf_id, "vp": s["vp"], "target": s["vp_target"]})
            check_vp(ctx)
    elif card == "X" and shelf["books"] > 0:
        shelf["books"] -= 1
        r["books"] += 1
        ctx.emit("book_returned", {"place": room, "shelf": shelf_id})


def check_room(ctx: Ctx, room: str, top: bool = False) -> None:
    """Draw one card of an explored room's deck (the AUTOMA takes the top card, spec 6.5)."""
    deck = ctx.s["rooms"][room]["deck"]
    card = deck.pop() if top else draw_random(ctx, deck)
    resolve_room_card(ctx, room, card)


def place_draw_card(ctx: Ctx, target: int) -> None:
    """After a status check: the top draw card onto the target's room deck, or into the Unsafe
    deck from a corridor (spec 5.4.1 a step 5, R-27, R-28, R-47)."""
    s = ctx.s
    if not s["draw_deck"]:
        return
    where = s["chars"][target]["location"]
    if board.is_room(s, where):
        if s["rooms"][where]["finished"]:
            return
        ctx.emit("draw_card_placed", {"place": where,
                                      "size": len(s["rooms"][where]["deck"]) + 1})
        add_card(ctx, where, s["draw_deck"].pop())
    elif s["hazards"]:
        s["unsafe_deck"].append(s["draw_deck"].pop())
        ctx.rng.shuffle(s["unsafe_deck"])
        ctx.emit("draw_card_unsafe", {"size": len(s["unsafe_deck"])})
