"""Train the 8x8 pattern evaluation (reference: tests/reference/patterns.py) from the
WTHOR games and write its weights file, cpp/src/search/pattern_weights.inc.

    pip install -e '.[train]'
    python scripts/train_patterns.py extract   # positions and labels -> build/patterns/positions.npz
    python scripts/train_patterns.py augment   # solved positions off the games' lines -> build/patterns/augment.npz
    python scripts/train_patterns.py augment --seed 1000003 --start 26 --low 10 --high 20 --out build/patterns/augment2.npz
    python scripts/train_patterns.py augment --games 3500 --seed 2000003 --out build/patterns/augment3.npz
    python scripts/train_patterns.py augment --seed 3000003 --start 25 --low 11 --high 20 --out build/patterns/augment4.npz
    python scripts/train_patterns.py fit --extra build/patterns/augment.npz --extra build/patterns/augment2.npz \
        --extra build/patterns/augment3.npz --extra build/patterns/augment4.npz  # -> cpp/src/search/pattern_weights.inc
    python scripts/train_patterns.py report    # held-out error by phase, trained vs shape evaluation
    python scripts/train_patterns.py games --jobs 2   # more games -> build/patterns/games/<file>.npz (resumes)
    python scripts/train_patterns.py fit --phases 4-11 --overlap 4 --max-rows 500000 --iterations 100 \
        --extra 'build/patterns/games/Logistello*.npz' --extra 'build/patterns/games/WTH_19*.npz' \
        --extra build/patterns/games/WTH_2000.npz
    nice -n 10 python scripts/train_patterns.py search --search-depth 6 --every 5 --every-main 2  # resumes
    nice -n 10 python scripts/train_patterns.py solve --solve-positions 300  # held-out exact scores, 20-24 empties
    python scripts/train_patterns.py fit --search-depth 6 --phases 4-11 --overlap 4 --max-rows 500000 \
        --iterations 100 --extra 'build/patterns/games/*.npz' --fit-report build/patterns/fit_d6.json
    nice -n 10 python scripts/train_patterns.py fit --labels minimax --minimax-games 10 --phases 4-11 --overlap 4 \
        --max-rows 500000 --iterations 100 --extra 'build/patterns/games/Logistello*.npz' \
        --extra 'build/patterns/games/WTH_19*.npz' --extra build/patterns/games/WTH_2000.npz \
        --weights-out build/patterns/pw_minimax_k10.inc  # minimax labels (not shipped: docs/tuning.md)
    nice -n 10 python scripts/train_patterns.py sweep --phases 4 --overlap 4 --iterations 1000 \
        --extra 'build/patterns/games/Logistello*.npz' --extra 'build/patterns/games/WTH_19*.npz' \
        --extra build/patterns/games/WTH_2000.npz --fit-report build/patterns/sweep_p4.json  # damps x iterations
    python scripts/train_patterns.py augment --games 10000 --seed 5000003 --start 24 --low 6 --high 19 \
        --out build/patterns/augment5.npz
    python scripts/train_patterns.py augment --games 10000 --seed 6000003 --start 20 --low 8 --high 19 \
        --out build/patterns/augment6.npz
    nice -n 5 python scripts/train_board_eval.py label --board 8x8 --games 34700 --chunk 100 --depth 8 \
        --exact 16 --random 10 --random-min 4 --seed 3 --branches 1 --jobs 2   # games and branch games -> build/board_eval/8x8-normal/
    N='[0-9][0-9][0-9][0-9][0-9].npz'; B="build/board_eval/8x8-normal/branch_$N"   # a glob, given quoted
    A='--extra build/patterns/augment5.npz --extra build/patterns/augment6.npz'
    python scripts/train_patterns.py fit --phases 0-3 --overlap 4 --max-rows 3000000 --iterations 100 \
        --extra 'build/patterns/games/Logistello*.npz' --extra 'build/patterns/games/WTH_*.npz' \
        --extra "build/board_eval/8x8-normal/chunk_$N" $A $A $A   # the shipped phases 0-3
    python scripts/train_patterns.py fit --phases 4-11 --overlap 4 --max-rows 3000000 --iterations 100 \
        --extra 'build/patterns/games/Logistello*.npz' --extra 'build/patterns/games/WTH_*.npz' \
        --extra "build/board_eval/8x8-normal/chunk_$N" --extra "$B" --extra "$B" --extra "$B"   # phases 4-11 before
    nice -n 5 python scripts/train_board_eval.py label --board 8x8 --games 12000 --chunk 100 --depth 8 \
        --exact 16 --random 10 --random-min 4 --seed 4 --branches 3 --jobs 2 --data build/board_eval/8x8-g4
    (the same with --seed 5 --data build/board_eval/8x8-g5)   # more games, three branch games each
    G4=build/board_eval/8x8-g4/8x8-normal; G5=build/board_eval/8x8-g5/8x8-normal
    python scripts/train_patterns.py fit --phases 4-11 --overlap 4 --max-rows 8000000 --iterations 100 \
        --extra 'build/patterns/games/Logistello*.npz' --extra 'build/patterns/games/WTH_*.npz' \
        --extra "build/board_eval/8x8-normal/chunk_$N" --extra "$B" --extra "$B" --extra "$B" \
        --extra "$G4/chunk_$N" --extra "$G5/chunk_$N" --extra "$G4/branch_$N" --extra "$G4/branch_$N" \
        --extra "$G4/branch_$N" --extra "$G5/branch_$N" --extra "$G5/branch_$N" --extra "$G5/branch_$N"   # shipped
    python scripts/train_patterns.py augment --held-out --games 4000 --seed 7000003 --start 22 --low 6 --high 19 \
        --out build/patterns/heldout_playouts.npz   # 5,600 positions off the held-out games' lines, to measure

The shipped weights: phases 4-11 are the last fit command's (the one with --max-rows
8000000), on the games' positions: Logistello's book, WTHOR 1977-2020 (the held-out games
left out), 1,838,175 positions of 34,700 self-play games of the engine (the build of
2026-12-06, seed 3) and 1,270,850 of 24,000 more (seeds 4 and 5) and, each row given three
times, the positions of their branch games (a random move off the game's line, then the
same players; positions a search meets and the games' lines do not): 1,183,201 of 34,700
(`--branches 1`) and 2,442,005 of 72,000 (`--branches 3`); at most 8,000,000 rows a phase
(phase 4 has 6,381,070: none dropped), for the 13 pattern types of PATTERN_TYPES and the
legal-move patterns of MOVE_TYPES. docs/tuning.md, 2026-12-06: NTest at equal CPU time 50.3 ->
54.0 % with the first games' branch rows three times, 52.8 -> 54.6 % (2,000 games each, side by
side) with the more games; 2026-12-07: 55.0 -> 59.0 % (1,200 games each, side by side) with the
two types; with the legal-move patterns 57.3 -> 58.2 % at equal time and 44.2 -> 50.9 % at
equal depth 8 (1,200 games each). Phases 0-3 (0-19 empties) are the fit --phases 0-3 command's, on the same WTHOR
files, the seed-3 self-play games (their chunk files, not the branch games) and 180,766
positions of random playouts off the games' lines solved exactly (the two augment runs, about
25 min of CPU each; every row of them given three times, so that the solver's ordering, which
evaluates such positions, keeps its node counts: docs/tuning.md, "Phases 0-3 refitted"). Both
fits have the mobility tables (MOBILITY_TERMS) and the legal-move patterns beside the disk
patterns.

Data: every ply of every game of ../shared/data/wthor/*.wtb (sorted by file
name, games in file order). Labels, from the mover's view in disks:
  * empties <= EXACT_EMPTIES: the exact score (pr.solve, disk counts);
  * empties >= the game's WTHOR theoretical depth (24): its theoretical score
    (perfect play from that ply on; WTHOR stores Black's disks, 2*s-64);
  * in between: the exact score of the game's first position with at most
    EXACT_EMPTIES empties (the players' moves up to there, perfect play after);
    the recorded margin (WOF convention) if the game ended before.
Augment (more positions for the phases the solver's ordering leans on): from
each training game's first position with at most --start empties, --playouts
random playouts (random.Random(game number + --seed), so the same file each run); every
position of a playout with --low..--high empties where the mover has a move is
labelled with its exact score. A playout's random moves reach positions no
game of the database has.
Games whose number in the sorted list is 0 mod 10 are held out for validation
(augment makes no playouts from them).
Games (the `games` stage; --data, default ../shared/data/wthor-train/*.wtb:
WTHOR 1977-2020 but the three years above, and Logistello's book lines): as
extract, but only each game's first position with at most EXACT_EMPTIES
empties is solved (its anchor) and the positions below it are left out (the
endgame phases have the solved positions above); Logistello's book stores
theoretical depth 0, so its lines are labelled by their anchor. A game whose
moves are a held-out game's is left out. One positions file per game file,
written whole when done; a file already there is not labelled again.
Search-backed labels (the `search` stage; train_board_eval.py's search code,
the one used for the other boards): every --every-th position with at least
--min-empties (20) empties of each games file, and every --every-main-th of
the main positions file (its held-out games give the held-out error), gets
the score of a depth --search-depth search of the installed build, written to
build/patterns/search_d<depth>/<file> (whole files; a rerun skips those
done). `fit --search-depth D` then labels those positions mix * search score
+ (1 - mix) * their label, keeps the positions below --min-empties as they
are and leaves the other candidates out; a games file without labels of that
depth is left out. fit prints the held-out error per phase before and after
(against the game labels, the search labels and the `solve` stage's exact
scores of held-out positions with 20-24 empties).
Minimax labels (`fit --labels minimax`, also sweep): the training games
(the main file's but the held-out ones, and every --extra file's) make one
tree of positions with at least --minimax-empties (24) empties, positions
equal up to the 8 symmetries merged; a leaf (the game's position at 24
empties, or where its record stops) keeps its label (the WTHOR theoretical
score; Logistello's book lines: their 14-empties anchor), and every position
with children and at least --minimax-games games through it is relabelled
by the negamax over its children in the tree (the book minimax of
Logistello's and Edax's books): the players' errors above 24 empties are
replaced by the best line the database knows. --minimax-games K > 1 keeps
the game labels (their mean, to the fit) of positions with fewer games.
The sweep stage fits the phases it is given for several damps at once and
scores every damp after each --snapshots iteration count on the held-out
positions (lsqr_damps.py: one LSQR run for all of them); it writes no weights.
The fit is deterministic (scipy.sparse.linalg.lsqr, fixed damping and
iterations; no random numbers): the same data give the same file.
"""
from __future__ import annotations

