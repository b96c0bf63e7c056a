"""The client side of GTP, the Go Text Protocol (version 2, lysator.liu.se/~gunnar/gtp),
as Othello programs use it (Edax ``-gtp``, GoGui and Quarry front ends).

A reply is ``=[id] text`` (success) or ``?[id] text`` (failure) followed by an empty
line. Squares are Othello names with ``a1`` at the top left (``coordinates="othello"``,
polyreversi's and Edax's convention) or Go's, with row 1 at the bottom and no
column ``i`` (``coordinates="go"``). Colours are ``black``/``white``.

The engine keeps its own board: the client sends ``boardsize``/``clear_board`` and
then only the moves it has not seen yet (replaying from the start when the game
is another). ``genmove`` plays the engine's move on its board. Limits: ``time``
is ``time_settings 0 T 1`` (a byo-yomi of T seconds per move), ``clock`` is
``time_settings`` with ``time_left``; ``depth`` and ``nodes`` go in the
``polyreversi-depth``/``polyreversi-nodes`` extension commands when the engine
lists them and are otherwise not sent (GTP has no such limits). Games GTP cannot
set up (a handicap or Anti-Reversi, the octagon, blocked squares, the free
opening) go in the ``polyreversi-game`` extension when the engine lists it and
are refused otherwise.
"""
from __future__ import annotations

import math
import time
from typing import Dict, List, Optional, Set, Tuple

from polyreversi._validate import is_digits
from polyreversi.engine import games
from polyreversi.engine._process import EngineProcess
from polyreversi.engine.protocol import Protocol, check_playable
from polyreversi.engine.results import MoveInfo, PlayResult
from polyreversi.errors import EngineProtocolError, quoted, quoted_name, shortened
from polyreversi.limit import Limit
from polyreversi.state import State
from polyreversi.time_control import mover_moves
from polyreversi.variant import Variant

#: Square naming conventions: Othello (a1 top left) and Go (a1 bottom left, no column i).
COORDINATES = ("othello", "go")
_GO_LETTERS = "abcdefghjklmnopqrstuvwxyz"
#: The clock sent for one that has run out: a millisecond (GTP 2's zero main time and
#: overtime is no limit at all).
MIN_SECONDS = 0.001


def _seconds(value: float) -> str:
    """Seconds as GTP reads them: whole milliseconds, rounded down (never more time than
    the limit gives), at least :data:`MIN_SECONDS`."""
    ms = max(math.floor(value * 1000 + 1e-6), round(MIN_SECONDS * 1000))  # 2.3 s is 2299.9999... ms in binary
    return f"{ms // 1000}.{ms % 1000:03d}".rstrip("0").rstrip(".")


