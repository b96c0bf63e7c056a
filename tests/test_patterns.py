"""The trained 8x8 pattern evaluation (cpp/include/polyreversi/search/patterns.hpp):
the C++ sums equal the Python reference (tests/reference/patterns.py) on the shipped
weights, it is invariant under the 8 symmetries, the search uses it, the other
boards and Anti-Reversi keep the shape evaluation, and both kernel sets agree."""
from __future__ import annotations

import numpy as np
import pytest

import polyreversi as pr
from conftest import random_position, run_with_kernels
from polyreversi import _core
from polyreversi.position_text import position_to_text
from reference import patterns as pt

V8 = pr.Variant("8x8")


def cells(state) -> np.ndarray:
    b = state.board().ravel()
    mover = int(state.to_move)
    return np.where(b <= 0, 0, np.where(b == mover, 1, 2)).astype(np.int8)  # a blocked square (-1) reads 0


def positions(n: int, seed: int):
    return [random_position(V8, 4 + (7 * i) % 57, seed + i) for i in range(n)]


def test_the_tables_have_the_pattern_types_and_nonzero_weights():
    tables, parity, mobility, moves = _core._pattern_tables()
    assert [t.shape for t in tables] == [(pt.PHASES, 3 ** len(b)) for _, b in pt.PATTERN_TYPES]
    assert parity.shape == (pt.PHASES, 2)
    assert [t.shape for t in mobility] == [(pt.PHASES, size) for _, size in pt.MOBILITY_TERMS]
    assert [t.shape for t in moves] == [(pt.PHASES, 4 ** len(b)) for _, b in pt.MOVE_TYPES]
    # a trained file, not a placeholder: the corner 3x3 with the mover on a corner is worth something
    assert all(np.count_nonzero(t) > 0 for t in tables)
    assert all(np.count_nonzero(t[ph]) > 0 for t in moves for ph in range(pt.PHASES))  # fitted in every phase
    assert sum(len(pt.instances(b)) for _, b in pt.PATTERN_TYPES) == 54


def test_cpp_equals_the_python_reference():
    tables, parity, mobility, moves = _core._pattern_tables()
    states = [s for s in positions(300, 1) if not s.is_over()]
    want = pt.evaluate(tables, parity, np.stack([cells(s) for s in states]), mobility=mobility, moves=moves)
    got = [_core._evaluate(s, 0, False) for s in states]
    assert got == want.tolist()
    assert pr.evaluate(states[0]) == want[0] / 100


def test_mobility_counts_are_each_sides_moves_and_empty_neighbours():
    """The reference's counts (grid scans) against the rules' legal moves and a plain loop."""
    for s in positions(120, 3):
        if s.is_over():
            continue
        c = cells(s)
        board, side = position_to_text(s).split()
        other = V8.position_from_text(board + " " + ("O" if side == "X" else "X"))
        moves = [0 if t.must_pass() else len(t.legal_moves()) for t in (s, other)]
        near = [0, 0]
        for sq in range(64):
            r, col = divmod(sq, 8)
            around = {int(c[8 * (r + dr) + col + dc]) for dr, dc in pt.DIRECTIONS
                      if 0 <= r + dr < 8 and 0 <= col + dc < 8}
            if c[sq] == 0:
                near[0] += 2 in around
                near[1] += 1 in around
        assert pt.mobility_counts(c[None]).tolist() == [moves + near], board


def test_legal_move_indices_are_each_sides_legal_moves_along_the_lines():
    """move_features against the rules' legal moves of each side, instance squares in pt.instances order:
    the edges, then the second rows (rows and columns b and g)."""
    lines = [pt.instances(base) for _, base in pt.MOVE_TYPES]
    assert [sorted(map(sorted, ls)) for ls in lines] == [
        sorted([list(range(8 * r, 8 * r + 8)), list(range(56 - 8 * r, 64 - 8 * r)), list(range(r, 64, 8)),
                list(range(7 - r, 64, 8))]) for r in (base[0][0] for _, base in pt.MOVE_TYPES)]
    checked = 0
    for s in positions(120, 11):
        if s.is_over():
            continue
        board, side = position_to_text(s).split()
        other = V8.position_from_text(board + " " + ("O" if side == "X" else "X"))
        mine, theirs = (set(t.legal_moves()) if not t.must_pass() else set() for t in (s, other))
        got = pt.move_features(cells(s)[None])
        for ls, f in zip(lines, got):
            want = [sum(4 ** k * ((sq in mine) + 2 * (sq in theirs)) for k, sq in enumerate(line)) for line in ls]
            assert f[0].tolist() == want, board
            checked += any(want)
    assert checked > 100