import argparse
import glob
import os
import re
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))  # the Python reference of the patterns

try:  # the installed package (its compiled core); the source tree alone has none
    from polyreversi import _core  # noqa: F401
    from reference import patterns as pt
except ImportError as e:
    sys.exit(f"train_patterns.py needs polyreversi installed: pip install -e '.[train]' ({e})")

DATA = os.path.join(ROOT, "..", "shared", "data", "wthor", "*.wtb")
# More games (WTHOR 1977-2020 but the three years of DATA, Logistello's book lines):
# the `games` stage labels them; none of them is held out.
MORE_DATA = os.path.join(ROOT, "..", "shared", "data", "wthor-train", "*.wtb")
GAMES_DIR = os.path.join(ROOT, "build", "patterns", "games")
CACHE = os.path.join(ROOT, "build", "patterns", "positions.npz")
AUGMENT = os.path.join(ROOT, "build", "patterns", "augment.npz")
OUT = os.path.join(ROOT, "cpp", "src", "search", "pattern_weights.inc")
EXACT_EMPTIES = 14
SOLVE_TT_MB = 1  # plenty for 14 empties; the default 64 MiB table costs 10 ms to set up per solve
HOLDOUT = 10  # every 10th game
# Ridge strength (lsqr damp): 8 gave the least held-out error of 1-32 on phases
# 4 and 8 (empties 20-24, 40-44); benchmarks/HISTORY.md compares 2 and a mix.
DAMP = 8.0
ITERATIONS = 200  # lsqr converged by then (the same held-out error at 400)
OVERLAP = 10  # a phase also trains on positions up to this many empties outside it (2: 13 % more solver nodes on FFO #40-#52)


def extract(args) -> None:
    from polyreversi import formats

    files = sorted(glob.glob(DATA))
    cells, empties, labels, games = [], [], [], []
    gid = 0
    t0 = time.process_time()
    for f in files:
        for rec in formats.read(f):
            for c, e, y in game_rows(rec, args.exact_empties, solve_all=True):
                cells.append(c)
                empties.append(e)
                labels.append(y)
                games.append(gid)
            gid += 1
        print(f"{f}: {gid} games, {len(labels)} positions, {time.process_time() - t0:.0f} s CPU", flush=True)
    save_positions(args.cache, cells, empties, labels, games)


def game_rows(rec, exact_empties, solve_all):
    """(cells, empties, label) of the positions of one game record, labels from
    the mover's view in disks (the module's docstring says which); [] for a
    record that does not replay. solve_all=False: only the game's first position
    with at most exact_empties empties is solved (its anchor) and the positions
    with fewer empties are left out."""
    import polyreversi as pr
    from polyreversi.replay import Replay

    margin = rec.result.margin if rec.result is not None else None
    ts, td = rec.meta.get("theoretical_score"), rec.meta.get("theoretical_depth")
    if not td or td <= exact_empties:  # Logistello's book stores depth 0: its score is the line's end
        td = None
    try:
        states = list(Replay(rec))
    except Exception:  # a record that does not replay: skip it
        return []
    # The exact score (Black's view) of the game's first position with at most
    # EXACT_EMPTIES empties labels the positions before it, down from the
    # theoretical depth: it drops the endgame errors of the players.
    rows = []
    anchor = None
    for s in states:
        if s.is_over():
            continue
        black = 1 if int(s.to_move) == int(pr.Color.BLACK) else -1
        c, e = mover_cells(s)
        if e <= exact_empties:
            if anchor is None or solve_all:
                exact = pr.solve(s, tt_mb=SOLVE_TT_MB).score
                if anchor is None:
                    anchor = black * exact
            if not solve_all:
                break
        else:
            exact = None
        rows.append((c, e, black, exact))
    out = []
    for c, e, black, exact in rows:
        if exact is not None:
            y = exact
        elif td and ts is not None and e >= td:
            y = black * (2 * ts - 64)
        elif anchor is not None:
            y = black * anchor
        elif margin is not None:
            y = black * margin
        else:
            continue
        out.append((c, e, y))
    return out


