"""Bulk work in C++: many whole games at once, and batches stepped together.

Both release the GIL. Built-in policies: ``"random"`` (uniform over the legal
moves) and ``"greedy"`` (most flips, with Anti-Reversi the fewest flips; ties,
and turns that flip nothing, at random). Random numbers come from SplitMix64 with one stream per game, so a
game depends only on ``(seed, game index)``, never on the thread count.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Optional, Sequence, Union

import numpy as np

from polyreversi import _core
from polyreversi.errors import PolyreversiError
from polyreversi.state import State
from polyreversi.variant import Variant, as_variant

POLICIES = {"random": 0, "greedy": 1}
_U64 = 2**64

#: Most worker threads one call may ask for. Results never depend on the thread
#: count, and the engine cannot survive a thread it fails to start, so counts far
#: beyond any machine are refused instead of tried.
MAX_THREADS = 1024
#: Most games one :func:`play_games` call plays (their result arrays must fit in memory).
MAX_GAMES = 2**32
#: Most games one :class:`Batch` holds (the engine counts them with a 32-bit int).
MAX_BATCH = 2**31 - 1


@dataclass(frozen=True)
class GamesResult:
    """Per-game results of :func:`play_games`.

    Attributes:
        scores: int32 array of shape (G, P): disks of each colour in turn order.
        winners: bool array of shape (G, P): True where the colour shares the win.
        plies: int32 array of shape (G,): plies played (a pass is a ply).
        moves: int16 array of shape (G, 2*N*N+2) with the moves (N*N = pass),
            -1 after the last ply; None unless ``record_moves``.
    """

    scores: np.ndarray
    winners: np.ndarray
    plies: np.ndarray
    moves: Optional[np.ndarray]

    def win_rates(self) -> np.ndarray:
        """float64 array (P,): the share of games each colour won outright."""
        outright = self.winners & (self.winners.sum(axis=1, keepdims=True) == 1)
        return outright.mean(axis=0) if len(self.plies) else np.zeros(self.winners.shape[1])

    def draw_rate(self) -> float:
        """The share of games shared by two or more colours."""
        return float((self.winners.sum(axis=1) > 1).mean()) if len(self.plies) else 0.0


def _policy(policy: str) -> int:
    if not isinstance(policy, str):
        raise TypeError(f"policy: expected a name ({', '.join(POLICIES)}), got {policy!r}")
    if policy not in POLICIES:
        raise ValueError(f"policy: unknown policy {policy!r}; allowed: {', '.join(POLICIES)}")
    return POLICIES[policy]


def _seat_policies(policy, players: int) -> int:
    """The engine's policy code of a policy name (the same for every seat) or a list of
    one name per seat: 1 << 16 plus 4 bits per colour, colour c in bits 4c..4c+3
    (cpp/include/polyreversi/kernel/playout.hpp)."""
    if isinstance(policy, str):
        return _policy(policy)
    if not isinstance(policy, (list, tuple)):
        raise TypeError(f"policy: expected a name ({', '.join(POLICIES)}) or a list of one per seat, got {policy!r}")
    if len(policy) != players:
        raise ValueError(f"policy: this variant has {players} players; give one policy per seat in turn order, "
                         f"got {len(policy)}: {list(policy)!r}")
    return (1 << 16) | sum(_policy(p) << (4 * c) for c, p in enumerate(policy))


def _seed(seed) -> int:
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"seed: expected an int, got {seed!r}")
    return int(seed) % _U64


def _count(value, name: str, low: int, high: int) -> int:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name}: expected an int, got {value!r}")
    if value < low:
        raise ValueError(f"{name}: must be {low} or more, got {value}")
    if value > high:
        raise ValueError(f"{name}: must be at most {high}, got {value}")
    return int(value)


def _threads(value) -> int:
    return _count(value, "threads", 0, MAX_THREADS)


def _cores() -> int:
    """The cores this process may run on (what ``threads=0`` means)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def play_games(
    start: Union[Variant, State, str],
    games: int,
    *,
    policy: Union[str, Sequence[str]] = "random",
    seed: int = 0,
    threads: int = 1,
    record_moves: bool = False,
) -> GamesResult:
    """Plays ``games`` whole games in C++ from a variant's start or a state.

    Args:
        start: a Variant (or its text form) or a State to start every game from.
        games: how many games (0 or more).
        policy: ``"random"`` or ``"greedy"`` for every seat, or a list of one per seat in
            turn order (``["greedy", "random", "random"]``). Greedy flips the most disks,
            with Anti-Reversi the fewest (the greedy choice when the fewest disks win).
        seed: any int (taken modulo 2**64); the same seed gives the same games.
        threads: worker threads, at most :data:`MAX_THREADS`; 0 means every core.
            Results do not depend on it.
        record_moves: also return every game's moves.

    Raises:
        ValueError: unknown policy, a policy list whose length is not the player count, games outside 0 .. :data:`MAX_GAMES`, threads outside
            0 .. :data:`MAX_THREADS`. TypeError: wrong types. VariantError: bad variant text.

    >>> r = play_games("8x8", 100, seed=1)
    >>> r.scores.shape, r.scores.dtype
    ((100, 2), dtype('int32'))
    >>> play_games("octagon/3p", 10, policy=["greedy", "random", "random"]).winners.shape
    (10, 3)
    """
    state = as_variant(start).start() if isinstance(start, (Variant, str)) else start
    if not isinstance(state, State):
        raise TypeError(f"start: expected a Variant, variant text or State, got {type(start).__name__}")
    scores, winners, plies, moves = _core.play_games(
        state, _count(games, "games", 0, MAX_GAMES), _seat_policies(policy, state.variant.players), _seed(seed),
        _threads(threads),
        bool(record_moves)
    )
    return GamesResult(scores, winners, plies, moves)


