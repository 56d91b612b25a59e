"""The Action phase (spec 5.4): each character in turn takes one character action, one room
action or passes. Options are computed from the rules; what a seat is offered is private."""
from __future__ import annotations

from games.cultists import automa, board, data
from games.cultists.checks import status_check
from games.cultists.ending import become_ghost, check_vp, show_role
from games.cultists.flow import Ctx, choose, in_turn, opt, question, task
from games.cultists.rooms import add_card, check_room, resolve_room_card
from games.cultists.setup import name
from games.cultists.state import copy


def route_colours(s: dict, ci: int) -> list[str]:
    return data.route(s["chars"][ci]["route"])[data.route_line(s["round"])]


def super_ghost(c: dict) -> bool:
    return c["ghost"] and c["role"] == "SUPER_GHOST" and c["role_shown"]


def permitted(s: dict, ci: int, room: str) -> bool:
    """Route permission (spec 5.4): Cultists and a living Mechanic ignore the route."""
    c = s["chars"][ci]
    if c["team"] == "CULT" or (c["role"] == "MECHANIC" and not c["ghost"]):
        return True
    return board.colour(s, room) in route_colours(s, ci)


def room_ok(s: dict, ci: int, room: str) -> bool:
    """Common room-action preconditions: no Cultist token where the actor stands or on the
    room (R-15), and the route."""
    here = s["chars"][ci]["location"]
    return (not s["rooms"][here]["cultist_token"] and not s["rooms"][room]["cultist_token"]
            and permitted(s, ci, room))


def sharing(s: dict, ci: int) -> list[int]:
    key = board.logical(s, s["chars"][ci]["location"])
    return [x for x in board.participants(s, key) if x != ci]


def camera_on(s: dict) -> bool:
    sec = board.special_room(s, "SECURITY")
    return board.power_at(s, board.logical(s, sec))


def options(s: dict, ci: int) -> list[list]:
    """Every legal action of a person's character now, "pass" last."""
    c = s["chars"][ci]
    here = c["location"]
    alive = not c["ghost"]
    out: list[list] = []
    others_alive = [x for x in board.after(s, ci) if not s["chars"][x]["ghost"]]
    red = [k for k in "SFX" if c["hand"][k]]
    if alive:
        near = sharing(s, ci)
        anywhere = here == board.special_room(s, "SECURITY") and camera_on(s)
        for x in (others_alive if anywhere else near):
            out.append(opt(f"chk:{x}", "check_status", char=name(s, x)))
        if s["hazards"] and not board.is_room(s, here):
            out += [opt(f"sec:{k}", "secure", place=here, card=k) for k in red]
        if s["hazards"] and s["fish_man"] == here and s["knife"] == ci:
            out.append(opt("scare", "scare", place=here))
        if c["role"] == "ASSASSIN" and not c["murdered"]:
            out += [opt(f"mur:{x}", "murder", char=name(s, x)) for x in near]
    if board.is_room(s, here):
        rooms_here = board.members(s, board.logical(s, here))
        if alive and s["hazards"]:
            out += [opt(f"fight:{r}", "fight", place=r) for r in rooms_here
                    if s["rooms"][r]["cultist_token"]]
        for r in rooms_here:
            room = s["rooms"][r]
            if not room_ok(s, ci, r) or room["finished"]:
                continue
            out += [opt(f"fill:{r}:{k}", "fill", place=r, size=len(room["deck"]), card=k)
                    for k in red]
            if room["explored"] and room["deck"]:
                out.append(opt(f"room:{r}", "check_room", place=r, size=len(room["deck"])))
        if alive or super_ghost(c):
            out += special_room_options(s, ci, rooms_here)
    return out + [opt("pass", "pass")]


def only_pass(s: dict, ci: int) -> bool:
    """Whether passing is all this character could do whatever its secrets: with a Cultist's
    freedom of route and a card of every type it still could only pass. Such a turn is not
    asked (passing at once shows nothing the table does not know); a pass forced by the hand
    or the role alone is asked like any turn."""
    probe = copy(s)
    c = probe["chars"][ci]
    c.update(team="CULT", hand={**c["hand"], "S": 1, "F": 1, "X": 1})
    if not c["role_shown"]:     # a shown role (a Super Ghost's, a spent murder) is public
        c.update(role="ASSASSIN", murdered=False)
    return len(options(probe, ci)) == 1


