"""Deaths and the end of the game (spec 5.8, 5.10): ghosts and on-death effects, the
last-living-Cultist check, the two-Cultist timing rule, VP victory, the Seer guess, the claim."""
from __future__ import annotations

from games.cultists import board, data
from games.cultists.flow import Ctx, Ending, Halt, ask, opt, question, task
from games.cultists.setup import name

REVEALS_ON_DEATH = ("RADIANT_BEAUTY", "INFECTED", "SUPER_GHOST")


def note_death(s: dict, ci: int) -> None:
    """Record the first round a character became truly dead (GM bookkeeping, spec 2.6)."""
    c = s["chars"][ci]
    if c["death_round"] is None and board.truly_dead(c):
        c["death_round"] = s["round"]


def dead_investigators(s: dict) -> int:
    """R-38: every truly dead Investigator, whatever the cause."""
    return sum(1 for c in s["chars"] if c["team"] == "INV" and board.truly_dead(c))


def threshold(s: dict) -> int:
    return data.table(s["count"])["kill_threshold"]


def show_role(ctx: Ctx, ci: int) -> None:
    c = ctx.s["chars"][ci]
    if not c["role_shown"]:
        c["role_shown"] = True
        ctx.emit("role_revealed", {"char": name(ctx.s, ci), "role": c["role"]})


def become_ghost(ctx: Ctx, ci: int, how: str) -> None:
    """A character's disc flips (spec 5.8). `how` is the public wording: "murder" (a revealed
    D), "vote", "assassin" or "role" (R-48: said as plain "X dies"). Runs the last-Cultist check,
    which may end the game."""
    s = ctx.s
    c = s["chars"][ci]
    if c["ghost"]:
        return
    c["ghost"] = True
    note_death(s, ci)
    ctx.emit("died", {"char": name(s, ci), "how": how})
    if c["role"] in REVEALS_ON_DEATH and not c["automa"]:
        show_role(ctx, ci)
        if c["role"] == "INFECTED":
            s["infected_until"] = s["round"] + 1
    last_cultist_check(ctx, ci)


def last_cultist_check(ctx: Ctx, ci: int) -> None:
    """Spec 5.10.2 (any cause, R-32)."""
    s = ctx.s
    if s["chars"][ci]["team"] != "CULT":
        return
    cultists = [x for x, c in enumerate(s["chars"]) if c["team"] == "CULT"]
    if any(board.living(s["chars"][x]) for x in cultists):
        return
    for x in cultists:
        show_role(ctx, x)
    if len(cultists) == 1:
        if s["chars"][cultists[0]]["automa"] and dead_investigators(s) >= threshold(s):
            win(ctx, "CULT", "automa_kills")
        provisional_investigators(ctx, "last_cultist")
    deaths = sorted(c["death_round"] for c in s["chars"]
                    if c["team"] == "INV" and board.truly_dead(c))
    need = threshold(s)
    reached = deaths[need - 1] if len(deaths) >= need else None
    if reached is not None and reached <= s["round"] - 1:
        win(ctx, "CULT", "kills_in_time", round=reached)
    provisional_investigators(ctx, "last_cultist")


def check_vp(ctx: Ctx) -> None:
    s = ctx.s
    if s["vp"] >= s["vp_target"]:
        provisional_investigators(ctx, "books")


def provisional_investigators(ctx: Ctx, reason: str) -> None:
    """R-33: an Investigator victory goes through the Seer guess when a Seer is in the game.
    The Cultists guess in the open, their roles shown first (spec 5.10.4)."""
    s = ctx.s
    if any(c["role"] == "SEER" for c in s["chars"]):
        for ci, c in enumerate(s["chars"]):
            if c["team"] == "CULT":
                show_role(ctx, ci)
        s["phase"] = "seer"
        ctx.emit("seer_guess_opens", {"reason": reason})
        raise Ending({"t": "pause", "deadline": "day_discussion"},
                     {"t": "seer_guess", "reason": reason})
    win(ctx, "INV", reason)


def win(ctx: Ctx, team: str, reason: str, **params) -> None:
    """The end: everything is revealed publicly and the game stops."""
    s = ctx.s
    s["over"] = {"winners": sorted(c["seat"] for c in s["chars"]
                                   if c["team"] == team and c["seat"] is not None),
                 "reason": reason, "params": {"team": team, **params}}
    s["phase"] = "over"
    ctx.emit("game_over", {"team": team, "reason": reason})
    for ci, c in enumerate(s["chars"]):
        kind = ("final_alive" if c["death_round"] is None
                else "final_dead_start" if c["death_round"] == 0 else "final_dead")
        ctx.emit(kind, {"char": name(s, ci), "role": c["role"], "alive": c["pulse"].count("A"),
                        "dead": c["pulse"].count("D"), "round": c["death_round"]})
    raise Halt


@task("seer_guess")
def seer_guess(ctx: Ctx, t: dict) -> None:
    """Spec 5.10.4: the Cultists talk in public, then name the Seer. With two Cultists who
    disagree, the first clockwise from the Knife holder decides (R-34); the AUTOMA never picks."""
    s = ctx.s
    pickers = [ci for ci in board.turn_order(s)
               if s["chars"][ci]["team"] == "CULT" and s["chars"][ci]["seat"] is not None]
    targets = [ci for ci in s["order"] if s["chars"][ci]["team"] != "CULT"]
    options = [opt(f"c{ci}", "char", char=name(s, ci)) for ci in targets]
    options.append(opt("none", "no_pick"))
    answers = ask(ctx, t, "pick", [question(s["chars"][ci]["seat"], "seer_pick", options,
                                            default="none", deadline="vote", public=True)
                                   for ci in pickers]) if pickers else {}
    picked = next((answers[str(s["chars"][ci]["seat"])] for ci in pickers), "none")
    right = picked != "none" and s["chars"][int(picked[1:])]["role"] == "SEER"
    if picked == "none":
        ctx.emit("seer_not_named", {})
    else:
        ctx.emit("seer_named", {"char": name(s, int(picked[1:])), "right": right})
    if right:
        win(ctx, "CULT", "seer_found")
    win(ctx, "INV", t["reason"])
