"""A round (spec 5): Movement, Event, Action, Cleanup; the Cleanup's fixed steps and the lone
Cultist's claim window, shown every round at 5–6 characters whoever could claim."""
from __future__ import annotations

from games.cultists import board, data
from games.cultists.ending import (become_ghost, dead_investigators,
                                   provisional_investigators, show_role, threshold, win)
from games.cultists.flow import Ctx, ask, clock, opt, question, task
from games.cultists.setup import name


@task("round")
def new_round(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    s["acted"], s["skip"] = [], []
    ctx.emit("round_start", {"round": s["round"], "knife": name(s, s["knife"])})
    ctx.push({"t": "movement"}, {"t": "event"}, {"t": "actions"}, {"t": "cleanup"})


@task("cleanup")
def cleanup(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    s["phase"] = "cleanup"
    if s["round"] == 5 and "PYROMANIAC" in s["role_pool"]:
        burnt = [ci for ci, c in enumerate(s["chars"])
                 if c["role"] == "PYROMANIAC" and not c["automa"] and not c["ghost"]
                 and (c["hand"]["F"] or c["hand"]["X"])]
        ctx.emit("pyromaniac_call", {})
        if not burnt:
            ctx.emit("nobody_dies", {})
        for ci in burnt:
            become_ghost(ctx, ci, "role")
    portal = s["portal"]
    if portal["open"] and portal["deadline"] == s["round"]:
        portal.update(open=False, resolved="failed")
        s["vp_target"] += 1
        ctx.emit("portal_failed", {"target": s["vp_target"]})
    if s["infected_until"] == s["round"]:
        s["infected_until"] = None
        ctx.emit("infection_over", {})
    if data.table(s["count"])["claim"]:
        ctx.push({"t": "say", "kind": "claim_window"}, {"t": "claim"}, {"t": "end_round"})
    else:
        ctx.push({"t": "end_round"})


def claimant(s: dict) -> int | None:
    """The lone human Cultist, if still living: only they may claim."""
    return next((ci for ci, c in enumerate(s["chars"])
                 if c["team"] == "CULT" and not c["automa"] and not c["ghost"]), None)


@task("claim")
def claim(ctx: Ctx, t: dict) -> None:
    """The lone Cultist alone is asked, privately; the window lasts its whole length whatever
    they answer and whether anyone could claim, so nobody learns who could have (spec 8.3)."""
    s = ctx.s
    who = claimant(s)
    questions = [] if who is None else [question(
        s["chars"][who]["seat"], "claim", [opt("no", "no_claim"), opt("claim", "claim")],
        default="no", deadline="claim", params={"round": s["round"]})]
    answers = ask(ctx, t, "claim", questions + [clock("claim")])
    if who is None or answers[str(s["chars"][who]["seat"])] != "claim":
        return
    show_role(ctx, who)
    ctx.emit("claimed", {"char": name(s, who)})
    for ci, c in enumerate(s["chars"]):
        ctx.emit("pulse_shown", {"char": name(s, ci), "alive": c["pulse"].count("A"),
                                 "dead": c["pulse"].count("D")})
    dead = dead_investigators(s)
    if dead >= threshold(s):
        win(ctx, "CULT", "claim", dead=dead)
    ctx.emit("claim_failed", {"dead": dead, "needed": threshold(s)})
    provisional_investigators(ctx, "failed_claim")


@task("end_round")
def end_round(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    if s["round"] >= data.rules()["rounds"]:
        win(ctx, "CULT", "time")
    s["vote_token"] = True
    s["knife"] = board.after(s, s["knife"])[0]
    s["round"] += 1
    ctx.push({"t": "round"})
