"""Shared test fixtures: where the shared data lives, and the variant grid."""
from __future__ import annotations

import itertools
import random
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


def random_position(variant, plies: int, seed: int):
    """The state after up to ``plies`` uniformly random legal moves from the start
    (``random.Random(seed)``), stopping early at the end of the game."""
    rng = random.Random(seed)
    s = variant.start()
    for _ in range(plies):
        if s.is_over():
            break
        s.play(rng.choice(s.legal_moves()))
    return s


#: A child process that sends itself SIGINT after 0.5 s while running ``{call}``
#: and prints "finished" or "interrupted SECONDS" (Ctrl-C tests).
INTERRUPT_SCRIPT = """
import os, signal, threading, time
import polyreversi as pr
threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
began = time.perf_counter()
try:
    {call}
    print("finished")
except KeyboardInterrupt:
    print("interrupted", time.perf_counter() - began)
"""
