"""CPU time of the midgame search in a living player, builds side by side.

    python benchmarks/midgame_speed.py [--depth 10] [--rounds 3] [--reps 20] [--board 8x8] PYTHON [PYTHON ...]

Each PYTHON is an interpreter with a polyreversi build installed (a venv of
another checkout, a wheel); the first is the baseline. Every round runs each
build once, in turn, on the same work: one `SearchPlayer(depth=D)` (its table
kept, `new_game()` between positions) choosing a move in each of the 40
held-out WTHOR midgame positions of scripts/midgame_positions.py (20-50
empties, the set of midgame_depth.py), `--reps` times. `--board` another
variant (6x6, 10x10, octagon, each with /anti): 40 held-out self-play positions
of that script over the board's midgame empties, made once by this process
and handed to every build as position text (a build's own depth-2 games would
differ where its evaluation does). Prints per build the
median CPU seconds (time.process_time of the child), the nodes, nodes per
second and the time against the baseline's; and whether the moves are the
same (a change that keeps the tree keeps the nodes and moves).
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
import polyreversi as pr
depth, reps, board = int(sys.argv[1]), int(sys.argv[2]), pr.Variant.parse(sys.argv[3])
states = [board.position_from_text(line) for line in sys.stdin.read().splitlines()]
player = pr.SearchPlayer(depth=depth)
player.play(states[0])  # the board's tables built before the clock starts (the table grows as a depth player's does)
t0 = time.process_time()
nodes, moves = 0, []
for _ in range(reps):
    for s in states:
        player.new_game()
        r = player.play(s)
        nodes += r.nodes
        moves.append(r.move)
print(json.dumps({"cpu": time.process_time() - t0, "nodes": nodes, "moves": moves, "build": pr.__file__}))
"""


def position_texts(board: str) -> str:
    """The 40 held-out midgame positions of `board` (scripts/midgame_positions.py), one text a line."""
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    import polyreversi as pr
    from midgame_positions import midgame_range, positions

    span = midgame_range(pr.Variant.parse(board))
    empties = list(range(span.start, span.stop, max(1, (span.stop - span.start) // 6)))
    return "\n".join(s.to_text() for s in positions(board, empties, 40, held_out=True))


def run(python: str, depth: int, reps: int, board: str, texts: str) -> dict:
    try:
        out = subprocess.run([python, "-c", CHILD, str(depth), str(reps), board], input=texts,
                             capture_output=True, text=True, check=False)
    except OSError as e:  # not there, not executable
        raise SystemExit(f"{python}: cannot run it: {e.strerror}") from None
    if out.returncode != 0:
        raise SystemExit(f"{python}: {out.stderr.strip().splitlines()[-1] if out.stderr.strip() else 'failed'}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def at_least_one(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more, got {value}")
    return value


def two_player_variant(text: str) -> str:
    """--board: the variant's canonical text (str(pr.Variant.parse(text)): "8X8" is "8x8", the
    WTHOR positions' board) when it is a two-player game (the search's)."""
    import polyreversi as pr

    try:
        variant = pr.Variant.parse(text)
    except pr.VariantError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    if variant.players != 2:
        raise argparse.ArgumentTypeError(f"{text!r}: the midgame search is of two-player games")
    return str(variant)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pythons", nargs="+", metavar="PYTHON", help="interpreters, each with a build (first: baseline)")
    ap.add_argument("--depth", type=at_least_one, default=10)
    ap.add_argument("--rounds", type=at_least_one, default=3)
    ap.add_argument("--reps", type=at_least_one, default=20, help="passes over the 40 positions in one run")
    ap.add_argument("--board", type=two_player_variant, default="8x8",
                    help="a two-player variant text: 8x8 (WTHOR positions), 6x6, 10x10, octagon, each with /anti")
    args = ap.parse_args(argv[1:])
    texts = position_texts(args.board)
    # one list of runs per argument, so the same interpreter twice is two builds' worth (an A/A check)
    results: list[list[dict]] = [[] for _ in args.pythons]
    for _ in range(args.rounds):
        for k, p in enumerate(args.pythons):
            results[k].append(run(p, args.depth, args.reps, args.board, texts))
    base = statistics.median(r["cpu"] for r in results[0])
    base_moves = results[0][0]["moves"]
    load = os.getloadavg()[0]
    print(f"{args.board}, depth {args.depth}, 40 positions x {args.reps}, median of {args.rounds} rounds, "
          f"load {load:.1f}")
    print("| build | CPU s | nodes | M nodes/s | time / baseline | same moves |")
    print("|---|---|---|---|---|---|")
    for runs in results:
        cpu = statistics.median(r["cpu"] for r in runs)
        nodes = runs[0]["nodes"]
        same = runs[0]["moves"] == base_moves
        print(f"| {runs[0]['build']} | {cpu:.3f} | {nodes:,} | {nodes / cpu / 1e6:.2f} | {cpu / base:.3f} | "
              f"{'yes' if same else 'no'} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
