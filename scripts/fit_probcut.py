"""Fit the ProbCut error of the exact solver's selective passes
(cpp/include/polyreversi/search/probcut.hpp): sigma, in disks, of
(depth-d search value - exact value) by empties E and search depth d.

    python scripts/fit_probcut.py [games]       # default 120 games

Data: the standard 8x8 positions of ../shared/data/wthor/WTH_2015.wtb (games
in file order, the first `games` that replay), at E = 12, 14, ..., 22
empties (one position per game and E, the player to move having a move).
For each: the exact score (pr.solve, disk counts) and the values of
pr.search(depth=d) for d = 1 .. 8 (the trained pattern evaluation; a
depth-d search from the node is what the selective pass runs). Prints the
mean and sigma of the error per (E, d), then the least-squares plane
sigma = a + b*E + c*d over the cells, which probcut.hpp uses.

    python scripts/fit_probcut.py --midgame --board 8x8 [--positions 160] [--max-depth 10]

The midgame Multi-ProbCut (probcut.hpp, MidgameCut; fits in
probcut_fits.hpp): for each board, positions over every phase
(scripts/midgame_positions.py: WTHOR 2010 games on 8x8, seeded games of a
shallow search elsewhere) are searched full width (pr.search(selective=False))
to every depth 1 .. max-depth below their empties, and the static
evaluation taken. For each deep depth D from MidgameCut::kMinDepth and its
predicting depth D' (shallow_depth below): the regression
v_D ~ a * v_D' + b over all phases, then per phase of `--phase-width`
empties the rms residual sigma and the rms error sigma0 of the evaluation
against v_D, smoothed as a line in the empties per D (few positions a cell).
The fit of the board goes to probcut_fits.json (every board's, the record)
and the C++ data probcut_fits.inc is written again from it.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "..", "shared", "data", "wthor", "WTH_2015.wtb")
sys.path.insert(0, os.path.join(ROOT, "scripts"))
EMPTIES = (12, 14, 16, 18, 20, 22)
DEPTHS = tuple(range(1, 9))


FITS_DIR = os.path.join(ROOT, "cpp", "include", "polyreversi", "search")
FITS_JSON = os.path.join(FITS_DIR, "probcut_fits.json")
FITS_INC = os.path.join(FITS_DIR, "probcut_fits.inc")
#: FitBoard of probcut_fits.hpp for each board text.
FIT_BOARDS = {"8x8": "k8x8", "8x8/anti": "k8x8Anti", "6x6": "k6x6", "6x6/anti": "k6x6Anti",
              "10x10": "k10x10", "10x10/anti": "k10x10Anti", "octagon": "kOctagon", "octagon/anti": "kOctagonAnti"}
MIN_DEPTH = 3  # MidgameCut::kMinDepth


def shallow_depth(depth: int) -> int:
    """MidgameCut::shallow_depth (probcut.hpp)."""
    return ((depth // 2) & ~1) + (depth & 1)


def midgame_values(states, max_depth: int, log=print):
    """Per position: (empties, [evaluation, v_1, ..., v_k]) with v_d the
    full-width depth-d value (k = min(max_depth, empties - 1))."""
    import polyreversi as pr
    from midgame_positions import empties_of

    import inspect

    # A build from before the selective search is full width without the argument.
    full_width = {"selective": False} if "selective" in inspect.signature(pr.search).parameters else {}
    out = []
    t0 = time.monotonic()
    for i, s in enumerate(states):
        e = empties_of(s)
        values = [pr.evaluate(s)]
        for d in range(1, min(max_depth, e - 1) + 1):
            values.append(pr.search(s, depth=d, tt_mb=8, **full_width).score)
        out.append((e, values))
        if (i + 1) % 10 == 0:
            log(f"  {i + 1}/{len(states)} positions, {time.monotonic() - t0:.0f} s", flush=True)
    return out


def fit_midgame(data, max_depth: int, phase_width: int, squares: int) -> dict:
    """The cells of one board's fit (see the module's docstring)."""
    phases = squares // phase_width + 1
    cells = []
    report = []
    for D in range(MIN_DEPTH, max_depth + 1):
        d = shallow_depth(D)
        rows = [(e, v[d], v[D], v[0]) for e, v in data if len(v) > D]
        if len(rows) < 20:
            raise SystemExit(f"depth {D}: {len(rows)} positions, too few to fit")
        E = np.array([r[0] for r in rows], float)
        x = np.array([r[1] for r in rows])
        y = np.array([r[2] for r in rows])
        ev = np.array([r[3] for r in rows])
        a, b = np.polyfit(x, y, 1)
        a = float(np.clip(a, 0.5, 1.5))  # a wild slope would move the bounds far: keep it near 1
        b = float(np.mean(y - a * x))
        res = y - (a * x + b)
        err0 = y - ev
        # sigma as a line in the empties: a least-squares fit of the squared
        # errors (their mean is the variance), taken to the root.
        X = np.stack([np.ones_like(E), E], axis=1)
        k, *_ = np.linalg.lstsq(X, res**2, rcond=None)
        k0, *_ = np.linalg.lstsq(X, err0**2, rcond=None)
        floor, floor0 = 0.25 * np.mean(res**2), 0.25 * np.mean(err0**2)
        for p in range(phases):
            mid = min(p * phase_width + (phase_width - 1) / 2, squares)
            var = max(k[0] + k[1] * mid, floor)
            var0 = max(k0[0] + k0[1] * mid, floor0)
            cells.append([round(a, 4), round(b, 3), round(float(np.sqrt(var)), 3), round(float(np.sqrt(var0)), 3)])
        report.append(f"D={D} D'={d} n={len(rows)} a={a:.3f} b={b:+.2f} sigma={np.sqrt(np.mean(res**2)):.2f} "
                      f"sigma0={np.sqrt(np.mean(err0**2)):.2f}")
    return {"min_depth": MIN_DEPTH, "max_depth": max_depth, "phase_width": phase_width, "phases": phases,
            "cells": cells, "report": report}


def render_inc(fits: dict) -> str:
    """The text of probcut_fits.inc for every board's fit."""
    lines = ["// Generated by scripts/fit_probcut.py --midgame from probcut_fits.json; do not edit.",
             "// Per board: {a, b, sigma, sigma0} for D = min_depth .. max_depth, each over the phases.", ""]
    entries = []
    for board in sorted(fits, key=lambda b: list(FIT_BOARDS).index(b)):
        fit = fits[board]
        name = "kCells" + "".join(ch for ch in FIT_BOARDS[board][1:] if ch.isalnum())
        lines.append(f"// {board}: {fit['positions']} positions, {fit['source']} ({fit['date']}); t = {fit['t']}")
        lines.append(f"inline constexpr ProbCutCell {name}[] = {{")
        for c in fit["cells"]:
            lines.append(f"    {{{c[0]}f, {c[1]}f, {c[2]}f, {c[3]}f}},")
        lines.append("};")
        entries.append(f"    ProbCutFit{{FitBoard::{FIT_BOARDS[board]}, {fit['t']}f, {fit['min_depth']}, {fit['max_depth']}, "
                       f"{fit['phase_width']}, {fit['phases']}, {name}}},")
    lines.append(f"inline constexpr std::array<ProbCutFit, {len(entries)}> kProbCutFits{{{{")
    lines += entries
    lines.append("}};")
    return "\n".join(lines) + "\n"


