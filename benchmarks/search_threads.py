"""Short searches on two threads, builds side by side: wall and CPU time per move.

    python benchmarks/search_threads.py [--budgets 0.002,0.01,0.05] [--rounds 3] [--depth 10] [--count 40] DIR [DIR ...]

Each DIR holds a polyreversi package (another build: `cp -r python/polyreversi
DIR/ && cp build/dev/_core*.so DIR/polyreversi/`); the first is the baseline.
Every round runs each build once, in turn, in a fresh process, on the 40
(`--count`) held-out WTHOR midgame positions of scripts/midgame_positions.py
(20-50 empties, the set of midgame_speed.py):

- for each budget T: `pr.search(state, time=T, threads=2)` on every position
  (a fresh table each call), then one SearchPlayer(threads=2) kept over the
  positions playing each with Limit(time=T) (its helper threads, if kept, are
  started once), and one SearchPlayer(threads=1) the same way; wall and process
  CPU time (every thread's) per move, as multiples of T, and the mean depth;
- a SearchPlayer(depth=D) with threads=1 and with threads=2 (`new_game()`
  between positions): nodes per second of wall time, and whether its moves
  and scores agree with threads=1.

Prints the median over rounds per build and the ratios to the baseline.
Results: benchmarks/HISTORY.md.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CHILD = r"""
import json, sys, time
sys.meta_path = [f for f in sys.meta_path if "ScikitBuild" not in type(f).__name__]
sys.path.insert(0, sys.argv[2])
sys.path.insert(0, sys.argv[1])
import polyreversi as pr
assert pr.__file__.startswith(sys.argv[1]), pr.__file__
from midgame_positions import midgame_range, positions
budgets, depth, count = [float(t) for t in sys.argv[3].split(",")], int(sys.argv[4]), int(sys.argv[5])
span = midgame_range(pr.Variant.parse("8x8"))
empties = list(range(span.start, span.stop, max(1, (span.stop - span.start) // 6)))
states = positions("8x8", empties, count, held_out=True)
out = {"build": pr.__file__, "timed": {}, "depth": {}}

def timed(call):
    w0, c0, depth = time.perf_counter(), time.process_time(), 0
    for s in states:
        depth += call(s).depth
    return (time.perf_counter() - w0) / len(states), (time.process_time() - c0) / len(states), depth / len(states)

def ready(p):
    # The table mapped whole before the clock starts, on one thread as on two
    # (prepare: builds from 2026-12-07; a player of an older build is mapped when made).
    if hasattr(p, "prepare"):
        p.prepare(states[0].variant)
    else:
        p.play(states[0], pr.Limit(depth=1))

players = {n: pr.SearchPlayer(threads=n) for n in (1, 2)}
for p in players.values():
    ready(p)
for t in budgets:
    search = timed(lambda s: pr.search(s, time=t, threads=2))
    play = timed(lambda s: players[2].play(s, pr.Limit(time=t)))
    alone = timed(lambda s: players[1].play(s, pr.Limit(time=t)))
    out["timed"][str(t)] = {"search": search, "player": play, "player1": alone}
for threads in (1, 2):
    p = pr.SearchPlayer(depth=depth, threads=threads)
    ready(p)
    nodes, results = 0, []
    w0 = time.perf_counter()
    for s in states:
        p.new_game()
        r = p.play(s)
        nodes += r.nodes
        results.append([r.move, r.score])
    out["depth"][str(threads)] = {"wall": time.perf_counter() - w0, "nodes": nodes, "results": results}
print(json.dumps(out))
"""


def run(package: str, *args: str, child: str = CHILD) -> dict:
    """The JSON of `child` run on the build in `package` (argv: its folder, scripts/, then args)."""
    out = subprocess.run([sys.executable, "-c", child, os.path.abspath(package), os.path.join(ROOT, "scripts"),
                          *args], capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"{package}: {out.stderr.strip().splitlines()[-1] if out.stderr.strip() else 'failed'}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("packages", nargs="+", metavar="DIR")
    ap.add_argument("--budgets", default="0.002,0.01,0.05")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--count", type=int, default=40, help="positions")
    a = ap.parse_args()
    runs: dict = {p: [] for p in a.packages}
    for k in range(a.rounds):
        for p in a.packages:
            runs[p].append(run(p, a.budgets, str(a.depth), str(a.count)))
            print(f"round {k + 1}: {p} done (load {os.getloadavg()[0]:.1f})", file=sys.stderr, flush=True)
    base = a.packages[0]
    budgets = [str(float(t)) for t in a.budgets.split(",")]
    med = statistics.median

    def timed(p, t, kind, i):  # median over rounds of wall (0) or CPU (1) per move as a multiple of T, depth (2)
        return med(r["timed"][t][kind][i] for r in runs[p]) / (float(t) if i < 2 else 1)

    print(f"load average at end: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores); median of {a.rounds} rounds\n")
    print("| build | T (s) | search wall/T | CPU/T | depth | player wall/T | CPU/T | depth | "
          "1-thread player wall/T | CPU/T | depth | wall vs first: search | player |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for p in a.packages:
        for t in budgets:
            cells = [timed(p, t, kind, i) for kind in ("search", "player", "player1") for i in (0, 1, 2)]
            print(f"| {p} | {t} | " + " | ".join(f"{x:.2f}" if i % 3 < 2 else f"{x:.1f}" for i, x in enumerate(cells)) +
                  f" | {cells[0] / timed(base, t, 'search', 0):.2f} | {cells[3] / timed(base, t, 'player', 0):.2f} |")
    print(f"\n| build | depth {a.depth} nodes/s, 1 thread | 2 threads | 2 vs 1 | 2 threads vs first | "
          "moves, scores as 1 thread |")
    print("|---|---|---|---|---|---|")
    rate = {p: {n: med(r["depth"][n]["nodes"] / r["depth"][n]["wall"] for r in runs[p]) for n in ("1", "2")}
            for p in a.packages}
    for p in a.packages:
        same = sum(x == y for r in runs[p] for x, y in zip(r["depth"]["1"]["results"], r["depth"]["2"]["results"]))
        total = sum(len(r["depth"]["1"]["results"]) for r in runs[p])
        print(f"| {p} | {rate[p]['1']:,.0f} | {rate[p]['2']:,.0f} | {rate[p]['2'] / rate[p]['1']:.2f} | "
              f"{rate[p]['2'] / rate[base]['2']:.2f} | {same}/{total} |")


if __name__ == "__main__":
    main()
