"""Shared test helpers: where the shared data lives, random games, the Ctrl-C child."""
from __future__ import annotations

import contextlib
import random
import re
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[1]
SHARED = PROJECT_ROOT.parent / "shared"
DATA = SHARED / "data"


def shared_data(*parts: str) -> Path:
    """A path under ../shared/data, or skip the test with the reason."""
    path = DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"shared data not found at {path} (tests read ../shared beside the project root)")
    return path


def play_randomly(state, plies=None, rng=None):
    """Plays up to ``plies`` uniformly random legal moves on ``state`` in place (``None``:
    to the end of the game), with ``rng`` (a ``random.Random``); returns ``state``."""
    rng = rng if rng is not None else random.Random(0)
    while not state.is_over() and (plies is None or plies > 0):
        state.play(rng.choice(state.legal_moves()))
        plies = None if plies is None else plies - 1
    return state


def random_position(variant, plies, seed: int):
    """The state after up to ``plies`` uniformly random legal moves from the start of
    ``variant`` (a Variant or its text) with ``random.Random(seed)``, stopping early at
    the end of the game; ``plies=None`` plays the whole game."""
    from polyreversi import Variant

    variant = Variant.parse(variant) if isinstance(variant, str) else variant
    return play_randomly(variant.start(), plies, random.Random(seed))


def random_endgame(text: str, empties: int, seed: int, min_moves: int = 1):
    """A random game of the variant ``text`` played down to ``empties`` empty squares,
    not over and with at least ``min_moves`` legal moves (games are replayed from the
    start with the same ``random.Random(seed)`` until one is)."""
    from polyreversi import Variant

    rng = random.Random(seed)
    while True:
        state = Variant.parse(text).start()
        while not state.is_over() and state.empties() > empties:
            state.play(rng.choice(state.legal_moves()))
        if not state.is_over() and len(state.legal_moves()) >= min_moves:
            return state


@contextlib.contextmanager
def shape_terms():
    """The trained evaluations switched off (``_core._set_board_patterns``) for the searches and
    evaluations set up inside the block, the previous setting restored after it."""
    from polyreversi import _core

    previous = _core._set_board_patterns(False)
    try:
        yield
    finally:
        _core._set_board_patterns(previous)


def assert_refused_by_the_search_and_the_player(option: str, bad) -> None:
    """A bad value of an option of the 3-4 player search is refused in the same words,
    naming the option, by :func:`polyreversi.multi_mcts.multi_mcts` and by the player
    that runs it, :class:`~polyreversi.multi_mcts.InformedMCTSPlayer`, when it is made
    (not at its first move)."""
    from polyreversi import Variant
    from polyreversi.multi_mcts import InformedMCTSPlayer, multi_mcts

    state = Variant.parse("8x8/3p").start()
    with pytest.raises((TypeError, ValueError), match=f"^{option}: ") as searched:
        multi_mcts(state, playouts=10, **{option: bad})
    with pytest.raises(searched.type, match=f"^{re.escape(str(searched.value))}$"):
        InformedMCTSPlayer(playouts=10, **{option: bad})


def game_with_pass(variant, seeds: int = 1000):
    """The first finished random game (``random_position(variant, None, seed)``, seeds
    0, 1, ...) with a forced pass before its last move."""
    for seed in range(seeds):
        state = random_position(variant, None, seed)
        if state.PASS in state.moves()[:-1]:
            return state
    raise AssertionError(f"no {variant} game with a pass in {seeds} seeds")


#: A child process that sends itself SIGINT after 0.5 s while running ``{call}``
#: and prints "finished" or "interrupted SECONDS" (Ctrl-C tests).
INTERRUPT_SCRIPT = """
import os, signal, threading, time
import polyreversi as pr
signal.signal(signal.SIGINT, signal.default_int_handler)  # even if started with SIGINT ignored (a background job)
threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
began = time.perf_counter()
try:
    {call}
    print("finished")
except KeyboardInterrupt:
    print("interrupted", time.perf_counter() - began)
"""


def assert_ctrl_c_stops(call: str) -> None:
    """Runs ``call`` (Python source, ``pr`` is polyreversi) in a child process that sends
    itself SIGINT after 0.5 s: the call must end with KeyboardInterrupt within 30 s."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", INTERRUPT_SCRIPT.format(call=call)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-1000:]
    word, seconds = done.stdout.split()
    assert word == "interrupted" and float(seconds) < 30


def run_with_kernels(script: str, kernels, timeout: float = 300) -> dict:
    """Runs ``script`` (printing one JSON object) in a fresh interpreter with the kernel
    set ``kernels`` (``"generic"``, ``"x86v3"`` or None: the best this CPU runs) and
    returns the object."""
    import json
    import os
    import subprocess
    import sys

    env = dict(os.environ)
    env.pop("POLYREVERSI_KERNELS", None)
    if kernels:
        env["POLYREVERSI_KERNELS"] = kernels
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=timeout)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


WHEEL_CHECK = Path(__file__).resolve().parent.parent / "scripts" / "wheel_check.py"


@pytest.fixture(scope="module")
def wheel_check():
    """scripts/wheel_check.py as a module (skips where scripts/ is not beside the tests)."""
    import importlib.util
    import sys

    if not WHEEL_CHECK.exists():
        pytest.skip("scripts/ is not beside the tests (a copy of tests/ run against an installed wheel)")
    spec = importlib.util.spec_from_file_location("wheel_check", WHEEL_CHECK)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    return module


@pytest.fixture(autouse=True)
def _signal_handlers_restored():
    """Each test starts and ends with the SIGINT and SIGTERM handling it found: a CLI
    command run in this process (CliRunner) that stops on a signal ignores both on its way
    out (_status.exit_interrupted: the process is ending), and an ignored signal is
    inherited by every subprocess a later test starts (a child that must die of SIGTERM
    would then hang)."""
    import signal

    saved = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    yield
    for sig, handler in saved.items():
        if handler is not None and signal.getsignal(sig) is not handler:
            signal.signal(sig, handler)


#: A command each engine server answers with a line of its own (the last of a
#: :func:`engine_session`), and that line.
SESSION_END = {
    "NBoardServer": ("polyreversi-test-end", "status error: unknown command 'polyreversi-test-end'\n"),
    "GtpServer": ("999 name", "=999 polyreversi\n\n"),
}


def engine_session(server_class, text: str, player=None) -> str:
    """What an engine server (serve_nboard.NBoardServer, serve_gtp.GtpServer) writes for
    the commands ``text``, its input ending only once they are all answered: the end of
    input stops a search, and a session read from memory would end before its first."""
    import io
    import threading
    import time

    out = io.StringIO()
    command, answer = SESSION_END[server_class.__name__]
    served = threading.Event()

    def lines():
        yield from io.StringIO(text + command + "\n")
        while answer not in out.getvalue() and not served.is_set():  # a quit ends it first
            time.sleep(0.005)

    try:
        server_class(lines(), out, player).serve()
    finally:
        served.set()
    return out.getvalue().replace(answer, "")
