"""Every C++ file follows the formatter's style (.clang-format at the project root).

Needs the clang-format binary of the version pinned in pyproject.toml's ``test``
extra (``pip install clang-format``); other versions format some constructs
differently, so the check is skipped with a reason without it. To apply the style:
``clang-format -i $(git ls-files 'cpp/*.cpp' 'cpp/*.hpp')``.
"""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PINNED = "23.1.5"  # keep in step with pyproject.toml


def clang_format() -> str:
    here = Path(sys.executable).parent / "clang-format"  # the pip package's script in this environment
    found = str(here) if here.exists() else shutil.which("clang-format")
    if found is None:
        pytest.skip("clang-format is not installed (pip install clang-format==" + PINNED + ")")
    version = subprocess.run([found, "--version"], capture_output=True, text=True, check=False).stdout
    match = re.search(r"version (\d+\.\d+\.\d+)", version)
    if match is None or match.group(1) != PINNED:
        pytest.skip(f"clang-format {PINNED} is the pinned formatter; found {version.strip() or found}")
    return found


def test_cpp_sources_are_formatted():
    files = sorted(p for p in (ROOT / "cpp").rglob("*") if p.suffix in (".cpp", ".hpp", ".h", ".cc"))
    if not files or not (ROOT / ".clang-format").exists():
        pytest.skip("the C++ sources and .clang-format are not beside this test (an installed copy of tests/)")
    exe = clang_format()
    result = subprocess.run(
        [exe, "--dry-run", "--Werror", f"--style=file:{ROOT / '.clang-format'}", *map(os.fspath, files)],
        capture_output=True, text=True, check=False,
    )
    unformatted = sorted({line.split(":", 1)[0] for line in result.stderr.splitlines() if ": error:" in line})
    assert result.returncode == 0, (
        f"{len(unformatted)} C++ files differ from .clang-format (run clang-format -i on them):\n"
        + "\n".join(unformatted) + "\n" + result.stderr[:3000]
    )
