"""The interpreter's exit while a daemon thread of the user's is inside the C++ core.

Python ends such a thread as it next takes the GIL, unwinding C++ frames that must not
be unwound (``terminate called without an active exception``: status 134, or a crash).
The package's exit hook (registered at import, python/polyreversi/__init__.py) has the
core set its process stop and wait until no call is in flight (cpp/bindings/common.cpp);
a load of the core under way is waited for, one begun after that hook ran starts stopped. Each script here must exit 0 and
print nothing, every run. A hang is caught by the subprocess timeout (a bound, not a
measurement).
"""
from __future__ import annotations

import signal
import subprocess
import sys
import textwrap

import pytest

pr = pytest.importorskip("polyreversi._core", reason="the engine is not built")

#: The daemon thread's work, by name; `s` is the 8x8 start, `s3` the 8x8 3-player start.
WORK = {
    "play_games": "pr.play_games(s, 10**6)",
    "play_games_small_loop": "while True: pr.play_games(s, 100)",
    "solve_threads_2": "pr.solve(s, threads=2)",
    "batch_loop": textwrap.dedent("""\
        b = pr.Batch(pr.Variant(), 256)
        while True:
            b.step(b.choose(), autoreset=True)
        """),
    "batch_choose_mcts_loop": textwrap.dedent("""\
        b = pr.Batch(pr.Variant(), 64)
        while True:
            b.step(b.choose("mcts:200"), autoreset=True)
        """),
    "perft": "pr.perft(s, 14)",
    "perft_small_loop": "while True: pr.perft(s, 5)",
    "search": "pr.search(s, depth=40)",
    "search_short_loop": "while True: pr.search(s, time=0.05)",
    "search_player_background": "pr.SearchPlayer(depth=40).start(s)",
    "mcts": "pr.mcts(s, playouts=10**9)",
    "multi_search": "pr.multi_search(s3, pr.Limit(depth=40))",
    "multi_mcts": "pr.multi_mcts(s3, playouts=10**9)",
}

SCRIPT = """\
import threading, time
import polyreversi as pr
s = pr.Variant().start()
s3 = pr.Variant(players=3).start()
entered = threading.Event()
def work():
    entered.set()
{work}
threading.Thread(target=work, daemon=True).start()
entered.wait()
time.sleep(0.2)  # into the core: the script then ends with the thread inside it
"""


def _run(work: str) -> subprocess.CompletedProcess[str]:
    script = SCRIPT.format(work=textwrap.indent(work, "    "))
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)


def _check(name: str, runs: int) -> None:
    for run in range(runs):
        done = _run(WORK[name])
        assert (done.returncode, done.stdout, done.stderr) == (0, "", ""), f"{name}, run {run + 1} of {runs}"


@pytest.mark.parametrize("name", sorted(WORK))
def test_the_exit_with_a_daemon_thread_in_the_core_is_clean(name: str) -> None:
    _check(name, 3)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(WORK))
def test_the_exit_with_a_daemon_thread_in_the_core_is_clean_ten_times(name: str) -> None:
    _check(name, 10)


