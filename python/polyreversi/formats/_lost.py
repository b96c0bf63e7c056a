"""What a writer leaves out: collected per file, warned about once (docs/records.md).

A writer calls :meth:`LostFields.add` with the fields of each record its format
cannot hold, then :meth:`LostFields.warn` once: one :class:`RecordWarning` per
file naming every field and how many games lost it.
"""
from __future__ import annotations

import warnings
from collections import Counter
from typing import Iterable, Mapping

from polyreversi.errors import RecordWarning


class LostFields:
    """The fields a writer could not carry, counted over the games of one file."""

    def __init__(self, where: str, fmt: str) -> None:
        self.where = where
        self.fmt = fmt
        self.games = 0
        self.counts: Counter = Counter()

    def add(self, fields: Iterable[str]) -> None:
        """Counts one game and the fields it loses."""
        self.games += 1
        self.counts.update(dict.fromkeys(fields, 1))

    def message(self) -> str:
        """The warning's text, or "" when nothing was lost."""
        if not self.counts:
            return ""
        total = self.games
        names = ", ".join(f"{field} ({n} of {total} games)" if total > 1 else field
                          for field, n in sorted(self.counts.items()))
        return f"{self.where}: {self.fmt} cannot hold {names}; left out"

    def warn(self, stacklevel: int = 3) -> None:
        """Issues one RecordWarning naming every lost field (nothing when none was lost)."""
        text = self.message()
        if text:
            warnings.warn(text, RecordWarning, stacklevel=stacklevel)


def meta_lost(meta: Mapping, held: Iterable[str]) -> list:
    """``meta.KEY`` for every key of ``meta`` not in ``held`` (None values are not data)."""
    held = set(held)
    return [f"meta.{key}" for key, value in meta.items() if key not in held and value is not None]
