"""Fits the weights of the 3-4 player evaluation (cpp/src/multi/weights.cpp).

For each objective (most disks win, Anti-Reversi), board (8x8, 10x10,
octagon) and player count (3, 4), it plays self-play games in which every
move is a depth-1 Best-Reply Search with the current weights or, with
probability ``--epsilon``, a random legal move (half of the games on a board
with 1-4 random blocked squares), and records every position. Each colour of
each position is one sample: the core's features of that colour
(``polyreversi._core._multi_features``: disks, disks that can never flip,
disks next to an empty such square, edge disks, flipping moves, frontier
disks) and, as the label, its final disk count as a share of the playable
squares. Least squares per phase (share of the board filled, in
``MULTI_PHASES`` steps) gives one weight per feature and an intercept, in
1/``MULTI_SCALE`` of the playable squares.

The run is reproducible (one seed), single-threaded and bounded: the
defaults take a few minutes on one core. Rebuild after it
(``pip install -e .``) to ship the new weights.

    nice -n 10 python scripts/train_multi_eval.py --games 120 --out cpp/src/multi/weights.cpp
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

import numpy as np

import polyreversi as pr
from polyreversi import _core

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from multi_selfplay import play_game  # noqa: E402

BOARDS = ("8x8", "10x10", "octagon")
PLAYERS = (3, 4)


def self_play(variant: pr.Variant, games: int, epsilon: float, rng: random.Random):
    """(features (K, F), phase (K,), label (K,)) over every colour of every position."""
    feats, phases, labels = [], [], []
    for g in range(games):
        game_feats, game_phases = [], []

        def observe(state):
            f, phase = _core._multi_features(state)
            game_feats.append(np.array(f))
            game_phases.append(phase)

        state = play_game(variant, g % 2 == 1, epsilon, rng, lambda s: pr.multi_search(s, pr.Limit(depth=1)).move,
                          observe)
        share = np.array(state.scores(), dtype=np.float64) / len(state.variant.squares)
        for f, phase in zip(game_feats, game_phases):
            feats.append(f)
            phases.append(np.full(len(share), phase))
            labels.append(share)
    return (np.concatenate(feats).astype(np.float64), np.concatenate(phases), np.concatenate(labels))


def fit(feats, phases, labels):
    """Weights (phases, F + 1) in 1/MULTI_SCALE share units, and the RMS error per phase."""
    weights, errors = [], []
    for ph in range(_core.MULTI_PHASES):
        rows = phases == ph
        X = np.hstack([feats[rows], np.ones((rows.sum(), 1))])
        y = labels[rows]
        w, *_ = np.linalg.lstsq(X, y, rcond=None)
        errors.append(float(np.sqrt(np.mean((X @ w - y) ** 2))))
        weights.append(np.rint(w * _core.MULTI_SCALE).astype(int))
    return np.array(weights), errors


def write(path: str, table, header: str) -> None:
    def block(x, indent):
        if np.ndim(x) == 1:
            return "{" + ", ".join(str(int(v)) for v in x) + "}"
        inner = (",\n" + " " * (indent + 1)).join(block(y, indent + 1) for y in x)
        return "{" + inner + "}"

    text = ("// Written by scripts/train_multi_eval.py; do not edit by hand.\n"
            + "".join(f"// {line}\n" for line in header.splitlines())
            + '#include "polyreversi/multi/weights.hpp"\n\nnamespace polyreversi {\n\n'
            + "const int kMultiWeights[2][3][2][kMultiPhases][kMultiFeatures + 1] = "
            + block(table, 0) + ";\n\n}  // namespace polyreversi\n")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)  # never a half-written file


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=120, help="self-play games per board, player count and objective")
    ap.add_argument("--epsilon", type=float, default=0.15, help="share of random moves in the self-play games")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="cpp/src/multi/weights.cpp")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    table = np.zeros((2, len(BOARDS), len(PLAYERS), _core.MULTI_PHASES, _core.MULTI_FEATURES + 1), dtype=int)
    report = [f"games={args.games} epsilon={args.epsilon} seed={args.seed}; RMS error of the share per phase:"]
    for anti in (False, True):
        for b, board in enumerate(BOARDS):
            for p, players in enumerate(PLAYERS):
                started = time.time()
                variant = pr.Variant(board, players=players, anti=anti)
                feats, phases, labels = self_play(variant, args.games, args.epsilon, rng)
                table[int(anti), b, p], errors = fit(feats, phases, labels)
                line = (f"{variant}: {len(labels)} samples, "
                        + " ".join(f"{e:.4f}" for e in errors))
                report.append(line)
                print(line, f"({time.time() - started:.0f} s)", file=sys.stderr)
    write(args.out, table, "\n".join(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
