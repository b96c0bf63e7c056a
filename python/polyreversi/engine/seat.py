"""An external engine as a seat of a game: a player with ``choose(state)``, as the
built-in ones (player specs ``nboard:COMMAND``, ``gtp:COMMAND`` and ``uci:COMMAND``)."""
from __future__ import annotations

from typing import Any, Optional

from polyreversi.engine._process import Command, split_command
from polyreversi.engine.results import PlayResult
from polyreversi.engine.simple import PROTOCOLS, SimpleEngine
from polyreversi.errors import EngineError, quoted, quoted_name
from polyreversi.limit import Limit
from polyreversi.search import DEFAULT_DEPTH
from polyreversi.state import State


class EngineSeat:
    """A player that asks an external engine for each move.

    The engine starts at :meth:`new_game` or the first move (so building seats is cheap) and is closed
    by :meth:`close`, a ``with`` block, or when Python exits.

    Args:
        protocol: ``"nboard"``, ``"gtp"`` or ``"uci"``.
        command: the engine's program and arguments (a string is split as by a shell).
        limit: the limit of every move (default: ``Limit(depth=polyreversi.search.DEFAULT_DEPTH)``).
        options: for :meth:`SimpleEngine.popen` (``timeout``, ``cwd``, ``env``, for UCI
            ``options={NAME: VALUE}``, ...).

    Raises (from :meth:`choose`):
        EngineError and its subclasses, as :meth:`SimpleEngine.play`.
    """

    def __init__(self, protocol: str, command: Command, limit: Optional[Limit] = None, **options: Any) -> None:
        if protocol not in PROTOCOLS:
            raise ValueError(f"protocol: {quoted(protocol)} is not one of {', '.join(PROTOCOLS)}")
        split_command(command)  # refuse an empty or badly quoted command now
        self.protocol = protocol
        self.command = command
        self.limit = limit if limit is not None else Limit(depth=DEFAULT_DEPTH)
        self.options = options
        self.engine: Optional[SimpleEngine] = None
        self.last: Optional[PlayResult] = None
        # why the engine did not start at new_game (raised at this game's first move)
        self.start_error: Optional[EngineError] = None

    @property
    def name(self) -> str:
        return self.engine.name if self.engine is not None else f"{self.protocol}:{self.command}"

    def start(self) -> SimpleEngine:
        """The engine, started if it is not running (never started, closed, or its
        process ended: a match closes every engine when it ends, and the seat may
        play in the next one)."""
        if self.engine is None or self.engine._closed or not self.engine.protocol.process.alive:
            if self.engine is not None:
                self.engine.close()
            self.engine = SimpleEngine.popen(self.protocol, self.command, **self.options)
        return self.engine

    def play(self, state: State, limit: Optional[Limit] = None) -> PlayResult:
        """The engine's :class:`PlayResult` for ``state`` under ``limit`` (default: the seat's).

        Raises:
            EngineError: as :meth:`SimpleEngine.play`; the first call after a
            :meth:`new_game` whose engine did not start raises that error again instead
            of starting the engine a second time.
        """
        if self.start_error is not None:
            error, self.start_error = self.start_error, None
            raise error
        self.last = self.start().play(state, limit if limit is not None else self.limit)
        return self.last

    def choose(self, state: State) -> int:
        """The engine's move for ``state`` (a legal square index; resigning raises EngineError)."""
        result = self.play(state)
        if result.move is None:
            raise EngineError(f"engine {quoted_name(self.name)} resigned at ply {state.ply}")
        return result.move

    __call__ = choose

    def new_game(self) -> None:
        """Starts the engine if it is not running and tells it a game begins: a referee
        calls this before the clock runs, so that an engine's start-up (seconds for
        Fairy-Stockfish) is not charged to its first move. An engine that fails here
        is not started again for this game: its first move raises that error, where a
        referee records the forfeit (one start-up wait a game, not two)."""
        self.start_error = None
        try:
            self.start().new_game()
        except EngineError as e:
            self.start_error = e

    def close(self) -> None:
        if self.engine is not None:
            self.engine.close()

    def __enter__(self) -> "EngineSeat":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"EngineSeat({self.protocol!r}, {self.command!r}, {self.limit!r})"
