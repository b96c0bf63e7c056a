"""The protocol every game-file format follows, and the pieces the formats share.

A format is a codec object (a module, or an object inside one) with:

- ``CAPABILITIES``: a :class:`Capabilities`, what the format can hold and do;
- ``decode(content, source, path, **options)``: the games of a file's content
  (``str``, or ``bytes`` when ``CAPABILITIES.binary``; the folder's path for a
  folder of shards when ``CAPABILITIES.folder``) as an iterator of
  :class:`GameEntry`; problems of the whole file raise :class:`RecordError` when
  it is called, problems of one game go in its entry. ``source`` names the file
  in messages, ``path`` is the file (``None`` for standard input) for formats that
  read companion files; messages need not name the file: the caller adds it;
- ``encode(records)``: the content of a file holding ``records`` (``str`` or
  ``bytes``), or a dict from file name to content when the format writes several
  files (``None`` is the target itself, other keys are names of files beside it);
  a record the format cannot hold raises :class:`RecordError`, nothing is written;
- optionally ``writer(path)``: an object with ``add(record)`` and ``close()`` that
  writes a file at ``path`` (a regular file) game by game, for a format that is not
  ``appendable`` but can be written in pieces (Parquet's row groups);
- optionally ``encode_after(records, previous)``: for an ``appendable`` format whose
  lines carry state from game to game (a transcript's ``# variant:`` line), the
  content that continues a file whose last game is the record ``previous``.

Formats are found by name and by file extension through
:mod:`polyreversi.formats.registry`; :mod:`polyreversi.formats` reads and writes
the files (standard input and output, pipes and devices included), once for all.
"""
from __future__ import annotations

import collections.abc
import fnmatch
import os
import re
from dataclasses import dataclass
from typing import Any, Callable, Dict, FrozenSet, Iterable, Iterator, List, NamedTuple, Optional, Protocol, Sequence, Tuple, Union

from polyreversi import _validate
from polyreversi.errors import RecordError
from polyreversi.record import Record

#: Every variant feature a format may or may not hold (see :class:`Capabilities`).
FEATURES = ("anti", "free_opening", "handicap", "blocked", "custom_start")
#: The record fields besides the variant and the moves (docs/records.md).
FIELDS = ("players", "result", "date", "komi", "meta")


@dataclass(frozen=True)
class Capabilities:
    """What one file format can hold and do (docs/records.md, "Formats").

    ``read`` / ``write``: whether polyreversi reads / writes it. ``many_games``:
    more than one game per file. ``players``: the player counts it holds;
    ``boards``: the boards; ``features``: the variant features it holds (of
    :data:`FEATURES`: anti, free opening, handicap, blocked squares, a custom start
    position). ``fields``: the record fields (of :data:`FIELDS`) a write then read
    keeps, at least in part (``note`` says what is lost). ``read_options``: the
    keyword options its reader takes. ``binary``: its content is bytes, not text;
    ``fallback_encoding``: the encoding tried when the text is not UTF-8 (None: an error).
    ``moves``: the moves are kept (False: a game is written as the position after its
    last move, read back as a game with no moves from that position: OBF).
    ``appendable``: files of this format written one after another are one file holding
    all their games, so a file can be written game by game (:class:`polyreversi.formats.writer.GameWriter`).
    ``folder``: a folder of such files (shards) is read as one file, in name order.
    ``companions``: the files written beside the file, each an extension that replaces
    the file's own (WTHOR's ``.JOU`` / ``.TRN`` name files); the keys of ``encode``'s dict.
    """

    description: str
    read: bool = True
    write: bool = True
    many_games: bool = True
    players: Tuple[int, ...] = (2, 3, 4)
    boards: Tuple[str, ...] = ("6x6", "8x8", "10x10", "octagon")
    features: FrozenSet[str] = frozenset(FEATURES)
    fields: FrozenSet[str] = frozenset(FIELDS)
    read_options: Tuple[str, ...] = ()
    binary: bool = False
    fallback_encoding: Optional[str] = None
    moves: bool = True
    appendable: bool = False
    folder: bool = False
    companions: Tuple[str, ...] = ()
    note: str = ""

    @property
    def lossless(self) -> bool:
        """True when every variant and every field survives a write and a read."""
        return (
            self.moves
            and set(self.players) == {2, 3, 4}
            and len(self.boards) == 4
            and self.features == frozenset(FEATURES)
            and self.fields == frozenset(FIELDS)
        )


