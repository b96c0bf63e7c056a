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
from pathlib import Path
from typing import Dict, Iterable, List, NamedTuple, Optional, Tuple, Union

from polyreversi._core import Color, InvalidSquareError, PositionError, VariantError
from polyreversi._files import replace_file
from polyreversi.errors import RecordError

PathLike = Union[str, "os.PathLike[str]"]

#: Characters of cells read (several spellings) and written (the first).
CELL_CODES = {"X": 1, "*": 1, "x": 1, "O": 2, "o": 2, "R": 3, "G": 4, "N": 5, "-": 0, ".": 0, "#": -1}
WRITE_CHARS = {1: "X", 2: "O", 3: "R", 4: "G", 5: "N", 0: "-", -1: "#"}
SIDES = {"X": 1, "*": 1, "x": 1, "O": 2, "o": 2, "R": 3, "G": 4}
SIDE_CHARS = {1: "X", 2: "O", 3: "R", 4: "G"}
_CELL_COUNTS = {36: "6x6", 64: "8x8", 88: "octagon", 100: "10x10"}
_PASS_NAMES = ("ps", "pa", "pass", "--")


class ObfPosition(NamedTuple):
    """One position line: the state and its annotated move scores ``{move: score}``."""

    state: "object"
    scores: Dict[int, int]


class ObfEntry(NamedTuple):
    """A position of a file: its number (1 = first position), line number, state, scores."""

    number: int
    line: int
    state: "object"
    scores: Dict[int, int]


def _grid_squares(variant) -> List[int]:
    """The board's squares (cut-outs excluded, blocked squares included), ascending."""
    from polyreversi import _core

    n = variant.n
    cut = set()
    if variant.board == "octagon":
        cut = {r * n + c for r in range(n) for c in range(n) if min(r, n - 1 - r) + min(c, n - 1 - c) < 2}
    return [sq for sq in range(n * n) if sq not in cut]


def _plain(variant) -> bool:
    """True when the cells alone say everything about the variant."""
    return variant.players == 2 and not variant.anti and not variant.free_opening and variant.handicap == 0


def position_to_text(state) -> str:
    """The position as one line (see the module's docstring); plain OBF on 8x8.

    >>> import polyreversi as pr
    >>> pr.Variant().start().to_text()
    '---------------------------OX------XO--------------------------- X'
    """
    v = state.variant
    grid = state.board().reshape(-1)
    cells = "".join(WRITE_CHARS[int(grid[sq])] for sq in _grid_squares(v))
    prefix = "" if _plain(v) else f"{v} "
    return f"{prefix}{cells} {SIDE_CHARS[int(state.to_move)]}"


def _split(text: str) -> Tuple[str, str]:
    """(position part, annotation part) of a line."""
    if not isinstance(text, str):
        raise TypeError(f"a position is text, not {type(text).__name__}")
    head, _, tail = text.partition(";")
    return head.strip(), tail


def position_from_text(text: str, variant=None):
    """The State a position line describes (annotations after ``;`` are ignored).

    Args:
        text: ``[VARIANT ]CELLS SIDE`` (module docstring); OBF lines as they are.
        variant: the Variant the position belongs to; None: from the text.

    Raises:
        PositionError: naming what is wrong (cell count, a character, the side, disks
        on blocked squares, a prefix that disagrees with ``variant``).
        VariantError: bad variant text in the prefix.
    """
    from polyreversi.variant import Variant

    head, _ = _split(text)
    parts = head.split()
    if len(parts) == 3:
        prefix, cells, side = parts
        try:
            named = Variant.parse(prefix)
        except VariantError as e:
            raise VariantError(f"position: bad variant {prefix!r}: {e}") from None
        if variant is not None and named != variant:
            raise PositionError(f"position: the text is for {named}, not {variant}")
        variant = named
    elif len(parts) == 2:
        cells, side = parts
    else:
        raise PositionError(
            "position: expected '[VARIANT ]CELLS SIDE' (e.g. 64 cells of X, O, - and a side X or O), "
            f"got {head[:80]!r}")
    if variant is None:
        board = _CELL_COUNTS.get(len(cells))
        if board is None:
            raise PositionError(f"position: {len(cells)} cells; a board has 36 (6x6), 64 (8x8), "
                                "88 (octagon) or 100 (10x10)")
        squares = _grid_squares(Variant(board))
        blocked = [sq for sq, ch in zip(squares, cells) if ch == "#"]
        try:
            variant = Variant(board, blocked=blocked)
        except VariantError as e:
            raise PositionError(f"position: blocked squares '#': {e}") from None
    squares = _grid_squares(variant)
    if len(cells) != len(squares):
        raise PositionError(f"position: {len(cells)} cells for the {variant.board} board, which has {len(squares)}")
    board = [0] * (variant.n * variant.n)
    for sq in range(variant.n * variant.n):
        if sq not in squares:
            board[sq] = -2
    blocked = set(variant.blocked)
    for sq, ch in zip(squares, cells):
        code = CELL_CODES.get(ch)
        if code is None:
            raise PositionError(f"position: {ch!r} on {variant.square_name(sq)} is not a cell; "
                                "allowed: X O R G N - #")
        if (code == -1) != (sq in blocked):
            what = "is blocked" if sq in blocked else "is not blocked"
            raise PositionError(f"position: {variant.square_name(sq)} {what} in {variant}; "
                                "write '#' exactly on the blocked squares")
        board[sq] = code
    if side not in SIDES:
        raise PositionError(f"position: side to move {side!r}; allowed: X (Black), O (White), R (Red), G (Green)")
    to_move = SIDES[side]
    if to_move > variant.players:
        raise PositionError(f"position: side {side} is not a player of {variant}")
    return variant.position(board, Color(to_move))


