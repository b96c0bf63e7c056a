"""Many small exact solves: nodes and CPU seconds of the solver's last plies.

    python benchmarks/solve_small.py [VARIANT] [EMPTIES] [COUNT] [TT_MB]

Positions come from random games (``random.Random(seed)``, seeds 0 ..
COUNT-1) stopped at EMPTIES empty squares (defaults: 8x8, 14, 300, 1); each
is solved with ``pr.solve(state, tt_mb=TT_MB)`` on one thread. Prints the
summed node count (deterministic for a given build's search tree), the CPU
seconds of the solves alone (``time.process_time``) and nodes per CPU
second: the A/B runs of the nodes-per-second work (benchmarks/HISTORY.md).
"""
from __future__ import annotations

import argparse
import random
import sys
import time

import polyreversi as pr


def positions(variant: pr.Variant, empties: int, count: int) -> list[pr.State]:
    out = []
    seed = 0
    while len(out) < count:
        rng = random.Random(seed)
        seed += 1
        s = variant.start()
        while not s.is_over() and len(variant.squares) - sum(s.scores()) > empties:
            s.play(rng.choice(s.legal_moves()))
        if not s.is_over() and len(variant.squares) - sum(s.scores()) == empties:
            out.append(s)
    return out


def variant_of(text: str) -> pr.Variant:
    try:
        return pr.Variant.parse(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description="Many small exact solves: nodes and CPU seconds.")
    ap.add_argument("variant", nargs="?", default="8x8", type=variant_of, help="default: %(default)s")
    ap.add_argument("empties", nargs="?", default=14, type=int, help="default: %(default)s")
    ap.add_argument("count", nargs="?", default=300, type=int, help="default: %(default)s")
    ap.add_argument("tt_mb", nargs="?", default=1, type=int, help="default: %(default)s")
    args = ap.parse_args(argv[1:])
    variant, empties, count, tt_mb = args.variant, args.empties, args.count, args.tt_mb
    if variant.players != 2:
        ap.error(f"variant: the solver plays two-player games, got {variant}")
    most = variant.start().empties() - 1  # a position after at least one move
    if not 1 <= empties <= most or count < 1:
        ap.error(f"empties: 1 .. {most} and count >= 1, got {empties} and {count}")
    if not pr._core.limits.MIN_TABLE_MIB <= tt_mb <= pr._core.limits.MAX_TABLE_MIB:
        ap.error(f"tt_mb: {pr._core.limits.MIN_TABLE_MIB} .. {pr._core.limits.MAX_TABLE_MIB}, got {tt_mb}")
    states = positions(variant, empties, count)
    nodes, cpu, total = 0, 0.0, 0
    for s in states:
        t = time.process_time()
        r = pr.solve(s, tt_mb=tt_mb)
        cpu += time.process_time() - t
        nodes += r.nodes
        total += r.score
    print(f"{variant} {empties} empties x{len(states)} tt_mb={tt_mb} [{pr._core.kernels()}]: {nodes:,} nodes "
          f"{cpu:.2f} s CPU {nodes / cpu / 1e6:.2f} M nodes/s (score sum {total})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
