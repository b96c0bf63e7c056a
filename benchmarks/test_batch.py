"""Batched stepping: B games stepped together, random legal moves.

polyreversi picks the moves natively (Batch.choose), samples them in C++ from a
policy array (Batch.sample), or picks them with NumPy from the masks, like
creversi-python's batch, which is timed the same way. Finished games restart
with autoreset. Threads: one thread against every core at B=4096 and below the
auto threshold; observation fills on their own."""
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
    batch = pr.Batch("8x8", size, threads=1)

    def run():
        for step in range(STEPS):
            batch.step(batch.choose("random", seed=step), autoreset=True)
        return STEPS * size

    measure(benchmark, run, unit="steps", size=size, moves="Batch.choose")


@pytest.mark.benchmark(group="batch")
@pytest.mark.parametrize("size", [256, 4096])
def test_batch_numpy_choice(benchmark, size):
    batch = pr.Batch("8x8", size, threads=1)
    rng = np.random.default_rng(SEED)

    def run():
        for _ in range(STEPS):
            batch.step(numpy_choice(batch.masks, rng), autoreset=True)
        return STEPS * size

    measure(benchmark, run, unit="steps", size=size, moves="NumPy from masks")


@pytest.mark.benchmark(group="batch")
@pytest.mark.parametrize("threads", ["1-thread", "all-threads"])
@pytest.mark.parametrize("size", [4096, 512, 256])
def test_batch_threads(benchmark, size, threads):
    batch = pr.Batch("8x8", size, threads=1 if threads == "1-thread" else 0)
    if threads == "all-threads" and size < pr.batch.MIN_GAMES_PER_THREAD:
        pytest.skip(f"B={size} is below the auto threshold: every call runs on one thread")

    def run():
        for step in range(STEPS):
            batch.step(batch.choose("random", seed=step), autoreset=True)
        return STEPS * size

    # 15 rounds: a 2-core VM's second core comes and goes; 5 medians swung 0.8-1.7x
    measure(benchmark, run, unit="steps", rounds=15, probe=True, size=size, moves="Batch.choose", threads=threads)


@pytest.mark.benchmark(group="batch")
@pytest.mark.parametrize("threads", ["1-thread", "all-threads"])
@pytest.mark.parametrize("size", [4096])
def test_batch_sample_policy(benchmark, size, threads):
    """Moves drawn in C++ from a policy array of the network's shape (B, N*N+1)."""
    batch = pr.Batch("8x8", size, threads=1 if threads == "1-thread" else 0)
    probs = np.random.default_rng(SEED).random((size, 65), dtype=np.float32)

    def run():
        for _ in range(STEPS):
            batch.step(batch.sample(probs), autoreset=True)
        return STEPS * size

    measure(benchmark, run, unit="steps", probe=True, size=size, moves="Batch.sample", threads=threads)


@pytest.mark.benchmark(group="batch")
@pytest.mark.parametrize("threads", ["1-thread", "all-threads"])
@pytest.mark.parametrize("dtype", ["uint8", "float32"])
def test_batch_observe(benchmark, dtype, threads):
    """Observation planes of B=4096 8x8 games into a reused buffer (games observed per second)."""
    size = 4096
    batch = pr.Batch("8x8", size, threads=1 if threads == "1-thread" else 0)
    for step in range(20):
        batch.step(batch.choose(seed=step), autoreset=True)
    out = np.zeros((size, batch.channels, 8, 8), dtype=dtype)

    def run():
        for _ in range(STEPS):
            batch.observe(out)
        return STEPS * size

    measure(benchmark, run, unit="observations", size=size, dtype=dtype, threads=threads)


@pytest.mark.benchmark(group="batch")
def test_batch_step_observe_sample(benchmark):
    """A learning loop's step: observe into a buffer, sample from a policy array, step with autoreset."""
    size = 4096
    batch = pr.Batch("8x8", size)
    out = np.zeros((size, batch.channels, 8, 8), np.uint8)
    probs = np.random.default_rng(SEED).random((size, 65), dtype=np.float32)

    def run():
        for _ in range(STEPS):
            batch.observe(out)
            batch.step(batch.sample(probs), autoreset=True)
        return STEPS * size

    measure(benchmark, run, unit="steps", size=size, moves="Batch.sample", threads="all")


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

    measure(benchmark, run, unit="steps", probe=True, size=size, engine="creversi-python")
