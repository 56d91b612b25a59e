"""The Movement phase (spec 5.1) and Encounters (spec 5.2): a move to any place the points
reach, walked along doors one step at a time, ghosts' teleports, and the hidden card exchange
whenever living characters meet."""
from __future__ import annotations

from games.cultists import automa, board
from games.cultists.ending import note_death
from games.cultists.flow import Ctx, ask, choose, clock, in_turn, opt, question, task
from games.cultists.setup import name

MAX_STEPS = 12  # zero-cost Secret-Doors links could loop forever


def movement_points(s: dict) -> int:
    return 3 + (s["effect"] == "MORALE_UP") - (s["effect"] == "DEMORALIZED")


@task("movement")
def movement(ctx: Ctx, t: dict) -> None:
    s = ctx.s

    def turn(ci: int) -> dict:
        c = s["chars"][ci]
        if c["automa"]:
            return {"t": "automa_move", "c": ci}
        if c["ghost"]:
            return {"t": "teleport", "c": ci}
        return {"t": "step", "c": ci, "start": c["location"], "mp": movement_points(s), "n": 0,
                "path": [c["location"]]}
    in_turn(ctx, t, "movement", turn)


def reachable(s: dict, ci: int, here: str, mp: int, start: str,
              n: int = 0) -> dict[str, list[str]]:
    """Every place a move from `here` may end in with `mp` points left, each with its route:
    the fewest Encounters on the way, then the fewest steps, clockwise first among equals. A
    move never ends where it `start`ed; passing through is allowed."""
    best: dict[str, tuple] = {}
    frontier = [(here, mp, (), 0)]
    seen = {(here, mp)}
    while frontier and n < MAX_STEPS:
        n += 1
        nxt = []
        for x, left, route, met in frontier:
            for y in board.clockwise(s, x, [y for y, cost in board.steps(s, x)
                                            if cost <= left and board.enterable(s, ci, y)]):
                cost = dict(board.steps(s, x))[y]
                way = (*route, y)
                meets = met + (board.logical(s, y) != board.logical(s, x)
                               and bool(board.participants(s, board.logical(s, y))))
                if y != start and (y not in best or (meets, len(way)) < best[y][:2]):
                    best[y] = (meets, len(way), list(way))
                if (y, left - cost) not in seen:
                    seen.add((y, left - cost))
                    nxt.append((y, left - cost, way, meets))
        frontier = nxt
    return {y: best[y][2] for y in board.clockwise(s, here, best)}


def spent(s: dict, here: str, route: list[str]) -> int:
    """The movement points a route costs."""
    total = 0
    for x in route:
        total += dict(board.steps(s, here))[x]
        here = x
    return total


def default_move(s: dict, here: str, ways: dict[str, list[str]]) -> str:
    """R-44: one step to where nobody living waits (no Encounter), else the first clockwise."""
    near = [x for x, way in ways.items() if len(way) == 1] or list(ways)
    quiet = [x for x in near if not board.participants(s, board.logical(s, x))]
    return board.clockwise(s, here, quiet or near)[0]


def move_options(s: dict, t: dict) -> tuple[list, str | None, dict[str, list[str]]]:
    """The move question of step task `t`: its options, default and each place's route."""
    ci = t["c"]
    here = s["chars"][ci]["location"]
    ways = reachable(s, ci, here, t["mp"], t["start"], t["n"])
    options = [opt(f"go:{x}", "go", place=x, cost=spent(s, here, way)) for x, way in ways.items()]
    if here != t["start"]:  # a move stored mid-way by the step-by-step version may end here
        options.insert(0, opt("stop", "stop", place=here))
        return options, "stop", ways
    return options, "go:" + default_move(s, here, ways) if ways else None, ways


