"""The 3-4 player pattern evaluation (cpp/include/polyreversi/multi/patterns.hpp):
its geometry, its indices against a Python reading of the board, and the
shipped tables' evaluation against a Python sum over the generated file."""
from __future__ import annotations

import random
import re
from typing import Iterator
from pathlib import Path

import numpy as np
import pytest

import polyreversi as pr
from polyreversi import _core

INC = Path(__file__).resolve().parents[1] / "cpp" / "src" / "multi" / "pattern_weights.inc"
VARIANTS = ("8x8/3p", "8x8/4p", "10x10/3p", "10x10/4p", "octagon/3p", "octagon/4p")


def random_position(variant: pr.Variant, rng: random.Random, plies: int) -> pr.State:
    state = variant.start()
    for _ in range(plies):
        if state.is_over():
            break
        state.play(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("name", VARIANTS)
def test_geometry_reads_each_set_of_squares_once_and_only_real_squares_on_the_octagon(name):
    variant = pr.Variant.parse(name)
    state = variant.start()
    groups = _core._multi_pattern_squares(state)
    _, _, types, lengths = _core._multi_pattern_indices(state)
    assert len(groups) == len(types) == len(lengths)
    assert [len(g) for g in groups] == list(lengths)
    sets = [frozenset(g) for g in groups]
    assert len(set(sets)) == len(sets)
    side = state.board().shape[0]
    for g in groups:
        assert len(set(g)) == len(g) and all(0 <= s < side * side for s in g)
        if variant.board == "octagon":
            assert set(g) <= set(variant.squares)  # the groups follow the real edges
    assert set(types) == {0, 1, 2, 3}


def reference_indices(state: pr.State) -> np.ndarray:
    """Base-4 digits, lowest first: 0 empty, 1 own, 2 another colour's or the neutral disk, 3 not playable."""
    cells = state.board().ravel()
    groups = _core._multi_pattern_squares(state)
    out = np.zeros((state.variant.players, len(groups)), dtype=np.int64)
    for c in range(state.variant.players):
        for i, g in enumerate(groups):
            idx = 0
            for s in reversed(g):
                v = int(cells[s])
                digit = 3 if v < 0 else 0 if v == 0 else 1 if v == c + 1 else 2
                idx = idx * 4 + digit
            out[c, i] = idx
    return out


def drawn_positions(name: str, count: int, least: int, most: int) -> Iterator[pr.State]:
    """``count`` seeded random positions of variant ``name`` after ``least`` to ``most - 1``
    plies, every other one with random blocked squares."""
    rng = random.Random(name)
    for k in range(count):
        variant = pr.Variant.parse(name)
        if k % 2:
            variant = variant.with_random_blocked(seed=rng.randrange(2**32))
        yield random_position(variant, rng, rng.randrange(least, most))


@pytest.mark.parametrize("name", VARIANTS)
def test_indices_agree_with_a_reading_of_the_board_blocked_squares_included(name):
    for state in drawn_positions(name, 12, 0, 50):
        ind, phase, _, _ = _core._multi_pattern_indices(state)
        assert ind.tolist() == reference_indices(state).tolist()
        _, phase_features = _core._multi_features(state)
        assert phase == phase_features


def shipped_tables() -> dict:
    """{variant text: (linear (phases, F + 1), {(phase, type, index): weight})} from the generated file."""
    text = INC.read_text()
    arrays = {m.group(1): [int(x) for x in m.group(2).replace("\n", " ").split(",") if x.strip()]
              for m in re.finditer(r"const int (k\w+)\[\] = \{([^}]*)\};", text)}
    out = {}
    kinds = {"Board8x8": "8x8", "Board10x10": "10x10", "Octagon": "octagon"}
    for m in re.finditer(r"\{BoardKind::(\w+), (\d), (true|false), (kLinear\d+), (kEntries\d+), (\d+)\}", text):
        name = f"{kinds[m.group(1)]}/{m.group(2)}p" + ("/anti" if m.group(3) == "true" else "")
        linear = np.array(arrays[m.group(4)]).reshape(_core.MULTI_PHASES, _core.MULTI_FEATURES + 1)
        flat = arrays[m.group(5)]
        assert len(flat) == 4 * int(m.group(6))
        entries = {tuple(flat[i:i + 3]): flat[i + 3] for i in range(0, len(flat), 4)}
        out[name] = (linear, entries)
    return out


@pytest.mark.skipif(not INC.exists(), reason="the generated tables are read from the source tree (cpp/ absent)")
def test_the_shipped_tables_are_what_the_evaluation_adds_up():
    tables = shipped_tables()
    if not tables:
        pytest.skip("no 3-4 player tables ship")
    for name, (linear, entries) in tables.items():
        for state in drawn_positions(name, 8, 4, 40):
            if state.is_over():
                continue
            variant = state.variant
            ind, phase, types, _ = _core._multi_pattern_indices(state)
            feats, _ = _core._multi_features(state)
            expected = []
            for c in range(variant.players):
                w = linear[phase]
                v = int(w[-1]) + int(np.dot(w[:-1], feats[c]))
                v += sum(entries.get((phase, int(t), int(i)), 0) for t, i in zip(types, ind[c]))
                expected.append(v)
            assert list(_core._multi_evaluate(state)) == expected, (name, state.ply)


def test_the_switch_restores_the_linear_evaluation():
    state = random_position(pr.Variant.parse("8x8/4p"), random.Random(3), 20)
    before = _core._multi_evaluate(state)
    previous = _core._set_multi_patterns(False)
    try:
        linear = _core._multi_evaluate(state)
    finally:
        _core._set_multi_patterns(previous)
    assert _core._multi_evaluate(state) == before
    # The core says whether tables ship for these rules (the source tree may be absent: an installed wheel).
    if _core._multi_has_patterns(state):
        assert linear != before
    if INC.exists():
        assert _core._multi_has_patterns(state) == (shipped_tables().get("8x8/4p") is not None)


def test_progressive_bias_is_checked_and_changes_the_search():
    state = pr.Variant.parse("8x8/4p").start()
    with pytest.raises(ValueError, match="bias_weight"):
        pr.multi_mcts(state, playouts=10, bias_weight=-1)
    plain = pr.multi_mcts(state, playouts=400, seed=2)
    biased = pr.multi_mcts(state, playouts=400, seed=2, bias_weight=4.0)
    assert sum(biased.visits.values()) == 400
    assert biased.visits != plain.visits
    player = pr.InformedMCTSPlayer(playouts=50, bias_weight=1.0, cutoff=8)
    assert player.choose(state) in state.legal_moves()


def test_the_cutoff_is_on_by_default_only_where_tables_ship():
    from polyreversi.multi_mcts import DEFAULT_CUTOFF, DEFAULT_CUTOFF_10X10, default_cutoff

    tables = shipped_tables() if INC.exists() else {}
    for name in ("8x8/4p", "8x8/3p/anti", "octagon/3p", "10x10/4p", "10x10/3p"):
        state = pr.Variant.parse(name).start()
        given = DEFAULT_CUTOFF_10X10 if name.startswith("10x10") else DEFAULT_CUTOFF
        assert default_cutoff(state) == (given if _core._multi_has_patterns(state) else 0)
        if INC.exists():
            assert _core._multi_has_patterns(state) == (name in tables)
    state = pr.Variant.parse("8x8/4p").start()
    previous = _core._set_multi_patterns(False)
    try:
        assert default_cutoff(state) == 0  # no tables: the playouts go to the end
    finally:
        _core._set_multi_patterns(previous)
    # the player keeps "not given" and resolves it per position
    assert pr.InformedMCTSPlayer(playouts=10).cutoff is None
    assert pr.InformedMCTSPlayer(playouts=10, cutoff=0).cutoff == 0
    with pytest.raises(TypeError, match="state"):
        default_cutoff("8x8/4p")  # type: ignore[arg-type]
