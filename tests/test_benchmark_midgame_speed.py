"""benchmarks/midgame_speed.py on a board other than 8x8: the same positions for every build
(made once, handed over as text), the table of the builds, and a bad --board refused by name."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "midgame_speed.py"


def run(*args: str) -> subprocess.CompletedProcess:
    if not SCRIPT.exists():
        pytest.skip("no benchmarks/ beside the tests (an installed copy of tests/)")
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300)


def test_two_builds_on_the_same_positions_of_another_board():
    # The same interpreter twice: an A/A run, so the nodes and moves must agree; the board by its canonical text.
    done = run("--board", "6X6/Anti", "--depth", "3", "--rounds", "1", "--reps", "1", sys.executable, sys.executable)
    assert done.returncode == 0, done.stderr[-2000:]
    rows = [line for line in done.stdout.splitlines() if line.startswith("| ") and "__init__.py" in line]
    assert done.stdout.startswith("6x6/anti, depth 3, 40 positions x 1") and len(rows) == 2
    nodes = {row.split("|")[3].strip() for row in rows}
    assert len(nodes) == 1 and int(nodes.pop().replace(",", "")) > 40
    assert all(row.rstrip(" |").endswith("yes") for row in rows)


@pytest.mark.parametrize("board, message", [("8x8/3p", "two-player games"), ("9x9", "unknown board '9x9'")])
def test_a_bad_board_is_refused_by_name(board, message):
    done = run("--board", board, sys.executable)
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr
