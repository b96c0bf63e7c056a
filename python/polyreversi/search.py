"""Two-player search and the exact endgame solver (C++; the GIL is released,
Ctrl-C stops them).

Scores are from the view of the player to move, in disks (RULES.md §7 counts):
positive means the mover ends ahead. With Anti-Reversi, where the fewest disks
win, "ahead" means fewer disks: the score is the opponent's disks minus the
mover's. Both work on every two-player variant (every board, blocked squares,
handicap, free opening, Anti-Reversi); a 3- or 4-player state raises
VariantError (use MCTS there).

>>> import polyreversi as pr
>>> state = pr.Variant().position_from_text(
...     "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
>>> result = pr.solve(state)
>>> state.variant.square_name(result.move), result.score
('g8', 18)

The FFO test suites and Edax score with the World Othello Federation
convention: the empty squares left at the end go to the winner.
``solve(state, convention="wof")`` scores that way; by hand, a final disk
difference ``d`` with ``e`` empty squares left is ``d + e`` if ``d > 0``,
``d - e`` if ``d < 0`` and ``0`` for a draw. The two conventions agree
whenever the game ends on a full board; when it can end early, the best line
may differ, which is why ``convention`` is an argument of the solve and not a
conversion afterwards.
"""
from __future__ import annotations

import contextlib
import numbers
import os
from dataclasses import dataclass, field
from typing import Dict, Iterator, List, Optional


from polyreversi import _core, _validate, time_control
from polyreversi._core import VariantError
from polyreversi.limit import MAX_DEPTH, MAX_NODES
from polyreversi.state import State
from polyreversi.vocabulary import choice

__all__ = ["SearchResult", "SolveResult", "search", "solve", "evaluate", "CONVENTIONS", "EVALUATIONS"]

#: Score conventions of :func:`solve`.
CONVENTIONS = ("disks", "wof")
#: Evaluations of :func:`search`: ``None`` picks the one of the variant's rules.
EVALUATIONS = (None, "normal", "anti")
#: Default hash table size (MiB), shared among the threads (the core's default).
TT_MB: int = _core.limits.DEFAULT_TABLE_MIB
#: The depth of :func:`search` when no limit is given.
DEFAULT_DEPTH = 6


def _evaluation_code(evaluation: Optional[str]) -> int:
    """The core's code of an evaluation of :data:`EVALUATIONS` (its Evaluation enum,
    in the same order: auto, normal, anti)."""
    return EVALUATIONS.index(evaluation)


@dataclass(frozen=True)
class SearchResult:
    """What :func:`search` found.

    Attributes:
        move: the best move (square index, ``state.PASS`` for a forced pass); ``None``
            when the game is over.
        score: from the mover's view, in disks (float; a heuristic estimate unless
            ``exact``; with Anti-Reversi positive means fewer disks than the opponent);
            None only when a search was stopped before its first iteration completed
            (a :class:`polyreversi.SearchPlayer` stopped at once; ``depth`` is then 0).
        pv: the principal variation, moves from this position (``move`` first).
        depth: plies of the iteration the move and score are from (the empties when
            ``exact``): the deepest completed, or a deeper one stopped partway.
        nodes: positions visited. seconds: wall-clock time.
        exact: True when the score is the exact result of best play to the end.
    """

    move: Optional[int]
    score: Optional[float]
    pv: List[int]
    depth: int
    nodes: int
    seconds: float
    exact: bool


