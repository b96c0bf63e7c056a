"""A short coverage-guided fuzzing run of each atheris harness in fuzz/ (see
docs/development.md for longer runs). Skipped when atheris is not installed; it is
part of the test extra where binary wheels exist (Linux x86-64, CPython 3.9-3.13).

The run length is POLYREVERSI_FUZZ_SECONDS per harness (default 10).
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

atheris = pytest.importorskip(
    "atheris", reason="atheris is not installed (pip install atheris; wheels for Linux x86-64, CPython 3.9-3.13): "
                      "the coverage-guided fuzzing smoke run is skipped")

ROOT = Path(__file__).resolve().parents[1]
FUZZ = ROOT / "fuzz"
SECONDS = int(os.environ.get("POLYREVERSI_FUZZ_SECONDS", "10"))


@pytest.mark.parametrize("harness, seeds", [("fuzz_parsers.py", "parsers"), ("fuzz_core.py", "core")])
def test_fuzz_harness_short_run_finds_nothing(tmp_path, harness, seeds):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    done = subprocess.run(
        [sys.executable, str(FUZZ / harness), f"-max_total_time={SECONDS}", "-timeout=60", "-rss_limit_mb=4096",
         f"-artifact_prefix={tmp_path}/", str(corpus), str(FUZZ / "seeds" / seeds)],
        cwd=tmp_path, capture_output=True, text=True, timeout=SECONDS + 300,
    )
    log = done.stdout + done.stderr
    crashes = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(("crash-", "timeout-", "oom-")))
    assert done.returncode == 0 and not crashes, f"{harness} found a problem ({crashes}):\n{log[-4000:]}"
    runs = re.search(r"Done (\d+) runs", log)
    assert runs and int(runs.group(1)) > 0, log[-2000:]


def test_seed_files_name_existing_targets():
    sys.path.insert(0, str(FUZZ))
    try:
        import make_seeds
    finally:
        sys.path.remove(str(FUZZ))
    text = (FUZZ / "fuzz_parsers.py").read_text()
    targets = re.search(r"TARGETS = (\[.*?\])", text, re.S).group(1)
    assert eval(targets) == make_seeds.TARGETS  # noqa: S307 - our own source
    seeds = sorted((FUZZ / "seeds" / "parsers").iterdir())
    assert {seed.name for seed in seeds} == set(make_seeds.TARGETS)  # one seed file per target
    for seed in seeds:
        assert seed.read_bytes()[0] == make_seeds.TARGETS.index(seed.name)
