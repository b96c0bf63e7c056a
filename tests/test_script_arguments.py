"""The maintainers' scripts and benchmarks refuse bad arguments by argparse (exit
status 2, one "error:" line naming the argument), never with a traceback."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

CASES = [
    ("scripts/fit_probcut.py", ["0"], "games: must be at least 1, got 0"),
    ("scripts/fit_probcut.py", ["abc"], "argument games: invalid int value: 'abc'"),
    ("scripts/make_openings.py", ["/no/such/file.wtb"], "wthor: no such file: /no/such/file.wtb"),
    ("benchmarks/solve_small.py", ["9x9"], "argument variant: board: unknown board '9x9'"),
    ("benchmarks/solve_small.py", ["8x8/3p"], "variant: the solver plays two-player games, got 8x8/3p"),
    ("benchmarks/solve_small.py", ["8x8", "64"], "empties: 1 .. 63 and count >= 1, got 64 and 300"),
]


@pytest.mark.parametrize("script, args, message", CASES)
def test_a_bad_argument_is_one_line_and_status_2(script, args, message):
    path = ROOT / script
    if not path.exists():
        pytest.skip(f"{script} is not beside the tests (a copy of tests/ run against an installed wheel)")
    done = subprocess.run([sys.executable, str(path), *args], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 2, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    assert message in done.stderr.strip().splitlines()[-1]


@pytest.mark.parametrize("script", ["scripts/fit_probcut.py", "scripts/make_openings.py", "benchmarks/solve_small.py"])
def test_help_works(script):
    path = ROOT / script
    if not path.exists():
        pytest.skip(f"{script} is not beside the tests")
    done = subprocess.run([sys.executable, str(path), "--help"], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0 and done.stdout.startswith("usage:"), done.stderr[-2000:]
