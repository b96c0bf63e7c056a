"""Learn to beat the random player on 6x6 Reversi with policy gradient, in NumPy.

A small two-layer network reads the observation planes of
:class:`polyreversi.envs.vector.ReversiVectorEnv` and is trained with
REINFORCE (a running-mean baseline, Adam) on games against the built-in random
opponent, as Black and as White at once. Every few iterations it plays 2,000
evaluation games per seat, picking its most likely legal move, and prints the
win rate; at the end it plots the learning curve (needs matplotlib).

    python examples/train_6x6.py --iterations 150 --plot docs/training_curve.png

Only NumPy is needed, and matplotlib for the plot (pip install 'polyreversi[envs,train]').
See docs/training.md.
"""
from __future__ import annotations

import argparse
import json
import time

import numpy as np

from polyreversi.envs.vector import ReversiVectorEnv


class Policy:
    """logits = W2 relu(W1 x + b1) + b2 over the N*N+1 actions; illegal actions masked out."""

    def __init__(self, inputs: int, hidden: int, actions: int, rng: np.random.Generator) -> None:
        self.params = {
            "W1": rng.normal(0, np.sqrt(2 / inputs), (inputs, hidden)).astype(np.float32),
            "b1": np.zeros(hidden, np.float32),
            "W2": rng.normal(0, 0.01, (hidden, actions)).astype(np.float32),
            "b2": np.zeros(actions, np.float32),
        }
        self.moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}
        self.t = 0

    def forward(self, x: np.ndarray, mask: np.ndarray):
        p = self.params
        h = np.maximum(x @ p["W1"] + p["b1"], 0)
        logits = h @ p["W2"] + p["b2"]
        logits = np.where(mask, logits, -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits) * mask
        probs /= np.maximum(probs.sum(axis=1, keepdims=True), 1e-30)  # rows without a legal move: zeros
        return h, probs

    def act(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator, greedy: bool = False):
        x = obs.reshape(len(obs), -1).astype(np.float32)
        _, probs = self.forward(x, mask)
        if greedy:
            return probs.argmax(axis=1)
        return (probs.cumsum(axis=1) > rng.random((len(x), 1))).argmax(axis=1)

    def update(self, x, mask, actions, advantages, lr: float) -> None:
        """One Adam step on -mean(advantage * log pi(action))."""
        p = self.params
        h, probs = self.forward(x, mask)
        grad_logits = probs
        grad_logits[np.arange(len(x)), actions] -= 1.0  # d(-log pi)/d logits
        grad_logits *= advantages[:, None] / len(x)
        grads = {"W2": h.T @ grad_logits, "b2": grad_logits.sum(axis=0)}
        grad_h = (grad_logits @ p["W2"].T) * (h > 0)
        grads["W1"] = x.T @ grad_h
        grads["b1"] = grad_h.sum(axis=0)
        self.t += 1
        for k, g in grads.items():
            m, v = self.moments[k]
            m[:] = 0.9 * m + 0.1 * g
            v[:] = 0.999 * v + 0.001 * g * g
            mhat, vhat = m / (1 - 0.9 ** self.t), v / (1 - 0.999 ** self.t)
            p[k] -= lr * mhat / (np.sqrt(vhat) + 1e-8)


def rollout(envs: ReversiVectorEnv, state, policy: Policy, steps: int, rng):
    """``steps`` steps of every game; returns the samples of the episodes that ended and their rewards."""
    obs, info = state
    open_episodes = [[] for _ in range(envs.num_envs)]
    xs, masks, actions, returns, results = [], [], [], [], []
    for _ in range(steps):
        mask = info["action_mask"]
        action = policy.act(obs, mask, rng)
        for i in np.flatnonzero(mask.any(axis=1)):
            open_episodes[i].append((obs[i].reshape(-1), mask[i], action[i]))
        obs, reward, terminated, truncated, info = envs.step(action)
        for i in np.flatnonzero(terminated):
            for x, m, a in open_episodes[i]:
                xs.append(x)
                masks.append(m)
                actions.append(a)
                returns.append(reward[i])
            results.append(reward[i])
            open_episodes[i] = []
    return (obs, info), (np.array(xs, np.float32), np.array(masks), np.array(actions), np.array(returns, np.float32),
                         np.array(results))


