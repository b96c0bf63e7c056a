"""Transcripts of 2-player games: the moves as square names, ``f5d6c3d3c4...``.

Reading accepts the forms people write (docs/records.md):

- squares in any case, with or without separators (spaces, commas, semicolons,
  dots, single dashes) and with move numbers (``1. f5 d6 2. c3``); 10x10 squares
  such as ``j10`` are split correctly (``f10j10`` is f10, j10);
- passes implicit (a replay inserts a pass where the player to move has none) or
  explicit as ``pass``, ``pa`` or ``--``.

A transcript file holds one game per line; blank lines and lines starting with
``#`` are skipped, and a line ``# variant: 10x10/anti`` sets the variant of the
games below it (8x8 by default); written files begin with one. Transcripts keep
only the moves: names, result, date and metadata are not written, and a custom
start position cannot be.

>>> rec = parse("1. F5 d6, 2. C3")
>>> rec.move_names(), rec.implicit_passes
(['f5', 'd6', 'c3'], True)
>>> parse("f10j10a1", "10x10").move_names()
['f10', 'j10', 'a1']
>>> parse("f5 d6 k3")
Traceback (most recent call last):
...
polyreversi.errors.RecordError: column 7: k3 is not a square of the 8x8 board
"""
from __future__ import annotations

import re
from typing import Iterable, Iterator, List, Optional, Tuple, Union

from polyreversi import _core, _validate
from polyreversi.errors import RecordError, quoted
from polyreversi import formats
from polyreversi.formats._lost import LostFields, encode_all, meta_lost, result_derivable
from polyreversi.formats.base import Capabilities, GameEntry, decode_lines
from polyreversi.record import Record
from polyreversi.replay import Replay
from polyreversi.errors import VariantError
from polyreversi.variant import Variant, as_variant

_TOKEN = re.compile(
    r"""
      (?P<pass>pass|pa|--)
    | (?P<square>[a-z](?:10|[1-9]))
    | (?P<number>(?<![a-z0-9])[0-9]+\.)
    | (?P<sep>(?:[\s,;.]|-(?!-))+)
    """,
    re.IGNORECASE | re.VERBOSE,
)

#: How a game without moves is written: a blank line would be no game at all
#: (the reader reads a line of separators as a game with no moves).
EMPTY_GAME = "."

_VARIANT_LINE = re.compile(r"#\s*variant\s*:\s*(?P<variant>\S+)\s*$", re.IGNORECASE)


def parse(text: str, variant: Union[Variant, str] = "8x8") -> Record:
    """The record of one transcript (forced passes may be missing: ``implicit_passes``).

    Raises:
        RecordError: a variant that is not for 2 players, or a character that is not
            part of a move or a separator, or a square off the board (the message
            gives the column, counted from 1).
    """
    try:
        variant = as_variant(variant)
    except VariantError as e:
        raise RecordError(f"variant: {e}") from None
    if variant.players != 2:
        raise RecordError(f"variant: transcripts are for 2-player games, not {variant.players} players")
    n = variant.n
    moves: List[int] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise RecordError(_unexpected(text, pos))
        if m.group("pass"):
            moves.append(variant.PASS)
        elif m.group("square"):
            name = m.group("square").lower()
            try:
                moves.append(_core.parse_square(n, name))
            except _core.InvalidSquareError:
                raise RecordError(f"column {pos + 1}: {name} is not a square of the {variant.board} board") from None
        pos = m.end()
    return Record(variant, moves=tuple(moves), implicit_passes=True)


def _unexpected(text: str, pos: int) -> str:
    """The refusal of ``text`` at ``pos``, where no move or separator starts: the column
    and the character that breaks it. A letter followed by another script's digit
    (``f٥``) is a square broken by that digit (column ``pos + 2``), not by the letter;
    so are ASCII digits followed by one (``1٠.``: a move number broken at column 2)."""
    if pos + 1 < len(text) and text[pos].isascii() and text[pos].isalpha() and text[pos + 1].isdigit():
        pos += 1
    else:
        end = pos
        while end < len(text) and text[end].isascii() and text[end].isdigit():
            end += 1
        if pos < end < len(text) and text[end].isdigit():  # isdigit: another script's digit here
            pos = end
    char = text[pos]
    code = f" (U+{ord(char):04X})" if not char.isascii() or not char.isprintable() else ""
    return f"column {pos + 1}: unexpected {quoted(char)}{code} (expected a square such as f5, or pass)"


def dumps(record: Record, separator: str = "", *, passes: str = "implicit") -> str:
    """The transcript of a record: ``f5d6c3...`` (squares in lower case).

    With ``passes="implicit"`` forced passes are left out, except passes at the
    very end (which a reader could not guess); ``"explicit"`` writes every pass as
    ``pass``. A transcript holds the moves only: one
    :class:`~polyreversi.errors.RecordWarning` names the fields left out (players,
    date, komi, meta, a result the moves do not say).

    Raises:
        RecordError: not a 2-player game, a custom start position, an unknown ``passes``.
        ReplayError: the record does not replay.
        TypeError: ``record`` is not a :class:`polyreversi.Record`, ``separator`` not text.
    """
    if not isinstance(separator, str):
        raise TypeError(f"separator: expected text, got {type(separator).__name__}")
    text, lost = _dump(_validate.instance(record, Record, "record"), separator, passes)
    lost_list = LostFields("a transcript")
    lost_list.add(lost)
    lost_list.warn()
    return text


