"""The resolution machine: a stack of plain-JSON tasks run until questions are open.

A task that needs answers calls `ask` (or `choose` for one seat), which records the questions
and raises `Asked`; the task goes back on the stack and runs again from its start once every
question is answered, finding the answers stored in it. Handlers therefore ask before they change
anything, and push a fresh task for whatever depends on an effect. Several questions open at once
(encounter cards, ballots) are answered in any order; a clock-only question (seat None) keeps a
secret step open for its whole length whoever answers, so timing tells nothing."""
from __future__ import annotations

from typing import Callable

from games import tasks as task_stack
from games.base import GM, Event
from games.cultists.board import turn_order
from games.tasks import registrar

TASKS: dict[str, Callable] = {}


class Asked(Exception):
    """A handler waits for answers."""


class Halt(Exception):
    """The game is over."""


class Ending(Exception):
    """The game heads for its end: whatever was still to run is dropped for `tasks`."""

    def __init__(self, *tasks: dict):
        super().__init__("ending")
        self.tasks = tasks


task = registrar(TASKS)


class Ctx(task_stack.Ctx):
    """A decision's context, with Among Cultists' private and GM lines. A walk and a pass are
    small steps of a turn."""

    MINOR = frozenset({"moved", "passed"})

    def tell(self, seats, kind: str, data: dict) -> None:
        """A private line for the given seats (None seats, the AUTOMA's, are dropped)."""
        seats = sorted({x for x in ([seats] if isinstance(seats, int) or seats is None else seats)
                        if x is not None})
        if seats:
            self.ev.append(Event(kind, data, tuple(seats)))

    def gm(self, kind: str, data: dict) -> None:
        self.ev.append(Event(kind, data, GM))


def in_turn(ctx: Ctx, t: dict, phase: str, turn) -> None:
    """Step `t["i"]` of a phase played by everyone in turn order from the Knife holder:
    `turn(ci)` is the task of that character's turn, then the next step follows."""
    order = turn_order(ctx.s)
    i = t.get("i", 0)
    if i >= len(order):
        return
    ctx.s["phase"] = phase
    ctx.push(turn(order[i]), {"t": t["t"], "i": i + 1})


def opt(oid: str, key: str, **params) -> list:
    return [oid, key, params]


def question(seat: int | None, kind: str, options: list, *, default: str | None = None,
             deadline: str = "action", public: bool = False, params: dict | None = None) -> dict:
    return {"seat": seat, "kind": kind, "options": options,
            "default": default if default is not None else options[0][0],
            "deadline": deadline, "public": public, "params": params or {}}


def clock(deadline: str) -> dict:
    """A wait nobody answers: it ends at its deadline."""
    return question(None, "wait", [opt("go", "go")], deadline=deadline)


def who(q: dict) -> str:
    return "clock" if q["seat"] is None else str(q["seat"])


def ask(ctx: Ctx, t: dict, key: str, questions: list[dict]) -> dict[str, str]:
    """Every answer to the questions of step `key` of task `t`, by seat ("clock" for the clock);
    asks whatever is not answered yet."""
    got = t.get("a", {}).get(key, {})
    missing = [q for q in questions if who(q) not in got]
    if not missing:
        return got
    s = ctx.s
    for q in missing:
        s["step"] += 1
        s["ask"].append({**q, "id": f"q{s['step']}", "key": key})
    raise Asked


def choose(ctx: Ctx, t: dict, key: str, q: dict, wait: str | None = None) -> str:
    """One seat's answer; with `wait`, the step also lasts that deadline class whatever the
    answer's speed."""
    qs = [q] + ([clock(wait)] if wait else [])
    return ask(ctx, t, key, qs)[who(q)]


def answer(state: dict, qid: str, choice: str) -> None:
    q = next(q for q in state["ask"] if q["id"] == qid)
    state["ask"].remove(q)
    state["stack"][-1].setdefault("a", {}).setdefault(q["key"], {})[who(q)] = choice


def run(ctx: Ctx) -> None:
    s = ctx.s
    while not s["ask"] and s["over"] is None and s["stack"]:
        t = s["stack"].pop()
        mark = len(ctx.ev)
        try:
            TASKS[t["t"]](ctx, t)
        except Asked:
            del ctx.ev[mark:]  # the task runs again from its start once answered
            s["stack"].append(t)
        except Halt:
            s["stack"], s["ask"] = [], []
            break
        except Ending as end:
            s["stack"], s["ask"] = list(reversed(end.tasks)), []
