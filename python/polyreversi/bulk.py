"""Bulk work in C++: many whole games at once (batches: polyreversi.batch).

Both release the GIL. Built-in policies: ``"random"`` (uniform over the legal
moves) and ``"greedy"`` (most flips, with Anti-Reversi the fewest flips; ties,
and turns that flip nothing, at random). Random numbers come from SplitMix64 with one stream per game, so a
game depends only on ``(seed, game index)``, never on the thread count.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Sequence, Union

import numpy as np

from polyreversi import _core, _validate
from polyreversi.state import State
from polyreversi.variant import Variant, as_variant, checked_seed
from polyreversi.vocabulary import choice
from polyreversi._validate import shown

#: The built-in move policies of :func:`play_games`, by name, and the engine's code for each.
POLICIES = {"random": 0, "greedy": 1}

#: Most worker threads one call may ask for. Results never depend on the thread
#: count, and the engine cannot survive a thread it fails to start, so counts far
#: beyond any machine are refused instead of tried.
MAX_THREADS: int = _core.limits.MAX_THREADS
#: Most games one :func:`play_games` call plays (their result arrays must fit in memory).
MAX_GAMES: int = _core.limits.MAX_GAMES
#: Most games one :class:`polyreversi.Batch` holds (the engine counts them with a 32-bit int).
MAX_BATCH: int = _core.limits.MAX_BATCH


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


def _policy(policy: str, also: Sequence[str] = ()) -> int:
    """The core's code of a policy name; ``also``: the caller's other forms, listed in the
    refusals (:func:`polyreversi.vocabulary.choice`)."""
    return POLICIES[choice(policy, POLICIES, "policy", also)]


def _seat_policies(policy: Union[str, Sequence[str]], players: int) -> Union[int, List[int]]:
    """The engine's policy of a policy name (its code, the same for every seat) or a list
    of one name per seat (their codes in turn order: the core makes its per-seat code)."""
    if isinstance(policy, str):
        return _policy(policy)
    if not isinstance(policy, (list, tuple)):
        raise TypeError(f"policy: expected a name ({', '.join(POLICIES)}) or a list of one per seat, got {shown(policy)}")
    if len(policy) != players:
        raise ValueError(f"policy: this variant has {players} players; give one policy per seat in turn order, "
                         f"got {len(policy)}: {shown(list(policy))}")
    return [_policy(p) for p in policy]


def _seed(seed: object) -> int:
    checked = checked_seed(seed, optional=False)
    assert checked is not None
    return checked


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
        seed: an int in ``0 .. 2**64 - 1`` (:func:`polyreversi.variant.engine_seed`); the same
            seed gives the same games.
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
    _validate.flag(record_moves, "record_moves")
    scores, winners, plies, moves = _core.play_games(
        state, _validate.whole(games, "games", 0, MAX_GAMES), _seat_policies(policy, state.variant.players),
        _seed(seed), _validate.whole(threads, "threads", 0, MAX_THREADS), bool(record_moves)
    )
    return GamesResult(scores, winners, plies, moves)




__all__ = ["play_games", "GamesResult", "POLICIES", "MAX_THREADS", "MAX_GAMES", "MAX_BATCH"]
