"""Search for three and four players (RULES.md §6: the neutral disk, the
adjacency fallback, no passing): Best-Reply Search and paranoid search.

**Best-Reply Search** (Schadd & Winands, "Best Reply Search for Multiplayer
Games", IEEE TCIAIG 3(1), 2011; on Rolit, this game, it beat max^n and
paranoid search): the layers of the colour to move alternate with layers in
which every other colour may move, but only the one reply that hurts the
root colour most is played. **Paranoid** search keeps the real turn order and
lets every other colour play against the root colour. Both are alpha-beta
searches with iterative deepening, a hash table and history move ordering,
in C++ (cpp/src/multi) on the engine's own move generation; the GIL is
released and Ctrl-C stops them (KeyboardInterrupt).

**Evaluation**: each colour's final disk share is estimated from its disks,
its disks that can never flip (squares where every line through them ends at
the board's edge, a cut-out or a blocked square, on one side at least: the
corners of any shape), its disks next to such an empty square, its edge
disks, its flipping moves and its frontier disks, with weights per board,
player count, Anti-Reversi and phase fitted by ``scripts/train_multi_eval.py``; on
8x8, 10x10 and the octagon (not Anti-Reversi) with trained pattern tables besides
(an edge, a corner, the second row and a diagonal, read from each colour's view,
blocked squares read as such; ``scripts/train_multi_patterns.py``).
The value of a position for the root colour is its estimated share minus the
best other colour's (the other way round with Anti-Reversi); a finished game
is worth a win, a loss or 0 for a shared first place, plus the disk margin.

>>> import polyreversi as pr
>>> r = pr.multi_search(pr.Variant.parse("8x8/4p").start(), pr.Limit(depth=3))
>>> r.move in pr.Variant.parse("8x8/4p").start().legal_moves(), r.depth, len(r.scores)
(True, 3, 4)
"""
from __future__ import annotations

import time as _time
from dataclasses import dataclass
from typing import List, Optional, Tuple

from polyreversi import _core, _validate
from polyreversi.limit import Limit
from polyreversi.search import _check_multiplayer
from polyreversi.state import State
from polyreversi.time_control import anytime_seconds, clocked_overhead, mover_moves
from polyreversi.vocabulary import choice

__all__ = ["multi_search", "MultiSearchResult", "MultiPlayer", "ALGORITHMS", "DEFAULT_DEPTH"]

#: The searches: ``"brs"`` (Best-Reply Search) and ``"paranoid"``.
ALGORITHMS = ("brs", "paranoid")
#: The depth of a search given no limit.
DEFAULT_DEPTH = 4
#: Hash table entries, as a power of two (16 bytes each: 1 MiB; the core's default).
TT_BITS: int = _core.limits.DEFAULT_MULTI_TABLE_BITS


@dataclass(frozen=True)
class MultiSearchResult:
    """What :func:`multi_search` found.

    Attributes:
        move: the best move of the colour to move (a square index).
        scores: the estimated final disk share of each colour (floats, turn order
            Black, White, Red, Green; share of the playable squares, 0..1) at the end of
            the principal variation; the real shares if that line ends the game.
        value: the position's value for the colour to move, in the evaluation's units
            (1/10000 of the playable squares; about ±4.2 million for a won or lost game).
        pv: the principal variation, squares from this position (``move`` first). With
            Best-Reply Search the moves alternate between the colour to move and the one
            reply (by any other colour) the search expects.
        depth: layers of the deepest completed iteration (Best-Reply Search: a layer is a
            move of the colour to move or one reply; paranoid: a ply).
        nodes: positions visited. seconds: wall-clock time.
    """

    move: int
    scores: Tuple[float, ...]
    value: int
    pv: List[int]
    depth: int
    nodes: int
    seconds: float


def _algorithm(name: object) -> int:
    """The core's code of an algorithm name (any letter case): TypeError for what is not
    text, ValueError for an unknown name (the package's rule: :func:`polyreversi.vocabulary.choice`)."""
    return ALGORITHMS.index(choice(name, ALGORITHMS, "algorithm"))


def _limits(limit: Optional[Limit]) -> Tuple[int, float, int]:
    """(depth, seconds, nodes) for the core, 0 meaning none."""
    if limit is None:
        limit = Limit()
    if not isinstance(limit, Limit):
        raise TypeError(f"limit: expected a polyreversi.Limit, got {type(limit).__name__}")
    if limit.clock is not None:
        raise ValueError("limit: multi_search spends a time per move, not a game clock; "
                         "give Limit(time=SECONDS), depth or nodes")
    if limit.is_empty():
        return DEFAULT_DEPTH, 0.0, 0
    depth = limit.depth or 0
    return depth, limit.time or 0.0, limit.nodes or 0


def _check_state(value: object) -> None:
    state = _validate.instance(value, State, "state")
    _check_multiplayer(state, "multi_search")
    _validate.not_over(state, "multi_search")


def _check_playable(value: object, what: str) -> State:
    """A player's checks of ``value``, in the players' order: a State, a game not over, of
    three or four players; the refusals name ``what``, the player's call."""
    state = _validate.instance(value, State, "state")
    _validate.not_over(state, what, "no move to choose")
    _check_multiplayer(state, what)
    return state


