"""The symmetries of a variant's board: map observations, policies, masks, moves and States.

The square grids (6x6, 8x8, 10x10) and the octagon (the 10x10 grid with its corners cut
out, RULES.md §1) have the 8 symmetries of the square: the identity, the quarter, half and
three-quarter turns, and the reflections in the two axes and the two diagonals. The rules
(moves, flips, passes, the end, RULES.md §5-§7) are the same in every direction, so a
symmetry maps a position to a position of the same game and a legal move to a legal move.
A variant keeps those symmetries that map its holes (blocked squares and octagon
cut-outs) onto holes: with ``blocked=a1`` on 8x8, the identity and the reflection in the
a1-h8 diagonal. A symmetry that sends a blocked square to a playable one is not one of the
variant's (:func:`symmetries` leaves it out; :meth:`Symmetry.state` refuses it).

Square ``s = row * N + col`` (``a1`` is 0, top-left); the pass ``N*N`` maps to itself.

>>> import polyreversi as pr
>>> from polyreversi.envs.symmetry import symmetries
>>> [g.name for g in symmetries(pr.Variant.parse("8x8/blocked=a1"))]
['identity', 'diagonal']
>>> v = pr.Variant("8x8")
>>> g = symmetries(v)[1]                                  # the quarter turn, clockwise
>>> g.name, v.square_name(g.move(v.square("d3"))), g.move(64)
('rotate90', 'f4', 64)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Dict, List, Tuple, Union

import numpy as np
import numpy.typing as npt

from polyreversi import _validate
from polyreversi.errors import PositionError
from polyreversi.state import State
from polyreversi.variant import Variant, as_variant

# (name, (row, col) -> (row, col) on an N x N grid); the images of the square's corners
# fix the order: the four turns, then the four reflections.
_MAPS: Tuple[Tuple[str, Callable[[int, int, int], Tuple[int, int]]], ...] = (
    ("identity", lambda r, c, n: (r, c)),
    ("rotate90", lambda r, c, n: (c, n - 1 - r)),
    ("rotate180", lambda r, c, n: (n - 1 - r, n - 1 - c)),
    ("rotate270", lambda r, c, n: (n - 1 - c, r)),
    ("flip_rows", lambda r, c, n: (n - 1 - r, c)),
    ("flip_columns", lambda r, c, n: (r, n - 1 - c)),
    ("diagonal", lambda r, c, n: (c, r)),
    ("antidiagonal", lambda r, c, n: (n - 1 - c, n - 1 - r)),
)

#: The names of the 8 symmetries of the square, in :func:`all_symmetries` order.
NAMES = tuple(name for name, _ in _MAPS)


@dataclass(frozen=True)
class Symmetry:
    """One symmetry of an N x N grid.

    Attributes:
        name: one of :data:`NAMES`.
        n: the grid side N.
        perm: int64 (N*N+1,): ``perm[s]`` is the image of square s (``perm[N*N] == N*N``).
        inverse: int64 (N*N+1,): the inverse permutation.
    """

    name: str
    n: int
    perm: np.ndarray = field(repr=False, compare=False)
    inverse: np.ndarray = field(repr=False, compare=False)

    def move(self, move: int) -> int:
        """The image of a move (a square 0..N*N-1, or N*N the pass).
        Raises ValueError outside 0..N*N."""
        if isinstance(move, (bool, np.bool_)) or not isinstance(move, (int, np.integer)) \
                or not 0 <= int(move) <= self.n * self.n:
            raise ValueError(f"move: expected a square 0..{self.n * self.n - 1} or the pass {self.n * self.n}, "
                             f"got {_validate.shown(move)}")
        return int(self.perm[int(move)])

    def moves(self, moves: npt.ArrayLike) -> np.ndarray:
        """The images of an integer array of moves (any shape; values 0..N*N)."""
        array = np.asarray(moves)
        if array.dtype.kind not in "iu" or (array.size and (array.min() < 0 or array.max() > self.n * self.n)):
            raise ValueError(f"moves: expected integers 0..{self.n * self.n}")
        return np.asarray(self.perm[array])  # indexing gives a new array: typed, not copied again

    def policy(self, values: np.ndarray) -> np.ndarray:
        """A policy, mask or any per-move array (..., N*N+1) mapped: ``out[..., perm[s]] =
        values[..., s]`` (the pass column stays last). The dtype is kept; a new array.
        Raises ValueError for another last axis."""
        array = np.asarray(values)
        if array.shape[-1:] != (self.n * self.n + 1,):
            raise ValueError(f"policy: expected a last axis of N*N+1 = {self.n * self.n + 1}, got shape {array.shape}")
        return array[..., self.inverse]

    def planes(self, obs: np.ndarray, channels_last: bool = False) -> np.ndarray:
        """Observation planes (..., C, N, N) (or (..., N, N, C) with ``channels_last``, the
        PettingZoo layout) mapped square by square; a new C-contiguous array, same dtype.
        Raises ValueError for other grid axes."""
        array = np.asarray(obs)
        axes = (-3, -2) if channels_last else (-2, -1)
        n = self.n
        if array.ndim < 2 or (array.shape[axes[0]], array.shape[axes[1]]) != (n, n):
            raise ValueError(f"obs: expected an {n}x{n} grid on axes {axes}, got shape {array.shape}")
        flat = np.moveaxis(array, axes, (-2, -1)).reshape(array.shape[:axes[0]] +
                                                          ((array.shape[-1],) if channels_last else ()) + (n * n,))
        mapped = flat[..., self.inverse[:-1]].reshape(flat.shape[:-1] + (n, n))
        return np.ascontiguousarray(np.moveaxis(mapped, (-2, -1), axes))

    def board(self, cells: np.ndarray) -> np.ndarray:
        """A board array (N, N) (``State.board()`` codes) mapped."""
        return np.asarray(self.planes(np.asarray(cells)[None])[0])

    def state(self, state: State) -> State:
        """The image of a State: a new State at the mapped position (same player to move and
        ply), of the same variant. Its history is not kept (``undo()`` has nothing to undo).

        Raises:
            PositionError: the symmetry is not one of the game's variant (it moves a hole
                onto a playable square). ValueError: another grid size.
            TypeError: ``state`` is not a State.
        """
        variant = _validate.instance(state, State, "state").variant
        if variant.n != self.n:
            raise ValueError(f"state: a {variant.n}x{variant.n} grid, this symmetry is of {self.n}x{self.n}")
        if not _keeps_holes(self, variant):
            raise PositionError(f"symmetry {self.name} is not one of {variant}: it maps a blocked square or "
                                "cut-out onto a playable square")
        return variant.position(self.board(state.board()), state.to_move, state.ply)

    def then(self, other: "Symmetry") -> "Symmetry":
        """The symmetry applying ``self`` first, then ``other``."""
        perm = other.perm[self.perm]
        return next(g for g in all_symmetries(self.n) if np.array_equal(g.perm, perm))

    def invert(self) -> "Symmetry":
        """The symmetry undoing this one."""
        return next(g for g in all_symmetries(self.n) if np.array_equal(g.perm, self.inverse))


_CACHE: Dict[int, List[Symmetry]] = {}


def all_symmetries(n: int) -> List[Symmetry]:
    """The 8 symmetries of the N x N grid (N = 6, 8 or 10), in :data:`NAMES` order, whatever
    the holes. Raises ValueError for another N."""
    if isinstance(n, (bool, np.bool_)) or n not in (6, 8, 10):
        raise ValueError(f"n: the grids are 6, 8 and 10 squares wide, got {_validate.shown(n)}")
    if n not in _CACHE:
        found = []
        for name, f in _MAPS:
            perm = np.empty(n * n + 1, np.int64)
            for r in range(n):
                for c in range(n):
                    rr, cc = f(r, c, n)
                    perm[r * n + c] = rr * n + cc
            perm[n * n] = n * n
            inverse = np.empty_like(perm)
            inverse[perm] = np.arange(n * n + 1)
            perm.flags.writeable = False
            inverse.flags.writeable = False
            found.append(Symmetry(name, n, perm, inverse))
        _CACHE[n] = found
    return list(_CACHE[n])


def _holes(variant: Variant) -> np.ndarray:
    n = variant.n
    holes = np.ones(n * n, bool)
    holes[list(variant.squares)] = False
    return holes


def _keeps_holes(g: Symmetry, variant: Variant) -> bool:
    holes = _holes(variant)
    return bool(np.array_equal(holes[g.inverse[:-1]], holes))


def symmetries(variant: Union[Variant, str, State]) -> List[Symmetry]:
    """The symmetries of a variant (or of a State's variant, with its drawn blocked squares):
    those of the 8 that map every hole (blocked square, octagon cut-out) onto a hole. The
    identity is always first. Raises VariantError for bad variant text, TypeError for
    a value that is none of the three."""
    if isinstance(variant, State):
        variant = variant.variant
    variant = as_variant(variant, "a Variant, variant text or a State")
    return [g for g in all_symmetries(variant.n) if _keeps_holes(g, variant)]


__all__ = ["NAMES", "Symmetry", "all_symmetries", "symmetries"]
