"""Trains the pattern evaluation of 3-4 player games (cpp/src/multi/pattern_weights.inc).

Two steps, each reproducible (one seed) and single-threaded:

``label``: self-play games of one variant in which every colour plays the
informed MCTS (``polyreversi.multi_mcts`` with its defaults, ``--playouts``
per move; where tables ship its playouts are cut off and judged by them)
or, with probability ``--epsilon``, a random legal move; half of the games
start with 1-4 random blocked squares. Every colour of
every position is one sample: its pattern indices
(``_core._multi_pattern_indices``: the geometry is the core's), its linear
features (``_core._multi_features``), the phase, and as the label its final
disk count as a share of the playable squares. Games are written in chunks
(``DIR/VARIANT/chunk-K.npz``, each written whole, then renamed): an
interrupted run resumes at the first missing chunk.

``fit``: per variant found under DIR and per phase, least squares of the
label on the linear features and an intercept, then ridge least squares
(``scipy.sparse.linalg.lsqr``) of the rest on the pattern tables (one weight
per type, index and phase; every instance of a type shares its table). One
game in ten is held out: the RMS error of the share on it is printed beside
that of the linear features alone and of the tables in ``--out`` before the
fit (the shipped tables, judged on the same held-out games). Writes the
tables of every variant under DIR into ``--out``; the variants of ``--out``
that have no labels under DIR keep their tables (and their header lines), so
that one variant can be relabelled and refitted alone.

    nice -n 10 python scripts/train_multi_patterns.py label --variant 8x8/4p --games 600 --dir build/multi-labels
    nice -n 10 python scripts/train_multi_patterns.py fit --dir build/multi-labels --out cpp/src/multi/pattern_weights.inc

About 0.07 s of one core a game at 1,000 playouts a move on 8x8 (a second
generation of 10,000 such 8x8/4p games: benchmarks/multi_players.md, "Move
averages in the playouts; second-generation 8x8/4p tables").

Needs scipy (the ``train`` extra). Rebuild (``pip install -e .``) to ship the tables.
"""
from __future__ import annotations

import argparse
import os
import re
import random
import sys
import time
from pathlib import Path

import numpy as np

import polyreversi as pr
from polyreversi import _core

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from multi_selfplay import play_game  # noqa: E402

CHUNK = 20  # games per chunk file
STATES = 4  # a square's states in an index: empty, own, other, not playable (multi/patterns.hpp)
BOARD_KINDS = {"6x6": "Board6x6", "8x8": "Board8x8", "10x10": "Board10x10", "octagon": "Octagon"}


def play_chunk(variant: pr.Variant, chunk: int, games: int, playouts: int, epsilon: float, seed: int) -> dict:
    """Samples of ``games`` self-play games (arrays with one row per colour and position)."""
    rng = random.Random(f"{seed}:{variant}:{chunk}")
    idx, feats, phases, labels, game_of = [], [], [], [], []
    for g in range(games):
        rows_i, rows_f, rows_p = [], [], []

        def observe(state):
            ind, phase, _, _ = _core._multi_pattern_indices(state)
            f, _ = _core._multi_features(state)
            rows_i.append(ind)
            rows_f.append(f)
            rows_p.append(phase)

        def choose(state):
            return pr.multi_mcts(state, playouts=playouts, seed=rng.randrange(2**64)).move

        state = play_game(variant, (chunk * games + g) % 2 == 1, epsilon, rng, choose, observe)
        share = np.array(state.scores(), dtype=np.float32) / len(state.variant.squares)
        players = len(share)
        idx.append(np.concatenate(rows_i))
        feats.append(np.concatenate(rows_f))
        phases.append(np.repeat(np.array(rows_p, dtype=np.int8), players))
        labels.append(np.tile(share, len(rows_p)))
        game_of.append(np.full(players * len(rows_p), chunk * games + g, dtype=np.int32))
    return {"idx": np.concatenate(idx).astype(np.int32), "feats": np.concatenate(feats).astype(np.int16),
            "phase": np.concatenate(phases), "label": np.concatenate(labels), "game": np.concatenate(game_of)}


