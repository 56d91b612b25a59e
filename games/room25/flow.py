"""The resolution machine: a stack of plain-JSON tasks run until a decision is needed.

Room effects nest (an Illusion reveals a Tunnel, an M.A.C. Room draws a card that pushes someone
into a Trap...), so every step is a task on `state["stack"]` and a handler may push more. A handler
that needs a player's answer calls `choose`, which raises `Asked` after recording the question;
the task goes back on the stack and runs again from its start once the answer is stored in it.
Handlers therefore make all their choices before any side effect, and push a new task for any
choice that depends on an effect.
"""
from __future__ import annotations

from typing import Callable

from games import tasks
from games.tasks import registrar

TASKS: dict[str, Callable] = {}
AFTER: list[Callable] = []   # continuous checks run after every task (unmasking)


class Asked(Exception):
    """A handler is waiting for one seat's answer."""


class Waiting(Exception):
    """A barrier task is waiting for simultaneous answers (clue, programming)."""


class Halt(Exception):
    """The game is over."""


task = registrar(TASKS)


class Ctx(tasks.Ctx):
    """Room 25's decision context. Its small steps: the token a character turns over (the line
    after it tells what it did), the initial looks, a pass, a kept floating token, reminders
    and each draw from a paranoia stack."""

    MINOR = frozenset({"token", "clue_looked", "passed", "floating_kept", "reminder_placed",
                       "reminder_back", "paranoia_draw"})


def opt(oid: str, key: str, **params) -> list:
    return [oid, key, params]


def choose(ctx: Ctx, t: dict, key: str, seat: int, kind: str, options: list, *,
           default: str | None = None, params: dict | None = None, public: bool = True,
           deadline: str = "action", auto: bool = True) -> str | None:
    """The answer to question `key` of task `t`: stored, forced (one option), or asked now.
    Returns None when there is no legal option at all."""
    answers = t.get("answers")
    if answers and key in answers:
        return answers[key]
    if not options:
        return None
    if auto and len(options) == 1:
        t.setdefault("answers", {})[key] = options[0][0]
        return options[0][0]
    s = ctx.s
    s["questions_asked"] += 1
    s["question"] = {"id": f"a{s['questions_asked']}", "seat": seat, "kind": kind,
                     "options": options,
                     "default": default if default is not None else options[0][0],
                     "deadline": deadline, "public": public, "params": params or {},
                     "answer_key": key}
    raise Asked


def answer(state: dict, choice: str) -> None:
    ask = state["question"]
    state["stack"][-1].setdefault("answers", {})[ask["answer_key"]] = choice
    state["question"] = None


def run(ctx: Ctx) -> None:
    s = ctx.s
    while (s["question"] is None and s["waiting_for"] is None and s["outcome"] is None
           and s["stack"]):
        t = s["stack"].pop()
        mark = len(ctx.ev)
        try:
            TASKS[t["task"]](ctx, t)
        except (Asked, Waiting):
            del ctx.ev[mark:]  # the task runs again from its start once answered
            s["stack"].append(t)
        except Halt:
            s["stack"] = []
            s["question"] = None
            break
        try:
            for check in AFTER:
                check(ctx)
        except Halt:
            s["stack"] = []
            s["question"] = None
