"""polyreversi as an NBoard engine (``polyreversi engine --protocol nboard``).

Commands (NBoard protocol version 2; NTest's instructions/Protocol.htm):

- ``nboard 2``: answered with ``set myname polyreversi``; another version (the
  protocol's commands change with it) is answered ``status error: ...``.
- ``set depth N``: the search depth of ``go`` and ``hint`` (1 .. MAX_DEPTH); both
  solve exactly at or below the player's ``exact_empties`` (the default player's:
  ``time_control.EXACT_EMPTIES``), so ``go`` plays the move ``hint`` shows.
- ``set game GGF``: the game (``TY`` 6, 8, 10, with ``a`` for Anti-Reversi; ``BO``
  any start, e.g. a handicap; ``TI`` the clock, less the mover's move times).
- ``set contempt N``: accepted; polyreversi's search values a draw at 0 whatever it is.
- ``move F5[/eval[/time]]``: plays a move on the game (a GGF move: the evaluation a
  number, the time ``[[HH:]MM:]SS``; anything else is refused naming the field).
- ``go`` (no word after it): ``status thinking``, then ``=== F5/eval/time`` (eval in disks for the mover)
  and an empty ``status``. The move is not played until ``move`` says so.
- ``hint N``: ``search MOVE EVAL 0 DEPTH`` for the best N moves (depth ``100%`` when
  exact), then an empty ``status``.
- ``ping N``: ``pong N`` (N a whole number in ASCII digits, else ``status error``),
  after the replies of every command sent before it (the GUI pings before it changes
  the board and reads every line before the ``pong`` as the old position's). Commands are answered in the order they come; a ping
  stops the search under way (``go`` or ``hint``) and those of the commands queued
  before it at once: a stopped ``go`` still answers ``=== MOVE//TIME`` with the
  best move of its completed work (no eval when no iteration completed), a stopped
  ``hint`` the moves its completed iterations scored, then ``status``. ``quit`` and
  the end of input stop it too, and end the session after its answer
  (:mod:`polyreversi.engine.command_lines`).
- ``learn``: ``learned`` (nothing is learned or stored; the opening book the player
  plays from, ``go`` and ``hint 1`` included, is the shipped one: docs/engines.md).
- Extension (docs/engines.md): ``set polyreversi-game JSON`` sets any variant's game
  as one JSON Lines record (the octagon, blocked squares, the free opening);
  ``set polyreversi-clock SECONDS`` sets the mover's clock for such a game, or for a
  ``set game`` before it in place of its ``TI`` (whole seconds only).

A command it does not know, a game it cannot play (3-4 players, a malformed GGF)
or an illegal move is answered with ``status error: ...`` naming it; the engine
carries on. ``quit`` or the end of input ends it.
"""
from __future__ import annotations

import sys
from typing import Dict, Optional, TextIO, Tuple, TypeVar

from polyreversi import _validate
from polyreversi._core import Color
from polyreversi.engine import arguments, games, nboard
from polyreversi.engine.arguments import arg, number, seconds, whole
from polyreversi.engine.command_lines import CommandLines, Handle
from polyreversi.engine.living import LivingPlayer
from polyreversi.errors import PolyreversiError, RecordError, quoted
from polyreversi.formats import ggf
from polyreversi.limit import MAX_DEPTH, MAX_MULTIPV, MAX_TIME, Limit
from polyreversi.record import Record
from polyreversi.state import State
from polyreversi.search import DEFAULT_DEPTH
from polyreversi.variant import Variant

#: The engine's NBoard name (``set myname``); the client turns on the extensions for it.
NAME = "polyreversi"


def parse_clock(text: str) -> Optional[float]:
    """Seconds of a GGF ``TI`` clock: its first part (``SS``, ``MM:SS`` or ``HH:MM:SS``;
    increment and extension parts are not used); None when unreadable."""
    try:
        return ggf.time_seconds(text.split("/")[0])
    except RecordError:
        return None


_R = TypeVar("_R")


def _stops(line: str) -> bool:
    """``ping`` and ``quit`` stop the search under way (see the module text)."""
    words = line.split()
    return words[:1] == ["ping"] or words == ["quit"]


