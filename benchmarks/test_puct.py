"""Batched PUCT (polyreversi.envs.puct): simulations per second over many games with a
trivial network (uniform priors, value 0: what the search itself costs), the time spent in
the callback measured apart (``evaluate_seconds``), one thread."""
from __future__ import annotations

import numpy as np
import pytest

import polyreversi as pr
from conftest import SEED, measure
from polyreversi.envs.puct import puct


@pytest.mark.benchmark(group="puct")
@pytest.mark.parametrize("variant, games", [("8x8", 256), ("8x8", 1024), ("6x6", 256), ("octagon/4p", 256)])
def test_puct_simulations(benchmark, variant, games):
    batch = pr.Batch(variant, games, seed=SEED, threads=1)
    batch.step(batch.choose())
    columns = batch.variant.PASS + 1
    priors, values = np.ones((games, columns), np.float32), np.zeros(games, np.float32)
    spent = []

    def trivial(leaves):
        k = len(leaves.games)
        return priors[:k], values[:k]

    def run():
        r = puct(batch, trivial, simulations=200)
        spent.append((r.evaluate_seconds, r.seconds))
        return r.simulations

    measure(benchmark, run, unit="simulations", rounds=3, variant=variant, games=games)
    if benchmark.stats:
        evaluate, total = spent[-1]
        benchmark.extra_info.update(callback_share=evaluate / total,
                                    search_rate=benchmark.extra_info["rate"] / max(1e-9, 1 - evaluate / total))