def test_a_call_after_the_exit_began_is_refused_not_cut_short() -> None:
    # An exit hook registered before the package's runs after it: the stop is set
    # for good then, so a search there raises SystemExit rather than return a move
    # it had no time to find.
    script = textwrap.dedent("""\
        import atexit
        def late():
            try:
                pr.search(pr.Variant().start(), depth=3)
            except SystemExit as e:
                print("refused:", e)
        atexit.register(late)
        import polyreversi as pr
        pr.search(pr.Variant().start(), depth=3)  # loads the core before the exit
        """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("refused: polyreversi: the interpreter is exiting"), done.stdout


def test_a_core_first_loaded_during_the_exit_starts_stopped() -> None:
    # The core is loaded lazily: here by a daemon thread started from an exit hook that
    # runs after the package's (registered before the import). The core's own atexit
    # registration of old came too late to run; the thread was still inside it when
    # Python finalised (status 134 every run). The core starts stopped: its first call
    # raises SystemExit, which ends the thread quietly (a load refused with SystemExit
    # printed the thread's ImportError).
    script = textwrap.dedent("""\
        import atexit, threading, time
        def late():
            threading.Thread(target=lambda: pr.play_games("8x8", 10**7), daemon=True).start()
            time.sleep(0.5)  # the thread loads the core and calls it meanwhile
        atexit.register(late)
        import polyreversi as pr
        """)
    for run in range(3):
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
        assert (done.returncode, done.stdout, done.stderr) == (0, "", ""), f"run {run + 1}: {done.returncode}"


def test_a_daemon_threads_first_array_at_the_exit() -> None:
    # pybind11 looks NumPy's C API up at a process's first array (here: the first
    # board of a process that has not imported NumPy) and releases the GIL while it
    # does; uncounted, that let the exit go on while the thread was inside it (status
    # 134 or a crash, 20 runs of 20). The lookup is a call in flight now.
    script = textwrap.dedent("""\
        import threading
        import polyreversi as pr
        s = pr.Variant().start()  # loads the core, not NumPy
        threading.Thread(target=s.board, daemon=True).start()
        """)
    for run in range(5):
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
        assert (done.returncode, done.stdout, done.stderr) == (0, "", ""), f"run {run + 1}: {done.returncode}"


#: A daemon thread's load of the core held under way until the exit hook runs, then for
#: HOLD more seconds: the thread's profile function (sys.setprofile) sees the Python code
#: the core's init runs and sleeps in it, once polyreversi._core_loads counts the load.
#: An exit hook registered before the package's runs after it and reports the loads
#: still under way and whether SIGINT's handler is Python's again.
HELD_LOAD = textwrap.dedent("""\
    import atexit, signal, sys, threading, time
    signal.signal(signal.SIGINT, signal.default_int_handler)  # Python's, whatever the parent left (xdist: ignored)
    HOLD = float(sys.argv[1])
    def report():
        pkg = sys.modules["polyreversi"]
        restored = signal.getsignal(signal.SIGINT) is signal.default_int_handler
        print(f"loads {pkg._core_loads}, handler restored {restored}", flush=True)
    atexit.register(report)
    import polyreversi as pr
    held = threading.Event()
    def hold(frame, event, arg):
        if pr._core_loads and not held.is_set():
            held.set()
            sys.setprofile(None)
            while not pr._exiting:
                time.sleep(0.001)
            print("waiting", flush=True)
            time.sleep(HOLD)
    def load():
        sys.setprofile(hold)
        import polyreversi._core
    threading.Thread(target=load, daemon=True).start()
    assert held.wait(60), "the load was not held"
    """)

#: What the script prints when the hook waited for the load and set the handler back.
WAITED = "waiting\nloads 0, handler restored True\n"


def test_a_load_of_the_core_under_way_at_the_exit_is_waited_for() -> None:
    # The core's init runs Python code (its classes, enums) inside C++ frames; a daemon
    # thread loading it as the main thread returned was ended there by the finalisation
    # (a crash in about 1 run of 150). The exit hook waits for a load under way
    # (polyreversi._core_loads): here one is under way whenever the hook runs.
    done = subprocess.run([sys.executable, "-c", HELD_LOAD, "0.2"], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, WAITED, "")


def _interrupt_the_wait() -> subprocess.CompletedProcess[str]:
    """HELD_LOAD, sent SIGINT once the exit hook waits for the held load."""
    child = subprocess.Popen([sys.executable, "-c", HELD_LOAD, "0.2"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    assert child.stdout is not None
    first = child.stdout.readline()
    if first == "waiting\n":
        child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    return subprocess.CompletedProcess(child.args, child.returncode, first + out, err)


def _check_interrupted_waits(runs: int) -> None:
    # A Ctrl-C while the hook waited raised KeyboardInterrupt in its sleep: the hook ended
    # before the stop, with a traceback, the load still under way, and the finalisation
    # ended the loading thread inside the core (status 134 in 3 of 420 runs of the
    # newcomer's script). The hook ignores SIGINT while it waits, as the core's own wait does.
    for run in range(runs):
        done = _interrupt_the_wait()
        assert done.returncode != 134, f"run {run + 1}: aborted"
        assert (done.returncode, done.stdout, done.stderr) == (0, WAITED, ""), f"run {run + 1}"


def test_a_ctrl_c_while_the_exit_waits_for_a_load_is_ignored() -> None:
    _check_interrupted_waits(3)


@pytest.mark.slow
def test_a_ctrl_c_while_the_exit_waits_for_a_load_is_ignored_every_run() -> None:
    _check_interrupted_waits(100)


def test_the_core_owns_the_exit_wait() -> None:
    assert pr.limits.EXIT_WAIT > 0