def file_rows(task):
    """Positions of one more-games file (the `games` stage): writes its positions file."""
    path, out, exact_empties, held = task
    from polyreversi import formats

    cells, empties, labels, games = [], [], [], []
    t0 = time.process_time()
    n = dropped = 0
    for gid, rec in enumerate(formats.read(path)):
        if tuple(rec.moves) in held:  # a held-out game: it stays out of training
            dropped += 1
            continue
        n += 1
        for c, e, y in game_rows(rec, exact_empties, solve_all=False):
            cells.append(c)
            empties.append(e)
            labels.append(y)
            games.append(gid)
    save_positions(out, cells, empties, labels, games)
    return f"{path}: {n} games ({dropped} held-out games left out), {len(labels)} positions, {time.process_time() - t0:.0f} s CPU"


def more_games(args) -> None:
    """Label the games of --data (default MORE_DATA) into one positions file per
    game file in --games-dir; files already there are kept (a run resumes)."""
    import warnings
    from concurrent.futures import ProcessPoolExecutor

    from polyreversi import formats

    warnings.simplefilter("ignore")  # WTHOR files name players beyond the shipped WTHOR.JOU: harmless here
    held, gid = set(), 0
    for f in sorted(glob.glob(DATA)):
        for rec in formats.read(f):
            if gid % HOLDOUT == 0:
                held.add(tuple(rec.moves))
            gid += 1
    os.makedirs(args.games_dir, exist_ok=True)
    tasks = []
    for f in sorted(glob.glob(args.data)):
        out = os.path.join(args.games_dir, os.path.splitext(os.path.basename(f))[0] + ".npz")
        if os.path.isfile(out):
            print(f"{out}: there already (delete it to label {f} again)")
        else:
            tasks.append((f, out, args.exact_empties, held))
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for line in pool.map(file_rows, tasks):
            print(line, flush=True)


def mover_cells(state):
    """(cells, empties) of a state: int8 (64,), 0 empty, 1 the mover's disk, 2 the other's."""
    b = state.board().ravel()
    return np.where(b == 0, 0, np.where(b == int(state.to_move), 1, 2)).astype(np.int8), int((b == 0).sum())


def save_positions(path, cells, empties, labels, games) -> None:
    """A positions file (what load reads): cells (n, 64) int8, empties int8, labels float32, games int32."""
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    tmp = path + ".tmp.npz"  # written whole, then renamed: an interrupted run leaves no half file
    np.savez_compressed(tmp, cells=np.array(cells, dtype=np.int8).reshape(-1, 64),
                        empties=np.array(empties, dtype=np.int8), labels=np.array(labels, dtype=np.float32),
                        games=np.array(games, dtype=np.int32))
    os.replace(tmp, path)


def start_positions(start_empties, n_games, held_out=False):
    """(game number, position text) of each training game's first position with
    at most start_empties empties, for the first n_games games (None: all); with
    held_out, of the held-out games instead (a validation set made the same way)."""
    from polyreversi import formats
    from polyreversi.position_text import position_to_text
    from polyreversi.replay import Replay

    gid = 0
    for f in sorted(glob.glob(DATA)):
        for rec in formats.read(f):
            if n_games is not None and gid >= n_games:
                return
            if (gid % HOLDOUT == 0) == held_out:
                try:
                    start = next((s for s in Replay(rec) if mover_cells(s)[1] <= start_empties), None)
                except Exception:  # a record that does not replay: skipped, as extract does
                    start = None
                if start is not None:
                    yield gid, position_to_text(start)
            gid += 1


def playout_rows(task):
    """Rows (cells, empties, label, game) of the random playouts from one game's start position."""
    gid, text, playouts, low, high, seed = task
    import random

    import polyreversi as pr

    start = pr.Variant("8x8").position_from_text(text)
    rng = random.Random(gid + seed)
    rows = []
    for _ in range(playouts):
        s = start
        while not s.is_over():
            c, e = mover_cells(s)
            if low <= e <= high and not s.must_pass():
                rows.append((c, e, pr.solve(s, tt_mb=16).score, gid))
            s = s.child(rng.choice(s.legal_moves()))
    return rows


def augment(args) -> None:
    from concurrent.futures import ProcessPoolExecutor

    tasks = [(gid, text, args.playouts, args.low, args.high, args.seed)
             for gid, text in start_positions(args.start, args.games, args.held_out)]
    rows = []
    t0 = time.time()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:  # map keeps game order: the same file each run
        for i, game_rows in enumerate(pool.map(playout_rows, tasks, chunksize=20), 1):
            rows += game_rows
            if i % 500 == 0 or i == len(tasks):
                print(f"{i} of {len(tasks)} games: {len(rows)} positions, {time.time() - t0:.0f} s", flush=True)
    columns = list(zip(*rows)) or [[], [], [], []]  # cells, empties, labels, games
    save_positions(args.out, *columns)
    print(f"wrote {args.out}: {len(rows)} positions")


# minimax labels: the game tree is built from the positions with at least this many empties, WTHOR's
# theoretical depth (the positions there carry a perfect-play score).
MINIMAX_EMPTIES = 24


def canonical_keys(cells, chunk=200_000):
    """uint64 (n, 2): the (mover's, other's) bitboards of the least of the 8 symmetric images of each
    row of cells ((n, 64) int8, 1 mover, 2 other), so positions equal up to a symmetry get one key."""
    squares = [[f(r, c)[0] * 8 + f(r, c)[1] for r in range(8) for c in range(8)] for f in pt.SYMMETRIES]
    out = np.empty((len(cells), 2), dtype=np.uint64)
    for i in range(0, len(cells), chunk):
        c = cells[i:i + chunk]
        best = None
        for perm in squares:
            image = c[:, perm]
            P = np.ascontiguousarray(np.packbits(image == 1, axis=1, bitorder="little")).view("<u8")[:, 0]
            O = np.ascontiguousarray(np.packbits(image == 2, axis=1, bitorder="little")).view("<u8")[:, 0]
            if best is None:
                best = (P, O)
            else:
                less = (P < best[0]) | ((P == best[0]) & (O < best[1]))
                best = (np.where(less, P, best[0]), np.where(less, O, best[1]))
        out[i:i + chunk, 0], out[i:i + chunk, 1] = best
    return out


