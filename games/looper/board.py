"""The 2x2 board (R-1) and the movement algebra of spec 6.4: vertical flips the row, horizontal
the column, diagonal both; two different movements combine by exclusive or, two equal ones are
one movement."""
from __future__ import annotations

from games.looper.data import LOCATIONS

CELL = {"hospital": (0, 0), "shrine": (0, 1), "city": (1, 0), "school": (1, 1)}
AT = {v: k for k, v in CELL.items()}
VECTOR = {"move_vertical": (1, 0), "move_horizontal": (0, 1), "move_diagonal": (1, 1)}


def combine(cards: list[str]) -> tuple[int, int] | None:
    """The single movement a target makes from the movement cards on it (None: no movement)."""
    vectors = [VECTOR[c] for c in cards if c in VECTOR]
    if not vectors:
        return None
    if len(set(vectors)) == 1:
        return vectors[0]
    r = c = 0
    for dr, dc in dict.fromkeys(vectors):
        r, c = r ^ dr, c ^ dc
    return (r, c) if (r, c) != (0, 0) else None


def moved(location: str, vector: tuple[int, int]) -> str:
    r, c = CELL[location]
    return AT[(r ^ vector[0], c ^ vector[1])]


def is_location(target: str) -> bool:
    return target in LOCATIONS
