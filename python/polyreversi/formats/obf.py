"""Positions as one line of text: Edax OBF, and its extension to every board.

Edax's OBF line (the format of the FFO endgame test suites): the 64 cells
``a1 b1 … h1 a2 … h8``, a space, the side to move, then optionally ``;`` and
move scores: ``--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;``.
Cells: ``X`` (or ``*``) Black, ``O`` White, ``-`` (or ``.``) empty; side ``X`` or ``O``.
The scores are read as written (FFO scores with the empties to the winner,
see :mod:`polyreversi.search`); a forced pass is written ``PS``.

**Extension** (polyreversi's, for other boards and rules), one line too:
``[VARIANT ]CELLS SIDE[; MOVE:SCORE; …]``

- ``CELLS`` lists the board's squares row by row, skipping octagon cut-outs:
  36 cells on 6x6, 64 on 8x8, 88 on the octagon, 100 on 10x10. ``#`` is a
  blocked square, ``R`` Red, ``G`` Green, ``N`` the neutral disk.
- ``VARIANT`` is variant text (``10x10/anti``, ``octagon/3p``); without it the
  board comes from the number of cells, the blocked squares from the ``#``
  cells, and the rules are two-player Reversi. With it, the ``#`` cells must
  be the variant's blocked squares.
- ``SIDE``: ``X`` Black, ``O`` White, ``R`` Red, ``G`` Green.

Plain 8x8 positions are written with no prefix: a plain OBF line that Edax
and the FFO tools read. Ply numbers and move history are not part of a line.

As the ``obf`` format of :mod:`polyreversi.formats` (``.obf``), each position is a
game record with that start and no moves (its annotations in ``meta["move_scores"]``,
square name -> score), so that every file command reads it; a game is written as
the position after its last move.

>>> import polyreversi as pr
>>> s = pr.Variant("6x6").start()
>>> s.to_text()
'--------------OX----XO-------------- X'
>>> pr.Variant("6x6").position_from_text(s.to_text()) == s
True
"""
from __future__ import annotations

import os
import re
from typing import Dict, Iterable, Iterator, List, Mapping, NamedTuple, Optional, Tuple, Union

from polyreversi import _validate
from polyreversi._core import IllegalMoveError, InvalidSquareError, PositionError, VariantError
from polyreversi._files import replace_file
from polyreversi.errors import RecordError, quoted
from polyreversi.formats._lost import encode_all, meta_lost
from polyreversi.formats.base import Capabilities, GameEntry
from polyreversi.position_text import position_to_text, split_annotations as _split
from polyreversi.position_text import looks_like_cells, position_from_text as _from_text
from polyreversi.record import Record, StartPosition
from polyreversi.state import State
from polyreversi.variant import Variant

PathLike = Union[str, "os.PathLike[str]"]

_PASS_NAMES = ("ps", "pa", "pass", "--")


class ObfPosition(NamedTuple):
    """One position line: the state and its annotated move scores ``{move: score}``."""

    state: State
    scores: Dict[int, int]


class ObfEntry(NamedTuple):
    """A position of a file: its number (1 = first position), line number, state, scores."""

    number: int
    line: int
    state: State
    scores: Dict[int, int]


def position_from_text(text: str, variant: Optional[Variant] = None) -> State:
    """The State a position line describes (:func:`polyreversi.position_text.position_from_text`);
    ``variant`` None: the variant from the text (its prefix, or the cell count)."""
    return _from_text(text, variant, Variant)


def parse_scores(state: State, annotations: str) -> Dict[int, int]:
    """``{move: score}`` from ``" G8:+18; H1:+12;"`` (Edax's annotations).

    Raises:
        PositionError: an annotation that is not ``MOVE:SCORE`` (ASCII digits), whose
        score lies outside +-(the board's squares), names a square off the board, or names
        a move a second time (which score would be meant?).
    """
    scores: Dict[int, int] = {}
    for item in annotations.split(";"):
        item = item.strip()
        if not item:
            continue
        m = re.fullmatch(r"([A-Za-z]+[0-9]*|--)\s*:\s*([+-]?[0-9]+)", item)  # ASCII digits only
        if not m:
            raise PositionError(f"annotation {quoted(item)}: expected MOVE:SCORE such as G8:+18")
        name, digits = m.group(1), m.group(2)
        squares = len(state.variant.squares)
        # A final margin lies within +-squares; the length check comes first so that a
        # thousand-digit number is refused before int() reads it.
        score = int(digits) if len(digits.lstrip("+-")) <= 4 else None
        if score is None or abs(score) > squares:
            raise PositionError(f"annotation {quoted(item)}: a score lies between -{squares} and +{squares} "
                                f"on this board (its squares)")
        try:
            move = state.PASS if name.lower() in _PASS_NAMES else state.variant.square(name.lower())
        except InvalidSquareError as e:
            raise PositionError(f"annotation {quoted(item)}: {e}") from None
        if move in scores:
            raise PositionError(f"annotation {quoted(item)}: {state.variant.square_name(move)} is annotated twice "
                                "(each move once)")
        scores[move] = score
    return scores


