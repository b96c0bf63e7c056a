"""The exceptions polyreversi raises. All share the base class PolyreversiError.

=========================  ============================  ================================================
exception                  also a                        raised for
=========================  ============================  ================================================
PolyreversiError           Exception                     base class of all below
VariantError               ValueError                    unknown board/option, forbidden combination
                                                         (RULES.md §8), bad variant string
InvalidSquareError         ValueError                    square index or name off the board's grid
IllegalMoveError           ValueError                    a move the rules forbid here (names the move,
                                                         the ply and the legal moves)
PositionError              ValueError                    a custom position that breaks the variant
HistoryError               IndexError                    undo() with no move to take back
ConcurrentUseError         RuntimeError                  a Batch entered from a second thread while a
                                                         call is busy in it (names the object)
RecordError                ValueError                    a malformed or inconsistent game record/file
  ReplayError              (RecordError)                 a record whose moves do not replay (names
                                                         the game, ply, move and legal moves)
  UnsupportedGameError     (RecordError)                 a game in a file the engine cannot play
                                                         (e.g. a 4x4 GGF board)
BookError                  ValueError                    an opening book file that is missing, of
                                                         another format version, damaged or malformed
EngineError                RuntimeError                  an external engine (NBoard, GTP) failed; the
                                                         message names the engine and what it did
  EngineTerminatedError    (EngineError)                 the engine's process ended (its exit status and
                                                         last stderr lines are in the message)
  EngineProtocolError      (EngineError)                 a reply the protocol does not allow, an error
                                                         reply, a game the protocol cannot express
  EngineTimeoutError       (EngineError, TimeoutError)   no reply within the timeout
  EngineIllegalMoveError   (EngineError)                 the engine chose a move the rules forbid
RecordWarning              UserWarning                   (a warning, not an error) fields of records that
                                                         a file format cannot hold, left out on writing;
                                                         a name file that does not name every player
=========================  ============================  ================================================
"""
from __future__ import annotations

import os
import unicodedata
from typing import Any

from polyreversi import _core
from polyreversi._core import (
    ConcurrentUseError,
    HistoryError,
    IllegalMoveError,
    InvalidSquareError,
    PolyreversiError,
    PositionError,
    VariantError,
)


class RecordError(PolyreversiError, ValueError):
    """A game record or file that cannot be read or does not replay.

    The message names the file, the game and the field or ply where possible.
    """


class BookError(PolyreversiError, ValueError):
    """An opening book file (polyreversi.book) that cannot be read: missing, not a book,
    another format version, a checksum that does not match, malformed arrays. The
    message names the file and the problem."""


class EngineError(PolyreversiError, RuntimeError):
    """An external engine (spoken to over NBoard or GTP) failed; the message names
    the engine and what it did or did not do."""


class EngineTerminatedError(EngineError):
    """The engine's process ended (or was closed) while it was needed."""


class EngineProtocolError(EngineError):
    """The engine answered something its protocol does not allow, replied with an
    error, or was asked for a game its protocol cannot express."""


class EngineTimeoutError(EngineError, TimeoutError):
    """The engine did not answer within the timeout (the engine is then closed)."""


class EngineIllegalMoveError(EngineError):
    """The engine chose a move that is not legal in the position it was given.

    Attributes:
        move: the engine's move as it wrote it (text).
    """

    def __init__(self, message: str, move: str = "") -> None:
        super().__init__(message)
        self.move = move


class RecordWarning(UserWarning):
    """Something of the records was not carried: a writer left out fields the format
    cannot hold (one warning per file, naming every such field), or a reader found
    no name for a player or tournament. Turn it into an error with
    ``warnings.simplefilter("error", RecordWarning)``."""


#: Characters of a caller's text a message shows (the rest is cut, its length given).
QUOTED_CHARS = _core.limits.QUOTED_CHARS
#: Characters a message shows of a file name or an engine's command line: longer than
#: :data:`QUOTED_CHARS`, since a path or a command is told apart by its end (the file's
#: own name, the engine's options), and still a line, not a page.
QUOTED_NAME_CHARS = 200


def quoted(value: Any, limit: int = QUOTED_CHARS) -> str:
    """``value`` as a message shows it: its repr (control characters escaped), cut past
    ``limit`` characters with its size, so that a huge argument or input line does not
    become a huge message (the core's ``quoted``, for values met in Python). ``limit``
    is :data:`QUOTED_CHARS`, or :data:`QUOTED_NAME_CHARS` for a file name or an engine's
    command. Text is cut with its length in characters, a whole number with its count
    of digits (an int of more than 4300 digits has no repr: Python refuses to convert
    it), any other value's repr with its length. Every message that echoes what a
    caller gave quotes it with this."""
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        shown = repr(value[:limit])
        return f"{shown[:-1]}...{shown[-1]} ({len(value)} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 3 * limit:
        # more digits than `limit`, or nearly: the core's text (its leading digits and count)
        return _core._decimal_text(int(value), limit)
    try:
        shown = repr(value)
    except Exception:  # a message is made whatever the value's own __repr__ does
        return f"<a {type(value).__name__} with no repr>"
    if len(shown) <= limit:
        return shown
    return f"{shown[:limit]}... ({len(shown)} characters)"


def quoted_name(value: Any) -> str:
    """:func:`quoted` with the longer cut of a file name or an engine's command
    (:data:`QUOTED_NAME_CHARS`); a path-like is shown as its text."""
    if isinstance(value, os.PathLike):
        try:
            value = os.fspath(value)
        except Exception:  # a broken __fspath__: its repr, as any other value
            pass
    return quoted(value, QUOTED_NAME_CHARS)


# Where str.splitlines() splits, beyond the controls (\x85, \r, \x0b... are Cc).
_LINE_BREAKS = "\u2028\u2029"


def without_controls(text: str, keep: str = "\n\t") -> str:
    """``text`` with every control character and every line break str.splitlines()
    splits on, except those in ``keep``, shown as an escape (ESC as ``\\x1b``, U+2028 as
    ``\\u2028``): text from records or an input line cannot drive the terminal or break a line."""
    return "".join(c if c in keep or (c not in _LINE_BREAKS and unicodedata.category(c) != "Cc")
                   else f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}" for c in text)


def shortened(text: str, limit: int = QUOTED_CHARS) -> str:
    """``text`` as it is when short; past ``limit`` characters cut, with its length (as
    :func:`quoted` cuts it, without the quotes: an input line echoed back, a name shown
    bare)."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text)} characters)"


__all__ = [
    "PolyreversiError",
    "VariantError",
    "InvalidSquareError",
    "IllegalMoveError",
    "PositionError",
    "HistoryError",
    "ConcurrentUseError",
    "RecordError",
    "RecordWarning",
    "BookError",
    "EngineError",
    "EngineTerminatedError",
    "EngineProtocolError",
    "EngineTimeoutError",
    "EngineIllegalMoveError",
]
