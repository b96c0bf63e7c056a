"""The trained 8x8 pattern evaluation in Python: the reference of the C++ one
(cpp/include/polyreversi/search/patterns.hpp), used by its training script
(scripts/train_patterns.py) and by the tests; not part of the installed package.

Squares are numbered ``row * 8 + column`` (a1 = 0, h8 = 63), as everywhere in
polyreversi. A pattern is an ordered list of squares; its index in a position
is ``sum(3**k * v[square_k])`` with v = 0 empty, 1 the mover's disk, 2 the
opponent's. Each pattern type has a base list (at the a1 corner / top edge);
its instances are the base's images under the 8 symmetries of the square
(one per distinct square set). Weights of indices that a symmetry mapping an
instance onto itself exchanges are tied, so the evaluation is invariant under
the 8 symmetries by construction (and augmenting the data by them would add
nothing: a position and its images have the same features).

Besides the patterns, each phase has a table per mobility term (Logistello's
and NTest's features): the mover's and the opponent's legal-move counts, and
their potential mobility (empty squares next to a disk of the other side), each
count clamped to its table's last entry (MOBILITY_TERMS); and tables of the
legal moves along the edges and the second rows (MOVE_TYPES, Egaroucid's
legal-move patterns): per square a digit 0 (no move), 1 (the mover's), 2 (the
opponent's) or 3 (both sides'), the index ``sum(4**k * digit_k)``, tied as the
disk patterns are.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np

#: (name, base squares as (row, column)), in the order of the weights file.
PATTERN_TYPES: Tuple[Tuple[str, Tuple[Tuple[int, int], ...]], ...] = (
    ("edge_2x", tuple((0, c) for c in range(8)) + ((1, 1), (1, 6))),
    ("corner_3x3", tuple((r, c) for r in range(3) for c in range(3))),
    ("corner_2x5", tuple((r, c) for r in range(2) for c in range(5))),
    ("line_2", tuple((1, c) for c in range(8))),
    ("line_3", tuple((2, c) for c in range(8))),
    ("line_4", tuple((3, c) for c in range(8))),
    ("diag_8", tuple((i, i) for i in range(8))),
    ("diag_7", tuple((i, i + 1) for i in range(7))),
    ("diag_6", tuple((i, i + 2) for i in range(6))),
    ("diag_5", tuple((i, i + 3) for i in range(5))),
    ("diag_4", tuple((i, i + 4) for i in range(4))),
    ("edge_c2f2", ((1, 2),) + tuple((0, c) for c in range(8)) + ((1, 5),)),
    ("edge_center", ((0, 2), (0, 3), (0, 4), (0, 5), (1, 3), (1, 4), (2, 2), (2, 3), (2, 4), (2, 5))),
)

#: (name, table size) of the mobility terms, in the order of the weights file:
#: a count c selects entry min(c, size - 1).
MOBILITY_TERMS: Tuple[Tuple[str, int], ...] = (
    ("moves", 32),  # squares where the mover has a legal move
    ("opponent_moves", 32),  # ... the opponent, were it to move
    ("potential", 48),  # empty squares next to an opponent's disk (the mover's potential mobility)
    ("opponent_potential", 48),  # empty squares next to a mover's disk
)

#: (name, base squares as (row, column)) of the legal-move patterns, in the order of the weights file
#: (after the mobility tables); instances as PATTERN_TYPES'.
MOVE_TYPES: Tuple[Tuple[str, Tuple[Tuple[int, int], ...]], ...] = (
    ("edge_moves", tuple((0, c) for c in range(8))),
    ("line_2_moves", tuple((1, c) for c in range(8))),
)

#: Phases by empty squares: phase = min(empties // PHASE_WIDTH, PHASES - 1).
PHASE_WIDTH = 5
PHASES = 12

SYMMETRIES = (
    lambda r, c: (r, c),
    lambda r, c: (r, 7 - c),
    lambda r, c: (7 - r, c),
    lambda r, c: (7 - r, 7 - c),
    lambda r, c: (c, r),
    lambda r, c: (c, 7 - r),
    lambda r, c: (7 - c, r),
    lambda r, c: (7 - c, 7 - r),
)


def phase_of(empties):
    """Phase of positions with `empties` empty squares (int or int array)."""
    return np.minimum(np.asarray(empties) // PHASE_WIDTH, PHASES - 1)


def instances(base: Sequence[Tuple[int, int]]) -> List[List[int]]:
    """The instances of a pattern type: ordered square lists, one per distinct square set."""
    seen: Dict[frozenset, List[int]] = {}
    for g in SYMMETRIES:
        sq = [8 * r + c for r, c in (g(r, c) for r, c in base)]
        seen.setdefault(frozenset(sq), sq)
    return list(seen.values())


def self_permutations(base: Sequence[Tuple[int, int]]) -> List[List[int]]:
    """Permutations p (lists) with image[k] = base[p[k]] for each symmetry mapping the base's squares onto themselves."""
    b = [8 * r + c for r, c in base]
    out = []
    for g in SYMMETRIES:
        img = [8 * r + c for r, c in (g(r, c) for r, c in base)]
        if set(img) == set(b):
            p = [b.index(s) for s in img]
            if p not in out:
                out.append(p)
    return out