class NBoardServer:
    """One NBoard session over ``input``/``output`` (see the module's notes)."""

    def __init__(self, input: TextIO, output: TextIO, player: Optional[LivingPlayer] = None) -> None:
        self.input, self.output = input, output
        self.player = player or LivingPlayer()
        self.state: Optional[State] = Variant().start()  # None after a refused game
        self.depth = DEFAULT_DEPTH
        self.clock: Optional[float] = None  # polyreversi-clock's seconds, for the next moves
        self.total: Optional[float] = None  # set game's TI clock (seconds per player)
        self.used: Dict[Color, float] = {}  # what each colour's moves took of it
        self.contempt = 0
        self.lines = CommandLines(input, _stops)

    def say(self, line: str) -> None:
        self.output.write(line + "\n")
        self.output.flush()

    def serve(self) -> None:
        """Answers commands until ``quit`` or the end of input."""
        self.lines.start()
        while True:
            raw = self.lines.next_line()
            if raw is None:
                return
            line = raw.strip()
            if not line:
                continue
            if line == "quit":
                return
            try:
                self.handle(line)
            except (PolyreversiError, ValueError, TypeError) as e:
                self.say(f"status error: {' '.join(str(e).split())}")

    def handle(self, line: str) -> None:
        words = line.split()
        cmd = words[0]
        if cmd == "nboard":
            version = arg("nboard", words, 1, "VERSION", whole(0), last=True)
            if version != nboard.VERSION:
                raise ValueError(f"nboard: this engine speaks NBoard protocol version {nboard.VERSION}, "
                                 f"not {version}")
            self.say(f"set myname {NAME}")
        elif cmd == "ping":  # N is echoed as given, once it reads as a whole number
            if len(words) > 1:
                arg("ping", words, 1, "N", whole(0), last=True)
            self.say(f"pong {words[1] if len(words) > 1 else ''}".rstrip())
        elif cmd == "set":
            if len(words) < 2:
                raise ValueError("set: missing argument NAME (depth, game, contempt, ...)")
            self.set(words[1], line.split(None, 2)[2] if len(words) > 2 else "")
        elif cmd == "move":
            text = arg("move", words, 1, "MOVE", lambda text, name: text, last=True)
            try:
                given, _, spent = ggf.move_fields(text)  # NBoard's move is a GGF move: MOVE[/EVAL[/TIME]]
            except RecordError as e:
                raise ValueError(f"move {quoted(text)}: {e}") from None
            try:  # read before the move is played: a refused line leaves the game as it was
                seconds = ggf.time_seconds(spent) if spent else 0.0
            except RecordError as e:
                raise ValueError(f"move {quoted(text)}: {e}") from None
            state = self._game()
            mover = state.to_move
            move = games.parse_move_text(state, given, None)
            state.play(move)
            if spent:  # the mover's clock runs down as in a set game's move times
                self.used[mover] = self.used.get(mover, 0.0) + seconds
        elif cmd == "go":
            arguments.none("go", words[1:])
            self.go()
        elif cmd == "hint":
            self.hint(arg("hint", words, 1, "N", whole(1), default=1, last=True))
        elif cmd == "learn":
            arguments.none("learn", words[1:])
            self.say("learned")
        else:
            raise ValueError(f"unknown command {quoted(line)}")

    def set(self, what: str, value: str) -> None:
        if what == "depth":  # a refused depth keeps the old one
            self.depth = arg("set depth", value.split(), 0, "DEPTH", whole(1, MAX_DEPTH), last=True)
        elif what == "game":
            self.state = None  # a refused game leaves none: no move is made for the one before
            arg("set game", value.split(), 0, "GGF", arguments.word)  # none: a missing argument, not a GGF error
            record = ggf.parse_game(value)
            state = record.replay().final
            self._check(state)
            self.state, self.clock = state, None
            self.total, self.used = self._clock_of(record)
            ti = (record.meta.get("ggf") or {}).get("TI")
            if ti and parse_clock(str(ti)) is None:  # the game is played, by depth: said, not refused
                self.say(f"status TI[{str(ti)[:40]}] is not a GGF clock ([[HH:]MM:]SS before any '/'): "
                         "no time control")
        elif what == "contempt":
            self.contempt = int(arg("set contempt", value.split(), 0, "N", number, last=True))
        elif what == "polyreversi-game":
            self.state = None  # as for set game
            arg("set polyreversi-game", value.split(), 0, "JSON", arguments.word)
            state = games.state_from_json(value)
            self._check(state)
            self.state, self.clock, self.total = state, None, None
        elif what == "polyreversi-clock":
            self.clock = arg("set polyreversi-clock", value.split(), 0, "SECONDS", seconds, last=True)
            self.total = None
        else:
            raise ValueError(f"unknown setting {quoted(what)}")

    @staticmethod
    def _clock_of(record: Record) -> Tuple[Optional[float], Dict[Color, float]]:
        """The game's ``TI`` clock in seconds (None: no time control) and the seconds
        each colour's moves took (GGF move times; a move with no time took none)."""
        ti = (record.meta.get("ggf") or {}).get("TI")
        total = parse_clock(ti) if ti else None
        if not total:  # no TI, an unreadable one, or TI[0//0]: no time control
            return None, {}
        used: Dict[Color, float] = {}
        state = record.initial_state()
        colors = (state.to_move, Color.WHITE if state.to_move == Color.BLACK else Color.BLACK)
        for i, t in enumerate(record.meta.get("move_times") or []):
            if t not in (None, ""):  # checked as GGF times when the game was read
                color = colors[i % 2]  # GGF writes every pass: the colours alternate
                used[color] = used.get(color, 0.0) + ggf.time_seconds(str(t))
        return total, used

    def _check(self, state: State) -> None:
        """Refuses a game the engine cannot play: 3-4 players, or a variant whose opening
        book (the player's, when it has one for it) cannot be read (BookError naming
        the file: a broken install is said when the game is set, not at a move); then
        makes the player's table for its board (LivingPlayer.prepare)."""
        if state.variant.players != 2:
            raise RecordError(f"polyreversi plays NBoard games of two players, not {state.variant}")
        self.player.prepare(state.variant)

    def _limit(self) -> Limit:
        clock = self.clock  # polyreversi-clock, set after the game: the milliseconds GGF's TI cannot say
        if clock is None and self.total is not None and self.state is not None:  # a longer clock: the limits' maximum
            clock = min(max(0.0, self.total - self.used.get(self.state.to_move, 0.0)), MAX_TIME)
        return Limit(depth=self.depth, clock=clock)

    def _game(self) -> State:
        """The game being played.

        Raises:
            ValueError: the last ``set game`` was refused (no game until another is set).
        """
        if self.state is None:
            raise ValueError("no game: the last 'set game' was refused; set another")
        return self.state

    def go(self) -> None:
        state = self._game()
        _validate.not_over(state, "", "no move to make")
        self.say("status thinking")
        result = self._wait(self.player.start(state, self._limit()))
        text = games.move_text(state.variant, result.move)
        score = "" if result.score is None else f"{result.score:.2f}"
        self.say(f"=== {text}/{score}/{result.seconds:.2f}")
        self.say("status")

    def _wait(self, handle: Handle[_R]) -> _R:
        """The result of a background search (``go`` or ``hint``), stopped by a ``ping``
        or ``quit`` read meanwhile or by the end of input (:meth:`CommandLines.wait`)."""
        return self.lines.wait(handle)

    def hint(self, n: int) -> None:
        state = self._game()
        _validate.not_over(state, "", "nothing to analyse")
        self.say("status analysing")
        infos = self._wait(self.player.start_analyse(state, Limit(depth=self.depth), max(1, min(n, MAX_MULTIPV))))
        for info in infos:
            if info.depth == 0 and not info.exact:
                continue  # stopped before its first iteration: not scored
            pv = "".join(games.move_text(state.variant, m) for m in (info.pv or [info.move]))
            depth = "100%" if info.exact else str(info.depth)
            self.say(f"search {pv} {info.score:.2f} 0 {depth}")
        self.say("status")


def serve(input: Optional[TextIO] = None, output: Optional[TextIO] = None, player: Optional[LivingPlayer] = None) -> None:
    """Runs an NBoard session on ``input``/``output`` (default: stdin/stdout)."""
    NBoardServer(input or sys.stdin, output or sys.stdout, player).serve()