def minimax_labels(cells, empties, labels, games, train, min_empties=MINIMAX_EMPTIES, min_games=1):
    """Labels of the training positions with at least min_empties empties replaced by the negamax over the
    database's game tree (the book minimax of Logistello and Edax); (labels float64 (n,), stats dict).

    cells (n, 64) int8 (1 mover, 2 other), empties (n,), labels (n,) in disks from the mover's view,
    games (n,) int: the rows of one game are consecutive and in move order (a new game starts where the
    game number changes or the empties grow: several positions files joined stay apart), train (n,) bool:
    the rows that make the tree and get new labels (held-out rows are neither). Nodes are positions up to
    the 8 symmetries (canonical_keys), so transpositions merge. A node with no child in the tree (a
    game's position at min_empties, or where its record stops) is a leaf: its value is the mean label of
    its rows (for a WTHOR game at its theoretical depth, the perfect-play score; Logistello's book lines
    carry the exact score of their first position with 14 empties). A node with children and at least
    min_games training rows (games through it) gets the best child's value for its mover (a pass keeps the
    mover's sign: the child's rows are the same mover's); its rows get that value. The other rows keep
    their labels (min_games large: the labels unchanged, which the least-squares fit averages per node)."""
    labels = np.asarray(labels, dtype=np.float64).copy()
    n = len(labels)
    start = np.ones(n, dtype=bool)
    start[1:] = (games[1:] != games[:-1]) | (empties[1:] > empties[:-1])
    rows = np.flatnonzero(train & (empties >= min_empties))
    stats = {"rows": len(rows), "nodes": 0, "inner": 0, "relabelled": 0, "mean_change": 0.0, "not_a_move": 0}
    if len(rows) == 0:
        return labels, stats
    keys, node = np.unique(canonical_keys(cells[rows]), axis=0, return_inverse=True)
    node = node.ravel()
    n_nodes = len(keys)
    node_of = np.full(n, -1, dtype=np.int64)
    node_of[rows] = node
    # Edges: consecutive rows of one game, both in the tree, one move apart (a disk more) or a pass (the
    # same disks, the sides swapped). sign -1: the child's mover is the other side (negamax).
    p = rows[rows + 1 < n]
    p = p[~start[p + 1] & (node_of[p + 1] >= 0)]
    c = p + 1
    a, b = cells[p], cells[c]
    swapped = np.where(b == 1, 2, np.where(b == 2, 1, 0))
    move = (empties[c] == empties[p] - 1) & ((a == 1) <= (swapped == 1)).all(axis=1)
    same_mover_move = (empties[c] == empties[p] - 1) & ((a == 1) <= (b == 1)).all(axis=1)
    passed = (empties[c] == empties[p]) & (a == swapped).all(axis=1)
    ok = move | same_mover_move | passed
    sign = np.where(same_mover_move & ~move, 1.0, -1.0)[ok]
    edges = np.unique(np.stack([node_of[p[ok]], node_of[c[ok]], sign.astype(np.int64)], axis=1), axis=0)
    count = np.bincount(node, minlength=n_nodes)
    value = np.bincount(node, weights=labels[rows], minlength=n_nodes) / count
    node_empties = np.zeros(n_nodes, dtype=np.int64)
    node_empties[node] = empties[rows]
    has_child = np.zeros(n_nodes, dtype=bool)
    has_child[edges[:, 0]] = True
    inner = has_child & (count >= min_games)
    # Children first: a child has fewer empties, or the same after a pass (its own children have fewer),
    # so the level 2 * empties + (has a pass child) orders every child before its parent.
    level = 2 * node_empties
    level[edges[node_empties[edges[:, 0]] == node_empties[edges[:, 1]], 0]] += 1
    edges = edges[inner[edges[:, 0]]]
    edges = edges[np.argsort(level[edges[:, 0]], kind="stable")]
    edge_level = level[edges[:, 0]]
    bounds = np.flatnonzero(np.diff(edge_level)) + 1
    for part in np.split(edges, bounds):
        if len(part) == 0:
            continue
        best = np.full(n_nodes, -np.inf)
        np.maximum.at(best, part[:, 0], part[:, 2] * value[part[:, 1]])
        parents = np.unique(part[:, 0])
        value[parents] = best[parents]
    moved = rows[inner[node]]
    new = value[node[inner[node]]]
    stats.update(nodes=n_nodes, inner=int(inner.sum()), relabelled=len(moved), not_a_move=int((~ok).sum()),
                 mean_change=float(np.abs(new - labels[moved]).mean()) if len(moved) else 0.0)
    labels[moved] = new
    return labels, stats


def relabel(args, cells, empties, labels, games, train):
    """fit/sweep --labels: the labels as given (game) or minimax_labels' (printed: what changed)."""
    if args.labels == "game":
        return labels
    t0 = time.process_time()
    labels, stats = minimax_labels(cells, empties, labels, games, train, args.minimax_empties, args.minimax_games)
    print(f"minimax labels: {stats['nodes']} positions (up to symmetry) of {stats['rows']} training rows with "
          f"{args.minimax_empties}+ empties, {stats['inner']} with children and {args.minimax_games}+ games; "
          f"{stats['relabelled']} rows relabelled, mean |change| {stats['mean_change']:.2f} disks "
          f"({stats['not_a_move']} consecutive rows of a game not a move apart: no edge), "
          f"{time.process_time() - t0:.0f} s CPU", flush=True)
    return labels


SEARCH_MIN_EMPTIES = 20  # search: positions with at least this many empties (below: the exact anchors)


def search_path(cache, path, depth):
    """The search labels of a positions file: search_d<depth>/<its name> in the folder of the main
    positions file (cache: build/patterns by default)."""
    return os.path.join(os.path.dirname(os.path.abspath(cache)), f"search_d{depth}", os.path.basename(path))


def search_labels(args) -> None:
    """Search-backed labels (train_board_eval.py's search step, the same code): a depth-D search score of every
    k-th position with at least --min-empties empties of the positions file (--every-main) and of each games
    file (--every), one labels file per positions file, written whole; a rerun skips the files done."""
    from train_board_eval import search_chunk

    files = [args.cache, *sorted(glob.glob(os.path.join(args.games_dir, "*.npz")))]
    tasks = []
    for k, f in enumerate(files):
        dst = search_path(args.cache, f, args.search_depth)
        if os.path.isfile(dst):
            print(f"{dst}: there already (delete it to search {f} again)")
            continue
        every = args.every_main if k == 0 else args.every
        tasks.append(("8x8", False, f, dst, args.search_depth, every, args.min_empties))
    os.makedirs(os.path.dirname(search_path(args.cache, args.cache, args.search_depth)), exist_ok=True)
    t0 = time.time()
    for k, t in enumerate(tasks):
        c0 = time.process_time()
        dst = search_chunk(t)
        with np.load(dst) as d:
            n = len(d["index"])
        cpu = time.process_time() - c0
        print(f"{dst}: {n} positions, {cpu:.0f} s CPU ({n / max(cpu, 1e-9):.0f}/s), "
              f"{k + 1} of {len(tasks)} files, {time.time() - t0:.0f} s", flush=True)


def with_search(cache, path, cells, empties, labels, games, depth, mix):
    """A positions file's rows with search-backed labels: the searched rows labelled mix * search score +
    (1 - mix) * their label, the rows below the searched empties kept, the other candidates dropped.
    None if the file has no labels of that depth."""
    searched = search_rows(cache, path, depth)
    if searched is None:
        return None
    index, score, min_empties = searched
    labels = labels.copy()
    labels[index] = mix * score + (1.0 - mix) * labels[index]
    keep = empties < min_empties
    keep[index] = True
    return cells[keep], empties[keep], labels[keep], games[keep]


def search_rows(cache, path, depth):
    """(index, score, min_empties) of a positions file's depth-`depth` search labels, or None."""
    sp = search_path(cache, path, depth)
    if not os.path.isfile(sp):
        return None
    with np.load(sp) as s:
        return s["index"], s["score"].astype(np.float64), int(s["min_empties"])


def with_search_rows(cache, path, cells, empties, labels, games, depth, weight):
    """A positions file's rows, every one with its own label and weight 1, then its searched rows again
    with their search score as the label and weight `weight` (row weights: the fit scales each row by
    their square root); the file's rows alone when it has no labels of that depth."""
    ones = np.ones(len(labels))
    searched = search_rows(cache, path, depth)
    if searched is None:
        return cells, empties, labels, games, ones
    index, score, _ = searched
    return (np.concatenate([cells, cells[index]]), np.concatenate([empties, empties[index]]),
            np.concatenate([labels, score]), np.concatenate([games, games[index]]),
            np.concatenate([ones, np.full(len(index), float(weight))]))


