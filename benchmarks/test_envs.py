"""The vector environment beside pgx (JAX, CPU), the OpenSpiel Python loop and raw Batch.step.

Every rate is env steps per second: one ply in one game (a pass is a ply, as in pgx
and OpenSpiel). The vector environment returns observations (uint8 (B, 6, 8, 8)) and
masks (bool (B, 65)) every step, with next-step autoreset; its random actions are
drawn from the masks (in C++ by ``sample_actions()``, or with NumPy).
pgx and jax are not dependencies: ``pip install pgx jax`` to include them."""
from __future__ import annotations

import random

import numpy as np
import pytest

import polyreversi as pr
from conftest import SEED, measure, peer
from polyreversi.envs.vector import ReversiVectorEnv

B = 4096
STEPS = 60


@pytest.mark.benchmark(group="envs")
@pytest.mark.parametrize("actions", ["engine", "numpy"])
def test_envs_vector_selfplay(benchmark, actions):
    pytest.importorskip("gymnasium", reason="gymnasium is not installed (pip install '.[envs]')")
    envs = ReversiVectorEnv(num_envs=B, variant="8x8")
    obs, info = envs.reset(seed=SEED)
    rng = np.random.default_rng(SEED)
    state = {"info": info}

    def run():
        for _ in range(STEPS):
            if actions == "engine":
                a = envs.sample_actions()
            else:
                mask = state["info"]["action_mask"]
                a = (rng.random(mask.shape) * mask).argmax(axis=1)
            obs, reward, terminated, truncated, state["info"] = envs.step(a)
        return STEPS * B

    measure(benchmark, run, unit="steps", size=B, actions=actions, observations="uint8 every step")


@pytest.mark.benchmark(group="envs")
def test_envs_vector_vs_random(benchmark):
    pytest.importorskip("gymnasium", reason="gymnasium is not installed (pip install '.[envs]')")
    envs = ReversiVectorEnv(num_envs=B, variant="8x8", opponent="random")
    envs.reset(seed=SEED)

    def run():
        for _ in range(STEPS):
            envs.step(envs.sample_actions())
        return STEPS * B  # agent steps; each is two plies (the opponent's reply)

    measure(benchmark, run, unit="agent steps", size=B, opponent="random")


@pytest.mark.benchmark(group="envs-opponents")
@pytest.mark.parametrize("opponent", ["search:2", "mcts:50"])
@pytest.mark.parametrize("where", ["C++", "python"])
def test_envs_vector_vs_searching_opponent(benchmark, opponent, where):
    """Agent steps per second against a searching opponent: played by the Batch in C++
    over the games (one call per ply), or as before, a Python player per game (the same
    seat spec as a player object). 8x8, B = 256, one thread, random legal agent moves."""
    pytest.importorskip("gymnasium", reason="gymnasium is not installed (pip install '.[envs]')")
    from polyreversi.players import player_from_spec

    games = 256
    spec = opponent if where == "C++" else player_from_spec(opponent, seed=SEED)
    envs = ReversiVectorEnv(num_envs=games, variant="8x8", opponent=spec, threads=1)
    assert (envs._native is not None) == (where == "C++")
    envs.reset(seed=SEED)

    def run():
        for _ in range(4):
            envs.step(envs.sample_actions())
        return 4 * games

    measure(benchmark, run, unit="agent steps", size=games, opponent=opponent, where=where, rounds=3)


@pytest.mark.benchmark(group="envs")
def test_envs_raw_batch_step(benchmark):
    batch = pr.Batch("8x8", B, seed=SEED)

    def run():
        for _ in range(STEPS):
            batch.step(batch.choose("random"), autoreset="next-step")
        return STEPS * B

    measure(benchmark, run, unit="steps", size=B, observations="none")


@pytest.mark.benchmark(group="envs")
@pytest.mark.parametrize("fused", [1, 32])
def test_envs_pgx(benchmark, fused):
    """pgx "othello" as ../shared/bench/pgx_jax.py runs it: jit(vmap(step)) with auto_reset,
    random legal actions, ``fused`` steps per dispatch (a fori_loop)."""
    jax = peer("jax", extra="pgx and jax: pip install pgx jax")
    pgx = peer("pgx", extra="pgx and jax: pip install pgx jax")
    import jax.numpy as jnp
    from pgx.experimental import auto_reset

    env = pgx.make("othello")
    step = auto_reset(env.step, env.init)

    def one(state, key):
        k1, k2 = jax.random.split(key)
        a = jax.random.categorical(k1, jnp.where(state.legal_action_mask, 0.0, -jnp.inf))
        return step(state, a, k2)

    @jax.jit
    def run_k(states, key):
        def body(_, carry):
            st, k = carry
            k, sub = jax.random.split(k)
            return jax.vmap(one)(st, jax.random.split(sub, B)), k
        return jax.lax.fori_loop(0, fused, body, (states, key))

    key = jax.random.PRNGKey(SEED)
    carry = run_k(jax.jit(jax.vmap(env.init))(jax.random.split(key, B)), key)
    jax.block_until_ready(carry)  # compiled and warm
    dispatches = max(1, STEPS // fused)
    holder = {"carry": carry}

    def run():
        c = holder["carry"]
        for _ in range(dispatches):
            c = run_k(*c)
        jax.block_until_ready(c)
        holder["carry"] = c
        return dispatches * fused * B

    measure(benchmark, run, unit="steps", size=B, fused=fused, engine=f"pgx {pgx.__version__}")


@pytest.mark.benchmark(group="envs")
def test_envs_openspiel_loop(benchmark):
    """OpenSpiel's othello from a Python loop, with the observation tensor and the legal-action
    mask read every step (what an environment hands an agent)."""
    pyspiel = peer("pyspiel")
    game = pyspiel.load_game("othello")

    def run():
        rng = random.Random(SEED)
        steps = 0
        for _ in range(20):
            s = game.new_initial_state()
            while not s.is_terminal():
                s.observation_tensor()
                mask = s.legal_actions_mask()
                legal = [a for a, ok in enumerate(mask) if ok]
                s.apply_action(legal[rng.randrange(len(legal))])
                steps += 1
        return steps

    measure(benchmark, run, unit="steps", engine="open_spiel")