def multi_search(state: State, limit: Optional[Limit] = None, *, algorithm: str = "brs") -> MultiSearchResult:
    """Searches a 3- or 4-player position and returns the best move of the colour to move.

    Args:
        state: a position of a 3- or 4-player variant (any board, blocked squares,
            Anti-Reversi) that is not over.
        limit: a :class:`polyreversi.Limit`; ``depth`` (iterations; the search stops
            earlier once every line reaches the end of the game), ``time`` (seconds) and ``nodes``, the first
            reached stops the search (the last completed iteration's move is played, or a
            better root move the unfinished one proved). ``None`` or ``Limit()``: depth
            :data:`DEFAULT_DEPTH`. A game ``clock`` is refused.
        algorithm: ``"brs"`` (Best-Reply Search, the default) or ``"paranoid"``.

    Returns:
        A :class:`MultiSearchResult`.

    Determinism: with a depth or node limit the result depends only on the position and
    the limits; with a time limit, on the machine's speed.

    Raises:
        VariantError: a two-player state. ValueError: a finished game, a clock limit, an
            unknown algorithm. TypeError: ``state`` not a State, ``limit`` not a Limit,
            ``algorithm`` not text.
        KeyboardInterrupt: Ctrl-C during the search.
    """
    code = _algorithm(algorithm)
    depth, seconds, nodes = _limits(limit)
    _check_state(state)
    move, value, shares, done, visited, secs, pv = _core._multi_search(state, code, depth, seconds, nodes, TT_BITS)
    return MultiSearchResult(int(move), tuple(float(s) for s in shares), int(value), [int(m) for m in pv],
                             int(done), int(visited), float(secs))


class MultiPlayer:
    """A seat for 3- and 4-player games that plays the move of :func:`multi_search`
    (seat specs ``brs:3``, ``brs:time=0.1``, ``paranoid:4``).

    Args:
        depth: iterations per move; time: seconds per move; nodes: positions per move
            (the first reached stops the search; none of them: depth :data:`DEFAULT_DEPTH`).
            A game clock is given per move, to :meth:`play` or :meth:`choose`.
        algorithm: ``"brs"`` or ``"paranoid"``.

    A single legal move is played at once, without a search.

    Raises:
        TypeError, ValueError: bad limits (as :class:`polyreversi.Limit`) or algorithm,
            checked here at construction.

    >>> import polyreversi as pr
    >>> MultiPlayer(depth=2).choose(pr.Variant.parse("octagon/3p").start()) in range(100)
    True
    """

    name = "brs"

    def __init__(self, depth: Optional[int] = None, time: Optional[float] = None, *, nodes: Optional[int] = None,
                 algorithm: str = "brs") -> None:
        self.limit = Limit(depth=depth, time=time, nodes=nodes)
        _algorithm(algorithm)
        self.algorithm = algorithm.lower()
        self.name = self.algorithm
        self.last: Optional[MultiSearchResult] = None  # the result of the last search
        self._overhead = 0.0  # how late its moves on a clock end (time_control.next_overhead)

    def play(self, state: State, limit: Optional[Limit] = None) -> MultiSearchResult:
        """The search of ``state`` under ``limit``.

        Args:
            state: a 3- or 4-player State whose game is not over.
            limit: a :class:`polyreversi.Limit` in place of the player's own limits:
                ``depth``, ``nodes`` and ``time`` as :func:`multi_search` takes them; a
                ``clock`` (with ``increment``, ``moves_to_go``, ``overtime``) becomes this
                move's time, its share of the clock
                (:func:`polyreversi.time_control.anytime_seconds`: the search stops when
                told), the smaller with a ``time`` too, and the player's own ``depth`` and
                ``nodes`` still stop the search first where the limit gives none. None or
                ``Limit()``: the player's own limits.

        Raises:
            TypeError: not a State, ``limit`` not a Limit. ValueError: a finished game (in
                the players' wording), and as :func:`multi_search`. VariantError: a
                two-player state (naming this call).
        """
        state = _check_playable(state, "MultiPlayer.play")
        given = self._limit(state, limit)
        started = _time.perf_counter()
        self.last = multi_search(state, given, algorithm=self.algorithm)
        self._overhead = clocked_overhead(self._overhead, limit, given.time, started)
        return self.last

    def _limit(self, state: State, limit: Optional[Limit]) -> Limit:
        """The search's limit: ``limit``'s, its clock turned into this move's seconds."""
        if limit is None or (isinstance(limit, Limit) and limit.is_empty()):
            return self.limit
        if not isinstance(limit, Limit):
            raise TypeError(f"limit: expected a polyreversi.Limit, got {type(limit).__name__}")
        if limit.clock is None:
            return limit
        seconds = anytime_seconds(limit, mover_moves(state.empties(), state.variant.players), self._overhead)
        # the player's own depth and nodes still stop the search first where the limit gives
        # none, as the MCTS seats' playouts do (and as a seat spec's depth with --clock)
        depth = self.limit.depth if limit.depth is None else limit.depth
        nodes = self.limit.nodes if limit.nodes is None else limit.nodes
        return Limit(depth=depth, nodes=nodes, time=seconds)

    def choose(self, state: State, limit: Optional[Limit] = None) -> int:
        """The best move of ``state`` under ``limit`` (as :meth:`play`; None: the player's
        own limits); a single legal move at once, without a search.

        Raises:
            As :meth:`play` (naming this call).
        """
        state = _check_playable(state, "MultiPlayer.choose")
        self._limit(state, limit)  # refused alike with one legal move
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return self.play(state, limit).move

    __call__ = choose

    def new_game(self) -> None:
        """Nothing is kept between moves; here for the players' common shape."""

    def __repr__(self) -> str:
        given = [f"{k}={getattr(self.limit, k)!r}" for k in ("depth", "time", "nodes")
                 if getattr(self.limit, k) is not None]
        if self.algorithm != "brs":
            given.append(f"algorithm={self.algorithm!r}")
        return f"MultiPlayer({', '.join(given)})"

