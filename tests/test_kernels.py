"""The portable kernels and the x86-64-v3 (AVX2, BMI2) kernels agree.

The library picks one set at import (POLYREVERSI_KERNELS=generic forces the
portable set), so the other set runs in a subprocess."""
from __future__ import annotations

import pytest

from conftest import run_with_kernels

PROBE = """
import json, polyreversi as pr
out = {"kernels": pr._core.kernels()}
for text, depth in [("6x6", 8), ("8x8", 8), ("10x10", 5), ("octagon/3p/blocked=b7,i3", 5), ("8x8/4p/anti", 6),
                    ("10x10/4p/blocked=a1", 4), ("8x8/free/handicap=3", 6)]:
    r = pr.play_games(text, 40, seed=5, policy="greedy", record_moves=True)
    out[text] = [pr.perft(text, depth), r.moves.tolist(), r.scores.tolist()]
# Random games reach sparse and crowded boards with long runs: the same moves
# mean the same legal squares (drawn by rank) and the same flips (scores).
for text in ["6x6", "8x8", "10x10", "octagon", "octagon/blocked=b7,i3,c5", "10x10/blocked=a1,j10,c3,h8"]:
    r = pr.play_games(text, 300, seed=11, policy="random", record_moves=True)
    out["random " + text] = [r.moves.tolist(), r.scores.tolist()]
# Perft from late positions of 128-bit boards, where the fused last plies of
# the AVX2 kernels meet passes and finished games at every depth.
import random
for text in ["10x10", "octagon", "10x10/blocked=a1,j10,c3,h8"]:
    rng = random.Random(3)
    for game in range(8):
        s = pr.Variant.parse(text).start()
        for _ in range(rng.randrange(60, 96)):
            if s.is_over():
                break
            s.play(rng.choice(s.legal_moves()))
        out[f"late {text} {game}"] = [pr.perft(s, d) for d in range(1, 6)]
# The 3-4 player evaluation (its pattern indices read at once) and the informed
# MCTS (its playouts and selection) on 64- and 128-bit boards, blocked squares included.
for text in ["8x8/4p", "8x8/3p/blocked=b2,g7", "octagon/4p", "10x10/3p/blocked=a1,c3"]:
    rng = random.Random(7)
    s = pr.Variant.parse(text).start()
    evals, searches = [], []
    while not s.is_over():
        evals.append(list(pr._core._multi_evaluate(s)))
        if s.ply % 9 == 0:
            r = pr.multi_mcts(s, playouts=300, seed=s.ply)
            searches.append([r.move, sorted(r.visits.items())])
        s.play(rng.choice(s.legal_moves()))
    out["multi " + text] = [evals, searches]
print(json.dumps(out))
"""


def probe(kernels: str | None) -> dict:
    return run_with_kernels(PROBE, kernels, timeout=300)


def test_portable_and_native_kernels_agree():
    native, portable = probe(None), probe("generic")
    assert portable.pop("kernels") == "generic"
    chosen = native.pop("kernels")
    if chosen == "generic":
        pytest.skip("this CPU runs only the portable kernels; nothing to compare")
    assert native == portable


# Linux's names (/proc/cpuinfo) of what the x86v3 kernels use; "abm" is LZCNT.
X86V3_FLAGS = {"avx", "avx2", "bmi1", "bmi2", "popcnt", "abm"}


def expected_kernels() -> str | None:
    """The set the dispatch should pick here: POLYREVERSI_EXPECTED_KERNELS when the
    caller knows better (an emulated CPU, whose /proc/cpuinfo is the host's), else
    from Linux's /proc/cpuinfo on x86-64; None where neither tells."""
    import os
    import platform

    if os.environ.get("POLYREVERSI_EXPECTED_KERNELS"):
        return os.environ["POLYREVERSI_EXPECTED_KERNELS"]
    if platform.machine() not in ("x86_64", "AMD64") or not os.path.exists("/proc/cpuinfo"):
        return None
    with open("/proc/cpuinfo", encoding="ascii", errors="replace") as f:
        flags = next((line.split(":", 1)[1].split() for line in f if line.startswith("flags")), [])
    return "x86v3" if X86V3_FLAGS <= set(flags) else "generic"


def test_the_dispatch_picks_what_this_cpu_runs():
    # Every build (GCC, clang, the zig wheels) must find AVX2 where the CPU has it:
    # the agreement test above skips when only the portable set runs, which hid a
    # build that never picked the x86v3 kernels.
    import os

    import polyreversi as pr

    expected = expected_kernels()
    if expected is None:
        pytest.skip("not Linux x86-64: no /proc/cpuinfo flags to compare with")
    if os.environ.get("POLYREVERSI_KERNELS") == "generic":
        expected = "generic"
    assert pr._core.kernels() == expected


def _with_kernels_variable(value, *command: str):
    """``python *command`` with POLYREVERSI_KERNELS set to ``value`` (str, or bytes that
    need not be UTF-8)."""
    import os
    import subprocess
    import sys

    env = dict(os.environb)
    env[b"POLYREVERSI_KERNELS"] = value if isinstance(value, bytes) else os.fsencode(value)
    done = subprocess.run([sys.executable, *command], capture_output=True, env=env, timeout=120)
    done.stdout, done.stderr = (done.stdout.decode(errors="replace"), done.stderr.decode(errors="replace"))
    return done


@pytest.mark.parametrize("value, shown", [("foo", "'foo'"), ("GENERIC", "'GENERIC'"), ("x86v3 ", "'x86v3 '"),
                                          ("x86v3\n", "'x86v3\\x0a'"), (b"\xff\xfegen", "'\\xff\\xfegen'"),
                                          ("x" * 5000, "'" + "x" * 40 + "...' (5000 characters)")])
def test_a_kernel_set_the_cpu_does_not_run_is_refused_when_the_engine_loads(value, shown):
    # An unknown name used to be ignored silently (the best set ran): loading the engine
    # now names the variable, the value as every message shows one, and the sets allowed.
    done = _with_kernels_variable(value, "-c", "import polyreversi as pr; pr.perft('8x8', 1)")
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith(f"ImportError: POLYREVERSI_KERNELS: unknown or unavailable kernel set {shown}; allowed: generic")


@pytest.mark.parametrize("arguments", [["perft", "8x8", "2"], ["nosuchcommand"], ["--bogus"], ["perft", "--help"]])
def test_the_command_line_names_a_refused_kernel_set_in_one_line(arguments):
    # Also where click's own error handling would run (an unknown command or option)
    done = _with_kernels_variable("foo", "-m", "polyreversi", *arguments)
    assert done.returncode == 1 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("Error: POLYREVERSI_KERNELS: unknown or unavailable kernel set 'foo'; allowed: generic")


@pytest.mark.parametrize("value", ["", "generic"])
def test_an_empty_or_named_kernel_set_runs(value):
    done = _with_kernels_variable(value, "-c", "import polyreversi as pr; print(pr._core.kernels())")
    assert done.returncode == 0, done.stderr[-2000:]
    expected = value or expected_kernels()
    if expected is None:
        pytest.skip("not Linux x86-64: no /proc/cpuinfo flags to tell the best set")
    assert done.stdout.strip() == expected
