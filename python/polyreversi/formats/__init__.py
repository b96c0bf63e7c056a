"""Game files: the native JSON record, JSON Lines, transcripts, GGF and WTHOR.

=============  ================  =====  =====  ==============================================
format         extensions        read   write  module
=============  ================  =====  =====  ==============================================
``json``       .json             yes    yes    :mod:`polyreversi.formats.json_record` (one game)
``jsonl``      .jsonl, .ndjson   yes    yes    :mod:`polyreversi.formats.json_record` (many)
``transcript`` .txt              yes    yes    :mod:`polyreversi.formats.transcript`
``ggf``        .ggf              yes    yes    :mod:`polyreversi.formats.ggf`
``wthor``      .wtb              yes    no     :mod:`polyreversi.formats.wthor`
=============  ================  =====  =====  ==============================================

:func:`iter_games` reads a file game by game and keeps going past a bad game
(each :class:`GameEntry` holds a record or the error that game raised), which is
what checking a whole database needs; :func:`read` returns every record or
raises the first error. Games are numbered from 1 in every message. Writers
write a temporary file in the target's folder and move it into place, so an
interrupted write never leaves a half-written file. docs/records.md has the details.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Iterator, List, NamedTuple, Optional, Union

from polyreversi._files import replace_file
from polyreversi.errors import RecordError

if TYPE_CHECKING:  # the record module imports nothing from here; this avoids a cycle at run time
    from polyreversi.record import Record

PathLike = Union[str, "os.PathLike[str]"]

READABLE = ("json", "jsonl", "transcript", "ggf", "wthor")
WRITABLE = ("json", "jsonl", "transcript", "ggf")

EXTENSIONS = {
    ".json": "json",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".txt": "transcript",
    ".ggf": "ggf",
    ".wtb": "wthor",
}

# Reader options and the formats they apply to.
_OPTIONS = {"variant": ("transcript",), "players_file": ("wthor",), "tournaments_file": ("wthor",), "validate": ("json", "jsonl")}


class UnsupportedGameError(RecordError):
    """A well-formed game the engine cannot play: a board size other than 6, 8 and 10
    (GGF's 4x4 or 12x12 games, for example)."""


class GameEntry(NamedTuple):
    """One game of a file: its number (1 = first) and its record, or the error reading it raised."""

    number: int
    record: Optional["Record"]
    error: Optional[RecordError]


def detect_format(path: PathLike, fmt: Optional[str] = None) -> str:
    """The format name for ``path``: ``fmt`` when given, else from the extension.

    Raises:
        RecordError: an unknown format name or extension (the message lists the known ones).
    """
    if fmt is not None:
        name = fmt.lower()
        if name not in READABLE:
            raise RecordError(f"format: unknown format {fmt!r}; known: {', '.join(READABLE)}")
        return name
    suffix = Path(path).suffix.lower()
    if suffix not in EXTENSIONS:
        known = ", ".join(f"{ext} ({name})" for ext, name in EXTENSIONS.items())
        raise RecordError(f"{path}: cannot tell the format from the extension {suffix or '(none)'!r}; "
                          f"known: {known}; or give the format")
    return EXTENSIONS[suffix]


def iter_games(path: PathLike, fmt: Optional[str] = None, **options) -> Iterator[GameEntry]:
    """The games of a file, one :class:`GameEntry` each, in file order.

    Options: ``variant`` (transcripts: the variant of games without a
    ``# variant:`` line, default 8x8), ``players_file`` / ``tournaments_file`` (WTHOR:
    the ``.JOU`` / ``.TRN`` files; by default ``WTHOR.JOU`` / ``WTHOR.TRN`` beside the
    file), ``validate`` (JSON: replay every record on read, default True).

    Raises:
        RecordError: the file cannot be read at all (missing, wrong size, not the
            format), or an option that does not apply to the format. Errors in one game
            are returned in its entry instead.
    """
    name = detect_format(path, fmt)
    for option, value in options.items():
        if option not in _OPTIONS:
            raise TypeError(f"iter_games: unknown option {option!r}")
        if value is not None and name not in _OPTIONS[option]:
            raise RecordError(f"{option}: applies to {', '.join(_OPTIONS[option])} files, not {name}")
    options = {k: v for k, v in options.items() if v is not None}
    if Path(path).is_dir():
        raise RecordError(f"{path}: is a folder, not a game file")
    if not Path(path).is_file():
        raise RecordError(f"{path}: no such file")
    return _module(name).entries(path, **options)


def read(path: PathLike, fmt: Optional[str] = None, **options) -> List["Record"]:
    """Every record of a file (options as :func:`iter_games`).

    Raises:
        RecordError: the first bad game (the message names the file and the game) or a bad file.
    """
    records = []
    for entry in iter_games(path, fmt, **options):
        if entry.error is not None:
            raise entry.error
        records.append(entry.record)
    return records


def write(path: PathLike, records: Iterable["Record"], fmt: Optional[str] = None) -> None:
    """Writes records to a file in ``fmt`` (default: from the extension), atomically.

    Raises:
        RecordError: a read-only or unknown format, a record the format cannot express
            (the message says why; nothing is written), more than one record for ``.json``.
    """
    name = fmt.lower() if fmt is not None else detect_format(path)
    if name == "wthor":
        raise RecordError("wthor: WTHOR files are read-only here; write json, jsonl, ggf or transcript")
    if name not in WRITABLE:
        raise RecordError(f"format: unknown format {fmt!r}; writable: {', '.join(WRITABLE)}")
    _module(name).write(path, list(records))


def atomic_write(path: PathLike, data: Union[str, bytes]) -> None:
    """Writes ``data`` to a temporary file in ``path``'s folder, then moves it over ``path``.

    Text is written as UTF-8. An interrupted write leaves ``path`` as it was and no
    temporary file behind (see :func:`polyreversi._files.replace_file`).

    Raises:
        RecordError: the folder does not exist or cannot be written.
    """
    if isinstance(data, str):
        try:
            data = data.encode("utf-8")
        except UnicodeEncodeError as e:  # lone surrogates in a name, say
            raise RecordError(f"{path}: cannot write {data[e.start:e.end]!r} (character {e.start + 1}) "
                              "as UTF-8 text") from None
    try:
        replace_file(path, data)
    except OSError as e:
        raise RecordError(f"{path}: cannot write: {e.strerror or e}") from None


def read_text(path: PathLike) -> str:
    """A UTF-8 text file's content. Raises RecordError naming the file: missing,
    not UTF-8 (with the byte offset), or unreadable."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file") from None
    except UnicodeDecodeError as e:
        raise RecordError(f"{path}: not UTF-8 text (byte {e.start})") from None
    except OSError as e:
        raise RecordError(f"{path}: cannot read: {e.strerror}") from None


def check_expressible(variant, fmt: str) -> None:
    """Raises RecordError (naming the format and what it lacks) when ``fmt``
    cannot hold games of ``variant``, before any game is played. JSON holds
    every variant; GGF and transcripts say what they refuse by writing an
    empty game of the variant."""
    from polyreversi.record import Record

    if fmt in ("ggf", "transcript"):
        _module(fmt).dumps(Record(variant, ()))


def in_context(error: RecordError, where: str) -> RecordError:
    """The same error (same class and attributes) with ``where: `` before its message."""
    located = error.__class__.__new__(error.__class__)
    located.__dict__.update(error.__dict__)
    located.args = (f"{where}: {error}",)
    return located


def _module(name: str):
    if name in ("json", "jsonl"):
        from polyreversi.formats import json_record

        return json_record.LINES if name == "jsonl" else json_record.SINGLE
    if name == "transcript":
        from polyreversi.formats import transcript

        return transcript
    if name == "ggf":
        from polyreversi.formats import ggf

        return ggf
    from polyreversi.formats import wthor

    return wthor


__all__ = [
    "GameEntry",
    "UnsupportedGameError",
    "READABLE",
    "WRITABLE",
    "EXTENSIONS",
    "detect_format",
    "iter_games",
    "read",
    "write",
    "atomic_write",
    "check_expressible",
    "in_context",
]
