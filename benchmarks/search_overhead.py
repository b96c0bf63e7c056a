"""The root split's search overhead: every thread's nodes to complete a depth
on two threads against one, builds side by side.

    python benchmarks/search_overhead.py [--depths 8,10,12] [--solves 18,20] [--count 50] [--rounds 2] DIR [DIR ...]
    python benchmarks/search_overhead.py --timed 0.01 [--count 50] [--rounds 2] DIR DIR

Each DIR holds a polyreversi package (another build, as for
benchmarks/search_threads.py); the first is the baseline. Nodes do not depend on
the machine's load as times do: on a shared machine they measure what a second
thread wastes. Each round runs each build in a fresh process: for each depth,
a SearchPlayer(depth=D) with threads=1 and threads=2 (`new_game()` between
positions) on `count` positions of held-out WTHOR games at 30-40 empties
(scripts/midgame_positions.py); for each of `--solves` E, pr.solve() on
`count` positions of those games at E empties. One thread's nodes repeat
exactly; two threads' vary with the timing (hence rounds).

Prints, per build and depth, the nodes of one thread and of two (the mean of
the rounds), their ratio, the wall time ratio, and how many moves and scores
two threads share with one (the selective search's cuts depend on windows).

With --timed T: the depth a SearchPlayer reaches in T seconds a move, on one
thread and on two, the two builds in two child processes asked in turn
position by position (the first build first on even positions), so that
both meet the same load; the mean depth of each and the mean of the
per-position differences with its 95 % interval.
Results: benchmarks/HISTORY.md.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys

from json_child import OTHER_BUILD, JsonChild
from midgame_speed import at_least_one
from search_threads import ROOT, run

CHILD = r"""
import json, sys, time
sys.meta_path = [f for f in sys.meta_path if "ScikitBuild" not in type(f).__name__]
sys.path.insert(0, sys.argv[2])
sys.path.insert(0, sys.argv[1])
import polyreversi as pr
assert pr.__file__.startswith(sys.argv[1]), pr.__file__
from midgame_positions import positions
depths, solves, count = [int(d) for d in sys.argv[3].split(",") if d], [int(e) for e in sys.argv[4].split(",") if e], \
    int(sys.argv[5])
states = positions("8x8", list(range(30, 41)), count, held_out=True)
out = {"build": pr.__file__, "depth": {}}
for empties in solves:
    ends = positions("8x8", [empties], count, held_out=True)
    for threads in (1, 2):
        nodes, results = 0, []
        w0, c0 = time.perf_counter(), time.process_time()
        for s in ends:
            r = pr.solve(s, threads=threads)
            nodes += r.nodes
            results.append([r.move, r.score])
        out["depth"][f"e{empties}/{threads}"] = {"wall": time.perf_counter() - w0, "cpu": time.process_time() - c0,
                                                "nodes": nodes, "results": results}
for depth in depths:
    for threads in (1, 2):
        p = pr.SearchPlayer(depth=depth, threads=threads)
        if hasattr(p, "prepare"):  # whole before the clock starts, on one thread too (builds from 2026-12-07)
            p.prepare(states[0].variant)
        else:
            p.play(states[0], pr.Limit(depth=1))
        nodes, results = 0, []
        w0, c0 = time.perf_counter(), time.process_time()
        for s in states:
            p.new_game()
            r = p.play(s)
            nodes += r.nodes
            results.append([r.move, r.score])
        out["depth"][f"{depth}/{threads}"] = {"wall": time.perf_counter() - w0, "cpu": time.process_time() - c0,
                                             "nodes": nodes, "results": results}
print(json.dumps(out))
"""

TIMED_CHILD = r"""
import json, sys, time
import polyreversi as pr
sys.path.insert(0, {scripts!r})
from midgame_positions import positions
states = positions("8x8", list(range(30, 41)), {count}, held_out=True)
players = {{n: pr.SearchPlayer(threads=n) for n in (1, 2)}}
for p in players.values():
    if hasattr(p, "prepare"):  # whole before any clock starts (builds from 2026-12-07)
        p.prepare(states[0].variant)
    else:
        p.play(states[0], pr.Limit(depth=1))
