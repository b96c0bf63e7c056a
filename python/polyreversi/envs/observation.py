"""What an agent sees: observation planes, the action mask, the end-of-game rewards.

Every environment of :mod:`polyreversi.envs` goes through these functions, and
they go to the engine: the planes are :func:`polyreversi.observe` and
:meth:`polyreversi.Batch.observe` (C++), the rewards the Batch reward rule
(:attr:`polyreversi.Batch.rewards`), so each is defined once
(python/polyreversi/batch.py lists the planes and the rule).
"""
from __future__ import annotations

from typing import Optional

import numpy as np

from polyreversi._core import Color
from polyreversi.batch import Batch
from polyreversi.batch import observe as _observe
from polyreversi.state import State

#: Agent names, one per colour in turn order (RULES.md §2).
AGENT_NAMES = ("black", "white", "red", "green")


def plane_count(players: int) -> int:
    """Observation planes C for a player count: own disks, each other player's
    disks, neutral, empty playable, holes, legal moves (P + 4)."""
    return players + 4


def observe(state: State, perspective: Optional[Color] = None) -> np.ndarray:
    """uint8 (C, N, N): :func:`polyreversi.observe` of ``state`` as seen by ``perspective``
    (default: the player to move). Planes, in order: the perspective's disks; each other
    player's disks in turn order after it; neutral disks; empty playable squares; holes
    (blocked squares and octagon cut-outs); the legal moves when the perspective is to
    move (zeros otherwise). C = P + 4."""
    return _observe(state, perspective=perspective)


def observe_batch(batch: Batch, perspective=None, out: Optional[np.ndarray] = None) -> np.ndarray:
    """uint8 (B, C, N, N): :meth:`polyreversi.Batch.observe` of every game.

    Args:
        batch: the games.
        perspective: None (each game's player to move), a Color, or int (B,) Color values.
        out: a C-contiguous uint8 (B, C, N, N) array to fill instead of a new one.
    """
    return batch.observe(out, perspective=perspective)


def action_mask(state: State) -> np.ndarray:
    """int8 (N*N+1,): 1 on the legal moves of the player to move; entry N*N is a forced pass.
    All zeros once the game is over."""
    n = state.variant.n
    mask = np.zeros(n * n + 1, dtype=np.int8)
    if not state.is_over():
        mask[state.legal_moves()] = 1
    return mask


def rewards(state: State) -> np.ndarray:
    """float32 (P,): each colour's reward, by the Batch reward rule (:attr:`polyreversi.Batch.rewards`).

    Two players: +1 win, -1 loss, 0 each on a draw. Three or four players: +1 to a
    sole winner and -1/(P-1) to each other player; k colours sharing the winning count
    (RULES.md §7) get (P/k - 1)/(P-1) each. Rewards sum to 0. Zeros while the game is
    not over.
    """
    if not state.is_over():
        return np.zeros(state.variant.players, dtype=np.float32)
    return Batch(state.variant, 1, start=state, threads=1).rewards[0].copy()


def batch_rewards(batch: Batch) -> np.ndarray:
    """float32 (B, P): a copy of :attr:`polyreversi.Batch.rewards` (zeros for games not over)."""
    return batch.rewards.copy()


__all__ = ["AGENT_NAMES", "plane_count", "observe", "observe_batch", "action_mask", "rewards", "batch_rewards"]
