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


def observe_batch(batch, perspective: Optional[np.ndarray] = None, out: Optional[np.ndarray] = None) -> np.ndarray:
    """uint8 (B, C, N, N): :func:`observe` of every game of a :class:`polyreversi.Batch`.

    Args:
        batch: the games.
        perspective: int (B,) Color values, the point of view per game (default: the
            player to move in each game).
        out: a uint8 (B, C, N, N) array to fill instead of a new one.
    """
    variant = batch.variant
    players, n = variant.players, variant.n
    boards = batch.boards
    to_move = batch.to_move.astype(np.int16)
    me = to_move if perspective is None else np.asarray(perspective, dtype=np.int16)
    if out is None:
        out = np.empty((len(boards), plane_count(players), n, n), dtype=np.uint8)
    for k in range(players):
        np.equal(boards, ((me - 1 + k) % players + 1).astype(np.int8)[:, None, None], out=out[:, k].view(bool))
    np.equal(boards, 5, out=out[:, players].view(bool))
    np.equal(boards, 0, out=out[:, players + 1].view(bool))
    np.less(boards, 0, out=out[:, players + 2].view(bool))
    legal = out[:, players + 3].reshape(len(boards), n * n)
    legal[:] = batch.masks[:, : n * n]
    legal[me != to_move] = 0
    return out


def batch_rewards(batch) -> np.ndarray:
    """float32 (B, P): :func:`rewards` of every game of a Batch (zeros for games not over)."""
    scores = batch.scores
    players = scores.shape[1]
    best = scores.min(axis=1, keepdims=True) if batch.variant.anti else scores.max(axis=1, keepdims=True)
    winners = scores == best
    outright = (winners.sum(axis=1) == 1) & batch.done
    out = np.where(winners, np.float32(1.0), np.float32(-1.0 / (players - 1))).astype(np.float32)
    out[~outright] = 0.0
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


__all__ = ["AGENT_NAMES", "plane_count", "observe", "observe_batch", "action_mask", "rewards", "batch_rewards"]