@dataclass(frozen=True)
class SolveResult:
    """What :func:`solve` found.

    Attributes:
        move: a best move (``state.PASS`` for a forced pass; ``None`` if the game is over).
        score: the exact final disk difference for the player to move with best play by
            both sides (RULES.md §7; with ``convention="wof"`` the empties go to the winner);
            with Anti-Reversi it is the opponent's disks minus the mover's, so positive
            means the mover wins (fewer disks), as for :class:`SearchResult`.
        pv: a line of best play to the end of the game.
        nodes: positions visited. seconds: wall-clock time.
        scores: with ``moves=True`` every legal move's exact score, ``{move: score}``,
            best first (ties by square); otherwise empty.
        convention: ``"disks"`` or ``"wof"``.
        complete: False when a ``time`` or ``nodes`` limit stopped the solve first:
            then ``move`` and ``score`` are None and ``pv`` and ``scores`` empty, and
            ``lower`` / ``upper`` hold what the exact search had proven by then.
        lower, upper: bounds on the exact score, ``lower <= score <= upper`` (both equal
            to ``score`` when complete). A stopped solve has ``lower`` once the exact
            pass has scored a move (exactly, or at least some value) and ``upper`` once
            one of its passes found every move at most some value; None when nothing is
            proven yet. The estimates before the exact pass (heuristic and ProbCut
            searches) never set them: they are not proofs.
    """

    move: Optional[int]
    score: Optional[int]
    pv: List[int]
    nodes: int
    seconds: float
    scores: Dict[int, int] = field(default_factory=dict)
    convention: str = "disks"
    complete: bool = True
    lower: Optional[int] = None
    upper: Optional[int] = None


#: What plays 3- and 4-player games, for the messages that refuse one here.
MULTIPLAYER_HINT = ("for 3 or 4 players use pr.InformedMCTSPlayer / pr.multi_mcts (MCTS with the trained "
                    "evaluation, the strongest), pr.MultiPlayer / pr.multi_search (best-reply or paranoid search) "
                    "or pr.MCTSPlayer / pr.mcts (plain UCT); on the command line imcts:PLAYOUTS, brs:DEPTH or "
                    "mcts:PLAYOUTS seats")


def _check_state(state: object, what: str) -> State:
    """``state`` when it is a two-player State. ``what`` (the caller) names the call in the
    refusal of a 3-4 player game; a wrong type names the argument, as every call does."""
    state = _validate.instance(state, State, "state")
    if state.variant.players != 2:
        raise VariantError(
            f"{what}: two-player games only (got a {state.variant.players}-player game); {MULTIPLAYER_HINT}"
        )
    return state


#: What plays two-player games, for the messages that refuse one at a 3-4 player call.
TWO_PLAYER_HINT = ("for two players use pr.SearchPlayer / pr.search (alpha-beta) or "
                   "pr.MCTSPlayer / pr.mcts (plain UCT); on the command line search:DEPTH or mcts:PLAYOUTS seats")


def _check_multiplayer(state: State, what: str) -> None:
    """Refuses a two-player ``state`` at a 3-4 player call: VariantError naming ``what``
    (the call), in the wording of :func:`_check_state`'s refusal of the other kind."""
    if state.variant.players < 3:
        raise VariantError(f"{what}: three or four players only (got a {state.variant.players}-player "
                           f"game); {TWO_PLAYER_HINT}")


def _move_or_none(state: State, move: int) -> Optional[int]:
    return None if move < 0 else int(move)


