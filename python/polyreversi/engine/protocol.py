"""What the NBoard and GTP clients share: the process, deadlines, the checks on replies."""
from __future__ import annotations

import time
from typing import List, Optional

from polyreversi import _validate
from polyreversi.engine._process import EngineProcess
from polyreversi.engine.results import MoveInfo, PlayResult
from polyreversi.errors import EngineIllegalMoveError, EngineProtocolError, quoted, quoted_name
from polyreversi.limit import Limit
from polyreversi.state import State

#: Seconds a reply that needs no thinking may take (handshake, ping, setup).
DEFAULT_TIMEOUT = 10.0
#: Seconds an engine may take to greet (loading its evaluation and book files).
STARTUP_TIMEOUT = 30.0
#: Seconds a search limited by depth (or nodes) alone may take before it counts as hung.
DEPTH_TIMEOUT = 600.0
#: Lines an engine may write that the protocol does not know, per request, before it
#: counts as flooding (NTest writes a few dozen at start-up).
MAX_NOISE = 10_000
#: A clock sent to an engine is first shortened by this many times the request's set-up
#: seconds (a running mean with weight SETUP_WEIGHT) for each of the mover's moves to come:
#: NBoard's game resent and ping, GTP's moves, time_settings and time_left (about 5 ms a
#: move over NBoard here) count on the match's clock but not on the engine's (NBoard's
#: 0.3 s games were lost on time without it).
SETUP_RESERVE = 2.0
SETUP_WEIGHT = 0.3


class Protocol:
    """Base of :class:`~polyreversi.engine.nboard.NBoardProtocol` and
    :class:`~polyreversi.engine.gtp.GtpProtocol`: one engine process and its name.

    Args:
        process: the started engine.
        timeout: seconds for replies that need no thinking (> 0).
        depth_timeout: seconds a depth-limited search may take before it counts as hung.
    """

    goodbye: Optional[str] = None  # the line that asks the engine to exit

    def __init__(self, process: EngineProcess, *, timeout: float = DEFAULT_TIMEOUT,
                 depth_timeout: float = DEPTH_TIMEOUT) -> None:
        self.process = process
        self.timeout = timeout
        self.depth_timeout = depth_timeout
        self.name = process.name
        self.extensions = False  # the engine understands polyreversi's extension commands
        # Seconds a request's set-up takes: a clock counts them, the engine cannot see
        # them; a running mean of the last requests.
        self._setup_seconds = 0.0

    # -- the requests ---------------------------------------------------------------
    def handshake(self) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def play(self, state: State, limit: Limit) -> PlayResult:  # pragma: no cover - abstract
        raise NotImplementedError

    def analyse(self, state: State, limit: Limit, multipv: int) -> List[MoveInfo]:  # pragma: no cover
        raise NotImplementedError

    def new_game(self) -> None:
        """Tells the engine a new game starts (nothing by default)."""

    def close(self) -> None:
        """Asks the engine to exit, then makes sure it has."""
        self.process.close(self.goodbye)

    # -- helpers --------------------------------------------------------------------
    def quick_deadline(self) -> float:
        return time.monotonic() + self.timeout

    def note_setup(self, seconds: float) -> None:
        """Adds one request's set-up ``seconds`` to their running mean."""
        self._setup_seconds += SETUP_WEIGHT * (seconds - self._setup_seconds)

    def clock_to_send(self, clock: float, moves: int) -> float:
        """``clock`` less :data:`SETUP_RESERVE` times the set-up's running mean for each of
        the ``moves`` it is for, at least a tenth of it."""
        return max(clock / 10, clock - SETUP_RESERVE * self._setup_seconds * moves)

    def think_deadline(self, limit: Limit) -> float:
        """When a search under ``limit`` counts as hung: its time (or the clock, its
        increment and overtime) plus :attr:`timeout`; :attr:`depth_timeout` for a search bounded by depth or nodes."""
        budget = limit.time if limit.time is not None else limit.clock
        if budget is None:
            budget = self.depth_timeout
        elif limit.clock is not None:  # a move may take the increment and the overtime too
            budget += (limit.increment or 0.0) + (limit.overtime or 0.0)
        return time.monotonic() + budget + self.timeout

    def noise(self, count: int, waiting_for: str) -> int:
        """Counts a line the protocol does not know; raises once there are too many."""
        count += 1
        if count > MAX_NOISE:
            self.process.close()
            raise EngineProtocolError(f"engine {quoted_name(self.name)} wrote more than {MAX_NOISE} lines the protocol "
                                      f"does not know while {waiting_for}; it was closed")
        return count

    def checked_move(self, state: State, move: int, text: str) -> int:
        """``move`` if it is legal in ``state``.

        Raises:
            EngineIllegalMoveError: naming the engine, the move, the ply and the legal moves.
        """
        if state.is_legal(move):
            return move
        v = state.variant
        legal = ", ".join(v.square_name(m) for m in state.legal_moves())
        raise EngineIllegalMoveError(f"engine {quoted_name(self.name)} played {quoted(text)} at ply {state.ply}, which is illegal "
                                     f"(legal: {legal})", text)


def check_playable(state: State, engine: str) -> None:
    """Refuses a finished game or one for more than two players.

    Raises:
        ValueError: the game is over. EngineProtocolError: 3-4 players (no protocol has them).
    """
    if state.variant.players != 2:
        raise EngineProtocolError(f"engine {quoted_name(engine)}: NBoard, GTP and UCI engines play two-player games only, "
                                  f"not {state.variant}")
    _validate.not_over(state, f"engine {quoted_name(engine)}", "no move to ask for")


def parse_score(text: str) -> Optional[float]:
    """An NBoard eval: a number, or ``a,b`` (draw-to-black, draw-to-white: the first
    is taken); None for an empty or unreadable one."""
    text = text.strip().split(",")[0]
    if not text:
        return None
    try:
        value = float(text)
    except ValueError:
        return None
    return value if value == value and abs(value) != float("inf") else None