def parse_line(line: str, variant: Optional[Variant] = None) -> ObfPosition:
    """A position line with its annotations. Raises PositionError / VariantError."""
    _, tail = _split(line)
    state = position_from_text(line, variant)
    return ObfPosition(state, parse_scores(state, tail))


def format_line(state: State, scores: Optional[Mapping[int, int]] = None) -> str:
    """A position line, with ``scores`` (``{move: score}``, best first) as annotations.

    Args:
        state: the position.
        scores: ``{move: score}``: a move is a square index, a name or the pass (as
            :meth:`polyreversi.State.play` takes it); a score a whole number of disks within
            +-(the board's squares), as :func:`parse_scores` reads it back.

    Raises:
        TypeError: ``state`` not a State, ``scores`` not a mapping, a score that is not a
            whole number (floats and bools too). ValueError: a score out of range, a move
            given twice (as a name and an index).
        InvalidSquareError: a move that is not a square of the board or the pass.
        IllegalMoveError: a move that is not legal in ``state`` (the pass only where the
            mover has no other move).

    >>> import polyreversi as pr
    >>> s = pr.Variant().start()
    >>> format_line(s, {s.variant.square("f5"): 0})
    '---------------------------OX------XO--------------------------- X; F5:+0;'
    """
    text = position_to_text(state)
    if scores is None:
        return text
    if not isinstance(scores, Mapping):
        raise TypeError(f"scores: expected a mapping {{move: score}}, got {type(scores).__name__}")
    squares = len(state.variant.squares)
    items: List[Tuple[str, int]] = []
    for move, score in scores.items():
        try:
            square = state.variant.square(move)
        except InvalidSquareError as e:
            raise InvalidSquareError(f"scores: {e}") from None
        name = "PS" if square == state.PASS else state.variant.square_name(square).upper()
        if not state.is_legal(square):  # a score of a move that cannot be played would be read back as one
            raise IllegalMoveError(f"scores: {name} has a score but is no legal move here "
                                   f"({state.why_illegal(square)})")
        if any(name == seen for seen, _ in items):  # 'f5' and 37: parse_scores refuses a move annotated twice
            raise ValueError(f"scores: {name} is given twice (as {quoted(move)} and before)")
        # the range parse_scores reads back: a final margin lies within +-squares
        value = _validate.whole(score, f"scores[{name}]", -squares, squares)
        items.append((name, value))
    items.sort(key=lambda item: -item[1])
    return text + ";" + "".join(f" {name}:{score:+d};" for name, score in items) if items else text


def _is_skipped(line: str) -> bool:
    # A blocked a1 (c1 on the octagon) starts a position line with '#': a '#'
    # line is a comment only when its first word is not a board's cells.
    s = line.strip()
    if s.startswith("#"):
        return not looks_like_cells(s.split()[0])
    return not s or s.startswith("%")


def _position_lines(text: str) -> Iterator[Tuple[int, int, str]]:
    """(position number, line number, line) of each position of an OBF text, both from 1."""
    number = 0
    for lineno, line in enumerate(text.splitlines(), 1):
        if not _is_skipped(line):
            number += 1
            yield number, lineno, line


