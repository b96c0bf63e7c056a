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
    ("scripts/fit_probcut.py", ["--midgame", "--phase-width", "0"], "--phase-width: at least 1, got 160 and 0"),
    ("scripts/fit_probcut.py", ["--midgame", "--max-depth", "2"], "--max-depth: at least 3, got 2"),
    ("scripts/fit_probcut.py", ["--midgame", "--t", "nan"], "--t: a confidence > 0, got nan"),
    ("benchmarks/solve_small.py", ["8x8", "61", "1"], "empties: 1 .. 59 and count >= 1, got 61 and 1"),
    ("benchmarks/solve_small.py", ["8x8", "10", "2", "0"], "tt_mb: 1 .. 65536, got 0"),
    ("benchmarks/time_budget.py", ["--package=/no/such/dir"], "argument --package: no polyreversi package in /no/such/dir"),
    ("benchmarks/time_budget.py", ["--positions", "0"], "argument --positions: expected 1 or more, got 0"),
    ("benchmarks/time_budget.py", ["--budgets", "0.01,,0.05"], "argument --budgets: seconds: not a number: ''"),
    ("benchmarks/time_budget.py", ["--board", "8x8/3p"], "argument --board: '8x8/3p': the midgame search is of two-player games"),
    ("benchmarks/time_budget.py", ["--clock", "0.5", "--increment", "inf"], "--increment: must be 0 .. 86400, got inf"),
    ("benchmarks/time_budget.py", ["--tt-mb", "0"], "--tt-mb: must be 1 .. 65536, got 0"),
    ("benchmarks/one_off_calls.py", ["/no/such/dir"], "/no/such/dir: no polyreversi package in this folder"),
    ("benchmarks/one_off_calls.py", ["--count", "0", "."], "argument --count: expected 1 or more, got 0"),
]


def test_make_openings_refuses_a_file_with_no_openings(tmp_path):
    # A WTHOR file that is not one, or one with no game played twice, leaves the shipped set alone
    path = ROOT / "scripts" / "make_openings.py"
    if not path.exists():
        pytest.skip("scripts/ is not beside the tests")
    bad = tmp_path / "junk.wtb"
    bad.write_bytes(b"junk!!")
    done = subprocess.run([sys.executable, str(path), str(bad)], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "shorter than the 16-byte WTHOR header" in done.stderr.strip().splitlines()[-1]
    empty = tmp_path / "empty.wtb"
    empty.write_bytes(bytes(16))  # a header of 0 games
    done = subprocess.run([sys.executable, str(path), str(empty)], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 2 and "no 8-ply beginning played twice" in done.stderr.strip().splitlines()[-1]
    assert not (tmp_path / "python").exists()  # nothing written


@pytest.mark.parametrize("script, args, message", CASES)
def test_a_bad_argument_is_one_line_and_status_2(script, args, message):
    path = ROOT / script
    if not path.exists():
        pytest.skip(f"{script} is not beside the tests (a copy of tests/ run against an installed wheel)")
    done = subprocess.run([sys.executable, str(path), *args], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 2, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    assert message in done.stderr.strip().splitlines()[-1]


@pytest.mark.parametrize("script", ["scripts/fit_probcut.py", "scripts/make_openings.py", "benchmarks/solve_small.py",
                                    "benchmarks/time_budget.py"])
def test_help_works(script):
    path = ROOT / script
    if not path.exists():
        pytest.skip(f"{script} is not beside the tests")
    done = subprocess.run([sys.executable, str(path), "--help"], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0 and done.stdout.startswith("usage:"), done.stderr[-2000:]
