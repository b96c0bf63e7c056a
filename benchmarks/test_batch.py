"""Batched stepping: B games stepped together, random legal moves.

polyreversi picks the moves natively (Batch.choose) or with NumPy from the
masks, like creversi-python's batch, which is timed the same way."""
from __future__ import annotations

import numpy as np
import pytest

import polyreversi as pr
from conftest import SEED, measure, peer

STEPS = 60


def numpy_choice(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniform legal move per row of a bool mask; -1 for rows without one."""
    pick = (rng.random(masks.shape) * masks).argmax(axis=1).astype(np.int32)
    pick[~masks.any(axis=1)] = -1
    return pick


@pytest.mark.benchmark(group="batch")
@pytest.mark.parametrize("size", [1, 256, 4096])
def test_batch_native_choice(benchmark, size):
    batch = pr.Batch("8x8", size)

    def run():
        for step in range(STEPS):
            batch.step(batch.choose("random", seed=step))
            batch.reset()
        return STEPS * size

    measure(benchmark, run, unit="steps", size=size, moves="Batch.choose")


@pytest.mark.benchmark(group="batch")
@pytest.mark.parametrize("size", [256, 4096])
def test_batch_numpy_choice(benchmark, size):
    batch = pr.Batch("8x8", size)
    rng = np.random.default_rng(SEED)

    def run():
        for _ in range(STEPS):
            batch.step(numpy_choice(batch.masks, rng))
            batch.reset()
        return STEPS * size

    measure(benchmark, run, unit="steps", size=size, moves="NumPy from masks")


@pytest.mark.benchmark(group="batch")
@pytest.mark.parametrize("size", [4096])
def test_batch_all_threads(benchmark, size):
    batch = pr.Batch("8x8", size)

    def run():
        for step in range(STEPS):
            batch.step(batch.choose("random", seed=step), threads=0)
            batch.reset()
        return STEPS * size

    measure(benchmark, run, unit="steps", size=size, moves="Batch.choose", threads="all")


@pytest.mark.benchmark(group="batch")
@pytest.mark.parametrize("size", [1, 256, 4096])
def test_batch_creversi_python(benchmark, size):
    peer("creversi")
    from creversi import PASS
    from creversi.gym_reversi.envs import ReversiVecEnvFast

    env, rng = ReversiVecEnvFast(size), np.random.default_rng(SEED)

    def choose(masks):  # as ../shared/bench/creversi_python.py does
        bits = np.unpackbits(masks.view(np.uint8).reshape(-1, 8), axis=1, bitorder="little")
        a = (rng.random(bits.shape) * bits).argmax(axis=1)
        a[masks == 0] = PASS
        return a

    def run():
        for _ in range(STEPS):
            env.step(choose(env.legal_moves_mask()))
        return STEPS * size

    measure(benchmark, run, unit="steps", size=size, engine="creversi-python")
