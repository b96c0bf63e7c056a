"""The client side of the NBoard protocol (version 2), as the NBoard GUI speaks it
(NTest's instructions/Protocol.htm; Edax and NTest implement it).

Every request sends the whole game (``set game`` with GGF), so the engine never has
to be kept in step; a ``ping``/``pong`` after the setup makes sure no line of an
earlier request is read as an answer. Limits: ``depth`` is ``set depth``; NBoard
has no per-move time, so ``time`` is given as a game clock (``TI``) of that many
seconds per move the mover has left, ``clock`` as the clock itself (GGF writes whole
seconds, rounded down from a second up: :func:`~polyreversi.engine.games.clock_text`;
polyreversi's own engine gets it to the millisecond by ``set polyreversi-clock``); ``nodes`` is
refused (the protocol has no node limit). Lines the protocol does not know are
skipped (NTest writes its start-up log to standard output), up to
:data:`~polyreversi.engine.protocol.MAX_NOISE` per request.
"""
from __future__ import annotations

import time
from typing import Callable, Dict, List, Optional

from polyreversi._validate import is_digits
from polyreversi.engine import games
from polyreversi.engine._process import EngineProcess
from polyreversi.engine.protocol import DEFAULT_TIMEOUT, DEPTH_TIMEOUT, Protocol, check_playable, parse_score
from polyreversi.engine.results import MoveInfo, PlayResult
from polyreversi.errors import EngineProtocolError, quoted_name
from polyreversi.limit import MAX_DEPTH, Limit
from polyreversi.state import State
from polyreversi.time_control import mover_moves

#: The NBoard protocol version spoken here, client and engine (``nboard 2``).
VERSION = 2
#: Depth sent with a time or clock limit and no depth: the deepest NBoard engines take.
UNBOUNDED_DEPTH = 60
#: The ``set myname`` prefix by which the client recognises polyreversi's own engine
#: (which takes the ``set polyreversi-game`` extension for every variant).
OWN_NAME = "polyreversi"


