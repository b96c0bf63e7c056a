"""Threads and processes: calls that release the GIL give the serial answers when made
from several Python threads at once, and states, variants and records cross process
boundaries (multiprocessing, spawn) unchanged.

perft, play_games and Batch.step/choose release the GIL. States are shared only
read-only across threads (perft and play_games copy the position before they let
go of the GIL); a Batch belongs to one thread at a time.
"""
from __future__ import annotations

import multiprocessing
import pickle
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import polyreversi as pr
from conftest import random_position
from polyreversi.formats import json_record
from polyreversi.record import Record, Result
from polyreversi.replay import Replay

THREADS = 4

PERFT_CASES = [("8x8", 9), ("6x6/anti", 9), ("10x10/4p", 6), ("octagon/3p/blocked=b7", 7), ("8x8/free", 11),
               ("10x10/blocked=a1,j10", 8)]
GAMES_CASES = [("8x8", "random", 7), ("octagon/4p", "greedy", 8), ("6x6/anti", "greedy", 9), ("10x10/3p", "random", 10)]


def run_together(jobs):
    """Runs the callables on THREADS threads, the first THREADS of them starting at the
    same moment; results in order."""
    barrier = threading.Barrier(min(THREADS, len(jobs)))

    def wrapped(numbered):
        index, job = numbered
        if index < barrier.parties:
            try:
                barrier.wait(timeout=60)
            except threading.BrokenBarrierError:
                pass
        return job()

    with ThreadPoolExecutor(max_workers=THREADS) as pool:
        return list(pool.map(wrapped, enumerate(jobs)))


# -- perft ---------------------------------------------------------------------------

def test_perft_from_threads_on_separate_states_matches_serial():
    serial = [pr.perft(pr.Variant.parse(text), depth) for text, depth in PERFT_CASES]
    jobs = [lambda t=text, d=depth: pr.perft(pr.Variant.parse(t).start(), d) for text, depth in PERFT_CASES] * 2
    assert run_together(jobs) == serial * 2


def test_perft_from_threads_on_one_shared_state_matches_serial():
    state = random_position("8x8", 10, 3)
    before = (state.board().tobytes(), state.moves(), state.ply)
    expected = [pr.perft(state, d) for d in range(3, 8)]
    jobs = [lambda d=d: pr.perft(state, d) for d in range(3, 8)] * 2
    assert run_together(jobs) == expected * 2
    assert (state.board().tobytes(), state.moves(), state.ply) == before


def test_python_reads_of_a_shared_state_while_perft_runs():
    """Read-only calls that hold the GIL interleave with perft, which does not."""
    state = random_position("10x10", 12, 4)
    expected_moves = state.legal_moves()
    expected_children = [state.child(m).key() for m in expected_moves]
    deep = pr.perft(state, 4)

    def reader():
        for _ in range(200):
            assert state.legal_moves() == expected_moves
            assert [state.child(m).key() for m in expected_moves] == expected_children
        return True

    results = run_together([lambda: pr.perft(state, 4), reader, reader, lambda: pr.perft(state, 4)])
    assert results == [deep, True, True, deep]


# -- play_games ------------------------------------------------------------------------

def _games(text, policy, seed, threads=1, start=None):
    r = pr.play_games(start if start is not None else text, 400, policy=policy, seed=seed, threads=threads,
                      record_moves=True)
    return r.scores, r.winners, r.plies, r.moves


def _same_games(a, b):
    return all(np.array_equal(x, y) for x, y in zip(a, b))


def test_play_games_from_threads_matches_serial():
    serial = [_games(*case) for case in GAMES_CASES]
    jobs = [lambda c=case, t=t: _games(*c, threads=t) for case in GAMES_CASES for t in (1, 2)]
    together = run_together(jobs)
    for i, case in enumerate(GAMES_CASES):
        assert _same_games(together[2 * i], serial[i]), case
        assert _same_games(together[2 * i + 1], serial[i]), case


def test_play_games_from_threads_on_one_shared_state():
    start = random_position("octagon/4p/blocked=b7", 9, 5)
    key = start.key()
    serial = _games("", "greedy", 11, start=start)
    together = run_together([lambda t=t: _games("", "greedy", 11, threads=t, start=start) for t in (1, 2, 3, 1)])
    assert all(_same_games(result, serial) for result in together)
    assert start.key() == key and start.ply == 9


# -- batches ---------------------------------------------------------------------------

def _batch_run(text: str, size: int, seed: int, steps: int, threads: int):
    """A batch stepped with its own policy moves; the arrays after every step."""
    batch = pr.Batch(text, size)
    history = []
    for k in range(steps):
        batch.step(batch.choose("greedy" if k % 2 else "random", seed=seed + k), threads=threads)
        if k % 7 == 6:
            batch.reset()
        history.append((batch.boards.copy(), batch.masks.copy(), batch.scores.copy(), batch.done.copy(),
                        batch.to_move.copy(), batch.plies()))
    return history


def _same_history(a, b):
    return len(a) == len(b) and all(all(np.array_equal(x, y) for x, y in zip(p, q)) for p, q in zip(a, b))


@pytest.mark.parametrize("text", ["8x8", "10x10/4p", "octagon/3p/anti"])
def test_batch_steps_from_threads_match_serial(text):
    serial = _batch_run(text, 64, 1, 40, threads=1)
    together = run_together([lambda t=t: _batch_run(text, 64, 1, 40, threads=t) for t in (1, 2, 4, 0)])
    for history in together:
        assert _same_history(history, serial)


def test_batch_states_agree_with_replayed_games_after_threaded_steps():
    batch = pr.Batch("8x8/anti", 16)
    games = [pr.Variant.parse("8x8/anti").start() for _ in range(16)]
    for k in range(30):
        moves = batch.choose("random", seed=k)
        batch.step(moves, threads=3)
        for game, move in zip(games, moves.tolist()):
            if move != -1:
                game.play(move)
    assert all(batch.state(i) == games[i] for i in range(16))


