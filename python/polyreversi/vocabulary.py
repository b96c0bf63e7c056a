"""The words and characters polyreversi shows, defined once and imported everywhere.

The rules' own vocabulary comes from the C++ core (colour names, board names,
cell codes); this module adds what is only presentation: the characters of text
pictures and records, and the status line of a position.

>>> from polyreversi import Color, Variant
>>> str(Color.WHITE), color_name(3)
('White', 'Red')
>>> status_line(Variant("8x8").start())
'8x8, ply 0, Black to move; Black 2, White 2'
"""
from __future__ import annotations

from typing import Iterable, List, Optional, TypeVar, Union

from polyreversi import _core
from polyreversi._core import Color
from polyreversi._validate import shown

# Cell codes of ``State.board()`` besides the colours 1-4 (the Color values).
EMPTY: int = _core.CELL_EMPTY  #: cell code of an empty square
NEUTRAL: int = _core.CELL_NEUTRAL  #: cell code of the neutral disk (3 players)
BLOCKED: int = _core.CELL_BLOCKED  #: cell code of a blocked square
CUT_OUT: int = _core.CELL_CUT_OUT  #: cell code of an octagon cut-out (off the board)

#: Colour names in turn order (RULES.md §2): ``COLOR_NAMES[color - 1]``.
COLOR_NAMES = _core.COLOR_NAMES

#: One character per cell code, for text pictures (polyreversi.text) and the
#: start boards of JSON records (docs/records.md); ``-`` is an octagon cut-out.
CELL_CHARS = {EMPTY: ".", 1: "X", 2: "O", 3: "R", 4: "G", NEUTRAL: "N", BLOCKED: "#", CUT_OUT: "-"}
#: The cell code of each character of :data:`CELL_CHARS`.
CELL_CODES = {char: code for code, char in CELL_CHARS.items()}


def color_name(color: Union[Color, int]) -> str:
    """``Color.RED`` or ``3`` -> ``"Red"``."""
    return COLOR_NAMES[int(color) - 1]


def colors(state: _core.State) -> List[Color]:
    """The colours of a state's game, in turn order."""
    return list(Color)[: state.variant.players]


def scores_text(state: _core.State) -> str:
    """``"Black 2, White 2"``: each colour's disks, in turn order."""
    return ", ".join(f"{color_name(c)} {s}" for c, s in zip(colors(state), state.scores()))


def status_line(state: _core.State) -> str:
    """``"8x8, ply 0, Black to move; Black 2, White 2"`` (``game over`` once nobody moves)."""
    status = "game over" if state.is_over() else f"{color_name(state.to_move)} to move"
    return f"{state.variant}, ply {state.ply}, {status}; {scores_text(state)}"


def _color_str(self: Color) -> str:
    return COLOR_NAMES[int(self) - 1]


def _color_format(self: Color, spec: str) -> str:
    if spec and spec[-1] in "bcdoxXn":  # a number format asks for the number
        return int.__format__(int(self), spec)
    return format(_color_str(self), spec)


# str(Color.BLACK) is "Black" (an IntEnum would print 1); the value stays 1.
# setattr: the stub declares both as methods of the native class.
setattr(Color, "__str__", _color_str)
setattr(Color, "__format__", _color_format)

#: A word of a choice (None where "none given" is one of the choices).
Word = TypeVar("Word", bound=Optional[str])


def choice(value: object, allowed: Iterable[Word], name: str, also: Iterable[str] = ()) -> Word:
    """``value`` lower-cased if it is one of ``allowed`` (text is read in any letter
    case, docs/errors.md); ``None`` passes only if it is in ``allowed``. ``also``: forms
    the caller reads itself (``"search:N"``), listed after ``allowed`` in the refusals.

    Raises:
        TypeError: not text (nor an allowed None). ValueError: text that is not one
        of ``allowed`` (the message lists them, and ``also``).

    >>> choice("WOF", ("disks", "wof"), "convention")
    'wof'
    """
    words = tuple(allowed)
    listed = ", ".join([*map(repr, words), *also])
    if not isinstance(value, str) and not (value is None and None in words):
        raise TypeError(f"{name}: expected one of {listed}, got {shown(value)}")
    given = value.lower() if isinstance(value, str) else value
    for word in words:
        if word == given:
            return word
    raise ValueError(f"{name}: unknown {name} {shown(value)}; allowed: {listed}")


__all__ = [
    "EMPTY", "NEUTRAL", "BLOCKED", "CUT_OUT", "COLOR_NAMES", "CELL_CHARS", "CELL_CODES",
    "color_name", "colors", "scores_text", "status_line", "choice",
]
