"""AlphaZero-style search: PUCT with priors and values from a network, over many games at once.

>>> import numpy as np, polyreversi as pr
>>> from polyreversi.envs.puct import puct
>>> def uniform(leaves):                       # a network stand-in: uniform priors, value 0
...     return np.ones(leaves.masks.shape, np.float32), np.zeros(len(leaves.masks), np.float32)
>>> batch = pr.Batch("6x6", 8, seed=1)
>>> result = puct(batch, uniform, simulations=32)
>>> result.visits.shape, int(result.visits[0].sum())
((8, 37), 31)

Each game has its own tree (cpp/src/mcts/puct.cpp). A round descends every game's tree
by PUCT, ``Q + c_puct * P * sqrt(N_parent) / (1 + N_child)``, to one leaf per game; the
leaves of all games go to ``evaluate`` in **one call**, the trees are expanded with its
priors and its values are backed up; the C++ parts run without the GIL. A leaf where the
game is over is valued by its result (the Batch reward rule, :attr:`polyreversi.Batch.rewards`)
without a call. Values are per colour and each node picks the child best for the colour
to move there (max^n), so 3 and 4 players are searched as 2 are. The root's first
evaluation counts as one of the ``simulations``, so the root moves share
``simulations - 1`` visits.

``evaluate(leaves)`` gets a :class:`Leaves` (observations from the view of the player
to move, masks, boards, to_move, the game each row belongs to) and returns
``(priors, values)``: priors float (k, N*N+1), weights over the moves (illegal ones are
ignored, the legal ones renormalised; a row with no weight on a legal move is uniform),
and values float (k,), the player to move's value in [-1, 1] (the other players get
``-v / (P - 1)`` each), or (k, P), every colour's value.

Trees can be kept between the moves of a game: pass a :class:`PuctTrees` as ``trees``
and each game (a Batch's game index, or a State's place in the sequence) keeps its tree;
at the next search the subtree of the new root's position (found within one round of
turns below the old root: the move played, and the opponents' replies) is kept with its
visits and values, and ``simulations`` more are added to it. ``leaves_per_game`` > 1
takes that many leaves from each tree per round (one ``evaluate`` call still serves every
game), each descent holding a virtual loss of ``virtual_loss`` on its path until its leaf
is evaluated, so that the next one looks elsewhere; a leaf reached twice ends that tree's
round. With the defaults (no trees, one leaf) the search is the plain one-leaf PUCT.

The visit counts are the policy targets (:attr:`PuctResult.visits`, :meth:`PuctResult.policy`
with a temperature); :meth:`PuctResult.sample` draws moves from them. Dirichlet noise
``Dir(dirichlet_alpha)`` is mixed into each root's priors with weight
``dirichlet_fraction`` (AlphaZero: 0.25; alpha 0.3 for chess-sized games).
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

from polyreversi import _core
from polyreversi._validate import function, number, shown, whole
from polyreversi.batch import Batch
from polyreversi.bulk import MAX_THREADS
from polyreversi.errors import IllegalMoveError
from polyreversi.state import State
from polyreversi.variant import SEED_END, SEED_MIN, Variant

#: Simulations of one search (a tree reserves nodes for all of them) and leaves a tree
#: gives per round: the core's bounds (polyreversi/limits.hpp).
MAX_SIMULATIONS: int = _core.limits.MAX_TREE_PLAYOUTS
#: The fewest simulations of one search: one would expand the roots and visit no move.
MIN_SIMULATIONS = 2
MAX_LEAVES: int = _core.limits.MAX_PUCT_LEAVES
#: Most games (trees) one :class:`PuctTrees` keeps.
MAX_TREES: int = _core.limits.MAX_PUCT_TREES


@dataclass(frozen=True)
class Leaves:
    """One batch of leaves to evaluate, k rows.

    Attributes:
        observations: uint8 (k, C, N, N), the planes of :func:`polyreversi.observe` from
            the view of the player to move.
        masks: int8 0/1 (k, N*N+1), the legal moves (column N*N a forced pass).
        boards: int8 (k, N, N), cell codes as ``State.board()``.
        to_move: int8 (k,), Color values of the players to move.
        games: int32 (k,), the game (0 .. G-1, the order of the roots) of each row.
    """

    observations: np.ndarray
    masks: np.ndarray
    boards: np.ndarray
    to_move: np.ndarray
    games: np.ndarray

    def states(self, variant: Variant) -> List[State]:
        """The leaves as States of ``variant`` (for exact evaluations in tests and tools)."""
        return [variant.position(b, int(c)) for b, c in zip(self.boards, self.to_move)]


@dataclass(frozen=True)
class PuctResult:
    """What :func:`puct` found, G games.

    Attributes:
        visits: float32 (G, N*N+1), visits of each root move (0 for illegal moves).
        values: float32 (G, P), each root's mean value per colour.
        simulations: simulations run over all games.
        seconds: wall time of the search; evaluate_seconds: the part spent in ``evaluate``.
        kept: root visits kept from earlier searches (with ``trees``; 0 otherwise).
    """

    visits: np.ndarray
    values: np.ndarray
    simulations: int
    seconds: float
    evaluate_seconds: float
    kept: int = 0

    def policy(self, temperature: float = 1.0) -> np.ndarray:
        """float32 (G, N*N+1): visits^(1/temperature), normalised per game; temperature 0
        puts all weight on the most visited move (the lowest square among equals).
        Raises ValueError for a negative or non-finite temperature, TypeError for a non-number."""
        t = number(temperature, "temperature")
        visits = self.visits.astype(np.float64)
        if t == 0:
            out = np.zeros_like(visits)
            out[np.arange(len(visits)), visits.argmax(axis=1)] = 1.0
            return out.astype(np.float32)
        weights = np.where(visits > 0, visits / visits.max(axis=1, keepdims=True), 0.0) ** (1.0 / t)
        return np.asarray(weights / weights.sum(axis=1, keepdims=True), dtype=np.float32)

    def sample(self, temperature: float = 1.0, rng: Optional[np.random.Generator] = None) -> np.ndarray:
        """int32 (G,): a move per game drawn from :meth:`policy` (``rng``: NumPy Generator)."""
        rng = rng if rng is not None else np.random.default_rng()
        policy = self.policy(temperature).astype(np.float64)
        draws = rng.random((len(policy), 1))
        return np.asarray(np.minimum((policy.cumsum(axis=1) < draws).sum(axis=1), policy.shape[1] - 1), dtype=np.int32)


class PuctTrees:
    """Search trees kept between :func:`puct` calls, one per game (slot).

    Args:
        games: how many games (slots): a Batch's size, or the length of the State
            sequences searched; 1 .. 1,048,576.

    The first search fixes the variant (blocked squares may differ per game); a later
    search of another variant raises ValueError. :meth:`clear` forgets every tree (a new
    set of games). A game whose root is not found in its tree starts a fresh one, so a
    new game in a slot needs no clear.
    """

    def __init__(self, games: int) -> None:
        self.games = whole(games, "games", 1, MAX_TREES)
        self._core = _core.PuctTrees(self.games)
        self._variant: Optional[Variant] = None

    def clear(self) -> None:
        """Forget every tree (the variant too); ConcurrentUseError while a search is using them."""
        self._core.clear()
        self._variant = None

    def _bind(self, variant: Variant) -> None:
        if self._core.busy:  # another search holds them: the core's search call refuses it by name
            return
        base = variant.replace(blocked=())
        if self._variant is None:
            self._variant = base
        elif self._variant != base:
            raise ValueError(f"trees: they hold games of {self._variant}, not of {base} (clear() them first)")

    def __repr__(self) -> str:
        return f"PuctTrees(games={self.games}, variant={self._variant})"


#: What ``evaluate`` returns: (priors (k, N*N+1), values (k,) or (k, P)), array-likes of numbers.
Evaluation = Tuple[npt.ArrayLike, npt.ArrayLike]


def puct(source: Union[Batch, State, Sequence[State]], evaluate: Callable[[Leaves], Evaluation], *,
         simulations: int = 100, c_puct: float = 1.5, dirichlet_alpha: float = 0.3,
         dirichlet_fraction: float = 0.0, seed: int = 0, which: Optional[npt.ArrayLike] = None, threads: int = 1,
         leaves_per_game: int = 1, virtual_loss: float = 1.0, trees: Optional[PuctTrees] = None) -> PuctResult:
    """PUCT search from every root at once (see the module text).

    Args:
        source: a :class:`polyreversi.Batch` (its games that are not over, or ``which``),
            a State, or a sequence of States of one variant (blocked squares may differ).
        evaluate: ``evaluate(leaves: Leaves) -> (priors, values)``, called once per round
            with every game's leaf.
        simulations: per game, 2 .. :data:`MAX_SIMULATIONS` (the first expands the root).
        c_puct: the exploration constant (finite, >= 0).
        dirichlet_alpha: 1e-6 or more; dirichlet_fraction: 0 (no noise) .. 1.
        seed: the noise's seed (0 .. 2**64 - 1); nothing else is random.
        which: with a Batch, a bool (B,) of the games to search (None: those not over).
        threads: threads of the C++ rounds over the games (0: every core); the results do
            not depend on it (game g's noise is its own stream).
        leaves_per_game: leaves taken from each tree per round, 1 .. :data:`MAX_LEAVES` (1: no
            virtual loss).
        virtual_loss: the value a pending descent takes from each mover on its path
            (finite, >= 0; the values' units, a loss is -1).
        trees: a :class:`PuctTrees` to keep the trees in between calls (None: fresh trees).

    Returns:
        a :class:`PuctResult`, games in the order of the roots (with a Batch: ascending
        index among those searched).

    Raises:
        IllegalMoveError: a root game that is over. ValueError / TypeError: bad options,
        ``which``, roots of different variants, or ``evaluate`` returning the wrong shapes,
        NaN or infinite values or negative priors (naming the row). ConcurrentUseError:
        ``trees`` another search is using (one search at a time on the same trees).
    """
    simulations = whole(simulations, "simulations", MIN_SIMULATIONS, MAX_SIMULATIONS)
    c_puct = number(c_puct, "c_puct")
    alpha = number(dirichlet_alpha, "dirichlet_alpha", 0.0, above=True)
    fraction = number(dirichlet_fraction, "dirichlet_fraction", 0.0, 1.0)
    seed = whole(seed, "seed", SEED_MIN, SEED_END - 1)
    threads = whole(threads, "threads", 0, MAX_THREADS) or _core.limits.every_core()
    leaves_per_game = whole(leaves_per_game, "leaves_per_game", 1, MAX_LEAVES)
    virtual_loss = number(virtual_loss, "virtual_loss", 0.0)
    if trees is not None and not isinstance(trees, PuctTrees):
        raise TypeError(f"trees: expected a PuctTrees or None, got {type(trees).__name__}")
    function(evaluate, "evaluate", "evaluate(leaves) -> (priors, values)")
    if isinstance(source, Batch):
        variant = source.variant
        mask = ~source.done if which is None else source._which(which).astype(bool)
        if (mask & source.done).any():
            game = int(np.flatnonzero(mask & source.done)[0])
            raise IllegalMoveError(f"puct: batch game {game} is over; there is no move to search")
        if not mask.any():
            raise ValueError("puct: no game to search (every game is over or none is selected)")
        core_source: Union[_core.Batch, List[State]] = source._core
        core_which: Optional[np.ndarray] = np.ascontiguousarray(mask.astype(np.uint8))
    else:
        states = [source] if isinstance(source, State) else list(source)
        if not states or not all(isinstance(s, State) for s in states):
            raise TypeError("source: expected a Batch, a State or a sequence of States")
        variant = states[0].variant
        base = variant.replace(blocked=())
        for i, s in enumerate(states):
            if s.variant.replace(blocked=()) != base:
                raise ValueError(f"source: state {i} is of {s.variant}, not of {variant} (only blocked squares "
                                 "may differ)")
            if s.is_over():
                raise IllegalMoveError(f"puct: state {i} is over at ply {s.ply}; there is no move to search")
        core_source, core_which = states, None
    players = variant.players
    if trees is not None:
        games = source.size if isinstance(source, Batch) else len(states)
        if games > trees.games:
            raise ValueError(f"trees: made for {trees.games} games, {games} given")
        trees._bind(variant)

    def call(obs: np.ndarray, masks: np.ndarray, boards: np.ndarray, to_move: np.ndarray,
             games: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
        result = evaluate(Leaves(obs, masks, boards, to_move, games))
        if not isinstance(result, (tuple, list)) or len(result) != 2:
            raise TypeError(f"evaluate: expected (priors, values), got {shown(result)}")
        priors, values = result
        return _priors(priors, len(obs), masks.shape[1]), _values(values, to_move, players)

    started = time.perf_counter()
    visits, values, done, evaluate_seconds, kept = _core.puct_search(
        core_source, core_which, call, simulations, c_puct, alpha, fraction, seed, threads, leaves_per_game,
        virtual_loss, None if trees is None else trees._core)
    return PuctResult(visits, values, int(done), time.perf_counter() - started, float(evaluate_seconds), int(kept))


def _priors(priors: npt.ArrayLike, rows: int, columns: int) -> np.ndarray:
    array = np.asarray(priors)
    if array.shape != (rows, columns):
        raise ValueError(f"evaluate: priors must have shape ({rows}, {columns}), got {array.shape}")
    if array.dtype.kind not in "fiu":
        raise TypeError(f"evaluate: priors must be numbers, got dtype {array.dtype}")
    return np.ascontiguousarray(array, dtype=np.float32)


def _values(values: npt.ArrayLike, to_move: np.ndarray, players: int) -> np.ndarray:
    rows = len(to_move)
    array = np.asarray(values)
    if array.dtype.kind not in "fiu":
        raise TypeError(f"evaluate: values must be numbers, got dtype {array.dtype}")
    if array.shape == (rows,):  # the mover's value; the others share its opposite (zero-sum)
        out = np.empty((rows, players), np.float32)
        out[:] = (-array.astype(np.float32) / (players - 1))[:, None]
        out[np.arange(rows), to_move.astype(np.intp) - 1] = array
        return out
    if array.shape != (rows, players):
        raise ValueError(f"evaluate: values must have shape ({rows},) or ({rows}, {players}), got {array.shape}")
    return np.ascontiguousarray(array, dtype=np.float32)


__all__ = ["Leaves", "PuctResult", "puct"]
