"""polyreversi: a fast, exact engine for Reversi (Othello) and its variants.

>>> import polyreversi as pr
>>> state = pr.Variant("8x8").start()
>>> [state.variant.square_name(m) for m in state.legal_moves()]
['d3', 'c4', 'f5', 'e6']
>>> state.play("f5"); state.scores()
(4, 1)

Boards 6x6, 8x8, 10x10 and octagon; Anti-Reversi, free opening, corner
handicap, 1-4 blocked squares; 2, 3 or 4 players. The rules are RULES.md.
"""
from polyreversi._core import Color
from polyreversi.errors import (
    HistoryError,
    IllegalMoveError,
    InvalidSquareError,
    PolyreversiError,
    PositionError,
    RecordError,
    VariantError,
)
from polyreversi.state import BLOCKED, CUT_OUT, EMPTY, NEUTRAL, State, perft
from polyreversi.variant import BOARDS, Variant

__version__ = "0.1.0"

__all__ = [
    "Color",
    "State",
    "Variant",
    "BOARDS",
    "perft",
    "EMPTY",
    "NEUTRAL",
    "BLOCKED",
    "CUT_OUT",
    "PolyreversiError",
    "VariantError",
    "InvalidSquareError",
    "IllegalMoveError",
    "PositionError",
    "HistoryError",
    "RecordError",
]