def read(path: PathLike, variant: Optional[Variant] = None) -> List[ObfEntry]:
    """Every position of an OBF file (blank lines and ``%``/``#`` comment lines skipped; a
    line whose first word is a board's cells is a position even when it starts with ``#``,
    a blocked first square);
    ``-`` reads standard input.

    Raises:
        RecordError: naming the file: missing, unreadable, not UTF-8 (with the byte
            offset), or the line of a malformed position; a file whose extension names
            a game format (.wtb, .jsonl, .ggf...) that is not positions, as such.
    """
    from polyreversi.formats import decode_text, read_bytes, source_name

    entries = []
    data = read_bytes(path)
    source = source_name(path)
    try:
        text = decode_text(data, source)
        for number, lineno, line in _position_lines(text):
            try:
                pos = parse_line(line, variant)
            except (PositionError, VariantError) as e:
                raise RecordError(f"{source}:{lineno}: {e}") from None
            entries.append(ObfEntry(number, lineno, pos.state, pos.scores))
    except RecordError:
        games = _game_format(path)
        if games is None:
            raise
        # A game file given where positions are read (solve WTH_2015.wtb): say what is
        # read rather than why its first bytes are not a position line.
        raise RecordError(f"{source}: a {games} game file, not positions; expected {POSITIONS}") from None
    return entries


#: What :func:`read` reads, as messages name it.
POSITIONS = "OBF positions (Edax OBF lines, or polyreversi's extension for other boards)"


def _game_format(path: PathLike) -> Optional[str]:
    """The title of the game format ``path``'s extension names (WTHOR, JSON Lines...), or
    None: no known extension, OBF itself, or a transcript (.txt also holds OBF lines)."""
    from polyreversi.formats import registry

    try:
        found = registry.by_extension(os.fspath(path))
    except (RecordError, TypeError, ValueError):  # '-', no extension or an unknown one
        return None
    if found.name in ("obf", "transcript"):
        return None
    return found.title


def write(path: PathLike,
          positions: Iterable[Union[State, Tuple[State, Optional[Dict[int, int]]], ObfEntry]]) -> None:
    """Writes positions, one line each: States, ``(state, scores)`` pairs or the entries of :func:`read`.

    Written to a temporary file and moved into place (never half-written).
    """
    lines = []
    for item in positions:
        if isinstance(item, tuple):
            state, scores = item[-2], item[-1]
            lines.append(format_line(state, scores))
        else:
            lines.append(format_line(item))
    replace_file(path, "".join(line + "\n" for line in lines))


class _Codec:
    """The ``obf`` format of :mod:`polyreversi.formats`: one position per line."""

    CAPABILITIES = Capabilities(
        "OBF positions (Edax, the FFO tests; polyreversi's extension for every board): one per line",
        fields=frozenset(),
        moves=False,
        appendable=True,
        note="a game is written as the position after its last move (its moves, players, result and "
             "other fields are lost); a position is read as a game with no moves from it",
    )

    @staticmethod
    def decode(text: str, source: str, path: Optional[PathLike] = None) -> Iterator[GameEntry]:
        for number, lineno, line in _position_lines(text):
            try:
                pos = parse_line(line)
                record = Record(pos.state.variant, start=StartPosition.of(pos.state),
                                meta={"move_scores": _named(pos.state, pos.scores)} if pos.scores else {})
            except (PositionError, VariantError, RecordError) as e:
                yield GameEntry(number, None, RecordError(f"line {lineno} (game {number}): {e}"))
                continue
            yield GameEntry(number, record, None)

    @staticmethod
    def encode(records: Iterable[Record]) -> str:
        return "".join(line + "\n" for line in encode_all(records, _dump, "OBF"))


def _named(state: State, scores: Dict[int, int]) -> Dict[str, int]:
    return {("pass" if m == state.PASS else state.variant.square_name(m)): v for m, v in scores.items()}


def _dump(record: Record) -> Tuple[str, List[str]]:
    """The line of a record's final position, and the fields it loses."""
    from polyreversi.replay import Replay

    final = Replay(record).final
    held = record.meta.get("move_scores") if not record.moves else None
    scores = None
    if isinstance(held, dict):
        try:
            scores = {final.PASS if k == "pass" else final.variant.square(k): int(v) for k, v in held.items()}
        except (InvalidSquareError, TypeError, ValueError):
            scores = None
        if scores is not None and not all(final.is_legal(m) for m in scores):
            scores = None  # scores of moves that cannot be played here: lost, as format_line refuses them
    lost = ["moves"] if record.moves else []
    lost += ["players"] if any(p is not None for p in record.players) else []
    lost += [name for name in ("result", "date", "komi") if getattr(record, name) is not None and not
             (name == "result" and not record.moves)]
    lost += meta_lost(record.meta, ("move_scores",) if scores is not None else ())
    return format_line(final, scores), lost


#: The OBF codec the format registry holds.
CODEC = _Codec()


__all__ = ["CODEC", "ObfPosition", "ObfEntry", "position_to_text", "position_from_text", "parse_scores", "parse_line",
           "format_line", "read", "write"]
