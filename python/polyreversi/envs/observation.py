"""What an agent sees: observation planes, the action mask, the end-of-game rewards.

Every environment of :mod:`polyreversi.envs` goes through these functions, so
the planes and rewards are defined once: the planes are the engine's
``pr.observe`` (C++), the rewards its reward rule.
"""
from __future__ import annotations

from typing import Optional

import numpy as np

from polyreversi._core import Color
from polyreversi.state import State

#: Agent names, one per colour in turn order (RULES.md §2).
AGENT_NAMES = ("black", "white", "red", "green")


def plane_count(players: int) -> int:
    """Observation planes C for a player count: own disks, each other player's
    disks, neutral, empty playable, holes, legal moves (P + 4)."""
    return players + 4


def observe(state: State, perspective: Optional[Color] = None) -> np.ndarray:
    """uint8 (C, N, N) planes of ``state`` as seen by ``perspective`` (default: the player to move).

    Planes, in order: the perspective's disks; each other player's disks in turn
    order after it; neutral disks; empty playable squares; holes (blocked squares
    and octagon cut-outs); the legal moves of the player to move when that is the
    perspective (all zeros otherwise). C = P + 4.
    """
    players = state.variant.players
    me = int(state.to_move if perspective is None else perspective)
    grid = state.board()
    n = grid.shape[0]
    out = np.zeros((plane_count(players), n, n), dtype=np.uint8)
    for k in range(players):
        out[k] = grid == (me - 1 + k) % players + 1
    out[players] = grid == 5
    out[players + 1] = grid == 0
    out[players + 2] = grid < 0
    if me == int(state.to_move):
        moves = [m for m in state.legal_moves() if m < n * n]
        out[players + 3].reshape(-1)[moves] = 1
    return out


def action_mask(state: State) -> np.ndarray:
    """int8 (N*N+1,): 1 on the legal moves of the player to move; entry N*N is a forced pass.
    All zeros once the game is over."""
    n = state.variant.n
    mask = np.zeros(n * n + 1, dtype=np.int8)
    if not state.is_over():
        mask[state.legal_moves()] = 1
    return mask


def rewards(state: State) -> np.ndarray:
    """float32 (P,): each colour's reward for a finished game (the Batch reward rule).

    Two players: +1 win, -1 loss, 0 draw. Three or four players: +1 to the winner,
    -1/(P-1) to each other player; a draw (the winning count shared, RULES.md §7) is 0
    for everyone. Zeros while the game is not over.
    """
    players = state.variant.players
    out = np.zeros(players, dtype=np.float32)
    if not state.is_over():
        return out
    winners = state.winners()
    if len(winners) != 1:
        return out
    out[:] = -1.0 / (players - 1)
    out[int(winners[0]) - 1] = 1.0
    return out


__all__ = ["AGENT_NAMES", "plane_count", "observe", "action_mask", "rewards"]
