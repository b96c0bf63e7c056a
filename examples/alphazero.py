"""AlphaZero-style training on small boards: batched PUCT self-play, a torch network, evaluation
against a searching opponent.

Each iteration plays ``--games`` self-play games at once in one :class:`polyreversi.Batch`:
every move is a :func:`polyreversi.envs.puct.puct` search of ``--simulations`` per game
(Dirichlet noise at the roots; ``--leaves`` per tree per round with virtual loss, ``--reuse``
to keep each game's subtree between moves), whose leaves the network evaluates in one batch
per round;
moves are drawn from the visit counts (temperature 1 for the first ``--explore-plies``
plies, then the most visited). Every position is kept with its visit distribution (the
policy target) and, once its game ends, the result for the player who was to move there
(the value target, the Batch reward rule). The network (two hidden layers, a policy head
over N*N+1 moves and a tanh value head) is then trained on the replay buffer, each
position also seen under a random symmetry of the board
(:mod:`polyreversi.envs.symmetry`). Every ``--eval-every`` iterations it plays
``--eval-games`` games, half as Black and half as White, with PUCT at
``--eval-simulations`` and no noise, against ``--opponent`` (``search:2``, ``greedy``,
``mcts:50``, played in C++ by :meth:`polyreversi.Batch.choose`), from random openings of
``--eval-plies`` plies, each opening once with each colour, and prints W/D/L.

    python examples/alphazero.py --variant 6x6 --iterations 40 --opponent search:2

``--checkpoint PATH`` saves everything (network, optimiser, replay buffer, random states,
history, time used) after every iteration, atomically; run the same command again to go on
from there. ``--minutes`` bounds the training time over all runs, ``--export FILE.npz``
writes the network for :mod:`polyreversi.baseline` (NumPy, no torch needed to play it).

Needs torch (``pip install 'polyreversi[rl]'``). See docs/training.md.
"""
from __future__ import annotations

import argparse
import os
import time

import numpy as np
import torch
from torch import nn

import polyreversi as pr
from polyreversi.envs.puct import PuctTrees, puct
from polyreversi.envs.symmetry import symmetries
from polyreversi.envs.tensors import masks_as_tensor, observations_as_tensor


class Net(nn.Module):
    """planes (C, N, N) -> (policy logits over N*N+1 moves, value in [-1, 1] for the player to move)."""

    def __init__(self, channels: int, n: int, hidden: int = 256) -> None:
        super().__init__()
        self.body = nn.Sequential(nn.Flatten(), nn.Linear(channels * n * n, hidden), nn.ReLU(),
                                  nn.Linear(hidden, hidden), nn.ReLU())
        self.policy = nn.Linear(hidden, n * n + 1)
        self.value = nn.Sequential(nn.Linear(hidden, 1), nn.Tanh())

    def forward(self, obs: torch.Tensor):
        h = self.body(obs.float())
        return self.policy(h), self.value(h).squeeze(-1)


def evaluator(net: Net):
    """The PUCT callback: softmax priors over the legal moves and the value, no gradients."""

    def evaluate(leaves):
        with torch.no_grad():
            logits, value = net(observations_as_tensor(leaves.observations))
            logits = logits.masked_fill(~masks_as_tensor(leaves.masks), -1e9)
            return torch.softmax(logits, dim=1).numpy(), value.numpy()

    return evaluate


def self_play(net: Net, variant: str, games: int, args, rng: np.random.Generator, seed: int):
    """``games`` whole self-play games; returns (planes, policy targets, value targets)."""
    batch = pr.Batch(variant, games, seed=seed, threads=1)
    evaluate = evaluator(net)
    planes, targets, movers, owners = [], [], [], []
    results = np.zeros((games, batch.variant.players), np.float32)
    trees = PuctTrees(games) if getattr(args, "reuse", False) else None
    ply = 0
    while not batch.done.all():
        live = ~batch.done
        result = puct(batch, evaluate, simulations=args.simulations, c_puct=args.c_puct,
                      dirichlet_fraction=args.dirichlet_fraction, dirichlet_alpha=args.dirichlet_alpha,
                      seed=int(rng.integers(2**63)), leaves_per_game=getattr(args, "leaves", 1), trees=trees)
        rows = np.flatnonzero(live)
        planes.append(batch.observe()[rows])
        targets.append(result.policy(1.0))
        movers.append(batch.to_move[rows].astype(np.intp) - 1)
        owners.append(rows)
        chosen = result.sample(1.0 if ply < args.explore_plies else 0.0, rng)
        moves = np.full(games, -1, np.int32)
        moves[rows] = chosen
        batch.step(moves)
        ply += 1
        results[batch.done] = batch.rewards[batch.done]
    values = [results[o, m] for o, m in zip(owners, movers)]
    return np.concatenate(planes), np.concatenate(targets), np.concatenate(values).astype(np.float32)


