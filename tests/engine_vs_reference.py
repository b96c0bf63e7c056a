"""Compare one engine state with the reference on the same position."""
from __future__ import annotations

import reference as ref
from variants import ref_variant


def ref_state_of(state) -> ref.RefState:
    """The reference's copy of an engine state (same cells, mover and ply)."""
    v = ref_variant(state.variant)
    cells = [max(int(c), 0) for c in state.board().ravel()]  # blocked/cut-out are EMPTY in the reference
    return ref.RefState(v, cells, int(state.to_move), state.ply)


def assert_same_position(state, rstate: ref.RefState) -> None:
    assert state.board().tolist() == ref.board_grid(rstate)
    assert int(state.to_move) == rstate.to_move
    assert state.ply == rstate.ply


def assert_same_turn(state, rstate: ref.RefState) -> list[int]:
    """Legal moves, game end, scores and winners agree; returns the legal moves."""
    moves = state.legal_moves()
    assert moves == ref.legal_moves(rstate), f"legal moves differ at ply {state.ply}\n{state}"
    assert state.is_over() == ref.is_over(rstate)
    assert state.scores() == ref.scores(rstate)
    assert tuple(int(c) for c in state.winners()) == ref.winners(rstate)
    return moves
