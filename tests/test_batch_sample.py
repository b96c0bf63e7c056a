"""Moves sampled in C++ from policy arrays."""
from __future__ import annotations

import math
import re

import numpy as np
import pytest

import polyreversi as pr
from polyreversi import Variant

DRAWS = 40000


def chi_square_limit(df: int, z: float = 3.719) -> float:
    """The chi-square value exceeded with probability about 1e-4 (Wilson-Hilferty)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def midgame(text: str, plies: int) -> pr.State:
    s = Variant.parse(text).start()
    rng = np.random.default_rng(1)
    for _ in range(plies):
        s.play(int(rng.choice(s.legal_moves())))
    return s


def assert_drawn_with(moves: np.ndarray, legal: list, p: np.ndarray) -> None:
    counts = np.bincount(moves, minlength=len(p))
    assert counts[[m for m in range(len(p)) if m not in legal]].sum() == 0  # never an illegal move
    expected = p[legal] * len(moves)
    used = expected > 0
    assert counts[legal][~used].sum() == 0  # never a move of probability 0
    stat = float((((counts[legal][used] - expected[used]) ** 2) / expected[used]).sum())
    assert stat < chi_square_limit(int(used.sum()) - 1), (stat, counts[legal], expected)


@pytest.mark.parametrize("text,plies", [("8x8", 0), ("8x8", 20), ("10x10/4p", 30), ("octagon/3p", 25)])
def test_sample_draws_each_legal_move_with_its_probability(text, plies):
    s = midgame(text, plies)
    legal = s.legal_moves()
    assert len(legal) >= 3
    rng = np.random.default_rng(7)
    weights = rng.random(s.PASS + 1).astype(np.float32)
    weights[legal[1]] = 0  # a legal move of probability 0 is never drawn
    b = pr.Batch(s.variant, DRAWS, start=s)
    moves = b.sample(np.broadcast_to(weights, (DRAWS, s.PASS + 1)), seed=2024)
    p = np.zeros(s.PASS + 1)
    p[legal] = weights[legal] / weights[legal].sum()
    assert_drawn_with(moves, legal, p)


@pytest.mark.parametrize("temperature", [0.5, 1.0, 3.0])
def test_sample_logits_draws_the_softmax(temperature):
    s = midgame("8x8", 14)
    legal = s.legal_moves()
    rng = np.random.default_rng(3)
    logits = (rng.standard_normal(s.PASS + 1) * 2).astype(np.float32)
    b = pr.Batch(s.variant, DRAWS, start=s)
    moves = b.sample_logits(np.broadcast_to(logits, (DRAWS, s.PASS + 1)), temperature=temperature, seed=5)
    z = np.exp(logits[legal].astype(np.float64) / temperature)
    p = np.zeros(s.PASS + 1)
    p[legal] = z / z.sum()
    assert_drawn_with(moves, legal, p)
    greedy = b.sample_logits(np.broadcast_to(logits, (DRAWS, s.PASS + 1)), temperature=0)
    assert (greedy == legal[int(np.argmax(logits[legal]))]).all()


def test_rows_of_zero_legal_weight_are_uniform_and_passes_and_finished_games():
    s = midgame("8x8", 10)
    legal = s.legal_moves()
    b = pr.Batch(s.variant, DRAWS, start=s)
    illegal_only = np.zeros((DRAWS, s.PASS + 1), np.float32)
    illegal_only[:, s.PASS] = 1  # the pass is not legal here: every legal move has weight 0
    moves = b.sample(illegal_only, seed=1)
    p = np.zeros(s.PASS + 1)
    p[legal] = 1 / len(legal)
    assert_drawn_with(moves, legal, p)
    logits = np.full((DRAWS, s.PASS + 1), -np.inf, np.float32)
    assert_drawn_with(b.sample_logits(logits, seed=1), legal, p)
    # illegal columns, however heavy, are masked out
    heavy = np.zeros((DRAWS, s.PASS + 1), np.float32)
    heavy[:, [m for m in range(s.PASS + 1) if m not in legal]] = 1e30
    heavy[:, legal[0]] = 1e-30
    assert (b.sample(heavy) == legal[0]).all()
    # a forced pass, and finished games
    cells = np.zeros((8, 8), np.int8)
    cells[0, :3] = [1, 2, 2]  # White to move has no flip, Black can: White passes
    cells[7, 7] = 2
    passing = Variant().position(cells, pr.Color.WHITE)
    assert passing.legal_moves() == [64]
    over = Variant().position(np.ones((8, 8), np.int8))
    b2 = pr.Batch("8x8", 2, start=[passing, over])
    assert b2.sample(np.ones((2, 65), np.float32)).tolist() == [64, -1]
    assert b2.sample_logits(np.zeros((2, 65), np.float32)).tolist() == [64, -1]
    assert b2.sample(np.zeros((2, 65), np.float32)).tolist() == [64, -1]  # no draw: nothing refused


def test_a_row_of_zeros_is_refused_naming_the_game():
    """A row that is 0 everywhere is no distribution (an unfilled buffer): refused, where
    it was drawn from uniformly (sample_actions too)."""
    b = pr.Batch("8x8", 3)
    probs = np.ones((3, 65), np.float32)
    probs[2] = 0
    with pytest.raises(ValueError, match=r"^probs: game 2: every entry is 0"):
        b.sample(probs)
    pytest.importorskip("gymnasium", reason="gymnasium is not installed (pip install 'polyreversi[envs]')")
    from polyreversi.envs.vector import ReversiVectorEnv

    env = ReversiVectorEnv(num_envs=3, variant="8x8")
    env.reset(seed=0)
    with pytest.raises(ValueError, match=r"^probs: game 2: every entry is 0"):
        env.sample_actions(probs)


def test_sampled_moves_are_the_same_at_any_thread_count_and_follow_the_seed():
    v = Variant("8x8")
    runs = []
    for threads in (1, 2, 3, 0):
        b = pr.Batch(v, 3000, seed=11, threads=threads)
        rng = np.random.default_rng(0)
        played = []
        for _ in range(40):
            probs = rng.random((3000, 65), dtype=np.float32)
            moves = b.sample(probs) if _ % 2 else b.sample_logits(np.log(probs + 1e-3), temperature=0.7)
            played.append(moves)
            b.step(moves, autoreset=True)
        runs.append((np.array(played), b.boards.copy(), b.observe()))
    for other in runs[1:]:
        for x, y in zip(runs[0], other):
            assert np.array_equal(x, y)
    b = pr.Batch(v, 100)
    probs = np.ones((100, 65), np.float32)
    assert np.array_equal(b.sample(probs, seed=1), b.sample(probs, seed=1))
    assert not np.array_equal(b.sample(probs, seed=1), b.sample(probs, seed=2))


def test_bad_policy_arrays_are_refused():
    b = pr.Batch("8x8", 3)
    good = np.ones((3, 65), np.float32)
    for value, match in [(np.nan, "game 1, column 7: nan"), (-0.5, "game 1, column 7: -0.5"),
                         (np.inf, "game 1, column 7: inf")]:
        bad = good.copy()
        bad[1, 7] = value
        bad[2, 3] = value
        with pytest.raises(ValueError, match=match):
            b.sample(bad)
    bad = good.copy()
    bad[0, 64] = np.nan
    with pytest.raises(ValueError, match="game 0, the pass column"):
        b.sample_logits(bad)
    bad[0, 64] = np.inf
    with pytest.raises(ValueError, match=r"\+inf"):
        b.sample_logits(bad)
    bad[0, 64] = -np.inf
    assert b.sample_logits(bad).shape == (3,)
    with pytest.raises(ValueError, match=r"shape \(3, 65\)"):
        b.sample(np.ones((3, 64), np.float32))
    with pytest.raises(TypeError):
        b.sample(np.array([["a"] * 65] * 3))
    for t, given in ((-1.0, "-1"), (np.nan, "nan"), (np.inf, "inf"), (-0.1, "-0.1"), (1e300, "1e+300")):
        with pytest.raises(ValueError, match=f"^temperature: must be finite and 0 or more, got {re.escape(given)}"):
            b.sample_logits(good, temperature=t)
    with pytest.raises(TypeError):
        b.sample_logits(good, temperature="hot")
    assert b.sample(good.astype(np.float64)).dtype == np.int32  # other float dtypes are converted
    assert b.sample(np.asfortranarray(good)).shape == (3,)


SAME_ON_EVERY_KERNEL = """
import hashlib, json
import numpy as np
import polyreversi as pr
out = {}
for text in ("8x8", "6x6", "10x10/3p"):
    b = pr.Batch(text, 3000, seed=4)
    rng = np.random.default_rng(9)
    h = hashlib.sha256()
    for step in range(25):
        probs = rng.random((b.size, b.variant.PASS + 1), dtype=np.float32)
        zero = rng.random(b.size) < 0.1  # rows of zero legal weight: the uniform draw
        probs[zero] = 0
        probs[zero, b.variant.PASS] = 1  # (a row of zeros is refused; the pass is legal only when forced)
        probs[:, : b.variant.PASS // 2] *= np.float32(2e38)  # sums that overflow a float: the rescale
        moves = b.sample(probs) if step % 2 else b.sample_logits(np.log(probs + 1e-9), temperature=0.7)
        h.update(moves.tobytes())
        b.step(moves, autoreset=True)
    out[text] = h.hexdigest()
print(json.dumps(out))
"""


def test_sample_draws_the_same_moves_on_every_kernel_set():
    """The AVX2 build's pick (a padded vector count) and the portable loop draw the same moves."""
    from conftest import run_with_kernels

    assert run_with_kernels(SAME_ON_EVERY_KERNEL, "generic", 120) == run_with_kernels(SAME_ON_EVERY_KERNEL, None, 120)


def test_a_finite_value_beyond_float32_is_named_as_given_not_as_inf():
    b = pr.Batch("8x8", 3)
    good = np.ones((3, 65))  # float64, converted to float32
    for method, value, column, why in [
            ("sample", 1e300, 7, "is beyond float32's range, ±3.403e+38 (the probs are read as float32)"),
            ("sample", 3.5e38, 64, "is beyond float32's range, ±3.403e+38 (the probs are read as float32)"),
            ("sample", -1e300, 0, "(probabilities must be finite and not negative)"),
            ("sample_logits", 1e300, 7, "is beyond float32's range, ±3.403e+38 (the logits are read as float32)")]:
        bad = good.copy()
        bad[1, column] = value
        where = "the pass column" if column == 64 else f"column {column}"
        with pytest.raises(ValueError) as info:
            getattr(b, method)(bad)
        name = "logits" if method == "sample_logits" else "probs"
        assert str(info.value) == f"{name}: game 1, {where}: {value!r} {why}"
    bad = good.copy()
    bad[1, :] = np.finfo(np.float64).min  # a mask value of RL code: -inf as float32, a weight of 0
    bad[1, 19] = 0.0
    assert b.sample_logits(bad)[1] == 19
    bad[1, 19] = 3.4e38  # within float32's range
    assert b.sample_logits(bad)[1] == 19


def test_nan_is_refused_in_every_column_illegal_or_of_a_finished_game():
    b = pr.Batch("8x8", 2)
    while not b.done[1]:
        b.step(np.where(b.done, -1, b.choose(seed=3)))
    for game, column in [(0, 0), (1, 19)]:  # a1: illegal at the start; d3 in a finished game
        bad = np.ones((2, 65), np.float32)
        bad[game, column] = np.nan
        for method in (b.sample, b.sample_logits):
            with pytest.raises(ValueError, match=rf"^(probs|logits): game {game}, column {column}: nan "):
                method(bad)
