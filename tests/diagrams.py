"""Positions drawn as text, for hand-made tests.

One row per line, cells separated by spaces or not: ``X`` Black, ``O`` White,
``R`` Red, ``G`` Green, ``N`` neutral, ``.`` empty, ``#`` blocked (must be a
blocked square of the variant), ``-`` an octagon cut-out. Row 1 is the top line.
"""
from __future__ import annotations

import numpy as np

from polyreversi import Color, Variant

CODES = {".": 0, "X": 1, "O": 2, "R": 3, "G": 4, "N": 5, "#": -1, "-": -2}


def cells(variant: Variant, picture: str) -> np.ndarray:
    rows = [line.replace(" ", "") for line in picture.strip().splitlines() if line.strip()]
    n = variant.n
    assert len(rows) == n and all(len(r) == n for r in rows), f"picture must be {n}x{n}"
    return np.array([[CODES[ch] for ch in row] for row in rows], dtype=np.int8)


def position(variant: Variant, picture: str, to_move: Color = Color.BLACK, ply: int = 0):
    return variant.position(cells(variant, picture), to_move=to_move, ply=ply)


def names(variant: Variant, moves) -> list[str]:
    return [variant.square_name(m) for m in moves]
