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
    for ci, c in enumerate(s["characters"]):
        if c["paranoia"] is not None and (not c["paranoia"] or c["left_paranoia_room"]):
            c["paranoia"] = None
            ctx.emit("paranoia_end", who(s, ci))
        if free_guard(s, c):
            c["adrenaline"] = 0
    ctx.emit("round_start", {"round": s["round"], "remaining": s["remaining"],
                             "first": s["characters"][s["first_character"]]["name"]})
    seq: list[dict] = []
    if s["round"] == 1:
        seq.append({"task": "clue"})
    coop_draws = s["mode"] == "coop" and not s["madness_draws"]
    seq += [{"task": "mac", "scheduled": True} for _ in range(2 if coop_draws else 0)]
    mad = [{"task": "mac", "scheduled": True}] if s["madness_draws"] else []
    seq += [{"task": "program"}, *mad, {"task": "pass", "action_pass": 1}, *mad,
            {"task": "pass", "action_pass": 2}, *mad,
            {"task": "adr"}, {"task": "countdown"}]
    ctx.push(*seq)


# ---- initial clue (3.7): one private look per player ---------------------------------------
def clue_options(s: dict) -> list:
    cells = [c for c in CLUE_CELLS if not s["face_up"][s["board"][board.parse(c)]]]
    return [[c, "cell", {"cell": c}] for c in cells] + [opt("none", "no_clue")]


