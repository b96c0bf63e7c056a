"""Lint and type checks in the test run: ruff on every Python file of the project
(pyproject.toml [tool.ruff]); mypy --strict over the whole package (pyproject.toml
[tool.mypy] holds the files and the level); mypy's stubtest of _core.pyi against the
built extension (scripts/stubtest-allowlist.txt says why each exception is one)."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "python" / "polyreversi"


def tool(name: str) -> str:
    here = Path(sys.executable).parent / name  # the pip package's script in this environment
    found = str(here) if here.exists() else shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (pip install '.[test]')")
    return found


def sources_beside() -> None:
    if not (ROOT / "pyproject.toml").exists() or not PACKAGE.is_dir():
        pytest.skip("the project's sources are not beside this test (an installed copy of tests/)")


def test_ruff_finds_nothing():
    sources_beside()
    result = subprocess.run([tool("ruff"), "check", "--no-cache", str(ROOT)], capture_output=True, text=True,
                            cwd=ROOT, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_on_the_whole_package():
    sources_beside()
    result = subprocess.run(
        [tool("mypy"), f"--cache-dir={ROOT / 'build' / 'mypy-cache'}"],  # files and --strict: pyproject.toml
        capture_output=True, text=True, cwd=ROOT, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_stub_describes_the_built_core():
    # docs/development.md listed four reports "that are not stub errors" outside the allowlist;
    # a new binding without its stub went unnoticed among them
    sources_beside()
    tool("mypy")
    result = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "polyreversi._core", "--allowlist", "scripts/stubtest-allowlist.txt"],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    allowlist = (ROOT / "scripts" / "stubtest-allowlist.txt").read_text(encoding="utf-8").splitlines()
    entries = [line for line in allowlist if line.strip() and not line.startswith("#")]
    assert entries and all("  # " in line for line in entries), entries  # each says why
