"""The ``parquet`` format: a games table (:mod:`polyreversi.datasets`, one row per game)
as a Parquet file, or a folder of Parquet shards read as one table in ``game`` order.

Needs pyarrow (``pip install 'polyreversi[parquet]'``). Every row is checked as the
other readers check a game: its fields make a :class:`~polyreversi.record.Record`,
its moves replay legally, and the ``transcript`` and ``plies`` columns, when present,
agree with ``moves``.
"""
from __future__ import annotations

import contextlib
import os
from typing import TYPE_CHECKING, Iterable, Iterator, List, Optional, Union

from polyreversi.errors import RecordError
from polyreversi.formats import PathLike
from polyreversi.formats.base import SHARD_GLOB, Capabilities, GameEntry, shards  # noqa: F401 (SHARD_GLOB: read here by importers)

#: What a Parquet games table can hold, read and write.
CAPABILITIES = Capabilities(
    "Parquet games tables (pyarrow): one row per game, every variant, every field",
    read_options=("validate",),
    binary=True,
    folder=True,
    note="a folder of shards (part-*.parquet, as selfplay --ray writes) is read as one table",
)

if TYPE_CHECKING:
    from polyreversi.record import Record

# SHARD_GLOB and shards() live in formats.base: the format registry asks them about a
# folder without importing this module (which imports datasets).


def remove_shards(path: PathLike) -> None:
    """Removes a folder of Parquet shards (:func:`shards`) so that a file can take its
    name; anything else is left alone.

    Raises:
        OSError: a shard or the folder cannot be removed.
    """
    names = shards(path)
    if names is None:
        return
    for name in names:
        os.unlink(os.path.join(path, name))
    os.rmdir(path)


#: Games per row group when a file is written game by game.
ROW_GROUP = 1000


def decode(content: Union[bytes, str], source: str, path: Optional[PathLike] = None, *,
           validate: bool = True) -> Iterator[GameEntry]:
    """The games of a Parquet games table: its bytes, or the path of a folder of shards.

    Raises:
        RecordError: no pyarrow (saying how to install it), not a Parquet file, or not a
            games table (the missing column); errors of one row are in its entry
            (``game N``, from 1 in ``game`` order).
    """
    from polyreversi import datasets

    with _needs_pyarrow():
        table = datasets.load_table(content)
    return datasets.entries_of_table(table, validate=validate)


def encode(records: Iterable[Record]) -> bytes:
    """The bytes of a Parquet games table holding ``records`` (zstd-compressed).

    Raises:
        ReplayError: a record whose moves are not legal. RecordError: no pyarrow.
    """
    from polyreversi import datasets

    with _needs_pyarrow():
        return datasets.table_bytes(datasets.games_table(records))


class _Writer:
    """Writes a games table at a path game by game, one row group per :data:`ROW_GROUP`
    games; :meth:`close` writes the rest and the footer (the file is then complete)."""

    def __init__(self, path: str) -> None:
        from polyreversi import datasets

        pq = datasets.pyarrow_parquet()
        self._datasets = datasets
        self._file = pq.ParquetWriter(path, datasets.games_schema(), compression="zstd")
        self._held: List[Record] = []
        self._first = 0

    def add(self, record: Record) -> None:
        self._held.append(record)
        if len(self._held) >= ROW_GROUP:
            self._flush()

    def _flush(self) -> None:
        if self._held:
            self._file.write_table(self._datasets.games_table(self._held, first=self._first))
            self._first += len(self._held)
            self._held = []

    def close(self) -> None:
        try:
            self._flush()
        finally:
            self._file.close()


def writer(path: str) -> _Writer:
    """A writer of a games table at ``path`` (a regular file), game by game.

    Raises:
        RecordError: no pyarrow.
    """
    with _needs_pyarrow():
        return _Writer(path)


@contextlib.contextmanager
def _needs_pyarrow() -> Iterator[None]:
    """pyarrow's absence as the RecordError every file command reports in one line."""
    try:
        yield
    except ImportError as e:
        raise RecordError(str(e)) from None


__all__ = ["CAPABILITIES", "ROW_GROUP", "decode", "encode", "writer"]