@task("step")
def step(ctx: Ctx, t: dict) -> None:
    """One public question per move: every place the points reach (rooms and corridor stops);
    then the route is walked step by step, meeting whoever waits on the way. A lone choice is
    taken without asking: the question is public, so skipping it hides nothing."""
    s = ctx.s
    ci = t["c"]
    c = s["chars"][ci]
    options, default, ways = move_options(s, t)
    if not options:
        ctx.emit("stays", {"char": name(s, ci)})
        return
    picked = options[0][0] if len(options) == 1 else choose(ctx, t, "go", question(
        c["seat"], "move", options, default=default, public=True,
        params={"char": name(s, ci), "mp": t["mp"]}))
    route = [] if picked == "stop" else ways[picked[3:]]
    ctx.push({"t": "route", "c": ci, "route": route, "mp": t["mp"], "n": t["n"],
              "path": t["path"]})


@task("route")
def follow(ctx: Ctx, t: dict) -> None:
    """The chosen route, one step at a time (an Encounter may interrupt it)."""
    if not t["route"]:
        if len(t["path"]) > 1:
            ctx.emit("moved", {"char": name(ctx.s, t["c"]), "path": t["path"]})
        return
    walk(ctx, t["c"], t["route"][0], {**t, "route": t["route"][1:]})


def walk(ctx: Ctx, ci: int, dest: str, t: dict) -> None:
    """One step taken: an Encounter on entering a new logical location, then the rest."""
    s = ctx.s
    c = s["chars"][ci]
    here = c["location"]
    cost = dict(board.steps(s, here))[dest]
    c["location"] = dest
    rest = {**{k: v for k, v in t.items() if k != "a"}, "mp": t["mp"] - cost, "n": t["n"] + 1,
            "path": t["path"] + [dest]}
    key = board.logical(s, dest)
    group = board.encounter_group(s, key) if key != board.logical(s, here) else None
    if group and ci in group:
        ctx.emit("moved", {"char": name(s, ci), "path": rest["path"]})
        rest["path"] = [dest]
        ctx.push({"t": "meet", "loc": key, "who": group}, rest)
    else:
        ctx.push(rest)