def read_positions(files):
    """(cells, empties, labels, games) of each positions file, in order; a missing one ends the run."""
    for p in files:
        if not os.path.isfile(p):
            sys.exit(f"{p}: no such positions file (extract, or augment for --extra, writes it)")
    for p in files:
        try:
            with np.load(p) as d:
                part = (d["cells"], d["empties"].astype(np.int64), d["labels"].astype(np.float64), d["games"])
        except (OSError, ValueError, KeyError) as e:  # not an .npz (a pickle refused), or a field missing
            sys.exit(f"{p}: not a positions file of this script ({type(e).__name__}: {e})")
        yield p, part


def load_weighted(path, extra, search_depth, search_weight):
    """load()'s rows with the search rows added (with_search_rows), and each row's weight."""
    parts = [with_search_rows(path, p, *part, search_depth, search_weight)
             for p, part in read_positions([path, *extra])]
    return (*(np.concatenate([d[k] for d in parts]) for k in range(4)), len(parts[0][2]),
            np.concatenate([d[4] for d in parts]))


def load(path, extra=(), search_depth=0, mix=1.0):
    """(cells, empties, labels, games, n) of `path` and each file of `extra` joined;
    the first n rows are `path`'s."""
    parts = []
    for p, part in read_positions([path, *extra]):
        if search_depth:
            searched = with_search(path, p, *part, search_depth, mix)
            if searched is None:
                if p == path:
                    sys.exit(f"{p}: no depth-{search_depth} search labels (run the search stage)")
                print(f"{p}: no depth-{search_depth} search labels: left out", flush=True)
                continue
            part = searched
        parts.append(part)
    return (np.concatenate([d[0] for d in parts]), np.concatenate([d[1] for d in parts]),
            np.concatenate([d[2] for d in parts]), np.concatenate([d[3] for d in parts]), len(parts[0][2]))


def design(cells, ranks_offsets, n_cols, ph_empties, chunk=200_000, types=None):
    """Sparse design matrix: one column per tied weight, then 2 parity columns,
    then one per entry of each mobility table, then one per tied weight of each
    legal-move pattern type (layout(types)); built by chunks of rows: the features
    of millions of rows at once do not fit. types: pattern types as
    pt.PATTERN_TYPES (None: those)."""
    import scipy.sparse as sp

    parity_at = n_cols - N_MOVES - N_MOBILITY - 2
    mobility_at = parity_at + 2 + np.cumsum([0] + [size for _, size in pt.MOBILITY_TERMS[:-1]])
    moves_at = parity_at + 2 + N_MOBILITY
    parts = []
    for i in range(0, len(cells), chunk):
        c, e = cells[i:i + chunk], ph_empties[i:i + chunk]
        n = len(c)
        cols = [off + rank[f] for (rank, off), f in zip(ranks_offsets, pt.features(c, types))]
        cols.append((parity_at + (e & 1))[:, None])
        cols.append(mobility_at[None, :] + pt.mobility_indices(c))
        cols += [moves_at + off + rank[f] for (rank, off), f in zip(MOVE_RANKS_OFFSETS, pt.move_features(c))]
        cols = np.concatenate(cols, axis=1).astype(np.int32)  # (n, instances + 1 + 4 + move instances)
        k = cols.shape[1]
        parts.append(sp.csr_matrix((np.ones(n * k, dtype=np.float32), cols.ravel(), np.arange(0, n * k + 1, k)),
                                   shape=(n, n_cols)))
    return sp.vstack(parts, format="csr")


# Columns of the mobility tables, after the parity columns of each phase.
N_MOBILITY = sum(size for _, size in pt.MOBILITY_TERMS)


def _move_layout():
    """(ranks_offsets, count) of the legal-move pattern types (pt.MOVE_TYPES), columns counted from the
    first after the mobility tables."""
    out, off = [], 0
    for _, base in pt.MOVE_TYPES:
        rank, count = pt.canonical_map(base, radix=4)
        out.append((rank, off))
        off += count
    return out, off


# Columns of the legal-move patterns, after the mobility tables of each phase.
MOVE_RANKS_OFFSETS, N_MOVES = _move_layout()


def type_counts():
    """The tied weights of each pattern type of pt.PATTERN_TYPES, in order (the weights file's counts)."""
    return [pt.canonical_map(base)[1] for _, base in pt.PATTERN_TYPES]


def layout(types=None):
    """(ranks_offsets, n_cols): the tied weights' (rank, first column) per pattern type of
    `types` (None: pt.PATTERN_TYPES), and the columns of a phase: the patterns', 2 parity
    columns, the mobility tables', the legal-move patterns'."""
    ranks_offsets, off = [], 0
    for _, base in pt.PATTERN_TYPES if types is None else types:
        rank, count = pt.canonical_map(base)
        ranks_offsets.append((rank, off))
        off += count
    return ranks_offsets, off + 2 + N_MOBILITY + N_MOVES


def phase_rows(p, train, empties, args):
    """The training rows of phase p: its empties and --overlap more each side, at most --max-rows of them
    (evenly spaced: deterministic)."""
    lo, hi = p * pt.PHASE_WIDTH - args.overlap, (p + 1) * pt.PHASE_WIDTH - 1 + args.overlap
    if p == pt.PHASES - 1:
        hi = 64
    rows = np.flatnonzero(train & (empties >= lo) & (empties <= hi))
    if args.max_rows and len(rows) > args.max_rows:
        rows = rows[np.linspace(0, len(rows) - 1, args.max_rows).astype(np.int64)]
    return rows


def sweep(args) -> None:
    """The fit of each --phases phase for every --damps value at every --snapshots iteration count (one LSQR
    run a phase: lsqr_damps.py), scored on the held-out positions of the phase (game labels, and the solve
    stage's exact scores when there); a table, and JSON rows with --fit-report. Writes no weights."""
    import json

    from lsqr_damps import lsqr_damps

    extra = [p for pattern in args.extra for p in sorted(glob.glob(pattern)) or [pattern]]
    cells, empties, labels, games, n_main = load(args.cache, extra, args.search_depth, args.mix)
    train = np.ones(len(labels), dtype=bool)
    train[:n_main] = games[:n_main] % HOLDOUT != 0
    labels = relabel(args, cells, empties, labels, games, train)
    ranks_offsets, n_cols = layout()
    shipped = read_weights(n_cols)
    snapshots = sorted(set(args.snapshots) | {args.iterations})
    out = []
    print("| phase | damp | iterations | CPU s | " + " | ".join(f"{k} n | {k} MAE | {k} RMS" for k in ("game", "exact"))
          + " |", flush=True)
    for p in parse_phases(args.phases):
        rows = phase_rows(p, train, empties, args)
        X = design(cells[rows], ranks_offsets, n_cols, empties[rows])
        held = held_sets(args.cache, p, ranks_offsets, n_cols)
        t0 = time.process_time()

        def score(k, xs, p=p, held=held, t0=t0, n=len(rows)):
            for d, x in [("shipped", shipped[p])] * (k == 0) + sorted(xs.items(), reverse=True):
                row = {"phase": p, "rows": n, "damp": d, "iterations": k, "cpu": time.process_time() - t0}
                cells_ = []
                for name, (Xh, y) in held.items():
                    err = Xh @ x - y
                    row.update({f"{name} n": len(y), f"{name} mae": float(np.abs(err).mean()),
                                f"{name} rms": float(np.sqrt((err ** 2).mean()))})
                    cells_.append(f"{len(y)} | {row[f'{name} mae']:.3f} | {row[f'{name} rms']:.3f}")
                out.append(row)
                print(f"| {p} | {d} | {k} | {row['cpu']:.0f} | " + " | ".join(cells_) + " |", flush=True)
                if args.fit_report:
                    with open(args.fit_report + ".tmp", "w", encoding="utf-8") as f:
                        json.dump(out, f, indent=1)
                    os.replace(args.fit_report + ".tmp", args.fit_report)

        score(0, {})
        lsqr_damps(X, labels[rows], args.damps, args.iterations, snapshots, callback=score)