def parse_scores(state, annotations: str) -> Dict[int, int]:
    """``{move: score}`` from ``" G8:+18; H1:+12;"`` (Edax's annotations).

    Raises:
        PositionError: an annotation that is not ``MOVE:SCORE``, or names a square off
        the board.
    """
    scores: Dict[int, int] = {}
    for item in annotations.split(";"):
        item = item.strip()
        if not item:
            continue
        m = re.fullmatch(r"([A-Za-z]+[0-9]*|--)\s*:\s*([+-]?\d+)", item)
        if not m:
            raise PositionError(f"annotation {item!r}: expected MOVE:SCORE such as G8:+18")
        name, score = m.group(1), int(m.group(2))
        try:
            move = state.PASS if name.lower() in _PASS_NAMES else state.variant.square(name.lower())
        except InvalidSquareError as e:
            raise PositionError(f"annotation {item!r}: {e}") from None
        scores[move] = score
    return scores


def parse_line(line: str, variant=None) -> ObfPosition:
    """A position line with its annotations. Raises PositionError / VariantError."""
    _, tail = _split(line)
    state = position_from_text(line, variant)
    return ObfPosition(state, parse_scores(state, tail))


def format_line(state, scores: Optional[Dict[int, int]] = None) -> str:
    """A position line, with ``scores`` (``{move: score}``, best first) as annotations.

    >>> import polyreversi as pr
    >>> s = pr.Variant().start()
    >>> format_line(s, {s.variant.square("f5"): 0})
    '---------------------------OX------XO--------------------------- X; F5:+0;'
    """
    text = position_to_text(state)
    if not scores:
        return text
    items = sorted(scores.items(), key=lambda kv: -kv[1])
    names = ["PS" if m == state.PASS else state.variant.square_name(m).upper() for m, _ in items]
    return text + ";" + "".join(f" {name}:{score:+d};" for name, (_, score) in zip(names, items))


def _is_skipped(line: str) -> bool:
    s = line.strip()
    return not s or s.startswith("%") or s.startswith("#")


def read(path: PathLike, variant=None) -> List[ObfEntry]:
    """Every position of an OBF file (blank lines and ``%``/``#`` comment lines skipped).

    Raises:
        RecordError: naming the file and line of a malformed position. OSError: unreadable file.
    """
    entries = []
    text = Path(path).read_text(encoding="utf-8")
    number = 0
    for lineno, line in enumerate(text.splitlines(), 1):
        if _is_skipped(line):
            continue
        number += 1
        try:
            pos = parse_line(line, variant)
        except (PositionError, VariantError) as e:
            raise RecordError(f"{path}:{lineno}: {e}") from None
        entries.append(ObfEntry(number, lineno, pos.state, pos.scores))
    return entries


def write(path: PathLike, positions: Iterable) -> None:
    """Writes positions, one line each: States, or ``(state, scores)`` pairs.

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


__all__ = ["ObfPosition", "ObfEntry", "position_to_text", "position_from_text", "parse_scores", "parse_line",
           "format_line", "read", "write"]
