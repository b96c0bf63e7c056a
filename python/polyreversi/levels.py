"""Playing levels for people: :class:`polyreversi.SearchPlayer` ``level=1 .. 8``,
from a beginner's opponent to full strength at a fixed depth.

A level is a search depth and a margin: the player picks at random (seeded
with ``SearchPlayer(seed=)``) among the moves its multi-PV search scores within
``margin`` discs of the best, so the lower levels make human-sized mistakes and
no level repeats itself game after game. Each step was measured as Elo against
the level below in self-play (benchmarks/levels.py; the table is in
docs/player.md "Levels" and benchmarks/levels.md).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Tuple

__all__ = ["Level", "LEVELS"]


@dataclass(frozen=True)
class Level:
    """One playing level.

    Attributes:
        number: 1 (weakest) .. len(LEVELS) (strongest).
        depth: plies searched per move (the exact solve where the depth reaches the end).
        margin: discs; a random move among those scored within it of the best (0: the best).
        exact_empties: at or below this many empty squares the move is solved exactly
            (0: only where the depth reaches the end).
    """

    number: int
    depth: int
    margin: float
    exact_empties: int = 0


#: The levels, weakest first: ``LEVELS[n - 1]`` is level n.
LEVELS: Tuple[Level, ...] = (
    Level(1, depth=1, margin=12.0),
    Level(2, depth=1, margin=4.0),
    Level(3, depth=2, margin=2.0),
    Level(4, depth=3, margin=1.0),
    Level(5, depth=4, margin=0.0, exact_empties=8),
    Level(6, depth=6, margin=0.0, exact_empties=12),
    Level(7, depth=8, margin=0.0, exact_empties=16),
    Level(8, depth=10, margin=0.0, exact_empties=18),
)
