"""PPO with invalid-action masking, CleanRL style (one file, torch), on the C++ vector env.

The loop is CleanRL's ``ppo.py`` with its masked categorical (``ppo_atari_envpool``'s
invalid-action masking): rollouts of ``--num-steps`` over ``--num-envs`` games, GAE,
clipped surrogate, value loss, entropy bonus. The environment is
:class:`polyreversi.envs.vector.ReversiVectorEnv` with same-step autoreset, so no
wrapper is needed: observations (uint8 (B, C, N, N)) and masks
(``info["action_mask"]``, int8 (B, N*N+1)) come from C++ as they are, and the
value of a game that ended is bootstrapped from nothing (``terminated``).

    python examples/cleanrl_ppo.py --variant 6x6 --opponent random --total-timesteps 200000

Every ``--eval-every`` updates it plays ``--eval-games`` games, greedy, as the agent's seat
against the opponent, and prints the win rate. Needs torch
(``pip install 'polyreversi[rl]'``).
"""
from __future__ import annotations

import argparse
import time

import numpy as np
import torch
from torch import nn

from polyreversi.envs.tensors import masks_as_tensor, observations_as_tensor
from polyreversi.envs.vector import ReversiVectorEnv


class Agent(nn.Module):
    """Two hidden layers shared by the policy (N*N+1 logits) and the value head."""

    def __init__(self, inputs: int, actions: int, hidden: int = 256) -> None:
        super().__init__()
        self.body = nn.Sequential(nn.Flatten(), nn.Linear(inputs, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.policy = nn.Linear(hidden, actions)
        self.value = nn.Linear(hidden, 1)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor, action=None):
        h = self.body(obs.float())
        logits = self.policy(h).masked_fill(~mask, -1e9)  # illegal moves get no probability
        dist = torch.distributions.Categorical(logits=logits)
        if action is None:
            action = dist.sample()
        return action, dist.log_prob(action), dist.entropy(), self.value(h).squeeze(-1)


def win_rate(agent: Agent, variant: str, opponent: str, seat: str, games: int, seed: int) -> float:
    """Share of ``games`` won playing ``seat``, most likely legal move, against ``opponent``."""
    envs = ReversiVectorEnv(num_envs=games, variant=variant, opponent=opponent, seat=seat, threads=1)
    obs, info = envs.reset(seed=seed)
    finished = np.zeros(games, bool)
    wins = 0
    while not finished.all():
        with torch.no_grad():
            mask = masks_as_tensor(info["action_mask"])
            logits = agent.policy(agent.body(observations_as_tensor(obs).float())).masked_fill(~mask, -1e9)
        obs, reward, terminated, _, info = envs.step(logits.argmax(1).numpy())
        wins += int(((reward > 0) & terminated & ~finished).sum())
        finished |= terminated
    return wins / games


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="6x6")
    p.add_argument("--opponent", default="random")
    p.add_argument("--seat", default="black")
    p.add_argument("--num-envs", type=int, default=128)
    p.add_argument("--num-steps", type=int, default=32)
    p.add_argument("--total-timesteps", type=int, default=200_000)
    p.add_argument("--learning-rate", type=float, default=2.5e-4)
    p.add_argument("--gamma", type=float, default=0.99)
    p.add_argument("--gae-lambda", type=float, default=0.95)
    p.add_argument("--update-epochs", type=int, default=4)
    p.add_argument("--num-minibatches", type=int, default=4)
    p.add_argument("--clip-coef", type=float, default=0.2)
    p.add_argument("--ent-coef", type=float, default=0.01)
    p.add_argument("--vf-coef", type=float, default=0.5)
    p.add_argument("--max-grad-norm", type=float, default=0.5)
    p.add_argument("--eval-every", type=int, default=10)
    p.add_argument("--eval-games", type=int, default=500)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--threads", type=int, default=1, help="torch and Batch threads")
    args = p.parse_args(argv)

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    envs = ReversiVectorEnv(num_envs=args.num_envs, variant=args.variant, opponent=args.opponent, seat=args.seat,
                            autoreset_mode="same-step", threads=args.threads)
    shape = envs.single_observation_space.shape
    actions_n = envs.single_action_space.n
    agent = Agent(int(np.prod(shape)), actions_n)
    optimizer = torch.optim.Adam(agent.parameters(), lr=args.learning_rate, eps=1e-5)
    B, T = args.num_envs, args.num_steps
    obs_buf = torch.zeros((T, B) + shape, dtype=torch.uint8)
    mask_buf = torch.zeros((T, B, actions_n), dtype=torch.bool)
    act_buf, logp_buf = torch.zeros((T, B), dtype=torch.long), torch.zeros((T, B))
    rew_buf, done_buf, val_buf = torch.zeros((T, B)), torch.zeros((T, B)), torch.zeros((T, B))

    obs, info = envs.reset(seed=args.seed)
    next_done = torch.zeros(B)
    updates = max(1, args.total_timesteps // (B * T))
    history = []
    started = time.perf_counter()
    for update in range(1, updates + 1):
        for t in range(T):
            obs_buf[t] = observations_as_tensor(obs)
            mask_buf[t] = masks_as_tensor(info["action_mask"])
            done_buf[t] = next_done
            with torch.no_grad():
                action, logp, _, value = agent(obs_buf[t], mask_buf[t])
            act_buf[t], logp_buf[t], val_buf[t] = action, logp, value
            obs, reward, terminated, truncated, info = envs.step(action.numpy())
            rew_buf[t] = torch.from_numpy(reward)
            next_done = torch.from_numpy((terminated | truncated).astype(np.float32))
        with torch.no_grad():  # GAE; a game that ended bootstraps from nothing
            _, _, _, next_value = agent(observations_as_tensor(obs), masks_as_tensor(info["action_mask"]))
            advantages = torch.zeros((T, B))
            last = torch.zeros(B)
            for t in reversed(range(T)):
                nonterminal = 1.0 - (next_done if t == T - 1 else done_buf[t + 1])
                following = next_value if t == T - 1 else val_buf[t + 1]
                delta = rew_buf[t] + args.gamma * following * nonterminal - val_buf[t]
                last = delta + args.gamma * args.gae_lambda * nonterminal * last
                advantages[t] = last
            returns = advantages + val_buf
        b_obs, b_mask = obs_buf.reshape((-1,) + shape), mask_buf.reshape(-1, actions_n)
        b_act, b_logp = act_buf.reshape(-1), logp_buf.reshape(-1)
        b_adv, b_ret = advantages.reshape(-1), returns.reshape(-1)
        size = B * T
        minibatch = size // args.num_minibatches
        for _ in range(args.update_epochs):
            order = torch.randperm(size)
            for start in range(0, size, minibatch):
                idx = order[start:start + minibatch]
                _, logp, entropy, value = agent(b_obs[idx], b_mask[idx], b_act[idx])
                ratio = (logp - b_logp[idx]).exp()
                adv = (b_adv[idx] - b_adv[idx].mean()) / (b_adv[idx].std() + 1e-8)
                pg_loss = torch.max(-adv * ratio, -adv * ratio.clamp(1 - args.clip_coef, 1 + args.clip_coef)).mean()
                v_loss = 0.5 * ((value - b_ret[idx]) ** 2).mean()
                loss = pg_loss - args.ent_coef * entropy.mean() + args.vf_coef * v_loss
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), args.max_grad_norm)
                optimizer.step()
        if update % args.eval_every == 0 or update == updates:
            rate = win_rate(agent, args.variant, args.opponent, args.seat, args.eval_games, args.seed + update)
            steps = update * B * T
            history.append({"steps": steps, "win_rate": rate, "seconds": round(time.perf_counter() - started, 1)})
            print(f"update {update}/{updates}  steps {steps}  win rate vs {args.opponent}: {rate:.3f}  "
                  f"({steps / (time.perf_counter() - started):.0f} steps/s)", flush=True)
    return {"history": history, "agent": agent}


if __name__ == "__main__":
    main()
