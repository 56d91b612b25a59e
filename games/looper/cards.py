"""Action cards: what may be placed where (spec 6.1) and the resolution of a day's cards in the
fixed order of spec 6.2 (forbid movement, movement, other forbids, everything else)."""
from __future__ import annotations

from games.base import GM
from games.looper import board, data
from games.looper.table import add, effective_role, emit, is_alive, living, remove

CODE = {(side, c["id"]): c["code"] for side in ("mastermind", "protagonist")
        for c in data.cards()[side]}
BY_CODE = {(side, code): cid for (side, cid), code in CODE.items()}


def side_of(owner: str) -> str:
    return "mastermind" if owner == data.MASTERMIND else "protagonist"


def once_per_loop(owner: str, card_id: str) -> bool:
    return data.card(side_of(owner), card_id)["once_per_loop"]


def hand(s: dict, owner: str) -> list[str]:
    """Cards the owner may still play today (placed ones are out of hand until resolution)."""
    if owner == data.MASTERMIND:
        left = list(s["mastermind_hand"])
    else:
        spent = s["deck_set_aside"][owner]
        left = [c for c in data.full_hand("protagonist") if c not in spent]
    for p in s["placed"]:
        if p["owner"] == owner and p["card"] in left:
            left.remove(p["card"])
    return left


def targets(s: dict, owner: str) -> list[str]:
    """Legal targets: locations and living characters without a card of the same side
    (one Mastermind card and one protagonist card per target, R-35)."""
    mm = owner == data.MASTERMIND
    taken = {p["target"] for p in s["placed"] if (p["owner"] == data.MASTERMIND) == mm}
    return [t for t in (*data.LOCATIONS, *living(s)) if t not in taken]


def placements(s: dict, owner: str) -> list[list]:
    """Every legal placement, "code@target", spelt as the two steps a person picks it in
    (`path`): the card (each distinct card still in hand), then its target. The targets are
    the same whatever the card, so the target step tells nothing of the card; a deck's hand is
    public (spent cards are revealed), so a public question may list its cards."""
    return [[placement(owner, c, t), "place",
             {"card": c, "target": t, "path": [["card", f"cards:{c}"], ["target", f"names:{t}"]]}]
            for c in dict.fromkeys(hand(s, owner)) for t in targets(s, owner)]


def placement(owner: str, card_id: str, target: str) -> str:
    return f"{CODE[(side_of(owner), card_id)]}@{target}"


def parse(owner: str, option_id: str) -> tuple[str, str]:
    """(card, target) of a placement's option id."""
    code, _, target = option_id.partition("@")
    return BY_CODE[(side_of(owner), code)], target


def place(s: dict, ev: list, owner: str, card_id: str, target: str, seat: int) -> None:
    """A card face down on its target. A protagonist is told which card it placed: it chose
    in an answer only it saw, which does not stay; the Mastermind's own question, closed,
    says it already."""
    s["placed"].append({"owner": owner, "card": card_id, "target": target})
    emit(ev, "card_placed", owner=owner, target=target)
    if owner != data.MASTERMIND:
        emit(ev, "your_card", (seat,), owner=owner, card=card_id, target=target)


HARMLESS_CARD = "paranoia_plus1"


def harmless_target(s: dict, owner: str) -> str:
    """Where a protagonist's missed placement goes. Every deck must place a card (no pass in
    the rules), so a miss plays Paranoia +1, which does nothing on a location, spends nothing
    (not once per loop) and lies on a location no Mastermind card is on: it takes no target a
    teammate still to play could use to answer the Mastermind (a Forbid Intrigue there)."""
    free = [t for t in targets(s, owner) if board.is_location(t)]
    mm = {p["target"] for p in s["placed"] if p["owner"] == data.MASTERMIND}
    return next((t for t in free if t not in mm), (free or targets(s, owner))[0])


# ---- resolution ----------------------------------------------------------------------------
def _by_target(s: dict) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for p in s["placed"]:
        out.setdefault(p["target"], []).append(p["card"])
    return out