def held_sets(cache, p, ranks_offsets, n_cols, types=None):
    """{label: (design, labels)} of phase p's held-out positions: the held-out games' (game labels) and the
    solve stage's exact sample (when there); a set without positions of the phase is left out. types: the
    pattern types of the layout (None: pt.PATTERN_TYPES)."""
    lo, hi = p * pt.PHASE_WIDTH, (p + 1) * pt.PHASE_WIDTH - 1 if p < pt.PHASES - 1 else 64
    out = {}
    for label, path, held_only in (("game", cache, True), ("exact", held_exact_path(cache), False)):
        if not os.path.isfile(path):
            continue
        with np.load(path) as d:
            e = d["empties"].astype(np.int64)
            s = (e >= lo) & (e <= hi) & ((d["games"] % HOLDOUT == 0) if held_only else True)
            if s.any():
                out[label] = (design(d["cells"][s], ranks_offsets, n_cols, e[s], types=types),
                              d["labels"][s].astype(np.float64))
    return out


def fit(args) -> None:
    try:
        from scipy.sparse.linalg import lsqr
    except ImportError:
        sys.exit("fit needs scipy: pip install -e '.[train]'")

    extra = [p for pattern in args.extra for p in sorted(glob.glob(pattern)) or [pattern]]
    row_weights = None
    if args.search_weight:
        cells, empties, labels, games, n_main, row_weights = load_weighted(
            args.cache, extra, args.search_depth, args.search_weight)
    else:
        cells, empties, labels, games, n_main = load(args.cache, extra, args.search_depth, args.mix)
    train = np.ones(len(labels), dtype=bool)  # the other files hold no held-out game
    train[:n_main] = games[:n_main] % HOLDOUT != 0
    labels = relabel(args, cells, empties, labels, games, train)
    ranks_offsets, n_cols = layout()
    phases = parse_phases(args.phases)  # checked by check_arguments
    before = read_weights(n_cols)
    W = before.copy() if len(phases) < pt.PHASES else np.zeros((pt.PHASES, n_cols))
    for p in phases:
        rows = phase_rows(p, train, empties, args)
        X = design(cells[rows], ranks_offsets, n_cols, empties[rows])
        y = labels[rows]
        if row_weights is not None:  # weighted least squares: each row scaled by the root of its weight
            root = np.sqrt(row_weights[rows])
            X = X.multiply(root[:, None]).tocsr()
            y = y * root
        t0 = time.process_time()
        w = lsqr(X, y, damp=args.damp, iter_lim=args.iterations)[0]
        W[p] = w
        print(f"phase {p}: {len(rows)} positions, {time.process_time() - t0:.1f} s CPU", flush=True)
    np.save(os.path.join(os.path.dirname(args.cache), "weights.npy"), W)
    table = phase_errors(args, {"before": before, "fitted": W}, phases)
    if args.fit_report:
        import json

        with open(args.fit_report + ".tmp", "w", encoding="utf-8") as f:
            json.dump({"search_depth": args.search_depth, "mix": args.mix, "labels": args.labels,
                       "minimax_empties": args.minimax_empties, "minimax_games": args.minimax_games, "damp": args.damp,
                       "overlap": args.overlap, "max_rows": args.max_rows, "iterations": args.iterations,
                       "extra": [os.path.basename(p) for p in extra], "phases": table}, f, indent=1)
        os.replace(args.fit_report + ".tmp", args.fit_report)
    kept = sorted(set(range(pt.PHASES)) - set(phases))
    write(W, ranks_offsets, n_cols, int(train[:n_main].sum()), len(np.unique(games[:n_main])),
          int(train[n_main:].sum()), [os.path.basename(p) for p in extra], phases, kept, args)


def held_exact_path(cache):
    """The solve stage's file: heldout_exact.npz beside the main positions file."""
    return os.path.join(os.path.dirname(os.path.abspath(cache)), "heldout_exact.npz")


def phase_errors(args, weights, phases):
    """Mean absolute error in disks per phase of each weights array (name -> (PHASES, n_cols), the fit's
    linear sums, unrounded) on the held-out games' positions of the phase: against their game labels,
    against the depth --search-depth search labels (when searched) and against exact scores (the solve
    stage's sample, heldout_exact.npz, when there). Printed as a table; returned as a list of dicts, one per phase."""
    ranks_offsets, n_cols = layout()
    with np.load(args.cache) as d:
        cells, empties, labels, games = d["cells"], d["empties"].astype(np.int64), d["labels"].astype(np.float64), d["games"]
    held = games % HOLDOUT == 0
    sets = {"game": (cells[held], empties[held], labels[held])}
    if args.search_depth:
        searched = with_search(args.cache, args.cache, cells, empties, labels, games, args.search_depth, 1.0)
        if searched is not None:
            c, e, y, g = searched
            s = (g % HOLDOUT == 0) & (e >= args.min_empties)
            sets[f"search d{args.search_depth}"] = (c[s], e[s], y[s])
    if os.path.isfile(held_exact_path(args.cache)):
        with np.load(held_exact_path(args.cache)) as d:
            sets["exact"] = (d["cells"], d["empties"].astype(np.int64), d["labels"].astype(np.float64))
    names = list(weights)
    head = " | ".join(f"{label} n | " + " | ".join(f"{label} {n}" for n in names) for label in sets)
    print(f"| phase | empties | {head} |")
    print("|---|---|" + "---|" * (len(sets) * (1 + len(names))))
    out = []
    for p in phases:
        lo, hi = p * pt.PHASE_WIDTH, (p + 1) * pt.PHASE_WIDTH - 1 if p < pt.PHASES - 1 else 64
        row = {"phase": p, "empties": f"{lo}-{min(hi, 60)}"}
        cols = []
        for label, (c, e, y) in sets.items():
            s = (e >= lo) & (e <= hi)
            row[f"{label} n"] = int(s.sum())
            cols.append(str(int(s.sum())))
            X = design(c[s], ranks_offsets, n_cols, e[s]) if s.any() else None
            for n in names:
                mae = float(np.abs(X @ weights[n][p] - y[s]).mean()) if X is not None else float("nan")
                row[f"{label} {n}"] = mae
                cols.append(f"{mae:.2f}")
        out.append(row)
        print(f"| {p} | {row['empties']} | " + " | ".join(cols) + " |", flush=True)
    return out


def solve_held_out(args) -> None:
    """Exact scores of a sample of the held-out games' positions with 20-24 empties (--solve-positions of
    them, evenly spaced in file order; pr.solve) -> heldout_exact.npz beside them, which fit's table reads."""
    import polyreversi as pr

    cells, empties, _, games, _ = load(args.cache)
    rows = np.flatnonzero((games % HOLDOUT == 0) & (empties >= 20) & (empties <= MAX_SOLVED_EMPTIES))
    rows = rows[np.linspace(0, len(rows) - 1, min(args.solve_positions, len(rows))).astype(np.int64)]
    variant = pr.Variant("8x8")
    labels = np.zeros(len(rows), dtype=np.float32)
    t0 = time.process_time()
    for k, i in enumerate(rows):
        c = cells[i].astype(np.int64)
        labels[k] = pr.solve(variant.position(c, 1, int((c > 0).sum()) - 4), tt_mb=16).score
        if (k + 1) % 50 == 0:
            print(f"{k + 1} of {len(rows)} solved, {time.process_time() - t0:.0f} s CPU", flush=True)
    save_positions(held_exact_path(args.cache), cells[rows], empties[rows], labels, games[rows])
    print(f"wrote {held_exact_path(args.cache)}: {len(rows)} positions")


