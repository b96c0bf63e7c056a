"""The core checks every argument the bindings hand it: the bindings only convert.

The facade refuses bad input first (tests/test_hostile_boundaries.py); these call the
extension module `_core` directly, past the facade, and expect the core's own check:
a ValueError whose message names the argument and the value, never a crash, and no
second wording of the same rule in the bindings.
"""
from __future__ import annotations

import numpy as np
import pytest

import polyreversi as pr
from polyreversi import _core

V = pr.Variant()
S = V.start()
NO_LIMIT = -1


def batch(size: int = 2) -> _core.Batch:
    return _core.Batch(V._rules, V, size)


CASES = [
    ("evaluate, evaluation 3", lambda: _core._evaluate(S, 3, False),
     "evaluate: evaluation must be 0 (auto), 1 (normal) or 2 (anti), got 3"),
    ("search, evaluation -1", lambda: _core._search(S, 2, NO_LIMIT, NO_LIMIT, 1, 16, -1),
     "search: evaluation must be 0 (auto), 1 (normal) or 2 (anti), got -1"),
    ("Searcher.search, evaluation 7",
     lambda: _core._Searcher(16).search(S, 2, NO_LIMIT, NO_LIMIT, 1, 7, 1, True),
     "search: evaluation must be 0 (auto), 1 (normal) or 2 (anti), got 7"),
    ("Searcher.prepare, evaluation 3", lambda: _core._Searcher(1).prepare(S, 3),
     "prepare: evaluation must be 0 (auto), 1 (normal) or 2 (anti), got 3"),
    ("Searcher.prepare, three players", lambda: _core._Searcher(1).prepare(pr.Variant("8x8/3p").start(), 0),
     "prepare: two-player games only"),
    ("evaluate_8x8, shared square",
     lambda: _core._evaluate_8x8(np.array([1, 6], np.uint64), np.array([8, 2], np.uint64), False),
     "P and O share a square at position 1"),
    ("evaluate_8x8, two dimensions",
     lambda: _core._evaluate_8x8(np.zeros((2, 2), np.uint64), np.zeros((2, 2), np.uint64), False),
     "P and O: uint64 arrays of one dimension and the same length"),
    ("play_games, -1 games", lambda: _core.play_games(S, -1, 0, 0, 1, False),
     "games: must be 0 to 4294967296, got -1"),
    ("play_games, 2**32 + 1 games", lambda: _core.play_games(S, 2**32 + 1, 0, 0, 1, False),
     "games: must be 0 to 4294967296, got 4294967297"),
    ("play_games, policy 2", lambda: _core.play_games(S, 1, 2, 0, 1, False),
     "policy: 0 (random) or 1 (greedy), got 2"),
    ("choose_move, policy 2", lambda: _core.choose_move(S, 2, 0, 0), "policy: 0 (random) or 1 (greedy), got 2"),
    ("observe, perspective 2", lambda: _core.observe(S, 2, False),
     "perspective: -1 (the player to move) or a colour index 0 to 1, got 2"),
    ("Batch, size 0", lambda: batch(0), "size: a batch holds at least 1 game, got 0"),
    ("Batch.step, autoreset 3", lambda: batch().step(np.full(2, 19, np.int32), 3, 1, None),
     "autoreset: 0 (off), 1 (next step) or 2 (same step), got 3"),
    ("Batch.choose, policy 5", lambda: batch().choose(5, 0, 1), "policy: 0 (random) or 1 (greedy), got 5"),
    ("Batch.observe, perspective -2",
     lambda: batch().observe(np.zeros((2, 6, 8, 8), np.uint8), -2, False, 1),
     "perspective: -1 (the player to move) or a colour index 0 to 1, got -2"),
    ("Batch.observe, per-game perspective 2",
     lambda: batch().observe(np.zeros((2, 6, 8, 8), np.uint8), np.array([0, 2], np.int8), False, 1),
     "perspective: game 1: a colour index 0 to 1, got 2"),
    ("Batch.sample, temperature -1",
     lambda: batch().sample(np.ones((2, 65), np.float32), True, -1.0, 0, 1),
     "temperature: must be finite and 0 or more, got -1"),
    ("Batch.sample, temperature inf",
     lambda: batch().sample(np.ones((2, 65), np.float32), True, float("inf"), 0, 1),
     "temperature: must be finite and 0 or more, got inf"),
    ("Batch.sample, temperature nan",
     lambda: batch().sample(np.ones((2, 65), np.float32), True, float("nan"), 0, 1),
     "temperature: must be finite and 0 or more, got nan"),
    ("Batch.sample, temperature -0.1 (as given, not its float32 value)",
     lambda: batch().sample(np.ones((2, 65), np.float32), True, -0.1, 0, 1),
     "temperature: must be finite and 0 or more, got -0.1"),
    ("Batch.sample, temperature beyond float32",
     lambda: batch().sample(np.ones((2, 65), np.float32), True, 1e300, 0, 1),
     "temperature: must be finite and 0 or more, got 1e+300 (inf as float32)"),
    ("PuctTrees, 0 slots", lambda: _core.PuctTrees(0), "slots: 1 to 1048576, got 0"),
    ("PuctTrees, 2**20 + 1 slots", lambda: _core.PuctTrees(2**20 + 1), "slots: 1 to 1048576, got 1048577"),
    ("puct_search, a game beyond the trees' slots",
     lambda: _core.puct_search(batch(3), np.ones(3, np.uint8), lambda *leaves: None, 1, 1.5, 0.3, 0.0, 0, 1, 1,
                               1.0, _core.PuctTrees(2)),
     "trees: 2 slots, game 2 searched"),
    ("multi_search, algorithm 2",
     lambda: _core._multi_search(pr.Variant("octagon", 3).start(), 2, 1, 0.0, 0, 10),
     "multi_search: algorithm must be 0 (best reply) or 1 (paranoid), got 2"),
]


@pytest.mark.parametrize("call, message", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_the_core_refuses_bad_arguments_naming_them(call, message):
    with pytest.raises(ValueError) as caught:
        call()
    assert message in str(caught.value)


def test_evaluate_8x8_refuses_what_is_no_array_of_words():
    with pytest.raises(TypeError, match=r"P and O: expected uint64 arrays"):
        _core._evaluate_8x8("P", np.zeros(1, np.uint64), False)


def test_a_refused_batch_call_leaves_the_batch_usable():
    # the check runs inside the batch's busy section: refusing must release it
    b = batch()
    with pytest.raises(ValueError, match="policy"):
        b.choose(5, 0, 1)
    moves = b.choose(0, 0, 1)
    assert moves.shape == (2,) and all(m in S.legal_moves() for m in moves)


def test_observe_of_a_state_refuses_a_perspective_in_the_core():
    with pytest.raises(ValueError, match=r"perspective: -1 \(the player to move\) or a colour index 0 to 1, got 5"):
        _core.observe(S, 5, True)
    assert _core.observe(S, -1, True).shape == (6, 8, 8)


def test_the_evaluation_code_reaches_the_core_as_given():
    # 0 follows the variant's rules, 1 normal, 2 Anti-Reversi: the core resolves "auto"
    anti = pr.Variant("8x8", anti=True).start()
    assert _core._evaluate(anti, 0, False) == _core._evaluate(anti, 2, False)
    assert _core._evaluate(S, 0, False) == _core._evaluate(S, 1, False)
