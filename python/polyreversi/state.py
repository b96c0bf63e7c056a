"""State: one position of a variant (the class itself is native, for speed).

``State`` is the C++ class from the bindings (cpp/bindings/state.cpp, with the
per-move calls as plain CPython methods); every Python-side method of it is
defined here and nowhere else: ``__init__`` (which says how a state is made),
text, repr, pickling, :meth:`record` and the notebook picture.

A state is made by its variant: ``Variant(...).start()`` for the start
position, ``Variant(...).position(board, to_move, ply)`` for a custom one.

On a finished game nobody moves: ``is_over()`` is True, ``legal_moves()`` is
``[]`` and ``to_move`` is the colour whose turn would come after the last move
(the next in turn order, RULES.md §2). Moves are square
indices ``row * N + col`` or names (``"f5"``, ``"j10"``, ``"pass"``); the pass
move is ``state.PASS == N * N``.

Cell codes of ``State.board()`` (an ``int8`` array of shape (N, N)):

====  ======================
code  square
====  ======================
0     empty
1     Black disk (Color.BLACK)
2     White disk (Color.WHITE)
3     Red disk (Color.RED)
4     Green disk (Color.GREEN)
5     neutral disk (3 players)
-1    blocked square
-2    octagon cut-out (not a square)
====  ======================
"""
from __future__ import annotations

import copyreg
from typing import TYPE_CHECKING, Any, Dict, NoReturn, Tuple, Union

from polyreversi import _core
from polyreversi._validate import integer
from polyreversi.text import board_text
from polyreversi.variant import Variant, as_variant
from polyreversi.vocabulary import BLOCKED, CUT_OUT, EMPTY, NEUTRAL, status_line

if TYPE_CHECKING:  # types only: importing State loads no record module
    from polyreversi.record import Record

State = _core.State

#: The deepest perft of any position (no game of any variant is longer); a position's
#: own bound is :func:`perft_max_depth`.
MAX_DEPTH: int = _core.limits.MAX_PERFT_DEPTH


def _state_str(self: _core.State) -> str:
    return f"{board_text(self)}\n{status_line(self)}"


def _state_repr(self: _core.State) -> str:
    return f"<State {self.variant} ply={self.ply} to_move={self.to_move.name} scores={self.scores()}>"


def _state_reduce_ex(self: _core.State, protocol: int) -> Union[str, Tuple[Any, ...]]:
    # Pickle protocols 0 and 1 would go through copyreg._reduce_ex, which calls
    # the native base class and aborts the process; protocol 2's reduction (the
    # native __getstate__/__setstate__) is written fine by every protocol.
    return object.__reduce_ex__(self, max(protocol, 2))


def _state_reduce(self: _core.State) -> Tuple[Any, ...]:
    # object.__reduce__ is protocol 0's reduction: the same abort, called directly. This
    # is protocol 2's (object.__reduce_ex__ above now returns it too).
    return (copyreg.__newobj__, (type(self),), self.__getstate__())  # type: ignore[attr-defined]  # untyped in typeshed


def _state_init(self: _core.State, *args: Any, **kwargs: Any) -> NoReturn:
    raise TypeError(
        "State cannot be made directly: use Variant(...).start() for the start position "
        "or Variant(...).position(board, to_move, ply) for a custom one"
    )


def _state_record(self: _core.State, **meta: Any) -> Record:
    """The game so far as a Record (keywords: players=, date=, end=, komi=, other metadata).

    Raises:
        RecordError: as :meth:`polyreversi.Record.from_state`.
    """
    from polyreversi.record import record_of  # on first use: importing State loads no record or format module

    return record_of(self, **meta)


def _state_repr_svg(self: _core.State) -> str:
    from polyreversi import svg  # on first use: importing State loads no SVG writer

    return svg._repr_svg_(self)


def _state_to_text(self: _core.State) -> str:
    """The position as one line of text: Edax OBF on 8x8 (``…OX… X``), with the
    variant in front for other rules (see :mod:`polyreversi.formats.obf`).
    ``Variant.position_from_text`` reads it back."""
    from polyreversi.position_text import position_to_text

    return position_to_text(self)


