"""The engine against the pure-Python reference (tests/reference, written from
RULES.md alone): every allowed combination of board x players x Anti-Reversi x
free opening x handicap x blocked squares, 30 random games each, ply by ply:
the same legal moves, flips, boards, game end, scores and winners."""
from __future__ import annotations

import random
import zlib

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import reference as ref
from engine_vs_reference import assert_same_position, assert_same_turn, ref_state_of
from polyreversi import Color, Variant
from variants import Combo, all_combos, make_variant, ref_variant

GAMES_PER_COMBO = 30
COMBOS = list(all_combos())


def play_both(variant: Variant, choose) -> int:
    """Plays one game in the engine and the reference side by side, moves
    picked by choose(legal_moves); returns the number of plies."""
    s = variant.start()
    r = ref.start(ref_variant(variant))
    while True:
        assert_same_position(s, r)
        moves = s.legal_moves()
        assert moves == ref.legal_moves(r), f"{variant} ply {s.ply}: legal moves differ\n{s}"
        if not moves:
            break
        m = choose(moves)
        assert s.flips(m) == ref.flips(r, m), f"{variant} ply {s.ply}: flips of {variant.square_name(m)} differ"
        s.play(m)
        r = ref.play(r, m)
    assert_same_turn(s, r)  # over in both, same scores and winners
    assert s.is_over()
    return s.ply


@pytest.mark.parametrize("combo", COMBOS, ids=[c.id for c in COMBOS])
def test_random_games_agree_with_the_reference(combo: Combo):
    plies = 0
    for game in range(GAMES_PER_COMBO):
        seed = zlib.crc32(f"{combo.id}/{game}".encode())
        variant = make_variant(combo, seed)
        rng = random.Random(seed)
        plies += play_both(variant, rng.choice)
    assert plies >= GAMES_PER_COMBO * 4


def test_the_grid_covers_every_allowed_combination():
    assert len(COMBOS) == 380 and len(COMBOS) * GAMES_PER_COMBO == 11400
    assert {c.board for c in COMBOS} == {"6x6", "8x8", "10x10", "octagon"}
    assert {(c.players, c.handicap, c.blocked) for c in COMBOS if c.board == "8x8"} >= {(2, 4, 4), (4, 0, 4)}


# -- hypothesis: move choices, and arbitrary positions ----------------------

combos = st.sampled_from(COMBOS)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(combo=combos, seed=st.integers(0, 2**32 - 1), data=st.data())
def test_games_with_hypothesis_move_choices_agree(combo, seed, data):
    variant = make_variant(combo, seed)
    play_both(variant, lambda moves: data.draw(st.sampled_from(moves)))


@st.composite
def positions(draw):
    """Any arrangement of disks on a variant's squares, any player to move."""
    combo = draw(combos)
    variant = make_variant(combo, draw(st.integers(0, 2**32 - 1)))
    codes = list(range(1, variant.players + 1)) + ([5] if variant.players == 3 else [])
    fill = draw(st.floats(0.0, 1.0))
    cells = np.zeros(variant.n * variant.n, dtype=np.int8)
    for sq in variant.squares:
        if draw(st.floats(0.0, 1.0)) < fill:
            cells[sq] = draw(st.sampled_from(codes))
    to_move = Color(draw(st.integers(1, variant.players)))
    return variant.position(cells, to_move, ply=draw(st.integers(0, 200)))


@settings(max_examples=400, deadline=None)
@given(state=positions())
def test_arbitrary_positions_agree_with_the_reference(state):
    r = ref_state_of(state)
    moves = assert_same_turn(state, r)
    for m in moves:
        assert state.flips(m) == ref.flips(r, m)
        child = state.child(m)
        assert_same_position(child, ref.play(r, m))
