"""Perft on every board (RULES.md §9 convention), and the plain C anchor."""
from __future__ import annotations

import json
import subprocess

import pytest

import polyreversi as pr
from conftest import build_c_anchor, measure

CASES = [
    ("8x8", 10, 24571284),
    ("8x8", 11, 212258800),
    ("6x6", 11, None),
    ("10x10", 8, None),
    ("octagon", 8, None),
    ("10x10", 10, 25168320),
    ("octagon", 10, 25059868),
    ("8x8/blocked=b1,g2,a7,h5", 10, None),
    ("10x10/blocked=b1,j4", 8, None),
    ("8x8/3p", 8, None),
    ("8x8/4p", 8, None),
    ("octagon/4p", 7, None),
]


@pytest.mark.benchmark(group="perft")
@pytest.mark.parametrize("variant,depth,expected", CASES, ids=[f"{v}-d{d}" for v, d, _ in CASES])
def test_perft(benchmark, variant, depth, expected):
    leaves = measure(benchmark, lambda: pr.perft(variant, depth), unit="leaves", rounds=3,
                     variant=variant, depth=depth, kernels=pr._core.kernels())
    if expected is not None:
        assert leaves == expected


@pytest.fixture(scope="session")
def anchor(tmp_path_factory):
    return build_c_anchor(tmp_path_factory, "c_perft_anchor")


@pytest.mark.benchmark(group="perft")
@pytest.mark.parametrize("depth", [10, 11])
def test_perft_c_anchor(benchmark, anchor, depth):
    """The anchor times itself; its own figure goes in the report."""
    out = {}

    def run():
        line = subprocess.run([str(anchor), str(depth), "1", "1"], capture_output=True, text=True, check=True)
        out.update(json.loads(line.stdout.strip().splitlines()[-1]))
        return out["leaves"]

    benchmark.pedantic(run, rounds=3, iterations=1)
    if not benchmark.stats:  # --benchmark-disable
        return
    benchmark.extra_info.update(unit="leaves", rate=out["leaves"] / benchmark.stats.stats.median,
                                variant="8x8", depth=depth)