class NBoardProtocol(Protocol):
    """Talks NBoard to one engine process (see the module's notes)."""

    def __init__(self, process: EngineProcess, *, timeout: float = DEFAULT_TIMEOUT,
                 depth_timeout: float = DEPTH_TIMEOUT) -> None:
        super().__init__(process, timeout=timeout, depth_timeout=depth_timeout)
        self._ping = 0

    def handshake(self) -> None:
        """``nboard 2`` and a ping; takes the engine's ``set myname``.

        Raises:
            EngineTimeoutError, EngineTerminatedError, EngineProtocolError.
        """
        self.process.send(f"nboard {VERSION}")
        self.sync()

    def sync(self, take: Optional[Callable[[str], bool]] = None) -> None:
        """``ping n`` and wait for ``pong n``, skipping everything before it but what
        ``take(line)`` takes (True: a line it used)."""
        self._ping += 1
        self.process.send(f"ping {self._ping}")
        deadline, noise = self.quick_deadline(), 0
        while True:
            line = self.process.read_line(deadline, f"'pong {self._ping}'")
            words = line.split()
            if words[:1] == ["pong"]:
                if words[1:2] == [str(self._ping)]:
                    return
                continue  # an older ping's answer
            if take is not None and take(line):
                continue
            if not self._note(line):
                noise = self.noise(noise, f"waiting for 'pong {self._ping}'")

    def _note(self, line: str) -> bool:
        """Takes an informational line (``set myname``, ``status``, ``nodestats``...);
        False for a line the protocol does not know."""
        words = line.split(None, 2)
        if words[:2] == ["set", "myname"]:
            self.name = self.process.name = words[2].strip() if len(words) > 2 else self.name
            self.extensions = self.name.lower().startswith(OWN_NAME)
            return True
        return bool(words) and words[0] in ("status", "nodestats", "search", "book", "learned", "analysis", "pong")

    def _setup(self, state: State, limit: Limit) -> None:
        if limit.nodes is not None and limit.depth is None and limit.time is None and limit.clock is None:
            raise ValueError(f"engine {quoted_name(self.name)}: the NBoard protocol has no node limit; give depth, time or clock")
        if limit.is_empty() or (limit.depth is None and limit.time is None and limit.clock is None):
            raise ValueError(f"engine {quoted_name(self.name)}: an NBoard search needs a depth, a time or a clock")
        depth = limit.depth if limit.depth is not None else UNBOUNDED_DEPTH
        clock = limit.clock
        own_moves = mover_moves(games.empties(state), 2)
        if limit.time is not None:
            clock = limit.time * own_moves if clock is None else min(clock, limit.time * own_moves)
        if clock is not None:  # the set-ups of the mover's moves to come are kept off it
            clock = self.clock_to_send(clock, own_moves)
        self.process.send(f"set depth {min(depth, MAX_DEPTH)}")
        if games.ggf_expressible(state) and self.extensions:  # GGF's clock is whole seconds: ours to the ms
            self.process.send(f"set game {games.state_to_ggf(state)}")
            if clock is not None:
                self.process.send(f"set polyreversi-clock {clock:.3f}")
        elif games.ggf_expressible(state):
            self.process.send(f"set game {games.state_to_ggf(state, clock)}")
        elif self.extensions:
            self.process.send(f"set polyreversi-game {games.state_to_json(state)}")
            if clock is not None:
                self.process.send(f"set polyreversi-clock {clock:.3f}")
        else:
            games.state_to_ggf(state)  # raises the error naming what GGF cannot express
        self.sync()

    def play(self, state: State, limit: Limit) -> PlayResult:
        """``go`` and the engine's ``=== move/eval/time`` (or ``=== move eval time``).

        Raises:
            EngineIllegalMoveError, EngineProtocolError, EngineTimeoutError,
            EngineTerminatedError; ValueError for a finished game or a limit NBoard cannot give.
        """
        check_playable(state, self.name)
        began = time.monotonic()
        self._setup(state, limit)
        start = time.monotonic()
        self.note_setup(start - began)
        self.process.send("go")
        deadline, noise = self.think_deadline(limit), 0
        while True:
            line = self.process.read_line(deadline, "'go' (a '=== MOVE' line)")
            if line.startswith("==="):
                return self._move_reply(state, line, time.monotonic() - start)
            if not self._note(line):
                noise = self.noise(noise, "thinking on 'go'")

    def _move_reply(self, state: State, line: str, seconds: float) -> PlayResult:
        body = line[3:].strip()
        if not body:
            raise EngineProtocolError(f"engine {quoted_name(self.name)} answered {quoted_name(line)}: no move after '==='")
        first = body.split()[0]
        parts = first.split("/") if "/" in first else body.split()
        move = self.checked_move(state, games.parse_move_text(state, parts[0], self.name), parts[0])
        score = parse_score(parts[1]) if len(parts) > 1 else None
        if score is not None and abs(score) > len(state.variant.squares) * 100:
            score = None  # not a disk value
        return PlayResult(move=move, score=score, seconds=seconds, text=line)

    def analyse(self, state: State, limit: Limit, multipv: int = 1) -> List[MoveInfo]:
        """``hint multipv``: the engine's last value for each move it reported, best
        first (at most ``multipv``). The hint ends when the engine sets an empty
        ``status`` after its values, or at the limit's time, when a ``ping`` stops it.

        Raises:
            as :meth:`play`.
        """
        check_playable(state, self.name)
        self._setup(state, limit)
        self.process.send(f"hint {multipv}")
        deadline, noise = self.think_deadline(limit), 0
        stop_at = None if limit.time is None else time.monotonic() + limit.time
        found: Dict[int, MoveInfo] = {}

        def take(line: str) -> bool:
            words = line.split()
            if words[:1] in (["search"], ["book"]) and len(words) >= 5:
                info = self._info(state, words)
                if info is not None:
                    found[info.move] = info
                return True
            return False

        waiting = f"'hint {multipv}' (search lines)"
        while True:
            if stop_at is None:
                line: Optional[str] = self.process.read_line(deadline, waiting)
            else:  # at the limit's time the ping below stops the search (an engine may write nothing before)
                if time.monotonic() > stop_at:
                    break
                line = self.process.poll_line(stop_at if deadline is None else min(deadline, stop_at), waiting)
                if line is None:
                    break
            assert line is not None
            words = line.split()
            if take(line):
                continue
            if words == ["status"] and found:
                break
            elif words[:2] == ["status", "error:"] or line.startswith("status error"):
                raise EngineProtocolError(f"engine {quoted_name(self.name)} refused 'hint {multipv}': {quoted_name(line.strip())}")
            elif not self._note(line):
                noise = self.noise(noise, f"answering 'hint {multipv}'")
        self.sync(take)  # stops a search still under way; the values it writes before the pong still count
        ranked = sorted(found.values(), key=lambda i: -i.score)
        return ranked[:multipv]

    def _info(self, state: State, words: List[str]) -> Optional[MoveInfo]:
        kind, pv_text, eval_text, _, depth_text = words[:5]
        texts = games.first_move_of_pv(pv_text)
        score = parse_score(eval_text)
        if not texts or score is None:
            raise EngineProtocolError(f"engine {quoted_name(self.name)} wrote {quoted_name(' '.join(words))}: not a "
                                      "'search PV EVAL 0 DEPTH' line")
        pv = [games.parse_move_text(state, t, self.name) for t in texts]
        self.checked_move(state, pv[0], texts[0])
        digits = ""
        for c in depth_text:
            if not is_digits(c):
                break
            digits += c
        depth = int(digits) if digits else 0
        exact = depth_text.startswith("100%") and not depth_text.startswith("100%W")
        return MoveInfo(pv[0], score, depth if not depth_text.startswith("100%") else 0, pv,
                        exact=exact, book=kind == "book")
