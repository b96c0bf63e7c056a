"""Perft: the published 8x8 figures (RULES.md §9) and the reference elsewhere."""
from __future__ import annotations

import pytest

import reference as ref
from polyreversi import Variant, perft
from variants import make_variant, Combo, ref_variant

# RULES.md §9 (Aart Bik's "Perft for Reversi"; a pass uses one ply).
PUBLISHED_8X8 = {1: 4, 2: 12, 3: 56, 4: 244, 5: 1396, 6: 8200, 7: 55092, 8: 390216, 9: 3005288,
                 10: 24571284, 11: 212258800}


@pytest.mark.parametrize("depth", range(1, 10))
def test_standard_8x8_perft_matches_the_published_figures(depth):
    assert perft(Variant(), depth) == PUBLISHED_8X8[depth]


@pytest.mark.slow
@pytest.mark.parametrize("depth", [10, 11])
def test_deep_standard_8x8_perft(depth):
    assert perft(Variant("8x8"), depth) == PUBLISHED_8X8[depth]


def test_perft_depth_zero_and_errors():
    assert perft(Variant(), 0) == 1
    assert perft("8x8", 3) == 56
    with pytest.raises(ValueError):
        perft(Variant(), -1)
    with pytest.raises(TypeError):
        perft(Variant(), 2.0)
    with pytest.raises(TypeError):
        perft(42, 2)


def test_perft_divide_sums_to_perft():
    from polyreversi import perft_divide

    counts = perft_divide(Variant(), 6)
    assert list(counts) == [19, 26, 37, 44] and set(counts.values()) == {2050}
    assert sum(counts.values()) == PUBLISHED_8X8[6]
    v = Variant("octagon", 4, blocked=["b7"])
    assert sum(perft_divide(v, 4).values()) == perft(v, 4)
    with pytest.raises(ValueError):
        perft_divide(v, 0)


def test_perft_from_a_state_counts_from_that_state():
    s = Variant().start()
    s.play("f5")
    assert perft(s, 8) == PUBLISHED_8X8[9] // 4  # the four openings are symmetric


# Every other board, option and player count: engine and reference agree.
# The depths keep the reference under a few seconds per case.
CASES = [
    Combo("6x6", 2, False, False, 0, 0),
    Combo("6x6", 2, True, True, 0, 0),
    Combo("6x6", 2, False, False, 4, 2),
    Combo("8x8", 2, False, True, 0, 0),
    Combo("8x8", 2, True, False, 2, 3),
    Combo("8x8", 3, False, False, 0, 0),
    Combo("8x8", 4, True, False, 0, 4),
    Combo("10x10", 2, False, False, 0, 0),
    Combo("10x10", 2, False, False, 3, 1),
    Combo("10x10", 3, False, False, 0, 2),
    Combo("10x10", 4, False, False, 0, 0),
    Combo("octagon", 2, False, False, 0, 0),
    Combo("octagon", 2, False, True, 0, 4),
    Combo("octagon", 3, True, False, 0, 0),
    Combo("octagon", 4, False, False, 0, 3),
]


@pytest.mark.parametrize("combo", CASES, ids=[c.id for c in CASES])
def test_perft_agrees_with_the_reference(combo):
    variant = make_variant(combo, seed=7)
    depth = 5 if combo.players == 2 else 4
    expected = ref.perft(ref.start(ref_variant(variant)), depth)
    assert perft(variant, depth) == expected
    assert perft(variant, 2) == ref.perft(ref.start(ref_variant(variant)), 2)


def test_a_position_with_more_empty_squares_than_the_start_takes_its_own_longest_game():
    import numpy as np

    from polyreversi import perft_divide
    from polyreversi.state import perft_max_depth

    board = np.zeros((8, 8), dtype=np.int64)
    board[3, 3], board[4, 4] = 1, 2  # two disks: 62 empty squares, two more than the start
    state = Variant().position(board, 1)
    assert perft_max_depth(state) == 124 and perft_max_depth(Variant()) == 120
    for call, least in ((perft, 0), (perft_divide, 1)):  # the core's one check, worded as every argument's
        message = rf"^depth: must be {least} to 124, got 125 \(no game is longer: 62 empty squares in this position, "
        with pytest.raises(ValueError, match=message):
            call(state, 125)
    assert perft(state, 2) == sum(perft_divide(state, 2).values())
