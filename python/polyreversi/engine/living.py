"""The one adapter between the protocols (engine server, match referee) and the
search player: ``play(state, limit)``, ``analyse(state, limit, multipv)``,
``start``, ``new_game()``, answering in the engine client's result types
(:mod:`polyreversi.engine.results`). The clock policy is the player's
(:mod:`polyreversi.time_control`).
"""
from __future__ import annotations

import threading
from typing import Callable, List, Optional

from polyreversi.engine.results import MoveInfo, PlayResult
from polyreversi.limit import Limit
from polyreversi.search_player import SearchHandle, SearchPlayer
from polyreversi.state import State
from polyreversi.time_control import EXACT_EMPTIES
from polyreversi.variant import Variant


class LivingPlayer:
    """A search player for a whole game: one :class:`~polyreversi.SearchPlayer`
    (its hash table kept between moves), its results in the engine client's shape.

    Args:
        player: a ``polyreversi.SearchPlayer`` (default: a new one that solves at
            :data:`~polyreversi.time_control.EXACT_EMPTIES` at a fixed depth, as NBoard
            engines do: its move is the one its analysis shows); its depth and time are
            the defaults of a limit that gives neither.
    """

    def __init__(self, player: Optional[SearchPlayer] = None) -> None:
        self.player = player if player is not None else SearchPlayer(exact_empties=EXACT_EMPTIES)

    def play(self, state: State, limit: Optional[Limit] = None) -> PlayResult:
        """The player's move for ``state`` (not changed) under ``limit``.

        Raises:
            ValueError: the game is over. VariantError: not a two-player game.
        """
        r = self.player.play(state, limit or Limit())
        return PlayResult(move=r.move, score=r.score, seconds=r.seconds)

    def analyse(self, state: State, limit: Optional[Limit] = None, multipv: int = 1) -> List[MoveInfo]:
        """The best ``multipv`` moves of ``state`` with their scores, best first.

        Raises:
            ValueError: the game is over. VariantError: not a two-player game.
        """
        return [MoveInfo(i.move, i.score, i.depth, list(i.pv), i.exact)
                for i in self.player.analyse(state, limit or Limit(), multipv=multipv)]

    def start(self, state: State, limit: Optional[Limit] = None) -> SearchHandle:
        """A search of ``state`` in the background that can be stopped (``stop()``,
        ``done()``, ``result()``)."""
        return self.player.start(state, limit or Limit())

    def start_analyse(self, state: State, limit: Optional[Limit] = None, multipv: int = 1) -> "AnalysisHandle":
        """:meth:`analyse` in the background, stopped as :meth:`start`'s search is
        (``stop()``: the lists of the deepest iteration that completed).

        Raises:
            As :meth:`analyse`, from ``result()``.
        """
        return AnalysisHandle(lambda: self.analyse(state, limit, multipv), self.player.stop)

    def new_game(self) -> None:
        """Forgets the last game (the player's hash table)."""
        self.player.new_game()

    def check_book(self, variant: Variant) -> None:
        """Reads the opening book the player would play ``variant`` from (the player
        decides: :meth:`polyreversi.SearchPlayer.book_for`), so that a damaged one is
        reported when the game is set, before its first move.

        Raises:
            polyreversi.errors.BookError: that book is damaged (names the file).
        """
        self.player.book_for(variant)

    def prepare(self, variant: Variant) -> None:
        """Sets up what the first move of a ``variant`` game would: reads its opening
        book (:meth:`check_book`) and makes the player's hash table for its board
        (:meth:`polyreversi.SearchPlayer.prepare`). The servers call it when a game is
        set, so that its first move spends its time on the search.

        Raises:
            polyreversi.errors.BookError: that book is damaged (names the file).
            MemoryError: no memory for the board's table.
        """
        self.check_book(variant)
        self.player.prepare(variant)


class AnalysisHandle:
    """An analysis running in a thread of its own (:meth:`LivingPlayer.start_analyse`)."""

    def __init__(self, work: Callable[[], List[MoveInfo]], stop: Callable[[], None]) -> None:
        self._stop_search = stop
        self._stopping = threading.Event()
        self._result: List[MoveInfo] = []
        self._error: Optional[BaseException] = None
        # Set once the result or error is in (not Thread.is_alive(): a join that Ctrl-C
        # interrupts leaves it False while the thread still runs, in CPython).
        self._ended = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(work,), name="polyreversi-analysis", daemon=True)
        self._thread.start()

    def _run(self, work: Callable[[], List[MoveInfo]]) -> None:
        try:
            self._result = work()
        except BaseException as e:  # handed to result()
            self._error = e
        finally:
            self._ended.set()

    def stop(self) -> None:
        """Asks the analysis to stop (any thread; also before its search has begun)."""
        self._stopping.set()
        self._stop_search()

    def done(self) -> bool:
        """True once the analysis has ended."""
        return self._ended.is_set()

    def wait(self, timeout: float) -> bool:
        """Waits up to ``timeout`` seconds for the analysis to end; True once it has."""
        return self._ended.wait(timeout)

    def result(self) -> List[MoveInfo]:
        """The analysis's moves, waiting for it to end.

        Raises:
            KeyboardInterrupt: Ctrl-C while waiting (the analysis is stopped too). Any
            error of the analysis.
        """
        try:
            while not self._ended.wait(0.01):
                if self._stopping.is_set():  # a search begins by clearing the stop: stop it again
                    self._stop_search()
        except KeyboardInterrupt:
            self.stop()
            raise
        if self._error is not None:
            raise self._error
        return self._result
