"""The player that lives through a game: one search engine whose hash table is
allocated once and kept between moves, which spends a game clock over the
moves, scores the best k moves for analysis (NBoard ``hint N``, GTP analysis),
searches in the background and can be stopped from another thread, and plays
at a chosen level for people.

>>> import polyreversi as pr
>>> player = pr.SearchPlayer(depth=4)
>>> start = pr.Variant().start()
>>> result = player.play(start)
>>> result.move in start.legal_moves(), result.depth
(True, 4)
>>> [info.move in start.legal_moves() for info in player.analyse(start, pr.Limit(depth=2), multipv=2)]
[True, True]
"""
from __future__ import annotations

import inspect
import os
import random
import threading
import time as _time
from dataclasses import dataclass, replace
from typing import ClassVar, Dict, List, Optional, Tuple, Union, cast

from polyreversi import _core, _validate, time_control
from polyreversi.book import Book, BookEntry, shipped_book
from polyreversi.errors import ConcurrentUseError
from polyreversi.levels import LEVELS, Level
from polyreversi.limit import MAX_DEPTH, MAX_MULTIPV, MAX_TIME, Limit
from polyreversi.search import (DEFAULT_DEPTH, EVALUATIONS, TT_MB, SearchResult, _check_state, _evaluation_code,
                                _table_memory)
from polyreversi.state import State
from polyreversi.variant import Variant, checked_seed
from polyreversi.vocabulary import choice


__all__ = ["SearchPlayer", "PlayResult", "MoveInfo", "SearchHandle"]

_validate.refuse_pickle(_core._Searcher, "its hash table lives in the engine's memory (a SearchPlayer pickles "
                                         "its options and makes a new one)")

#: Plies of the search that gives a move its score when the search was stopped before its
#: first iteration: microseconds on every board, and a searched move instead of the first
#: in the move order.
STOPPED_DEPTH = 2


@dataclass(frozen=True)
class PlayResult(SearchResult):
    """The move a :class:`SearchPlayer` plays and what its search found: a
    :class:`polyreversi.SearchResult` whose move is never None (a player is not
    asked to move once the game is over).

    Attributes:
        move: square index (``state.PASS`` for a forced pass).
        score: disks from the mover's view (float; heuristic unless ``exact``; with
            Anti-Reversi positive means fewer disks than the opponent; after a proven win
            of a win/loss/draw solve, ``depth`` the empties and not exact: the proven
            lower bound, at least 1). A search stopped before its first iteration
            completed (a ``stop()`` during the exact solve before it, say) gives the
            move and score of a :data:`STOPPED_DEPTH`-ply search instead.
        pv: the principal variation, ``move`` first (square indices).
        depth: plies of the iteration the move and score are from: the deepest that
            completed, or a deeper one a limit stopped after it had scored the last
            iteration's best move (the move is then the best of those it scored); the
            empties when ``exact``.
        nodes: positions visited (the exact solve's included). seconds: wall-clock time.
        exact: the score is the exact result of best play to the end.
    """

    move: int


@dataclass(frozen=True)
class MoveInfo:
    """One of the best moves of :meth:`SearchPlayer.analyse`.

    Attributes:
        move: square index. score: disks from the mover's view (exact when ``exact``).
        pv: the line from this move (square indices, ``move`` first).
        depth: plies searched (the empties when ``exact``). exact: the score is exact.
    """

    move: int
    score: float
    pv: List[int]
    depth: int
    exact: bool


#: What a background search leaves: its "result" (a PlayResult) or its "error".
_Box = Dict[str, Union[PlayResult, BaseException]]


