"""Positions as one line of text: Edax OBF on 8x8 (64 cells ``X``/``O``/``-`` and
the side to move), and polyreversi's extension for the other boards and options
(a variant prefix, ``#`` for blocked squares, ``R``/``G``/``N`` for more colours);
see :mod:`polyreversi.formats.obf` for files of such lines.

Used by ``Variant.position_from_text``, ``State.to_text`` and the OBF format.
"""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Dict, List, Optional, Tuple, Type

from polyreversi import _core
from polyreversi._core import BOARDS, CELL_BLOCKED, CELL_EMPTY, CELL_NEUTRAL, Color, PositionError, Rules, VariantError
from polyreversi._validate import instance, shown

if TYPE_CHECKING:  # types only: variant.py imports this module
    from polyreversi.state import State
    from polyreversi.variant import Variant

#: Characters of cells read (several spellings) and written (the first).
SIDES = {"X": int(Color.BLACK), "*": int(Color.BLACK), "x": int(Color.BLACK), "O": int(Color.WHITE),
         "o": int(Color.WHITE), "R": int(Color.RED), "G": int(Color.GREEN)}
SIDE_CHARS = {int(Color.BLACK): "X", int(Color.WHITE): "O", int(Color.RED): "R", int(Color.GREEN): "G"}
CELL_CODES = {**SIDES, "N": CELL_NEUTRAL, "-": CELL_EMPTY, ".": CELL_EMPTY, "#": CELL_BLOCKED}
WRITE_CHARS = {**SIDE_CHARS, CELL_NEUTRAL: "N", CELL_EMPTY: "-", CELL_BLOCKED: "#"}


@functools.lru_cache(maxsize=None)
def _cell_counts() -> Dict[int, str]:
    """Each board by its cell count (its squares, blocked ones included), ascending:
    the core's boards with no square blocked (the core's rules of each; variant.py
    imports this module, so it is not imported here)."""
    return dict(sorted((len(Rules(board, 2, False, False, 0, 0, []).playable), board) for board in BOARDS))


def _grid_squares(variant: Variant) -> List[int]:
    """The board's squares (cut-outs excluded, blocked squares included), ascending."""
    return sorted(set(variant.squares) | set(variant.blocked))


def _plain(variant: Variant) -> bool:
    """True when the cells alone say everything about the variant."""
    return variant.players == 2 and not variant.anti and not variant.free_opening and variant.handicap == 0


def looks_like_cells(word: str) -> bool:
    """True for a word of a board's cell count made only of cell characters."""
    return len(word) in _cell_counts() and all(ch in CELL_CODES for ch in word)


def position_to_text(state: State) -> str:
    """The position as one line (see the module's docstring); plain OBF on 8x8.

    >>> import polyreversi as pr
    >>> pr.Variant().start().to_text()
    '---------------------------OX------XO--------------------------- X'

    Raises:
        TypeError: ``state`` is not a :class:`polyreversi.State`.
    """
    v = instance(state, _core.State, "state").variant  # the facade's State is the native class
    grid = state.board().reshape(-1)
    cells = "".join(WRITE_CHARS[int(grid[sq])] for sq in _grid_squares(v))
    prefix = "" if _plain(v) else f"{v} "
    return f"{prefix}{cells} {SIDE_CHARS[int(state.to_move)]}"


def split_annotations(text: str) -> Tuple[str, str]:
    """(position part, annotation part) of a line."""
    if not isinstance(text, str):
        raise TypeError(f"a position is text, not {type(text).__name__}")
    head, _, tail = text.partition(";")
    return head.strip(), tail


def position_from_text(text: str, variant: Optional[Variant], variant_class: Type[Variant]) -> State:
    """The State a position line describes (annotations after ``;`` are ignored).

    Args:
        text: ``[VARIANT ]CELLS SIDE`` (module docstring); OBF lines as they are.
        variant: the Variant the position belongs to; None: from the text.
        variant_class: :class:`polyreversi.Variant` (passed in, so that this module
            does not import variant.py, which uses it).

    Raises:
        PositionError: naming what is wrong (cell count, a character, the side, disks
        on blocked squares, a prefix that disagrees with ``variant``).
        VariantError: bad variant text in the prefix.
    """
    Variant = variant_class  # noqa: N806
    head, _ = split_annotations(text)
    parts = head.split()
    if len(parts) == 3 and looks_like_cells(parts[0]) and parts[1] in SIDES:
        raise PositionError(f"position: unexpected {shown(parts[2])} after the side to move "
                            "(annotations follow a ';', as in OBF)")
    if len(parts) == 3:
        prefix, cells, side = parts
        try:
            named = Variant.parse(prefix)
        except VariantError as e:
            raise VariantError(f"position: bad variant {shown(prefix)}: {e}") from None
        if variant is not None and named != variant:
            raise PositionError(f"position: the text is for {named}, not {variant}")
        variant = named
    elif len(parts) == 2:
        cells, side = parts
    else:
        raise PositionError(
            "position: expected '[VARIANT ]CELLS SIDE' (e.g. 64 cells of X, O, - and a side X or O), "
            f"got {shown(head)}")
    if variant is None:
        board = _cell_counts().get(len(cells))
        if board is None:
            counts = [f"{n} ({name})" for n, name in _cell_counts().items()]
            raise PositionError(f"position: {len(cells)} cells; a board has {', '.join(counts[:-1])} or {counts[-1]}")
        squares = _grid_squares(Variant(board))
        blocked = [sq for sq, ch in zip(squares, cells) if ch == "#"]
        try:
            variant = Variant(board, blocked=blocked)
        except VariantError as e:
            raise PositionError(f"position: blocked squares '#': {e}") from None
    squares = _grid_squares(variant)
    if len(cells) != len(squares):
        raise PositionError(f"position: {len(cells)} cells for the {variant.board} board, which has {len(squares)}")
    codes = [0] * (variant.n * variant.n)
    for sq in range(variant.n * variant.n):
        if sq not in squares:
            codes[sq] = -2
    blocked_squares = set(variant.blocked)
    for sq, ch in zip(squares, cells):
        code = CELL_CODES.get(ch)
        if code is None:
            raise PositionError(f"position: {shown(ch)} on {variant.square_name(sq)} is not a cell; "
                                "allowed: X O R G N - #")
        if (code == -1) != (sq in blocked_squares):
            what = "is blocked" if sq in blocked_squares else "is not blocked"
            raise PositionError(f"position: {variant.square_name(sq)} {what} in {variant}; "
                                "write '#' exactly on the blocked squares")
        codes[sq] = code
    if side not in SIDES:
        raise PositionError(f"position: side to move {shown(side)}; allowed: X (Black), O (White), R (Red), G (Green)")
    to_move = SIDES[side]
    if to_move > variant.players:
        raise PositionError(f"position: side {side} is not a player of {variant}")
    return variant.position(codes, Color(to_move))
