"""Batches of games stepped together in C++, and observation planes for learning.

A :class:`Batch` holds B games of one variant in the engine's memory and steps
them with one call; observations, legal-move masks, rewards and moves sampled
from a policy are all filled in C++ (over threads for big batches), never in a
Python loop. :func:`observe` gives the same planes for one State.

Observation planes (docs/observations.md), C = P + 4 for P players, from the
point of view of one colour (the player to move unless ``perspective`` says):

=========  =================================================================
plane      squares set to 1
=========  =================================================================
0          the perspective colour's disks ("own")
1 .. P-1   each other player's disks, in turn order after the perspective
           colour (2 players: plane 1 is the opponent)
P          neutral disks (3 players; always present, all 0 for 2 or 4 players,
           so C depends only on the player count)
P + 1      empty playable squares
P + 2      holes: blocked squares and octagon cut-outs (RULES.md §1, §4)
P + 3      legal moves of the perspective colour when it is to move; all 0 when
           another colour is to move, the game is over, or the only move is a pass
           (the pass is column N*N of ``masks``)
=========  =================================================================

Rewards (:attr:`Batch.rewards`, float32 (B, P)) are 0 until a game is over, then
``r_i = (P * w_i / k - 1) / (P - 1)`` where ``w_i`` is 1 for the k colours that
share the winning count (RULES.md §7): two players get +1 / -1, or 0 each on a
draw; with 3 or 4 players a sole winner gets +1 and each other player
-1/(P-1); k tied winners get (P/k - 1)/(P-1) each. Rewards always sum to 0.
"""
from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, List, Optional, Sequence, Tuple, Union, cast

import numpy as np
import numpy.typing as npt

from polyreversi import _core, _validate
from polyreversi._core import Color, ConcurrentUseError, HistoryError
from polyreversi.bulk import MAX_BATCH, MAX_THREADS, _policy, _seed
from polyreversi.errors import VariantError, quoted
from polyreversi.state import State
from polyreversi.variant import _DRAW, Variant, as_variant

if TYPE_CHECKING:  # types only: a batch builds records on demand
    from polyreversi.record import Record

#: A call gives each worker thread at least this many games (step and sample; observe and
#: choose take more, their per-game work being smaller). Smaller batches run on the calling
#: thread (the core's limits: cpp/include/polyreversi/limits.hpp).
MIN_GAMES_PER_THREAD: int = _core.limits.MIN_GAMES_PER_THREAD

#: The values :meth:`Batch.step` accepts for ``autoreset``, and the engine's code for each
#: (0: finished games stay finished, 1: restarted at the next step, 2: in the same step).
AUTORESET = {False: 0, None: 0, "off": 0, True: 1, "next-step": 1, "same-step": 2}
class _Keep(enum.Enum):
    """The default of :meth:`Batch.reset`'s options that keep what the batch has."""

    KEEP = 0


_KEEP = _Keep.KEEP


def observe(state: State, *, perspective: Optional[Union[Color, int]] = None,
            dtype: npt.DTypeLike = np.uint8) -> np.ndarray:
    """The observation planes of one state: an array (C, N, N), C = players + 4.

    Args:
        state: any State.
        perspective: the Color whose view the planes give; None: the player to move.
        dtype: ``np.uint8`` (default) or ``np.float32``.

    The planes are listed in this module's docstring and docs/observations.md.

    Raises:
        ValueError: a perspective that is not a player of the game, another dtype.
        TypeError: not a State.

    >>> import polyreversi as pr
    >>> planes = pr.observe(pr.Variant("8x8").start())
    >>> planes.shape, planes.dtype, int(planes[5].sum())  # the legal-move plane
    ((6, 8, 8), dtype('uint8'), 4)
    """
    _validate.instance(state, State, "state")
    players = state.variant.players
    return _core.observe(state, _perspective(perspective, players), _is_f32(dtype))


