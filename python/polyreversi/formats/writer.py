"""Writing a game file game by game, so that what is finished is kept.

:class:`GameWriter` writes each record as it is added (flushed to the operating
system at once) where the format allows it (``Capabilities.appendable``: JSON Lines,
GGF, transcripts, OBF; Parquet in row groups), else holds the records until
:meth:`GameWriter.close` (WTHOR, whose header counts the games). A regular file is
written to a temporary file beside it and renamed into place by ``close``: the
target is the old file or a complete new one. ``close`` runs however the block of a
``with`` ends (an error, Ctrl-C): the games added so far are a valid file.

>>> import polyreversi as pr, tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "games.jsonl")
>>> with GameWriter(path) as out:
...     out.add(pr.record.Record(pr.Variant("8x8"), ("f5", "d6")))
>>> [r.plies for r in pr.formats.read(path)]
[2]
"""
from __future__ import annotations

import contextlib
import signal
import threading
import warnings
from types import FrameType
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterator, List, Optional, Union

from polyreversi import _files, _validate
from polyreversi.errors import RecordError, RecordWarning
from polyreversi.formats import _lost, registry
from polyreversi.formats.base import Content, PieceWriter, in_context

if TYPE_CHECKING:
    from polyreversi.formats import PathLike
    from polyreversi.record import Record


class GameWriter:
    """A game file written game by game (see the module text).

    Args:
        path: the file; ``-`` is standard output (then ``fmt`` is required).
        fmt: the format name (default: from the extension).

    Raises:
        RecordError: naming the file: an unknown or read-only format, a path that cannot
            be written; from :meth:`add`, a record the format cannot hold (nothing of it
            is written) or a failed write; more than one game for a one-game format.
    """

    def __init__(self, path: PathLike, fmt: Optional[str] = None) -> None:
        from polyreversi.formats import detect_format, source_name

        self.path = path
        self.fmt = detect_format(path, fmt)
        self.target = source_name(path, writing=True)
        found = registry.check_writable(self.fmt)
        self._codec = found.codec
        self._caps = found.capabilities
        self.games = 0
        self._held: List[Record] = []  # the games of a format written whole
        self._lost: Dict[str, None] = {}
        self._closed = False
        self._out: Optional[_files.Output] = None
        self._pieces: Optional[PieceWriter] = None
        self._last: Optional[Record] = None  # the last game written, which the next may continue from
        pieces: Optional[Callable[[str], PieceWriter]] = getattr(self._codec, "writer", None)  # optional
        if self._caps.appendable or pieces is not None:
            try:
                self._out = _files.Output(path)
            except OSError as e:
                raise RecordError(f"{self.target}: cannot write: {e.strerror or e}") from None
            if not self._caps.appendable:
                if self._out.temp is not None and pieces is not None:  # not appendable: it has a writer
                    self._pieces = pieces(self._out.temp)
                else:  # a pipe or a device: the format needs the whole file at once
                    self._out = None

    def add(self, record: Record) -> None:
        """Writes one game (or holds it, for a format written whole). Ctrl-C while it
        runs takes effect when it returns: a game is in the file whole or not at all."""
        with signals_deferred():
            self._add(record)

    def _add(self, record: Record) -> None:
        from polyreversi.record import Record

        _validate.instance(record, Record, "record")  # encode_after takes records as they are
        if self._closed:
            raise RecordError(f"{self.target}: already closed")
        if not self._caps.many_games and self.games:
            raise RecordError(f"{self.target}: a {registry.by_name(self.fmt).extensions[0]} file holds one game")
        if self._caps.appendable:
            data = self._encode([record], after=self._last)
            assert not isinstance(data, dict), "an appendable format writes one file"
            self._write(data)
            self._last = record
        elif self._pieces is not None:
            try:
                self._pieces.add(record)
            except RecordError as e:
                raise in_context(in_context(e, f"game {self.games + 1}"), self.target) from None
        else:
            self._encode([record], keep_warnings=False)  # refused now, not after the whole run
            self._held.append(record)
        self.games += 1

    def close(self) -> None:
        """Completes the file with the games added so far (none: an empty file of the
        format) and moves it into place; warns once about fields the format cannot hold."""
        if self._closed:
            return
        self._closed = True
        with signals_deferred():
            self._close()

    def _close(self) -> None:
        if self._out is None:  # written whole (with its companion files, for WTHOR)
            from polyreversi.formats import write

            write(self.path, self._held, self.fmt)
            return
        try:
            if self._pieces is not None:
                self._pieces.close()
            self._out.commit()
        except OSError as e:
            self._out.discard()
            raise RecordError(f"{self.target}: cannot write: {e.strerror or e}") from None
        except BaseException:
            self._out.discard()
            raise
        for message in self._lost:
            warnings.warn(message, RecordWarning, stacklevel=2)

    def discard(self) -> None:
        """Drops the file being written (a regular file's target stays as it was)."""
        self._closed = True
        if self._out is not None:
            self._out.discard()

    def __enter__(self) -> "GameWriter":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _encode(self, records: List[Record], keep_warnings: bool = True, after: Optional[Record] = None) -> Content:
        """The content of ``records``; ``after``: the game before them in this file, which
        a codec with ``encode_after`` continues from (a transcript's variant line)."""
        from polyreversi.formats import encode

        continued: Optional[Callable[[List[Record], Record], Content]] = getattr(self._codec, "encode_after", None)
        with warnings.catch_warnings(record=True) as caught, _lost.naming(self.target):
            warnings.simplefilter("always", RecordWarning)
            try:
                if after is not None and continued is not None:
                    content = continued(records, after)
                else:
                    content = encode(records, self.fmt)
            except RecordError as e:  # the codec numbers the one game it was given 1
                if str(e).startswith("game 1: "):
                    e.args = (str(e)[len("game 1: "):],)
                raise in_context(in_context(e, f"game {self.games + 1}"), self.target) from None
        for w in caught:  # one game at a time: the same loss is said once, at close
            if issubclass(w.category, RecordWarning):
                if keep_warnings:
                    self._lost[str(w.message)] = None
            else:
                warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
        return content

    def _write(self, data: Union[str, bytes]) -> None:
        assert self._out is not None, "written only to a format's open output"
        try:
            self._out.write(data)
        except OSError as e:
            raise RecordError(f"{self.target}: cannot write: {e.strerror or e}") from None


@contextlib.contextmanager
def signals_deferred() -> Iterator[None]:
    """Within the block, SIGINT and SIGTERM (where Python handles them: Ctrl-C, or
    selfplay's SIGTERM) are held and delivered when it ends, so that a file is never
    left with half a game. Only in the main thread, where Python runs signal handlers."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: List[int] = []
    saved: Dict[int, Callable[[int, Optional[FrameType]], Any]] = {}
    for sig in (signal.SIGINT, signal.SIGTERM):
        handler = signal.getsignal(sig)
        if callable(handler):
            saved[sig] = handler
            signal.signal(sig, lambda number, frame: held.append(number))
    try:
        yield
    finally:
        for number, handler in saved.items():
            signal.signal(number, handler)
        for number in held[:1]:
            saved[number](number, None)


__all__ = ["GameWriter", "signals_deferred"]