def search(state: State, *, depth: Optional[int] = None, time: Optional[float] = None,
           nodes: Optional[int] = None, threads: int = 1, tt_mb: int = TT_MB,
           evaluation: Optional[str] = None, selective: bool = True) -> SearchResult:
    """The best move by iterative-deepening PVS alpha-beta with a hash table.

    Stops at the first limit reached: ``depth`` plies (a forced pass is a ply),
    ``time`` seconds, ``nodes`` positions; with none given, ``depth=6``. The
    iterations go two plies at a time on the 8x8 board (its trained
    evaluation; normal rules, any start, blocked squares too), ending on ``depth``'s parity (1, 3, ..., 7 for
    ``depth=7``; the even depths without one), as Edax's; one at a time on the other
    boards (docs/tuning.md). The result is the deepest
    completed iteration, or a deeper one a limit stopped
    once it had scored the last iteration's best move (then the best of the moves
    it scored; ``depth`` is that iteration's). The first iteration always
    completes, so ``time`` and ``nodes`` may be exceeded by it; no later one starts
    once a limit is reached, nor (with ``time``) after
    :data:`polyreversi.time_control.START_SHARE` of it, and one under way stops at the next check
    (with ``time`` or ``nodes`` every 256 positions per thread, else every 4096; with
    threads, against all threads' nodes together), so
    ``nodes`` may end about 256 per thread over the limit (a few more: the last plies count
    their nodes between checks; 277 seen on one thread), or with threads as much
    under it (``search(start, nodes=1)`` gives ``depth=2`` on 8x8). Once the depth reaches the
    number of empty squares the exact solver takes over (``exact=True``). A
    finished game returns at once with ``move=None``.

    Args:
        state: a two-player State (not changed).
        depth: 1 .. :data:`polyreversi.limit.MAX_DEPTH` (250) plies (the static evaluation alone is
            :func:`evaluate`). time: seconds > 0, at most :data:`polyreversi.limit.MAX_TIME`
            (a day). nodes: 1 .. 2**62.
        threads: threads splitting the root moves (0: every core). At a fixed
            depth the full-width score (``selective=False``) does not depend on
            it; the move may differ among moves of equal score, and nodes and
            time differ.
        tt_mb: hash table MiB (1 .. 65536), one table shared by the threads (search: half for the
            exact solver it switches to near the end). The call's table starts at 64 KiB and
            doubles as it fills (on several threads between the search's iterations), up to
            ``tt_mb``: a short search touches only the memory it uses (a depth-10 8x8 search took
            2.7 times the CPU on a whole fresh 64 MiB table, its pages mapped as touched, and
            3 times the wall time on two threads: benchmarks/HISTORY.md). A
            :class:`polyreversi.SearchPlayer` keeps its table between moves instead.
        evaluation: ``None`` (the variant's rules), ``"normal"`` or ``"anti"``:
            which evaluation to use (to compare them under Anti-Reversi).
        selective: True (default): the midgame search prunes by Multi-ProbCut,
            as the strongest engines do: a shallow search predicts a deep one and
            the subtree is cut when the prediction falls well outside the window
            (fitted per board, depth and empties on real positions; boards with
            no fit stay full width). The score is then an estimate of the
            depth-limited minimax value, and may depend on ``threads`` and
            ``tt_mb``. False: full width, the exact minimax value to ``depth``
            (for comparisons and A/B matches). The exact solver near the end is
            the same either way.

    Raises:
        TypeError: not a State, or a limit of the wrong type. ValueError: a limit out
        of range. VariantError: a 3- or 4-player state. MemoryError: no memory for a
        table of ``tt_mb`` MiB, or more than the memory available now (the message
        names it).

    >>> import polyreversi as pr
    >>> r = pr.search(pr.Variant().start(), depth=4)
    >>> r.depth, r.exact, r.move in (19, 26, 37, 44), r.pv[0] == r.move
    (4, False, True, True)
    """
    _check_state(state, "search")
    if isinstance(depth, numbers.Integral) and not isinstance(depth, bool) and depth == 0:  # np.bool_ is not Integral
        raise ValueError(f"depth: must be 1 to {MAX_DEPTH}, got 0 (the static evaluation alone is pr.evaluate(state))")
    d = -1 if depth is None else _validate.whole(depth, "depth", 1, MAX_DEPTH)
    seconds = -1.0 if time is None else _validate.seconds(time, "time")
    n = -1 if nodes is None else _validate.whole(nodes, "nodes", 1, MAX_NODES)
    if depth is None and time is None and nodes is None:
        d = DEFAULT_DEPTH
    threads = _validate.whole(threads, "threads", 0, _core.limits.MAX_THREADS)
    tt_mb = _validate.whole(tt_mb, "tt_mb", _core.limits.MIN_TABLE_MIB, _core.limits.MAX_TABLE_MIB)
    code = _evaluation_code(choice(evaluation, EVALUATIONS, "evaluation"))
    selective = _validate.flag(selective, "selective")
    with _table_memory(tt_mb):
        move, score, pv, got_depth, visited, secs, exact = _core._search(
            state, d, seconds, n, threads, tt_mb, code, selective,
            -1.0 if time is None else time_control.START_SHARE * seconds)
    return SearchResult(_move_or_none(state, move), float(score), list(pv), int(got_depth), int(visited),
                        float(secs), bool(exact))


