"""The command lines of an engine session (``polyreversi engine``: NBoard and GTP),
read on a thread of their own so that a search can be stopped by what comes while it
runs.

Commands are answered in the order they come. While a search runs (NBoard's ``go``
and ``hint``, GTP's ``genmove`` and ``polyreversi-analyse``), the lines read wait in
:attr:`CommandLines.pending`, to be handled after it; a line that stops searches
(``quit``; NBoard's ``ping``) stops it at once: the search answers with its best
completed work, and the session then goes on with the lines that wait (and ends at
``quit`` or the end of input). The end of input stops a search too where the protocol
has a way to stop one (NBoard: a GUI that closed its pipes is gone, as UCI engines
read it); GTP has none and is answered in order, so there a search under way at the
end of input finishes within its limit first (``printf 'genmove b\n' | ...`` gets the
move the limit buys).
"""
from __future__ import annotations

import collections
import queue
import threading
from typing import Callable, Deque, Iterable, Optional, Protocol, TypeVar

_T = TypeVar("_T", covariant=True)
_R = TypeVar("_R")

#: Seconds between two looks at the input while a search runs: the delay of a stop (0.02
#: cost a 0.1-0.3 s GTP or NBoard clock its games on time). The answer goes as soon as the
#: search ends (the wait is on the search's end, not a poll). A look costs microseconds.
POLL = 0.001


class Handle(Protocol[_T]):
    """A search in the background: SearchPlayer.start's and LivingPlayer.start_analyse's handles."""

    def stop(self) -> None: ...

    def done(self) -> bool: ...

    def wait(self, timeout: float) -> bool: ...

    def result(self) -> _T: ...


class CommandLines:
    """The lines of ``input``, read on a daemon thread from :meth:`start` on.

    Args:
        input: the session's input (lines; its end ends the session).
        stops: True for a line that stops the search under way (it is still handled
            after it, in its turn).
        end_stops: the end of input stops the search under way (else it finishes).
    """

    def __init__(self, input: Iterable[str], stops: Callable[[str], bool], end_stops: bool = True) -> None:
        self._input = input
        self._stops = stops
        self._end_stops = end_stops
        self._lines: "queue.Queue[Optional[str]]" = queue.Queue()  # None: the input ended
        self.pending: Deque[str] = collections.deque()
        self.stops_waiting = 0  # lines in :attr:`pending` that stop: a search begun before them stops at once
        self.ended = False  # the input ended (seen while a search ran, or by :meth:`next_line`)

    def start(self) -> None:
        threading.Thread(target=self._read, name="polyreversi-engine-input", daemon=True).start()

    def _read(self) -> None:
        for raw in self._input:
            self._lines.put(raw)
        self._lines.put(None)

    def next_line(self) -> Optional[str]:
        """The next command (those read during a search first); None at the end of input."""
        if self.pending:
            line = self.pending.popleft()
            if self._stops(line):
                self.stops_waiting -= 1
            return line
        read = self._lines.get()
        if read is None:
            self.ended = True
            self._lines.put(None)
        return read

    def wait(self, handle: Handle[_R]) -> _R:
        """The result of a background search, stopped at once by a stopping line
        (read now or already waiting) or, with ``end_stops``, the end of input (see the
        module text)."""
        stopped = bool(self.stops_waiting) or (self.ended and self._end_stops)
        while not handle.done():
            if stopped:  # again at every look: a search that had not begun yet clears an earlier stop
                handle.stop()
            if handle.wait(POLL):  # ended: answered at once, not up to a poll later
                break
            while not self.ended:  # the lines read meanwhile
                try:
                    raw = self._lines.get_nowait()
                except queue.Empty:
                    break
                if raw is None:
                    self._lines.put(None)
                    self.ended = True
                    stopped = stopped or self._end_stops
                    break
                self.pending.append(raw)
                if self._stops(raw):
                    self.stops_waiting += 1
                    stopped = True
        return handle.result()


__all__ = ["CommandLines", "Handle", "POLL"]
