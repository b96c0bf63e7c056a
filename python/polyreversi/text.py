"""Text pictures of a board, for terminals and logs."""
from __future__ import annotations

from typing import TYPE_CHECKING

from polyreversi.vocabulary import CELL_CHARS

if TYPE_CHECKING:
    from polyreversi._core import State


def board_text(state: State, *, coordinates: bool = True, hints: bool = False) -> str:
    """The board as text: ``X`` Black, ``O`` White, ``R`` Red, ``G`` Green,
    ``N`` neutral, ``.`` empty, ``#`` blocked, ``-`` octagon cut-outs (the
    characters of :data:`polyreversi.vocabulary.CELL_CHARS`);
    with ``hints``, ``*`` marks the legal squares. Row 1 is the top row.
    """
    grid = state.board()
    n = grid.shape[0]
    legal = set(state.legal_moves()) if hints else set()
    lines = []
    if coordinates:
        lines.append("   " + " ".join(chr(ord("a") + c) for c in range(n)))
    for r in range(n):
        cells = []
        for c in range(n):
            code = int(grid[r, c])
            cells.append("*" if (r * n + c) in legal else CELL_CHARS[code])
        row = " ".join(cells)
        lines.append(f"{r + 1:>2} {row}" if coordinates else row)
    return "\n".join(lines)