def symmetric_text(state, g) -> str:
    text = position_to_text(state)
    board, side = text.split()
    out = ["-"] * 64
    for sq in range(64):
        r, c = pt.SYMMETRIES[g](sq // 8, sq % 8)
        out[8 * r + c] = board[sq]
    return "".join(out) + " " + side


def test_invariant_under_the_8_symmetries():
    for s in positions(60, 7):
        values = {pr.evaluate(V8.position_from_text(symmetric_text(s, g))) for g in range(8)}
        assert len(values) == 1, position_to_text(s)


def test_search_at_depth_1_takes_the_best_child_evaluation():
    checked = 0
    for s in positions(30, 3):
        if s.is_over() or s.must_pass() or any(s.child(m).is_over() for m in s.legal_moves()):
            continue
        r = pr.search(s, depth=1)
        assert not r.exact and r.score == max(-pr.evaluate(s.child(m)) for m in s.legal_moves())
        checked += 1
    assert checked >= 20


#: 8x8 starts other than the standard one: handicaps, the free opening, blocked squares (RULES.md §3-4).
OPTIONS = [pr.Variant("8x8", handicap=1), pr.Variant("8x8", handicap=2),
           pr.Variant("8x8", handicap=4, handicap_color="white"), pr.Variant("8x8", free_opening=True),
           pr.Variant("8x8").with_random_blocked(seed=1, count=1), pr.Variant("8x8").with_random_blocked(seed=2, count=4),
           pr.Variant("8x8", handicap=1, blocked=("b7", "h4"))]


def playable_of(variant) -> np.ndarray:
    """bool (64,): False on the variant's blocked squares."""
    on = np.ones(64, dtype=bool)
    on[list(variant.blocked)] = False
    return on


@pytest.mark.parametrize("variant", [V8] + OPTIONS, ids=str)
def test_every_8x8_start_uses_the_patterns_as_the_reference_computes_them(variant):
    tables, parity, mobility, moves = _core._pattern_tables()
    states = [random_position(variant, 4 + i, 90 + i) for i in range(40)]
    states = [s for s in states if not s.is_over()]
    c = np.stack([cells(s) for s in states])
    want = pt.evaluate(tables, parity, c, mobility=mobility, playable=playable_of(variant), moves=moves)
    assert [pr.evaluate(s) for s in states] == (want / 100).tolist()
    assert sum(pr.evaluate(s) != pr.evaluate(s, shape=True) for s in states) > len(states) * 3 // 4
    if variant.blocked:  # the mask changes the value: a blocked square is not an empty one
        assert (want != pt.evaluate(tables, parity, c, mobility=mobility, moves=moves)).sum() > len(states) // 2


def test_blocked_positions_are_invariant_under_the_symmetries_that_keep_the_mask():
    v = pr.Variant("8x8", blocked=("b2", "g7"))
    squares = {divmod(sq, 8) for sq in v.blocked}
    keep = [g for g in range(8) if {pt.SYMMETRIES[g](r, c) for r, c in squares} == squares]
    assert len(keep) == 4  # identity, the half turn, the two diagonal reflections... of which b2-g7 keeps 4
    for i in range(30):
        s = random_position(v, 6 + 2 * i, 40 + i)
        if not s.is_over():
            assert len({pr.evaluate(v.position_from_text(symmetric_text(s, g))) for g in keep}) == 1, s


def test_a_search_gives_the_handicap_to_its_colour():
    # At the start of a handicap the patterns (fitted to games with no corner disk before about 50 empties)
    # see little of the corners (4 to White: +10 for Black); a depth-6 search gives 1-2 corners to their
    # owner (1: +13.4 for Black's, -3.4 with White's, Black to move; 2: +24.1, -22.2).
    for corners, margin in ((1, 1), (2, 5)):
        black = pr.Variant("8x8", handicap=corners).start()
        white = pr.Variant("8x8", handicap=corners, handicap_color="white").start()
        assert pr.search(black, depth=6).score > margin and pr.search(white, depth=6).score < -margin, corners


def test_the_anti_evaluation_on_normal_rules_is_the_boards_anti_reversi_one():
    s = positions(1, 5)[0]
    anti = pr.Variant("8x8", anti=True).position(s.board(), s.to_move, s.ply)
    assert pr.evaluate(s, evaluation="anti") == pr.evaluate(anti) != pr.evaluate(anti, shape=True)


def test_the_normal_evaluation_on_anti_reversi_rules_is_the_trained_one():
    # As on the other boards (their normal weights): the 8x8 patterns, not the shape terms.
    for s in positions(3, 7):
        anti = pr.Variant("8x8", anti=True).position(s.board(), s.to_move, s.ply)
        assert pr.evaluate(anti, evaluation="normal") == pr.evaluate(s) != pr.evaluate(s, shape=True)
        assert pr.search(anti, depth=4, evaluation="normal").score == pr.search(s, depth=4).score


def test_bad_input():
    with pytest.raises(TypeError, match="^state: expected a State, got str$"):
        pr.evaluate("8x8")
    with pytest.raises(ValueError, match="evaluation"):
        pr.evaluate(V8.start(), evaluation="patterns")
    with pytest.raises(pr.VariantError, match="two-player"):
        pr.evaluate(pr.Variant("8x8", players=4).start())


PROBE = """
import json, random, polyreversi as pr
v = pr.Variant("8x8")
out = {"kernels": pr._core.kernels(), "values": []}
for i in range(200):
    rng = random.Random(i)
    s = v.start()
    for _ in range(rng.randrange(60)):
        if s.is_over():
            break
        s.play(rng.choice(s.legal_moves()))
    if not s.is_over():
        out["values"].append(pr.evaluate(s))
print(json.dumps(out))
"""


def probe(kernels):
    return run_with_kernels(PROBE, kernels, timeout=120)


def test_portable_and_native_kernels_evaluate_alike():
    native, portable = probe(None), probe("generic")
    assert portable["kernels"] == "generic"
    if native["kernels"] == "generic":
        pytest.skip("this CPU runs only the portable kernels; nothing to compare")
    assert native["values"] == portable["values"] and len(native["values"]) > 150
