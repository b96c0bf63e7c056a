"""examples/train_6x6.py runs and writes its learning curve (a tiny run; the real one is in docs/training.md)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("gymnasium", reason="gymnasium is not installed (pip install 'polyreversi[envs]')")

SCRIPT = Path(__file__).resolve().parents[1] / "examples" / "train_6x6.py"


def test_training_script_runs(tmp_path):
    log = tmp_path / "curve.json"
    out = subprocess.run([sys.executable, str(SCRIPT), "--iterations", "2", "--envs", "32", "--steps", "20",
                          "--eval-every", "1", "--eval-games", "50", "--log", str(log)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("wins vs random") == 3
    curve = json.loads(log.read_text())["curve"]
    assert [p["iteration"] for p in curve] == [0, 1, 2]
    assert curve[-1]["games"] > 0
    for p in curve:
        for seat in ("black", "white"):
            assert p[f"{seat}_win"] + p[f"{seat}_draw"] + p[f"{seat}_loss"] == pytest.approx(1.0)


def test_plot_without_matplotlib_says_what_to_install(tmp_path):
    """--plot without matplotlib is refused before the training, naming what to install
    (the run ended in ModuleNotFoundError after its training)."""
    hide = ("import runpy, sys; sys.modules['matplotlib'] = None; sys.argv = sys.argv[1:]; "
            "runpy.run_path(sys.argv[0], run_name='__main__')")
    out = subprocess.run([sys.executable, "-c", hide, str(SCRIPT), "--iterations", "1", "--plot", str(tmp_path / "c.png")],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2, out.stderr
    assert "--plot needs matplotlib: pip install 'polyreversi[train]'" in out.stderr
    assert "wins vs random" not in out.stdout and not (tmp_path / "c.png").exists()


def test_training_script_plots(tmp_path):
    pytest.importorskip("matplotlib", reason="matplotlib is not installed (pip install 'polyreversi[train]')")
    plot = tmp_path / "curve.png"
    out = subprocess.run([sys.executable, str(SCRIPT), "--iterations", "1", "--envs", "16", "--steps", "10",
                          "--eval-every", "1", "--eval-games", "20", "--plot", str(plot)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