def evaluate(policy: Policy, seat: str, games: int, seed: int) -> dict:
    """Wins, draws and losses of the greedy policy in ``games`` games against random."""
    envs = ReversiVectorEnv(num_envs=games, variant="6x6", opponent="random", seat=seat)
    obs, info = envs.reset(seed=seed)
    rng = np.random.default_rng(seed)
    result = np.zeros(games, np.float32)
    finished = np.zeros(games, dtype=bool)
    while not finished.all():
        obs, reward, terminated, truncated, info = envs.step(policy.act(obs, info["action_mask"], rng, greedy=True))
        result[terminated & ~finished] = reward[terminated & ~finished]
        finished |= terminated
    return {"win": float((result > 0).mean()), "draw": float((result == 0).mean()), "loss": float((result < 0).mean())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=int, default=150)
    parser.add_argument("--envs", type=int, default=256, help="games per seat played at once")
    parser.add_argument("--steps", type=int, default=40, help="steps per iteration")
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--eval-every", type=int, default=10)
    parser.add_argument("--eval-games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", default=None, help="write the learning curve to this PNG")
    parser.add_argument("--log", default=None, help="write the curve's numbers to this JSON file")
    args = parser.parse_args()
    if args.plot:  # said now, not after the training
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            parser.error("--plot needs matplotlib: pip install 'polyreversi[train]' (or pip install matplotlib)")

    rng = np.random.default_rng(args.seed)
    seats = ["black", "white"]
    envs = {s: ReversiVectorEnv(num_envs=args.envs, variant="6x6", opponent="random", seat=s) for s in seats}
    states = {s: envs[s].reset(seed=args.seed + k) for k, s in enumerate(seats)}
    space = envs["black"].single_observation_space
    policy = Policy(int(np.prod(space.shape)), args.hidden, envs["black"].single_action_space.n, rng)
    baseline = 0.0
    curve = []
    started = time.perf_counter()
    games = 0

    def record(iteration: int) -> None:
        rates = {s: evaluate(policy, s, args.eval_games, 10_000 + k) for k, s in enumerate(seats)}
        point = {"iteration": iteration, "games": games, "seconds": round(time.perf_counter() - started, 1),
                 **{f"{s}_{k}": v for s in seats for k, v in rates[s].items()}}
        curve.append(point)
        print(f"iteration {iteration:4d}  training games {games:7d}  {point['seconds']:6.1f} s  "
              f"wins vs random: as Black {rates['black']['win']:.1%}  as White {rates['white']['win']:.1%}",
              flush=True)

    record(0)
    for iteration in range(1, args.iterations + 1):
        batches = []
        for s in seats:
            states[s], batch = rollout(envs[s], states[s], policy, args.steps, rng)
            batches.append(batch)
        x, mask, action, ret, results = (np.concatenate(parts) for parts in zip(*batches))
        games += len(results)
        if len(x):
            baseline = 0.9 * baseline + 0.1 * float(ret.mean())
            policy.update(x, mask, action, ret - baseline, args.lr)
        if iteration % args.eval_every == 0 or iteration == args.iterations:
            record(iteration)

    if args.log:
        with open(args.log, "w") as f:
            json.dump({"args": vars(args), "curve": curve}, f, indent=1)
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(6.4, 4))
        gx = [p["games"] for p in curve]
        for s, style in (("black", "-o"), ("white", "-s")):
            ax.plot(gx, [100 * p[f"{s}_win"] for p in curve], style, ms=3, label=f"as {s.title()}")
        ax.axhline(50, color="grey", lw=0.8, ls=":")
        ax.set_xlabel("training games against the random player")
        ax.set_ylabel(f"win rate vs random, % ({args.eval_games} games)")
        ax.set_title(f"6x6 Reversi, REINFORCE in NumPy ({curve[-1]['seconds']:.0f} s on this machine)")
        ax.set_ylim(0, 100)
        ax.legend(loc="lower right")
        ax.grid(alpha=0.3)
        fig.tight_layout()
        fig.savefig(args.plot, dpi=110)
        print(f"learning curve written to {args.plot}")


if __name__ == "__main__":
    main()
