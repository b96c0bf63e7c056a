"""Error of the evaluations on held-out positions, per 10 empties: the 8x8
pattern evaluation on WTHOR games (two weights files side by side), beside
Egaroucid's published error, then every board and rule on self-play
positions labelled exactly or by a deeper search (eval_error_boards.py).

    python scripts/train_patterns.py extract     # the held-out positions (build/patterns/positions.npz)
    nice -n 10 python benchmarks/eval_error.py --old build/old/pattern_weights.inc --write benchmarks/eval_error.md
    python benchmarks/eval_error.py --boards none    # the WTHOR table only

Held-out positions: every ply of the WTHOR games that scripts/train_patterns.py
holds out (every 10th game of ../shared/data/wthor/*.wtb), labelled as it
labels them: the exact score at <= 14 empties, the game's WTHOR theoretical
score (perfect play from 24 empties on) at >= 24, the exact score of the
game's first position with <= 14 empties in between. Values are disks from
the mover's view. Each weights file is evaluated by the Python reference
(tests/reference/patterns.py sums), and the installed build's evaluation is
checked to give the same integers as --new (the file it was built from).

Egaroucid's figures are read off the plot "eval_loss_mae.png" of its technical
explanation (Egaroucid 7.5.0, docs/en/technology/explanation, section
"Egaroucid 7.5.0 Training Results"; phase = 60 - empties, averaged over each
10 empties; +-0.1 disk reading error). Its labels differ: the final disk
difference of self-play games (level 11; "test": level 30 after 0-12 random
moves), not exact or theoretical scores, and its positions are not ours: the
columns are a yardstick, not a like-for-like comparison (source: Nyanyan/Egaroucid,
web_resources/en/technology/explanation/index.md and img/eval_loss_mae.png,
commit 8a98e5a; phase p of the plot is p moves played, 60 - p empties).
The exact scores of held-out positions with 20-24 empties (train_patterns.py
solve, build/patterns/heldout_exact.npz), when there, give a row of their own.
"""
from __future__ import annotations

import argparse
import datetime
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import train_patterns as tp  # noqa: E402  (also puts tests/ on the path for the reference patterns)
from eval_error_boards import table as board_table  # noqa: E402

# Egaroucid 7.5.0 MAE by 10 empties (0-9 ... 50-59), read off its plot: validation
# (self-play level 11, the training data's quality) and test (level 30) data.
EGAROUCID_VAL = (3.4, 4.65, 4.35, 4.6, 4.4, 1.4)
EGAROUCID_TEST = (3.3, 4.3, 3.7, 3.2, 2.95, 1.4)


