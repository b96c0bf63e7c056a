"""What a writer leaves out: collected per file, warned about once (docs/records.md).

A format's encoder gives, for each record, its text and the fields the format
cannot hold; :func:`encode_all` collects them over a file and issues one
:class:`~polyreversi.errors.RecordWarning` naming every such field and how many
games lost it. :func:`polyreversi.formats.write` names the file in the warning
(:func:`naming`).
"""
from __future__ import annotations

import contextlib
import contextvars
import warnings
from collections import Counter
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, List, Mapping, Optional, Tuple, TypeVar

from polyreversi.errors import RecordError, RecordWarning
from polyreversi.formats.base import in_context

if TYPE_CHECKING:
    from polyreversi.record import Record
    from polyreversi.replay import Replay

T = TypeVar("T")
C = TypeVar("C")  # what a writer makes of one record (a line, a game's text, bytes)
_TARGET: contextvars.ContextVar[Optional[str]] = contextvars.ContextVar("polyreversi_write_target", default=None)


@contextlib.contextmanager
def naming(target: Optional[str]) -> Iterator[None]:
    """Within the block, warnings about lost fields name ``target`` (the file written)."""
    token = _TARGET.set(target)
    try:
        yield
    finally:
        _TARGET.reset(token)


class LostFields:
    """The fields a writer could not carry, counted over the games of one file."""

    def __init__(self, fmt: str) -> None:
        self.fmt = fmt
        self.games = 0
        self.counts: Counter[str] = Counter()

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
        target = _TARGET.get()
        return f"{target + ': ' if target else ''}{self.fmt} cannot hold {names}; left out"

    def warn(self, stacklevel: int = 3) -> None:
        """Issues one RecordWarning naming every lost field (nothing when none was lost)."""
        text = self.message()
        if text:
            warnings.warn(text, RecordWarning, stacklevel=stacklevel)


def encode_all(records: Iterable[T], dump: Callable[[T], Tuple[C, List[str]]], fmt: str) -> List[C]:
    """``dump(record)[0]`` for every record, in order; errors name the game
    (``game 3: ...``); then one warning for every field ``dump`` said was lost."""
    out, lost = encode_each_lost(records, dump)
    warn_lost(lost, fmt)
    return out


def encode_each_lost(records: Iterable[T], dump: Callable[[T], Tuple[C, List[str]]]) -> Tuple[List[C], List[List[str]]]:
    """The contents ``dump`` gives for every record and, for each, the fields it lost;
    errors name the game (``game 3: ...``)."""
    out: List[C] = []
    lost: List[List[str]] = []
    for number, record in enumerate(records, 1):
        try:
            content, fields = dump(record)
        except RecordError as e:
            raise in_context(e, f"game {number}") from None
        out.append(content)
        lost.append(list(fields))
    return out, lost


def warn_lost(lost: List[List[str]], fmt: str) -> None:
    """One RecordWarning naming every field of ``lost`` (one list per game)."""
    fields = LostFields(fmt)
    for game in lost:
        fields.add(game)
    fields.warn(stacklevel=5)


def result_derivable(record: Record, replay: Replay) -> bool:
    """True when ``record.result`` says nothing a replay of its moves does not: its
    end is finished / unfinished as the moves say (or None), its disks and margin
    are the final ones (or None) and it names no winner."""
    from polyreversi.replay import final_margin

    result, final = record.result, replay.final
    if result is None:
        return True
    over = final.is_over()
    if result.winner is not None or result.end not in (None, "finished" if over else "unfinished"):
        return False
    if result.disks is not None and tuple(result.disks) != tuple(final.scores()):
        return False
    return result.margin is None or (over and abs(result.margin - (final_margin(final) - (record.komi or 0))) < 1e-9)


def meta_lost(meta: Mapping[str, Any], held: Iterable[str]) -> List[str]:
    """``meta.KEY`` for every key of ``meta`` not in ``held`` (None values are not data)."""
    held = set(held)
    return [f"meta.{key}" for key, value in meta.items() if key not in held and value is not None]
