"""Who plays for what, and whether anybody has won (spec §1.4-1.5, §6.3-6.5).

Objectives are recomputed from the cards each seat holds after anything that moves cards,
converts, lobotomises, forms a pact or eliminates. A seat learns its own changes by DM only.
"""
from __future__ import annotations

from .cards import MUTINEER_CARDS, group
from .core import pub, tell
from .table import alive, dealt_pers, held, is_mut, living, seats

MUTINEER, INTERNOS, DIRECTOR, RICHARD = "MUTINEER", "INTERNOS", "DIRECTOR", "RICHARD"
PACT, HATE_PACT = "PACT", "HATE_PACT"
RENEGADE, TRAITOR, INQUISITOR = "RENEGADE", "TRAITOR", "INQUISITOR"
_CUSTOM = {"obj_internos": INTERNOS, "obj_amotinados": MUTINEER, "obj_renegado": RENEGADE,
           "obj_traidor": TRAITOR, "obj_inquisidor": INQUISITOR}


def pact_of(st: dict, seat: int):
    """The pact that sets this seat's objective. A collapsed normal pact still does: both
    members lost with it and win with nobody else (R-83)."""
    pact = st["pact"]
    if (pact and (pact["active"] or pact.get("collapsed"))
            and seat in (pact["first_seat"], pact["second_seat"])):
        return pact
    return None


def compute(st: dict, seat: int) -> str:
    if st["mode"] in ("two", "three"):
        return st["sides"][seat]
    pact = pact_of(st, seat)
    if pact:
        return HATE_PACT if pact["type"] == "hate" else PACT
    if st["mode"] == "custom":
        return _CUSTOM[st["objective_cards"][seat]]
    cards = held(st, seat)
    if "richard_dadd" in cards and is_mut(st, "richard_dadd"):
        return RICHARD
    if (any(c in ("daniel", "nathaniel") and is_mut(st, c) for c in cards)
            or seat in st["tokens"]["daniel"] or any(st["cards"][c]["lobotomy"] == 2 for c in cards)):
        return MUTINEER
    if "krugman" in cards:
        return DIRECTOR
    return INTERNOS


def refresh(st: dict, ev: list) -> None:
    for s in range(st["players"]):
        new = compute(st, s)
        if new != st["objectives"][s]:
            st["objectives"][s] = new
            tell(ev, s, "objective", objective=new)


def wakes_with_mutineers(st: dict, seat: int) -> bool:
    """Custom mode: Amotinado, Renegado, or a traitor who chose the mutineers."""
    card = st["objective_cards"][seat]
    return card in ("obj_amotinados", "obj_renegado") or (
        card == "obj_traidor" and st["traitor"] == "mut")


def _others_dead(st: dict, seat: int, spare=()) -> bool:
    return all(living(st, s) == 0 for s in range(st["players"]) if s != seat and s not in spare)


def _satisfied(st: dict) -> list:
    """Every (reason, winners) pair whose condition holds now."""
    n, obj, out = st["players"], st["objectives"], []
    act = set(seats(st))
    if st["mode"] in ("two", "three"):
        side = st["sides"]
        if all(living(st, s) == 0 for s in range(n) if side[s] == INTERNOS):
            out.append(("mutineers", [s for s in range(n) if side[s] == MUTINEER]))
        if all(not alive(st, c) for c in ("daniel", "nathaniel") if is_mut(st, c)):
            out.append(("internos", [s for s in range(n) if side[s] == INTERNOS]))
        return out
    if st["mode"] == "custom":
        return _custom_satisfied(st, act)
    camp = {s for s in range(n)
            if obj[s] == MUTINEER or any(is_mut(st, c) for c in held(st, s))}
    muts = [s for s in range(n) if obj[s] == MUTINEER]
    if muts and act & set(muts) and all(living(st, s) == 0 for s in range(n) if s not in camp):
        out.append(("mutineers", muts))
    ints = [s for s in range(n) if obj[s] == INTERNOS]
    live_mut = [c for c in MUTINEER_CARDS if is_mut(st, c) and alive(st, c)]
    if ints and act & set(ints) and not live_mut:
        out.append(("internos", ints))
    for s in act:
        if obj[s] == DIRECTOR:
            cards = held(st, s)
            grp = "P1" if "krugman" in cards and alive(st, "krugman") else "P2"
            if all(not alive(st, c) for t in range(n) if t != s
                   for c in held(st, t) if group(c) == grp):
                out.append(("director", [s]))
        elif obj[s] == RICHARD and _others_dead(st, s):
            out.append(("richard", [s]))
    return out + _pact_satisfied(st, act)