class GtpProtocol(Protocol):
    """Talks GTP to one engine process (see the module's notes).

    Args:
        coordinates: ``"othello"`` (a1 top left) or ``"go"`` (a1 bottom left, no i).
    """

    goodbye = "quit"

    def __init__(self, process: EngineProcess, *, coordinates: str = "othello", **kwargs: float) -> None:
        super().__init__(process, **kwargs)
        if coordinates not in COORDINATES:
            raise ValueError(f"coordinates: {quoted(coordinates)} is not one of {', '.join(COORDINATES)}")
        self.coordinates = coordinates
        self.commands: Set[str] = set()
        self._id = 0
        self._board: Optional[Tuple[Variant, bytes]] = None  # the engine's game: variant, start key
        self._moves: List[int] = []  # moves the engine has played on its board
        self._time_settings: Optional[str] = None  # the last sent (None: none yet, no limit)
        self._sent: Dict[str, Optional[int]] = {}  # polyreversi-depth and -nodes as last sent

    def command(self, line: str, deadline: Optional[float] = None) -> str:
        """Sends one command and returns the text of its ``=`` reply.

        Raises:
            EngineProtocolError: a ``?`` reply (its text in the message) or a reply
                that is not GTP. EngineTimeoutError, EngineTerminatedError.
        """
        self._id += 1
        ident = str(self._id)
        self.process.send(f"{ident} {line}")
        deadline = self.quick_deadline() if deadline is None else deadline
        noise = 0
        while True:
            head = self.process.read_line(deadline, quoted_name(line.split()[0]))
            if head.strip() == "":
                continue
            if head[:1] in ("=", "?"):
                break
            noise = self.noise(noise, f"answering {quoted_name(line.split()[0])}")
        body = [head[1:]]
        while True:  # a reply ends with an empty line
            more = self.process.read_line(deadline, f"the end of the reply to {quoted_name(line.split()[0])}")
            if more.strip() == "":
                break
            body.append(more)
        text = "\n".join(body)
        words = text.split(None, 1)
        if words and words[0] == ident:
            text = words[1] if len(words) > 1 else ""
        elif words and is_digits(words[0]):
            raise EngineProtocolError(f"engine {quoted_name(self.name)} answered id {words[0]} to command {ident} ({quoted_name(line)})")
        if head[0] == "?":
            raise EngineProtocolError(f"engine {quoted_name(self.name)} refused {quoted_name(line)}: {shortened(text.strip())}")
        return text.strip()

    def handshake(self) -> None:
        """``protocol_version``, ``name`` and ``list_commands``.

        Raises:
            EngineProtocolError: the engine does not know ``genmove`` or ``play``.
        """
        self.commands = set(self.command("list_commands").split())
        missing = [c for c in ("boardsize", "clear_board", "play", "genmove") if c not in self.commands]
        if missing:
            raise EngineProtocolError(f"engine {quoted_name(self.name)} lacks the GTP commands {', '.join(missing)}")
        if "name" in self.commands:
            self.name = self.process.name = self.command("name") or self.name
        self.extensions = "polyreversi-game" in self.commands

    # -- coordinates ---------------------------------------------------------------
    def vertex(self, variant: Variant, move: int) -> str:
        if move == variant.PASS:
            return "pass"
        if self.coordinates == "othello":
            return variant.square_name(move)
        n = variant.n
        row, col = divmod(move, n)
        return f"{_GO_LETTERS[col]}{n - row}"

    def parse_vertex(self, state: State, text: str) -> int:
        word = text.strip().lower()
        if word == "pass":
            return state.PASS
        if self.coordinates == "othello":
            return games.parse_move_text(state, word, self.name)
        n = state.variant.n
        if len(word) >= 2 and word[0] in _GO_LETTERS[:n] and is_digits(word[1:]) and 1 <= int(word[1:]) <= n:
            return (n - int(word[1:])) * n + _GO_LETTERS.index(word[0])
        raise EngineProtocolError(f"engine {quoted_name(self.name)} answered {quoted(text)}, which is not a vertex")

    # -- the game ------------------------------------------------------------------
    def new_game(self) -> None:
        self._board = None
        self._moves = []

    def _sync(self, state: State) -> None:
        """Brings the engine's board to ``state``: new moves only, or the whole game."""
        v = state.variant
        initial = state.initial()
        start = (v, initial.key())
        moves = list(state.moves())
        standard = v == Variant(board=v.board, anti=False) and initial == v.start()
        if self._board == start and moves[: len(self._moves)] == self._moves:
            pending = moves[len(self._moves):]
        elif standard and v.board in ("6x6", "8x8", "10x10"):
            self.command(f"boardsize {v.n}")
            self.command("clear_board")
            pending = moves
        elif self.extensions:
            self.command(f"polyreversi-game {games.state_to_json(state)}")
            self._board, self._moves = start, moves
            return
        else:
            raise EngineProtocolError(f"engine {quoted_name(self.name)}: GTP cannot set up {v} from this start "
                                      "(the engine has no polyreversi-game command)")
        self._board = start
        replay = state.initial()
        for m in self._moves if pending is not moves else []:
            replay.play(m)
        for m in pending:
            color = "black" if replay.to_move == 1 else "white"
            self.command(f"play {color} {self.vertex(v, m)}")
            replay.play(m)
        self._moves = moves

    def _limits(self, state: State, limit: Limit, color: str) -> None:
        # GTP's clock is main time then Canadian overtime (time_settings MAIN BYO STONES,
        # time_left SECONDS STONES); a zero time_settings is no limit, so a clock that has
        # run out is sent as its smallest positive time. The increment is not sent (GTP has
        # none): the engine spends the clock without it. Each call sends its own limits:
        # what an earlier call set and this one does not is set back to no limit.
        settings = left = None
        if limit.clock is None and limit.time is not None:  # a period of one move
            settings = f"time_settings 0 {_seconds(limit.time)} 1"
        elif limit.clock is not None:
            clock, overtime, moves = limit.clock, limit.overtime or 0.0, limit.moves_to_go
            own_moves = moves or mover_moves(games.empties(state), 2)
            if limit.time is not None:  # both: the time for each move the clock is for, as
                # the NBoard client sends it, and no more overtime than the time
                clock = min(clock, limit.time * own_moves)
                overtime = min(overtime, limit.time)
            # the set-ups of the moves to come are kept off (the match's clock counts them)
            clock = self.clock_to_send(clock, own_moves)
            overtime = self.clock_to_send(overtime, 1)
            if moves:  # a period of so many moves
                t = _seconds(clock)
                settings, left = f"time_settings 0 {t} {moves}", f"{t} {moves}"
            elif overtime:  # Canadian overtime of one move a period
                main = "0" if clock == 0 else _seconds(clock)
                settings, left = f"time_settings {main} {_seconds(overtime)} 1", f"{main} 0"
            else:
                t = _seconds(clock)
                settings, left = f"time_settings {t} 0 0", f"{t} 0"
        if settings is None and self._time_settings is not None:
            settings = "time_settings 0 0 0"  # no time limit (GTP 2)
        if settings is not None and settings != self._time_settings and "time_settings" in self.commands:
            self.command(settings)
            self._time_settings = settings
        if left is not None and "time_left" in self.commands:
            self.command(f"time_left {color} {left}")
        for name, value in (("depth", limit.depth), ("nodes", limit.nodes)):
            if value != self._sent.get(name) and f"polyreversi-{name}" in self.commands:
                self.command(f"polyreversi-{name} {value or 0}")  # 0: no limit
                self._sent[name] = value

    def play(self, state: State, limit: Limit) -> PlayResult:
        """``genmove`` for the side to move.

        Raises:
            EngineIllegalMoveError, EngineProtocolError (a ``?`` reply, a game GTP cannot
            set up), EngineTimeoutError, EngineTerminatedError; ValueError: a finished game.
        """
        check_playable(state, self.name)
        try:
            began = time.monotonic()
            self._sync(state)
            color = "black" if state.to_move == 1 else "white"
            self._limits(state, limit, color)
            start = time.monotonic()
            self.note_setup(start - began)
            reply = self.command(f"genmove {color}", self.think_deadline(limit))
        except BaseException:
            self.new_game()  # the engine's board is unknown now: set it up anew next time
            raise
        seconds = time.monotonic() - start
        if reply.lower() == "resign":
            self.new_game()
            return PlayResult(move=None, seconds=seconds, resigned=True, text=reply)
        try:
            move = self.checked_move(state, self.parse_vertex(state, reply), reply)
        except Exception:
            self.new_game()
            raise
        self._moves.append(move)
        return PlayResult(move=move, seconds=seconds, text=reply)

    def analyse(self, state: State, limit: Limit, multipv: int = 1) -> List[MoveInfo]:
        """``polyreversi-analyse N`` when the engine lists it (lines ``MOVE SCORE DEPTH PV...``);
        plain GTP has no analysis, so otherwise EngineProtocolError.
        """
        check_playable(state, self.name)
        if "polyreversi-analyse" not in self.commands:
            raise EngineProtocolError(f"engine {quoted_name(self.name)}: GTP has no analysis command "
                                      "(the engine does not list polyreversi-analyse)")
        self._sync(state)
        color = "black" if state.to_move == 1 else "white"
        self._limits(state, limit, color)
        reply = self.command(f"polyreversi-analyse {multipv}", self.think_deadline(limit))
        infos = []
        for line in reply.splitlines():
            words = line.split()
            try:
                move = self.parse_vertex(state, words[0])
                score, depth = float(words[1]), int(words[2].rstrip("*"))
            except (IndexError, ValueError):
                raise EngineProtocolError(f"engine {quoted_name(self.name)}: {quoted_name(line)} is not 'MOVE SCORE DEPTH PV...'") from None
            self.checked_move(state, move, words[0])
            pv = [self.parse_vertex(state, w) for w in words[3:]] or [move]
            infos.append(MoveInfo(move, score, depth, pv, exact=words[2].endswith("*")))
        return infos