def predict(path, cells, empties, ranks_offsets, n_cols):
    """Evaluation in disks of each row by the weights file `path` (int sums in 1/100 disk, clipped as the C++)."""
    q = np.rint(tp.read_weights(n_cols, path) * 100)
    ph = tp.pt.phase_of(empties)
    out = np.zeros(len(cells))
    for p in np.unique(ph):
        rows = np.flatnonzero(ph == p)
        out[rows] = tp.design(cells[rows], ranks_offsets, n_cols, empties[rows]) @ q[p]
    return np.clip(out, -6399, 6399) / 100.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cache", default=tp.CACHE, help="positions file of train_patterns.py extract")
    ap.add_argument("--old", help="the weights file before (a pattern_weights.inc; default: the --new one)")
    ap.add_argument("--new", default=tp.OUT, help="the weights file after (default: the source tree's)")
    ap.add_argument("--write", help="write the table to this Markdown file")
    ap.add_argument("--boards", default="all",
                    help="boards of the self-play table: 'all', 'none' or names ('8x8,octagon')")
    ap.add_argument("--rules", default="normal,anti", help="rules of the self-play table: 'normal', 'anti' or both")
    ap.add_argument("--per-band", type=int, default=20, help="self-play table: positions per 10 empties")
    ap.add_argument("--max-games", type=int, default=200, help="self-play table: at most this many games a board")
    args = ap.parse_args()
    import polyreversi as pr

    boards = [] if args.boards == "none" else list(pr.BOARDS) if args.boards == "all" else args.boards.split(",")
    rules = args.rules.split(",")
    for name in boards:
        if name not in pr.BOARDS:
            ap.error(f"--boards: {name!r} is not one of {', '.join(pr.BOARDS)}")
    if not rules or any(r not in ("normal", "anti") for r in rules):
        ap.error(f"--rules {args.rules}: 'normal', 'anti' or 'normal,anti'")
    for name in ("per_band", "max_games"):
        if getattr(args, name) < 1:
            ap.error(f"--{name.replace('_', '-')}: must be at least 1")
    args.old = args.old or args.new
    from polyreversi import _core

    cells, empties, labels, games, _ = tp.load(args.cache)
    held = games % tp.HOLDOUT == 0
    c, e, y = cells[held], empties[held], labels[held]
    ranks_offsets, n_cols = tp.layout()
    old = predict(args.old, c, e, ranks_offsets, n_cols)
    new = predict(args.new, c, e, ranks_offsets, n_cols)
    P, O = tp.bitboards(c)
    built = _core._evaluate_8x8(P, O, False) / 100.0
    same = bool(np.array_equal(np.rint(built * 100), np.rint(new * 100)))
    lines = [
        f"Held-out: {len(y):,} positions of {len(np.unique(games[held])):,} WTHOR games; mean absolute error in disks "
        "(RMS in brackets); Egaroucid 7.5.0 read off its published plot (other labels and positions).",
        "",
        "| empties | positions | old | new | Egaroucid val | Egaroucid test |",
        "|---|---|---|---|---|---|",
    ]
    for k, lo in enumerate(range(0, 60, 10)):
        s = (e >= lo) & (e < lo + 10)
        if not s.any():
            continue
        lines.append(f"| {lo}-{lo + 9} | {s.sum():,} | {np.abs(old[s] - y[s]).mean():.2f} "
                     f"({np.sqrt(((old[s] - y[s]) ** 2).mean()):.2f}) | {np.abs(new[s] - y[s]).mean():.2f} "
                     f"({np.sqrt(((new[s] - y[s]) ** 2).mean()):.2f}) | {EGAROUCID_VAL[k]:.1f} | {EGAROUCID_TEST[k]:.1f} |")
    lines.append(f"| all | {len(y):,} | {np.abs(old - y).mean():.2f} | {np.abs(new - y).mean():.2f} | | |")
    if os.path.isfile(tp.held_exact_path(args.cache)):
        with np.load(tp.held_exact_path(args.cache)) as d:
            xc, xe, xy = d["cells"], d["empties"].astype(np.int64), d["labels"].astype(np.float64)
        xo, xn = predict(args.old, xc, xe, ranks_offsets, n_cols), predict(args.new, xc, xe, ranks_offsets, n_cols)
        lines.append(f"| {xe.min()}-{xe.max()}, exact | {len(xy):,} | {np.abs(xo - xy).mean():.2f} "
                     f"({np.sqrt(((xo - xy) ** 2).mean()):.2f}) | {np.abs(xn - xy).mean():.2f} "
                     f"({np.sqrt(((xn - xy) ** 2).mean()):.2f}) | | |")
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines += ["", f"old: `{os.path.relpath(args.old, ROOT)}`; new: `{os.path.relpath(args.new, ROOT)}`; "
              f"the installed build gives the new file's integers: {'yes' if same else 'NO'} ({when}; "
              f"load {os.getloadavg()[0]:.1f})."]
    if boards:
        from eval_error_boards import ANTI_EXACT_LESS, EXACT_EMPTIES, SEARCH_DEPTH

        lines += ["", "## Every board, self-play positions", "",
                  f"The installed build's `pr.evaluate` on held-out self-play positions ({args.per_band} per 10 "
                  "empties, at most one a game; how they are played and labelled: eval_error_boards.py). "
                  "Mean absolute error in disks (RMS): against the label (exact up to "
                  + ", ".join(f"{b} {EXACT_EMPTIES[b]}" for b in boards) + f" empties, {ANTI_EXACT_LESS} fewer with Anti-Reversi; above, a search of depth "
                  + ", ".join(f"{b} {SEARCH_DEPTH[b]}" for b in boards) + " of the same build, which understates "
                  "the error) and against the game's result (the self-play moves to the exact zone, perfect play "
                  "after: overstates it). Egaroucid 7.5.0's test MAE beside the 8x8 rows (its labels: level-30 "
                  "self-play results).", "",
                  "| board | rule | empties | positions | label | MAE (RMS) vs label | MAE (RMS) vs game | Egaroucid test |",
                  "|---|---|---|---|---|---|---|---|"]
        for b in boards:
            for r in rules:
                rows = board_table(b, r == "anti", args.per_band, args.max_games)
                egaroucid = EGAROUCID_TEST if b == "8x8" and r == "normal" else ()
                lines += [row + (f" {egaroucid[k]:.1f} |" if k < len(egaroucid) else " |") for k, row in rows]
    text = "\n".join(lines)
    print(text)
    if args.write:
        head = ("# Evaluation error by phase\n\nGenerated by `nice -n 10 python benchmarks/eval_error.py "
                "[--old OLD] --write benchmarks/eval_error.md` (how the held-out sets and the labels are made: "
                "that script's and eval_error_boards.py's docstrings).\n\n## 8x8, WTHOR games\n\n")
        with open(args.write + ".tmp", "w") as f:
            f.write(head + text + "\n")
        os.replace(args.write + ".tmp", args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