def canonical_map(base: Sequence[Tuple[int, int]], radix: int = 3) -> Tuple[np.ndarray, int]:
    """(rank, count): rank[index] is the tied weight's number (0..count-1) of each of the radix**k
    indices (radix 3: the disk patterns; 4: the legal-move patterns of MOVE_TYPES)."""
    k = len(base)
    n = radix ** k
    digits = (np.arange(n)[:, None] // (radix ** np.arange(k))[None, :]) % radix  # (n, k)
    powers = radix ** np.arange(k)
    canon = np.full(n, n, dtype=np.int64)
    for p in self_permutations(base):
        # the index read in the permuted order: digit k of the image is digit p[k] of the base
        canon = np.minimum(canon, (digits[:, p] * powers).sum(axis=1))
    uniq, rank = np.unique(canon, return_inverse=True)
    return rank.astype(np.int32), len(uniq)


def features(cells: np.ndarray, types: Optional[Sequence[Tuple[str, Sequence[Tuple[int, int]]]]] = None
             ) -> List[np.ndarray]:
    """Pattern indices of positions: per pattern type an int array (n, instances).

    Args:
        cells: int array (n, 64), 0 empty (or blocked), 1 mover, 2 opponent.
        types: (name, base) pairs as PATTERN_TYPES (None: PATTERN_TYPES; another list for a
            training experiment).
    """
    cells = np.asarray(cells, dtype=np.int64)
    out = []
    for _, base in PATTERN_TYPES if types is None else types:
        pow3 = 3 ** np.arange(len(base))
        out.append(np.stack([(cells[:, sq] * pow3).sum(axis=1) for sq in instances(base)], axis=1))
    return out


DIRECTIONS = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)


def _step(board: np.ndarray, dr: int, dc: int) -> np.ndarray:
    """board (n, 8, 8): the value one step (dr, dc) away from each square, -1 off the board."""
    out = np.full_like(board, -1)
    rows, cols = slice(max(0, -dr), 8 - max(0, dr)), slice(max(0, -dc), 8 - max(0, dc))
    out[:, rows, cols] = board[:, max(0, dr):8 + min(0, dr), max(0, dc):8 + min(0, dc)]
    return out


def move_maps(cells: np.ndarray, playable: Optional[np.ndarray] = None) -> Tuple[np.ndarray, ...]:
    """Four bool arrays (n, 64): the mover's legal moves, the opponent's (were it to move), the
    mover's potential mobility (empty squares next to an opponent's disk), the opponent's.

    A square is a legal move of a side when it is empty and playable and, in
    some direction, one or more disks of the other side are followed by one of
    its own (RULES.md §4-5: a blocked square holds no disk, so it ends a line);
    found square by square on the grid, without bitboards.

    Args:
        cells: int array (n, 64), 0 empty (or blocked), 1 mover, 2 opponent.
        playable: bool array (64,), False on a blocked square; None: every square.
    """
    board = np.asarray(cells, dtype=np.int8).reshape(-1, 8, 8)
    n = len(board)
    empty = board == 0
    if playable is not None:
        empty = empty & np.asarray(playable, dtype=bool).reshape(8, 8)
    legal = [np.zeros((n, 8, 8), dtype=bool), np.zeros((n, 8, 8), dtype=bool)]
    near = [np.zeros((n, 8, 8), dtype=bool), np.zeros((n, 8, 8), dtype=bool)]
    for dr, dc in DIRECTIONS:
        v = _step(board, dr, dc)  # k = 1 step away
        near[0] |= v == 2
        near[1] |= v == 1
        run = [v == 2, v == 1]  # squares 1..k-1 away are all the other side's
        for _ in range(2, 8):
            v = _step(v, dr, dc)
            for side in (0, 1):
                legal[side] |= run[side] & (v == side + 1)
                run[side] &= v == 2 - side
    return tuple((x & empty).reshape(n, 64) for x in (legal[0], legal[1], near[0], near[1]))