def write_fits(fits: dict) -> None:
    """probcut_fits.json and probcut_fits.inc from every board's fit (atomic writes)."""
    for path, text in ((FITS_JSON, json.dumps(fits, indent=1, sort_keys=True) + "\n"), (FITS_INC, render_inc(fits))):
        tmp = path + ".tmp"
        with open(tmp, "w") as f:
            f.write(text)
        os.replace(tmp, path)


def main_midgame(args) -> int:
    import datetime

    import polyreversi as pr
    from midgame_positions import positions

    variant = pr.Variant.parse(args.board)
    squares = len(variant.squares)
    lo, hi = max(8, round(squares * 12 / 64)), round(squares * 56 / 64)
    states = positions(args.board, list(range(lo, hi + 1, 2)), args.positions, held_out=False)
    print(f"{args.board}: {len(states)} positions, {lo}-{hi} empties, depths to {args.max_depth}", flush=True)
    t0 = time.process_time()
    data = midgame_values(states, args.max_depth)
    fit = fit_midgame(data, args.max_depth, args.phase_width, squares)
    print("\n".join(fit.pop("report")))
    fit.update(positions=len(states), date=datetime.date.today().isoformat(),
               source=("WTHOR 2010" if args.board == "8x8" else "seeded depth-2 games") +
               f", {lo}-{hi} empties, {time.process_time() - t0:.0f} s CPU")
    fits = {}
    if os.path.exists(FITS_JSON):
        with open(FITS_JSON) as f:
            fits = json.load(f)
    fit["t"] = args.t if args.t is not None else fits.get(args.board, {}).get("t", 1.0)
    fits[args.board] = fit
    if args.write:
        write_fits(fits)
        print(f"wrote {FITS_JSON} and {FITS_INC}")
    return 0


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description="Fit the ProbCut error of the exact solver's selective passes "
                                             "(GAMES of WTHOR 2015), or with --midgame the midgame Multi-ProbCut "
                                             "of one board.")
    ap.add_argument("games", nargs="?", type=int, default=120,
                    help="the solver's fit: games of WTH_2015.wtb (default 120)")
    ap.add_argument("--midgame", action="store_true", help="fit the midgame Multi-ProbCut of --board instead")
    ap.add_argument("--board", default="8x8", choices=sorted(FIT_BOARDS))
    ap.add_argument("--positions", type=int, default=160)
    ap.add_argument("--max-depth", type=int, default=10)
    ap.add_argument("--phase-width", type=int, default=8)
    ap.add_argument("--t", type=float, help="the board's confidence t (default: the one stored, else 1.0)")
    ap.add_argument("--write", action="store_true", help="write probcut_fits.json and probcut_fits.inc")
    args = ap.parse_args(argv[1:])
    if args.games < 1:
        ap.error(f"games: must be at least 1, got {args.games}")
    if args.positions < 1 or args.phase_width < 1:
        ap.error(f"--positions and --phase-width: at least 1, got {args.positions} and {args.phase_width}")
    if args.max_depth < 3:  # MidgameCut::kMinDepth: the shallowest node a cut is tried at
        ap.error(f"--max-depth: at least 3, got {args.max_depth}")
    if args.t is not None and not 0 < args.t < float("inf"):
        ap.error(f"--t: a confidence > 0, got {args.t}")
    if args.midgame:
        return main_midgame(args)
    import polyreversi as pr
    from midgame_positions import replayed_games

    games = args.games
    errors = {(e, d): [] for e in EMPTIES for d in DEPTHS}
    t0 = time.process_time()
    used = 0
    for states in replayed_games(DATA):
        if used >= games:
            break
        used += 1
        seen = set()
        for s in states:
            if s.is_over() or not s.legal_moves():
                continue
            e = int((s.board() == 0).sum())
            if e not in EMPTIES or e in seen:
                continue
            seen.add(e)
            exact = pr.solve(s, tt_mb=16).score
            for d in DEPTHS:
                if d >= e:
                    continue
                errors[(e, d)].append(pr.search(s, depth=d, tt_mb=4).score - exact)
    print(f"{used} games, {time.process_time() - t0:.0f} s CPU", flush=True)
    print("E d n mean std sigma")
    rows = []
    for (e, d), v in sorted(errors.items()):
        if len(v) < 10:
            continue
        a = np.array(v)
        sigma = float(np.sqrt(np.mean(a**2)))  # about 0, as ProbCut assumes: rms
        rows.append((e, d, sigma, len(v)))
        print(f"{e} {d} {len(v)} {a.mean():+.2f} {a.std():.2f} {sigma:.2f}")
    X = np.array([[1.0, e, d] for e, d, _, _ in rows])
    y = np.array([s for _, _, s, _ in rows])
    coef, *_ = np.linalg.lstsq(X, y, rcond=None)
    print(f"sigma = {coef[0]:.3f} + {coef[1]:.4f} * E + {coef[2]:.4f} * d")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