def _is_f32(dtype: npt.DTypeLike) -> bool:
    try:
        dt = np.dtype(dtype)
    except TypeError:
        raise ValueError(f"dtype: expected np.uint8 or np.float32, got {quoted(dtype)}") from None
    if dt == np.uint8:
        return False
    if dt == np.float32:
        return True
    raise ValueError(f"dtype: expected np.uint8 or np.float32, got {dt}")


def _check_float32_range(given: np.ndarray, converted: np.ndarray, name: str) -> None:
    """Refuses a finite value that float32 cannot hold (it would reach the core as
    +-inf and be named "inf"), naming the value given. A logit below float32's range
    is -inf, a weight of 0, as documented, so only a too large logit is refused."""
    over = np.isinf(converted) & np.isfinite(given)
    if name == "logits":
        over &= given > 0
    if over.any():
        game, column = (int(k) for k in np.argwhere(over)[0])
        where = "the pass column" if column == given.shape[1] - 1 else f"column {column}"
        value = float(given[game, column])
        why = ("(probabilities must be finite and not negative)" if value < 0 else
               f"is beyond float32's range, ±{float(np.finfo(np.float32).max):.4g} (the {name} are read as float32)")
        raise ValueError(f"{name}: game {game}, {where}: {quoted(value)} {why}")


#: The searched policies of :meth:`Batch.choose` and the range of their ``:N``.
# The batch's opponents: "search:D" to a depth any search takes, "mcts:N" with the
# playouts a tree of one game may hold (the core checks both again).
SEARCHED_POLICIES = {"search": (1, _core.limits.MAX_DEPTH), "mcts": (1, _core.limits.MAX_TREE_PLAYOUTS)}


def _searched_policy(policy: object) -> Optional[Tuple[str, int]]:
    """("search", depth) or ("mcts", playouts) for ``"search:D"`` / ``"mcts:N"``; None for
    another policy (the plain ones are checked by the caller). Read as the plain names are
    (:func:`polyreversi.vocabulary.choice`): in any letter case, nothing trimmed."""
    if not isinstance(policy, str) or ":" not in policy:
        return None
    kind, _, count = policy.lower().partition(":")
    if kind not in SEARCHED_POLICIES:
        return None
    low, high = SEARCHED_POLICIES[kind]
    number = _validate.count_text(count)  # read as a seat spec's count
    if number is None or not low <= number <= high:
        raise ValueError(f"policy {quoted(policy)}: expected {kind}:N with N in {low}..{high}, in "
                         f"{_validate.COUNT_FORM}")
    return kind, number


def _perspective(value: Union[Color, int, np.integer[Any], None], players: int) -> int:
    """The colour index 0..players-1 of a Color, or -1 for None (the player to move)."""
    if value is None:
        return -1
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"perspective: expected a Color or None, got {quoted(value)}")
    if not 1 <= int(value) <= players:
        raise ValueError(f"perspective: {int(value)} is not a player of this {players}-player game (1..{players})")
    return int(value) - 1



def _count_hint(count: Union[int, str]) -> str:
    """Where a count of blocked squares goes, for a ``blocked`` that gave one (``3``, the
    ``'3'`` of ``'random3'``): that count itself when the core's range
    (``limits.MIN_RANDOM_BLOCKED`` .. ``limits.MAX_BLOCKED``) holds it, else the range."""
    low, high = _core.limits.MIN_RANDOM_BLOCKED, _core.limits.MAX_BLOCKED
    if isinstance(count, str):
        count = int(count) if _validate.is_digits(count) and _validate.too_many_digits(count) is None else -1
    if low <= count <= high:
        return f"; for {count} random squares per game give blocked='random', blocked_count={count}"
    return f"; for random squares per game give blocked='random' and blocked_count, {low} to {high}"

