"""Lint and type checks in the test run: ruff on every Python file of the project
(pyproject.toml [tool.ruff]); mypy --strict over the whole package (pyproject.toml
[tool.mypy] holds the files and the level)."""
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