@task("clue")
def clue(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    s["phase"] = "clue"
    if len(s["clues"]) < s["players"]:
        s["waiting_for"] = "clue"
        raise Waiting


def give_clue(ctx: Ctx, seat: int, choice: str) -> None:
    s = ctx.s
    s["clues"][str(seat)] = choice
    if choice == "none":
        return
    uid = s["board"][board.parse(choice)]
    k = s["tile_kinds"][uid]
    ctx.emit("clue_looked", {"seat": seat, "cell": choice})
    ctx.emit("look_result", {"cell": choice, "room": k, "colour": data.colour(k)}, [seat])
    ctx.emit("gm_clue", {"seat": seat, "cell": choice, "room": k}, GM)
    looks.remember(s, seat, uid)


# ---- programming (4.2) ---------------------------------------------------------------------
def programmers(s: dict) -> list[int]:
    return [ci for ci, c in enumerate(s["characters"]) if c["alive"] and not free_guard(s, c)]


@task("program")
def program(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    s["phase"] = "programming"
    if not t.get("open"):
        t["open"] = True
        for ci in programmers(s):
            c = s["characters"][ci]
            c["submitted"] = None
            if len(programming.options(s, c)) == 1:
                c["submitted"] = "0"
    if any(s["characters"][ci]["submitted"] is None for ci in programmers(s)):
        s["waiting_for"] = "program"
        raise Waiting
    plans = []
    for ci in turn_order(s):
        if ci not in programmers(s):
            continue
        c = s["characters"][ci]
        toks, adr, rev = programming.parse(c["submitted"])
        c["programme"] = toks if len(toks) == 2 else [None, None]
        c["floating"] = toks[0] if len(toks) == 1 else None
        c.update(adrenaline_programmed=adr, reveal_programmed=rev, programmed_count=len(toks))
        plans.append({"key": "plan", **who(s, ci), "count": len(toks), "adr": adr})
        if toks:    # what was programmed stays secret until played: the recap tells it
            ctx.emit("gm_plan", {**who(s, ci), "tokens": list(toks), "adr": adr}, GM)
    if plans:    # one line for the whole table: how many tokens each programmed, no more
        ctx.emit("plans", {"plans": plans})


# ---- action passes (4.3) ---------------------------------------------------------------------
@task("pass")
def action_pass(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    s["phase"] = "action"
    s["action_pass"] = t["action_pass"]
    ctx.push(*[{"task": "turn", "char": ci,
                "action_pass": t["action_pass"]} for ci in turn_order(s)])


@task("turn")
def turn(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    ci, p = t["char"], t["action_pass"]
    c = s["characters"][ci]
    if not c["alive"] or c["regenerated_round"] == s["round"]:
        return
    s["acting"] = ci
    if c["reveal_programmed"] and not c["revealed_round"]:
        c["revealed_round"], c["reveal_programmed"] = s["round"], False
        show(ctx, ci)
        ctx.emit("guard_revealed", who(s, ci))
    seq = []
    if s["options"]["reminders"] and str(ci) not in s["reminders"] and board.face_down_cells(s):
        seq.append({"task": "remind", "char": ci})
    seq.append({"task": "tok", "char": ci, "action_pass": p})
    if p == 2:
        seq.append({"task": "floodchk", "char": ci})
    ctx.push(*seq, {"task": "turn_end"})


@task("turn_end")
def turn_end(ctx: Ctx, t: dict) -> None:
    ctx.s["acting"] = None


def turn_mark(s: dict) -> str:
    """Names the action turn under way (round, pass, character)."""
    return f"{s['round']}.{s['phase']}.{s['action_pass']}.{s['acting']}"


def reveal_offer(s: dict) -> dict | None:
    """The private "reveal yourself" question an unrevealed guard has at any moment of its own
    action turn once Room 25 is face-up (spec 4.3, 5.3). It never holds the game up: it rides
    beside the turn's open question and goes when that is answered, so nothing public (who is
    asked, how long a step takes) depends on who is a guard."""
    ci = s["acting"]
    if ci is None or s["question"] is None or s["phase"] not in ("action", "adrenaline"):
        return None
    c = s["characters"][ci]
    if (not c["alive"] or c["reveal_programmed"] or not programming.may_reveal(s, c)
            or s["reveal_declined"] == turn_mark(s)):
        return None
    return {"id": f"rv{s['questions_asked']}", "seat": c["seat"], "char": c["name"]}


def answer_reveal(ctx: Ctx, choice: str) -> None:
    s = ctx.s
    ci = s["acting"]
    if choice == "reveal":
        s["characters"][ci]["revealed_round"] = s["round"]
        show(ctx, ci)
        ctx.emit("guard_revealed", who(s, ci))
    else:
        s["reveal_declined"] = turn_mark(s)


@task("remind")
def remind(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    ci = t["char"]
    cells = board.face_down_cells(s)
    options = [opt("keep", "keep")] + [[board.name(c), "cell", {"cell": board.name(c)}] for c in cells]
    x = choose(ctx, t, "cell", s["characters"][ci]["seat"], "reminder", options, params=who(s, ci))
    if x != "keep":
        s["reminders"][str(ci)] = s["board"][board.parse(x)]
        ctx.emit("reminder_placed", {**who(s, ci), "cell": x})


def perform(ctx: Ctx, ci: int, k: str, src: str) -> None:
    """Reveal a token publicly and resolve it; the Trap check follows it (R-18)."""
    s = ctx.s
    c = s["characters"][ci]
    c["actions_done"] += 1
    if c["hidden"]:
        c["hidden"] = False
        ctx.emit("unhidden", who(s, ci))
    ctx.emit("token", {**who(s, ci), "token": k, "src": src})
    ctx.push({"task": "act", "char": ci, "token": k, "source": src},
             {"task": "trapchk", "char": ci, "actions_done": c["actions_done"]})


@task("tok")
def token_turn(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    ci, p = t["char"], t["action_pass"]
    c = s["characters"][ci]
    if not c["alive"]:
        return
    if c["paranoia"] is not None:
        if c["paranoia"]:
            k = c["paranoia"].pop(0)
            ctx.emit("paranoia_draw", {**who(s, ci), "left": len(c["paranoia"])})
            perform(ctx, ci, k, "paranoia")
        return
    if free_guard(s, c):
        return _guard_turn(ctx, t, ci, p)
    k = c["programme"][p - 1]
    if k:
        c["programme"][p - 1] = None
    elif c["floating"]:
        if p == 1:
            x = choose(ctx, t, "when", c["seat"], "floating",
                       [opt("now", "now"), opt("later", "later")], params=who(s, ci))
            if x == "later":
                ctx.emit("floating_kept", who(s, ci))
                return
        k, c["floating"] = c["floating"], None
    if k:
        perform(ctx, ci, k, "programme")
    elif p == 1 and c["programmed_count"] == 0:
        idle(ctx, ci)


def idle(ctx: Ctx, ci: int) -> None:
    """A turn with nothing programmed (a timeout) or a revealed guard's pass still counts as the
    next action a Trap Room demands: otherwise an empty programme would keep a character there
    for ever."""
    c = ctx.s["characters"][ci]
    if c["trapped"]:
        c["actions_done"] += 1
        ctx.push({"task": "trapchk", "char": ci, "actions_done": c["actions_done"]})


def _guard_turn(ctx: Ctx, t: dict, ci: int, p: int) -> None:
    """A revealed guard picks any owned token or passes; not the same token twice in a round;
    in a Cold Room at its first turn, only one action this round (R-21, R-46)."""
    s = ctx.s
    c = s["characters"][ci]
    cold = board.kind(s, c["tile"]) == "cold_room"
    if p == 2 and c["guard_cold"] and c["guard_tokens_used"]:
        return
    toks = [k for k in owned(s, c) if k not in c["guard_tokens_used"]]
    x = choose(ctx, t, "token", c["seat"], "guard_action",
               [opt(k, "token", token=k) for k in toks] + [opt("pass", "pass")],
               default="pass", params=who(s, ci))
    if p == 1:
        c["guard_cold"] = cold
    if x == "pass":
        ctx.emit("passed", who(s, ci))
        return idle(ctx, ci)
    c["guard_tokens_used"].append(x)
    perform(ctx, ci, x, "guard")


@task("trapchk")
def trap_check(ctx: Ctx, t: dict) -> None:
    _deadline(ctx, t["char"], "trapped", "trap_room", t["actions_done"])


@task("floodchk")
def flood_check(ctx: Ctx, t: dict) -> None:
    _deadline(ctx, t["char"], "flooded", "flooded_room", ctx.s["round"])


def _deadline(ctx, ci, key, room, now):
    """Trap and flooded rooms both kill whoever is still inside once their time (`key`) is up."""
    s = ctx.s
    c = s["characters"][ci]
    if c["alive"] and c[key] and c[key][1] < now:
        uid = c[key][0]
        c[key] = None
        if c["tile"] == uid and s["tile_kinds"][uid] == room:
            kill(ctx, ci, room)


# ---- Adrenaline pass and countdown ---------------------------------------------------------------
@task("adr")
def adrenaline_pass(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    s["phase"] = "adrenaline"
    ctx.push(*[{"task": "adrturn", "char": ci} for ci in turn_order(s)])


@task("adrturn")
def adrenaline_turn(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    ci = t["char"]
    c = s["characters"][ci]
    if not c["alive"] or not c["adrenaline_programmed"] or c["regenerated_round"] == s["round"]:
        return
    s["acting"] = ci
    x = choose(ctx, t, "token", c["seat"], "adrenaline",
               [opt(k, "token", token=k) for k in BASIC], default="none", params=who(s, ci),
               auto=False)
    c["adrenaline_programmed"], c["adrenaline"], c["adrenaline_round"] = False, 0, s["round"]
    ctx.emit("adrenaline", {**who(s, ci), "token": x})
    ctx.push({"task": "turn_end"})
    if x != "none":
        perform(ctx, ci, x, "adrenaline")


@task("countdown")
def countdown(ctx: Ctx, t: dict) -> None:
    s = ctx.s
    s["phase"] = "countdown"
    s["acting"] = None
    for c in s["characters"]:
        clear_round_plan(c)
        c.update(adrenaline_programmed=False, programmed_count=None, submitted=None,
                 guard_tokens_used=[], guard_cold=False, reveal_programmed=False)
    s["slid_lines"], s["acceleration"], s["jamming"] = {}, False, False
    s["discard"] += s["face_up_cards"]
    s["face_up_cards"] = []
    if s["remaining"] == 1:
        if s["mode"] == "coop":
            end(ctx, [], "coop_time", {})
        end(ctx, side(s, "G"), "time_up", {})
    s["remaining"] -= 1
    s["round"] += 1
    n = len(s["characters"])
    for k in range(1, n + 1):
        cand = (s["first_character"] + k) % n
        if s["characters"][cand]["alive"]:
            s["first_character"] = cand
            break
    ctx.push({"task": "round"})
