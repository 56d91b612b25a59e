"""The pieces every task-stack engine shares (Room 25, Among Cultists): a registry of task
handlers by name and the context one decision's handlers work in. Each game keeps its own stack
runner, since how it waits for answers differs."""
from __future__ import annotations

from typing import Callable

from games.base import PUBLIC, Event
from games.rng import Rng


def registrar(tasks: dict[str, Callable]) -> Callable:
    """`task = registrar(TASKS)`; then `@task("name")` files a handler under its name."""
    def task(name: str):
        def register(fn):
            tasks[name] = fn
            return fn
        return register
    return task


class Ctx:
    """One decision's worth of work: the state being changed and the events it produces.
    A game lists in `MINOR` the kinds of public line that are small steps of a phase (see
    `games.base.Event`): they carry the `"minor"` mark."""

    MINOR: frozenset = frozenset()

    def __init__(self, state: dict):
        self.s = state
        self.ev: list[Event] = []

    def emit(self, kind: str, data: dict, audience=PUBLIC) -> None:
        if audience == PUBLIC and kind in self.MINOR:
            data = {**data, "minor": True}
        self.ev.append(Event(kind, data, audience))

    def push(self, *tasks: dict) -> None:
        """Schedule tasks; the first given runs first."""
        self.s["stack"].extend(reversed(tasks))

    @property
    def rng(self) -> Rng:
        return Rng(self.s)
