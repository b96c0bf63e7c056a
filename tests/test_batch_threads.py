"""A Batch used from several threads: a second thread entering a busy Batch gets
ConcurrentUseError at once and never corrupts it; separate Batches in threads
give the serial answers; a Batch split over worker threads
gives the one-thread answers."""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import polyreversi as pr
from polyreversi import ConcurrentUseError, PolyreversiError


def consistent(b: pr.Batch) -> None:
    """Every game's arrays agree with its replayed history (no half-played step)."""
    for i in range(b.size):
        s = b.state(i)
        assert np.array_equal(b.boards[i], s.board()) and tuple(b.scores[i]) == s.scores()
        assert b.done[i] == s.is_over() and b.plies()[i] == s.ply


def test_two_threads_hammering_one_batch_get_the_error_and_never_corrupt_it():
    b = pr.Batch("10x10/4p", 4096, seed=1)
    errors, calls = [], [0]
    stop = threading.Event()

    def hammer(seed):
        while not stop.is_set():
            try:
                b.step(b.choose(seed=seed), autoreset=True)
                b.observe()
                b.sample(np.ones((b.size, 101), np.float32))
                calls[0] += 1
            except ConcurrentUseError as e:
                errors.append(e)

    threads = [threading.Thread(target=hammer, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    deadline = threading.Event()
    for _ in range(200):  # at most 20 s; normally both counts grow within a few calls
        deadline.wait(0.1)
        if len(errors) >= 3 and calls[0] >= 10:
            break
    stop.set()
    for t in threads:
        t.join()
    assert errors and calls[0] > 0
    assert isinstance(errors[0], PolyreversiError) and isinstance(errors[0], RuntimeError)
    assert "this Batch (4096 games, 10x10, 4 players) is busy in another thread" in str(errors[0])
    consistent(b)


def test_the_error_comes_at_once_while_a_long_step_runs():
    b = pr.Batch("10x10", 100000)
    moves = b.choose()
    started = threading.Event()
    seen = []

    def long_steps():
        started.set()
        for _ in range(6):
            b.step(b.choose(), autoreset=True)

    t = threading.Thread(target=long_steps)
    t.start()
    started.wait()
    while t.is_alive():
        try:
            b.plies()
        except ConcurrentUseError:
            seen.append(1)
            break
    t.join()
    assert seen
    assert moves.shape == (100000,)


@pytest.mark.parametrize("text", ["8x8", "octagon/3p"])
def test_separate_batches_in_threads_give_the_serial_answers(text):
    def run(seed):
        b = pr.Batch(text, 700, seed=seed, blocked="random")
        out = []
        for _ in range(80):
            b.step(b.sample(np.ones((700, b.variant.PASS + 1), np.float32)), autoreset="same-step")
            out.append(b.boards.copy())
            out.append(b.final_rewards.copy())
        return np.array([x.sum() for x in out]), b.observe()

    serial = [run(s) for s in range(4)]
    with ThreadPoolExecutor(4) as pool:
        threaded = list(pool.map(run, range(4)))
    for (a, oa), (b, ob) in zip(serial, threaded):
        assert np.array_equal(a, b) and np.array_equal(oa, ob)


@pytest.mark.parametrize("text", ["8x8", "6x6/anti", "10x10/3p", "octagon/4p/anti"])
def test_worker_threads_give_the_one_thread_answers(text):
    runs = []
    for threads in (1, 2, 4, 0):
        b = pr.Batch(text, 2048, seed=3, blocked="random", threads=threads)
        for step in range(70):
            b.step(b.choose("greedy" if step % 2 else "random"), autoreset="next-step")
        runs.append((b.boards.copy(), b.masks.copy(), b.rewards.copy(), b.observe(), b.observe(dtype=np.float32),
                     b.plies()))
    for other in runs[1:]:
        for x, y in zip(runs[0], other):
            assert np.array_equal(x, y)


@pytest.mark.parametrize("bad_game", [0, 2047, 4095])
def test_a_bad_move_anywhere_in_a_split_step_plays_no_game(bad_game):
    """The move check runs in the split (each thread over its own games), before any game is played."""
    for threads in (1, 2, 0):
        b = pr.Batch("8x8", 4096, seed=2, threads=threads)
        for _ in range(3):
            b.step(b.choose(), autoreset=True)
        before = (b.boards.copy(), b.masks.copy(), b.plies())
        moves = b.choose()
        moves[bad_game] = 0  # a1: never legal in the first plies
        with pytest.raises(pr.IllegalMoveError, match=f"batch game {bad_game}:"):
            b.step(moves, autoreset=True)
        assert all(np.array_equal(x, y) for x, y in zip(before, (b.boards, b.masks, b.plies())))
        moves[bad_game] = b.choose()[bad_game]
        b.step(moves, autoreset=True)  # the same batch steps on after the error
        assert b.plies().min() == 4


def test_choose_and_observe_split_over_threads_give_the_one_thread_answers():
    """choose and observe split only big batches (their per-game work is small)."""
    runs = []
    for threads in (1, 2, 0):
        b = pr.Batch("8x8/3p", 16384, seed=5, threads=threads)
        for step in range(4):
            b.step(b.choose("greedy" if step % 2 else "random"), autoreset=True)
        runs.append((b.choose(), b.observe(), b.observe(perspective=pr.Color.RED)))
    for other in runs[1:]:
        for x, y in zip(runs[0], other):
            assert np.array_equal(x, y)


def _threaded_run(seed: int) -> int:
    b = pr.Batch("8x8", 4096, seed=seed, threads=2)
    for _ in range(30):
        b.step(b.choose(), autoreset=True)
    return int(b.boards.astype(np.int64).sum() + b.plies().sum())


def test_a_forked_child_builds_its_own_worker_pool():
    """After fork the parent's workers do not exist in the child: its first split call must not wait for them."""
    import multiprocessing

    expected = _threaded_run(8)  # the parent's pool is running now
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(1) as pool:
        assert pool.apply_async(_threaded_run, (8,)).get(timeout=120) == expected
