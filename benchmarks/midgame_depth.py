"""Speed to depth of the midgame search, and what the selectivity costs in
accuracy: time and nodes to depth 6/8/10 over a fixed set of midgame
positions, and how often the best move (and how near the score) agrees with
a deeper full-width search.

    python benchmarks/midgame_depth.py                     # 8x8, 40 WTHOR positions
    python benchmarks/midgame_depth.py --board 10x10 --depths 4 6 8 --reference 9
    python benchmarks/midgame_depth.py --selective off     # full width
    python benchmarks/midgame_depth.py --label after --write benchmarks/midgame_depth.md

Positions (scripts/midgame_positions.py): standard 8x8 from the WTHOR 2015
games (held out from the ProbCut fit, which reads 2010), one a game, 20-50
empties; the other boards from seeded depth-2 games after random plies.
Each search runs on one thread with a fresh 64 MiB table (pr.search). Time
is the process's CPU time around each call (one thread: its work, less
disturbed by other jobs on a shared machine than the wall clock); compare
nodes first, then times of runs made close together. The reference
(full width, `--reference` plies) is kept in a JSON cache beside the
results (--cache) so that runs compare with the same one.
"""
from __future__ import annotations

import argparse
import datetime
import inspect
import json
import os
import platform
import shlex
import statistics
import sys
import time

import polyreversi as pr

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from midgame_positions import empties_of, midgame_range, positions  # noqa: E402
from polyreversi.position_text import position_to_text  # noqa: E402

SELECTIVE_KW = "selective" in inspect.signature(pr.search).parameters


def run_search(state, depth: int, selective):
    kw = {}
    if selective is not None:
        if not SELECTIVE_KW:
            raise SystemExit("this build of pr.search has no selective= argument: use --selective default")
        kw["selective"] = selective
    return pr.search(state, depth=depth, threads=1, **kw)


def reference(states, board: str, depth: int, cache: str):
    """Full-width depth-`depth` results {text: (move, score)}, cached."""
    data = {}
    if cache and os.path.exists(cache):
        with open(cache) as f:
            data = json.load(f)
    key = f"{board}:{depth}"
    table = data.setdefault(key, {})
    missing = [s for s in states if position_to_text(s) not in table]
    for i, s in enumerate(missing):
        r = run_search(s, depth, False if SELECTIVE_KW else None)
        table[position_to_text(s)] = [r.move, r.score]
        print(f"  reference {i + 1}/{len(missing)}: {r.seconds:.2f} s", file=sys.stderr, flush=True)
    if cache and missing:
        tmp = cache + ".tmp"
        with open(tmp, "w") as f:
            json.dump(data, f, indent=0, sort_keys=True)
        os.replace(tmp, cache)
    return table


def main(argv) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default="8x8", help="8x8, 6x6, 10x10, octagon or 8x8/anti")
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--depths", type=int, nargs="+", default=[6, 8, 10])
    ap.add_argument("--reference", type=int, default=12, help="plies of the full-width reference search")
    ap.add_argument("--selective", choices=["on", "off", "default"], default="default",
                    help="pr.search(selective=...); default: the build's default (no argument)")
    ap.add_argument("--cache", default=os.path.join(ROOT, "build", "midgame_reference.json"))
    ap.add_argument("--label", default="")
    ap.add_argument("--write", help="append the table to this Markdown file")
    args = ap.parse_args(argv[1:])

    variant = pr.Variant.parse(args.board)
    span = midgame_range(variant)
    empties = list(range(span.start, span.stop, max(1, (span.stop - span.start) // 6)))
    states = positions(args.board, empties, args.positions, held_out=True)
    if not states:
        raise SystemExit("no positions (is ../shared/data there?)")
    os.makedirs(os.path.dirname(args.cache), exist_ok=True)
    ref = reference(states, args.board, args.reference, args.cache)
    selective = {"on": True, "off": False, "default": None}[args.selective]

    rows = []
    for depth in args.depths:
        seconds, nodes, agree, err = [], 0, 0, []
        for s in states:
            cpu = time.process_time()
            r = run_search(s, depth, selective)
            seconds.append(time.process_time() - cpu)
            nodes += r.nodes
            move, score = ref[position_to_text(s)]
            agree += r.move == move
            err.append(abs(r.score - score))
        rows.append((depth, sum(seconds), statistics.median(seconds), nodes, agree / len(states),
                     statistics.mean(err)))
        print(f"depth {depth}: {sum(seconds):.2f} s, median {1000 * statistics.median(seconds):.1f} ms, "
              f"{nodes} nodes, move agreement {agree}/{len(states)}, |score error| {statistics.mean(err):.2f}",
              flush=True)

    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        f"### {args.board}, selective={args.selective}{', ' + args.label if args.label else ''} ({when})",
        "",
        f"{len(states)} positions, {min(map(empties_of, states))}-{max(map(empties_of, states))} empties; "
        f"reference: full width, depth {args.reference}; one thread; {platform.processor() or platform.machine()}, "
        f"load {os.getloadavg()[0]:.1f}.",
        f"`python benchmarks/midgame_depth.py {shlex.join(argv[1:])}`",
        "",
        "| depth | total CPU s | median CPU ms/move | nodes | best move = reference | mean abs score error (disks) |",
        "|---|---|---|---|---|---|",
    ]
    for depth, total, median, nodes, agreement, error in rows:
        lines.append(f"| {depth} | {total:.2f} | {1000 * median:.1f} | {nodes:,} | {100 * agreement:.0f} % | "
                     f"{error:.2f} |")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.write:
        with open(args.write, "a") as f:
            f.write("\n" + text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
