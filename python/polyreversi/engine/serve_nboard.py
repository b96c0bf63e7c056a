"""polyreversi as an NBoard engine (``polyreversi engine --protocol nboard``).

Commands (NBoard protocol version 2; NTest's instructions/Protocol.htm):

- ``nboard 2``: answered with ``set myname polyreversi``.
- ``set depth N``: the search depth of ``go`` and ``hint`` (1 .. MAX_DEPTH).
- ``set game GGF``: the game (``TY`` 6, 8, 10, with ``a`` for Anti-Reversi; ``BO``
  any start, e.g. a handicap; ``TI`` the clock, less the mover's move times).
- ``set contempt N``: accepted; polyreversi's search values a draw at 0 whatever it is.
- ``move F5[/eval/time]``: plays a move on the game.
- ``go``: ``status thinking``, then ``=== F5/eval/time`` (eval in disks for the mover)
  and an empty ``status``. The move is not played until ``move`` says so.
- ``hint N``: ``search MOVE EVAL 0 DEPTH`` for the best N moves (depth ``100%`` when
  exact), then an empty ``status``.
- ``ping N``: ``pong N``. With a search player that searches in the background
  (``start``/``stop``), a ping during ``go`` stops the search at once and
  its move is not sent (the GUI pings before it changes the board); other commands
  sent during a search wait for it. Otherwise commands run one after another and a
  ping is answered when the search ends.
- ``learn``: ``learned`` (polyreversi keeps no book; nothing is stored).
- Extension (docs/engines.md): ``set polyreversi-game JSON`` sets any variant's game
  as one JSON Lines record (the octagon, blocked squares, the free opening);
  ``set polyreversi-clock SECONDS`` sets the mover's clock for such a game.

A command it does not know, a game it cannot play (3-4 players, a malformed GGF)
or an illegal move is answered with ``status error: ...`` naming it; the engine
carries on. ``quit`` or the end of input ends it.
"""
from __future__ import annotations

import collections
import queue
import re
import sys
import threading
from typing import Deque, Optional, TextIO

from polyreversi.engine import games
from polyreversi.engine.living import LivingPlayer
from polyreversi.errors import PolyreversiError, RecordError
from polyreversi.formats import ggf
from polyreversi.limit import MAX_DEPTH, MAX_MULTIPV, Limit
from polyreversi.state import State
from polyreversi.search import DEFAULT_DEPTH
from polyreversi.variant import Variant

#: The engine's NBoard name (``set myname``); the client turns on the extensions for it.
NAME = "polyreversi"


def parse_clock(text: str) -> Optional[float]:
    """Seconds of a GGF ``TI`` clock: ``SS``, ``MM:SS`` or ``HH:MM:SS`` before any
    ``/`` (increment and extension parts are not used); None when unreadable."""
    head = text.split("/")[0].strip()
    if not re.fullmatch(r"\d+(?:\.\d*)?(?::\d+(?:\.\d*)?){0,2}", head):
        return None
    seconds = 0.0
    for part in head.split(":"):
        seconds = seconds * 60 + float(part)
    return seconds


