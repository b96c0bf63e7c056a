"""The package's metadata declares a CPython version only once a wheel for it has been
built, installed without a compiler and tested: pyproject.toml's "Programming Language ::
Python :: 3.X" classifiers are exactly the versions with a passing manylinux row in
benchmarks/wheels.md (the table scripts/wheel_check.py writes), and requires-python starts
at the oldest of them. Also the table's own reading and merging (rows of earlier runs kept)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "benchmarks" / "wheels.md"
PYPROJECT = ROOT / "pyproject.toml"


def test_the_classifiers_name_exactly_the_pythons_whose_wheels_passed(wheel_check):
    if not TABLE.exists() or not PYPROJECT.exists():
        pytest.skip("benchmarks/wheels.md or pyproject.toml is not beside the tests")
    tested = wheel_check.tested_pythons(TABLE.read_text(encoding="utf-8"))
    pyproject = PYPROJECT.read_text(encoding="utf-8")
    declared = wheel_check.declared_pythons(pyproject)
    assert tested, "benchmarks/wheels.md has no passing manylinux row"
    assert declared == tested, (f"classifiers name Python {sorted(declared)}; wheels built and tested: {sorted(tested)} "
                                "(benchmarks/wheels.md, scripts/wheel_check.py)")
    oldest = min(tested, key=lambda v: tuple(map(int, v.split("."))))
    assert re.search(rf'^requires-python = ">={re.escape(oldest)}"$', pyproject, re.M), \
        f"requires-python should start at {oldest}, the oldest Python with a tested wheel"


def _row(wheel_check, target, python, ok, tests="12 passed"):
    return wheel_check.Row(target, python, tag=f"cp{python.replace('.', '')[:3]}-x", no_compiler="yes", tests=tests,
                           seconds=10, ok=ok, skipped=tests.startswith("skipped"), load="mean 1.0, max 2.0",
                           notes=["n"])


def test_only_passing_rows_of_the_target_count_as_tested(wheel_check):
    text = wheel_check.table([_row(wheel_check, "manylinux", "3.10.13", True),
                              _row(wheel_check, "manylinux", "3.12.1", False, "3 passed, 1 failed"),
                              _row(wheel_check, "aarch64", "3.13.0 (Debian arm64, qemu-aarch64)", True),
                              _row(wheel_check, "manylinux", "3.13.0", True, "skipped: no zig")], "tree t")
    # A skipped target is ok (the run does not fail for it) but is not written as **PASS**.
    assert "| skipped: no zig |" in text
    assert wheel_check.tested_pythons(text) == {"3.10"}
    assert wheel_check.tested_pythons(text, "aarch64") == {"3.13"}


def test_a_run_replaces_its_own_rows_and_keeps_the_others(wheel_check):
    old = wheel_check.table([_row(wheel_check, "manylinux", "3.10.13", False, "0 passed"),
                             _row(wheel_check, "manylinux", "3.11.7", True)], "tree old")
    new = wheel_check.table([_row(wheel_check, "manylinux", "3.10.13", True)], "tree new", old)
    rows = [line for line in new.splitlines() if line.startswith("| manylinux")]
    assert len(rows) == 2 and all("**PASS**" in r for r in rows)
    assert "- manylinux 3.11.7: n; tree old" in new and "- manylinux 3.10.13: n; tree new" in new
    assert wheel_check.tested_pythons(new) == {"3.10", "3.11"}


def test_rows_written_before_the_load_column_get_a_dash_there(wheel_check):
    old = ("| target | platform tag | Python | installs without a compiler | tests | time |\n|---|---|---|---|---|---|\n"
           "| manylinux | `cp311-x` | 3.11.7 | yes | **PASS** 422 passed | 347 s |\n")
    new = wheel_check.table([], "tree t", old)
    kept = [line for line in new.splitlines() if line.startswith("| manylinux")]
    assert kept == ["| manylinux | `cp311-x` | 3.11.7 | yes | **PASS** 422 passed | 347 s | - |"]
    assert all(line.count("|") == wheel_check.TABLE_COLUMNS + 1 for line in new.splitlines() if line.startswith("|"))


def test_declared_pythons_reads_the_version_classifiers_only(wheel_check):
    text = ('classifiers = [\n    "Programming Language :: Python :: 3",\n'
            '    "Programming Language :: Python :: 3 :: Only",\n    "Programming Language :: Python :: 3.10",\n'
            '    "Programming Language :: Python :: 3.12",\n    "Programming Language :: C++",\n]\n')
    assert wheel_check.declared_pythons(text) == {"3.10", "3.12"}
