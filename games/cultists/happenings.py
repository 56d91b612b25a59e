"""The Event phase (spec 5.3): one token from the bag each round, its effect, and the lasting
effects that end when the next token is revealed."""
from __future__ import annotations

from games.cultists import board, data
from games.cultists.checks import status_check
from games.cultists.flow import Ctx, choose, opt, question, task
from games.cultists.moves import event_encounters, groups_now
from games.cultists.rooms import unsafe_draw
from games.cultists.setup import name

LASTING = ("SECRET_DOORS", "NO_CONNECTION", "MORALE_UP", "DEMORALIZED")


@task("event")
def event_phase(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    s["phase"] = "event"
    if not s["bag"]:
        # no new token is revealed, so the lasting effect in force goes on
        s["event"] = None
        ctx.emit("no_event", {})
        return
    before = groups_now(s)
    s["effect"] = None
    token = s["bag"].pop(ctx.rng.below(len(s["bag"])))
    s["event"] = token
    s["clock"][str(s["round"])] = token
    ctx.emit("event_drawn", {"event": token})
    resolve(ctx, token, before)


def knife_person(s: dict) -> int | None:
    """The Knife holder if a living person: only they may use its event powers (R-41, R-58)."""
    c = s["chars"][s["knife"]]
    return None if c["ghost"] or c["automa"] else s["knife"]


def resolve(ctx: Ctx, token: str, before: dict) -> None:
    s = ctx.s
    if token in LASTING:
        s["effect"] = token
    if token == "LIGHTNING":
        s["power_on"] = not s["power_on"]
        ctx.emit("power", {"on": s["power_on"]})
        event_encounters(ctx, before)
    elif token == "SECRET_DOORS":
        event_encounters(ctx, before)
    elif token in ("FALSE_EYES", "IN_CONTROL"):
        holder = knife_person(s)
        if holder is not None:
            ctx.push({"t": "false_eyes" if token == "FALSE_EYES" else "in_control",
                      "c": holder})
        else:
            ctx.emit("knife_idle", {})
    elif token == "PORTAL_OPENS":
        s["portal"].update(open=True, resolved=None,
                           deadline=s["round"] + data.table(s["count"])["portal_window"])
        ctx.emit("portal_opens", {"deadline": s["portal"]["deadline"]})
    elif token == "BROKEN_GLASS":
        moved = [s["draw_deck"].pop() for _ in range(min(2, len(s["draw_deck"])))]
        s["unsafe_deck"] += moved
        ctx.rng.shuffle(s["unsafe_deck"])
        ctx.emit("broken_glass", {"size": len(s["unsafe_deck"])})
        unsafe_draw(ctx)
    elif token == "MIRROR":
        mirror(ctx, before)


def mirror(ctx: Ctx, before: dict) -> None:
    """Repeat last round's event; a Portal still open stays one round longer (R-23)."""
    s = ctx.s
    previous = s["clock"].get(str(s["round"] - 1))
    if previous is None or previous == "MIRROR":
        ctx.emit("mirror_nothing", {})
        return
    ctx.emit("mirror_repeats", {"event": previous})
    if previous == "PORTAL_OPENS":
        if s["portal"]["open"]:
            s["portal"]["deadline"] += 1
            ctx.emit("portal_extended", {"deadline": s["portal"]["deadline"]})
        return
    resolve(ctx, previous, before)


@task("false_eyes")
def false_eyes(ctx: Ctx, t: dict) -> None:
    """The living Knife holder may check anyone's Pulse deck, anywhere (R-42)."""
    s = ctx.s
    ci = t["c"]
    targets = [x for x in board.after(s, ci) if not s["chars"][x]["ghost"]]
    picked = choose(ctx, t, "target", question(
        s["chars"][ci]["seat"], "false_eyes",
        [opt("no", "decline")] + [opt(f"c{x}", "char", char=name(s, x)) for x in targets],
        default="no", deadline="reactive"))
    if picked == "no":
        ctx.emit("knife_declined", {"char": name(s, ci)})
        return
    tasks = status_check(ci, int(picked[1:]), "eyes")
    if s["chars"][ci]["role"] == "CLUMSY":
        tasks.append({"t": "role_death", "c": ci})
    ctx.push(*tasks)


@task("in_control")
def in_control(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    ci = t["c"]
    if not s["bag"]:
        ctx.emit("knife_idle", {})
        return
    picked = choose(ctx, t, "draw", question(
        s["chars"][ci]["seat"], "in_control", [opt("no", "decline"), opt("draw", "draw_token")],
        default="no", deadline="reactive"))
    if picked == "no":
        ctx.emit("knife_declined", {"char": name(s, ci)})
        return
    token = s["bag"].pop(ctx.rng.below(len(s["bag"])))
    ctx.tell(s["chars"][ci]["seat"], "token_seen", {"event": token})
    ctx.push({"t": "in_control_keep", "c": ci, "token": token})


@task("in_control_keep")
def in_control_keep(ctx: Ctx, t: dict) -> None:
    """Remove the drawn token from the game or put it back; the public learns only which
    (R-41). Drawing was a use of the Knife."""
    s = ctx.s
    ci = t["c"]
    picked = choose(ctx, t, "keep", question(
        s["chars"][ci]["seat"], "in_control_keep",
        [opt("back", "token_back"), opt("out", "token_out")], default="back",
        deadline="reactive", params={"event": t["token"]}))
    if picked == "back":
        s["bag"].append(t["token"])
    ctx.emit("token_removed" if picked == "out" else "token_returned", {"char": name(s, ci)})
    if s["chars"][ci]["role"] == "CLUMSY":
        ctx.push({"t": "role_death", "c": ci})
