"""FFO #40-#59 solved on one thread, one line per position (nodes, CPU seconds).

    python benchmarks/ffo_one_thread.py [40-47] [tt_mb]

Checks each score against the file's best annotated score and the move
against the moves annotated with it; prints empties, score, move, nodes, CPU
seconds (time.process_time) and the cumulative CPU seconds. Exit status 1 on
a disagreement.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import polyreversi as pr
from polyreversi.formats import obf
from polyreversi.search import TT_MB

FFO_FILE = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "ffo" / "fforum-40-59.obf"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description="FFO #40-#59 solved on one thread.")
    ap.add_argument("range", nargs="?", default="40-59", help="FFO numbers, e.g. 40-47 or 55 (40 to 59)")
    ap.add_argument("tt_mb", nargs="?", type=int, default=TT_MB, help="hash table MiB")
    args = ap.parse_args(argv[1:])
    lo_text, _, hi_text = args.range.partition("-")
    try:
        lo, hi = int(lo_text), int(hi_text or lo_text)
    except ValueError:
        ap.error(f"range {args.range!r}: expected FIRST-LAST or one number")
    if not 40 <= lo <= hi <= 59:
        ap.error(f"range {args.range!r}: the file holds FFO #40 to #59, first <= last")
    tt_mb = args.tt_mb
    entries = obf.read(FFO_FILE)
    total_cpu, total_nodes, bad = 0.0, 0, 0
    print("FFO empties score move nodes cpu_s cumulative_s ok", flush=True)
    for number in range(lo, hi + 1):
        e = entries[number - 40]
        cpu = time.process_time()
        try:
            r = pr.solve(e.state, threads=1, convention="wof", tt_mb=tt_mb)
        except (ValueError, MemoryError) as err:  # solve checks tt_mb (the FFO states are valid)
            ap.error(str(err))
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
