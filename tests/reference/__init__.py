"""Independent pure-Python reference implementation of the polyreversi rules
(written from RULES.md only), used to cross-check the C++ engine."""

from .rules import (
    EMPTY, BLACK, WHITE, RED, GREEN, NEUTRAL,
    BLOCKED, CUT_OUT,
    BOARDS,
    RefVariant, RefState,
    start, legal_moves, flips, play, is_over, scores, winners, perft,
    board_grid, square_name, parse_square,
)

__all__ = [
    "EMPTY", "BLACK", "WHITE", "RED", "GREEN", "NEUTRAL",
    "BLOCKED", "CUT_OUT",
    "BOARDS",
    "RefVariant", "RefState",
    "start", "legal_moves", "flips", "play", "is_over", "scores", "winners", "perft",
    "board_grid", "square_name", "parse_square",
]
