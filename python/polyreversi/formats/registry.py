"""The one registry of game-file formats: each by name and by file extension.

A format's codec (see :mod:`polyreversi.formats.base` for the protocol) lives in
its own module and is imported the first time it is used.

>>> from polyreversi.formats import registry
>>> registry.by_extension("games.NDJSON").name
'jsonl'
>>> registry.by_name("wthor").extensions
('.wtb',)
>>> registry.by_name("json").capabilities.many_games
False
"""
from __future__ import annotations

import importlib
import os
from dataclasses import dataclass
from pathlib import PurePath
from typing import Dict, Optional, Tuple, Union, cast

from polyreversi import _files
from polyreversi.errors import RecordError, quoted
from polyreversi.formats.base import Capabilities, Codec


@dataclass(frozen=True)
class FileFormat:
    """A registered format: its name, its file extensions (lower case, with the dot)
    and where its codec is (``module``, and ``attribute`` inside it, or the module itself)."""

    name: str
    title: str  # the name in messages: "JSON Lines", "WTHOR"
    extensions: Tuple[str, ...]
    module: str
    attribute: Optional[str] = None

    @property
    def codec(self) -> Codec:
        """The object with ``CAPABILITIES``, ``decode`` and ``encode`` (imported on first use)."""
        module = importlib.import_module(self.module)
        # What the table names is a codec: tests/test_formats_protocol.py checks each one's surface.
        return cast(Codec, getattr(module, self.attribute) if self.attribute else module)

    @property
    def capabilities(self) -> Capabilities:
        return self.codec.CAPABILITIES


_FORMATS: Dict[str, FileFormat] = {}


def register(fmt: FileFormat) -> FileFormat:
    """Adds a format (its name and extensions must be new)."""
    if fmt.name in _FORMATS:
        raise ValueError(f"format {quoted(fmt.name)} is already registered")
    for ext in fmt.extensions:
        if any(ext in other.extensions for other in _FORMATS.values()):
            raise ValueError(f"extension {quoted(ext)} is already registered")
    _FORMATS[fmt.name] = fmt
    return fmt


register(FileFormat("json", "JSON", (".json",), "polyreversi.formats.json_record", "SINGLE"))
register(FileFormat("jsonl", "JSON Lines", (".jsonl", ".ndjson"), "polyreversi.formats.json_record", "LINES"))
register(FileFormat("transcript", "transcript", (".txt",), "polyreversi.formats.transcript"))
register(FileFormat("ggf", "GGF", (".ggf",), "polyreversi.formats.ggf"))
register(FileFormat("wthor", "WTHOR", (".wtb",), "polyreversi.formats.wthor"))
register(FileFormat("parquet", "Parquet", (".parquet",), "polyreversi.formats.parquet"))
register(FileFormat("obf", "OBF", (".obf",), "polyreversi.formats.obf", "CODEC"))


def names() -> Tuple[str, ...]:
    """Every format name, in registration order."""
    return tuple(_FORMATS)


def readable() -> Tuple[str, ...]:
    """The names of the formats polyreversi reads."""
    return tuple(name for name, f in _FORMATS.items() if f.capabilities.read)


def writable() -> Tuple[str, ...]:
    """The names of the formats polyreversi writes."""
    return tuple(name for name, f in _FORMATS.items() if f.capabilities.write)


def extensions() -> Dict[str, str]:
    """Extension (``.jsonl``) -> format name."""
    return {ext: f.name for f in _FORMATS.values() for ext in f.extensions}


def by_name(name: str) -> FileFormat:
    """The format called ``name`` (any letter case).

    Raises:
        RecordError: an unknown name (the message lists the known ones).
    """
    fmt = _FORMATS.get(str(name).lower())
    if fmt is None:
        raise RecordError(f"format: unknown format {quoted(name)}; known: {', '.join(_FORMATS)}")
    return fmt


def by_extension(path: Union[str, "os.PathLike[str]"], hint: str = "give the format (fmt=NAME)") -> FileFormat:
    """The format of ``path`` by its extension (any letter case).

    Raises:
        RecordError: an unknown or missing extension, naming the path and the known ones,
            ending with ``hint`` (how to give the format: ``--from FORMAT`` in ``convert``).
    """
    suffix = PurePath(str(path)).suffix.lower()
    table = extensions()
    if suffix not in table:
        known = ", ".join(f"{ext} ({name})" for ext, name in table.items())
        raise RecordError(f"{_files.message_name(path)}: cannot tell the format from the extension {quoted(suffix or '(none)')}; "
                          f"known: {known}; or {hint}")
    return _FORMATS[table[suffix]]


def options() -> Dict[str, Tuple[str, ...]]:
    """Reader option -> the formats it applies to (from each format's capabilities)."""
    table: Dict[str, Tuple[str, ...]] = {}
    for name, f in _FORMATS.items():
        for option in f.capabilities.read_options:
            table[option] = table.get(option, ()) + (name,)
    return table


def check_writable(name: str) -> FileFormat:
    """The format called ``name`` when polyreversi writes it (its capabilities say so).

    Raises:
        RecordError: an unknown format, or one that is read-only here (the one message for it).
    """
    fmt = by_name(name)
    if not fmt.capabilities.write:
        raise RecordError(f"{fmt.title} files are read-only here; write {', '.join(writable())}")
    return fmt


__all__ = ["FileFormat", "register", "names", "readable", "writable", "extensions", "by_name",
           "by_extension", "options", "check_writable"]