def label(args) -> int:
    variant = pr.Variant.parse(args.variant)
    if variant.players < 3:
        raise SystemExit(f"{variant}: three or four players only")
    out = Path(args.dir) / str(variant).replace("/", "_")
    out.mkdir(parents=True, exist_ok=True)
    started = time.time()
    for chunk in range(-(-args.games // CHUNK)):
        path = out / f"chunk-{chunk}.npz"
        if path.exists():
            continue
        data = play_chunk(variant, chunk, CHUNK, args.playouts, args.epsilon, args.seed)
        tmp = out / f"chunk-{chunk}.tmp.npz"
        np.savez(tmp, **data)
        os.replace(tmp, path)  # never a half-written chunk
        print(f"{variant} chunk {chunk}: {len(data['label'])} samples ({time.time() - started:.0f} s)",
              file=sys.stderr, flush=True)
    return 0


def load(folder: Path) -> dict:
    parts = [dict(np.load(p)) for p in sorted(folder.glob("chunk-*.npz")) if ".tmp" not in p.name]
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def design(data: dict, rows: np.ndarray, types: np.ndarray, offsets: np.ndarray, columns: int):
    """The samples ``rows`` as (pattern hits: sparse (n, columns), linear features and intercept: (n, F + 1))."""
    from scipy import sparse

    n = len(rows)
    lin = np.hstack([data["feats"][rows].astype(np.float64), np.ones((n, 1))])
    idx = data["idx"][rows] + offsets[types][None, :]
    k = idx.shape[1]
    pat = sparse.csr_matrix((np.ones(n * k), idx.ravel(), np.arange(0, n * k + 1, k)), shape=(n, columns))
    return pat, lin


def read_tables(path: str) -> dict:
    """The tables of a file ``write`` wrote: {variant text: (linear weights (phases, F + 1),
    entries [(phase, type, index, weight)], its header lines)}; {} when there is no such file."""
    if not os.path.exists(path):
        return {}
    text = Path(path).read_text()
    out = {}
    blocks = re.findall(r"^// (\S+)\nconst int kLinear\d+\[\] = \{([^}]*)\};\nconst int kEntries\d+\[\] = \{([^}]*)\};",
                        text, re.M)
    for name, linear, entries in blocks:
        lin = np.array([int(x) for x in linear.split(",")]).reshape(_core.MULTI_PHASES, -1)
        flat = [int(x) for x in entries.split(",") if x.strip()]
        header = [line[3:] for line in text.splitlines() if line.startswith(f"// {name} phase ")]
        out[name] = (lin, [tuple(flat[i:i + 4]) for i in range(0, len(flat), 4)], header)
    return out


def fit_variant(folder: Path, damp: float, iterations: int, smallest: int, shipped=None):
    """(variant, linear weights (phases, F + 1), entries [(phase, type, index, weight)], report).

    Per phase: least squares of the share on the linear features, then ridge
    least squares of what is left on the pattern tables (shrunk towards 0, so
    a rarely seen configuration keeps a small weight). ``shipped``: the
    variant's tables before (``read_tables``), whose held-out error is reported too."""
    from scipy.sparse.linalg import lsqr

    variant = pr.Variant.parse(folder.name.replace("_", "/"))
    _, _, types, lengths = _core._multi_pattern_indices(variant.start())
    type_len = {int(t): int(n) for t, n in zip(types, lengths)}
    sizes = np.array([STATES ** type_len[t] for t in sorted(type_len)])
    offsets = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    columns = int(sizes.sum())
    data = load(folder)
    held = data["game"] % 10 == 9
    linear, entries, report = [], [], []
    scale = _core.MULTI_SCALE
    for ph in range(_core.MULTI_PHASES):
        train = np.flatnonzero((data["phase"] == ph) & ~held)
        test = np.flatnonzero((data["phase"] == ph) & held)
        y = data["label"][train].astype(np.float64)
        pat, lin = design(data, train, types, offsets, columns)
        wl = np.linalg.lstsq(lin, y, rcond=None)[0]
        wp = lsqr(pat, y - lin @ wl, damp=damp, iter_lim=iterations)[0]
        yt = data["label"][test].astype(np.float64)
        pat_t, lin_t = design(data, test, types, offsets, columns)
        err_l = float(np.sqrt(np.mean((lin_t @ wl - yt) ** 2)))
        q = np.clip(np.rint(wp * scale), -32767, 32767).astype(int)
        q[np.abs(q) < smallest] = 0
        err = float(np.sqrt(np.mean((lin_t @ wl + pat_t @ (q / scale) - yt) ** 2)))
        before = ""
        if shipped is not None:
            old = np.zeros(columns)
            for p, t, i, w in shipped[1]:
                if p == ph:
                    old[offsets[t] + i] = w
            guess = (lin_t @ shipped[0][ph] + pat_t @ old) / scale
            before = f", tables before {float(np.sqrt(np.mean((guess - yt) ** 2))):.4f}"
        report.append(f"phase {ph}: {len(train)} samples, held-out RMS {err:.4f} (linear alone {err_l:.4f}{before})")
        for t in sorted(type_len):
            lo = offsets[t]
            for i in np.flatnonzero(np.abs(q[lo:lo + sizes[t]]) >= smallest):
                entries.append((ph, t, int(i), int(q[lo + i])))
        linear.append(np.rint(wl * scale).astype(int))
    return variant, np.array(linear), entries, report


def write(path: str, blocks, header: str) -> None:
    lines = ["// Written by scripts/train_multi_patterns.py; do not edit by hand."]
    lines += [f"// {line}" for line in header.splitlines()]
    names = []
    for n, (variant, linear, entries, _) in enumerate(blocks):
        names.append(n)
        lines.append(f"// {variant}")
        lines.append(f"const int kLinear{n}[] = {{{', '.join(str(int(x)) for x in linear.ravel())}}};")
        flat = [str(x) for e in entries for x in e]
        body = ",\n    ".join(", ".join(flat[i:i + 32]) for i in range(0, len(flat), 32))
        lines.append(f"const int kEntries{n}[] = {{\n    {body}}};")
    lines.append("constexpr int kMultiPatternWeightsCount = %d;" % len(blocks))
    lines.append("const MultiPatternWeightsData kMultiPatternWeights[] = {")
    for n, (variant, _, entries, _) in enumerate(blocks):
        board = BOARD_KINDS[variant.board]
        lines.append(f"    {{BoardKind::{board}, {variant.players}, {'true' if variant.anti else 'false'}, "
                     f"kLinear{n}, kEntries{n}, {len(entries)}}},")
    lines.append("};")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(tmp, path)  # never a half-written file


def fit(args) -> int:
    shipped = read_tables(args.out)
    blocks, header = [], [f"damp={args.damp} iterations={args.iterations} smallest={args.smallest}; held-out RMS error of the share per phase (one game in ten):"]
    for folder in sorted(p for p in Path(args.dir).iterdir() if p.is_dir()):
        if args.variant and folder.name not in [v.replace("/", "_") for v in args.variant]:
            continue
        started = time.time()
        name = folder.name.replace("_", "/")
        block = fit_variant(folder, args.damp, args.iterations, args.smallest, shipped.pop(name, None))
        blocks.append(block)
        for line in block[3]:
            header.append(f"{block[0]} {line}")
            print(f"{block[0]} {line}", file=sys.stderr)
        print(f"{block[0]}: {len(block[2])} entries ({time.time() - started:.0f} s)", file=sys.stderr)
    for name, (linear, entries, lines) in shipped.items():  # no labels here: kept as they were
        blocks.append((pr.Variant.parse(name), linear, entries, lines))
        header += lines
        print(f"{name}: kept from {args.out}", file=sys.stderr)
    blocks.sort(key=lambda block: str(block[0]))
    header[1:] = sorted(header[1:])
    write(args.out, blocks, "\n".join(header))
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    lab = sub.add_parser("label", help="self-play games into DIR/VARIANT/chunk-K.npz")
    lab.add_argument("--variant", required=True)
    lab.add_argument("--games", type=int, default=600)
    lab.add_argument("--playouts", type=int, default=100, help="playouts of each move's search")
    lab.add_argument("--epsilon", type=float, default=0.1, help="share of random moves")
    lab.add_argument("--seed", type=int, default=1)
    lab.add_argument("--dir", required=True)
    lab.set_defaults(run=label)
    ft = sub.add_parser("fit", help="fit every variant under DIR and write the tables")
    ft.add_argument("--dir", required=True)
    ft.add_argument("--variant", action="append", help="only these variants (repeatable)")
    ft.add_argument("--damp", type=float, default=20.0, help="ridge damping of lsqr (its square is the ridge weight)")
    ft.add_argument("--smallest", type=int, default=8,
                    help="smaller table weights (in 1/MULTI_SCALE of the board) are left out as 0")
    ft.add_argument("--iterations", type=int, default=300, help="lsqr iterations per phase")
    ft.add_argument("--out", default="cpp/src/multi/pattern_weights.inc")
    ft.set_defaults(run=fit)
    args = ap.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
