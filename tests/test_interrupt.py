"""Ctrl-C stops long C++ work, and NumPy integers work as moves."""
from __future__ import annotations

import sys

import numpy as np
import pytest

import polyreversi as pr
from conftest import assert_ctrl_c_stops


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT delivery differs on Windows")
@pytest.mark.parametrize("call", ['pr.perft("10x10", 16)', 'pr.play_games("10x10", 10**8, threads=2)'])
def test_keyboard_interrupt_stops_long_native_work(call):
    assert_ctrl_c_stops(call)


#: Calls that stop on Ctrl-C, each after the other, in a fresh interpreter: the threads
#: of the process (Linux's /proc/self/task) after each step, then "ok".
WAITING_THREAD_SCRIPT = """
import os, signal, sys, threading
import polyreversi as pr

def threads():
    return len(os.listdir("/proc/self/task"))

signal.signal(signal.SIGINT, signal.default_int_handler)  # even if started with SIGINT ignored
s, batch, base = pr.Variant().start(), pr.Batch("8x8", 4), threads()
for _ in range(30):
    pr.search(s, depth=2), batch.choose("search:1", threads=1), batch.choose("mcts:20", threads=1), pr.perft("6x6", 7)
kept = threads()
threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
try:
    pr.Batch("10x10", 2).choose("search:30")
    sys.exit("not interrupted")
except KeyboardInterrupt:
    pass
assert pr.search(s, depth=2).depth == 2  # the thread the interrupted call used works on
seen = []
other = threading.Thread(target=lambda: seen.extend([threads(), pr.search(s, depth=2).depth, pr.perft("6x6", 7), threads()]))
other.start()
other.join()
pid = os.fork()
if pid == 0:  # the child has none of its parent's threads: it starts its own
    signal.alarm(60)
    os._exit(0 if pr.search(s, depth=2).depth == 2 and pr.perft("6x6", 7) == seen[2] else 1)
_, status = os.waitpid(pid, 0)
print(base, kept, seen[0] == seen[3], os.waitstatus_to_exitcode(status))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="counts the threads in /proc/self/task")
def test_interruptible_calls_share_one_waiting_thread():
    # each call started a thread (0.6-1.9 ms a call on a loaded machine: benchmarks/HISTORY.md);
    # a thread other than the main one, which sees no signal, started one too
    import subprocess

    done = subprocess.run([sys.executable, "-c", WAITING_THREAD_SCRIPT], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    base, kept, same, child = done.stdout.split()
    assert int(kept) == int(base) + 1, done.stdout  # one thread kept waiting for 120 calls, not 0 nor one a call
    assert same == "True" and child == "0", done.stdout  # none started in another thread; a forked child works


def test_numpy_integers_are_moves():
    s = pr.Variant().start()
    moves = np.array(s.legal_moves())
    s.play(moves[0])
    assert s.moves() == [19] and s.is_legal(np.int32(18)) and s.flips(np.uint8(18)) == [27]
    assert s.child(np.int16(18)).moves() == [19, 18]
    with pytest.raises(TypeError):
        s.play(np.float64(18.0))
    with pytest.raises(pr.InvalidSquareError):
        s.play(np.int64(2**40))


@pytest.mark.parametrize("make", [
    lambda c: c.Batch.__new__(c.Batch).masks,
    lambda c: c.Rules.__new__(c.Rules).n,
    lambda c: c.State(c.Rules.__new__(c.Rules), None),
    lambda c: c.perft(c.Rules.__new__(c.Rules), 1),
])
def test_uninitialised_native_objects_raise_type_error(make):
    from polyreversi import _core

    with pytest.raises(TypeError):
        make(_core)