class UnsupportedGameError(RecordError):
    """A well-formed game the engine cannot play: a board size other than 6, 8 and 10
    (GGF's 4x4 or 12x12 games, for example)."""


class GameEntry(NamedTuple):
    """One game of a file: its number (1 = first) and its record, or the error reading it raised."""

    number: int
    record: Optional["Record"]
    error: Optional[RecordError]

    def checked(self) -> "Record":
        """The record; raises the error reading it instead, if there was one."""
        if self.error is not None:
            raise self.error
        if self.record is None:  # an entry holds a record or an error
            raise ValueError(f"game {self.number}: an entry with neither a record nor an error")
        return self.record


#: What ``encode`` gives: one file's content, or file names (None: the target) to contents.
Content = Union[str, bytes, Dict[Optional[str], Union[str, bytes]]]


class Codec(Protocol):
    """A format's codec, as the module text describes it (``writer`` is optional and
    looked up with ``getattr``)."""

    CAPABILITIES: Capabilities

    def decode(self, content: Union[str, bytes], source: str, path: Optional[Union[str, "os.PathLike[str]"]],
               /, **options: Any) -> Iterator[GameEntry]: ...

    def encode(self, records: Sequence[Record], /) -> Content: ...


class PieceWriter(Protocol):
    """What a codec's ``writer(path)`` returns: a file written game by game."""

    def add(self, record: Record, /) -> None: ...

    def close(self) -> None: ...


def in_context(error: RecordError, where: str) -> RecordError:
    """The same error (same class and attributes) with ``"<where>: "`` before its message
    (unchanged when the message already starts with it)."""
    if not where or str(error).startswith(f"{where}: ") or str(error) == where:
        return error
    located = error.__class__.__new__(error.__class__)
    located.__dict__.update(error.__dict__)
    located.args = (f"{where}: {error}",)
    return located


def records_of(entries: Iterable[GameEntry]) -> List["Record"]:
    """The records of ``entries``, raising the first entry's error.

    Raises:
        TypeError: ``entries`` is text or not iterable, or holds an item that is not a
            :class:`GameEntry` (named ``entries[K]``, K from 0).
        RecordError: the first entry's error.
    """
    if isinstance(entries, (str, bytes)) or not isinstance(entries, collections.abc.Iterable):
        raise TypeError(f"entries: expected GameEntry items (as iter_games gives), got {type(entries).__name__}")
    return [_validate.instance(entry, GameEntry, f"entries[{k}]").checked() for k, entry in enumerate(entries)]


def encode_each(records: Iterable["Record"], encode_one: Callable[["Record"], str]) -> Iterator[Tuple["Record", str]]:
    """``(record, encode_one(record))`` for each record; an error names the game (``game 3: ...``)."""
    for number, record in enumerate(records, 1):
        try:
            yield record, encode_one(record)
        except RecordError as e:
            raise in_context(e, f"game {number}") from None


_LINE_END = re.compile(r"\r\n|\r|\n")


def decode_lines(text: str, decode_one: Callable[[str], "Record"],
                 skip: Callable[[int, str], bool] = lambda line_no, line: False) -> Iterator[GameEntry]:
    """One entry per non-blank line of ``text`` that ``skip(line_no, line)`` does not
    reject, the errors naming the line and the game (``line 4 (game 3): ...``)."""
    number = 0
    # Lines end at \n, \r\n or \r only: str.splitlines would also break at U+2028, U+0085
    # and the like, which JSON writes raw inside strings (a name or meta text).
    for line_no, line in enumerate(_LINE_END.split(text), 1):
        if not line.strip() or skip(line_no, line):
            continue
        number += 1
        try:
            yield GameEntry(number, decode_one(line), None)
        except RecordError as e:
            yield GameEntry(number, None, in_context(e, f"line {line_no} (game {number})"))


#: How a shard of a ``selfplay --ray`` run is named in its folder (``part-`` and the
#: number of its first game).
SHARD_GLOB = "part-*.parquet"


def shards(path: Union[str, "os.PathLike[str]"]) -> Optional[List[str]]:
    """The file names in ``path`` when it is a folder of Parquet shards (one or more
    :data:`SHARD_GLOB` files and nothing else: a games table written as shards), else
    None (a file, a missing path, an empty folder, a folder with other files)."""
    try:
        names = sorted(os.listdir(path)) if os.path.isdir(path) else []
    except OSError:
        return None
    return names if names and len(fnmatch.filter(names, SHARD_GLOB)) == len(names) else None
