"""FFO #40-#59 solved on one thread, one line per position (nodes, CPU seconds).

    python benchmarks/ffo_one_thread.py 40-47 [tt_mb]

Checks each score against the file's best annotated score and the move
against the moves annotated with it; prints empties, score, move, nodes, CPU
seconds (time.process_time) and the cumulative CPU seconds. Exit status 1 on
a disagreement.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

import polyreversi as pr
from polyreversi.formats import obf
from polyreversi.search import TT_MB

FFO_FILE = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "ffo" / "fforum-40-59.obf"


def main(argv: list[str]) -> int:
    lo, _, hi = (argv[1] if len(argv) > 1 else "40-59").partition("-")
    tt_mb = int(argv[2]) if len(argv) > 2 else TT_MB
    entries = obf.read(FFO_FILE)
    total_cpu, total_nodes, bad = 0.0, 0, 0
    print("FFO empties score move nodes cpu_s cumulative_s ok", flush=True)
    for number in range(int(lo), int(hi or lo) + 1):
        e = entries[number - 40]
        cpu = time.process_time()
        r = pr.solve(e.state, threads=1, convention="wof", tt_mb=tt_mb)
        cpu = time.process_time() - cpu
        total_cpu += cpu
        total_nodes += r.nodes
        best = max(e.scores.values())
        ok = r.score == best and e.scores.get(r.move) == best
        bad += not ok
        empties = 64 - sum(e.state.scores())
        print(f"#{number} {empties} {r.score:+d} {e.state.variant.square_name(r.move)} {r.nodes:,} {cpu:.1f} {total_cpu:.1f} "
              f"{'ok' if ok else 'WRONG (best %+d)' % best}", flush=True)
    print(f"total {total_nodes:,} nodes {total_cpu:.1f} s CPU, {bad} wrong ({tt_mb} MiB table)", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