def _available_mib() -> Optional[int]:
    """The memory the system can give this process now, in MiB: Linux's MemAvailable
    (free memory and the caches it can drop), else the physical memory; None where
    the OS says neither. Read at each call: it changes as other processes run."""
    try:
        with open("/proc/meminfo", "rb") as f:
            for line in f:
                if line.startswith(b"MemAvailable:"):
                    return int(line.split()[1]) >> 10
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") >> 20
    except (AttributeError, ValueError, OSError):
        return None


def _check_table_fits(tt_mb: int, total_mib: int) -> None:
    """MemoryError naming ``tt_mb`` when ``total_mib`` (what the call allocates) is more
    than the memory available: the OS would grant it lazily (overcommit) and then
    swap, or kill this process or another as the table fills."""
    available = _available_mib()
    if available is not None and total_mib > available:
        extra = "" if total_mib == tt_mb else f" ({total_mib} MiB with the solver's ordering table)"
        raise MemoryError(f"tt_mb: a hash table of {tt_mb} MiB{extra} is more than the {available} MiB of memory "
                          "available on this machine; give a smaller tt_mb")


def _check_solve_table(tt_mb: int) -> None:
    """solve's memory check alone (the CLI runs it before printing its table)."""
    _check_table_fits(tt_mb, _core.limits.solve_table_mib(tt_mb))


@contextlib.contextmanager
def _table_memory(tt_mb: int, total_mib: Optional[int] = None) -> Iterator[None]:
    """Names ``tt_mb`` when the engine cannot allocate its hash table (std::bad_alloc),
    and refuses tables larger than the memory available before the call
    (:func:`_check_table_fits`).
    ``total_mib``: what the call allocates in all (default ``tt_mb``)."""
    _check_table_fits(tt_mb, tt_mb if total_mib is None else total_mib)
    try:
        yield
    except MemoryError as e:
        raise MemoryError(f"tt_mb: a hash table of {tt_mb} MiB could not be allocated; give a smaller tt_mb") from e


def evaluate(state: State, *, evaluation: Optional[str] = None, shape: bool = False) -> float:
    """The static evaluation :func:`search` uses at its leaves, in disks from the mover's view.

    On 8x8 with normal rules it is a trained pattern evaluation
    (Logistello/Edax-style patterns fitted to the WTHOR games:
    scripts/train_patterns.py, benchmarks/eval_error.md); on 6x6, 10x10 and the
    octagon, and with Anti-Reversi on every board, patterns fitted to
    self-play (scripts/train_board_eval.py). Both apply on every start (a corner
    handicap, the free opening: RULES.md §3; not a corner handicap on 6x6 and
    10x10, whose opening phases never saw a corner disk) and with blocked squares (§4),
    which the patterns read as empty squares and the mobility terms leave out;
    they beat the shape terms there in matches (benchmarks/board_eval.md), which
    remain with ``shape=True``: terms derived from the board's shape (corners,
    edges, mobility, parity). It is an
    estimate of the final disk difference with good play, a multiple of 0.01;
    a finished game is not scored exactly (use :func:`solve`). Invariant under
    the symmetries of the board that keep its blocked squares
    (:func:`polyreversi.envs.symmetry.symmetries`).

    Args:
        state: a two-player State (not changed).
        evaluation: ``None`` (the variant's rules), ``"normal"`` or ``"anti"``, as in :func:`search`.
        shape: ``True`` for the shape terms even where the trained evaluation exists.

    Raises:
        TypeError: not a State. ValueError: an unknown evaluation. VariantError: a 3- or 4-player state.

    >>> import polyreversi as pr
    >>> start = pr.Variant().start()
    >>> abs(pr.evaluate(start)) < 4                                   # an even game
    True
    >>> pr.evaluate(start.child(37)) == pr.evaluate(start.child(19))  # f5 and d3 are symmetric
    True
    """
    _check_state(state, "evaluate")
    _validate.flag(shape, "shape")
    code = _evaluation_code(choice(evaluation, EVALUATIONS, "evaluation"))
    return _core._evaluate(state, code, bool(shape)) / 100.0


