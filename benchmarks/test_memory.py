"""Memory per state and per batched game, from the process's resident size
(the C++ allocations are invisible to tracemalloc)."""
from __future__ import annotations

import gc

import pytest

import polyreversi as pr

COUNT = 100_000


def resident_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096


def per_object(make) -> float:
    gc.collect()
    before = resident_bytes()
    kept = make()
    after = resident_bytes()
    del kept
    return (after - before) / COUNT


@pytest.mark.benchmark(group="memory")
@pytest.mark.parametrize("variant", ["8x8", "10x10/4p"])
def test_memory_per_state(benchmark, variant):
    start = pr.Variant.parse(variant).start()
    start.play(start.legal_moves()[0])
    size = {}

    def run():
        size["bytes"] = per_object(lambda: [start.copy() for _ in range(COUNT)])
        return COUNT

    benchmark.pedantic(run, rounds=1, iterations=1)
    benchmark.extra_info.update(unit="bytes per state (1 move of history)", rate=size["bytes"], variant=variant)


@pytest.mark.benchmark(group="memory")
@pytest.mark.parametrize("variant", ["8x8", "10x10/4p"])
def test_memory_per_batched_game(benchmark, variant):
    size = {}

    def run():
        size["bytes"] = per_object(lambda: pr.Batch(variant, COUNT))
        return COUNT

    benchmark.pedantic(run, rounds=1, iterations=1)
    benchmark.extra_info.update(unit="bytes per batched game", rate=size["bytes"], variant=variant)
