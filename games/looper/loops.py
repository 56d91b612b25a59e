"""Loop preparation (spec 5.2), loop end (5.7) and the Final Guess (5.8): what resets, what
persists (the Leader, revealed roles, the Threads of Fate snapshot) and how a game is decided."""
from __future__ import annotations

from games.base import GM
from games.looper import data
from games.looper.table import (emit, in_public_order, plot_flag, plots,
                                role_holders, script_role)


def reset_board(s: dict) -> None:
    """Every character back on its starting location, alive and bare; every counter, card and
    once-per-loop thing cleared. The Final Guess starts from this and nothing more."""
    loop = s["loop"]
    for entry in s["script"]["cast"]:
        cid = entry["character"]
        s["characters"][cid] = {
            "location": data.characters()[cid]["start"], "alive": True,
            "in_play": int(entry.get("enters_on_loop", 1)) <= loop,
            "goodwill": 0, "paranoia": 0, "intrigue": 0, "guards": 0}
    s["location_intrigue"] = {loc: 0 for loc in data.LOCATIONS}
    s.update(day=1, extra_gauge=0, patient_may_leave=False, abilities_used_today=[],
             abilities_used_loop=[], rumor_used=False, incidents_occurred=[], placed=[],
             loop_lost=False, loop_ended=False, protagonists_dead=False,
             mastermind_hand=data.full_hand("mastermind"), mastermind_set_aside=[],
             deck_set_aside={d: [] for d in data.DECKS})


def prepare(s: dict, ev: list) -> None:
    """A new loop: the board reset, then LOOP_START (R-27)."""
    reset_board(s)
    loop = s["loop"]
    emit(ev, "loop_begins" if loop > 1 else "first_loop_begins", loop=loop,
         loops=s["script"]["loops"])
    if plot_flag(s, "threads") and loop > 1:
        for cid in s["goodwill_snapshot"]:
            if s["characters"][cid]["in_play"]:
                s["characters"][cid]["paranoia"] += 2
                emit(ev, "gained", target=cid, n=2, counter="paranoia_many")
    for cid in role_holders(s, "friend"):
        if cid in s["revealed_roles"] and s["characters"][cid]["in_play"]:
            s["characters"][cid]["goodwill"] += 1
            emit(ev, "gained", target=cid, n=1, counter="goodwill_one")


def loop_end_losses(s: dict, ev: list) -> list[str]:
    """Every LOOP_END check (all run, R-23); returns the plot rules and roles that fired."""
    fired = []
    ts = s["script"]["tragedy_set"]
    for pid in plots(s):
        rule = data.plot(ts, pid).get("loop_end")
        if rule and _rule_fires(s, rule):
            fired.append(pid)
    for cid in role_holders(s, "friend"):
        st = s["characters"][cid]
        if st["in_play"] and not st["alive"]:
            s["revealed_roles"][cid] = "friend"
            emit(ev, "role_revealed", character=cid, role="friend")
            fired.append("friend")
    return fired


def _rule_fires(s: dict, rule: dict) -> bool:
    if "intrigue_on" in rule:
        return s["location_intrigue"][rule["intrigue_on"]] >= 2
    if "intrigue_on_start_of" in rule:
        holders = role_holders(s, rule["intrigue_on_start_of"])
        return any(s["location_intrigue"][data.characters()[c]["start"]] >= 2 for c in holders)
    if "intrigue_on_role" in rule:
        return any(s["characters"][c]["intrigue"] >= 2
                   for c in role_holders(s, rule["intrigue_on_role"]))
    if "incident_occurred" in rule:
        return any(i["incident"] == rule["incident_occurred"] for i in s["incidents_occurred"])
    raise KeyError(rule)


def end(s: dict, ev: list) -> str:
    """Close the loop. Returns "won" (the protagonists win the game), "next", "final_guess" or
    "lost" (the Mastermind wins)."""
    fired = loop_end_losses(s, ev)
    s["goodwill_snapshot"] = [c for c, st in in_public_order(s)
                              if st["in_play"] and st["goodwill"] >= 1]
    s["loop_results"].append({"loop": s["loop"], "day": s["day"],
                              "lost": bool(s["loop_lost"] or fired)})
    if not s["loop_lost"] and not fired:
        return "won"
    emit(ev, "gm_loop_lost", GM, reasons=fired or ["immediate"])
    last = s["loop"] == s["script"]["loops"]
    emit(ev, "last_loop_lost" if last else "loop_lost", loop=s["loop"])
    if not last:
        return "next"
    return "final_guess" if final_guess_allowed(s) else "lost"


def final_guess_allowed(s: dict) -> bool:
    return data.tragedy_set(s["script"]["tragedy_set"])["final_guess"]


def guess_options(s: dict) -> list[list]:
    roles = data.tragedy_set(s["script"]["tragedy_set"])["roles"]
    return [[r, "role", {"role": r}] for r in roles]


def left_to_guess(s: dict) -> list[str]:
    """Every cast character not named yet, late entrants included (R-31), in public order."""
    return [c for c, _ in in_public_order(s) if c not in s["guesses"]]


def guess(s: dict, ev: list, cid: str, role: str) -> bool:
    s["guesses"][cid] = role
    right = script_role(s, cid) == role
    emit(ev, "guess_right" if right else "guess_wrong", character=cid, role=role)
    return right


