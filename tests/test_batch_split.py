"""The pieces behind a split Batch call: the one-pass move check
on the calling thread, the worker pool's regions and stealing, and the sampler's
draw from running sums."""
from __future__ import annotations

import threading

import numpy as np
import pytest

import polyreversi as pr
from polyreversi import IllegalMoveError


def midgame_batch(text: str, size: int, threads: int, plies: int = 9) -> pr.Batch:
    b = pr.Batch(text, size, seed=4, threads=threads)
    for step in range(plies):
        b.step(b.choose(seed=step), autoreset=True)
    return b


@pytest.mark.parametrize("text", ["6x6", "8x8", "10x10/3p", "octagon/4p"])
def test_each_kind_of_bad_move_is_refused_before_any_game_changes(text):
    b = midgame_batch(text, 1500, threads=2)
    pass_move = b.variant.PASS
    legal = b.choose(seed=99)
    before = (b.boards.copy(), b.masks.copy(), b.plies())
    live = np.flatnonzero(~b.done & ~b.masks[:, pass_move])
    assert live.size > 100
    target = int(live[len(live) // 2])  # a game in the second thread's half
    illegal_square = int(np.flatnonzero(~b.masks[target, :pass_move])[0])
    grid = f"{b.variant.n}x{b.variant.n} grid; squares are 0\\.\\.{pass_move - 1}, pass is {pass_move}"
    for bad, match in [(-1, f"square -1 is off the {grid}; -1 \\(no move\\) is only for a game that is over$"),
                       (-7, f"square -7 is off the {grid}$"),
                       (pass_move + 1, f"square {pass_move + 1} is off the {grid}$"),
                       (2**31 - 1, f"square 2147483647 is off the {grid}$"),
                       (pass_move, ""), (illegal_square, "")]:
        moves = legal.copy()
        moves[target] = bad
        with pytest.raises(IllegalMoveError, match=f"batch game {target}: {match}"):
            b.step(moves, autoreset=True)
        for x, y in zip(before, (b.boards, b.masks, b.plies())):
            assert np.array_equal(x, y)  # nothing was played
    b.step(legal)  # the legal moves still play
    assert (b.plies() == before[2] + (legal >= 0)).all()


def test_finished_games_take_minus_one_or_anything_with_autoreset():
    b = pr.Batch("6x6", 600, seed=2, threads=2)
    while not b.done.any():
        b.step(b.choose())
    moves = b.choose()
    assert (moves[b.done] == -1).all()
    moves[b.done] = 3
    with pytest.raises(IllegalMoveError, match=f"batch game {int(np.flatnonzero(b.done)[0])}: the game is over"):
        b.step(moves)
    b.step(moves, autoreset=True)  # ignored for finished games: they restart
    assert b.reset_mask.any()


@pytest.mark.parametrize("size", [1, 2, 511, 512, 1023, 1024, 1537, 4099])
def test_splits_of_every_size_cover_each_game_once(size):
    """Odd sizes split into uneven regions; every game must be stepped exactly once."""
    runs = []
    for threads in (1, 2, 3, 5):
        b = pr.Batch("8x8", size, seed=9, threads=threads)
        for step in range(12):
            b.step(b.sample(np.ones((size, 65), np.float32)), autoreset="same-step")
        runs.append((b.plies(), b.boards.copy(), b.observe(dtype=np.float32)))
    for other in runs[1:]:
        for x, y in zip(runs[0], other):
            assert np.array_equal(x, y)


def test_two_batches_split_from_two_threads_at_once_give_the_serial_answers():
    """One pool serves one call at a time; a call that finds it busy runs on its own thread."""

    def run(seed, out):
        b = pr.Batch("8x8", 3000, seed=seed, threads=2)
        for _ in range(150):
            b.step(b.choose(), autoreset=True)
        out.append((seed, b.boards.copy(), b.plies()))

    serial = []
    for seed in (1, 2):
        run(seed, serial)
    threaded = []
    threads = [threading.Thread(target=run, args=(seed, threaded)) for seed in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for seed, boards, plies in threaded:
        _, boards0, plies0 = serial[seed - 1]
        assert np.array_equal(boards, boards0) and np.array_equal(plies, plies0)


def test_sample_with_weights_whose_sum_overflows_a_float():
    b = pr.Batch("8x8", 20000, threads=2)
    legal = [19, 26, 37, 44]
    probs = np.zeros((20000, 65), np.float32)
    probs[:, legal] = [3e38, 3e38, 0, 1e38]  # the sum overflows; rescaled, the ratios stay
    counts = np.bincount(b.sample(probs, seed=3), minlength=65)
    assert counts.sum() == 20000 and counts[legal].sum() == 20000 and counts[37] == 0
    expected = np.array([3, 3, 1]) / 7 * 20000
    assert (np.abs(counts[[19, 26, 44]] - expected) < 5 * np.sqrt(expected)).all()


def test_sample_never_draws_a_zero_weight_next_to_a_tiny_one():
    """Running sums that stop growing (a weight lost to rounding, or 0) never pick that move."""
    b = pr.Batch("8x8", 20000, threads=2)
    probs = np.zeros((20000, 65), np.float32)
    probs[:, [19, 26, 37, 44]] = [1.0, 1e-9, 0.0, 0.0]  # 1 + 1e-9 == 1 in float32
    moves = b.sample(probs, seed=5)
    assert set(np.unique(moves).tolist()) <= {19, 26} and (moves == 19).mean() > 0.999
    probs[:, [19, 26, 37, 44]] = [0.0, 0.0, 0.0, 2.0]
    assert (b.sample(probs, seed=6) == 44).all()