def augment(planes: np.ndarray, targets: np.ndarray, variant, rng: np.random.Generator):
    """Each position under one random symmetry of the board (the same for its target)."""
    group = symmetries(variant)
    pick = rng.integers(len(group), size=len(planes))
    out_p, out_t = planes.copy(), targets.copy()
    for k, g in enumerate(group):
        rows = pick == k
        if rows.any():
            out_p[rows], out_t[rows] = g.planes(planes[rows]), g.policy(targets[rows])
    return out_p, out_t


def train(net: Net, optimizer, buffer, variant, args, rng: np.random.Generator) -> float:
    planes, targets, values = (np.concatenate(part) for part in zip(*buffer))
    planes, targets = augment(planes, targets, variant, rng)
    total = 0.0
    for _ in range(args.epochs):
        order = rng.permutation(len(planes))
        for start in range(0, len(order), args.batch_size):
            idx = order[start:start + args.batch_size]
            logits, value = net(torch.from_numpy(planes[idx]))
            loss = (-(torch.from_numpy(targets[idx]) * torch.log_softmax(logits, dim=1)).sum(dim=1).mean()
                    + ((value - torch.from_numpy(values[idx])) ** 2).mean())
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            total = loss.item()
    return total


def openings(variant: str, count: int, plies: int, seed: int) -> list:
    """``count`` positions after ``plies`` random legal moves from the start (distinct
    openings spread the evaluation games; each is played once with each colour)."""
    rng = np.random.default_rng(seed)
    found, seen = [], set()
    for _ in range(100 * count):
        state = pr.Variant.parse(variant).start()
        for _ in range(plies):
            state.play(int(rng.choice(state.legal_moves())))
        if state.is_over() or tuple(state.moves()) in seen:
            continue
        seen.add(tuple(state.moves()))
        found.append(state)
        if len(found) == count:
            break
    return found


