"""Self-play of two builds' living SearchPlayer at equal time: the time use
of one build against another's (or any change to the player), one thread each.

    python benchmarks/time_match.py --new DIR_A --old DIR_B --time 0.05 --openings 50
    python benchmarks/time_match.py --new DIR_A --old DIR_B --clock 3 --openings 50
    python benchmarks/time_match.py --new DIR_A --old DIR_B --depth 8 --openings 50

Each side is a polyreversi package copied into a folder (DIR/polyreversi with its
compiled _core: `cp -r python/polyreversi DIR/ && cp build/dev/_core*.so
DIR/polyreversi/`), run in a child process of its own that keeps one
`SearchPlayer(tt_mb=...)` for the whole match (`new_game()` before each game) and
answers a move for a position text under `Limit(time=T)`, `Limit(depth=D)` or the
side's game clock `Limit(clock=left)` (its own wall time per move, measured in the
child, charged to its clock; a side whose clock runs out loses the game). The two
children take turns, so neither thinks while the other does. Openings: the WTHOR
2015 games after `--plies` moves (benchmarks/selective_match.py), each played
twice with the colours swapped. Prints W/D/L of --new, its score, the Elo
difference with a 95 % interval (normal approximation over the openings' pair
scores), the mean disc margin, and each side's mean seconds a move (and, with
--time, its mean and largest ratio to the budget); appends the line to --write.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
from json_child import OTHER_BUILD, JsonChild  # noqa: E402

CHILD = r"""
import json, time
import polyreversi as pr
v = pr.Variant.parse({board!r})
player = pr.SearchPlayer(tt_mb={tt_mb})
print(json.dumps({{"ready": True}}), flush=True)
for line in sys.stdin:
    q = json.loads(line)
    if q["op"] == "new_game":
        player.new_game()
        print(json.dumps({{}}), flush=True)
        continue
    s = v.position_from_text(q["text"])
    t = time.perf_counter()
    r = player.play(s, pr.Limit(**q["limit"]))
    print(json.dumps({{"move": r.move, "seconds": time.perf_counter() - t, "depth": r.depth}}), flush=True)
"""


class Side(JsonChild):
    """One build's SearchPlayer in a child process."""

    def __init__(self, package: str, tt_mb: int, board: str) -> None:
        super().__init__(OTHER_BUILD.format(dir=os.path.abspath(package)) + CHILD.format(tt_mb=tt_mb, board=board))
        self.read()  # ready


def play(opening, sides, new_colour: int, args, log, flags):
    """Disc margin of the new side (colour 0: Black; with Anti-Reversi the opponent's
    disks less its own, so that a win is positive); a side out of time loses by the
    board's squares (flags[side] counts it)."""
    from polyreversi.position_text import position_to_text

    for side in sides:
        side.ask(op="new_game")
    s = opening.copy()
    clocks = [args.clock, args.clock]
    while not s.is_over():
        if s.must_pass():
            s.play(s.PASS)
            continue
        colour = int(s.to_move) - 1
        who = 0 if colour == new_colour else 1  # 0: new, 1: old
        if args.clock is not None:
            limit = {"clock": max(clocks[who], 0.0)}
        elif args.time is not None:
            limit = {"time": args.time}
        else:
            limit = {"depth": args.depth}
        r = sides[who].ask(op="play", text=position_to_text(s), limit=limit)
        log[who].append((r["seconds"], r["depth"]))
        if args.clock is not None:
            clocks[who] -= r["seconds"]
            if clocks[who] < 0:
                flags[who] += 1
                squares = len(s.variant.squares)
                return -squares if who == 0 else squares
        s.play(r["move"])
    sc = s.scores()
    margin = sc[new_colour] - sc[1 - new_colour]
    return -margin if s.variant.anti else margin  # Anti-Reversi: fewer disks wins


def main(argv) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--new", required=True, help="folder holding the new build's polyreversi package")
    ap.add_argument("--old", required=True, help="folder holding the old build's polyreversi package")
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--time", type=float, help="seconds per move, both sides")
    g.add_argument("--clock", type=float, help="seconds per game and side (sudden death)")
    g.add_argument("--depth", type=int, help="plies per move, both sides")
    ap.add_argument("--openings", type=int, default=50)
    ap.add_argument("--plies", type=int, default=10,
                    help="8x8: moves of each WTHOR game in its opening; other boards: random plies of a seeded game")
    ap.add_argument("--board", default="8x8", help="a variant (pr.Variant.parse): 8x8 plays WTHOR 2015 openings, "
                                                  "the others seeded self-play openings (as selective_match.py)")
    ap.add_argument("--tt-mb", type=int, default=64)
    ap.add_argument("--write", help="append the result line to this Markdown file")
    args = ap.parse_args(argv[1:])
    # This process keeps the games with the new build too (not the editable install,
    # which may be rebuilt while a match runs).
    sys.meta_path = [f for f in sys.meta_path if "ScikitBuild" not in type(f).__name__]
    sys.path.insert(0, os.path.abspath(args.new))
    from paired_score import PairedScore, emit, run_cell
    from selective_match import openings_for

    sides = [Side(args.new, args.tt_mb, args.board), Side(args.old, args.tt_mb, args.board)]
    score = PairedScore()
    log, flags = ([], []), [0, 0]
    try:
        for i, opening in enumerate(openings_for(args.board, args.plies, args.openings)):
            points = score.add_pair([play(opening, sides, colour, args, log, flags) for colour in (0, 1)])
            print(score.progress(i + 1, args.openings, points), flush=True)
    finally:
        for side in sides:
            side.close()
    setting = (f"{args.time:g} s/move" if args.time is not None else
               f"clock {args.clock:g} s/game" if args.clock is not None else f"depth {args.depth}")
    used = []
    for who in (0, 1):
        secs = [x for x, _ in log[who]]
        text = f"{statistics.mean(secs):.4f} s, depth {statistics.mean(dd for _, dd in log[who]):.1f}"
        if args.time is not None:
            text += f", /budget mean {statistics.mean(secs) / args.time:.2f} max {max(secs) / args.time:.2f}"
        if args.clock is not None:
            text += f", lost on time {flags[who]}"
        used.append(text)
    if args.board != "8x8":
        setting = f"{args.board}, {setting}"
    line = (f"| {setting} | {len(score.pairs)} x 2 | {score.cells()} | new: {used[0]}; old: {used[1]} "
            f"| {run_cell(argv[1:])} |")
    emit("| setting | games | new W/D/L | score | Elo (95 %) | mean margin | per move | run |", line, args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