# The class is native (per-call speed); its Python-only methods are attached here
# (setattr: the stub, _core.pyi, declares them as methods).
for _name, _method in {"__init__": _state_init, "__str__": _state_str, "__repr__": _state_repr,
                       "__reduce_ex__": _state_reduce_ex, "__reduce__": _state_reduce, "record": _state_record,
                       "_repr_svg_": _state_repr_svg, "to_text": _state_to_text}.items():
    # Python's own messages name the method as called (State.to_text(), not _state_to_text())
    _method.__name__, _method.__qualname__ = _name, f"State.{_name}"
    setattr(State, _name, _method)
del _name, _method


def perft(state_or_variant: Union[State, Variant, str], depth: int) -> int:
    """Leaves of the game tree ``depth`` plies deep (RULES.md §9): a forced pass
    uses one ply, a finished game is one leaf. One call into C++; the GIL is released.

    >>> from polyreversi import Variant
    >>> perft(Variant(), 6)
    8200

    Raises:
        ValueError: a depth outside 0 .. :func:`perft_max_depth`, in the wording of
            every argument check (:func:`checked_perft_depth`).
        TypeError: not a State, Variant or variant text, or a depth that is not an int.
        VariantError: bad variant text.
    """
    state = _perft_state(state_or_variant)
    return _core.perft(state, checked_perft_depth(state, depth))


def perft_max_depth(state_or_variant: Union[State, Variant, str]) -> int:
    """The deepest :func:`perft` of a position, in plies: the longest game from it or
    from its variant's start, whichever is longer (each move fills an empty square;
    two players pass at most once before each move, three or four never). A deeper
    perft would count the same leaves; the core refuses it. 120 for 8x8's start.

    Raises:
        TypeError: not a State, Variant or variant text; VariantError: bad variant text.
    """
    return _core.perft_max_depth(_perft_state(state_or_variant))


def checked_perft_depth(state: State, depth: Any, *, divide: bool = False) -> int:
    """``depth`` as an int from 0 (1 with ``divide``) to :func:`perft_max_depth`.

    The core owns the bound and says why it is the bound (``_core.check_perft_depth``,
    whose message names the core's call, "perft: depth must be ..."); the message is put
    in the facade's wording of an argument, "depth: must be 0 to 120, got 121 (no game is
    longer: ...)", here, for :func:`perft`, :func:`perft_divide` and the command line.

    Raises:
        TypeError: not an int. ValueError: out of range.
    """
    checked = integer(depth, "depth")
    try:
        _core.check_perft_depth(state, checked, divide=divide)
    except ValueError as e:
        _, found, rest = str(e).partition(": depth ")
        raise ValueError(f"depth: {rest}" if found else str(e)) from None
    return checked


def _perft_state(state_or_variant: Union[State, Variant, str]) -> State:
    if isinstance(state_or_variant, (Variant, str)):
        state_or_variant = as_variant(state_or_variant).start()
    if not isinstance(state_or_variant, State):
        raise TypeError("state_or_variant: expected a State, a Variant or variant text, got "
                        f"{type(state_or_variant).__name__}")
    return state_or_variant


def perft_divide(state_or_variant: Union[State, Variant, str], depth: int) -> Dict[int, int]:
    """Leaves under each first move: ``{move: perft(child, depth - 1)}`` in
    ascending move order (the pass, N*N, when it is forced). The values add
    up to ``perft(state, depth)`` unless the game is already over (then ``{}``).

    Raises:
        ValueError: a depth outside 1 .. :func:`perft_max_depth` (worded as :func:`perft`'s).
        TypeError: as :func:`perft`.
    """
    state = _perft_state(state_or_variant)
    depth = checked_perft_depth(state, depth, divide=True)
    counts = {}
    for move in state.legal_moves():
        child = state.child(move)
        # A child's own bound may be one ply short of depth - 1 (its move filled a
        # square); past that bound the count is the same.
        counts[move] = _core.perft(child, min(depth - 1, _core.perft_max_depth(child)))
    return counts


__all__ = ["State", "perft", "perft_divide", "perft_max_depth", "EMPTY", "NEUTRAL", "BLOCKED", "CUT_OUT", "MAX_DEPTH"]