def match(net: Net, variant: str, opponent: str, games: int, simulations: int, plies: int, seed: int) -> dict:
    """W/D/L of PUCT with the network (no noise, the most visited move) against ``opponent``
    (a :meth:`polyreversi.Batch.choose` policy: ``search:2``, ``greedy``, ``mcts:50``...),
    over ``games // 2`` random openings of ``plies`` plies, each played with both colours."""
    evaluate = evaluator(net)
    starts = openings(variant, games // 2, plies, seed)
    score = {"wins": 0, "draws": 0, "losses": 0}
    for seat in (1, 2):  # the network plays Black, then White
        batch = pr.Batch(variant, len(starts), start=starts, threads=1)
        while not batch.done.all():
            live = ~batch.done
            mine = live & (batch.to_move == seat)
            theirs = live & ~mine
            moves = np.full(batch.size, -1, np.int32)
            if mine.any():
                moves[mine] = puct(batch, evaluate, simulations=simulations, which=mine).sample(0.0)
            if theirs.any():
                moves[theirs] = batch.choose(opponent, which=theirs)[theirs]
            batch.step(moves)
        reward = batch.rewards[:, seat - 1]
        score["wins"] += int((reward > 0).sum())
        score["draws"] += int((reward == 0).sum())
        score["losses"] += int((reward < 0).sum())
    return score


def export(net: Net, variant, path: str, note: str, planes: np.ndarray) -> None:
    """The weights as float32 arrays in the layout :mod:`polyreversi.baseline` reads (weights
    (out, in) as torch keeps them), with torch's own outputs for ``planes`` (``check.*``:
    what the NumPy forward pass must give), written to ``path`` through a temporary file."""
    layers = [net.body[1], net.body[3], net.policy, net.value[0]]
    names = ["hidden0", "hidden1", "policy", "value"]
    arrays = {}
    for name, layer in zip(names, layers):
        arrays[f"{name}.weight"] = layer.weight.detach().numpy().astype(np.float32)
        arrays[f"{name}.bias"] = layer.bias.detach().numpy().astype(np.float32)
    arrays["variant"] = np.array(str(variant))
    arrays["note"] = np.array(note)
    with torch.no_grad():
        logits, value = net(torch.from_numpy(planes))
    arrays["check.planes"] = planes
    arrays["check.logits"] = logits.numpy()
    arrays["check.values"] = value.numpy()
    tmp = path + ".tmp.npz"
    np.savez_compressed(tmp, **arrays)
    os.replace(tmp, path)


def save_checkpoint(path: str, state: dict) -> None:
    tmp = path + ".tmp"
    torch.save(state, tmp)
    os.replace(tmp, path)  # a Ctrl-C while saving leaves the previous checkpoint whole


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="6x6")
    p.add_argument("--iterations", type=int, default=40)
    p.add_argument("--games", type=int, default=128, help="self-play games per iteration")
    p.add_argument("--simulations", type=int, default=64)
    p.add_argument("--leaves", type=int, default=1, help="self-play leaves per tree per round (virtual loss)")
    p.add_argument("--reuse", action="store_true", help="self-play keeps each game's subtree between moves")
    p.add_argument("--c-puct", type=float, default=1.5)
    p.add_argument("--dirichlet-alpha", type=float, default=0.5)
    p.add_argument("--dirichlet-fraction", type=float, default=0.25)
    p.add_argument("--explore-plies", type=int, default=8)
    p.add_argument("--buffer", type=int, default=8, help="iterations of self-play kept for training")
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batch-size", type=int, default=256)
    p.add_argument("--learning-rate", type=float, default=1e-3)
    p.add_argument("--opponent", default="search:2", help="one or more, comma-separated (search:2,search:4)")
    p.add_argument("--eval-every", type=int, default=5)
    p.add_argument("--eval-games", type=int, default=100)
    p.add_argument("--eval-simulations", type=int, default=64)
    p.add_argument("--eval-plies", type=int, default=4, help="random plies of each evaluation opening")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--save", default=None, help="save the network's weights here (torch.save)")
    p.add_argument("--checkpoint", default=None, help="save the whole training state here each iteration; "
                   "resume from it when it exists")
    p.add_argument("--minutes", type=float, default=None, help="stop after the iteration that passes this "
                   "much training time (summed over resumed runs)")
    p.add_argument("--hidden", type=int, default=256)
    p.add_argument("--export", default=None, help="write the network as NumPy weights (.npz) at the end")
    args = p.parse_args(argv)

    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    rng = np.random.default_rng(args.seed)
    variant = pr.Variant.parse(args.variant)
    net = Net(variant.players + 4, variant.n, args.hidden)
    optimizer = torch.optim.Adam(net.parameters(), lr=args.learning_rate, weight_decay=1e-4)
    buffer, history, first, used = [], [], 1, 0.0
    if args.checkpoint and os.path.exists(args.checkpoint):
        state = torch.load(args.checkpoint, weights_only=False)
        net.load_state_dict(state["net"])
        optimizer.load_state_dict(state["optimizer"])
        buffer, history, used = state["buffer"], state["history"], state["seconds"]
        rng.bit_generator.state = state["rng"]
        torch.set_rng_state(state["torch_rng"])
        first = state["iteration"] + 1
        print(f"resumed from {args.checkpoint} after iteration {state['iteration']} ({used:.0f} s)", flush=True)
    started = time.perf_counter() - used
    for it in range(first, args.iterations + 1):
        if args.minutes is not None and time.perf_counter() - started >= 60 * args.minutes:
            break
        buffer.append(self_play(net, args.variant, args.games, args, rng, seed=args.seed * 100_000 + it))
        buffer = buffer[-args.buffer:]
        loss = train(net, optimizer, buffer, variant, args, rng)
        line = {"iteration": it, "positions": sum(len(b[0]) for b in buffer), "loss": round(loss, 4),
                "seconds": round(time.perf_counter() - started, 1)}
        if it % args.eval_every == 0 or it == args.iterations:
            for opponent in args.opponent.split(","):
                score = match(net, args.variant, opponent, args.eval_games, args.eval_simulations,
                              args.eval_plies, seed=it)
                line[opponent] = f"{score['wins']}/{score['draws']}/{score['losses']}"
            # the evaluation games are not training time
            started += time.perf_counter() - started - line["seconds"]
        history.append(line)
        print(line, flush=True)
        if args.checkpoint:
            save_checkpoint(args.checkpoint, {"net": net.state_dict(), "optimizer": optimizer.state_dict(),
                                              "buffer": buffer, "history": history, "iteration": it,
                                              "seconds": time.perf_counter() - started, "rng": rng.bit_generator.state,
                                              "torch_rng": torch.get_rng_state()})
    if args.save:
        torch.save(net.state_dict(), args.save)
    if args.export:
        positions = buffer[-1][0] if buffer else np.zeros((1, variant.players + 4, variant.n, variant.n), np.uint8)
        export(net, variant, args.export, f"examples/alphazero.py, {len(history)} iterations, "
               f"{history[-1]['seconds'] if history else 0} s of training",
               positions[np.random.default_rng(0).permutation(len(positions))[:16]])
    return {"history": history, "net": net}


if __name__ == "__main__":
    main()