class NBoardServer:
    """One NBoard session over ``input``/``output`` (see the module's notes)."""

    def __init__(self, input: TextIO, output: TextIO, player: Optional[LivingPlayer] = None) -> None:
        self.input, self.output = input, output
        self.player = player or LivingPlayer()
        self.state: Optional[State] = Variant().start()  # None after a refused game
        self.depth = DEFAULT_DEPTH
        self.clock: Optional[float] = None
        self.contempt = 0
        self.lines: "queue.Queue" = queue.Queue()
        self.pending: Deque[str] = collections.deque()

    def say(self, line: str) -> None:
        self.output.write(line + "\n")
        self.output.flush()

    def _read(self) -> None:
        for raw in self.input:
            self.lines.put(raw)
        self.lines.put(None)

    def next_line(self, timeout: Optional[float] = None) -> Optional[str]:
        """The next command (deferred ones first); None at the end of input.

        Raises:
            queue.Empty: nothing within ``timeout``.
        """
        if self.pending:
            return self.pending.popleft()
        line = self.lines.get(timeout=timeout)
        if line is None:
            self.lines.put(None)
        return line

    def serve(self) -> None:
        """Answers commands until ``quit`` or the end of input."""
        threading.Thread(target=self._read, name="nboard-input", daemon=True).start()
        while True:
            raw = self.next_line()
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
            self.say(f"set myname {NAME}")
        elif cmd == "ping":
            self.say(f"pong {words[1] if len(words) > 1 else ''}".rstrip())
        elif cmd == "set" and len(words) >= 2:
            self.set(words[1], line.split(None, 2)[2] if len(words) > 2 else "")
        elif cmd == "move" and len(words) == 2:
            state = self._game()
            move = games.parse_move_text(state, words[1].split("/")[0], None)
            state.play(move)
        elif cmd == "go":
            self.go()
        elif cmd == "hint":
            self.hint(int(words[1]) if len(words) > 1 else 1)
        elif cmd == "learn":
            self.say("learned")
        else:
            raise ValueError(f"unknown command {line[:60]!r}")

    def set(self, what: str, value: str) -> None:
        if what == "depth":
            if not value.strip().isdigit():
                raise ValueError(f"set depth: expected a whole number of plies, 1 to {MAX_DEPTH}, got {value[:40]!r}")
            depth = int(value)
            Limit(depth=depth)  # checks the range: the old depth is kept on an error
            self.depth = depth
        elif what == "game":
            self.state = None  # a refused game leaves none: no move is made for the one before
            record = ggf.parse_game(value)
            state = record.replay().final
            self.clock = self._clock_of(record, state)
            self._check(state)
            self.state = state
        elif what == "contempt":
            self.contempt = int(float(value))
        elif what == "polyreversi-game":
            self.state = None  # as for set game
            state = games.state_from_json(value)
            self._check(state)
            self.state, self.clock = state, None
        elif what == "polyreversi-clock":
            self.clock = float(value)
        else:
            raise ValueError(f"unknown setting {what!r}")

    @staticmethod
    def _clock_of(record, state) -> Optional[float]:
        ti = (record.meta.get("ggf") or {}).get("TI")
        total = parse_clock(ti) if ti else None
        if not total:  # no TI, an unreadable one, or TI[0//0]: no time control
            return None
        times = record.meta.get("move_times") or []
        first = record.initial_state().to_move
        mover_parity = 0 if state.to_move == first else 1
        used = 0.0
        for i, t in enumerate(times):
            if i % 2 == mover_parity and t not in (None, ""):
                try:
                    used += float(str(t).split(",")[0])
                except ValueError:
                    pass
        return max(0.0, total - used)

    @staticmethod
    def _check(state) -> None:
        if state.variant.players != 2:
            raise RecordError(f"polyreversi plays NBoard games of two players, not {state.variant}")

    def _limit(self) -> Limit:
        return Limit(depth=self.depth, clock=self.clock)

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
        if state.is_over():
            raise ValueError(f"the game is over at ply {state.ply}; there is no move to make")
        self.say("status thinking")
        result = self._wait(self.player.start(state, self._limit()))
        if result is None:
            return
        text = games.move_text(state.variant, result.move)
        score = "" if result.score is None else f"{result.score:.2f}"
        self.say(f"=== {text}/{score}/{result.seconds:.2f}")
        self.say("status")

    def _wait(self, handle):
        """The result of a background search, or None when a ping stopped it (the
        ping is answered here; other commands wait in :attr:`pending`). When the
        input ends the search runs to its limit and its move is still written."""
        while not handle.done():
            try:
                raw = self.lines.get(timeout=0.02)
            except queue.Empty:
                continue
            if raw is None:  # the input ended: the answer still goes out, then the loop ends
                self.lines.put(None)
                return handle.result()
            words = raw.split()
            if words[:1] == ["ping"]:
                handle.stop()
                handle.result()
                self.say("status")
                self.handle(raw.strip())
                return None
            self.pending.append(raw)
        return handle.result()

    def hint(self, n: int) -> None:
        state = self._game()
        if state.is_over():
            raise ValueError(f"the game is over at ply {state.ply}; there is nothing to analyse")
        self.say("status analysing")
        for info in self.player.analyse(state, Limit(depth=self.depth), multipv=max(1, min(n, MAX_MULTIPV))):
            pv = "".join(games.move_text(state.variant, m) for m in (info.pv or [info.move]))
            depth = "100%" if info.exact else str(info.depth)
            self.say(f"search {pv} {info.score:.2f} 0 {depth}")
        self.say("status")


def serve(input: Optional[TextIO] = None, output: Optional[TextIO] = None, player: Optional[LivingPlayer] = None) -> None:
    """Runs an NBoard session on ``input``/``output`` (default: stdin/stdout)."""
    NBoardServer(input or sys.stdin, output or sys.stdout, player).serve()