# -- processes ---------------------------------------------------------------------------

def _echo(payload):
    """In a child process: the payload as it arrived, and what the child computes from it."""
    kind, obj = payload
    if kind == "state":
        return obj, obj.moves(), obj.ply, pr.perft(obj, 3), obj.initial()
    if kind == "variant":
        return obj, str(obj), obj.start().legal_moves()
    if kind == "record":
        return obj, Replay(obj).moves, json_record.dumps(obj)
    raise ValueError(kind)


def _process_payloads():
    states = [random_position(text, plies, seed) for seed, (text, plies) in enumerate(
        [("8x8", 60), ("octagon/4p/anti/blocked=b7,i3", 30), ("6x6/free", 10), ("10x10/3p", 0), ("8x8/handicap=2w", 20)])]
    custom = pr.Variant("8x8").position(random_position("8x8", 20, 9).board(), pr.Color.WHITE, ply=20)
    custom.play(custom.legal_moves()[0])
    states.append(custom)
    variants = [s.variant for s in states] + [pr.Variant("octagon", 3, anti=True, blocked=["b7"])]
    records = [s.record(players=["Ann", "Bob", "Cy", "Di"][: s.variant.players], date="2024-05-01", event="é")
               for s in states]
    records.append(Record("8x8", moves=["f5", "d6"], result=Result(end="resigned", margin=12), komi=0.5,
                          meta={"nested": {"list": [1, 2.5, None]}}))
    return [("state", s) for s in states] + [("variant", v) for v in variants] + [("record", r) for r in records]


def test_states_variants_and_records_cross_spawned_processes_unchanged():
    payloads = _process_payloads()
    context = multiprocessing.get_context("spawn")
    with context.Pool(2) as pool:
        results = pool.map(_echo, payloads, chunksize=3)
    for (kind, sent), back in zip(payloads, results):
        assert back[0] == sent, kind
        if kind == "state":
            got, moves, ply, leaves, initial = back
            assert got.moves() == sent.moves() == moves and ply == sent.ply
            assert got.board().tobytes() == sent.board().tobytes() and got.to_move == sent.to_move
            assert leaves == pr.perft(sent, 3) and initial == sent.initial()
            assert got.variant == sent.variant
        elif kind == "variant":
            assert back[1] == str(sent) and back[2] == sent.start().legal_moves()
        else:
            assert back[1] == Replay(sent).moves and back[2] == json_record.dumps(sent)


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_every_pickle_protocol_round_trips(protocol):
    for kind, obj in _process_payloads():
        again = pickle.loads(pickle.dumps(obj, protocol=protocol))
        assert again == obj, (kind, protocol)
        if kind == "state":
            assert again.moves() == obj.moves() and again.initial() == obj.initial()
    for unpicklable in (pr.Batch("8x8", 2), pr.Variant()._rules):
        with pytest.raises(TypeError, match="cannot pickle"):
            pickle.dumps(unpicklable, protocol=protocol)


def test_a_direct_reduce_gives_the_pickle_reduction_or_a_type_error():
    # object.__reduce__ is protocol 0's reduction, which aborted the process in the
    # bindings when called directly (the newcomer's `state.__reduce__()`).
    state = pr.Variant().start()
    state.play("f5")
    func, args, *rest = state.__reduce__()
    assert func(*args) is not None and pickle.loads(pickle.dumps(state, 0)) == state
    batch = pr.Batch("8x8", 2)
    for unpicklable in (batch, batch._core, pr.Variant()._rules):
        with pytest.raises(TypeError, match="cannot pickle"):
            unpicklable.__reduce__()


FIRST_CALLS_TOGETHER = """
import threading, traceback
import polyreversi as pr
errors = []
def run(first):
    try:
        first()
    except BaseException:
        errors.append(traceback.format_exc())
calls = [lambda: pr.Variant().start(), lambda: pr.search, lambda: pr.mcts, lambda: pr.State, lambda: pr.Batch]
threads = [threading.Thread(target=run, args=(c,)) for c in calls]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(errors)
"""


def test_first_calls_of_several_threads_at_once_import_without_deadlock():
    """polyreversi.variant imported polyreversi.state at its end and state imports variant:
    a thread entering at each end deadlocked on the module locks (``_DeadlockError``, 8 runs
    in 20 of the newcomer's script). The state module is imported at a Variant's first
    State now, outside the cycle."""
    for _ in range(5):
        out = subprocess.run([sys.executable, "-c", FIRST_CALLS_TOGETHER], capture_output=True, text=True,
                             timeout=120)
        assert out.returncode == 0, out.stderr[-2000:]
        assert out.stdout.strip() == "[]", out.stdout


# A fresh interpreter: NumPy must not be loaded before the first call that loads it.
NUMPY_IMPORT_RACE = """
import threading, polyreversi as pr
stop, errors = False, []
def checks():
    try:
        while not stop:
            pr.Variant(players=4)
    except Exception as e:
        errors.append(repr(e))
t = threading.Thread(target=checks)
t.start()
pr.play_games("8x8", 10)  # the process's first use of NumPy
stop = True
t.join()
print(errors)
"""


def test_checks_in_one_thread_while_another_imports_numpy():
    """The argument checks read NumPy's bool type only once NumPy is loaded; while another
    thread is importing it, numpy is in sys.modules without ``bool_`` yet (every run
    raised AttributeError in the checking thread before)."""
    for _ in range(3):
        out = subprocess.run([sys.executable, "-c", NUMPY_IMPORT_RACE], capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr[-2000:]
        assert out.stdout.strip() == "[]", out.stdout
