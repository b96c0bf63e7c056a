"""Perft rates of polyreversi-perft builds and the C anchor, side by side.

On a shared machine wall-clock rates swing with the other jobs; this script
times each run by the CPU time the child process used (getrusage), which
time slicing does not inflate, runs the tools interleaved, and prints the
median of the repetitions and their ratios.

    gcc -O2 -march=native -o /tmp/c_perft_anchor ../shared/bench/c_perft_anchor.c
    python benchmarks/perft_side_by_side.py --repeats 3 --anchor /tmp/c_perft_anchor \\
        new=build/editable/polyreversi-perft generic=build/editable/polyreversi-perft:generic

A tool is NAME=PATH[:KERNELS] (KERNELS: generic or x86v3, default the best
the CPU runs).
"""
from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess

# (board, depth, repetitions inside the tool): the short trees are repeated
# so that process start-up (about 2.4 ms of CPU) stays near 1% of the CPU
# time (40 repetitions of perft(8) took 60 ms once 10x10 ran at 250 M).
CASES = [("8x8", 11, 1), ("10x10", 8, 150), ("octagon", 8, 150), ("10x10", 10, 3), ("octagon", 10, 3)]


def child_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(args: list[str]) -> tuple[dict, float]:
    t = child_cpu()
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1]), child_cpu() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("tools", nargs="+", metavar="NAME=PATH[:KERNELS]")
    ap.add_argument("--anchor", help="the compiled ../shared/bench/c_perft_anchor.c")
    ap.add_argument("--repeats", type=int, default=3)
    a = ap.parse_args()
    tools = []
    for spec in a.tools:
        name, _, path = spec.partition("=")
        path, _, kernels = path.partition(":")
        tools.append((name, path, kernels))
    rates: dict[tuple[str, str], list[float]] = {}
    for _ in range(a.repeats):
        if a.anchor:
            out, cpu = timed([a.anchor, "11", "1", "1"])
            rates.setdefault(("anchor", "8x8-d11"), []).append(out["leaves"] / cpu)
        for name, path, kernels in tools:
            for board, depth, reps in CASES:
                out, cpu = timed([path, str(depth), board, "2", str(reps)] + ([kernels] if kernels else []))
                rates.setdefault((name, f"{board}-d{depth}"), []).append(out["leaves"] * reps / cpu)
    med = {k: statistics.median(v) for k, v in rates.items()}
    for (name, case), v in med.items():
        runs = " ".join(f"{x / 1e6:.0f}" for x in rates[(name, case)])
        print(f"{name:>12} {case:>12} {v / 1e6:8.1f} M leaves per CPU second  (runs: {runs})")
    anchor = med.get(("anchor", "8x8-d11"))
    for name, _, _ in tools:
        base = med[(name, "8x8-d11")]
        parts = [f"8x8-d11 / anchor {base / anchor:.2f}x" if anchor else ""]
        parts += [f"{c} / 8x8-d11 {med[(name, c)] / base:.2f}x" for c in ("10x10-d8", "octagon-d8", "10x10-d10", "octagon-d10")]
        print(f"{name}: " + ", ".join(p for p in parts if p))


if __name__ == "__main__":
    main()