class SearchHandle:
    """A search running in the background (:meth:`SearchPlayer.start`)."""

    def __init__(self, player: "SearchPlayer", box: "_Box", ended: threading.Event) -> None:
        self._player = player
        self._box = box
        # Set by the search's thread once its result or error is in the box. Not
        # Thread.is_alive(): a join that Ctrl-C interrupts leaves it False while the
        # thread still runs (CPython).
        self._ended = ended
        self._pid = os.getpid()

    def stop(self) -> None:
        """Asks the search to stop; it returns its best completed work at once (within
        a few hundred positions). Safe from any thread, and after the search ended."""
        if not self._ended.is_set():
            self._player.stop()

    def done(self) -> bool:
        """True once the search has ended."""
        return self._ended.is_set()

    def wait(self, timeout: float) -> bool:
        """Waits up to ``timeout`` seconds for the search to end; True once it has."""
        return self._ended.wait(timeout)

    def result(self, timeout: Optional[float] = None) -> PlayResult:
        """The search's :class:`PlayResult`, waiting for it to end.

        Args:
            timeout: seconds to wait at most (None: until it ends).

        Raises:
            TimeoutError: still searching after ``timeout`` seconds. RuntimeError: called in a
            forked child of the process that started the search (the search stayed there).
            KeyboardInterrupt: Ctrl-C while waiting (the search is stopped too and has ended
            when it is raised: its result is ready and the player free). Any error of the search.
        """
        if timeout is not None:
            timeout = _validate.seconds(timeout, "timeout", zero=True)
        if os.getpid() != self._pid:
            raise RuntimeError(f"SearchHandle.result: the search ran in process {self._pid}, which forked this "
                               "one; its result stays there (search again in this process)")
        try:
            ended = self._ended.wait(timeout)
        except KeyboardInterrupt:
            self.stop()
            self._ended.wait()  # the search ends within moments: the player is free again at once
            raise
        if not ended:
            raise TimeoutError(f"the search is still running after {timeout} s; call stop() first")
        if "error" in self._box:
            raise cast(BaseException, self._box["error"])
        return cast(PlayResult, self._box["result"])


