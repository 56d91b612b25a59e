"""One round (spec 4.1): start, initial clue, M.A.C. draws, programming, the three action passes
and the countdown, each a task on the stack."""
from __future__ import annotations

from games.base import GM
from games.room25 import board, data, looks, programming
from games.room25.flow import Ctx, Waiting, choose, opt, task
from games.room25.outcome import (clear_round_plan, end, kill, reveal_dead, show, side,
                                  turn_order, who)
from games.room25.tokens import BASIC, free_guard, owned

CLUE_CELLS = ("C2", "D3", "C4", "B3")


@task("round")
def start(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    s["phase"] = "start"
    if s["remaining"] == 1:
        reveal_dead(ctx)
    for ci, c in enumerate(s["chars"]):
        if c["para"] is not None and (not c["para"] or c["pl"]):
            c["para"] = None
            ctx.emit("paranoia_end", who(s, ci))
        if free_guard(s, c):
            c["adr"] = 0
    ctx.emit("round_start", {"round": s["round"], "remaining": s["remaining"],
                             "first": s["chars"][s["first"]]["n"]})
    seq: list[dict] = []
    if s["round"] == 1:
        seq.append({"t": "clue"})
    coop_draws = s["mode"] == "coop" and not s["mad"]
    seq += [{"t": "mac", "sched": True} for _ in range(2 if coop_draws else 0)]
    mad = [{"t": "mac", "sched": True}] if s["mad"] else []
    seq += [{"t": "program"}, *mad, {"t": "pass", "p": 1}, *mad, {"t": "pass", "p": 2}, *mad,
            {"t": "adr"}, {"t": "countdown"}]
    ctx.push(*seq)


# ---- initial clue (3.7): one private look per player ---------------------------------------
def clue_options(s: dict) -> list:
    cells = [c for c in CLUE_CELLS if not s["up"][s["board"][board.parse(c)]]]
    return [[c, "cell", {"cell": c}] for c in cells] + [opt("none", "no_clue")]


@task("clue")
def clue(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    s["phase"] = "clue"
    if len(s["clue"]) < s["players"]:
        s["wait"] = "clue"
        raise Waiting


def give_clue(ctx: Ctx, seat: int, choice: str) -> None:
    s = ctx.s
    s["clue"][str(seat)] = choice
    if choice == "none":
        return
    uid = s["board"][board.parse(choice)]
    k = s["kind"][uid]
    ctx.emit("clue_looked", {"seat": seat, "cell": choice})
    ctx.emit("look_result", {"cell": choice, "room": k, "colour": data.colour(k)}, [seat])
    ctx.emit("gm_clue", {"seat": seat, "cell": choice, "room": k}, GM)
    looks.remember(s, seat, uid)


# ---- programming (4.2) ---------------------------------------------------------------------
def programmers(s: dict) -> list[int]:
    return [ci for ci, c in enumerate(s["chars"]) if c["a"] and not free_guard(s, c)]


@task("program")
def program(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    s["phase"] = "programming"
    if not t.get("open"):
        t["open"] = True
        for ci in programmers(s):
            c = s["chars"][ci]
            c["sub"] = None
            if len(programming.options(s, c)) == 1:
                c["sub"] = "0"
    if any(s["chars"][ci]["sub"] is None for ci in programmers(s)):
        s["wait"] = "program"
        raise Waiting
    for ci in turn_order(s):
        if ci not in programmers(s):
            continue
        c = s["chars"][ci]
        toks, adr, rev = programming.parse(c["sub"])
        c["p"] = toks if len(toks) == 2 else [None, None]
        c["f"] = toks[0] if len(toks) == 1 else None
        c["pa"], c["rv"], c["n_p"] = adr, rev, len(toks)
        ctx.emit("plan", {**who(s, ci), "count": len(toks), "floating": len(toks) == 1,
                          "adr": adr})
        if toks:    # what was programmed stays secret until played: the recap tells it
            ctx.emit("gm_plan", {**who(s, ci), "tokens": list(toks), "adr": adr}, GM)


# ---- action passes (4.3) ---------------------------------------------------------------------
@task("pass")
def action_pass(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    s["phase"] = "action"
    s["pass"] = t["p"]
    ctx.push(*[{"t": "turn", "c": ci, "p": t["p"]} for ci in turn_order(s)])


@task("turn")
def turn(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    ci, p = t["c"], t["p"]
    c = s["chars"][ci]
    if not c["a"] or c["rg"] == s["round"]:
        return
    s["cur"] = ci
    if c["rv"] and not c["gr"]:
        c["gr"], c["rv"] = s["round"], False
        show(ctx, ci)
        ctx.emit("guard_revealed", who(s, ci))
    seq = []
    if s["opts"]["reminders"] and str(ci) not in s["rem"] and board.face_down_cells(s):
        seq.append({"t": "remind", "c": ci})
    seq.append({"t": "tok", "c": ci, "p": p})
    if p == 2:
        seq.append({"t": "floodchk", "c": ci})
    ctx.push(*seq, {"t": "turn_end"})


@task("turn_end")
def turn_end(ctx: Ctx, t: dict) -> None:
    ctx.s["cur"] = None


def turn_mark(s: dict) -> str:
    """Names the action turn under way (round, pass, character)."""
    return f"{s['round']}.{s['phase']}.{s['pass']}.{s['cur']}"


def reveal_offer(s: dict) -> dict | None:
    """The private "reveal yourself" question an unrevealed guard has at any moment of its own
    action turn once Room 25 is face-up (spec 4.3, 5.3). It never holds the game up: it rides
    beside the turn's open question and goes when that is answered, so nothing public (who is
    asked, how long a step takes) depends on who is a guard."""
    ci = s["cur"]
    if ci is None or s["ask"] is None or s["phase"] not in ("action", "adrenaline"):
        return None
    c = s["chars"][ci]
    if not c["a"] or c["rv"] or not programming.may_reveal(s, c) or s.get("rv_no") == turn_mark(s):
        return None
    return {"id": f"rv{s['step']}", "seat": c["s"], "char": c["n"]}


def answer_reveal(ctx: Ctx, choice: str) -> None:
    s = ctx.s
    ci = s["cur"]
    if choice == "reveal":
        s["chars"][ci]["gr"] = s["round"]
        show(ctx, ci)
        ctx.emit("guard_revealed", who(s, ci))
    else:
        s["rv_no"] = turn_mark(s)


@task("remind")
def remind(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    ci = t["c"]
    cells = board.face_down_cells(s)
    options = [opt("keep", "keep")] + [[board.name(c), "cell", {"cell": board.name(c)}] for c in cells]
    x = choose(ctx, t, "cell", s["chars"][ci]["s"], "reminder", options, params=who(s, ci))
    if x != "keep":
        s["rem"][str(ci)] = s["board"][board.parse(x)]
        ctx.emit("reminder_placed", {**who(s, ci), "cell": x})


def perform(ctx: Ctx, ci: int, k: str, src: str) -> None:
    """Reveal a token publicly and resolve it; the Trap check follows it (R-18)."""
    s = ctx.s
    c = s["chars"][ci]
    c["acts"] += 1
    if c["hid"]:
        c["hid"] = False
        ctx.emit("unhidden", who(s, ci))
    ctx.emit("token", {**who(s, ci), "token": k, "src": src})
    ctx.push({"t": "act", "c": ci, "k": k, "src": src}, {"t": "trapchk", "c": ci, "n": c["acts"]})


@task("tok")
def token_turn(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    ci, p = t["c"], t["p"]
    c = s["chars"][ci]
    if not c["a"]:
        return
    if c["para"] is not None:
        if c["para"]:
            k = c["para"].pop(0)
            ctx.emit("paranoia_draw", {**who(s, ci), "left": len(c["para"])})
            perform(ctx, ci, k, "paranoia")
        return
    if free_guard(s, c):
        return _guard_turn(ctx, t, ci, p)
    k = c["p"][p - 1]
    if k:
        c["p"][p - 1] = None
    elif c["f"]:
        if p == 1:
            x = choose(ctx, t, "when", c["s"], "floating",
                       [opt("now", "now"), opt("later", "later")], params=who(s, ci))
            if x == "later":
                ctx.emit("floating_kept", who(s, ci))
                return
        k, c["f"] = c["f"], None
    if k:
        perform(ctx, ci, k, "programme")
    elif p == 1 and c["n_p"] == 0:
        idle(ctx, ci)


def idle(ctx: Ctx, ci: int) -> None:
    """A turn with nothing programmed (a timeout) or a revealed guard's pass still counts as the
    next action a Trap Room demands: otherwise an empty programme would keep a character there
    for ever."""
    c = ctx.s["chars"][ci]
    if c["trap"]:
        c["acts"] += 1
        ctx.push({"t": "trapchk", "c": ci, "n": c["acts"]})


def _guard_turn(ctx: Ctx, t: dict, ci: int, p: int) -> None:
    """A revealed guard picks any owned token or passes; not the same token twice in a round;
    in a Cold Room at its first turn, only one action this round (R-21, R-46)."""
    s = ctx.s
    c = s["chars"][ci]
    cold = board.kind(s, c["u"]) == "cold_room"
    if p == 2 and c["gc"] and c["gu"]:
        return
    toks = [k for k in owned(s, c) if k not in c["gu"]]
    x = choose(ctx, t, "token", c["s"], "guard_action",
               [opt(k, "token", token=k) for k in toks] + [opt("pass", "pass")],
               default="pass", params=who(s, ci))
    if p == 1:
        c["gc"] = cold
    if x == "pass":
        ctx.emit("passed", who(s, ci))
        return idle(ctx, ci)
    c["gu"].append(x)
    perform(ctx, ci, x, "guard")


@task("trapchk")
def trap_check(ctx: Ctx, t: dict) -> None:
    _deadline(ctx, t["c"], "trap", "trap_room", t["n"])


@task("floodchk")
def flood_check(ctx: Ctx, t: dict) -> None:
    _deadline(ctx, t["c"], "fl", "flooded_room", ctx.s["round"])


def _deadline(ctx, ci, key, room, now):
    """Trap and flooded rooms both kill whoever is still inside once their time (`key`) is up."""
    s = ctx.s
    c = s["chars"][ci]
    if c["a"] and c[key] and c[key][1] < now:
        uid = c[key][0]
        c[key] = None
        if c["u"] == uid and s["kind"][uid] == room:
            kill(ctx, ci, room)


# ---- Adrenaline pass and countdown ---------------------------------------------------------------
@task("adr")
def adrenaline_pass(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    s["phase"] = "adrenaline"
    ctx.push(*[{"t": "adrturn", "c": ci} for ci in turn_order(s)])


@task("adrturn")
def adrenaline_turn(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    ci = t["c"]
    c = s["chars"][ci]
    if not c["a"] or not c["pa"] or c["rg"] == s["round"]:
        return
    s["cur"] = ci
    x = choose(ctx, t, "token", c["s"], "adrenaline",
               [opt(k, "token", token=k) for k in BASIC], default="none", params=who(s, ci),
               auto=False)
    c["pa"], c["adr"], c["adr_r"] = False, 0, s["round"]
    ctx.emit("adrenaline", {**who(s, ci), "token": x})
    ctx.push({"t": "turn_end"})
    if x != "none":
        perform(ctx, ci, x, "adrenaline")


@task("countdown")
def countdown(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    s["phase"] = "countdown"
    s["cur"] = None
    for c in s["chars"]:
        clear_round_plan(c)
        c.update(pa=False, n_p=None, sub=None, gu=[], gc=False, rv=False)
    s["ctrl"], s["acc"], s["jam"] = {}, False, False
    s["discard"] += s["face"]
    s["face"] = []
    if s["remaining"] == 1:
        if s["mode"] == "coop":
            end(ctx, [], "coop_time", {})
        end(ctx, side(s, "G"), "time_up", {})
    s["remaining"] -= 1
    s["round"] += 1
    n = len(s["chars"])
    for k in range(1, n + 1):
        cand = (s["first"] + k) % n
        if s["chars"][cand]["a"]:
            s["first"] = cand
            break
    ctx.push({"t": "round"})
