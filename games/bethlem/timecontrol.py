"""El Relojero's "Control del tiempo" awakening (spec §6.5.2): three one-use powers, open once
he has announced the awakening (so calling step 27 for them reveals nothing new).

- Past: right after a day's lynches, every card goes back to being alive or dead as it was just
  after the previous day's lynches (spent powers, events and modifiers stay as they are).
- Stop (one use, R-77): at step 27 he marks a player, himself allowed; next round that player's
  cards cannot act, the player cannot vote, and nothing can kill their cards.
- Future: at step 27 he kills one card of every player, himself included, except players with
  a single living card.
"""
from __future__ import annotations

from .core import ask, handler, opt, pub, task
from .deaths import announce_revival, kill_card, resolve_now
from .night import kill_night, mark_death
from .table import alive, card_opt, living, owner, parse_card, parse_seat, seat_opt, seats

CARD = "relojero"


def _t(st):
    return st["custom"]["clock"].setdefault("time", {"used": [], "snapshot": None, "stop": None})


def _open(st):
    info = st["cards"].get(CARD)
    return bool(info) and info["announced"] and info["awake"] and alive(st, CARD)


def night_left(st: dict) -> list:
    """Powers still to offer at step 27."""
    if not _open(st):
        return []
    used = _t(st)["used"]
    return [p for p in ("t_stop", "t_future") if p not in used
            and not (p == "t_future" and kill_night(st))]


def use(st: dict, ev: list, s: int, choice: str) -> None:
    _t(st)["used"].append(choice)
    if choice == "t_stop":
        ask(st, s, "time_stop", [seat_opt(t) for t in seats(st)], None, "night_step",
            "time_stop")
        return
    pub(ev, "time_future")
    _future_next(st, s, [t for t in seats(st) if living(st, t) > 1])


def _future_next(st, s, todo):
    if todo:
        t = todo[0]
        ask(st, s, "time_future_card", [card_opt(st, c) for c in st["rows"][t] if alive(st, c)],
            None, "night_step", "time_future_card", {"todo": todo[1:]}, seat=t)


@handler("time_future_card")
def _future_card(st, ev, q, choice):
    c = parse_card(st, choice)
    mark_death(st, ev, c, CARD, q["seat"])
    _future_next(st, q["seat"], q["context"]["todo"])


@handler("time_stop")
def _stop(st, ev, q, choice):
    t = parse_seat(choice)
    _t(st)["stop"] = [t, st["round"] + 1]
    st["night"].setdefault("dawn_public", []).append(["time_stopped", {"seat": t}])


def stopped(st: dict, s: int) -> bool:
    if st["mode"] != "custom" or CARD not in st["cards"]:
        return False
    stop = _t(st)["stop"]
    return bool(stop) and stop == [s, st["round"]]


def start_round(st: dict) -> None:
    for s in range(st["players"]):
        if stopped(st, s):
            st["tokens"]["idle"] = st["tokens"].get("idle", []) + list(st["rows"][s])


def untouchable(st: dict, cid: str) -> bool:
    s = owner(st, cid)
    return s is not None and stopped(st, s)


# ---- the past ----------------------------------------------------------------------------------

@task("time_past")
def _past(st, ev):
    """After the lynches: offer the trip back, then remember this moment for next time."""
    if st["mode"] != "custom" or CARD not in st["cards"]:
        return
    t = _t(st)
    s = owner(st, CARD)
    if _open(st) and "t_past" not in t["used"] and t["snapshot"] and not st["eliminated"][s]:
        ask(st, s, "time_past", [opt("no", "no"), opt("yes", "travel_past")], "no", "reactive",
            "time_past_h")
        return
    _snapshot(st)


def _snapshot(st):
    _t(st)["snapshot"] = {c: info["dead"] for c, info in st["cards"].items() if not info.get("gone")}


@handler("time_past_h")
def _past_h(st, ev, q, choice):
    if choice == "yes":
        _t(st)["used"].append("t_past")
        pub(ev, "time_past", seat=q["seat"])
        _rewind(st, ev, q["seat"])
    _snapshot(st)


def _rewind(st, ev, s):
    snap = _t(st)["snapshot"]
    for c, was_dead in sorted(snap.items()):
        info = st["cards"][c]
        if info.get("gone") or owner(st, c) is None or bool(info["dead"]) == bool(was_dead):
            continue
        if was_dead:
            kill_card(st, ev, c, [s], CARD)
        else:
            st["eliminated"][owner(st, c)] = 0
            info["dead"], info["dead_by_day"] = 0, 0
            announce_revival(st, ev, c, CARD)
    resolve_now(st, [])
