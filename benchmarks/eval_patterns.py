"""The trained 8x8 pattern evaluation against the shape evaluation.

    python benchmarks/eval_patterns.py speed
    python benchmarks/eval_patterns.py match --depth 4 --openings 60 --shape-python PY
    python benchmarks/eval_patterns.py ffo --first 40 --last 44 --shape-python PY
    python benchmarks/eval_patterns.py match --old-package DIR --depth 6 --openings 50 --wthor
    python benchmarks/eval_patterns.py ffo --first 40 --last 44 --old-package DIR

The shape evaluation of 8x8 search is not selectable in this build (the
trained one replaces it on the full 8x8 board), so `match` and `ffo` run it
from a build of the commit before (PY: the Python of a venv where that
commit's polyreversi is installed), in a child process that answers
search/solve requests for position texts: the search code is the same in
both, only the evaluation differs. --old-package DIR instead runs the
polyreversi package copied into DIR (DIR/polyreversi with its compiled
_core, e.g. `cp -r python/polyreversi DIR/ && cp build/dev/_core*.so
DIR/polyreversi/` before the weights change) with this Python: that is how
new weights are played against the previous ones. --wthor: the openings are
the WTHOR 2015 games after 10 plies (benchmarks/selective_match.py's),
and the result has the Elo difference with its 95 % interval.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

import numpy as np

import polyreversi as pr
from polyreversi import _core
from polyreversi.position_text import position_to_text

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
from json_child import OTHER_BUILD, JsonChild  # noqa: E402
from paired_score import PairedScore  # noqa: E402
FFO = os.path.join(ROOT, "..", "shared", "data", "ffo", "fforum-40-59.obf")

SERVER = r"""
import json, sys, time, polyreversi as pr
v = pr.Variant("8x8")
for line in sys.stdin:
    q = json.loads(line)
    s = v.position_from_text(q["text"])
    if q["op"] == "search":
        r = pr.search(s, depth=q["depth"], threads=1)
        out = {"move": r.move}
    else:
        t = time.process_time()
        r = pr.solve(s, threads=1, convention="wof")
        out = {"score": r.score, "move": r.move, "nodes": r.nodes, "cpu": time.process_time() - t}
    print(json.dumps(out), flush=True)
