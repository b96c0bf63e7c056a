"""Lint and type checks in the test run: ruff on every Python file of the project
(pyproject.toml [tool.ruff]); mypy over the whole package at its default level
(pyproject.toml [tool.mypy]), and with --strict on the modules whose public API
is fully typed (a module joins STRICT once it is clean under --strict)."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "python" / "polyreversi"
# Checked with --strict: the shared checks, the limits, the errors, the board text, the
# search, bulk-play and MCTS facades, the opening book, the living search player and its clock,
# the 3-4 player searches, the baseline network, the position lines, the levels, file writing,
# exit codes, the State's Python methods, the variants, the records and their replays, Batch,
# the players, the pictures, the Parquet datasets, the words shown, Elo, the format registry's
# base, the environments' actions, NBoard's client and games, a record's shown positions; the
# package's front doors (polyreversi, engine, envs, match), the result lines, the engine
# clients (protocol, results, arguments, Fairy-Stockfish, SimpleEngine), the environments'
# spec, the WTHOR reader and its layout, the match openings; the vector and SB3 environments,
# their opponents, observations and pictures; every game-file format and the registry's codec protocol;
# every engine client and server module (processes, UCI, GTP, seats, asyncio, the living player);
# every environment (Gymnasium, PettingZoo, PUCT, symmetries, tensors); selfplay, its Ray shards,
# the match referee and runner.
STRICT = ["_validate.py", "limit.py", "errors.py", "text.py", "search.py", "bulk.py", "mcts.py", "book.py",
          "search_player.py", "time_control.py", "multi.py", "multi_mcts.py", "baseline.py",
          "position_text.py", "levels.py", "_files.py", "_status.py", "state.py", "variant.py",
          "record.py", "replay.py", "batch.py", "players.py", "svg.py",
          "datasets.py", "vocabulary.py", "match/elo.py", "formats/base.py", "envs/actions.py",
          "engine/games.py", "engine/nboard.py", "cli/positions.py",
          "__init__.py", "__main__.py", "engine/__init__.py", "envs/__init__.py", "match/__init__.py",
          "cli/lines.py", "engine/protocol.py", "engine/results.py", "engine/arguments.py", "engine/fairy.py",
          "engine/simple.py", "envs/spec.py", "formats/wthor.py", "formats/wthor_layout.py",
          "match/openings.py", "envs/vector.py", "envs/sb3.py", "envs/opponents.py", "envs/observation.py",
          "envs/render.py", "formats/__init__.py", "formats/registry.py", "formats/_lost.py", "formats/writer.py",
          "formats/obf.py", "formats/json_record.py", "formats/ggf.py", "formats/parquet.py", "formats/transcript.py",
          "formats/wthor_writer.py", "engine/_process.py", "engine/uci.py", "engine/gtp.py", "engine/seat.py",
          "engine/aio.py", "engine/living.py", "engine/serve_nboard.py", "engine/serve_gtp.py",
          "envs/gymnasium.py", "envs/pettingzoo.py", "envs/puct.py", "envs/symmetry.py", "envs/tensors.py",
          "selfplay.py", "distributed.py", "match/referee.py", "match/runner.py"]


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


def test_mypy_on_the_whole_package():
    sources_beside()
    result = subprocess.run(
        [tool("mypy"), f"--cache-dir={ROOT / 'build' / 'mypy-cache'}"],  # files and options: pyproject.toml
        capture_output=True, text=True, cwd=ROOT, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_on_the_typed_modules():
    sources_beside()
    result = subprocess.run(
        [tool("mypy"), "--strict", "--follow-imports=silent", f"--cache-dir={ROOT / 'build' / 'mypy-cache'}",
         *(f"polyreversi/{m}" for m in STRICT)],
        capture_output=True, text=True, cwd=PACKAGE.parent, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