def solve(state: State, *, moves: bool = False, threads: int = 1, convention: str = "disks",
          tt_mb: int = TT_MB, time: Optional[float] = None, nodes: Optional[int] = None) -> SolveResult:
    """The exact result of best play by both sides, and a best move.

    An exhaustive search to the end of the game (fastest-first and parity
    ordering, joined by shallow searches with many empties, special code for
    the last empties, hash table with enhanced transposition cut-offs,
    stability cut-offs, null-window PVS, and at the root a search estimate
    with an aspiration window around it). On the 8x8 board (normal rules,
    any start, blocked squares too) from 20 empties (``moves=False``) two
    selective passes (ProbCut, as Edax's iterative selectivity) run first and leave only their moves to the exact
    pass: the score stays exact, ``nodes`` counts every pass. Its time
    grows about tenfold every three empties: about 20 empties take a second,
    30 take minutes, 40 would take weeks (Ctrl-C stops it; :func:`search` with
    ``time=`` gives a heuristic answer in bounded time).

    Args:
        state: a two-player State (not changed).
        moves: also the exact score of every legal move (``scores``); slower.
        threads: threads splitting the root moves (0: every core). The scores never
            depend on it; which best move is returned among equals may.
        convention: ``"disks"`` (RULES.md §7 disk difference) or ``"wof"`` (empty
            squares to the winner, as FFO and Edax score). With Anti-Reversi the
            winner is the player with fewer disks and the empties go to it too
            (records' ``Result.margin`` does not do this: docs/records.md).
        tt_mb: hash table MiB (1 .. 65536), one table shared by the threads, for the
            exact bounds (1 MiB of it, at most a quarter, for the positions of 9 empties or
            fewer); the ordering searches get a quarter more (1.25 x tt_mb in all). On one
            thread a solve starts its tables small (64 KiB each; 8 MiB in all from 20 empties)
            and doubles them as they fill, so a short solve touches only the memory it uses
            (8x8, 64 MiB: 0.05 ms for 4 empties, 3 ms for 14, against 0.8 and 7 ms with whole
            tables; a 20-empty solve at ``tt_mb=1000`` 0.1 s and 58 MiB, against 1.6-2.9 s
            and 1.3 GB); on several threads they start at 2 MiB in all and grow between the
            solve's passes, from 20 empties they are whole.
        time: seconds (> 0, at most :data:`polyreversi.limit.MAX_TIME`) at most; nodes: positions (1 .. 2**62) at most (checked every
            256 positions with a time limit, else every 4096); the time counts the tables'
            set-up, and a table's pages are mapped as the solve touches them (a
            :class:`polyreversi.SearchPlayer` maps its table once, when it is made). A solve stopped by either
            returns ``complete=False``, no move and no score (a partial solve proves no
            best move), and the bounds on the score proven so far (``lower``/``upper``,
            None when none is).

    Raises:
        TypeError: not a State. ValueError: a bad option. VariantError: a 3- or
        4-player state. MemoryError: no memory for a table of ``tt_mb`` MiB, or more
        than the memory available now (the message names it).
    """
    _check_state(state, "solve")
    moves = _validate.flag(moves, "moves")
    convention = choice(convention, CONVENTIONS, "convention")
    threads = _validate.whole(threads, "threads", 0, _core.limits.MAX_THREADS)
    tt_mb = _validate.whole(tt_mb, "tt_mb", _core.limits.MIN_TABLE_MIB, _core.limits.MAX_TABLE_MIB)
    seconds = -1.0 if time is None else _validate.seconds(time, "time")
    n = -1 if nodes is None else _validate.whole(nodes, "nodes", 1, MAX_NODES)
    with _table_memory(tt_mb, _core.limits.solve_table_mib(tt_mb)):
        move, score, pv, visited, secs, scores, stopped, lower, upper = _core._solve(
            state, bool(moves), threads, tt_mb, convention == "wof", seconds, n)
    if stopped:
        return SolveResult(None, None, [], int(visited), float(secs), {}, convention, complete=False,
                           lower=lower, upper=upper)
    ranked = sorted(((int(m), int(s)) for m, s in scores.items()), key=lambda ms: (-ms[1], ms[0]))
    return SolveResult(_move_or_none(state, move), int(score), list(pv), int(visited), float(secs),
                       dict(ranked), convention, lower=int(score), upper=int(score))