class SearchPlayer:
    """A two-player search player that lives through a game (every board and option).

    Args:
        depth: plies per move (1 .. 250). time: seconds per move (> 0, at most
            :data:`polyreversi.limit.MAX_TIME`), the moves' mean: one may take up to
            :data:`polyreversi.time_control.MOVE_STOP_FACTOR` times it, on what the moves
            before saved (:attr:`saved_time`, :mod:`polyreversi.time_control`). With both the
            first reached stops; with neither (and no level), ``depth=6``. A
            :class:`polyreversi.Limit` given to :meth:`play` replaces them.
        level: 1 .. ``len(polyreversi.levels.LEVELS)``, from beginner to full strength
            (docs/player.md "Levels": each level's search and its measured Elo step); instead of
            ``depth`` and ``time``.
        threads: threads per search (0: every core).
        tt_mb: hash table MiB (1 .. 65536, and at most the memory available when the
            player is made), kept for the player's life. With a time or threads it is
            mapped when the player is made (not inside the first timed moves; for a board
            wider than 8x8 at its first search there); mapping costs time in proportion: 1
            to 4 s per GiB on a loaded 2-core machine (``tt_mb=20000`` took 28 s). Without
            (a depth or a level on one thread) it starts small and grows as it fills, up to
            ``tt_mb`` (less in a timed move; while the system has the memory), until
            :meth:`prepare` maps it whole: call it before moves on a clock (docs/player.md).
        evaluation: ``None`` (the variant's rules), ``"normal"`` or ``"anti"``.
        selective: Multi-ProbCut in the midgame (as :func:`polyreversi.search`).
        variety: discs (float >= 0): play a random move among those scored within this
            many discs of the best (0: always the best; levels set their own). Scored by
            a multi-PV search, so it costs some time.
        seed: the seed of that random choice (None: fresh entropy).
        book: play from the board's perfect-play opening book (:mod:`polyreversi.book`;
            6x6 ships one) where the position is in it, whatever the limit (a depth,
            nodes, a time budget or clock: the book's move keeps the exact value, which
            no search to a horizon can better), when one move is asked for with no
            variety and not at a level (a level plays its own measured search): the
            move comes at once, scored exact (depth = the empties, no nodes).
        exact_empties: with a depth (alone or with a time), :meth:`play` and :meth:`analyse` solve
            positions with at most this many empty squares exactly (int, 0 .. MAX_DEPTH),
            as NBoard engines at a fixed depth do (NTest, Edax); ``polyreversi engine``
            sets :data:`~polyreversi.time_control.EXACT_EMPTIES`, so that its ``go``
            plays the move its ``hint`` shows. None: ``play`` at a depth plays the
            move of :func:`polyreversi.search` at that depth, ``analyse`` solves at
            EXACT_EMPTIES. Not with a level (a level solves at its own empties).

    Raises:
        TypeError: an option of the wrong type. ValueError: an option out of range,
        ``level`` together with ``depth``, ``time`` or ``exact_empties``, an unknown
        evaluation.
        MemoryError: ``tt_mb`` more than the memory available (the message names both).

    The seat name for the command line is ``search``, ``search:DEPTH``,
    ``search:time=SECONDS`` or ``search:level=N``. One search at a time: a second call
    while one runs (from another thread) raises :class:`polyreversi.errors.ConcurrentUseError`.

    The options are fixed when the player is made (checked once, the table sized then):
    assigning one afterwards raises AttributeError; a :class:`polyreversi.Limit` given to
    :meth:`play` changes one move's (deleting one raises too). A copy (:mod:`pickle`,
    :mod:`copy`, a process pool's argument) is a new player with the same options, checked
    again: its own empty table, its variety's random choices from ``seed`` again (copies
    with a seed choose alike: give each its own seed), no :attr:`last`; a subclass keeps its
    class and its instance attributes (not ``__slots__`` ones).
    """

    name = "search"
    #: The constructor's options, in its order: read-only attributes of the same names
    #: (set below the class, from the constructor's signature).
    OPTIONS: ClassVar[Tuple[str, ...]]

    def __init__(self, depth: Optional[int] = None, time: Optional[float] = None, *, level: Optional[int] = None,
                 threads: int = 1, tt_mb: int = TT_MB, evaluation: Optional[str] = None, selective: bool = True,
                 variety: float = 0.0, seed: Optional[int] = None, book: bool = True,
                 exact_empties: Optional[int] = None) -> None:
        self.depth = _validate.optional_whole(depth, "depth", 1, MAX_DEPTH)
        self.time = _validate.optional_seconds(time, "time", high=MAX_TIME)
        chosen: Optional[Level] = None
        if level is not None:
            number = _validate.whole(level, "level", 1, len(LEVELS))
            if depth is not None or time is not None:
                raise ValueError(f"level: give a level or depth/time, not both (got level={_validate.shown(level)}, "
                                 f"depth={_validate.shown(depth)}, time={_validate.shown(time)})")
            chosen = LEVELS[number - 1]
        self.level = chosen
        self.threads = _validate.whole(threads, "threads", 0, _core.limits.MAX_THREADS)
        self.tt_mb = _validate.whole(tt_mb, "tt_mb", _core.limits.MIN_TABLE_MIB, _core.limits.MAX_TABLE_MIB)
        self.evaluation = choice(evaluation, EVALUATIONS, "evaluation")
        self.selective = _validate.flag(selective, "selective")
        self.variety = _validate.number(variety, "variety")
        self.seed = checked_seed(seed)
        self._random = random.Random(self.seed)
        self.book = _validate.flag(book, "book")
        self.exact_empties = _validate.optional_whole(exact_empties, "exact_empties", 0, MAX_DEPTH)
        if self.level is not None and self.exact_empties is not None:
            raise ValueError(f"exact_empties: a level solves at its own empties; give a level or exact_empties, "
                             f"not both (got level={_validate.shown(level)}, exact_empties={_validate.shown(exact_empties)})")
        self._searcher = self._new_searcher()
        self._lock = threading.Lock()
        self._lock_pid = os.getpid()  # the process whose search holds the lock
        self.last: Optional[PlayResult] = None
        self._overhead = 0.0  # seconds the clock's moves end after their plan's stop (_note_overhead)
        self._saved = 0.0  # seconds the moves under a per-move time saved (saved_time)
        self._stop_asked = False  # stop() during the search under way: its time is not counted
        self._made = True  # the options are fixed from here on (__setattr__)

    def _new_searcher(self) -> _core._Searcher:
        """The player's searcher. A player without a time (a depth, a level) on one thread
        gets a table that grows as it fills (a level-1 player holds a few MiB, not
        ``tt_mb``; less in a timed move), until :meth:`prepare` maps it whole;
        else it is mapped whole now, outside any timed move."""
        with _table_memory(self.tt_mb):
            return _core._Searcher(self.tt_mb, growing=self.time is None and self.threads == 1)

    # ---- limits ----------------------------------------------------------------
    def default_limit(self) -> Limit:
        """The limit of a move when none is given: the player's depth/time or level."""
        if self.level is not None:
            return Limit(depth=self.level.depth)
        if self.depth is None and self.time is None:
            return Limit(depth=DEFAULT_DEPTH)
        return Limit(depth=self.depth, time=self.time)

    def _limit(self, limit: Optional[Limit]) -> Limit:
        if limit is not None and not isinstance(limit, Limit):
            raise TypeError(f"limit: expected a polyreversi.Limit, got {type(limit).__name__}")
        return self.default_limit() if limit is None or limit.is_empty() else limit

    # ---- one search at a time ---------------------------------------------------
    def _acquire(self, what: str) -> None:
        if not self._lock.acquire(blocking=False):
            if self._lock_pid == os.getpid():
                raise ConcurrentUseError(f"SearchPlayer.{what}: this player is already searching (one search at "
                                         "a time: wait for the running search's result, or stop() it first)")
            # A forked child of a process that was searching: that search's thread is not
            # here to release the lock or the searcher, whose table may be half written.
            self._lock = threading.Lock()
            self._lock.acquire()
            try:
                self._searcher = self._new_searcher()
            except BaseException:
                self._lock.release()
                raise
        self._lock_pid = os.getpid()
        self._stop_asked = False
        self._searcher.clear_stop()

    @staticmethod
    def _playable(state: State, what: str) -> State:
        # a finished game first, as the other players report it, then the player count
        _validate.not_over(_validate.instance(state, State, "state"), f"SearchPlayer.{what}", "no move to choose")
        return _check_state(state, f"SearchPlayer.{what}")

    # ---- the search ----------------------------------------------------------------
    def _search(self, state: State, limit: Limit, multipv: int,
                analysing: bool = False) -> Tuple[PlayResult, List[MoveInfo]]:
        """(PlayResult, lines) under ``limit``, the time it took counted against a per-move
        time (:attr:`saved_time`)."""
        # The clock the search's budget counts: the wall clock, or on one thread the CPU
        # time where the benchmarks' matches set the budget clock to it (_core._set_budget_clock)
        clock = _time.process_time if self.threads == 1 and _core._budget_clock() == "cpu" else _time.perf_counter
        t0 = clock()
        found = self._search_once(state, limit, multipv, analysing)  # an error or Ctrl-C: not counted
        if limit.time is not None and not self._stop_asked:
            self._saved = time_control.saved_after(self._saved, limit.time, clock() - t0)
        return found

    def _search_once(self, state: State, limit: Limit, multipv: int,
                     analysing: bool) -> Tuple[PlayResult, List[MoveInfo]]:
        """(PlayResult, lines) under ``limit``; the exact solve first when it fits, or
        after a shorter search when it may (one line asked for)."""
        t0 = _time.perf_counter()
        empties = state.empties()  # not board(): that would import NumPy inside the first move
        entry = self._book_entry(state, multipv)
        if entry is not None:
            pv = [entry.move]
            return (PlayResult(entry.move, float(entry.value), pv, empties, 0, _time.perf_counter() - t0, True),
                    [MoveInfo(entry.move, float(entry.value), pv, empties, True)])
        plan = time_control.move_time(limit, empties, str(state.variant), self._overhead, self._saved)
        code = _evaluation_code(self.evaluation)
        nodes_used = 0
        # what this move may take: less than its budget while earlier moves' overruns are owed
        budget = None if plan is None else min(plan.target, plan.stop)
        allowance = self._solve_allowance(limit, empties, budget, analysing, str(state.variant))
        if allowance is not None:
            solved = self._solve(state, multipv, allowance, t0, empties)
            if isinstance(solved, tuple):
                return solved
            nodes_used = solved
        # Where the exact solve does not fit but a win/loss/draw solve does (a move to play,
        # not an analysis, which shows values): a proven draw is played, a proven win too
        # unless the exact solve then ends in the rest of the budget (the table has the
        # proof's entries); after a proven loss (or none in time) the search plays on.
        late = None
        if (allowance is None and plan is not None and multipv == 1
                and self._may_solve(limit, empties, analysing)):
            proof = None if analysing else time_control.solve_allowance(
                limit, empties, budget, str(state.variant), time_control.WLD_SHARE)
            if proof is not None:
                solved = self._solve(state, 1, proof, t0, empties, wld=True)
                if isinstance(solved, tuple):
                    return self._exact_after_proof(state, solved, plan.stop - (_time.perf_counter() - t0), t0)
                nodes_used = solved
            else:
                # Where neither is predicted to fit but the solve may (late_solve_share): a
                # shorter search first, then the solve with the rest, its move played if it ends.
                late = time_control.late_solve_share(limit, empties, cast(float, budget), str(state.variant))
        depth = -1 if limit.depth is None else limit.depth
        stop = start = -1.0
        t_search = _time.perf_counter()
        if plan is not None:  # what is left of the plan (the time before the search spent)
            full = plan.after(t_search - t0)
            plan = full if late is None else full.scaled(late)
            stop, start = plan.stop, plan.start
        move, score, pv, got, nodes, _secs, exact, _stopped, lines = self._searcher.search(
            state, depth, stop, -1 if limit.nodes is None else limit.nodes,
            self.threads, code, multipv, self.selective, start)
        if got == 0:
            # Stopped before the first iteration (a stop() during the solve before it, or
            # in its first microseconds): the move still comes from a search, unstopped.
            self._searcher.clear_stop()
            nodes_used += int(nodes)
            move, score, pv, got, nodes, _secs, exact, _stopped, lines = self._searcher.search(
                state, min(STOPPED_DEPTH, empties), -1, -1, self.threads, code, multipv, self.selective, -1)
        seconds = _time.perf_counter() - t0
        if late is not None and not exact:
            left = full.stop - (_time.perf_counter() - t_search)
            if left > 0:
                solved = self._solve(state, multipv, left, t0, empties, nodes_used + int(nodes))
                if isinstance(solved, tuple):
                    return solved
                nodes_used += solved
            seconds = _time.perf_counter() - t0
        elif late is None and limit.clock is not None and plan is not None and allowance is None:
            self._note_overhead(seconds - (t_search - t0) - plan.stop)
        got = int(got)
        known = None if got == 0 else float(score)  # a Ctrl-C in the STOPPED_DEPTH search too
        result = PlayResult(int(move), known, list(pv), got, nodes_used + int(nodes), seconds, bool(exact))
        infos = [MoveInfo(int(m), float(s), list(p), got, bool(e)) for m, s, e, p in lines]
        return result, infos

    def _exact_after_proof(self, state: State, proved: Tuple[PlayResult, List[MoveInfo]], left: float,
                           t0: float) -> Tuple[PlayResult, List[MoveInfo]]:
        """A win/loss/draw solve's (PlayResult, lines), or the exact solve's when a proven
        win leaves time (``left`` seconds) and the exact solve ends in it."""
        result = proved[0]
        if result.exact or left <= 0:
            return proved
        exact = self._solve(state, 1, left, t0, result.depth, result.nodes)
        if isinstance(exact, tuple):
            return exact
        result = replace(result, nodes=result.nodes + exact, seconds=_time.perf_counter() - t0)
        return result, proved[1]

    def _solve(self, state: State, multipv: int, allowance: float, t0: float, empties: int,
               nodes_before: int = 0, wld: bool = False) -> Union[Tuple[PlayResult, List[MoveInfo]], int]:
        """The exact solve within ``allowance`` seconds (-1: none): (PlayResult, lines) when
        it ends (its nodes counted after ``nodes_before``), else the solve's nodes. With
        ``wld`` a win/loss/draw solve: (PlayResult, lines) for a proven win (its score the
        proven lower bound, not exact) or draw (exact), else its nodes."""
        move, score, pv, nodes, _secs, scores, stopped, _lower, _upper = self._searcher.solve(
            state, multipv > 1, self.threads, False, allowance, -1, wld)
        if stopped or (wld and score < 0):
            return int(nodes)
        nodes_used = nodes_before + int(nodes)
        seconds = _time.perf_counter() - t0
        exact = not wld or score == 0
        result = PlayResult(int(move), float(score), list(pv), empties, nodes_used, seconds, exact)
        best = MoveInfo(int(move), float(score), list(pv), empties, exact)
        others = sorted(((int(m), int(v)) for m, v in scores.items() if int(m) != best.move),
                        key=lambda mv: (-mv[1], mv[0]))
        infos = [best] + [MoveInfo(m, float(v), [m], empties, True) for m, v in others]
        return result, infos[:multipv]

    def _book_entry(self, state: State, multipv: int) -> Optional[BookEntry]:
        """The opening book's entry of ``state`` when the move comes from the book: any
        limit (the book's move is exact, better than any search to a horizon), one move
        asked for, no variety, not a level. This player is the one owner of the rule:
        the engine protocols (NBoard, GTP) play through it and do not repeat it."""
        if multipv != 1:
            return None
        book = self.book_for(state.variant)
        return None if book is None else book.lookup(state)

    def book_for(self, variant: Variant) -> Optional[Book]:
        """The opening book this player plays ``variant`` from (read now, once per
        process), or None: ``book=False``, a level (it plays its own measured search),
        variety that picks among near-equal moves, or no book ships for the variant.
        Call it before a game so that a damaged book is reported before the first
        move, not at it.

        Raises:
            polyreversi.errors.BookError: the book file of the variant is damaged
                (the message names the file and the fault).
        """
        if not self.book or self.level is not None or self._variety() > 0:
            return None
        return shipped_book(variant)

    def _note_overhead(self, late: float) -> None:
        """Follows how late the searches on a clock end after their plan's stop (a running
        mean over the last few moves, seconds): on a loaded machine the OS runs other
        processes in the middle of a move, and the clock keeps that much for each move."""
        self._overhead = time_control.next_overhead(self._overhead, late)

    def _solve_allowance(self, limit: Limit, empties: int, budget: Optional[float],
                         analysing: bool, board: str = "8x8") -> Optional[float]:
        """Seconds for the exact solve before the search (-1: no limit), or None: no solve.

        Not with a node limit. Where the depth reaches the end: under a time budget or clock
        as where no depth is given (the solver finds the exact value fastest), with the depth
        alone never (the search reaches it, and a stopped search keeps its iterations). With
        a depth alone: at or below the level's empties, or the
        player's ``exact_empties``; otherwise for an analysis (NBoard's hint) at or below
        :data:`~polyreversi.time_control.EXACT_EMPTIES`, as NBoard engines solve near the
        end whatever the depth; otherwise never (``play`` at a depth plays the move of
        :func:`polyreversi.search` at that depth). With a time budget or clock, when
        :func:`~polyreversi.time_control.solve_allowance` says it fits (and within
        those empties if a depth is given too).
        """
        if not self._may_solve(limit, empties, analysing):
            return None
        if budget is None:
            return -1.0 if limit.depth is not None else None
        return time_control.solve_allowance(limit, empties, budget, board)

    def _may_solve(self, limit: Limit, empties: int, analysing: bool) -> bool:
        """Whether an exact solve may replace the search of this move at all (the rules of
        :meth:`_solve_allowance` before the time's)."""
        if self.level is not None:
            exact_empties = self.level.exact_empties
        elif self.exact_empties is not None:
            exact_empties = self.exact_empties
        else:
            exact_empties = time_control.EXACT_EMPTIES if analysing or limit.depth is None else 0
        if limit.nodes is not None:
            return False
        if limit.depth is not None and limit.depth >= empties:
            # The exact value is what it asks for: under a budget the solve finds it fastest;
            # without one the search reaches it too, and a stop (NBoard's depth 60 analysis
            # until a ping) keeps its completed iterations.
            return limit.time is not None or limit.clock is not None
        return limit.depth is None or empties <= exact_empties

    def _variety(self) -> float:
        return max(self.variety, self.level.margin if self.level is not None else 0.0)

    def _play_locked(self, state: State, limit: Limit) -> PlayResult:
        margin = self._variety()
        if margin <= 0:
            result, _ = self._search(state, limit, 1)
        else:
            result, infos = self._search(state, limit, len(state.legal_moves()))
            near = [i for i in infos if i.score >= infos[0].score - margin]
            if len(near) > 1:
                pick = near[self._random.randrange(len(near))]
                result = PlayResult(pick.move, pick.score, pick.pv, result.depth, result.nodes, result.seconds,
                                    pick.exact)
        self.last = result
        return result

    # ---- the public calls ---------------------------------------------------------
    def play(self, state: State, limit: Optional[Limit] = None) -> PlayResult:
        """The move to play in ``state`` (not changed) and what the search found.

        Args:
            state: a two-player State whose game is not over.
            limit: a :class:`polyreversi.Limit` (None or empty: :meth:`default_limit`).
                ``time`` is this move's budget; ``clock`` (with ``increment``,
                ``moves_to_go`` or ``overtime``) is the mover's game clock, spent over the game
                (:mod:`polyreversi.time_control`); ``depth`` and ``nodes`` bound the
                search. With a time budget or clock and no depth or node limit, the
                exact solve runs first when it is predicted to fit; else a win/loss/draw
                solve when that is (:data:`polyreversi.time_control.WLD_SHARE`), whose
                proven win or draw is played; else the exact solve after a shorter
                search, with the rest of the budget, when it may fit
                (:func:`polyreversi.time_control.late_solve_share`).

        Raises:
            TypeError: not a State or not a Limit. ValueError: the game is over.
            VariantError: a 3- or 4-player state. ConcurrentUseError: a search of this
            player is already running. polyreversi.errors.BookError: the board's shipped
            opening book is damaged (a broken install).
        """
        self._playable(state, "play")
        limit = self._limit(limit)
        self._acquire("play")
        try:
            return self._play_locked(state, limit)
        finally:
            self._lock.release()

    def choose(self, state: State) -> int:
        """The move :meth:`play` picks with the player's own limits (the interface of
        every built-in player). Raises as :meth:`play`."""
        self._playable(state, "choose")  # a finished game named as this call
        return self.play(state).move

    __call__ = choose

    def analyse(self, state: State, limit: Optional[Limit] = None, multipv: int = 1) -> List[MoveInfo]:
        """The best ``multipv`` moves of ``state`` with their scores, best first.

        Each score is the move's own search value (exact when ``exact``); moves past
        the k-th are not scored. With a time limit the lists come from the deepest
        iteration that completed (with ``multipv=1``, as :meth:`play`, possibly a deeper
        one stopped after it had scored the last one's best move).

        Args:
            state: a two-player State whose game is not over. limit: as in :meth:`play`.
            multipv: how many moves (1 .. :data:`polyreversi.limit.MAX_MULTIPV`); more than the legal
                moves gives them all.

        Returns:
            ``min(multipv, legal moves)`` :class:`MoveInfo` (of a :data:`STOPPED_DEPTH`-ply
            search if stopped before the first iteration).

        Raises:
            As :meth:`play`; ValueError for multipv out of range.
        """
        self._playable(state, "analyse")
        multipv = _validate.whole(multipv, "multipv", 1, MAX_MULTIPV)
        limit = self._limit(limit)
        self._acquire("analyse")
        try:
            _, infos = self._search(state, limit, min(multipv, len(state.legal_moves())), analysing=True)
            return infos
        finally:
            self._lock.release()

    def start(self, state: State, limit: Optional[Limit] = None) -> SearchHandle:
        """Starts :meth:`play` in a background thread (the C++ search runs without the
        GIL) and returns at once. ``handle.stop()`` ends it early with the best move of
        its completed work (pondering, "move now"); ``handle.result()`` waits for it.

        Raises:
            As :meth:`play`, at once (ConcurrentUseError if a search is running).
        """
        self._playable(state, "start")
        limit = self._limit(limit)
        self._acquire("start")
        box: _Box = {}
        ended = threading.Event()

        def run() -> None:
            try:
                box["result"] = self._play_locked(state, limit)
            except BaseException as e:  # handed to result()
                box["error"] = e
            finally:
                self._lock.release()
                ended.set()

        thread = threading.Thread(target=run, name="polyreversi-search", daemon=True)
        try:
            thread.start()
        except BaseException:
            self._lock.release()
            raise
        return SearchHandle(self, box, ended)

    def stop(self) -> None:
        """Stops the running search, if any (any thread). Its time is not counted in
        :attr:`saved_time`."""
        self._stop_asked = True
        self._searcher.stop()

    def new_game(self) -> None:
        """Forgets the hash table's entries (a new game; the memory is kept).

        Raises:
            ConcurrentUseError: a search is running.
        """
        self._acquire("new_game")
        try:
            self._searcher.new_game()
        finally:
            self._lock.release()

    def prepare(self, variant: Variant) -> None:
        """Makes the hash table of ``variant``'s board now, as the first search on it
        would: a board wider than 8x8 (10x10, the octagon) needs a table of its own,
        which that search would otherwise make and map inside its move (10-11 ms at
        the default 64 MiB; docs/player.md). The table's entries are kept unless the
        board, the rules or the player's evaluation of them differ from the last
        search's (as that search would forget them). The engine servers call it
        when a game is set.

        Raises:
            ConcurrentUseError: a search is running. TypeError: ``variant`` is not a
            Variant. VariantError: a 3- or 4-player variant. MemoryError: no memory
            for the board's table of ``tt_mb`` MiB (the message names it).
        """
        start = _validate.instance(_validate.instance(variant, Variant, "variant").start(), State, "variant.start()")
        _check_state(start, "SearchPlayer.prepare")
        self._acquire("prepare")
        try:
            with _table_memory(self.tt_mb):
                self._searcher.prepare(start, _evaluation_code(self.evaluation))
        finally:
            self._lock.release()

    @property
    def saved_time(self) -> float:
        """Seconds this player's searches under a per-move time (``Limit.time``) ended under
        their budgets, less the time they took past them (float; below 0 after moves that
        overran, :func:`polyreversi.time_control.saved_after`). A move runs past its
        budget on this alone, to :data:`polyreversi.time_control.MOVE_STOP_FACTOR` times it
        at most, and a debt shortens the next moves: from a new player's first move on, its
        moves under a per-move time take their budgets together (the moments a stop and the
        call take aside). A search that :meth:`stop` ended, or an error or Ctrl-C, is not
        counted; a move that ends early by its depth or node limit saves the rest. Kept
        across :meth:`new_game` (the moves' mean is the player's); a copy starts at 0."""
        return self._saved

    @property
    def table_usage(self) -> float:
        """Share of the hash table's slots (all ``tt_mb`` of it) holding entries of this game
        (0 .. 1, sampled; a growing table's buckets not in use yet count as empty)."""
        return self._searcher.usage_permille() / 1000

    def options(self) -> Dict[str, object]:
        """The options away from their defaults, as the constructor takes them
        (``SearchPlayer(**player.options())`` makes the same player)."""
        given = {k: getattr(self, k) for k in SearchPlayer.OPTIONS}
        given["level"] = None if self.level is None else self.level.number
        return {k: v for k, v in given.items() if v != _DEFAULTS[k]}

    def _refuse(self, name: str, doing: str) -> None:
        if name in SearchPlayer.OPTIONS and self.__dict__.get("_made"):
            raise AttributeError(f"SearchPlayer.{name}: the options are fixed when the player is made (checked "
                                 f"then, the table sized then), not {doing}: make a new player, "
                                 f"SearchPlayer({name}=...), or give play() a polyreversi.Limit for one move")

    def __setattr__(self, name: str, value: object) -> None:
        self._refuse(name, "assigned")
        super().__setattr__(name, value)

    def __delattr__(self, name: str) -> None:
        self._refuse(name, "deleted")
        super().__delattr__(name)

    # The C++ searcher (its table, its helper threads) and the lock do not cross a pickle
    # or a copy: the copy makes its own from the options (a subclass keeps its class and
    # its own attributes).
    _NOT_COPIED = ("_searcher", "_lock", "_lock_pid", "_random", "last", "_overhead", "_saved", "_stop_asked")

    def __getstate__(self) -> Dict[str, object]:
        return {k: v for k, v in self.__dict__.items() if k not in SearchPlayer._NOT_COPIED}

    def __setstate__(self, state: Dict[str, object]) -> None:
        # Made again by the constructor, which checks the options (a pickle is a file like any
        # other); a subclass's own attributes come back as they were.
        options = {k: state[k] for k in SearchPlayer.OPTIONS if k in state}
        level = options.get("level")
        if isinstance(level, Level):
            options["level"] = level.number
        SearchPlayer.__init__(self, **options)  # type: ignore[arg-type]
        self.__dict__.update({k: v for k, v in state.items() if k not in SearchPlayer.OPTIONS and k != "_made"})

    def __repr__(self) -> str:
        return f"SearchPlayer({', '.join(f'{k}={v!r}' for k, v in self.options().items())})"


#: The constructor's defaults, for :meth:`SearchPlayer.options`.
_DEFAULTS: Dict[str, object] = {name: p.default for name, p in inspect.signature(SearchPlayer.__init__).parameters.items()
                                if name != "self"}
SearchPlayer.OPTIONS = tuple(_DEFAULTS)

