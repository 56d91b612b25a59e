"""The "objective" AI policy: play towards the seat's objective with what the seat knows."""
from __future__ import annotations


def choose(st: dict, pending, policy: str):
    return None
