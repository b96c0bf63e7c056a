"""What an agent sees: observation planes, the action mask, the end-of-game rewards.

Every environment of :mod:`polyreversi.envs` goes through these functions, and
they go to the engine: the planes are :func:`polyreversi.observe` and
:meth:`polyreversi.Batch.observe` (C++), the rewards the Batch reward rule
(:attr:`polyreversi.Batch.rewards`), so each is defined once
(python/polyreversi/batch.py lists the planes and the rule).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Union

import numpy as np
import numpy.typing as npt

from polyreversi import _validate
from polyreversi._core import Color
from polyreversi.batch import Batch
from polyreversi.batch import observe as _observe
from polyreversi.state import State
from polyreversi._validate import shown

if TYPE_CHECKING:  # gymnasium is imported when a space is made, not with the observations
    from gymnasium import spaces

#: Colour names, one per colour in turn order (RULES.md §2): the Gymnasium envs' seats.
AGENT_NAMES = ("black", "white", "red", "green")

#: PettingZoo agent names, one per colour in turn order: ``player_0`` is Black, as in
#: PettingZoo's classic games (``connect_four_v3``, ``chess_v6``).
PLAYER_NAMES = ("player_0", "player_1", "player_2", "player_3")


def seat_color(seat: Union[str, Color], players: int, *, random_allowed: bool = False) -> Optional[Color]:
    """The colour of a Gymnasium env's seat: a name of :data:`AGENT_NAMES` (any case)
    or a :class:`Color` of the game; ``"random"`` (None: drawn at each reset) where
    ``random_allowed``.

    Raises:
        ValueError: anything else, naming the seats allowed.
    """
    names = AGENT_NAMES[:players]
    if isinstance(seat, str) and seat.lower() == "random" and random_allowed:
        return None
    if isinstance(seat, str) and seat.lower() in names:
        return Color(names.index(seat.lower()) + 1)
    if isinstance(seat, Color) and int(seat) <= players:
        return seat
    allowed = ", ".join(names + (("random",) if random_allowed else ()))
    raise ValueError(f"seat: {shown(seat)} is not a colour of this {players}-player game; allowed: {allowed}")

#: The dtype of every action mask of :mod:`polyreversi.envs`: int8 holding 0 and 1, the
#: dtype Gymnasium's ``Discrete.sample(mask=...)`` demands and PettingZoo's classic games
#: use; sb3-contrib's MaskablePPO takes it as it is. ``mask.view(bool)`` is the same
#: memory as bool (no copy), for ``torch.where`` and ``masked_fill``
#: (:mod:`polyreversi.envs.tensors`); :attr:`polyreversi.Batch.masks` is bool over the
#: same 0/1 bytes.
MASK_DTYPE = np.dtype(np.int8)


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


def observe_batch(batch: Batch, perspective: Union[Color, int, npt.ArrayLike, None] = None,
                  out: Optional[np.ndarray] = None) -> np.ndarray:
    """uint8 (B, C, N, N): :meth:`polyreversi.Batch.observe` of every game.

    Args:
        batch: the games.
        perspective: None (each game's player to move), a Color, or int (B,) Color values.
        out: a C-contiguous uint8 (B, C, N, N) array to fill instead of a new one.

    Raises:
        TypeError: ``batch`` is not a Batch; as :meth:`polyreversi.Batch.observe`.
    """
    return _validate.instance(batch, Batch, "batch").observe(out, perspective=perspective)


def action_mask(state: State) -> np.ndarray:
    """int8 (N*N+1,) (:data:`MASK_DTYPE`): 1 on the legal moves of the player to move;
    entry N*N is a forced pass. All 0 once the game is over. TypeError: ``state`` is not a State."""
    n = _validate.instance(state, State, "state").variant.n
    mask = np.zeros(n * n + 1, dtype=MASK_DTYPE)
    if not state.is_over():
        mask[state.legal_moves()] = 1
    return mask


def mask_space(n: int) -> "spaces.Box":
    """The Gymnasium space of one action mask: ``Box(0, 1, (N*N+1,), int8)``."""
    from gymnasium import spaces

    return spaces.Box(0, 1, (n * n + 1,), MASK_DTYPE)


def disk_rewards(scores: np.ndarray, playable: int, anti: bool = False) -> np.ndarray:
    """float32 (..., P): the disk-difference reward of final scores (int (..., P) disks per
    colour, RULES.md §7): each colour's disks minus the mean of the others', over the
    ``playable`` squares of the board, so it lies in [-1, 1] and sums to 0 over the colours.
    With Anti-Reversi (``anti``) the sign is turned: fewer disks is better."""
    s = np.asarray(scores, dtype=np.float32)
    players = s.shape[-1]
    others = (s.sum(axis=-1, keepdims=True) - s) / (players - 1)
    diff: npt.NDArray[np.float32] = (s - others) / np.float32(playable)
    return (-diff if anti else diff).astype(np.float32)


def rewards(state: State) -> np.ndarray:
    """float32 (P,): each colour's reward, by the Batch reward rule (:attr:`polyreversi.Batch.rewards`).

    Two players: +1 win, -1 loss, 0 each on a draw. Three or four players: +1 to a
    sole winner and -1/(P-1) to each other player; k colours sharing the winning count
    (RULES.md §7) get (P/k - 1)/(P-1) each. Rewards sum to 0. Zeros while the game is
    not over. TypeError: ``state`` is not a State.
    """
    if not _validate.instance(state, State, "state").is_over():
        return np.zeros(state.variant.players, dtype=np.float32)
    return np.array(Batch(state.variant, 1, start=state, threads=1).rewards[0], dtype=np.float32)  # a copy


def batch_rewards(batch: Batch) -> np.ndarray:
    """float32 (B, P): a copy of :attr:`polyreversi.Batch.rewards` (zeros for games not over).
    TypeError: ``batch`` is not a Batch."""
    return np.array(_validate.instance(batch, Batch, "batch").rewards, dtype=np.float32)  # a copy


__all__ = ["AGENT_NAMES", "PLAYER_NAMES", "MASK_DTYPE", "mask_space", "disk_rewards", "plane_count", "observe", "observe_batch", "action_mask", "rewards", "batch_rewards"]