"""


class Remote(JsonChild):
    """A polyreversi of another build in a child process: the Python ``python`` (its own
    install), or this Python with the package copied into the folder ``package``."""

    def __init__(self, python: str | None, package: str | None = None) -> None:
        if package:
            super().__init__(OTHER_BUILD.format(dir=os.path.abspath(package)) + SERVER)
        else:
            super().__init__(SERVER, python)


def speed(args) -> None:
    rng = random.Random(1)
    v = pr.Variant("8x8")
    P, O = [], []
    while len(P) < 20000:
        s = v.start()
        for _ in range(rng.randrange(4, 58)):
            if s.is_over():
                break
            s.play(rng.choice(s.legal_moves()))
        if s.is_over():
            continue
        b = s.board().ravel()
        me = int(s.to_move)
        P.append(sum(1 << i for i in np.nonzero(b == me)[0]))
        O.append(sum(1 << i for i in np.nonzero((b != me) & (b > 0))[0]))
    P, O = np.array(P, dtype=np.uint64), np.array(O, dtype=np.uint64)
    print(f"kernels: {_core.kernels()}, {len(P)} random positions, each evaluated {args.repeat} times")
    one_P, one_O = np.repeat(P[:1], len(P)), np.repeat(O[:1], len(O))
    for name, shape, p, o in (("patterns", False, P, O), ("shape", True, P, O),
                              ("patterns, one position again and again (tables in cache)", False, one_P, one_O)):
        t = time.process_time()
        for _ in range(args.repeat):
            _core._evaluate_8x8(p, o, shape)
        dt = time.process_time() - t
        print(f"{name}: {dt / (args.repeat * len(p)) * 1e9:.1f} ns per call (CPU)")


def openings(args):
    if args.wthor:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        from selective_match import wthor_openings

        yield from wthor_openings(10, args.openings)
        return
    v = pr.Variant("8x8")
    for i in range(args.openings):
        rng = random.Random(args.seed + i)
        opening = v.start()
        for _ in range(args.random_plies):
            opening.play(rng.choice(opening.legal_moves()))
        yield opening


def match(args) -> None:
    shape = Remote(args.shape_python, args.old_package)
    score = PairedScore()
    for i, opening in enumerate(openings(args)):
        margins = []
        for patterns_colour in (0, 1):  # 0: the pattern player is Black
            s = opening.copy()
            while not s.is_over():
                if s.must_pass():
                    s.play(s.PASS)
                    continue
                mine = (int(s.to_move) - 1) == patterns_colour
                if mine:
                    m = pr.search(s, depth=args.depth, threads=1).move
                else:
                    m = shape.ask(op="search", text=position_to_text(s), depth=args.depth)["move"]
                s.play(m)
            b, w = s.scores()
            margins.append((b - w) if patterns_colour == 0 else (w - b))
        score.add_pair(margins)
        print(f"after {2 * (i + 1)} games: patterns {score.wins} wins, {score.draws} draws, {score.losses} losses",
              flush=True)
    shape.close()
    e, lo, hi = score.elo()
    where = "WTHOR 2015 after 10 plies" if args.wthor else f"{args.random_plies} random plies, seeds {args.seed}.."
    print(f"depth {args.depth}, {len(score.pairs)} openings ({where}) x 2 colours:"
          f" this build {score.wins}-{score.draws}-{score.losses} ({score.share():.1%}), Elo {e:+.0f} [{lo:+.0f}, "
          f"{hi:+.0f}], mean margin {score.mean_margin():+.1f} disks")


def ffo(args) -> None:
    from polyreversi.formats import obf

    shape = Remote(args.shape_python, args.old_package)
    entries = obf.read(FFO)
    print("| # | empties | score | nodes shape | nodes patterns | ratio | CPU s shape | CPU s patterns |")
    print("|---|---|---|---|---|---|---|---|")
    tot = [0, 0, 0.0, 0.0]
    for k, e in enumerate(entries):
        num = 40 + k
        if not args.first <= num <= args.last:
            continue
        before = shape.ask(op="solve", text=position_to_text(e.state))
        t = time.process_time()
        r = pr.solve(e.state, threads=1, convention="wof")
        cpu = time.process_time() - t
        assert r.score == before["score"], (num, r.score, before)
        empties = int((e.state.board() == 0).sum())
        print(f"| {num} | {empties} | {r.score:+d} | {before['nodes']:,} | {r.nodes:,} | "
              f"{r.nodes / before['nodes']:.2f} | {before['cpu']:.1f} | {cpu:.1f} |", flush=True)
        tot[0] += before["nodes"]
        tot[1] += r.nodes
        tot[2] += before["cpu"]
        tot[3] += cpu
    print(f"| total | | | {tot[0]:,} | {tot[1]:,} | {tot[1] / tot[0]:.2f} | {tot[2]:.1f} | {tot[3]:.1f} |")
    shape.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("speed")
    a.add_argument("--repeat", type=int, default=50)
    a = sub.add_parser("match")
    a.add_argument("--depth", type=int, default=4)
    a.add_argument("--openings", type=int, default=60)
    a.add_argument("--random-plies", type=int, default=6)
    a.add_argument("--seed", type=int, default=1000, help="opening i is drawn with random.Random(seed + i)")
    a.add_argument("--wthor", action="store_true", help="openings: WTHOR 2015 games after 10 plies")
    a.add_argument("--shape-python")
    a.add_argument("--old-package", help="the other side: the polyreversi package copied into this folder")
    a = sub.add_parser("ffo")
    a.add_argument("--first", type=int, default=40)
    a.add_argument("--last", type=int, default=44)
    a.add_argument("--shape-python")
    a.add_argument("--old-package", help="the other side: the polyreversi package copied into this folder")
    args = ap.parse_args()
    if args.cmd != "speed" and not (args.shape_python or args.old_package):
        ap.error("give --shape-python or --old-package")
    {"speed": speed, "match": match, "ffo": ffo}[args.cmd](args)


if __name__ == "__main__":
    main()
