"""Actions of the environments: checked before they reach the engine."""
from __future__ import annotations

import numpy as np

from polyreversi import _validate
from polyreversi.errors import IllegalMoveError, InvalidSquareError
from polyreversi.state import State
from polyreversi._validate import shown


def _integer(action: object, state: State) -> int:
    """``action`` as an int (a NumPy integer or 0-d integer array too); TypeError otherwise."""
    _validate.instance(state, State, "state")
    if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
        action = action.item()
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise TypeError(f"action: expected an integer 0..{state.PASS} (N*N = pass), got {shown(action)}")
    return int(action)


def action_in_space(action: object, state: State) -> int:
    """``action`` as an int of the action space ``Discrete(N*N + 1)``, legal or not: what
    the Gymnasium env refuses outright, whatever its ``illegal`` rule says.

    Raises:
        TypeError: not an integer (as :func:`checked_action`).
        ValueError: outside the space (names the space and its pass).
    """
    move = _integer(action, state)
    if not 0 <= move <= state.PASS:
        raise ValueError(f"action {shown(move)}: not in the action space Discrete({state.PASS + 1}): "
                         f"squares 0..{state.PASS - 1}, pass {state.PASS}")
    return move


def checked_action(action: object, state: State) -> int:
    """``action`` as a legal move index of ``state``.

    Args:
        action: an int, a NumPy integer or a 0-d integer array: a square ``row * N + col``
            or ``N*N`` for a forced pass.

    Raises:
        TypeError: not an integer (bools, floats, strings, arrays with elements are refused).
        IllegalMoveError: off the grid (the message names the squares 0..N*N-1 and the
            pass N*N) or not legal here (names the move, the player and the legal moves).
        TypeError: also for a ``state`` that is not a State.
    """
    move = _integer(action, state)
    if not 0 <= move <= state.PASS:  # the grid's own words: "square -1 is off the 8x8 grid; squares are 0..63, ..."
        try:
            state.variant.square_name(move)
        except InvalidSquareError as e:
            raise IllegalMoveError(f"action {shown(move)}: {e}") from None
    if not state.is_legal(move):
        legal = ", ".join(state.variant.square_name(m) for m in state.legal_moves())
        raise IllegalMoveError(f"action {move} ({state.variant.square_name(move)}) is not legal for "
                               f"{state.to_move.name.title()} at ply {state.ply}; legal: {legal}")
    return move


__all__ = ["action_in_space", "checked_action"]