print(json.dumps({{"positions": len(states)}}), flush=True)
for line in sys.stdin:
    q = json.loads(line)
    p = players[q["threads"]]
    p.new_game()
    t = time.perf_counter()
    r = p.play(states[q["i"]], pr.Limit(time=q["time"]))
    print(json.dumps({{"depth": r.depth, "wall": time.perf_counter() - t}}), flush=True)
"""


def timed(packages: list, seconds: float, count: int, rounds: int) -> None:
    """Prints the --timed comparison of the first two builds of `packages`."""
    sides = [JsonChild(OTHER_BUILD.format(dir=os.path.abspath(p)) +
                       TIMED_CHILD.format(scripts=os.path.join(ROOT, "scripts"), count=count)) for p in packages[:2]]
    n = min(side.read()["positions"] for side in sides)
    depth: dict = {(b, t): [] for b in (0, 1) for t in (1, 2)}
    for _ in range(rounds):
        for i in range(n):
            for t in (1, 2):
                for b in ((0, 1) if i % 2 == 0 else (1, 0)):
                    depth[b, t].append(sides[b].ask(i=i, threads=t, time=seconds)["depth"])
    for side in sides:
        side.close()
    print(f"load average at end: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores); {rounds} x {n} positions, "
          f"T = {seconds} s\n")
    print(f"| threads | mean depth {packages[0]} | {packages[1]} | second - first (95 % interval) |")
    print("|---|---|---|---|")
    for t in (1, 2):
        diff = [y - x for x, y in zip(depth[0, t], depth[1, t])]
        half = 1.96 * statistics.stdev(diff) / len(diff) ** 0.5
        print(f"| {t} | {statistics.fmean(depth[0, t]):.2f} | {statistics.fmean(depth[1, t]):.2f} | "
              f"{statistics.fmean(diff):+.2f} [{statistics.fmean(diff) - half:+.2f}, "
              f"{statistics.fmean(diff) + half:+.2f}] |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("packages", nargs="+", metavar="DIR")
    ap.add_argument("--depths", default="8,10,12")
    ap.add_argument("--solves", default="", help="empties of exact solves, e.g. 18,20 (none by default)")
    ap.add_argument("--count", type=at_least_one, default=50)
    ap.add_argument("--rounds", type=at_least_one, default=2)
    ap.add_argument("--timed", type=float, help="seconds a move: the timed comparison of two builds instead")
    a = ap.parse_args()
    if a.timed is not None and not a.timed > 0:
        ap.error(f"--timed: expected seconds above 0, got {a.timed}")
    if a.timed is not None:
        timed(a.packages, a.timed, a.count, a.rounds)
        return
    runs: dict = {p: [] for p in a.packages}
    for k in range(a.rounds):
        for p in a.packages:
            runs[p].append(run(p, a.depths, a.solves, str(a.count), child=CHILD))
            print(f"round {k + 1}: {p} done (load {os.getloadavg()[0]:.1f})", file=sys.stderr, flush=True)
    base = a.packages[0]
    mean = statistics.fmean

    def field(p, key, name):
        return mean(r["depth"][key][name] for r in runs[p])

    print(f"load average at end: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores); mean of {a.rounds} rounds, "
          f"{a.count} positions\n")
    print("| build | depth (eE: solve at E empties) | nodes, 1 thread | 2 threads | 2 vs 1 | 2-thread nodes vs first | wall 2 vs 1 | "
          "moves, scores as 1 thread |")
    print("|---|---|---|---|---|---|---|---|")
    for p in a.packages:
        for d in [f"e{e}" for e in a.solves.split(",") if e] + [d for d in a.depths.split(",") if d]:
            one, two = field(p, f"{d}/1", "nodes"), field(p, f"{d}/2", "nodes")
            same = sum(x == y for r in runs[p] for x, y in zip(r["depth"][f"{d}/1"]["results"],
                                                              r["depth"][f"{d}/2"]["results"]))
            total = sum(len(r["depth"][f"{d}/1"]["results"]) for r in runs[p])
            print(f"| {p} | {d} | {one:,.0f} | {two:,.0f} | {two / one:.3f} | "
                  f"{two / field(base, f'{d}/2', 'nodes'):.3f} | "
                  f"{field(p, f'{d}/2', 'wall') / field(p, f'{d}/1', 'wall'):.2f} | {same}/{total} |")


if __name__ == "__main__":
    main()