def mobility_counts(cells: np.ndarray, playable: Optional[np.ndarray] = None) -> np.ndarray:
    """The counts of MOBILITY_TERMS of positions: int64 (n, 4) (the squares of :func:`move_maps`)."""
    return np.stack([x.sum(axis=1) for x in move_maps(cells, playable)], axis=1).astype(np.int64)


def move_features(cells: np.ndarray, playable: Optional[np.ndarray] = None) -> List[np.ndarray]:
    """Legal-move pattern indices of positions: per type of MOVE_TYPES an int array (n, instances),
    digit k of an instance 1 if its k-th square is a legal move of the mover, plus 2 if of the opponent."""
    mover, opponent = move_maps(cells, playable)[:2]
    digits = mover.astype(np.int64) + 2 * opponent.astype(np.int64)
    out = []
    for _, base in MOVE_TYPES:
        pow4 = 4 ** np.arange(len(base))
        out.append(np.stack([(digits[:, sq] * pow4).sum(axis=1) for sq in instances(base)], axis=1))
    return out


def mobility_indices(cells: np.ndarray, playable: Optional[np.ndarray] = None) -> np.ndarray:
    """The table entry of each mobility term: int64 (n, 4), counts clamped to the tables' sizes."""
    sizes = np.array([size for _, size in MOBILITY_TERMS])
    return np.minimum(mobility_counts(cells, playable), sizes - 1)


def cells_of(P: int, O: int) -> np.ndarray:
    """The (64,) cell array of bitboards P (mover) and O."""
    bits = np.arange(64, dtype=np.uint64)
    p = (np.uint64(P) >> bits) & np.uint64(1)
    o = (np.uint64(O) >> bits) & np.uint64(1)
    return (p + 2 * o).astype(np.int8)


def evaluate(tables: Sequence[np.ndarray], parity: np.ndarray, cells: np.ndarray, scale: int = 100,
             mobility: Sequence[np.ndarray] = (), playable: Optional[np.ndarray] = None,
             moves: Sequence[np.ndarray] = ()) -> np.ndarray:
    """Evaluation of positions in units of 1/scale disk, as the C++ computes it (int64 array (n,)).

    Args:
        tables: per pattern type an int array (PHASES, 3**k) of full weight tables.
        parity: int array (PHASES, 2): the constant term by phase and parity of empties.
        cells: int array (n, 64) as in :func:`features`.
        mobility: per term of MOBILITY_TERMS an int array (PHASES, size); none: no mobility terms.
        playable: bool array (64,), False on a blocked square (RULES.md §4); None: every square.
            The patterns read a blocked square as an empty one (its cell is 0); empties, parity
            and the mobility terms count playable squares only (a blocked square is no move).
        moves: per type of MOVE_TYPES an int array (PHASES, 4**k) of full weight tables; none: no
            legal-move patterns.
    """
    cells = np.asarray(cells)
    on = np.ones(64, dtype=bool) if playable is None else np.asarray(playable, dtype=bool)
    empties = ((cells == 0) & on).sum(axis=1)
    ph = phase_of(empties)
    v = parity[ph, empties & 1].astype(np.int64)
    for t, f in zip(tables, features(cells)):
        v = v + t[ph[:, None], f].astype(np.int64).sum(axis=1)
    if len(mobility):
        idx = mobility_indices(cells, playable)
        for k, t in enumerate(mobility):
            v = v + t[ph, idx[:, k]].astype(np.int64)
    if len(moves):
        for t, f in zip(moves, move_features(cells, playable)):
            v = v + t[ph[:, None], f].astype(np.int64).sum(axis=1)
    limit = 64 * scale - 1
    return np.clip(v, -limit, limit)
