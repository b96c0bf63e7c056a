"""Game files: the native JSON record, JSON Lines, transcripts, GGF, WTHOR, Parquet and OBF.

==============  ================  ============================================
format          extensions        module
==============  ================  ============================================
``json``        .json             :mod:`polyreversi.formats.json_record` (one game)
``jsonl``       .jsonl, .ndjson   :mod:`polyreversi.formats.json_record` (many)
``transcript``  .txt              :mod:`polyreversi.formats.transcript`
``ggf``         .ggf              :mod:`polyreversi.formats.ggf`
``wthor``       .wtb              :mod:`polyreversi.formats.wthor`
``parquet``     .parquet          :mod:`polyreversi.formats.parquet` (a games table, :mod:`polyreversi.datasets`)
``obf``         .obf              :mod:`polyreversi.formats.obf` (one position per line)
==============  ================  ============================================

Every format follows one protocol (:mod:`polyreversi.formats.base`) and is found by
name or extension in one registry (:mod:`polyreversi.formats.registry`); what each
can hold, read and write is its :class:`~polyreversi.formats.base.Capabilities`
(:func:`capabilities`). This module reads and writes the files, once for all formats.

:func:`iter_games` reads a file game by game and keeps going past a bad game
(each :class:`GameEntry` holds a record or the error that game raised), which is
what checking a whole database needs; :func:`read` returns every record or
raises the first error. Games are numbered from 1 in every message. ``-`` is
standard input or output (then name the format); pipes, FIFOs and devices are
read and written in place; regular files are written to a temporary file beside
the target and moved into place, so an interrupted write never leaves a
half-written file. docs/records.md has the details.

>>> capabilities("ggf").players, capabilities("wthor").read
((2,), True)
>>> detect_format("games.GGF")
'ggf'
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Dict, Iterable, Iterator, List, Mapping, Optional, Tuple, Union

from polyreversi import _files, _validate
from polyreversi.errors import RecordError, quoted
from polyreversi.formats.base import Capabilities, Content, GameEntry, UnsupportedGameError, in_context, records_of, shards
from polyreversi.formats import _lost, registry
from polyreversi.record import Record

if TYPE_CHECKING:
    from polyreversi.variant import Variant

PathLike = Union[str, "os.PathLike[str]"]

#: Extension -> format name.
EXTENSIONS = registry.extensions()
#: How standard input / output is named in messages.
STDIN_NAME = _files.STDIN_NAME
STDOUT_NAME = _files.STDOUT_NAME


#: The names of the formats that can be read (computed from the registry when asked for).
READABLE: tuple[str, ...]
#: The names of the formats that can be written (computed from the registry when asked for).
WRITABLE: tuple[str, ...]


#: The format modules, imported at their first use as attributes (``formats.obf``), as
#: ``import polyreversi.formats.obf`` would.
_SUBMODULES = ("ggf", "json_record", "obf", "parquet", "transcript", "wthor")


def __getattr__(name: str) -> Any:
    # READABLE / WRITABLE follow the formats' capabilities (computed when asked for).
    if name == "READABLE":
        return registry.readable()
    if name == "WRITABLE":
        return registry.writable()
    if name in _SUBMODULES:
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def capabilities(fmt: str) -> Capabilities:
    """What the format ``fmt`` can hold, read and write.

    Raises:
        RecordError: an unknown format name.
    """
    return registry.by_name(fmt).capabilities


def detect_format(path: Optional[PathLike], fmt: Optional[str] = None, hint: str = "give the format (fmt=NAME)",
                  *, reading: bool = False) -> str:
    """The format name for ``path``: ``fmt`` when given, else from the extension (a
    folder of Parquet shards is ``parquet`` whatever its name). With ``reading`` the
    file is to be read, so a missing one is ``PATH: no such file`` before its name
    is looked at (an output that does not exist yet is normal: ``reading=False``).

    Raises:
        RecordError: ``reading`` and ``path`` does not exist.
        RecordError: an unknown format name or extension (the message lists the known
            ones), or ``-`` (standard input or output) without a format; the message
            ends with ``hint``, how to give the format. A folder that is not a
            table of Parquet shards and has no known extension: ``PATH: is a folder``.
    """
    if reading and path is not None and not _files.is_stdio(path) and not os.path.exists(path):
        raise RecordError(f"{source_name(path)}: no such file")
    if fmt is not None:
        return registry.by_name(fmt).name
    if path is None or _files.is_stdio(path):
        raise RecordError(f"-: standard input or output has no extension; {hint}")
    if os.path.isdir(path):  # a folder is a game file only as a table of Parquet shards
        if shards(path) is not None:
            return "parquet"
        try:
            return registry.by_extension(path, hint).name
        except RecordError:
            raise RecordError(f"{source_name(path)}: is a folder, not a game file") from None
    return registry.by_extension(path, hint).name


def no_games(path: PathLike) -> RecordError:
    """The one message for a file that holds no game: ``no games in FILE``."""
    return RecordError(f"no games in {source_name(path)}")


def source_name(path: PathLike, writing: bool = False) -> str:
    """How ``path`` is named in messages (every message naming a file, of the library
    and the command line): ``<stdin>`` / ``<stdout>`` for ``-``; any other as it is,
    cut past :data:`~polyreversi.errors.QUOTED_NAME_CHARS` characters with its length
    (:func:`polyreversi._files.message_name`: a 5 kB path is not echoed whole)."""
    if _files.is_stdio(path):
        return STDOUT_NAME if writing else STDIN_NAME
    return _files.message_name(path)


def check_options(fmt: str, options: Mapping[str, object], names: Optional[Mapping[str, str]] = None) -> Dict[str, object]:
    """The reader options given (``None`` values dropped: not given), checked against
    the format: an option of another format is an error. ``names`` gives the name to use
    in messages (a command-line flag, say). Only ``fmt``'s codec is imported unless an
    option is refused (the message lists the formats that take it).

    Raises:
        TypeError: an option no format has.
        RecordError: an option that does not apply to ``fmt``.
    """
    given = {option: value for option, value in options.items() if value is not None}
    own = capabilities(fmt).read_options
    for option in given:
        if option not in own:
            table = registry.options()
            if option not in table:
                raise TypeError(f"unknown reader option {quoted(option)}; known: {', '.join(table)}")
            shown = (names or {}).get(option, option)
            raise RecordError(f"{shown} applies to {', '.join(table[option])} files, not {fmt}")
    return given


def iter_games(path: PathLike, fmt: Optional[str] = None, **options: object) -> Iterator[GameEntry]:
    """The games of a file, one :class:`GameEntry` each, in file order. ``-`` reads
    standard input (``fmt`` then required).

    Options (:func:`check_options`; each applies to the formats whose capabilities list
    it): ``variant`` (transcripts: the variant of games without a ``# variant:`` line,
    default 8x8), ``players_file`` / ``tournaments_file`` (WTHOR: the ``.JOU`` /
    ``.TRN`` files; by default ``WTHOR.JOU`` / ``WTHOR.TRN`` beside the file),
    ``validate`` (JSON: replay every record on read, default True).

    Raises:
        RecordError: the file cannot be read at all (missing, a folder, wrong size, not
            the format), or an option that does not apply to the format; the message
            names the file. Errors in one game are returned in its entry.
        TypeError: ``path`` is not a file name (str, os.PathLike of str) or ``-``.
        ValueError: a NUL character in ``path``.
    """
    _validate.file_name(path, "path")
    name = detect_format(path, fmt, reading=True)
    options = check_options(name, options)
    codec = registry.by_name(name).codec
    source = source_name(path)
    content = _content(path, source, codec.CAPABILITIES)
    where = None if _files.is_stdio(path) else path
    try:
        entries = codec.decode(content, source, where, **options)
    except RecordError as e:
        raise in_context(e, source) from None
    return _located(entries, source)


def _located(entries: Iterator[GameEntry], source: str) -> Iterator[GameEntry]:
    """The entries with every error naming ``source``."""
    while True:
        try:
            entry = next(entries)
        except StopIteration:
            return
        except RecordError as e:  # a file-level problem found part-way (a bad directive line)
            raise in_context(e, source) from None
        if entry.error is not None:
            entry = entry._replace(error=in_context(entry.error, source))
        yield entry


def read(path: PathLike, fmt: Optional[str] = None, **options: object) -> List["Record"]:
    """Every record of a file (options as :func:`iter_games`).

    Raises:
        RecordError: the first bad game (the message names the file and the game) or a bad file.
    """
    return records_of(iter_games(path, fmt, **options))


def encode(records: Iterable["Record"], fmt: str) -> Content:
    """The content of a file of format ``fmt`` holding ``records`` (see :func:`write`).

    Raises:
        RecordError: as :func:`write`, without a file name.
        TypeError: an item of ``records`` is not a :class:`polyreversi.Record`.
    """
    from polyreversi.record import Record

    found = registry.check_writable(fmt)
    records = [_validate.instance(record, Record, "record") for record in records]
    if not found.capabilities.many_games and len(records) != 1:
        others = [f.extensions[0] for f in map(registry.by_name, registry.writable()) if f.capabilities.many_games]
        raise RecordError(f"a {found.extensions[0]} file holds one game, not {len(records)}; use {' or '.join(others)}")
    return found.codec.encode(records)


def write(path: PathLike, records: Iterable["Record"], fmt: Optional[str] = None) -> None:
    """Writes records to a file in ``fmt`` (default: from the extension): ``-`` is
    standard output; pipes and devices are written in place; regular files atomically.

    Raises:
        RecordError: a read-only or unknown format, a record the format cannot express
            (the message names the file and the game and says why; nothing is written),
            more than one record for a one-game format, a file that cannot be written.
        TypeError: ``path`` is not a file name (str, os.PathLike of str) or ``-``; an item
            of ``records`` is not a :class:`polyreversi.Record` (nothing is written).
        ValueError: a NUL character in ``path``.
    """
    _validate.file_name(path, "path")
    target = source_name(path, writing=True)
    try:
        with _lost.naming(target):  # a warning about fields left out names the file
            content = encode(records, detect_format(path, fmt))
    except RecordError as e:
        raise in_context(e, target) from None
    files = content if isinstance(content, dict) else {None: content}
    if len(files) > 1 and _files.is_stdio(path):
        raise RecordError(f"{target}: a {detect_format(path, fmt)} database comes with name files beside it; "
                          "give a file name, not -")
    if len(files) == 1:
        atomic_write(path, files[None])
    else:
        _write_together([(path, files[None])] + [(_companion(path, name), data)
                                                  for name, data in files.items() if name is not None])


def _write_together(files: List[Tuple[PathLike, Union[str, bytes]]]) -> None:
    """Writes each ``(path, data)`` all or nothing: a database's name files belong to its
    game records, so a refused file (a read-only .wtb, a folder named .JOU) must leave
    every one of them as it was. Every destination is opened (checked) before any is
    written, each is written to a temporary file beside it, and the temporaries replace
    the files only once all of them are complete."""
    outputs: List[_files.Output] = []
    path: PathLike = ""
    try:
        for path, _ in files:
            outputs.append(_files.Output(path))
        for output, (path, data) in zip(outputs, files):
            output.write(_utf8(path, data))
        for output, (path, _) in zip(outputs, files):
            output.commit()
    except OSError as e:
        raise _cannot_write(path, e) from None
    finally:
        for output in outputs:
            output.discard()  # a committed file stays; an uncommitted temporary goes


def _cannot_write(path: PathLike, e: OSError) -> RecordError:
    """The one message for a file the system refuses to write."""
    return RecordError(f"{source_name(path, writing=True)}: cannot write: {e.strerror or e}")


def companion_paths(path: PathLike, fmt: Optional[str] = None) -> List[str]:
    """The files written beside ``path`` with it in ``fmt`` (default: from the
    extension; ``Capabilities.companions``): ``["g.JOU", "g.TRN"]`` for ``g.wtb``;
    empty for standard output, an unknown format or a format written alone."""
    if _files.is_stdio(path):
        return []
    try:
        names = capabilities(detect_format(path, fmt)).companions
    except RecordError:  # an unknown format: refused where the format is checked
        return []
    return [_companion(path, name) for name in names]


def _companion(path: PathLike, name: str) -> str:
    """Where a file written with ``path`` goes: ``name`` beside it, or, for a name that
    is an extension (``.JOU``), ``path`` with that extension."""
    if name.startswith("."):
        return os.fspath(os.path.splitext(os.fspath(path))[0] + name)
    return os.path.join(os.path.dirname(os.path.abspath(path)), name)


def atomic_write(path: PathLike, data: Union[str, bytes]) -> None:
    """Writes ``data`` to ``path``: a regular file through a temporary file in its
    folder moved over it; ``-``, pipes and devices in place (:func:`polyreversi._files.write_bytes`).

    Text is written as UTF-8. An interrupted write leaves a regular file as it was
    and no temporary file behind.

    Raises:
        RecordError: the folder does not exist or cannot be written, a full disk, a
            closed pipe, text that is not UTF-8; the message names the file.
    """
    data = _utf8(path, data)
    try:
        _files.write_bytes(path, data)
    except OSError as e:
        raise _cannot_write(path, e) from None


def _utf8(path: PathLike, data: Union[str, bytes]) -> bytes:
    """``data`` to write to ``path``: text as UTF-8 (RecordError naming the file and the
    character that has no UTF-8 form)."""
    if isinstance(data, bytes):
        return data
    try:
        return data.encode("utf-8")
    except UnicodeEncodeError as e:  # lone surrogates in a name, say
        raise RecordError(f"{source_name(path, writing=True)}: cannot write {quoted(data[e.start:e.end])} "
                          f"(character {e.start + 1}) as UTF-8 text") from None


def read_bytes(path: PathLike) -> bytes:
    """A file's bytes (``-``: standard input; pipes and devices read in place).

    Raises:
        RecordError: naming the file: missing, a folder, unreadable.
    """
    source = source_name(path)
    try:
        return _files.read_bytes(path)
    except FileNotFoundError:
        raise RecordError(f"{source}: no such file") from None
    except IsADirectoryError:
        raise RecordError(f"{source}: is a folder, not a game file") from None
    except OSError as e:
        raise RecordError(f"{source}: cannot read: {e.strerror or e}") from None


_BOM = b"\xef\xbb\xbf"


def decode_text(data: bytes, source: str, fallback: Optional[str] = None) -> str:
    """``data`` as UTF-8 text (or ``fallback``, e.g. Latin-1, when it is not UTF-8).
    A leading UTF-8 byte order mark (Windows editors write one) is dropped, as
    RFC 8259 section 8.1 allows readers of JSON to do; writers never add one.

    Raises:
        RecordError: not UTF-8 (with the byte offset in the file) and no fallback.
    """
    skip = len(_BOM) if data.startswith(_BOM) else 0
    try:
        return data[skip:].decode("utf-8")
    except UnicodeDecodeError as e:
        if fallback is not None:
            return data[skip:].decode(fallback)
        raise RecordError(f"{source}: not UTF-8 text (byte {e.start + skip})") from None


def read_text(path: PathLike) -> str:
    """A UTF-8 text file's content. Raises RecordError naming the file: missing,
    not UTF-8 (with the byte offset), or unreadable."""
    return decode_text(read_bytes(path), source_name(path))


def _content(path: PathLike, source: str, caps: Capabilities) -> Union[str, bytes]:
    if caps.folder and not _files.is_stdio(path) and os.path.isdir(path):
        return os.fspath(path)  # a folder of shards: the codec reads it
    data = read_bytes(path)
    return data if caps.binary else decode_text(data, source, caps.fallback_encoding)


def check_expressible(variant: Variant, fmt: str) -> None:
    """Raises RecordError (naming the format and what it lacks) when ``fmt``
    cannot hold games of ``variant``, before any game is played: the format's
    writer is asked to write an empty game of the variant."""
    try:
        encode([Record(variant, ())], fmt)
    except RecordError as e:
        if str(e).startswith("game 1: "):  # about the variant, not about one game
            e.args = (str(e)[len("game 1: "):],)
        raise


__all__ = [
    "no_games",
    "Capabilities",
    "GameEntry",
    "UnsupportedGameError",
    "READABLE",
    "WRITABLE",
    "EXTENSIONS",
    "capabilities",
    "detect_format",
    "check_options",
    "iter_games",
    "read",
    "encode",
    "write",
    "atomic_write",
    "read_bytes",
    "read_text",
    "decode_text",
    "check_expressible",
    "in_context",
]