def _pact_satisfied(st: dict, act: set) -> list:
    """A normal pact wins the same way in every mode: both partners active, the rest dead."""
    pact = st["pact"]
    if pact and pact["active"] and pact["type"] == "normal":
        pair = (pact["first_seat"], pact["second_seat"])
        if all(p in act for p in pair) and _others_dead_but_pact(st, pair):
            return [("pact", list(pair))]
    return []


def _others_dead_but_pact(st: dict, pair) -> bool:
    """Only the pair lives, or also an awakened pact card in a third row (spec R-25)."""
    for s in range(st["players"]):
        if s in pair:
            continue
        for c in held(st, s):
            if alive(st, c) and not (c == "pacto_de_sangre" and st["cards"][c]["awake"]):
                return False
    return True


def _custom_satisfied(st: dict, act: set) -> list:
    n, obj, out = st["players"], st["objectives"], []
    hidden = [s for s in range(n) if st["objective_cards"][s] in ("obj_amotinados", "obj_renegado")
              and not st["objective_shown"][s]]
    traitor = next((s for s in range(n) if st["objective_cards"][s] == "obj_traidor"), None)
    ints = [s for s in range(n) if obj[s] == INTERNOS]
    if ints and act & set(ints) and not hidden:
        extra = [traitor] if traitor is not None and st["traitor"] == "mut" else []
        out.append(("internos", ints + extra))
    muts = [s for s in range(n) if obj[s] == MUTINEER]
    if muts and act & set(muts) and all(living(st, s) == 0 for s in range(n)
                                        if not wakes_with_mutineers(st, s)):
        extra = [traitor] if traitor is not None and st["traitor"] == "int" else []
        out.append(("mutineers", muts + extra))
    for s in act:
        if obj[s] == RENEGADE and _others_dead(st, s):
            out.append(("renegade", [s]))
    return out + _pact_satisfied(st, act)


def declare(st: dict, ev: list, winners, reason: str, sides: dict | None = None,
            **params) -> None:
    """End the game. Each winner's side (a key of the locale's `sides`) goes in the outcome's
    `sides`: the objective it won with (`sides`, seat -> reason), else `reason`."""
    winners = sorted(set(winners))
    params["sides"] = {str(s): (sides or {}).get(s, reason) for s in winners}
    st["win"] = {"winners": winners, "reason": reason, "params": params}
    pub(ev, "game_over", reason=reason, winners=winners)
    reveal_all(st, ev)


def check(st: dict, ev: list) -> bool:
    """Win check: every satisfied objective wins together; a total wipe ends with nobody."""
    if st["win"] is not None:
        return True
    found = _satisfied(st)
    if found:
        winners = sorted({s for _, w in found for s in w})
        reasons = [r for r, _ in found]
        if len(reasons) == 1:
            declare(st, ev, winners, reasons[0])
        else:
            declare(st, ev, winners, "shared", {s: r for r, w in found for s in w},
                    reasons=reasons)
        return True
    if not seats(st):
        declare(st, ev, [], "no_winner")
        return True
    return False


def reveal_all(st: dict, ev: list) -> None:
    """End of game: every card, personality, pact and objective becomes public."""
    rows = {str(s): st["rows"][s] + st["reserve"][s] + st["grave"][s] for s in range(st["players"])}
    pub(ev, "final_reveal", rows=rows, personalities=dealt_pers(st), objectives=st["objectives"],
        pact=st["pact"])
    for s in range(st["players"]):
        pub(ev, "final_seat", seat=s, cards=rows[str(s)], personality=dealt_pers(st)[s],
            objective=st["objectives"][s])
    pact = st["pact"]
    if pact and pact.get("maker") is not None:
        pub(ev, "final_pact_failed" if pact["failed"] else "final_pact", a=pact["first_seat"],
            b=pact["second_seat"], type=pact["type"], maker=pact["maker"])
