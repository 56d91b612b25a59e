"""A tiny seeded RNG whose whole state is one integer, so it lives inside the JSON game state.

splitmix64: fast, well distributed, and trivially serialisable. Every engine draws only from here,
never from `random`, so a game replays identically from its seed.
"""
from __future__ import annotations

_MASK = (1 << 64) - 1


class Rng:
    """Draws from `state[key]` and writes the advanced value back after every draw."""

    def __init__(self, state: dict, key: str = "rng"):
        self._state = state
        self._key = key

    @staticmethod
    def seed(seed: int) -> int:
        """The integer to store in a fresh state for a given seed."""
        return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK

    def next64(self) -> int:
        x = (self._state[self._key] + 0x9E3779B97F4A7C15) & _MASK
        self._state[self._key] = x
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
        return x ^ (x >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return self.next64() % n

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in [lo, hi], both ends included."""
        return lo + self.below(hi - lo + 1)

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> list:
        """Fisher-Yates in place; returns the list for convenience."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def sample(self, items, k: int) -> list:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]