def _dump(record: Record, separator: str = "", passes: str = "implicit") -> Tuple[str, List[str]]:
    """The transcript of a record and the fields it leaves out."""
    if passes not in ("implicit", "explicit"):
        raise RecordError(f"passes: expected 'implicit' or 'explicit', got {quoted(passes)}")
    variant = record.variant
    if variant.players != 2:
        raise RecordError(f"transcript: cannot write a {variant.players}-player game (transcripts are for 2 players)")
    if record.start is not None:
        raise RecordError("transcript: cannot write a game with a custom start position (use JSON or GGF)")
    replay = Replay(record)
    moves = list(replay.moves)
    if passes == "implicit":
        tail = len(moves)
        while tail and moves[tail - 1] == variant.PASS:
            tail -= 1
        moves = [m for m in moves[:tail] if m != variant.PASS] + moves[tail:]
    lost = ["players"] if any(p is not None for p in record.players) else []
    lost += [name for name in ("date", "komi") if getattr(record, name) is not None]
    lost += [] if result_derivable(record, replay) else ["result"]
    lost += meta_lost(record.meta, ())
    text = separator.join(variant.square_name(m) for m in moves)
    return text or EMPTY_GAME, lost


CAPABILITIES = Capabilities(
    "transcripts: the moves of 2-player games as square names, one game per line",
    players=(2,),
    features=frozenset({"anti", "free_opening", "handicap", "blocked"}),
    fields=frozenset(),
    read_options=("variant",),
    appendable=True,
    note="keeps the variant and the moves only (names, result, date and metadata are lost)",
)


def decode(text: str, source: str, path: Optional[formats.PathLike] = None, *, variant: Union[Variant, str, None] = None) -> Iterator[GameEntry]:
    """The games of a transcript file's text, one per line (see the module docstring).

    Raises:
        RecordError: ``variant`` is not a variant, or (on iteration) a ``# variant:`` line
            names no variant. Errors of one line are returned in its entry, naming the line
            and the game.
    """
    try:
        current = as_variant(variant) if variant is not None else Variant("8x8")
    except VariantError as e:
        raise RecordError(f"variant: {e}") from None

    def directive(line_no: int, line: str) -> bool:
        nonlocal current
        stripped = line.strip()
        if not stripped.startswith("#"):
            return False
        found = _VARIANT_LINE.match(stripped)
        if found:
            try:
                current = Variant.parse(found.group("variant"))
            except VariantError as e:
                raise RecordError(f"line {line_no}: {e}") from None
        return True

    return decode_lines(text, lambda line: parse(line, current), directive)


def encode(records: Iterable[Record]) -> str:
    """One transcript per line, with a ``# variant:`` line before the first game and
    wherever the variant changes: every file says its variant, so files written one after
    another (``cat a.txt b.txt``) are one file whose games keep their variants.

    Raises:
        RecordError / ReplayError: as :func:`dumps`, naming the game.
    """
    return _encode(records, None)


def encode_after(records: Iterable[Record], previous: Record) -> str:
    """The lines that continue a file whose last game is ``previous``
    (:class:`polyreversi.formats.writer.GameWriter`): as :func:`encode`, with no
    ``# variant:`` line before a first game of ``previous``'s variant.

    Raises:
        RecordError / ReplayError: as :func:`dumps`, naming the game.
    """
    return _encode(records, previous.variant)


def _encode(records: Iterable[Record], current: Optional[Variant]) -> str:
    records = list(records)
    lines = []
    for record, text in zip(records, encode_all(records, _dump, "a transcript")):
        if record.variant != current:
            current = record.variant
            lines.append(f"# variant: {current}\n")
        lines.append(text + "\n")
    return "".join(lines)


def entries(path: formats.PathLike, *, variant: Union[Variant, str, None] = None) -> Iterator[GameEntry]:
    """The games of a transcript file (:func:`polyreversi.formats.iter_games`).

    Raises:
        RecordError: the file cannot be read, or ``variant`` is not a variant. Errors of
            one line are returned in its entry, naming the file, line and game.
    """
    return formats.iter_games(path, "transcript", variant=variant)


def read(path: formats.PathLike, *, variant: Union[Variant, str, None] = None) -> List[Record]:
    """Every game of a transcript file.

    Raises:
        RecordError: the first bad line (naming the file, the line and the column).
    """
    return formats.read(path, "transcript", variant=variant)


def write(path: formats.PathLike, records: Iterable[Record]) -> None:
    """Writes one transcript per line (:func:`encode`), atomically.

    Raises:
        RecordError / ReplayError: as :func:`dumps`, naming the game; nothing is written.
    """
    formats.write(path, records, "transcript")


__all__ = ["parse", "dumps", "encode", "encode_after", "entries", "read", "write"]
