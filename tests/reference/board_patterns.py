"""The trained pattern evaluation of the boards other than the standard 8x8
game, in Python: the owner of its geometry (which squares each pattern reads,
on every board), the reference of the C++ evaluation
(cpp/include/polyreversi/search/board_patterns.hpp) and the feature
extraction of its training script (scripts/train_board_eval.py); not part of
the installed package.

Geometry. A pattern type is an ordered list of (row, column) squares at the
top-left corner of the N x N grid, made from N alone (edge lines with the
X-square, the corner block, the second row, the diagonal), so every board
has its own set. Its instances are its images under the 8 symmetries of the
square, every image kept as an ordered list (a mirrored edge reads the same
squares the other way), so the set of instances is closed under the
symmetries and symmetric positions evaluate alike by construction. Squares
that are not playable (the octagon's cut-outs) are left out of every
instance; the board masks here are symmetric, so every image of a type
keeps the same length. Boards with blocked squares have no trained weights
(their mask breaks the symmetry): the search uses the shape terms there.

Value. For the mover, with cells 0 empty, 1 the mover's disk, 2 the
opponent's, an instance's index is ``sum(3**k * cell[square_k])``; the
evaluation in 1/100 disk is, in the phase of the position (empties //
width, at most PHASES - 1), the sum over instances of its type's weight at
its index, plus the phase's mobility weight times (the mover's flipping
moves minus the opponent's), plus the phase's shape weight times the shape
terms' value (the evaluation without weights, 1/100 disk) over
2**SHAPE_SHIFT (rounded down), plus the phase's bias. The shape term lets
the fit lean on the hand-set terms where its labels are noisy (the
opening: game results of self-play) and replace them where they are not.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np

#: Boards with a trained evaluation, as the core names them, and their grid side.
BOARDS: Dict[str, int] = {"6x6": 6, "8x8": 8, "10x10": 10, "octagon": 10}

#: Phases per board; a phase spans ``width(board)`` empties.
PHASES = 8

#: The shape weight is in 1/2**SHAPE_SHIFT.
SHAPE_SHIFT = 10

#: The octagon's cut-outs at the top-left corner; the other three corners by symmetry (RULES.md section 1).
OCTAGON_CUT = ((0, 0), (0, 1), (1, 0))


def pattern_types(n: int) -> List[Tuple[str, List[Tuple[int, int]]]]:
    """(name, base squares as (row, column)) of the pattern types of an n x n grid.

    At most 9 squares each (3**9 weights a type and phase), so that a
    training run of minutes sees most of the indices that occur.
    """
    seg = min(n - 1, 7)  # the edge segment from the corner; two of them overlap on 10x10
    return [
        ("corner_3x3", [(r, c) for r in range(3) for c in range(3)]),
        ("edge_x", [(0, c) for c in range(seg)] + [(1, 1)]),
        ("row_2", [(1, c) for c in range(seg)]),
        ("diagonal", [(i, i) for i in range(min(n, 8))]),
    ]


def symmetries(n: int):
    """The 8 symmetries of the n x n square as functions (row, column) -> (row, column)."""
    m = n - 1
    return (
        lambda r, c: (r, c),
        lambda r, c: (r, m - c),
        lambda r, c: (m - r, c),
        lambda r, c: (m - r, m - c),
        lambda r, c: (c, r),
        lambda r, c: (c, m - r),
        lambda r, c: (m - c, r),
        lambda r, c: (m - c, m - r),
    )


def playable_mask(board: str) -> np.ndarray:
    """bool (n*n,) of the board's playable squares without blocked squares."""
    n = BOARDS[board]
    mask = np.ones((n, n), dtype=bool)
    if board == "octagon":
        for r, c in OCTAGON_CUT:
            for g in symmetries(n):
                mask[g(r, c)] = False
    return mask.ravel()


def layout(board: str) -> List[Tuple[str, List[List[int]]]]:
    """(name, instances) per pattern type: each instance the ordered list of its playable squares (row * n + column)."""
    n = BOARDS[board]
    mask = playable_mask(board)
    out = []
    for name, base in pattern_types(n):
        insts = []
        for g in symmetries(n):
            sq = [n * r + c for r, c in (g(r, c) for r, c in base)]
            insts.append([s for s in sq if mask[s]])
        lengths = {len(i) for i in insts}
        assert len(lengths) == 1, f"{board}: {name} instances of unequal length"
        out.append((name, insts))
    return out


def sizes(board: str) -> List[int]:
    """Weights per type and phase (3 ** its squares)."""
    return [3 ** len(insts[0]) for _, insts in layout(board)]