class Batch:
    """B games of one variant held in C++ and stepped together (for learning
    and search loops). All arrays are read-only NumPy views of the engine's
    memory: they change in place as the games are stepped, without copies.

    Attributes:
        masks: bool (B, N*N+1): legal moves per game; column N*N is a forced pass.
        boards: int8 (B, N, N): cell codes as in ``State.board()``.
        done: bool (B,): finished games.
        scores: int32 (B, P): disks of each colour.
        to_move: int8 (B,): Color value of the player to move.

    >>> b = Batch("8x8", 4)
    >>> b.masks.shape, b.boards.shape
    ((4, 65), (4, 8, 8))
    """

    def __init__(self, variant: Union[Variant, str], size: int) -> None:
        self.variant = as_variant(variant)
        self._core = _core.Batch(self.variant._rules, self.variant, _count(size, "size", 1, MAX_BATCH))

    @property
    def size(self) -> int:
        return self._core.size

    def __len__(self) -> int:
        return self._core.size

    @property
    def masks(self) -> np.ndarray:
        return self._core.masks

    @property
    def boards(self) -> np.ndarray:
        return self._core.boards

    @property
    def done(self) -> np.ndarray:
        return self._core.done

    @property
    def scores(self) -> np.ndarray:
        return self._core.scores

    @property
    def to_move(self) -> np.ndarray:
        return self._core.to_move

    def plies(self) -> np.ndarray:
        """int32 (B,): plies played in each game since its reset."""
        return self._core.plies()

    def step(self, moves, *, threads: int = 1) -> None:
        """Plays moves[i] in game i: a square index, N*N for a forced pass, -1
        for a finished game. Every move is checked before any is played.

        Args:
            moves: integer array-like of shape (B,).
            threads: split the batch over this many threads (0 = every core), at most
                :data:`MAX_THREADS`.

        Raises:
            IllegalMoveError: names the first bad game, its move and its legal moves;
                nothing is played then.
            ValueError: wrong shape, a value outside int32, threads out of range.
            TypeError: not integers.
        """
        threads = _threads(threads) or min(_cores(), MAX_THREADS)
        array = np.asarray(moves)
        if array.shape != (self.size,):
            raise ValueError(f"moves: expected shape ({self.size},), got {array.shape}")
        if array.dtype.kind not in "iu":
            raise TypeError(f"moves: expected integers, got dtype {array.dtype}")
        if array.dtype != np.int32:
            if array.size and (array.min() < -(2**31) or array.max() >= 2**31):
                raise ValueError("moves: values outside int32")
            array = array.astype(np.int32)
        self._core.step(np.ascontiguousarray(array), threads)

    def reset(self, which=None) -> None:
        """Puts games back at the start: every finished game, or those where
        ``which`` (bool array-like of shape (B,)) is True.

        Raises:
            ValueError: ``which`` is not a bool array of shape (B,)."""
        if which is None:
            self._core.reset(None)
            return
        try:
            array = np.asarray(which)
        except (TypeError, ValueError):  # ragged lists and the like
            raise ValueError(f"which: expected a bool array of shape ({self.size},)") from None
        if array.shape != (self.size,) or array.dtype != np.bool_:
            raise ValueError(f"which: expected a bool array of shape ({self.size},), "
                             f"got {array.dtype} of shape {array.shape}")
        self._core.reset(array.astype(np.uint8))

    def choose(self, policy: str = "random", seed: int = 0) -> np.ndarray:
        """int32 (B,): a move per game by a built-in policy (-1 for finished
        games), ready for :meth:`step`. ``"greedy"`` flips the most disks, with
        Anti-Reversi the fewest."""
        return self._core.choose(_policy(policy), _seed(seed))

    def state(self, index: int) -> State:
        """Game ``index`` as a new State (its history is not kept).

        Raises IndexError for an index outside -B..B-1, TypeError for a non-int."""
        if isinstance(index, (bool, np.bool_)) or not isinstance(index, (int, np.integer)):
            raise TypeError(f"index: expected an int, got {index!r}")
        if not -self.size <= index < self.size:
            raise IndexError(f"game {index} is not in this batch of {self.size}")
        return self._core.state(int(index) % self.size)

    def __repr__(self) -> str:
        return f"<Batch {self.variant} size={self.size} done={int(self.done.sum())}>"


def _refuse_pickle(self, protocol: int):
    raise TypeError(f"cannot pickle {type(self).__qualname__} objects: a batch lives in the engine's memory; "
                    "save its games with batch.state(i) instead")


# Without this, pickle protocols 0 and 1 abort the process inside the bindings.
_core.Batch.__reduce_ex__ = _refuse_pickle


__all__ = ["play_games", "GamesResult", "Batch", "POLICIES", "MAX_THREADS", "MAX_GAMES", "MAX_BATCH"]
