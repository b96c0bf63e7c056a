"""Exact endgame solving (FFO #40-#59) on one and all threads, the plain C
solver ../shared/bench/c_solve_anchor.c beside it, and search nodes per
second beside perft leaves per second on every board.

The FFO positions are long (seconds to minutes each): choose a subset with
``POLYREVERSI_FFO=40-44`` (FFO numbers; default 40-59) and the anchor's with
``POLYREVERSI_FFO_ANCHOR`` (default: the same). Each position is solved once
(rounds=1): the table in benchmarks/README.md lists wall and CPU time and
nodes per position, and the ratio to the anchor where both ran. On a shared
machine compare CPU seconds (process time, every thread) and nodes.
"""
from __future__ import annotations

import json
import os
import resource
import time
import subprocess

import pytest

import polyreversi as pr
from conftest import ROOT, build_c_anchor
from polyreversi.formats import obf

FFO_FILE = ROOT.parent / "shared" / "data" / "ffo" / "fforum-40-59.obf"


def _range(name: str, default: str):
    text = os.environ.get(name, default)
    lo, _, hi = text.partition("-")
    return range(int(lo), int(hi or lo) + 1)


FFO = _range("POLYREVERSI_FFO", "40-59")
ANCHOR_FFO = _range("POLYREVERSI_FFO_ANCHOR", os.environ.get("POLYREVERSI_FFO", "40-59"))


def ffo_entry(number: int):
    if not FFO_FILE.exists():
        pytest.skip(f"{FFO_FILE} not found")
    return obf.read(FFO_FILE)[number - 40]


@pytest.mark.benchmark(group="ffo-solve")
@pytest.mark.parametrize("threads", [1, 0], ids=["1-thread", "all-threads"])
@pytest.mark.parametrize("number", list(FFO))
def test_ffo_solve(benchmark, number, threads):
    entry = ffo_entry(number)
    out = {}

    def run():
        cpu = time.process_time()
        out["r"] = pr.solve(entry.state, threads=threads, convention="wof")
        out["cpu"] = time.process_time() - cpu

    benchmark.pedantic(run, rounds=1, iterations=1)
    r = out["r"]
    best = max(entry.scores.values())
    assert r.score == best and entry.scores.get(r.move) == best
    empties = 64 - sum(entry.state.scores())
    benchmark.extra_info.update(ffo=number, empties=empties, threads=threads or os.cpu_count(), nodes=r.nodes,
                                seconds=r.seconds, cpu_seconds=out["cpu"], score=r.score, move=entry.state.variant.square_name(r.move),
                                unit="nodes", rate=r.nodes / r.seconds if r.seconds else 0.0)
    print("\nRESULT", json.dumps(benchmark.extra_info), flush=True)


@pytest.fixture(scope="session")
def solve_anchor(tmp_path_factory):
    return build_c_anchor(tmp_path_factory, "c_solve_anchor")


@pytest.mark.benchmark(group="ffo-solve")
@pytest.mark.parametrize("number", list(ANCHOR_FFO))
def test_ffo_solve_c_anchor(benchmark, solve_anchor, number):
    """The anchor times its solve alone; its own figure goes in the report."""
    out = {}
    k = number - 39

    def run():
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
        text = subprocess.run([str(solve_anchor), str(FFO_FILE), str(k), str(k)], capture_output=True, text=True,
                              check=True).stdout
        out.update(json.loads(text.strip().splitlines()[0]))
        out["cpu"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before

    benchmark.pedantic(run, rounds=1, iterations=1)
    benchmark.extra_info.update(ffo=number, nodes=out["nodes"], seconds=out["seconds"], cpu_seconds=out["cpu"], score=out["score"],
                                move=out["best"], unit="nodes", rate=out["nodes"] / max(out["seconds"], 1e-9))
    print("\nRESULT anchor", json.dumps(benchmark.extra_info), flush=True)


# Search nodes per second beside perft leaves per second, per board.
BOARDS = [("8x8", 10), ("6x6", 11), ("10x10", 8), ("octagon", 8), ("8x8/anti", 10), ("8x8/blocked=b1,g2,a7,h5", 10)]


def _midgame(variant: str, plies: int = 12):
    import random

    rng = random.Random(7)
    s = pr.Variant.parse(variant).start()
    for _ in range(plies):
        s.play(rng.choice(s.legal_moves()))
    return s


@pytest.mark.benchmark(group="search-rate")
@pytest.mark.parametrize("variant,perft_depth", BOARDS, ids=[b for b, _ in BOARDS])
def test_search_rate(benchmark, variant, perft_depth):
    s = _midgame(variant)
    out = {}

    def run():
        out["r"] = pr.search(s, time=2.0)

    benchmark.pedantic(run, rounds=1, iterations=1)
    r = out["r"]
    t = time.perf_counter()
    leaves = pr.perft(variant, perft_depth)
    perft_rate = leaves / (time.perf_counter() - t)
    benchmark.extra_info.update(variant=variant, depth=r.depth, nodes=r.nodes, unit="nodes",
                                rate=r.nodes / r.seconds, perft_leaves_per_s=perft_rate)
    print("\nRESULT rate", json.dumps(benchmark.extra_info), flush=True)
