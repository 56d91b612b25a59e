"""Checking a character's Pulse deck (spec 5.4.1 a, camera, False Eyes): the checker alone sees
the contents, every check has the same confirmation step of fixed length (a Cultist seeing a
Dead card alone is asked whether to reveal it: the others have nothing to choose), a revealed death
makes a ghost and a mandatory vote, then the draw card is placed (R-56)."""
from __future__ import annotations

from games.cultists.ending import become_ghost
from games.cultists.flow import Ctx, ask, choose, clock, opt, question, task
from games.cultists.rooms import place_draw_card
from games.cultists.setup import name


def status_check(actor: int, target: int, via: str) -> list[dict]:
    """The tasks of one status check; `via` is "check", "camera" or "eyes" (no placement)."""
    tasks = [{"t": "check_look", "c": actor, "target": target, "via": via},
             {"t": "check_confirm", "c": actor, "target": target, "via": via}]
    if via != "eyes":
        tasks.append({"t": "place_draw", "target": target})
    return tasks


@task("check_look")
def check_look(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    actor, target = s["chars"][t["c"]], s["chars"][t["target"]]
    ctx.emit("status_checked", {"char": name(s, t["c"]), "target": name(s, t["target"]),
                                "via": t["via"]})
    ctx.tell(actor["seat"], "pulse_seen", {"target": name(s, t["target"]),
                                           "alive": target["pulse"].count("A"),
                                           "dead": target["pulse"].count("D")})


@task("check_confirm")
def check_confirm(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    actor, target = s["chars"][t["c"]], s["chars"][t["target"]]
    dead = "D" in target["pulse"]
    if dead and actor["team"] == "CULT":
        picked = choose(ctx, t, "confirm", question(
            actor["seat"], "confirm_check", [opt("conceal", "conceal"), opt("reveal", "reveal")],
            deadline="night_step", params={"target": name(s, t["target"])}), wait="night_step")
    else:
        ask(ctx, t, "confirm", [clock("night_step")])
        picked = "reveal" if dead else "ok"
    if picked != "reveal":
        return
    target["dead_shown"] = True
    ctx.emit("murder_revealed", {"target": name(s, t["target"])})
    then = [{"t": "vote", "why": "murder"}]
    if actor["role"] == "COWARD" and actor["team"] == "INV" and not actor["ghost"]:
        then.insert(0, {"t": "role_death", "c": t["c"]})
    ctx.push(*then)
    become_ghost(ctx, t["target"], "murder")


@task("place_draw")
def place_draw(ctx: Ctx, t: dict) -> None:
    place_draw_card(ctx, t["target"])


@task("role_death")
def role_death(ctx: Ctx, t: dict) -> None:
    """Apprentice, Clumsy, Coward, Pyromaniac: "X dies", no role shown, no vote (R-48)."""
    become_ghost(ctx, t["c"], "role")
