"""Time used against the budget given: SearchPlayer.play(state, Limit(time=T)).

For each budget T, the same positions (8x8, from seeded random games at 10 to
44 plies, so the opening, the midgame and the start of the endgame) are
searched by one living SearchPlayer (its table kept from move to move, as in a
game) and by pr.search (a fresh table per call, for comparison). The wall time
of the whole Python call is set against T: mean and max ratio per budget. The
process CPU time is given too: on a loaded machine the wall time includes time
the OS gave to other processes.

    python benchmarks/time_budget.py --positions 40 --budgets 0.002,0.005,0.01,0.03,0.1,0.3,1

Results: benchmarks/time_budget.md.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import time

import polyreversi as pr


def positions(n: int, seed: int):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        s = pr.Variant().start()
        plies = rng.randrange(10, 45)
        for _ in range(plies):
            if s.is_over():
                break
            s = s.child(rng.choice(s.legal_moves()))
        if not s.is_over():
            out.append(s)
    return out


def measure(call, budget, states):
    walls, cpus, depths = [], [], []
    for s in states:
        w0, c0 = time.perf_counter(), time.process_time()
        r = call(s, budget)
        walls.append((time.perf_counter() - w0) / budget)
        cpus.append((time.process_time() - c0) / budget)
        depths.append(r.depth)
    return walls, cpus, depths


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--budgets", default="0.002,0.005,0.01,0.03,0.1,0.3,1")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--fresh", action="store_true", help="also pr.search with a fresh table per call")
    args = ap.parse_args()
    budgets = [float(b) for b in args.budgets.split(",")]
    states = positions(args.positions, args.seed)
    player = pr.SearchPlayer()
    player.play(states[0], pr.Limit(depth=1))  # the table's memory, once
    calls = {"SearchPlayer.play": lambda s, t: player.play(s, pr.Limit(time=t))}
    if args.fresh:
        calls["pr.search (fresh table)"] = lambda s, t: pr.search(s, time=t)
    print(f"load average at start: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores); "
          f"{len(states)} positions per budget\n")
    print("| call | budget (s) | wall/budget mean | wall/budget max | CPU/budget mean | CPU/budget max | "
          "over 1.1x | depth mean |")
    print("|---|---|---|---|---|---|---|---|")
    for name, call in calls.items():
        for t in budgets:
            walls, cpus, depths = measure(call, t, states)
            over = sum(w > 1.1 for w in walls)
            print(f"| {name} | {t:g} | {statistics.mean(walls):.2f} | {max(walls):.2f} | "
                  f"{statistics.mean(cpus):.2f} | {max(cpus):.2f} | {over}/{len(walls)} | "
                  f"{statistics.mean(depths):.1f} |", flush=True)
    print(f"\nload average at end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
