"""scripts/train_multi_patterns.py end to end on a tiny run: labelling resumes
at the first missing chunk, and a fit of one variant rewrites its tables only
(the others kept from the file as they were, and a fit without labels leaves
the file byte for byte)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(ROOT, "scripts", "train_multi_patterns.py")
SHIPPED = os.path.join(ROOT, "cpp", "src", "multi", "pattern_weights.inc")


def _blocks(text: str) -> dict:
    """{variant: its kLinear and kEntries lines} of a tables file."""
    return dict(re.findall(r"^// (\S+)\n(const int kLinear.*?\};\nconst int kEntries[^}]*\};)", text, re.M | re.S))


def test_one_variant_refitted_the_others_kept(tmp_path):
    pytest.importorskip("scipy")
    if not os.path.exists(SCRIPT):
        pytest.skip("scripts/ is not beside the tests")
    labels, out = tmp_path / "labels", tmp_path / "pattern_weights.inc"
    shipped = Path(SHIPPED).read_text()
    out.write_text(shipped)
    subprocess.run([sys.executable, SCRIPT, "fit", "--dir", str(tmp_path), "--out", str(out)],
                   capture_output=True, text=True, check=True)  # no labels: nothing changes
    assert out.read_text() == shipped
    label = [sys.executable, SCRIPT, "label", "--variant", "8x8/3p", "--games", "40", "--playouts", "10",
             "--dir", str(labels)]
    first = subprocess.run(label, capture_output=True, text=True, check=True)
    assert first.stderr.count("chunk") == 2
    chunk = (labels / "8x8_3p" / "chunk-0.npz").read_bytes()
    again = subprocess.run(label, capture_output=True, text=True, check=True)  # resumes: nothing to do
    assert again.stderr.count("chunk") == 0 and (labels / "8x8_3p" / "chunk-0.npz").read_bytes() == chunk
    fit = subprocess.run([sys.executable, SCRIPT, "fit", "--dir", str(labels), "--out", str(out), "--iterations", "20"],
                         capture_output=True, text=True, check=True)
    assert "8x8/3p phase 3:" in fit.stderr and "tables before" in fit.stderr
    before, after = _blocks(shipped), _blocks(out.read_text())
    assert set(after) == set(before) and len(before) >= 2
    assert after["8x8/3p"] != before["8x8/3p"]
    assert all(after[v] == before[v] for v in before if v != "8x8/3p")
    text = out.read_text()
    assert text.count("// 8x8/3p phase ") == 4 and "tables before" in text