def parse_phases(text):
    """Phase numbers of '4-11' or '0,2,5' (None: all); ValueError for anything else."""
    if text is None:
        return list(range(pt.PHASES))
    out = set()
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out.update(range(int(lo), int(hi or lo) + 1))
    if not out or min(out) < 0 or max(out) >= pt.PHASES:
        raise ValueError(text)
    return sorted(out)


def read_weights(n_cols, path=OUT):
    """The weights (PHASES, n_cols) in disks of a weights file (what write wrote; default: the shipped one).
    A file written before a part of the layout existed reads with that part 0: the mobility tables, the
    legal-move patterns, or the later pattern types (its header's counts must be the first of
    PATTERN_TYPES'), so that a fit of some phases keeps the other phases' weights as they were."""
    with open(path) as f:
        lines = f.read().splitlines()
    numbers = np.array([int(x) for line in lines if not line.startswith("//") for x in line.split(",") if x.strip()])
    total, pairs = numbers[0], numbers[1:].reshape(-1, 2)
    flat = np.zeros(total, dtype=np.int64)
    flat[np.cumsum(pairs[:, 0] + 1) - 1] = pairs[:, 1]
    counts = type_counts()
    header = re.search(r"\(counts: ([0-9, ]+)\)", "\n".join(line for line in lines if line.startswith("//")))
    old_counts = counts if header is None else [int(x) for x in header.group(1).split(",")]
    if old_counts != counts[:len(old_counts)]:
        sys.exit(f"{path}: pattern type counts {old_counts} are not the first of PATTERN_TYPES' {counts} "
                 f"({total} weights): new types go last; else fit every phase (no --phases)")
    patterns, all_patterns = sum(old_counts), sum(counts)
    for rest in (2 + N_MOBILITY + N_MOVES, 2 + N_MOBILITY, 2):  # today's; before the moves; before mobility
        if total == pt.PHASES * (patterns + rest):
            break
    else:
        sys.exit(f"{path}: {total} weights, not {pt.PHASES} x {n_cols}"
                 + ("" if header is not None else ", and no type counts in its header")
                 + ": fit every phase (no --phases)")
    old = flat.reshape(pt.PHASES, patterns + rest)
    W = np.zeros((pt.PHASES, n_cols))
    W[:, :patterns] = old[:, :patterns]
    W[:, all_patterns:all_patterns + rest] = old[:, patterns:]
    return W / 100.0


def write(W, ranks_offsets, n_cols, n_train, n_games, n_extra=0, extra=(), phases=None, kept=(), args=None) -> None:
    q = np.clip(np.rint(W * 100), -32767, 32767).astype(np.int64)
    counts = type_counts()
    lines = [
        "// Generated by scripts/train_patterns.py (do not edit): the trained 8x8",
        "// pattern weights, int16 in 1/100 disk, fitted by regularised least squares",
        f"// (scipy lsqr, damp={args.damp}, {args.iterations} iterations, overlap {args.overlap}"
        + (f", at most {args.max_rows} rows a phase" if args.max_rows else "") + f") on {n_train} positions of",
        f"// {n_games} WTHOR games (../shared/data/wthor/*.wtb; every {HOLDOUT}th game held out)",
        f"// and {n_extra} positions of " + (", ".join(extra) if extra else "no other file") + ".",
        *([f"// Labels at {args.min_empties}+ empties: depth-{args.search_depth} search scores (mix {args.mix}; "
           f"train_patterns.py search)."] if args is not None and args.search_depth else []),
        *([f"// Labels at {args.minimax_empties}+ empties: the negamax over the games' tree (nodes with "
           f"{args.minimax_games}+ games; train_patterns.py --labels minimax)."]
          if args is not None and args.labels == "minimax" else []),
        *([f"// Phases {', '.join(map(str, kept))}: kept from the file before (not refitted)."] if kept else []),
        f"// Layout: for each of {pt.PHASES} phases (empties // {pt.PHASE_WIDTH}), the tied weights of",
        "// each pattern type in tests/reference/patterns.py PATTERN_TYPES order (counts: " + ", ".join(map(str, counts)) + "),",
        "// then the constant term for an even and an odd number of empties, then the",
        "// tables of MOBILITY_TERMS (sizes: " + ", ".join(str(size) for _, size in pt.MOBILITY_TERMS) + "), then the",
        "// tied weights of each legal-move pattern type of MOVE_TYPES (moves: "
        + ", ".join(str(pt.canonical_map(base, radix=4)[1]) for _, base in pt.MOVE_TYPES) + ").",
        f"// {pt.PHASES} x {n_cols} values, most of them 0 (patterns never seen): stored as their",
        "// count, then (zeros before, value) for each value that is not 0.",
    ]
    flat = q.ravel()
    nz = np.flatnonzero(flat)
    gaps = np.diff(np.concatenate([[-1], nz])) - 1
    pairs = np.stack([gaps, flat[nz]], axis=1).ravel()
    body = [f"{len(flat)},"]
    for i in range(0, len(pairs), 32):
        body.append(",".join(str(int(x)) for x in pairs[i:i + 32]) + ",")
    out = args.weights_out if args is not None else OUT
    with open(out + ".tmp", "w") as f:
        f.write("\n".join(lines) + "\n" + "\n".join(body) + "\n")
    os.replace(out + ".tmp", out)
    print(f"wrote {out}: {pt.PHASES} x {n_cols} weights, {os.path.getsize(out)} bytes")


def report(args) -> None:
    from polyreversi import _core

    cells, empties, labels, games, _ = load(args.cache)
    held = games % HOLDOUT == 0
    c, e, y = cells[held], empties[held], labels[held]
    P, O = bitboards(c)
    trained = _core._evaluate_8x8(P, O, False) / 100.0
    shape = _core._evaluate_8x8(P, O, True) / 100.0
    tables, parity, mobility, moves = _core._pattern_tables()
    assert (pt.evaluate(tables, parity, c[:2000], mobility=mobility, moves=moves)
            == _core._evaluate_8x8(P[:2000], O[:2000], False)).all()
    print(f"held-out: {held.sum()} positions of {len(np.unique(games[held]))} games (labels as in training)")
    print("| empties | positions | MAE trained | MAE shape | MAE of 0 |")
    print("|---|---|---|---|---|")
    for lo in range(0, 60, 10):
        s = (e >= lo) & (e < lo + 10)
        print(f"| {lo}-{lo + 9} | {s.sum()} | {np.abs(trained[s] - y[s]).mean():.2f} | "
              f"{np.abs(shape[s] - y[s]).mean():.2f} | {np.abs(y[s]).mean():.2f} |")
    print(f"| all | {len(y)} | {np.abs(trained - y).mean():.2f} | {np.abs(shape - y).mean():.2f} | "
          f"{np.abs(y).mean():.2f} |")


