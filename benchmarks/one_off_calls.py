"""One-off calls, each with a table of its own, builds side by side.

    python benchmarks/one_off_calls.py [--count 40] [--rounds 3] DIR [DIR ...]

Each DIR holds a polyreversi package (another build, as for
benchmarks/search_threads.py); the first is the baseline. Each round runs each
build in a fresh process, in turn, on the same work, every call on one thread
unless said, with the default table size (`pr.search` and `pr.solve` allocate
a table for each call; a `SearchPlayer` keeps one, and is not measured here):

- `pr.search(depth=D)` for D = 6, 8, 10, 12 on `count` held-out WTHOR
  positions at 30-40 empties (scripts/midgame_positions.py): CPU ms a call;
- `pr.search(time=T)` for T = 2, 10, 50 ms on the same positions: nodes a call
  and the call's wall time over T (the Python call, set-up and tear-down of its
  table included);
- the same on two threads: `pr.search(depth=D, threads=2)` for D = 8, 10, 12,
  wall ms a call, and `pr.search(time=T, threads=2)` for T = 10, 50 ms, nodes a
  call and wall time over T (a machine of two cores or more, otherwise at rest);
- `pr.solve` on `count` held-out positions at 8, 12, 14, 16 and 18 empties: CPU
  ms a call; at 14-18 also on two threads, wall ms a call;
- `Batch.choose("search:D")` for D = 1, 3, 5 on 256 games 16 random plies in:
  CPU ms a call, the median of 15 (each game's search allocates its own 1 MiB table).

Prints per measure the median over the rounds for each build and its ratio to
the baseline's. Results: benchmarks/HISTORY.md.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys

from midgame_speed import at_least_one
from search_threads import run

CHILD = r"""
import json, sys, time
sys.meta_path = [f for f in sys.meta_path if "ScikitBuild" not in type(f).__name__]
sys.path.insert(0, sys.argv[2])
sys.path.insert(0, sys.argv[1])
import polyreversi as pr
assert pr.__file__.startswith(sys.argv[1]), pr.__file__
from midgame_positions import positions
count = int(sys.argv[3])
states = positions("8x8", list(range(30, 41)), count, held_out=True)
search, solve = pr.search, pr.solve  # the lazy imports before any clock
search(states[0], depth=2)  # the board's evaluation tables are built before any clock
out = {}
for depth in (6, 8, 10, 12):
    c0 = time.process_time()
    for s in states:
        search(s, depth=depth)
    out[f"search depth {depth}, CPU ms"] = (time.process_time() - c0) * 1e3 / len(states)
for ms in (2, 10, 50):
    nodes, over = 0, 0.0
    for s in states:
        w0 = time.perf_counter()
        nodes += search(s, time=ms / 1000).nodes
        over += (time.perf_counter() - w0) / (ms / 1000)
    out[f"search time {ms} ms, nodes"] = nodes / len(states)
    out[f"search time {ms} ms, wall / T"] = over / len(states)
for depth in (8, 10, 12):
    w0 = time.perf_counter()
    for s in states:
        search(s, depth=depth, threads=2)
    out[f"search depth {depth}, 2 threads, wall ms"] = (time.perf_counter() - w0) * 1e3 / len(states)
for ms in (10, 50):
    nodes, over = 0, 0.0
    for s in states:
        w0 = time.perf_counter()
        nodes += search(s, time=ms / 1000, threads=2).nodes
        over += (time.perf_counter() - w0) / (ms / 1000)
    out[f"search time {ms} ms, 2 threads, nodes"] = nodes / len(states)
    out[f"search time {ms} ms, 2 threads, wall / T"] = over / len(states)
for empties in (8, 12, 14, 16, 18):
    ends = positions("8x8", [empties], count, held_out=True)
    c0 = time.process_time()
    for s in ends:
        solve(s)
    out[f"solve {empties} empties, CPU ms"] = (time.process_time() - c0) * 1e3 / len(ends)
    if empties >= 14:
        w0 = time.perf_counter()
        for s in ends:
            solve(s, threads=2)
        out[f"solve {empties} empties, 2 threads, wall ms"] = (time.perf_counter() - w0) * 1e3 / len(ends)
batch = pr.Batch(pr.Variant(), 256, seed=1)
for _ in range(16):
    batch.step(batch.choose("random"))
for depth in (1, 3, 5):
    times = []
    for _ in range(15):
        c0 = time.process_time()
        batch.choose(f"search:{depth}", threads=1)
        times.append((time.process_time() - c0) * 1e3)
    out[f"batch search:{depth}, CPU ms"] = sorted(times)[7]
print(json.dumps(out))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("packages", nargs="+", metavar="DIR")
    ap.add_argument("--count", type=at_least_one, default=40, help="positions of each kind")
    ap.add_argument("--rounds", type=at_least_one, default=3)
    a = ap.parse_args()
    for p in a.packages:
        if not os.path.isdir(os.path.join(p, "polyreversi")):
            ap.error(f"{p}: no polyreversi package in this folder")
    runs: dict = {p: [] for p in a.packages}
    for k in range(a.rounds):
        for p in a.packages:
            runs[p].append(run(p, str(a.count), child=CHILD))
            print(f"round {k + 1}: {p} done (load {os.getloadavg()[0]:.1f})", file=sys.stderr, flush=True)
    base = a.packages[0]
    print(f"load average at end: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores); medians of {a.rounds} rounds\n")
    print("| measure | " + " | ".join(a.packages) + " |")
    print("|---|" + "---|" * len(a.packages))
    for key in runs[base][0]:
        first = statistics.median(r[key] for r in runs[base])
        cells = []
        for p in a.packages:
            value = statistics.median(r[key] for r in runs[p])
            shown = f"{value:,.0f}" if "nodes" in key else f"{value:.2f}"
            cells.append(shown if p == base else f"{shown} ({value / first:.2f}x)")
        print(f"| {key} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