class Batch:
    """B games of one variant held in C++ and stepped together (for learning
    and search loops).

    Args:
        variant: a Variant or its text form.
        size: B, 1 .. :data:`MAX_BATCH` games.
        seed: the batch's seed (random blocked squares, and :meth:`choose` /
            :meth:`sample` when they get no seed): an int in ``0 .. 2**64 - 1``.
        blocked: ``"random"`` gives every game its own 1-4 random blocked squares
            (RULES.md §4), drawn again whenever the game restarts; None: the variant's.
            A count goes in ``blocked_count`` (``blocked=3`` is a TypeError; see
            :class:`~polyreversi.Variant`'s ``blocked``).
        blocked_count: with ``blocked="random"``, this many squares (1-4) per game
            instead of a uniform count.
        start: a State (every game starts there) or a sequence of B States
            (game i starts at start[i]); the States' variants must be the batch's
            but for blocked squares, which each game then keeps. None: the variant's start.
        threads: worker threads for each call (0: every core this process may run
            on when the Batch is made). Each thread gets at
            least :data:`MIN_GAMES_PER_THREAD` games (more for observe and choose), so
            small batches use one thread, where threads cost more than they give;
            results never depend on the count.

    Arrays (read-only NumPy views of the engine's memory, updated in place by
    every call: ``.copy()`` one to keep it, e.g. in a replay buffer):

    ================  ===============  ========================================
    attribute         dtype, shape     contents
    ================  ===============  ========================================
    masks             bool (B, N*N+1)  legal moves; column N*N is a forced pass
    boards            int8 (B, N, N)   cell codes as in ``State.board()``
    done, terminated  bool (B,)        the game is over (nobody can move)
    scores            int32 (B, P)     disks of each colour (RULES.md §7)
    winners           bool (B, P)      colours sharing the win; all False until over
    rewards           float32 (B, P)   the reward rule of this module; 0 until over
    to_move           int8 (B,)        Color value of the player to move
    reset_mask        bool (B,)        games the last :meth:`step` restarted
    final_scores,     as above         what each game restarted by autoreset
    final_winners,                     left behind (rows where ``reset_mask`` is
    final_rewards                      True are from the last step)
    ================  ===============  ========================================

    Raises:
        ValueError: size or threads out of range, a bad ``blocked``.
        VariantError: bad variant text, or a start State of another variant.
        TypeError: ``variant`` not a Variant or text; ``blocked`` neither text nor None.
        PositionError: a start position that breaks its board.

    >>> b = Batch("8x8", 4, seed=1)
    >>> b.masks.shape, b.boards.shape, b.observe().shape
    ((4, 65), (4, 8, 8), (4, 6, 8, 8))
    """

    def __init__(self, variant: Union[Variant, str], size: int, *, seed: int = 0, blocked: Optional[str] = None,
                 blocked_count: Optional[int] = None, start: Union[State, Sequence[State], None] = None,
                 threads: int = 0) -> None:
        self.variant = as_variant(variant)
        self._core = _core.Batch(self.variant._rules, self.variant, _validate.whole(size, "size", 1, MAX_BATCH))
        self.threads = _validate.whole(threads, "threads", 0, MAX_THREADS)
        core = self._core
        # Cached views: they never move, and the core does not refer back to them.
        self.masks, self.boards, self.done, self.scores = core.masks, core.boards, core.done, core.scores
        self.to_move, self.winners, self.rewards, self.reset_mask = core.to_move, core.winners, core.rewards, core.reset_mask
        self.final_scores, self.final_winners, self.final_rewards = core.final_scores, core.final_winners, core.final_rewards
        self.terminated = self.done
        # Per-call checks compare against these (a step of 4096 games is ~0.2 ms, so
        # microseconds of Python per call show in the threaded figures).
        self._moves_shape = (core.size,)
        self._values_shape = (core.size, self.variant.PASS + 1)
        self._all_cores = _core.limits.every_core()  # what threads=0 means
        if seed != 0 or blocked is not None or start is not None:
            self.reset("all", seed=seed, blocked=blocked, blocked_count=blocked_count, start=start)

    @property
    def size(self) -> int:
        """B, the number of games."""
        return self._core.size

    def __len__(self) -> int:
        return self._core.size

    @property
    def channels(self) -> int:
        """C, the planes of :meth:`observe`: players + 4."""
        return self._core.channels

    @property
    def seed(self) -> int:
        """The seed set by the constructor or the last :meth:`reset` with a seed."""
        return self._core.seed

    def plies(self) -> np.ndarray:
        """int32 (B,): each game's ply number (a pass is a ply)."""
        return self._core.plies()

    def _threads(self, threads: Optional[int]) -> int:
        t = self.threads if threads is None else _validate.whole(threads, "threads", 0, MAX_THREADS)
        return t or self._all_cores

    def step(self, moves: npt.ArrayLike, *, autoreset: Union[bool, str] = False,
             threads: Optional[int] = None, which: Optional[npt.ArrayLike] = None) -> Optional[np.ndarray]:
        """Plays moves[i] in game i. Every move is checked before any is played.

        Args:
            moves: integer array-like (B,): a square index, N*N for a forced pass,
                -1 for a finished game (with autoreset, any value for a finished game:
                it is ignored).
            autoreset: False: finished games stay finished until :meth:`reset`.
                ``True`` or ``"next-step"`` (Gymnasium's default, NEXT_STEP): a game
                finished by one step stays finished, with its final board, rewards and
                record readable, and the *next* step restarts it instead of playing its
                move. ``"same-step"`` (SAME_STEP): a game that finishes on this step is
                restarted at once; what it left behind is in ``final_scores``,
                ``final_winners``, ``final_rewards``, ``observe(final=True)`` and
                ``record(i, final=True)``. In both modes the restarted games are those
                where the returned ``reset_mask`` is True; restarted games get new random
                blocked squares when the batch draws them.
            threads: worker threads for this call (None: the batch's setting).
            which: None (every game) or a bool array-like (B,): only those games are
                checked and stepped; the others keep their position, their moves are
                ignored and their ``reset_mask`` is False (an opponent's ply in the games
                where it is to move, as :mod:`polyreversi.envs.vector` plays them).

        Returns:
            with autoreset, :attr:`reset_mask`, a bool (B,) view: the games restarted by
            this step; without, None (nothing restarts).

        Raises:
            IllegalMoveError: names the first bad game, its move and its legal moves;
                nothing is played then.
            ValueError: wrong shape, a value outside int32, a bad autoreset or threads.
            TypeError: not integers (None, text, floats: whatever the shape).
        """
        mode = AUTORESET.get(autoreset) if isinstance(autoreset, (bool, str, type(None))) else None
        if mode is None:
            raise ValueError(f"autoreset: expected False, True, 'next-step' or 'same-step', got {quoted(autoreset)}")
        threads = self._threads(threads)
        array = _array_of(moves, "moves", self._moves_shape, "", "integers", "iu")
        if array.dtype != np.int32:
            if array.size and (array.min() < -(2**31) or array.max() >= 2**31):
                raise ValueError("moves: values outside int32")
            array = array.astype(np.int32)
        if not array.flags.c_contiguous:
            array = np.ascontiguousarray(array)
        if which is not None:
            which = self._which(which)
        self._core.step(array, mode, threads, which)
        return self.reset_mask if mode else None

    def _which(self, which: npt.ArrayLike) -> np.ndarray:
        """uint8 (B,) 0/1 of a bool array-like (B,); ValueError names the shape or dtype."""
        try:
            array = np.asarray(which)
        except (TypeError, ValueError):  # ragged lists and the like
            raise ValueError(f"which: expected a bool array of shape ({self.size},)") from None
        if array.shape != (self.size,) or array.dtype != np.bool_:
            raise ValueError(f"which: expected a bool array of shape ({self.size},), "
                             f"got {array.dtype} of shape {array.shape}")
        return np.ascontiguousarray(array).view(np.uint8)

    def reset(self, which: Optional[npt.ArrayLike] = None, *, seed: Optional[int] = None,
              blocked: Union[str, None, _Keep] = _KEEP, blocked_count: Optional[int] = None,
              start: Union[State, Sequence[State], None, _Keep] = _KEEP) -> None:
        """Restarts games.

        Args:
            which: None: every finished game; ``"all"``: every game; or a bool
                array-like (B,) of the games to restart.
            seed: sets the batch's seed and counts its steps and episodes from 0, so the
                same seed gives the same blocked squares and sampled moves again.
                Game i's first random blocked squares after ``reset("all", seed=s)`` are
                ``_core.random_blocked(board, handicap, s, count, i, 0)``; game 0's are
                those of ``variant.with_random_blocked(seed=s)`` (s in 0 .. 2**64 - 1).
            blocked: ``"random"`` (each restarted game draws 1-4 blocked squares,
                RULES.md §4, and so does every later restart), None (the variant's
                blocked squares); omitted: keep the batch's setting.
            blocked_count: with ``"random"``: squares per game, 1-4 (None: uniform 1..4).
            start: a State or a sequence of B States to start from (see the class);
                None: the variant's start; omitted: each game keeps its start.

        Raises:
            TypeError: a ``blocked`` that is neither text nor None (a count is ``blocked_count``).
            ValueError: a bad ``which``, ``blocked`` or ``blocked_count``; a sequence of
                starts that is not B long. VariantError / PositionError: a bad start;
                ``start`` with ``blocked="random"``. Nothing changes then.
        """
        core = self._core
        if isinstance(which, str):
            if which not in ("all", "done"):
                raise ValueError(f"which: expected None, 'all', 'done' or a bool array of shape ({self.size},), "
                                 f"got {quoted(which)}")
            mask = None if which == "all" else self.done.astype(np.uint8)
        elif which is None:
            mask = self.done.astype(np.uint8)
        else:
            mask = self._which(which).copy()
        if _validate.is_integer(blocked):  # the command line's --blocked 3 is a count: say where a count goes
            count = int(cast(int, blocked))  # an int or a NumPy integer: is_integer said so
            raise TypeError(f"blocked: expected 'random' or None, got {quoted(blocked)}{_count_hint(count)}")
        if not (blocked is _KEEP or blocked is None or isinstance(blocked, str)):
            raise TypeError(f"blocked: expected 'random' or None, got {quoted(blocked)}")
        if blocked is _KEEP:
            random_blocked = core.random_blocked
        elif blocked is None or blocked == "variant":
            random_blocked = False
        elif blocked == "random":
            random_blocked = True
        else:
            draw = _DRAW.fullmatch("blocked=" + blocked.strip().lower())  # 'random3': variant text's count
            hint = _count_hint(draw.group(1)) if draw is not None and draw.group(1) else ""
            raise ValueError(f"blocked: expected 'random' or None, got {quoted(blocked)}{hint}")
        count = 0 if blocked_count is None else _validate.whole(
            blocked_count, "blocked_count", _core.limits.MIN_RANDOM_BLOCKED, _core.limits.MAX_BLOCKED)
        if blocked_count is not None and not random_blocked:
            raise ValueError("blocked_count: only with blocked='random'")
        standard = False
        starts: Union[None, State, List[State]] = None
        if start is None:
            standard = True
        elif start is not _KEEP:
            if random_blocked:
                raise ValueError("start: a custom start keeps its own blocked squares; not with blocked='random'")
            if isinstance(start, State):
                starts = start
            elif isinstance(start, (list, tuple)):
                if not all(isinstance(s, State) for s in start):
                    raise TypeError("start: expected a State or a sequence of States")
                starts = list(start)
            else:
                raise TypeError(f"start: expected a State or a sequence of States, got {type(start).__name__}")
        core.reset(mask, None if seed is None else _seed(seed), random_blocked, count, starts, standard)

    def choose(self, policy: str = "random", seed: Optional[int] = None, *, threads: Optional[int] = None,
               which: Optional[npt.ArrayLike] = None) -> np.ndarray:
        """int32 (B,): a move per game by a built-in policy (-1 for finished
        games), ready for :meth:`step`.

        Args:
            policy: ``"random"``, ``"greedy"``, ``"search:D"`` (the engine's search to D
                plies, 1 .. :data:`polyreversi.limit.MAX_DEPTH`, two players only; :class:`polyreversi.SearchPlayer` at that
                depth) or ``"mcts:N"`` (N UCT playouts per move, :func:`polyreversi.mcts`).
                The searches run in C++ over the games, one thread at least per game.
            seed: the moves depend on (seed, the steps since the seed was set, game
                index); None: the batch's seed.
            threads: worker threads (None: the batch's setting).
            which: None, or a bool array-like (B,): moves only for those games (-1 for
                the others); with search and MCTS the others cost nothing.

        Raises:
            TypeError: a policy that is not text. ValueError: an unknown policy or a bad
                ``:N`` (a count in digits, without a sign or a leading zero, as a seat spec's);
                ``which`` of the wrong shape or dtype. VariantError: ``search:D`` with three
                or four players.
            KeyboardInterrupt: Ctrl-C (SIGINT) stops the searches within a moment, as it
                stops :func:`polyreversi.search`; the games are as they were.
        """
        seed = self.seed if seed is None else _seed(seed)
        searched = _searched_policy(policy)
        selected = None if which is None else self._which(which)
        if searched is None:  # a refusal lists the searched forms beside the plain names
            code = _policy(policy, [f"{kind}:N" for kind in SEARCHED_POLICIES])
            moves = self._core.choose(code, seed, self._threads(threads))
            if selected is not None:
                moves[selected == 0] = -1
            return moves
        kind, count = searched
        if kind == "search":
            if self.variant.players != 2:
                raise VariantError(f"policy {quoted(policy)}: the search plays two-player games; {self.variant} has "
                                   f"{self.variant.players} players (use mcts:N)")
            return self._core.choose_search(count, selected, self._threads(threads))
        return self._core.choose_mcts(count, seed, selected, self._threads(threads))

    def observe(self, out: Optional[np.ndarray] = None, *, dtype: npt.DTypeLike = np.uint8,
                perspective: Union[Color, int, npt.ArrayLike, None] = None, final: bool = False,
                threads: Optional[int] = None) -> np.ndarray:
        """The observation planes of every game: (B, C, N, N), C = players + 4
        (planes in this module's docstring and docs/observations.md).

        Args:
            out: an array to fill instead of a new one: C-contiguous, writeable,
                shape (B, C, N, N), dtype uint8 or float32 (``dtype`` is then ignored).
            dtype: ``np.uint8`` or ``np.float32`` for a new array.
            perspective: None (each game's player to move), a Color (the same for every
                game), or an integer array-like (B,) of Color values.
            final: the final positions of games restarted by autoreset (rows where
                ``reset_mask`` is True after a ``"same-step"`` step); other rows show the
                last game each slot restarted from (the start position if none).
            threads: worker threads for this call (None: the batch's setting).

        Returns:
            ``out`` (filled) or a new array.

        Raises:
            ValueError: an ``out`` of the wrong shape or dtype, read-only or not
                C-contiguous; a perspective that is not a player.
            TypeError: a perspective that is not a Color or an array of them.
        """
        n, players = self.variant.n, self.variant.players
        shape = (self.size, players + 4, n, n)
        if out is None:
            out = np.empty(shape, dtype=np.float32 if _is_f32(dtype) else np.uint8)
        else:
            if not isinstance(out, np.ndarray):
                raise TypeError(f"out: expected a NumPy array, got {type(out).__name__}")
            if out.shape != shape:
                raise ValueError(f"out: expected shape {shape}, got {out.shape}")
            if out.dtype not in (np.uint8, np.float32):
                raise ValueError(f"out: expected dtype uint8 or float32, got {out.dtype}")
            if not out.flags.c_contiguous:
                raise ValueError("out: expected a C-contiguous array")
            if not out.flags.writeable:
                raise ValueError("out: the array is read-only")
        if perspective is None or isinstance(perspective, (int, np.integer)):
            per: Union[int, np.ndarray] = _perspective(perspective, players)
        else:
            try:
                values = np.asarray(perspective)
            except (TypeError, ValueError):
                raise TypeError("perspective: expected a Color or an array of Color values") from None
            if values.shape != (self.size,) or values.dtype.kind not in "iu":
                raise ValueError(f"perspective: expected a Color or an integer array of shape ({self.size},)")
            if values.size and (values.min() < 1 or values.max() > players):
                raise ValueError(f"perspective: values must be Colors of this {players}-player game (1..{players})")
            per = (values - 1).astype(np.int8)
        self._core.observe(out, per, bool(final), self._threads(threads))
        return out

    def _values(self, values: Optional[npt.ArrayLike], name: str) -> np.ndarray:
        array = _array_of(values, name, self._values_shape, " (B games, N*N+1 moves)", "float32 numbers", "fiub")
        if array.dtype != np.float32:
            with np.errstate(over="ignore"):
                converted = array.astype(np.float32)
            if array.dtype.kind == "f" and array.dtype.itemsize > 4:
                _check_float32_range(array, converted, name)
            array = converted
        if not array.flags.c_contiguous:
            array = np.ascontiguousarray(array)
        return array

    def sample(self, probs: npt.ArrayLike, seed: Optional[int] = None, *, threads: Optional[int] = None) -> np.ndarray:
        """A move per game drawn from a policy array, in C++: int32 (B,), ready for :meth:`step`.

        Args:
            probs: float32 (B, N*N+1) (other float dtypes are converted): weights of
                each move, column N*N the pass. Illegal moves are masked out and each
                row is renormalised over the legal moves; a row whose legal moves all
                have weight 0 draws uniformly among the legal moves, but a row that is 0
                everywhere is refused. A forced pass is returned as N*N whatever its
                weight; finished games get -1.
            seed: moves depend on (seed, steps since the seed was set, game index)
                only, never on the thread count; None: the batch's seed.
            threads: worker threads for this call (None: the batch's setting).

        Raises:
            ValueError: wrong shape; a NaN, infinite or negative weight in any column,
                the illegal moves and finished games included (names the game, the column
                and the value); a finite weight float32 cannot hold (1e300 as float64:
                names the value given); a row of a game to move that is 0 in every
                column (names the game). TypeError: not numbers, or None.
        """
        seed = self.seed if seed is None else _seed(seed)
        return self._core.sample(self._values(probs, "probs"), False, 1.0, seed, self._threads(threads))

    def sample_logits(self, logits: npt.ArrayLike, temperature: float = 1.0, seed: Optional[int] = None, *,
                      threads: Optional[int] = None) -> np.ndarray:
        """A move per game drawn from softmax(logits / temperature) over the legal
        moves: int32 (B,).

        Args:
            logits: float32 (B, N*N+1); -inf is a weight of 0 (a row whose legal moves
                are all -inf draws uniformly among them).
            temperature: finite and > 0; 0 takes the legal move with the highest logit
                (ties to the lowest square).
            seed, threads: as :meth:`sample`.

        Raises:
            ValueError: wrong shape, a NaN or +inf logit in any column (names the game and
                column), a finite logit above float32's range (names the value given; one
                below it is -inf, a weight of 0), a negative, NaN or infinite temperature.
        """
        if isinstance(temperature, (bool, np.bool_)) or not isinstance(temperature, (int, float, np.floating,
                                                                                     np.integer)):
            raise TypeError(f"temperature: expected a number, got {quoted(temperature)}")
        seed = self.seed if seed is None else _seed(seed)
        return self._core.sample(self._values(logits, "logits"), True, float(temperature), seed,
                                 self._threads(threads))

    def _index(self, index: object) -> int:
        if isinstance(index, (bool, np.bool_)) or not isinstance(index, (int, np.integer)):
            raise TypeError(f"index: expected an int, got {quoted(index)}")
        if not -self.size <= index < self.size:
            raise IndexError(f"game {index} is not in this batch of {self.size}")
        return int(index) % self.size

    def state(self, index: int, *, final: bool = False) -> State:
        """Game ``index`` as a new State with its moves since it (re)started, so
        ``undo()`` works and ``state.record()`` replays. Its variant carries the
        game's blocked squares. ``final=True``: the game the last autoreset of this
        slot finished (see :meth:`step`).

        Raises IndexError for an index outside -B..B-1, TypeError for a non-int;
        HistoryError (an IndexError) for ``final=True`` when no finished game is kept
        for the slot (no autoreset has restarted it since the batch was made)."""
        index = self._index(index)
        blocked, cells, to_move, ply, custom, moves = self._core.game(index, bool(final))
        variant = self.variant if tuple(blocked) == self.variant.blocked else self.variant.replace(blocked=blocked)
        state = variant.position(cells, to_move, ply) if custom else variant.start()
        for move in moves:
            state.play(move)
        if final and not state.is_over():  # a kept game is always a finished one
            raise HistoryError(f"game {index}: no finished game is kept for it (final=True reads the game an "
                               "autoreset restarted; none has restarted this game yet)")
        return state

    def record(self, index: int, *, final: bool = False, **meta: Any) -> Record:
        """The Record of game ``index`` (as :meth:`state`; keywords as ``State.record``).

        Raises:
            HistoryError: ``final=True`` and no finished game is kept for game ``index``
                (no autoreset has restarted it yet). IndexError, TypeError: as :meth:`state`.
        """
        return self.state(index, final=final).record(**meta)

    def __repr__(self) -> str:
        return f"<Batch {self.variant} size={self.size} done={int(self.done.sum())}>"