def special_room_options(s: dict, ci: int, rooms_here: list[str]) -> list[list]:
    out = []
    dining, security, green = (board.special_room(s, k) for k in ("DINING", "SECURITY", "PORTAL"))
    if dining in rooms_here and s["vote_token"] and room_ok(s, ci, dining):
        out.append(opt("vote", "start_vote"))
    if security in rooms_here and room_ok(s, ci, security):
        if camera_on(s):
            out += [opt(f"camr:{r}", "camera_room", place=r) for r in sorted(s["rooms"])
                    if s["rooms"][r]["explored"] and not s["rooms"][r]["finished"]
                    and s["rooms"][r]["deck"] and not s["rooms"][r]["cultist_token"]]
            out += [opt(f"cams:{x}", "camera_status", char=name(s, x))
                    for x in board.after(s, ci) if not s["chars"][x]["ghost"]]
        if not s["power_on"]:
            out.append(opt("power", "power"))
    if green in rooms_here and s["portal"]["open"] and room_ok(s, ci, green):
        for x in board.after(s, ci):
            o = s["chars"][x]
            if (o["location"] == green and (not o["ghost"] or super_ghost(o)) and not o["automa"]
                    and x not in s["acted"] and x not in s["skip"]):
                out.append(opt(f"portal:{x}", "close_portal", char=name(s, x)))
    return out


@task("actions")
def actions(ctx: Ctx, t: dict) -> None:
    in_turn(ctx, t, "action", lambda ci: {"t": "act", "c": ci})


