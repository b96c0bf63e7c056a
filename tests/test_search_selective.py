"""The midgame search's selectivity (Multi-ProbCut, midgame.hpp): full width
is the plain depth-limited minimax value (checked by brute force), the
selective search cuts nodes where the board has a fit and none where it has
not, near the end it still hands over to the exact solver, and the fitted
data the core reads is the one scripts/fit_probcut.py renders."""
from __future__ import annotations

import importlib.util
import json

import pytest

import polyreversi as pr
from conftest import PROJECT_ROOT as ROOT, random_endgame, random_position, shape_terms

FITS = ROOT / "cpp" / "include" / "polyreversi" / "search"


def negamax(state, depth: int) -> float:
    """Depth-limited negamax with pr.evaluate at the leaves, in disks, no
    pruning: a pass is a ply, a finished game scores exactly (RULES.md §7;
    Anti-Reversi: the opponent's disks minus the mover's)."""
    if state.is_over():
        me = int(state.to_move) - 1
        sc = state.scores()
        d = sc[me] - sc[1 - me]
        return -d if state.variant.anti else d
    if depth == 0:
        return pr.evaluate(state)
    moves = state.legal_moves()
    if not moves:
        return -negamax(state.child(state.PASS), depth - 1)
    return max(-negamax(state.child(m), depth - 1) for m in moves)


@pytest.mark.parametrize("text", ["8x8", "6x6", "octagon", "8x8/anti", "10x10", "8x8/handicap=2", "8x8/free",
                                  "8x8/blocked=b2,g7", "8x8/blocked=a3,c8,h5,f1", "6x6/free", "10x10/handicap=1",
                                  "octagon/blocked=b3"])
def test_full_width_is_the_depth_limited_minimax_value(text):
    variant = pr.Variant.parse(text)
    for seed in range(3):
        s = random_position(variant, 16, seed)
        if s.is_over():
            continue
        for depth in (1, 2, 3, 4):
            r = pr.search(s, depth=depth, selective=False)
            assert r.score == pytest.approx(negamax(s, depth), abs=1e-9), (text, seed, depth)


def fitted_boards():
    if not (FITS / "probcut_fits.json").exists():  # an installed wheel's test run has no cpp/ beside it
        return []
    with open(FITS / "probcut_fits.json") as f:
        return sorted(json.load(f))


def midgame_positions(variant, count: int):
    squares = len(variant.squares)
    out = []
    for seed in range(count):
        s = random_position(variant, squares // 3, 100 + seed)
        if not s.is_over() and s.legal_moves():
            out.append(s)
    return out


@pytest.mark.parametrize("text", fitted_boards())
def test_multi_probcut_cuts_nodes_where_the_board_is_fitted(text):
    variant = pr.Variant.parse(text)
    depth = 7
    full = selective = 0
    for s in midgame_positions(variant, 4):
        full += pr.search(s, depth=depth, selective=False).nodes
        r = pr.search(s, depth=depth, selective=True)
        assert r.move in s.legal_moves() and r.depth == depth
        selective += r.nodes
    assert selective < full, (text, selective, full)


def test_a_board_without_a_fit_stays_full_width():
    # 8x8 on the shape terms (the trained evaluations switched off): no fit in probcut_fits.json
    variant = pr.Variant("8x8", blocked=("b2", "g7"))
    assert not any(b.startswith("8x8/") and "anti" not in b for b in fitted_boards())
    positions = midgame_positions(variant, 2)
    with shape_terms():
        for s in positions:
            a = pr.search(s, depth=6, selective=False)
            b = pr.search(s, depth=6, selective=True)
            assert (a.score, a.nodes, a.move) == (b.score, b.nodes, b.move)
    # on the trained patterns the board's fit applies, blocked squares or not
    for s in positions:
        assert pr.search(s, depth=6, selective=True).nodes < pr.search(s, depth=6, selective=False).nodes


@pytest.mark.parametrize("text", ["8x8", "6x6", "8x8/anti"])
def test_the_selective_search_still_reaches_the_exact_score_at_the_end(text):
    variant = pr.Variant.parse(text)
    for seed in range(3):
        s = random_position(variant, len(variant.squares) - 4 - 12, seed)
        if s.is_over():
            continue
        empties = len(variant.squares) - sum(s.scores())
        r = pr.search(s, depth=empties, selective=True)
        assert r.exact and r.score == pr.solve(s).score


@pytest.mark.parametrize("text", ["8x8/handicap=2", "8x8/free", "8x8/blocked=b2,g7"])
def test_the_solver_is_exact_on_start_options_with_the_patterns_selective_passes(text):
    # From 20 empties a solve on the trained 8x8 patterns runs selective passes first (root.cpp); with the
    # trained evaluations switched off it runs none: both must give the exact score.
    s = random_endgame(text, 20, 7)
    with shape_terms():
        without = pr.solve(s)
    assert pr.solve(s).score == without.score


def test_the_fitted_data_is_what_the_fit_script_renders():
    if not (FITS / "probcut_fits.json").exists():
        pytest.skip("the source tree (cpp/, scripts/) is not beside the tests")
    spec = importlib.util.spec_from_file_location("fit_probcut", ROOT / "scripts" / "fit_probcut.py")
    fit = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fit)
    with open(FITS / "probcut_fits.json") as f:
        fits = json.load(f)
    assert (FITS / "probcut_fits.inc").read_text() == fit.render_inc(fits)
    for board, data in fits.items():
        depths = data["max_depth"] - data["min_depth"] + 1
        assert len(data["cells"]) == depths * data["phases"], board
        assert all(0.5 <= a <= 1.5 and sigma > 0 and sigma0 > 0 for a, _, sigma, sigma0 in data["cells"]), board
        assert 0 < data["t"] <= 4, board


@pytest.mark.parametrize("value", ["yes", 1, None])
def test_selective_must_be_a_bool(value):
    with pytest.raises(TypeError, match="selective"):
        pr.search(pr.Variant().start(), depth=2, selective=value)
