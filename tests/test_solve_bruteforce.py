"""The exact solver against a plain minimax on the reference rules (tests/reference/).

Positions come from random games on every two-player variant, stopped at 1-9
empty squares. The minimax below has no pruning at all (only a memo of
positions it has already valued, which changes no value); it plays the
reference's moves and scores with RULES.md §7, so an error in the solver's
ordering, cut-offs, last-square shortcut or pass handling shows up as a
disagreement here.
"""
from __future__ import annotations

import random

import pytest

import polyreversi as pr
from reference import rules as ref
from variants import ref_variant

# The variants; with PER_EMPTIES below, 14 x 149 = 2,086 positions, and DEEP 4 more.
VARIANTS = [
    (pr.Variant("6x6"), 1),
    (pr.Variant("8x8"), 1),
    (pr.Variant("10x10"), 1),
    (pr.Variant("octagon"), 1),
    (pr.Variant("8x8", anti=True), 1),
    (pr.Variant("6x6", anti=True), 1),
    (pr.Variant("octagon", anti=True, blocked=("e2",)), 1),
    (pr.Variant("8x8", blocked=("b2", "g7")), 1),
    (pr.Variant("10x10", blocked=("a1", "c9", "h2")), 1),
    (pr.Variant("6x6", blocked=("a6",)), 1),
    (pr.Variant("8x8", handicap=2), 1),
    (pr.Variant("10x10", handicap=1, handicap_color=pr.Color.WHITE), 1),
    (pr.Variant("6x6", free_opening=True), 1),
    (pr.Variant("8x8", free_opening=True, anti=True), 1),
]
# How many positions of each empties count per variant (fewer where the
# plain minimax is slow).
PER_EMPTIES = {1: 60, 2: 45, 3: 25, 4: 12, 5: 4, 6: 2, 7: 1}
# 8 and 9 empties cost the plain minimax seconds each: a few boards only.
DEEP = [(pr.Variant("6x6"), 9), (pr.Variant("8x8"), 9), (pr.Variant("8x8", anti=True), 8),
        (pr.Variant("octagon", blocked=("e2",)), 8)]


def endgame_positions(variant: pr.Variant, empties: int, count: int, seed: int):
    """`count` positions with exactly `empties` empty squares (or the first
    position below that) from random games; finished games are kept too."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = variant.start()
        while not s.is_over():
            if len(variant.squares) - sum(s.scores()) <= empties:
                break
            s.play(rng.choice(s.legal_moves()))
        out.append(s)
    return out


def to_ref(state: pr.State) -> ref.RefState:
    cells = [c if c > 0 else 0 for c in state.board().reshape(-1).tolist()]
    return ref.RefState(ref_variant(state.variant), cells, int(state.to_move), state.ply)


def final_value(rs: ref.RefState, mover: int, wof: bool) -> int:
    sc = ref.scores(rs)
    mine, theirs = sc[mover - 1], sc[2 - mover]
    d = theirs - mine if rs.variant.anti else mine - theirs
    if wof and d:
        empty = sum(1 for sq in range(rs.variant.N ** 2) if rs.variant.playable(sq) and rs.cells[sq] == 0)
        d += empty if d > 0 else -empty
    return d


def minimax(rs: ref.RefState, wof: bool, memo: dict) -> int:
    """Value of rs for its mover: the best over every legal move, no pruning."""
    key = (tuple(rs.cells), rs.to_move)
    if key in memo:
        return memo[key]
    moves = ref.legal_moves(rs)
    if not moves:
        value = final_value(rs, rs.to_move, wof)
    else:
        value = max(-minimax(ref.play(rs, m), wof, memo) for m in moves)
    memo[key] = value
    return value


def replay_score(state: pr.State, pv, anti: bool) -> int:
    s = state.copy()
    for m in pv:
        s.play(m)
    assert s.is_over(), "the principal variation must reach the end of the game"
    mover = int(state.to_move) - 1
    sc = s.scores()
    d = sc[mover] - sc[1 - mover]
    return -d if anti else d


@pytest.mark.parametrize("variant", [v for v, _ in VARIANTS], ids=str)
def test_solver_equals_plain_minimax(variant):
    checked = 0
    for empties, count in PER_EMPTIES.items():
        for k, state in enumerate(endgame_positions(variant, empties, count, seed=1000 * empties + len(str(variant)))):
            expected = minimax(to_ref(state), False, {})
            result = pr.solve(state, moves=(k % 3 == 0))
            assert result.score == expected, (state.to_text(), result, expected)
            if state.is_over():
                assert result.move is None and result.pv == []
                continue
            assert result.move in state.legal_moves()
            assert replay_score(state, result.pv, variant.anti) == result.score, state.to_text()
            assert bool(result.scores) == (k % 3 == 0)  # every move's score exactly when asked for
            if result.scores:
                assert set(result.scores) == set(state.legal_moves())
                rs = to_ref(state)
                for move, score in result.scores.items():
                    assert score == -minimax(ref.play(rs, move), False, {}), (state.to_text(), move)
                assert result.scores[result.move] == result.score == max(result.scores.values())
            checked += 1
    assert checked >= 140


@pytest.mark.parametrize("variant,empties", DEEP, ids=lambda x: str(x))
def test_solver_equals_plain_minimax_deeper(variant, empties):
    for state in endgame_positions(variant, empties, 1, seed=empties):
        assert not state.is_over() and len(variant.squares) - sum(state.scores()) == empties
        rs = to_ref(state)
        result = pr.solve(state, moves=True)
        for move, score in result.scores.items():
            assert score == -minimax(ref.play(rs, move), False, {}), (state.to_text(), move)
        assert result.score == max(result.scores.values())


@pytest.mark.parametrize("variant", [pr.Variant("8x8"), pr.Variant("octagon", blocked=("c3",)),
                                     pr.Variant("6x6", anti=True)], ids=str)
def test_wof_convention_equals_plain_minimax(variant):
    for empties in (2, 4, 6):
        for state in endgame_positions(variant, empties, 15, seed=77 + empties):
            expected = minimax(to_ref(state), True, {})
            assert pr.solve(state, convention="wof").score == expected, state.to_text()

