"""Checks on a picture's layout from the words its canvas kept (`games/canvas.py`), not OCR."""
from __future__ import annotations


def apart(cv) -> bool:
    """No two words drawn on top of each other, none past the picture's edges."""
    boxes = [w["box"] for w in cv.words]
    return all(0 <= a[0] and a[2] <= cv.width for a in boxes) and not any(
        a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
        for i, a in enumerate(boxes) for b in boxes[i + 1:])