def reveal_and_move(s: dict, ev: list) -> None:
    """Reveal every card, then resolve steps 1-2 (forbid movement, movement)."""
    for p in s["placed"]:
        emit(ev, "card_revealed", owner=p["owner"], card=p["card"], target=p["target"])
    for t, cs in _by_target(s).items():
        if board.is_location(t) or "forbid_movement" in cs or not is_alive(s, t):
            continue
        vector = board.combine(cs)
        if vector is None:
            continue
        dest = board.moved(s["characters"][t]["location"], vector)
        if dest in forbidden(s, t):
            emit(ev, "move_blocked", character=t)
            continue
        s["characters"][t]["location"] = dest
        emit(ev, "moved", character=t, location=dest)


def forbidden(s: dict, cid: str) -> list[str]:
    if cid == "patient" and s["patient_may_leave"]:
        return []
    return data.characters()[cid]["forbidden"]


def single_forbid_intrigue(s: dict) -> str | None:
    """The target of the day's only Forbid Intrigue; two or more cancel each other (R-7)."""
    fi = [p["target"] for p in s["placed"] if p["card"] == "forbid_intrigue"]
    return fi[0] if len(fi) == 1 else None


def cultist_may_ignore(s: dict) -> bool:
    """Whether the Cultist can lift today's Forbid Intrigue: it stands (after movement) on the
    forbidden target's location, and a Mastermind Intrigue card lies on that target (R-8)."""
    target = single_forbid_intrigue(s)
    if target is None:
        return False
    loc = target if board.is_location(target) else s["characters"][target]["location"]
    cultist_here = any(effective_role(s, c) == "cultist" and s["characters"][c]["location"] == loc
                       for c in living(s))
    mm_intrigue = any(p["target"] == target and p["owner"] == data.MASTERMIND
                      and p["card"].startswith("intrigue") for p in s["placed"])
    return cultist_here and mm_intrigue


def resolve_rest(s: dict, ev: list, cultist_ignores: bool) -> None:
    """Steps 3-4: the other forbids, then Paranoia (+1 before -1), Goodwill, Intrigue."""
    fi = single_forbid_intrigue(s)
    forbid_intrigue = {fi} if fi and not cultist_ignores else set()
    if fi and cultist_ignores:
        emit(ev, "gm_cultist_ignored", GM, target=fi)
    by_target = _by_target(s)
    for t, cs in by_target.items():
        if board.is_location(t):
            if t not in forbid_intrigue:
                _intrigue(s, ev, t, cs)
            continue
        if not is_alive(s, t):
            continue
        if "forbid_paranoia" not in cs:
            for _ in range(cs.count("paranoia_plus1")):
                add(s, ev, t, "paranoia", 1)
            for _ in range(cs.count("paranoia_minus1")):
                remove(s, ev, t, "paranoia", 1)
        goodwill_forbidden = ("forbid_goodwill" in cs
                              and effective_role(s, t) != "time_traveler")
        if not goodwill_forbidden:
            gain = cs.count("goodwill_plus1") + 2 * cs.count("goodwill_plus2")
            add(s, ev, t, "goodwill", gain)
        if t not in forbid_intrigue:
            _intrigue(s, ev, t, cs)
    _return_cards(s)


def _intrigue(s: dict, ev: list, t: str, cs: list[str]) -> None:
    n = cs.count("intrigue_plus1") + 2 * cs.count("intrigue_plus2")
    add(s, ev, t, "intrigue", n)


def _return_cards(s: dict) -> None:
    for p in s["placed"]:
        if once_per_loop(p["owner"], p["card"]):
            if p["owner"] == data.MASTERMIND:
                s["mastermind_hand"].remove(p["card"])
                s["mastermind_set_aside"].append(p["card"])
            else:
                s["deck_set_aside"][p["owner"]].append(p["card"])
    s["placed"] = []

