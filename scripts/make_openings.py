"""Builds the match runner's built-in balanced opening sets
(python/polyreversi/match/data/openings-<board>.txt): run from the project root,
``python scripts/make_openings.py [WTHOR_FILE]`` (default ../shared/data/wthor/WTH_2015.wtb).

8x8: the 8-ply beginnings of real games (WTHOR), those played in at least two
games, kept when a depth-8 search scores them within 2 disks of even; the most
played first. 6x6, 10x10 and the octagon have no game database here: random
beginnings (seeded) kept by the same test. One transcript per line.
"""
import argparse
import collections
import os
import random

import polyreversi as pr

KEEP = 2.0  # disks: |search score| of a kept opening
DEPTH = 8
COUNT = 100


def balanced(state) -> bool:
    return not state.is_over() and abs(pr.search(state, depth=DEPTH).score) <= KEEP


def from_games(path, plies=8):
    counts = collections.Counter()
    for record in pr.formats.read(path):
        if len(record.moves) >= plies:
            counts[tuple(record.moves[:plies])] += 1
    out = []
    for moves, n in counts.most_common():
        if n < 2 or len(out) >= COUNT:
            break
        state = pr.Variant().start()
        for m in moves:
            state.play(m)
        if balanced(state):
            out.append(state)
    return out


def random_openings(variant, plies, seed=1):
    rng = random.Random(seed)
    seen, out = set(), []
    while len(out) < COUNT // 2:
        state = variant.start()
        for _ in range(plies):
            state.play(rng.choice(state.legal_moves()))
        if state.key() not in seen and balanced(state):
            seen.add(state.key())
            out.append(state)
    return out


def write(board, states, how):
    path = f"python/polyreversi/match/data/openings-{board}.txt"
    with open(path + ".part", "w") as f:  # renamed when whole: an interrupted run leaves the set as it was
        f.write(f"# {len(states)} balanced openings for {board}: {how}; "
                f"|search depth {DEPTH}| <= {KEEP:g} disks (scripts/make_openings.py)\n")
        for s in states:
            f.write("".join(s.variant.square_name(m) for m in s.moves()) + "\n")
    os.replace(path + ".part", path)
    print(path, len(states))


def main() -> None:
    ap = argparse.ArgumentParser(description="Build the match runner's balanced opening sets "
                                             "(python/polyreversi/match/data/openings-<board>.txt).")
    ap.add_argument("wthor", nargs="?", default="../shared/data/wthor/WTH_2015.wtb",
                    help="the WTHOR file of the 8x8 openings (default: %(default)s)")
    args = ap.parse_args()
    if not os.path.isfile(args.wthor):
        ap.error(f"wthor: no such file: {args.wthor}")
    wthor = args.wthor
    try:
        games = from_games(wthor)
    except pr.errors.RecordError as e:
        ap.error(f"wthor: {e}")
    if not games:  # an empty or foreign file: the shipped set stays as it is
        ap.error(f"wthor: no 8-ply beginning played twice and balanced in {wthor}")
    write("8x8", games, f"8-ply beginnings of WTHOR games ({os.path.basename(wthor)}) played at least twice")
    write("6x6", random_openings(pr.Variant("6x6"), 4), "random 4-ply beginnings (seed 1)")
    write("10x10", random_openings(pr.Variant("10x10"), 8), "random 8-ply beginnings (seed 1)")
    write("octagon", random_openings(pr.Variant("octagon"), 8), "random 8-ply beginnings (seed 1)")


if __name__ == "__main__":
    main()
