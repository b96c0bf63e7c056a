"""Text pictures of a board, for terminals and logs."""
from __future__ import annotations

# One character per cell code of State.board() (see polyreversi.state).
CELL_CHARS = {0: ".", 1: "X", 2: "O", 3: "R", 4: "G", 5: "N", -1: "#", -2: " "}


def board_text(state, *, coordinates: bool = True, hints: bool = False) -> str:
    """The board as text: ``X`` Black, ``O`` White, ``R`` Red, ``G`` Green,
    ``N`` neutral, ``.`` empty, ``#`` blocked, blank for octagon cut-outs;
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