@task("act")
def act(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    ci = t["c"]
    c = s["chars"][ci]
    if ci in s["skip"]:
        return
    if c["automa"]:
        s["acted"].append(ci)
        automa_act(ctx, ci)
        return
    picked = "pass" if only_pass(s, ci) else choose(ctx, t, "act", question(
        c["seat"], "action", options(s, ci), default="pass",
        params={"char": name(s, ci), "alone": "cover"}))
    s["acted"].append(ci)
    kind, _, arg = picked.partition(":")
    DO[kind](ctx, ci, arg)


def automa_act(ctx: Ctx, ci: int) -> None:
    s = ctx.s
    what, room = automa.action(s, ci)
    c = s["chars"][ci]
    if what == "pass":
        ctx.emit("passed", {"char": name(s, ci)})
    elif what == "fight":
        fight(ctx, ci, room)
    elif what == "check":
        ctx.emit("checks_room", {"char": name(s, ci), "place": room})
        check_room(ctx, room, top=True)
    elif what == "fill":
        ctx.emit("filled", {"char": name(s, ci), "place": room,
                            "size": len(s["rooms"][room]["deck"]) + 1})
        add_card(ctx, room, c["room_pile"].pop())
    else:
        s["unsafe_deck"].append(c["room_pile"].pop())
        ctx.rng.shuffle(s["unsafe_deck"])
        ctx.emit("secured", {"char": name(s, ci), "place": c["location"],
                             "size": len(s["unsafe_deck"])})


def do_pass(ctx: Ctx, ci: int, arg: str) -> None:
    ctx.emit("passed", {"char": name(ctx.s, ci)})


def do_check(ctx: Ctx, ci: int, arg: str) -> None:
    ctx.push(*status_check(ci, int(arg), "check"))


def do_fill(ctx: Ctx, ci: int, arg: str) -> None:
    room, _, k = arg.partition(":")
    play_card(ctx, ci, k, "fill", room)


def do_secure(ctx: Ctx, ci: int, arg: str) -> None:
    play_card(ctx, ci, arg, "secure")


def fight(ctx: Ctx, ci: int, room: str) -> None:
    ctx.s["rooms"][room]["cultist_token"] = False
    for tok in ctx.s["cultist_tokens"]:
        if tok["room"] == room and tok["state"] == "placed":
            tok["state"] = "removed"
    ctx.emit("fought", {"char": name(ctx.s, ci), "place": room})


def do_scare(ctx: Ctx, ci: int, arg: str) -> None:
    s = ctx.s
    s["fish_man"] = "LAKE"
    ctx.emit("scared", {"char": name(s, ci)})
    clumsy_slips(ctx, ci)


def do_murder(ctx: Ctx, ci: int, arg: str) -> None:
    s = ctx.s
    s["chars"][ci]["murdered"] = True
    show_role(ctx, ci)
    ctx.emit("assassinated", {"char": name(s, ci), "target": name(s, int(arg))})
    become_ghost(ctx, int(arg), "assassin")


def do_room_check(ctx: Ctx, ci: int, arg: str) -> None:
    ctx.emit("checks_room", {"char": name(ctx.s, ci), "place": arg})
    check_room(ctx, arg)


def do_vote(ctx: Ctx, ci: int, arg: str) -> None:
    s = ctx.s
    s["vote_token"] = False
    ctx.emit("vote_started", {"char": name(s, ci)})
    ctx.push({"t": "vote", "why": "room"})
    apprentice(ctx, ci)


def do_camera_room(ctx: Ctx, ci: int, arg: str) -> None:
    ctx.emit("camera_room", {"char": name(ctx.s, ci), "place": arg})
    apprentice(ctx, ci)
    deck = ctx.s["rooms"][arg]["deck"]
    resolve_room_card(ctx, arg, deck.pop(ctx.rng.below(len(deck))))


def do_camera_status(ctx: Ctx, ci: int, arg: str) -> None:
    ctx.push(*status_check(ci, int(arg), "camera"))
    apprentice(ctx, ci)


def do_power(ctx: Ctx, ci: int, arg: str) -> None:
    ctx.s["power_on"] = True
    ctx.emit("power_restarted", {"char": name(ctx.s, ci)})


def do_portal(ctx: Ctx, ci: int, arg: str) -> None:
    ctx.emit("portal_asks", {"char": name(ctx.s, ci), "partner": name(ctx.s, int(arg))})
    ctx.push({"t": "portal_consent", "c": ci, "partner": int(arg)})


def apprentice(ctx: Ctx, ci: int) -> None:
    """The Apprentice dies as soon as they use the camera or start a vote (spec 2.5)."""
    if ctx.s["chars"][ci]["role"] == "APPRENTICE" and not ctx.s["chars"][ci]["ghost"]:
        become_ghost(ctx, ci, "role")


def clumsy_slips(ctx: Ctx, ci: int) -> None:
    """The Clumsy dies after closing the Portal or any use of the Knife (R-18)."""
    if ctx.s["chars"][ci]["role"] == "CLUMSY" and not ctx.s["chars"][ci]["ghost"]:
        become_ghost(ctx, ci, "role")


DO = {"pass": do_pass, "chk": do_check, "sec": do_secure, "fill": do_fill,
      "fight": lambda ctx, ci, a: fight(ctx, ci, a), "scare": do_scare, "mur": do_murder,
      "room": do_room_check, "vote": do_vote, "camr": do_camera_room, "cams": do_camera_status,
      "power": do_power, "portal": do_portal}


def play_card(ctx: Ctx, ci: int, k: str, use: str, room: str | None = None) -> None:
    """Fill or Secure with the card type picked in the action itself: one private question
    for the whole action, whose answer takes as long to come whatever the hand holds."""
    s = ctx.s
    c = s["chars"][ci]
    c["hand"][k] -= 1
    ctx.tell(c["seat"], "you_put", {"card": k, "use": use})
    ctx.gm("gm_put", {"char": name(s, ci), "card": k, "use": use})   # the story: who sabotaged
    if use == "fill":
        ctx.emit("filled", {"char": name(s, ci), "place": room,
                            "size": len(s["rooms"][room]["deck"]) + 1})
        add_card(ctx, room, k)
    else:
        s["unsafe_deck"].append(k)
        ctx.rng.shuffle(s["unsafe_deck"])
        ctx.emit("secured", {"char": name(s, ci), "place": c["location"],
                             "size": len(s["unsafe_deck"])})


@task("card")
def card(ctx: Ctx, t: dict) -> None:
    """A card step stored by the version that asked the type after the action: its answer
    is in."""
    seat = ctx.s["chars"][t["c"]]["seat"]
    play_card(ctx, t["c"], t["a"]["card"][str(seat)], t["use"], t["room"])


@task("portal_consent")
def portal_consent(ctx: Ctx, t: dict) -> None:
    """The partner says yes or no in public; both actions are spent on a yes (spec 5.4.2 k)."""
    s = ctx.s
    partner = s["chars"][t["partner"]]
    picked = choose(ctx, t, "consent", question(
        partner["seat"], "portal_consent",
        [opt("no", "decline"), opt("yes", "accept")], default="no", deadline="reactive",
        public=True, params={"char": name(s, t["c"])}))
    if picked != "yes":
        ctx.emit("portal_declined", {"char": name(s, t["partner"])})
        return
    s["skip"].append(t["partner"])
    s["portal"].update(open=False, resolved="closed")
    s["vp_target"] -= 1
    ctx.emit("portal_closed", {"chars": [name(s, t["c"]), name(s, t["partner"])],
                               "target": s["vp_target"]})
    for x in (t["c"], t["partner"]):
        clumsy_slips(ctx, x)
    check_vp(ctx)