def _array_of(values: object, name: str, shape: Tuple[int, ...], axes: str, what: str, kinds: str) -> np.ndarray:
    """``values`` as a NumPy array (itself when it is one) of ``shape`` and a dtype of
    ``kinds`` (NumPy's kind letters): the one check of an array argument's type and shape.
    The type before the shape: None, text or floats are the wrong type whatever their shape.

    Raises:
        TypeError: ``NAME: expected WHAT of shape SHAPE[AXES], got TYPE`` (or ``dtype D``).
        ValueError: ``NAME: expected shape SHAPE[AXES], got SHAPE`` (or ``a ragged sequence``).
    """
    try:
        array = values if type(values) is np.ndarray else np.asarray(values)
    except ValueError:  # a ragged list: its type is right, its shape is not
        raise ValueError(f"{name}: expected shape {shape}{axes}, got a ragged sequence") from None
    if array.dtype.kind not in kinds:
        given = f"dtype {array.dtype}" if array.ndim else type(values).__name__
        raise TypeError(f"{name}: expected {what} of shape {shape}{axes}, got {given}")
    if array.shape != shape:
        raise ValueError(f"{name}: expected shape {shape}{axes}, got {array.shape}")
    return array


for _cls in (_core.Batch, Batch):
    _validate.refuse_pickle(_cls, "a batch lives in the engine's memory; save its games with batch.record(i) instead")
del _cls

__all__ = ["Batch", "observe", "ConcurrentUseError", "AUTORESET", "MIN_GAMES_PER_THREAD"]
