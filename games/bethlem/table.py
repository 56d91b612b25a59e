"""Where the cards are and what is true of them: rows, owners, life, sides, neighbours.

Each seat has a row of four positions (`rows`), and in the small modes a hidden reserve (`res`)
and a pile of dead cards that left the row (`grave`). Per-card facts live in `c[card]`:
d dead, rv identity public, u normal use spent, aw awakened, au awakened use spent,
lob lobotomy (1 normal, 2 bipolar), an awakening announced, o0 original owner; once dead,
k its killers and why the cause.
"""
from __future__ import annotations

from .cards import MUTINEER_CARDS, group, group_rank
from .core import opt


def new_card(owner: int) -> dict:
    return {"dead": 0, "revealed": 0, "used": 0, "awake": 0, "awake_used": 0, "lobotomy": 0,
            "announced": 0, "first_owner": owner}


def where(st: dict, cid: str):
    """(seat, position) of a card: position 1-4 in the row, 0 in reserve, -1 in the grave."""
    for s, row in enumerate(st["rows"]):
        if cid in row:
            return s, row.index(cid) + 1
    for key, pos in (("reserve", 0), ("grave", -1)):
        for s, pile in enumerate(st[key]):
            if cid in pile:
                return s, pos
    return None


def owner(st: dict, cid: str):
    found = where(st, cid)
    return found[0] if found else None


def on_row(st: dict, cid: str) -> bool:
    found = where(st, cid)
    return bool(found) and found[1] > 0


def card_at(st: dict, seat: int, pos: int) -> str:
    return st["rows"][seat][pos - 1]


def alive(st: dict, cid: str) -> bool:
    return not st["cards"][cid]["dead"]


def held(st: dict, seat: int) -> list:
    """Every card a seat holds: row, reserve and grave, alive or dead."""
    return st["rows"][seat] + st["reserve"][seat] + st["grave"][seat]


def living(st: dict, seat: int) -> int:
    """Living cards of a seat (a bipolar cataleptic waiting to return still counts)."""
    return sum(1 for c in held(st, seat)
               if (alive(st, c) or st["cards"][c].get("dead_by_day")) and not st["cards"][c].get("ghost"))


def active(st: dict, seat: int) -> bool:
    return not st["eliminated"][seat]


def seats(st: dict) -> list:
    return [s for s in range(st["players"]) if not st["eliminated"][s]]


def neighbour(st: dict, seat: int, step: int):
    """Next active seat to the left (step 1) or right (step -1) around the seating ring."""
    ring = st["seating"]
    n, at = len(ring), ring.index(seat)
    for i in range(1, n):
        s = ring[(at + step * i) % n]
        if not st["eliminated"][s]:
            return s
    return None


def personality(st: dict, seat: int) -> str:
    return st["personalities"][seat]


def dealt_pers(st: dict) -> list:
    """The personalities as dealt: the Arquitecto's borrowed one acts only for its round."""
    swap = st["custom"].get("maze_swap") if st["custom"] else None
    if not swap:
        return st["personalities"]
    out = list(st["personalities"])
    out[swap["architect_seat"]] = swap["architect_personality"]
    out[swap["marked_seat"]] = swap["marked_personality"]
    return out


def bipolar(st: dict, seat) -> bool:
    return seat is not None and st["personalities"][seat] == "bipolaridad"


def is_mut(st: dict, cid: str) -> bool:
    """A mutineer card that still counts as one (lobotomy cures it for good)."""
    return cid in MUTINEER_CARDS and cid in st["cards"] and not st["cards"][cid]["lobotomy"]


def principal(st: dict, seat: int, pool=None) -> str | None:
    """Best card by group P1 > P2 > A1 > A2; then one held since the start; then leftmost."""
    cards = list(pool if pool is not None else held(st, seat))
    if not cards:
        return None
    order = {c: i for i, c in enumerate(held(st, seat))}
    return min(cards, key=lambda c: (group_rank(c), st["cards"][c]["first_owner"] != seat, order.get(c, 9)))


def inactive(st: dict, cid: str) -> bool:
    """No power, no passive, no on-death effect this round (Melancolía, Celda, happenings)."""
    tok = st["tokens"]
    return (cid in tok["melancholy"] or cid in tok["celda"] or cid in st["night"].get("laughed", ())
            or group(cid) in tok.get("off_groups", ()) or cid in tok["coma"]
            or cid in tok.get("idle", ()))


def acting_seat(st: dict, cid: str):
    """Who wakes for a card tonight: its owner, if the card is alive (or lent its power back by
    La Médium's physical body), on a row and active."""
    if cid not in st["cards"] or inactive(st, cid) or not (
            alive(st, cid) or cid in st["tokens"].get("haunt", ())):
        return None
    if st["mode"] == "custom" and "otaku" in st["cards"]:
        from .machines import asleep
        if asleep(st, cid):
            return None
    found = where(st, cid)
    if not found or found[1] <= 0 or st["eliminated"][found[0]]:
        return None
    if st["tokens"]["transplant"] == cid:
        from .doctor import transplant_seat
        return transplant_seat(st, cid)
    return found[0]


def usable_action(st: dict, cid: str) -> bool:
    """An action card still has its normal use or an awakened one."""
    c = st["cards"][cid]
    return not c["used"] or (c["awake"] and not c["awake_used"])


def spend(st: dict, cid: str) -> None:
    """Spend the awakened use first when the normal one is gone."""
    c = st["cards"][cid]
    if c["used"] and c["awake"]:
        c["awake_used"] = 1
    c["used"] = 1


def dead_cards(st: dict) -> list:
    """Dead cards still in play: a card the police removed can never be borrowed or revived."""
    return [c for s in range(st["players"]) for c in held(st, s)
            if not alive(st, c) and not st["cards"][c].get("gone")]


# ---- option encoding: cards travel as "s<seat>p<pos>", players as "s<seat>" -------------------

def card_opt(st: dict, cid: str) -> list:
    s, p = where(st, cid)
    return opt(f"s{s}p{p}", "card", seat=s, pos=p)


def seat_opt(seat: int) -> list:
    return opt(f"s{seat}", "player", seat=seat)


def parse_card(st: dict, oid: str) -> str:
    s, p = oid[1:].split("p")
    return card_at(st, int(s), int(p))


def parse_seat(oid: str) -> int:
    return int(oid[1:])


def where_public(st: dict, cid: str) -> dict:
    s, p = where(st, cid)
    return {"seat": s, "pos": p}


def living_targets(st: dict, exclude=()) -> list:
    """Row cards that may be aimed at: alive, owner active, not isolated in a cell."""
    out = []
    for s in seats(st):
        for c in st["rows"][s]:
            if alive(st, c) and c not in st["tokens"]["celda"] and c not in exclude:
                out.append(c)
    return out


def cycle_pool(st: dict, key: str, holder: int) -> list:
    """Cycle powers: a player is not picked again until every other active one has been."""
    done = [s for s in st["history"][key] if active(st, s)]
    others = [s for s in seats(st) if s != holder]
    if all(s in done for s in others):
        st["history"][key] = done = []
    return [s for s in seats(st) if s not in done]


def personality_seat(st, pid):
    for s in seats(st):
        if st["personalities"][s] == pid:
            return s
    return None
