"""The exceptions polyreversi raises. All share the base class PolyreversiError.

======================  ==========================  ==============================================
exception               also a                      raised for
======================  ==========================  ==============================================
PolyreversiError        Exception                   base class of all below
VariantError            ValueError                  unknown board/option, forbidden combination
                                                    (RULES.md §8), bad variant string
InvalidSquareError      ValueError                  square index or name off the board's grid
IllegalMoveError        ValueError                  a move the rules forbid here (names the move,
                                                    the ply and the legal moves)
PositionError           ValueError                  a custom position that breaks the variant
HistoryError            IndexError                  undo() with no move to take back
ConcurrentUseError      RuntimeError                a Batch entered from a second thread while a
                                                    call is busy in it (names the object)
RecordError             ValueError                  a malformed or inconsistent game record/file
  ReplayError           (RecordError)               a record whose moves do not replay (names
                                                    the game, ply, move and legal moves)
  UnsupportedGameError  (RecordError)               a game in a file the engine cannot play
                                                    (e.g. a 4x4 GGF board)
RecordWarning           UserWarning                 (a warning, not an error) fields of records that
                                                    a file format cannot hold, left out on writing;
                                                    a name file that does not name every player
======================  ==========================  ==============================================
"""
from __future__ import annotations

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


class RecordWarning(UserWarning):
    """Something of the records was not carried: a writer left out fields the format
    cannot hold (one warning per file, naming every such field), or a reader found
    no name for a player or tournament. Turn it into an error with
    ``warnings.simplefilter("error", RecordWarning)``."""


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
]
