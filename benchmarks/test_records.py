"""Reading game files: 38,520 standard 8x8 games (WTH_2015 twenty times)
from JSON Lines, every record schema-checked and replayed, beside the same games
read from the .wtb twenty times, in one run."""
from __future__ import annotations

import pytest

from conftest import ROOT, measure
from polyreversi import formats

WTB = ROOT.parent / "shared" / "data" / "wthor" / "WTH_2015.wtb"
COPIES = 20


@pytest.fixture(scope="module")
def jsonl(tmp_path_factory):
    if not WTB.exists():
        pytest.skip(f"{WTB} not found")
    path = tmp_path_factory.mktemp("records") / "wth2015x20.jsonl"
    formats.write(path, formats.read(WTB) * COPIES)
    return path


@pytest.mark.benchmark(group="records")
def test_read_jsonl(benchmark, jsonl):
    games = measure(benchmark, lambda: len(formats.read(jsonl)), unit="games", rounds=3, copies=COPIES)
    assert games == 1926 * COPIES


@pytest.mark.benchmark(group="records")
def test_read_wthor(benchmark, jsonl):
    games = measure(benchmark, lambda: sum(len(formats.read(WTB)) for _ in range(COPIES)), unit="games",
                    rounds=3, copies=COPIES)
    assert games == 1926 * COPIES


@pytest.mark.benchmark(group="records")
def test_read_jsonl_without_replay(benchmark, jsonl):
    games = measure(benchmark, lambda: len(formats.read(jsonl, validate=False)), unit="games", rounds=3)
    assert games == 1926 * COPIES