def bitboards(cells):
    """uint64 arrays (P, O) of (n, 64) cell arrays."""
    w = np.uint64(1) << np.arange(64, dtype=np.uint64)
    P = ((cells == 1).astype(np.uint64) * w).sum(axis=1, dtype=np.uint64)
    O = ((cells == 2).astype(np.uint64) * w).sum(axis=1, dtype=np.uint64)
    return P, O


# Exact solves above this many empties take seconds to hours each.
MAX_SOLVED_EMPTIES = 24


def check_arguments(ap, a) -> None:
    """ap.error (exit 2, the option named) for values no stage can use."""
    for name in ("jobs", "playouts", "games", "max_rows", "iterations", "solve_positions"):
        value = getattr(a, name)
        if value is not None and value < 1:
            ap.error(f"--{name.replace('_', '-')}: {value}; must be at least 1")
    if not 1 <= a.low <= a.high <= MAX_SOLVED_EMPTIES:
        ap.error(f"--low {a.low} --high {a.high}: need 1 <= low <= high <= {MAX_SOLVED_EMPTIES} "
                 "(the playouts' positions are solved exactly)")
    if not a.high <= a.start <= 60:
        ap.error(f"--start {a.start}: must be from --high ({a.high}) to 60")
    if not 0 <= a.exact_empties <= MAX_SOLVED_EMPTIES:
        ap.error(f"--exact-empties {a.exact_empties}: must be 0 to {MAX_SOLVED_EMPTIES}")
    if a.stage == "search" and not 1 <= a.search_depth <= 60:
        ap.error(f"--search-depth {a.search_depth}: the search stage needs a depth from 1 to 60")
    if any(d < 0 for d in a.damps) or any(k < 1 for k in a.snapshots):
        ap.error(f"--damps {a.damps} --snapshots {a.snapshots}: damps >= 0, snapshots >= 1")
    for name in ("every", "every_main"):
        if getattr(a, name) < 1:
            ap.error(f"--{name.replace('_', '-')}: {getattr(a, name)}; must be at least 1")
    if not a.exact_empties < a.min_empties <= 60:
        ap.error(f"--min-empties {a.min_empties}: must be above --exact-empties ({a.exact_empties}) and at most 60")
    if not 0.0 <= a.mix <= 1.0:
        ap.error(f"--mix {a.mix}: must be from 0 to 1")
    if not 0.0 <= a.search_weight <= 1e6 or (a.search_weight and not a.search_depth):
        ap.error(f"--search-weight {a.search_weight}: from 0 to 1e6, and with --search-depth")
    if a.labels == "minimax" and a.search_depth:
        ap.error(f"--labels minimax with --search-depth {a.search_depth}: one kind of label at a time")
    if a.minimax_games < 1:
        ap.error(f"--minimax-games: {a.minimax_games}; must be at least 1")
    if not 0 <= a.minimax_empties <= 60:
        ap.error(f"--minimax-empties {a.minimax_empties}: must be from 0 to 60")
    if a.overlap < 0:
        ap.error(f"--overlap {a.overlap}: must be at least 0")
    try:
        parse_phases(a.phases)
    except ValueError:
        ap.error(f"--phases {a.phases}: phases are 0 to {pt.PHASES - 1}, as '4-11' or '0,3'")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("stage", choices=["extract", "games", "augment", "search", "solve", "fit", "sweep", "report"])
    ap.add_argument("--cache", default=CACHE, help="positions file (extract writes it, fit and report read it)")
    ap.add_argument("--exact-empties", type=int, default=EXACT_EMPTIES,
                    help="extract: solve every position with at most this many empties")
    ap.add_argument("--overlap", type=int, default=OVERLAP,
                    help="fit: empties outside a phase that also train it")
    ap.add_argument("--phases", help="fit: only these phases ('4-11', '0,3'); the others are kept from the weights file")
    ap.add_argument("--max-rows", type=int, default=None, help="fit: at most this many positions a phase (evenly spaced)")
    ap.add_argument("--damp", type=float, default=DAMP, help="fit: ridge strength (lsqr damp)")
    ap.add_argument("--iterations", type=int, default=ITERATIONS, help="fit, sweep: lsqr iterations")
    ap.add_argument("--damps", type=float, nargs="+", default=[32.0, 16.0, DAMP, 4.0, 2.0, 1.0, 0.5],
                    help="sweep: the ridge strengths fitted side by side")
    ap.add_argument("--snapshots", type=int, nargs="+", default=[50, 100, 200, 300, 500, 700],
                    help="sweep: also score the fit after these many iterations")
    ap.add_argument("--extra", action="append", default=[], metavar="FILE",
                    help="fit: also train on this positions file (augment's, games'; a glob); may be repeated")
    ap.add_argument("--out", default=AUGMENT, help="augment: the positions file it writes")
    ap.add_argument("--games", type=int, default=None, help="augment: only the first N games")
    ap.add_argument("--start", type=int, default=24, help="augment: playouts start at this many empties")
    ap.add_argument("--playouts", type=int, default=1, help="augment: random playouts per game")
    ap.add_argument("--low", type=int, default=8, help="augment: solve positions from this many empties")
    ap.add_argument("--high", type=int, default=20, help="augment: ... to this many")
    ap.add_argument("--seed", type=int, default=0, help="augment: game g's playouts use random.Random(g + SEED)")
    ap.add_argument("--held-out", action="store_true",
                    help="augment: playouts from the held-out games instead (a validation set; fit never reads it)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count(), help="augment, games: worker processes")
    ap.add_argument("--data", default=MORE_DATA, help="games: the game files (a glob)")
    ap.add_argument("--games-dir", default=GAMES_DIR, help="games: one positions file per game file goes here")
    ap.add_argument("--weights-out", default=OUT,
                    help="fit: the weights file it writes (default: the shipped one, which gives the phases not refitted)")
    ap.add_argument("--fit-report", metavar="FILE", help="fit, sweep: the held-out error table per phase as JSON")
    ap.add_argument("--solve-positions", type=int, default=300, help="solve: held-out positions solved exactly")
    ap.add_argument("--search-depth", type=int, default=0,
                    help="search: label at this depth; fit, report: use the labels of this depth (0: none)")
    ap.add_argument("--every", type=int, default=5, help="search: every this many positions of a games file")
    ap.add_argument("--every-main", type=int, default=2, help="search: ... of the positions file (the held-out games)")
    ap.add_argument("--min-empties", type=int, default=SEARCH_MIN_EMPTIES,
                    help="search: positions with at least this many empties")
    ap.add_argument("--search-weight", type=float, default=0.0,
                    help="fit with --search-depth: keep every row with its own label and add each searched "
                         "position again, labelled by its search score, with this row weight (0: --mix instead)")
    ap.add_argument("--mix", type=float, default=1.0,
                    help="fit: a searched position's label = mix * search score + (1 - mix) * its label")
    ap.add_argument("--labels", choices=["game", "minimax"], default="game",
                    help="fit, sweep: the games' own labels, or the negamax over the games' tree above --minimax-empties")
    ap.add_argument("--minimax-empties", type=int, default=MINIMAX_EMPTIES,
                    help="fit, sweep --labels minimax: the tree's positions have at least this many empties")
    ap.add_argument("--minimax-games", type=int, default=1,
                    help="fit, sweep --labels minimax: only positions with this many games get the negamax")
    a = ap.parse_args()
    check_arguments(ap, a)
    {"extract": extract, "games": more_games, "augment": augment, "fit": fit, "report": report,
     "search": search_labels, "solve": solve_held_out, "sweep": sweep}[a.stage](a)


if __name__ == "__main__":
    main()