def width(board: str) -> int:
    """Empties a phase spans: the start position's empties over PHASES, rounded up."""
    empties = int(playable_mask(board).sum()) - 4
    return -(-empties // PHASES)


def phase_of(board: str, empties):
    """Phase of positions with `empties` empty squares (int or int array)."""
    return np.minimum(np.asarray(empties) // width(board), PHASES - 1)


def indices(board: str, cells: np.ndarray) -> List[np.ndarray]:
    """Per type, int64 (K, instances) of the indices of K positions.

    cells: int8 (K, n*n) (or (n*n,)), 0 empty, 1 the mover's disk, 2 the
    opponent's (unplayable squares hold anything: no instance reads them).
    """
    cells = np.atleast_2d(np.asarray(cells)).astype(np.int64)
    out = []
    for _, insts in layout(board):
        powers = 3 ** np.arange(len(insts[0]), dtype=np.int64)
        out.append(np.stack([cells[:, i] @ powers for i in insts], axis=1))
    return out


def mover_cells(state) -> Tuple[np.ndarray, int]:
    """(cells, empties) of a two-player state: int8 (n*n,), 0 empty (or unplayable), 1 the mover's disk, 2 the other's."""
    b = state.board().ravel()
    cells = np.where(b <= 0, 0, np.where(b == int(state.to_move), 1, 2)).astype(np.int8)
    return cells, int((b == 0).sum())


def playable_of(state) -> np.ndarray:
    """bool (n*n,) of a state's playable squares: its board's, less its blocked squares (RULES.md §4)."""
    return playable_mask(state.variant.board) & (state.board().ravel() >= 0)


def _shift(x: np.ndarray, dr: int, dc: int) -> np.ndarray:
    """x (K, n, n) moved by (dr, dc) squares, False shifted in."""
    out = np.zeros_like(x)
    n = x.shape[1]
    rs, rd = (slice(0, n - dr), slice(dr, n)) if dr >= 0 else (slice(-dr, n), slice(0, n + dr))
    cs, cd = (slice(0, n - dc), slice(dc, n)) if dc >= 0 else (slice(-dc, n), slice(0, n + dc))
    out[:, rd, cd] = x[:, rs, cs]
    return out


def flipping_moves(board: str, cells: np.ndarray, who: int, playable: Optional[np.ndarray] = None) -> np.ndarray:
    """int (K,) of the moves of `who` (1 the mover, 2 the opponent) that flip, in K positions (cells as in indices;
    playable: bool (n*n,) without the blocked squares, :func:`playable_of`; None: the board's mask). A blocked
    square holds no disk, so it ends every line through it."""
    n = BOARDS[board]
    cells = np.atleast_2d(np.asarray(cells)).reshape(-1, n, n)
    me, them = cells == who, cells == 3 - who
    mask = playable_mask(board) if playable is None else np.asarray(playable, dtype=bool)
    empty = (cells == 0) & mask.reshape(1, n, n)
    moves = np.zeros_like(me)
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr == 0 and dc == 0:
                continue
            x = _shift(me, dr, dc) & them
            for _ in range(n - 3):
                x |= _shift(x, dr, dc) & them
            moves |= _shift(x, dr, dc) & empty
    return moves.reshape(len(cells), -1).sum(axis=1)


def mobility(board: str, cells: np.ndarray, playable: Optional[np.ndarray] = None) -> np.ndarray:
    """int (K,): the mover's flipping moves minus the opponent's, as the core's evaluation counts them."""
    return flipping_moves(board, cells, 1, playable) - flipping_moves(board, cells, 2, playable)


class Weights:
    """The weights of one board and rule: tables[type] int (PHASES, 3**k), mobility, shape and bias int (PHASES,),
    1/100 disk (shape: 1/2**SHAPE_SHIFT)."""

    def __init__(self, board: str, tables: Sequence[np.ndarray], mobility: np.ndarray, shape: np.ndarray,
                 bias: np.ndarray) -> None:
        self.board = board
        self.tables = [np.asarray(t, dtype=np.int64) for t in tables]
        self.mobility = np.asarray(mobility, dtype=np.int64)
        self.shape = np.asarray(shape, dtype=np.int64)
        self.bias = np.asarray(bias, dtype=np.int64)

    def evaluate(self, cells: np.ndarray, empties: int, mob: int, shape: int, squares: Optional[int] = None) -> int:
        """The evaluation in 1/100 disk of one position (cells as in :func:`indices`; shape: the shape terms' value
        in 1/100 disk, ``polyreversi.evaluate(state, shape=True) * 100``), within +-(squares * 100 - 1) when the
        board's playable ``squares`` are given (the search's range)."""
        ph = int(phase_of(self.board, empties))
        total = int(self.bias[ph]) + int(self.mobility[ph]) * mob + ((int(self.shape[ph]) * shape) >> SHAPE_SHIFT)
        for table, idx in zip(self.tables, indices(self.board, cells)):
            total += int(table[ph][idx[0]].sum())
        if squares is not None:
            top = squares * 100 - 1
            total = max(-top, min(top, total))
        return total


def read_inc(path: str) -> Dict[Tuple[str, bool], Weights]:
    """The weights of a generated board_pattern_weights.inc, keyed by (board, anti)."""
    import re

    with open(path, encoding="utf-8") as f:
        text = f.read()
    out: Dict[Tuple[str, bool], Weights] = {}
    for m in re.finditer(r"// weights (\S+) (normal|anti)\n(.*?)// end\n", text, re.S):
        board, anti, body = m.group(1), m.group(2) == "anti", m.group(3)
        nums = lambda name: np.array(  # noqa: E731
            [int(x) for x in re.search(name + r"\[\] = \{(.*?)\};", body, re.S).group(1).replace("\n", " ").split(",")
             if x.strip()], dtype=np.int64)
        entries = nums("entries").reshape(-1, 3)  # (phase, flat index over the types, weight)
        szs = sizes(board)
        offsets = np.concatenate([[0], np.cumsum(szs)])
        flat = np.zeros((PHASES, offsets[-1]), dtype=np.int64)
        flat[entries[:, 0], entries[:, 1]] = entries[:, 2]
        tables = [flat[:, offsets[t]:offsets[t + 1]] for t in range(len(szs))]
        out[(board, anti)] = Weights(board, tables, nums("mobility"), nums("shape_weight"), nums("bias"))
    return out