@task("automa_move")
def automa_move(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    ci = t["c"]
    c = s["chars"][ci]
    here = c["location"]
    if c["ghost"]:
        automa.teleport(ctx, ci)
        return
    mp = movement_points(s)
    dest = automa.target(s, ci)
    if dest == here:
        dest = automa.target(s, ci, exclude=here)
    if dest is None:
        ctx.emit("stays", {"char": name(s, ci)})
        return
    ctx.push({"t": "automa_walk", "c": ci, "goal": automa.goal(s, ci, dest, mp), "mp": mp,
              "start": here, "path": [here], "n": 0})


@task("automa_walk")
def automa_walk(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    ci = t["c"]
    here = s["chars"][ci]["location"]
    nxt = (board.first_step(s, here, t["goal"], automa.blocked(s))
           if here != t["goal"] and t["n"] < MAX_STEPS else None)
    if nxt is not None and dict(board.steps(s, here))[nxt] > t["mp"]:
        nxt = None
    if nxt is None and here == t["start"]:
        # a move never ends where it began: one more legal step, clockwise first
        legal = [x for x, cost in board.steps(s, here)
                 if cost <= t["mp"] and x != automa.blocked(s) and x != t["start"]]
        nxt = board.clockwise(s, here, legal)[0] if legal else None
        t = {**t, "goal": nxt}
    if nxt is None:
        if len(t["path"]) > 1:
            ctx.emit("moved", {"char": name(s, ci), "path": t["path"]})
        elif here == t["start"]:
            ctx.emit("stays", {"char": name(s, ci)})
        return
    walk(ctx, ci, nxt, t)


@task("teleport")
def teleport(ctx: Ctx, t: dict) -> None:
    """A ghost goes anywhere but where it is and the Fish Man's corridor (spec 5.1); a lone
    place is taken without asking (the question is public)."""
    s = ctx.s
    ci = t["c"]
    c = s["chars"][ci]
    here = c["location"]
    places = board.clockwise(s, here, [x for x in board.layout(s)["loc"]
                                       if x != here and board.enterable(s, ci, x)])
    if not places:
        return
    picked = places[0] if len(places) == 1 else choose(ctx, t, "to", question(
        c["seat"], "teleport", [opt(x, "place", place=x) for x in places], default=places[0],
        public=True, params={"char": name(s, ci)}))
    c["location"] = picked
    ctx.emit("teleported", {"char": name(s, ci), "place": picked})


@task("meet")
def meet(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    ctx.emit("encounter", {"place": t["loc"], "chars": [name(s, x) for x in t["who"]]})
    if s["infected_until"] is not None:
        ctx.emit("no_cards", {})
        return
    ctx.emit("exchanging", {})
    ctx.push({"t": "exchange", "loc": t["loc"], "who": t["who"]})


def give_options(s: dict, ci: int, group: list[int]) -> tuple[list, str]:
    """Each card type held, to each other involved character; the R-44 default."""
    c = s["chars"][ci]
    others = [x for x in board.after(s, ci) if x in group]
    held = [k for k in "AD" if c["hand"][k]]
    options = [opt(f"{k}:{x}", "give" if len(others) > 1 else "give_one", card=k,
                   char=name(s, x)) for k in held for x in others]
    if not options:
        return [opt("none", "give_nothing")], "none"
    return options, f"{held[0]}:{others[0]}"


@task("exchange")
def exchange(ctx: Ctx, t: dict) -> None:
    """Everyone involved picks a card and (3+) a recipient at once, in secret. The step lasts
    at least a short clock run alongside the answers, so a quick answer shows nothing. Nobody
    is asked to give nothing (the thread says who gave nothing anyway), but a gift with no
    other choice is asked all the same (spec 8.3): an Investigator holds Alive cards only, so
    one left unasked would learn that someone beside them had a choice, a Dead card to give."""
    s = ctx.s
    group = t["who"]
    gives = {ci: give_options(s, ci, group) for ci in group if s["chars"][ci]["seat"] is not None}
    asked = [ci for ci, (options, _) in gives.items() if options[0][0] != "none"]
    questions = [question(s["chars"][ci]["seat"], "give", gives[ci][0], default=gives[ci][1],
                          deadline="night_step",
                          params={"place": t["loc"], "alone": "cover",
                                  "chars": [name(s, x) for x in group if x != ci]})
                 for ci in asked]
    answers = ask(ctx, t, "cards", questions + [clock("night_step_min")])
    gifts = []
    for ci in group:
        c = s["chars"][ci]
        if c["automa"]:
            card, to = automa.encounter_gift(s, ci, group)
        else:
            picked = answers[str(c["seat"])] if ci in asked else gives[ci][1]
            card, to = (None, None) if picked == "none" else (picked[0], int(picked[2:]))
        gifts.append((ci, card, to))
    for ci, card, to in gifts:
        if card is None:
            ctx.emit("gave_nothing", {"char": name(s, ci)})
            continue
        giver = s["chars"][ci]
        if giver["automa"]:
            giver["encounter_pile"].pop()
        else:
            giver["hand"][card] -= 1
            ctx.tell(giver["seat"], "you_gave", {"card": card, "char": name(s, to)})
        s["chars"][to]["pulse"].append(card)
        note_death(s, to)
        ctx.emit("gave", {"char": name(s, ci), "to": name(s, to),
                          "size": len(s["chars"][to]["pulse"])})
        ctx.gm("gm_gave", {"char": name(s, ci), "to": name(s, to), "card": card})


def event_encounters(ctx: Ctx, before: dict) -> None:
    """R-13: after Lightning or Secret Doors, a group meets if the table says so now and it did
    not already meet as the same group before the token was drawn; by location id."""
    s = ctx.s
    found = []
    for key in sorted({board.logical(s, c["location"]) for c in s["chars"]}):
        group = board.encounter_group(s, key)
        if group and before.get(",".join(map(str, sorted(group)))) is not True:
            found.append({"t": "meet", "loc": key, "who": group})
    ctx.push(*found)


def groups_now(s: dict) -> dict[str, bool]:
    """Every group of 2+ living characters sharing a location, and whether the table says
    they meet: what R-13 compares after the event."""
    out = {}
    for key in {board.logical(s, c["location"]) for c in s["chars"]}:
        group = board.participants(s, key)
        if len(group) >= 2:
            out[",".join(map(str, sorted(group)))] = board.encounter_rule(
                len(group), board.power_at(s, key))
    return out
