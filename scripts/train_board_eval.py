"""Trains the pattern evaluation of a board other than the standard 8x8 game
(6x6, 10x10, the octagon, and Anti-Reversi on every board including 8x8):
the weights of cpp/include/polyreversi/search/board_patterns.hpp, written to
cpp/src/search/board_pattern_weights_<board>_<rule>.inc (compiled into the
wheel: rebuild after it; a block ships only where its fit wins its matches,
benchmarks/board_eval.md; ``polyreversi._core._set_board_patterns(False)``
switches them off for a process). The patterns are those of the Python reference
tests/reference/board_patterns.py.

The ``label`` step also plays the standard 8x8 game's self-play games, which
scripts/train_patterns.py's fit reads with ``--extra`` (its docstring has the command).

Two steps, each reproducible from its arguments:

``label``: self-play games of the engine (the evaluation the installed
build has: the shape terms where no weights ship yet). Game ``g`` opens
with 0..``--random`` random moves drawn from ``random.Random(f"{seed}:{board}:{rule}:{g}")``
(variety), then each side plays the move of a depth-``--depth`` search (the
installed build's, or with ``--engine CMD`` an NBoard engine's such as NTest's:
its games teach the moves of an evaluation other than ours); from
``--exact`` empties on the position is solved exactly and the game goes on
along the solver's moves. Every position from the last random move on is
labelled with the game's final disk difference for its mover (RULES.md
section 7; with Anti-Reversi the opponent's disks minus the mover's), which
is the exact score from ``--exact`` empties on. With ``--branches B``, each
game also has B branch games: from one of its positions drawn at random (more
than ``--exact`` empties, two or more moves), a random move other than the
game's, then the same players to the end; every position from that move on
is labelled with the branch's own result (positions off the line the players
chose, as a search meets them), in ``branch_NNNNN.npz`` beside the chunk
(scripts/train_patterns.py's fit reads them with ``--extra``; this script's
``search`` and ``fit`` read the chunks only). A folder keeps the settings its
games were labelled with (``label_settings.json``); a rerun with others is refused.
Games are written in
chunks of ``--chunk`` games (``<data>/<board>-<rule>/chunk_NNNNN.npz``,
written whole through a temporary file): a rerun skips the chunks that
exist, so an interrupted run resumes and nothing is recomputed, and the
labels do not depend on ``--jobs`` (processes of one machine; Ray across a
cluster is a later step).

``search``: search-backed labels for the positions above the exact zone:
every ``--every``-th position of each labelled chunk with at least
``--min-empties`` empties gets the score of a depth-``--search-depth``
search of the installed build (its evaluation: the shipped weights, or the
shape terms), written per chunk to ``<data>/<board>-<rule>/search_d<depth>/``
(whole files; a rerun skips the chunks done). ``fit --search-depth D`` then
fits on the exactly labelled positions and the searched ones, labelled
``--mix`` * search score + (1 - ``--mix``) * game result.

``fit``: least squares per phase (``scipy.sparse.linalg.lsqr``, fixed damping
and iterations: deterministic) of every pattern type's weights, a mobility
weight, a weight of the shape terms and a bias, on the games whose number
is not a multiple of 10; the others are held out. A phase keeps the
patterns only where they beat the small model (mobility, shape terms, bias)
on the held-out games: the error per phase of the fit and of the shape terms
on them is printed and written beside the weights (``--report``).
``--pattern-phases P`` keeps the small model in phases P and above (where
the labels are game results far from the end, or the searched positions few).

    nice -n 10 python scripts/train_board_eval.py label --board 10x10 --games 3000
    nice -n 10 python scripts/train_board_eval.py search --board 10x10 --search-depth 4 --every 5 --min-empties 15
    nice -n 10 python scripts/train_board_eval.py fit --board 10x10 --search-depth 4 --pattern-phases 5 --report benchmarks/board_eval_10x10_fit.json
    pip install -e .   # rebuild: the new weights ship

Needs scipy (the ``train`` extra).
"""
from __future__ import annotations

import argparse
import glob
import json
import multiprocessing
import os
import random
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))  # the Python reference of the patterns

from reference import board_patterns as bp  # noqa: E402

WEIGHTS_DIR = os.path.join(ROOT, "cpp", "src", "search")
HOLDOUT = 10  # games g with g % HOLDOUT == 0 are held out of the fit
DAMP = 10.0  # lsqr damping: the least held-out error of 10 and 40 on 10x10 (docs/tuning.md)
ITERATIONS = 300
CHUNK_GLOB = "chunk_[0-9][0-9][0-9][0-9][0-9].npz"  # not the temporary file of a chunk being written
RANDOM_MOVES = {"6x6": 4, "8x8": 8, "10x10": 10, "octagon": 10}
EXACT_EMPTIES = {"6x6": 16, "8x8": 16, "10x10": 14, "octagon": 14}


def rule(anti: bool) -> str:
    return "anti" if anti else "normal"


def final_label(state, anti: bool) -> int:
    """The final disk difference for the mover of a finished game (Anti-Reversi: the opponent's minus the mover's)."""
    scores = state.scores()
    me = int(state.to_move) - 1
    d = scores[me] - scores[1 - me]
    return -d if anti else d


_ENGINES: dict = {}  # one external engine process per worker process and command


def _engine_player(command: str, depth: int):
    """A player whose moves are the NBoard engine `command`'s at `depth` (its own search and
    evaluation; NTest's `set depth N` is a selective search), started once per process."""
    import polyreversi as pr
    from polyreversi.engine import SimpleEngine

    if command not in _ENGINES:
        _ENGINES[command] = SimpleEngine.popen_nboard(command)
    engine = _ENGINES[command]

    class _Player:
        def choose(self, state):
            return engine.play(state, pr.Limit(depth=depth)).move
    return _Player()


def _play_out(state, anti: bool, player, exact: int, rng, opening: int = 0, points: list | None = None):
    """Plays `state` to the end: `opening` random moves, then `player`'s, solved from `exact`
    empties. Returns the rows (cells, empties, mover, shape evaluation) from the last random move
    on and the label (value, its mover, solved); `points` gets (state, move played) of each
    position after the opening with two or more moves and more than `exact` empties."""
    import polyreversi as pr

    rows = []
    solved = None  # (value for the mover of that position, its mover)
    ply = 0
    while not state.is_over():
        moves = state.legal_moves()
        if ply >= opening:
            cells, empties = bp.mover_cells(state)
            if not state.must_pass():
                rows.append((cells, empties, int(state.to_move), pr.evaluate(state, shape=True)))
        if ply < opening:
            move = rng.choice(moves)
        elif len(moves) == 1:
            move = moves[0]
        else:
            empties = bp.mover_cells(state)[1]
            if empties <= exact:
                r = pr.solve(state, tt_mb=16)
                if solved is None:
                    solved = (r.score, int(state.to_move))
                move = r.move
            else:
                move = player.choose(state)
                if points is not None:
                    points.append((state.copy(), move))
        state.play(move)
        ply += 1
    if solved is not None:
        return rows, (solved[0], solved[1], True)
    return rows, (final_label(state, anti), int(state.to_move), False)


def _labelled(rows, label, exact: int):
    value, mover, solved = label
    return [(cells, empties, value if who == mover else -value, shape, solved and empties <= exact)
            for cells, empties, who, shape in rows]


def play_game(board: str, anti: bool, g: int, seed: int, depth: int, exact: int, random_moves: int,
              random_min: int = 0, engine: str | None = None, branches: int = 0):
    """Rows (cells, empties, label, shape evaluation, exact) of game g: random_min..random_moves
    random opening moves, then the depth-`depth` search's moves (the installed build's, or with
    `engine` the NBoard engine's of that command line); and the rows of its `branches` branch
    games: from a position of the game drawn at random (more than `exact` empties, two or more
    moves), a random move other than the game's, then the same players to the end, each row
    from the random move on labelled by the branch's own result."""
    import polyreversi as pr

    rng = random.Random(f"{seed}:{board}:{rule(anti)}:{g}")
    state = pr.Variant(board=board, anti=anti).start()
    player = _engine_player(engine, depth) if engine else pr.SearchPlayer(depth=depth, tt_mb=8)
    opening = rng.randint(random_min, random_moves)
    points: list = []
    rows, result = _play_out(state, anti, player, exact, rng, opening, points if branches else None)
    out = _labelled(rows, result, exact)
    side = []
    for _ in range(branches if points else 0):
        point, played = points[rng.randrange(len(points))]
        start = point.copy()  # the point may be drawn again
        start.play(rng.choice([m for m in start.legal_moves() if m != played]))
        rows, result = _play_out(start, anti, player, exact, rng)
        side.extend(_labelled(rows, result, exact))
    return out, side


def _write_rows(path: str, rows, games, squares: int) -> None:
    """Writes labelled rows whole: a temporary file, then renamed (an interrupted run leaves no part file)."""
    tmp = path + ".tmp.npz"
    np.savez_compressed(tmp, cells=np.array([r[0] for r in rows], dtype=np.int8).reshape(-1, squares),
                        empties=np.array([r[1] for r in rows], dtype=np.int16),
                        labels=np.array([r[2] for r in rows], dtype=np.float32),
                        shape=np.array([r[3] for r in rows], dtype=np.float32),
                        exact=np.array([r[4] for r in rows], dtype=bool),
                        games=np.array(games, dtype=np.int32))
    os.replace(tmp, path)


def branch_path(path: str) -> str:
    """The branch games' file of the chunk file `path` (chunk_NNNNN.npz -> branch_NNNNN.npz)."""
    folder, name = os.path.split(path)
    return os.path.join(folder, name.replace("chunk_", "branch_", 1))


def label_chunk(task) -> str:
    board, anti, c, chunk, seed, depth, exact, random_moves, random_min, engine, branches, path = task
    rows, games, side, side_games = [], [], [], []
    for g in range(c * chunk, (c + 1) * chunk):
        main, branch = play_game(board, anti, g, seed, depth, exact, random_moves, random_min, engine, branches)
        rows.extend(main)
        games.extend([g] * len(main))
        side.extend(branch)
        side_games.extend([g] * len(branch))
    squares = bp.BOARDS[board] ** 2
    if branches:  # first: the chunk file's presence says both are whole
        _write_rows(branch_path(path), side, side_games, squares)
    _write_rows(path, rows, games, squares)
    return path


def data_dir(args) -> str:
    return os.path.join(args.data, f"{args.board}-{rule(args.anti)}")


def check_settings(out: str, settings: dict) -> None:
    """The settings a folder's games were labelled with (label_settings.json, written on its
    first run): a rerun with other settings would mix games of two kinds, and is refused."""
    path = os.path.join(out, "label_settings.json")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            before = json.load(f)
        differ = {k: (before.get(k), v) for k, v in settings.items() if before.get(k) != v}
        if differ:
            said = ", ".join(f"{k} {a!r} there, {b!r} now" for k, (a, b) in sorted(differ.items()))
            sys.exit(f"{out}: labelled with other settings ({said}); give the same ones to resume, "
                     "or another --data folder")
        return
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        json.dump(settings, f, indent=1)
    os.replace(path + ".tmp", path)


def label(args) -> None:
    out = data_dir(args)
    os.makedirs(out, exist_ok=True)
    exact = EXACT_EMPTIES[args.board] if args.exact is None else args.exact
    random_moves = RANDOM_MOVES[args.board] if args.random is None else args.random
    check_settings(out, {"chunk": args.chunk, "seed": args.seed, "depth": args.depth, "exact": exact,
                         "random": random_moves, "random_min": args.random_min, "engine": args.engine,
                         "branches": args.branches})
    chunks = -(-args.games // args.chunk)
    tasks = []
    for c in range(chunks):
        path = os.path.join(out, f"chunk_{c:05d}.npz")
        if not os.path.exists(path) or (args.branches and not os.path.exists(branch_path(path))):
            tasks.append((args.board, args.anti, c, args.chunk, args.seed, args.depth, exact, random_moves,
                          args.random_min, args.engine, args.branches, path))
    print(f"{out}: {chunks - len(tasks)} of {chunks} chunks already labelled", flush=True)
    t0 = time.time()
    if args.jobs > 1 and len(tasks) > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            for k, p in enumerate(pool.imap_unordered(label_chunk, tasks)):
                print(f"{p} ({k + 1}/{len(tasks)}, {time.time() - t0:.0f} s)", flush=True)
    else:
        for k, t in enumerate(tasks):
            print(f"{label_chunk(t)} ({k + 1}/{len(tasks)}, {time.time() - t0:.0f} s)", flush=True)


def search_dir(args) -> str:
    return os.path.join(data_dir(args), f"search_d{args.search_depth}")


def search_chunk(task) -> str:
    """Writes the depth-``depth`` search score (disks, for the mover) of every ``every``-th position of one
    labelled chunk with at least ``min_empties`` empties: ``index`` (rows of the chunk) and ``score``."""
    import polyreversi as pr

    board, anti, src, dst, depth, every, min_empties = task
    with np.load(src) as d:  # read each array once: an npz file decompresses an array at every access
        all_cells, empties = d["cells"], d["empties"]
    rows = np.arange(len(empties))
    sel = rows[(empties >= min_empties) & (rows % every == 0)]
    variant = pr.Variant(board=board, anti=anti)
    start = variant.start().board().ravel()
    player = pr.SearchPlayer(depth=depth, tt_mb=8)
    scores = np.zeros(len(sel), dtype=np.float32)
    for k, i in enumerate(sel):
        cells = all_cells[i].astype(np.int64)
        b = np.where(start < 0, start, cells)  # cut-outs as the variant has them; 1 the mover (Black), 2 the other
        ply = int((cells > 0).sum()) - 4
        scores[k] = player.play(variant.position(b, 1, ply), pr.Limit(depth=depth)).score
    tmp = dst + ".tmp.npz"
    # depth and min_empties beside the scores: a reader knows which rows were candidates (the others it drops)
    np.savez_compressed(tmp, index=sel.astype(np.int32), score=scores, depth=depth, min_empties=min_empties)
    os.replace(tmp, dst)
    return dst


def search(args) -> None:
    """Search-backed labels of the labelled chunks (resumable: a chunk's file is written whole, reruns skip it)."""
    src = sorted(glob.glob(os.path.join(data_dir(args), CHUNK_GLOB)))
    if not src:
        raise SystemExit(f"{data_dir(args)}: no labelled chunks (run the label step)")
    src = src[: args.chunks] if args.chunks else src
    out = search_dir(args)
    os.makedirs(out, exist_ok=True)
    tasks = []
    for f in src:
        dst = os.path.join(out, os.path.basename(f))
        if not os.path.exists(dst):
            tasks.append((args.board, args.anti, f, dst, args.search_depth, args.every, args.min_empties))
    print(f"{out}: {len(src) - len(tasks)} of {len(src)} chunks already searched", flush=True)
    t0 = time.time()
    for k, t in enumerate(tasks):
        print(f"{search_chunk(t)} ({k + 1}/{len(tasks)}, {time.time() - t0:.0f} s)", flush=True)


def load(directory: str, search_depth: int = 0, mix: float = 1.0):
    """The labelled chunks of ``directory``. With ``search_depth``, only the chunks searched at that depth
    (``search_d<depth>/``), each keeping its exactly labelled positions and its searched ones, whose label
    becomes ``mix`` * search score + (1 - ``mix``) * game result."""
    files = sorted(glob.glob(os.path.join(directory, CHUNK_GLOB)))
    if not files:
        raise SystemExit(f"{directory}: no labelled chunks (run the label step)")
    parts = []
    for f in files:
        p = dict(np.load(f))
        if search_depth:
            sf = os.path.join(directory, f"search_d{search_depth}", os.path.basename(f))
            if not os.path.exists(sf):
                continue
            s = np.load(sf)
            labels = p["labels"].copy()
            labels[s["index"]] = mix * s["score"] + (1.0 - mix) * labels[s["index"]]
            keep = p["exact"].copy()
            keep[s["index"]] = True
            p["labels"] = labels
            p = {k: v[keep] for k, v in p.items()}
        parts.append(p)
    if not parts:
        raise SystemExit(f"{directory}: no chunks searched at depth {search_depth} (run the search step)")
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def design(board: str, cells: np.ndarray, mob: np.ndarray, shape: np.ndarray):
    """The sparse design matrix (rows, columns: every type's table, mobility, shape, bias) of positions
    (shape: the shape terms in 1/100 disk)."""
    from scipy.sparse import csr_matrix

    szs = bp.sizes(board)
    offsets = np.concatenate([[0], np.cumsum(szs)])
    n_cols = int(offsets[-1]) + 3
    k = len(cells)
    rows, cols, vals = [], [], []
    for t, idx in enumerate(bp.indices(board, cells)):
        rows.append(np.repeat(np.arange(k), idx.shape[1]))
        cols.append((idx + offsets[t]).ravel())
        vals.append(np.ones(idx.size))
    rows += [np.arange(k)] * 3
    cols += [np.full(k, n_cols - 3), np.full(k, n_cols - 2), np.full(k, n_cols - 1)]
    vals += [mob.astype(np.float64), shape / 2.0 ** bp.SHAPE_SHIFT, np.ones(k)]
    return csr_matrix((np.concatenate(vals), (np.concatenate(rows), np.concatenate(cols))), shape=(k, n_cols)), offsets


def fit(args) -> None:
    from scipy.sparse.linalg import lsqr

    d = load(data_dir(args), args.search_depth, args.mix)
    board = args.board
    mob = bp.mobility(board, d["cells"])
    phase = bp.phase_of(board, d["empties"])
    held = d["games"] % HOLDOUT == 0
    shape_cd = np.rint(d["shape"].astype(np.float64) * 100).astype(np.int64)  # the shape terms, 1/100 disk
    flat = np.zeros((bp.PHASES, sum(bp.sizes(board))), dtype=np.int64)
    mobility = np.zeros(bp.PHASES, dtype=np.int64)
    shape_w = np.zeros(bp.PHASES, dtype=np.int64)
    bias = np.zeros(bp.PHASES, dtype=np.int64)
    report = {"board": board, "rule": rule(args.anti), "positions": int(len(phase)), "games": int(len(set(d["games"]))),
              "held_out_games": int(len(set(d["games"][held]))), "damp": args.damp,
              "pattern_phases": args.pattern_phases, "search_depth": args.search_depth, "mix": args.mix, "phases": []}
    def predict(ph, sel, w_flat, w_mob, w_shape, w_bias):
        X, _ = design(board, d["cells"][sel], mob[sel], np.zeros(int(sel.sum())))
        pred = X @ np.concatenate([w_flat, [w_mob, 0, w_bias]])
        return (pred + ((w_shape * shape_cd[sel]) >> bp.SHAPE_SHIFT)) / 100.0

    for ph in range(bp.PHASES):
        train, test = (phase == ph) & ~held, (phase == ph) & held
        if train.sum() == 0 or test.sum() == 0:
            continue
        y = 100.0 * d["labels"][train]
        X, _ = design(board, d["cells"][train], mob[train], shape_cd[train])
        w = np.rint(lsqr(X, y, damp=args.damp, iter_lim=ITERATIONS)[0]).astype(np.int64)
        full = (w[:-3], w[-3], w[-2], w[-1])
        # The small model: mobility, the shape terms and a bias alone (the shape terms scaled to disks).
        A = np.stack([mob[train], shape_cd[train] / 2.0 ** bp.SHAPE_SHIFT, np.ones(int(train.sum()))], axis=1)
        v = np.rint(np.linalg.lstsq(A, y, rcond=None)[0]).astype(np.int64)
        small = (np.zeros_like(w[:-3]), v[0], v[1], v[2])
        labels = d["labels"][test]
        err = {}
        for name, m in (("patterns", full), ("small", small)):
            pred = predict(ph, test, *m)
            err[name] = (float(np.mean(np.abs(pred - labels))), float(np.sqrt(np.mean((pred - labels) ** 2))))
        shape = d["shape"][test]
        err["shape"] = (float(np.mean(np.abs(shape - labels))), float(np.sqrt(np.mean((shape - labels) ** 2))))
        # The patterns ship where they beat the small model on the held-out games.
        chosen = "patterns" if err["patterns"][1] < err["small"][1] and ph < args.pattern_phases else "small"
        flat[ph], mobility[ph], shape_w[ph], bias[ph] = full if chosen == "patterns" else small
        lo = ph * bp.width(board)
        row = {"phase": ph, "empties": f"{lo}-{lo + bp.width(board) - 1}" if ph < bp.PHASES - 1 else f"{lo}+",
               "held_out": int(test.sum()), "train": int(train.sum()), "exact_share": float(d["exact"][test].mean()),
               "chosen": chosen}
        for name, (mae, rmse) in err.items():
            row[f"mae_{name}"], row[f"rmse_{name}"] = mae, rmse
        report["phases"].append(row)
        print(f"phase {ph} ({row['empties']} empties): {row['train']} train, {row['held_out']} held out "
              f"({100 * row['exact_share']:.0f} % exact); mean |error| / RMS in disks: patterns "
              f"{err['patterns'][0]:.2f} / {err['patterns'][1]:.2f}, shape scaled {err['small'][0]:.2f} / "
              f"{err['small'][1]:.2f}, shape {err['shape'][0]:.2f} / {err['shape'][1]:.2f}; ships {chosen}", flush=True)
    if args.report:
        with open(args.report, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=1)
    write_block(args.out_dir, board, args.anti, flat, mobility, shape_w, bias, report)
    write_index(args.out_dir)


def block_path(out_dir: str, board: str, anti: bool) -> str:
    return os.path.join(out_dir, f"board_pattern_weights_{board}_{rule(anti)}.inc")


def _ints(values, per_line=16) -> str:
    values = [str(int(v)) for v in values]
    return "\n".join("    " + ", ".join(values[i:i + per_line]) + "," for i in range(0, len(values), per_line))


def write_block(out_dir: str, board: str, anti: bool, flat, mobility, shape_w, bias, report) -> None:
    """One board's and rule's block (read by board_patterns.cpp and tests/reference/board_patterns.read_inc)."""
    lay = bp.layout(board)
    name = f"bw_{board}_{rule(anti)}"
    entries = []
    for ph in range(bp.PHASES):
        nz = np.nonzero(flat[ph])[0]
        for i in nz:
            entries += [ph, int(i), int(flat[ph, i])]
    kinds = {"6x6": "Board6x6", "8x8": "Board8x8", "10x10": "Board10x10", "octagon": "Octagon"}
    squares = [s for _, insts in lay for inst in insts for s in inst]
    text = [
        f"// weights {board} {rule(anti)}",
        "// Generated by scripts/train_board_eval.py fit: do not edit. Fitted on",
        f"// {report['positions']} positions of {report['games']} self-play games "
        f"({report['held_out_games']} held out), lsqr damp {report['damp']}, patterns in phases "
        f"< {report['pattern_phases']}, labels: "
        + (f"depth-{report['search_depth']} searches (mix {report['mix']})." if report["search_depth"]
           else "game results."),
        f"namespace {name} {{",
        f"const int lengths[] = {{{', '.join(str(len(i[0])) for _, i in lay)}}};",
        f"const short squares[] = {{\n{_ints(squares)}\n}};",
        f"const int mobility[] = {{{', '.join(str(int(x)) for x in mobility)}}};",
        f"const int shape_weight[] = {{{', '.join(str(int(x)) for x in shape_w)}}};",
        f"const int bias[] = {{{', '.join(str(int(x)) for x in bias)}}};",
        f"const int entries[] = {{\n{_ints(entries, 18)}\n}};",
        f"const BoardWeightsData data = {{BoardKind::{kinds[board]}, {'true' if anti else 'false'}, {bp.width(board)}, "
        f"{len(lay)}, lengths, {len(lay[0][1])}, squares, mobility, shape_weight, bias, entries, "
        f"{len(entries) // 3}}};",
        f"}}  // namespace {name}",
        "// end",
        "",
    ]
    os.makedirs(out_dir, exist_ok=True)
    with open(block_path(out_dir, board, anti) + ".tmp", "w", encoding="utf-8") as f:
        f.write("\n".join(text))
    os.replace(block_path(out_dir, board, anti) + ".tmp", block_path(out_dir, board, anti))
    print(f"wrote {block_path(out_dir, board, anti)} ({len(entries) // 3} weights)")


def write_index(out_dir: str) -> None:
    """board_pattern_weights.inc: every block that exists in out_dir, in file-name order."""
    os.makedirs(out_dir, exist_ok=True)
    index = os.path.join(out_dir, "board_pattern_weights.inc")
    blocks = sorted(glob.glob(os.path.join(out_dir, "board_pattern_weights_*.inc")))
    names = [os.path.basename(b)[len("board_pattern_weights_"):-len(".inc")] for b in blocks]
    lines = ["// Generated by scripts/train_board_eval.py: the board_pattern_weights_*.inc",
             "// blocks that ship, one per board and rule. Do not edit."]
    lines += [f'#include "{os.path.basename(b)}"' for b in blocks]
    lines.append("const BoardWeightsData kBoardWeights[] = {")
    lines += [f"    bw_{n}::data," for n in names]
    if not names:
        lines.append("    {BoardKind::Board8x8, false, 1, 0, nullptr, 0, nullptr, nullptr, nullptr, nullptr, nullptr, 0},"
                     "  // placeholder, never read")
    lines += ["};", f"constexpr int kBoardWeightsCount = {len(names)};", ""]
    with open(index + ".tmp", "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    os.replace(index + ".tmp", index)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="step", required=True)
    for name in ("label", "search", "fit"):
        p = sub.add_parser(name)
        p.add_argument("--board", required=True, choices=sorted(bp.BOARDS))
        p.add_argument("--anti", action="store_true", help="Anti-Reversi")
        p.add_argument("--data", default=os.path.join(ROOT, "build", "board_eval"), help="labelled chunks' folder")
    lab = sub.choices["label"]
    lab.add_argument("--games", type=int, default=1000)
    lab.add_argument("--chunk", type=int, default=25, help="games per chunk file")
    lab.add_argument("--seed", type=int, default=1)
    lab.add_argument("--depth", type=int, default=4, help="self-play search depth")
    lab.add_argument("--exact", type=int, default=None, help="solved from this many empties (default per board)")
    lab.add_argument("--random", type=int, default=None, help="at most this many random opening moves")
    lab.add_argument("--random-min", type=int, default=0,
                     help="at least this many (few random moves repeat games: 8x8 has 17 lines of 2 plies)")
    lab.add_argument("--jobs", type=int, default=1, help="processes")
    lab.add_argument("--engine", help="an NBoard engine's command line (e.g. NTest's) to play the games at "
                     "--depth instead of the installed build (the solver still plays from --exact)")
    lab.add_argument("--branches", type=int, default=0,
                     help="branch games per game: a random move off the game's line, then the same players "
                     "(rows in branch_NNNNN.npz beside each chunk)")
    srch = sub.choices["search"]
    srch.add_argument("--search-depth", type=int, default=4, help="depth of the labelling searches")
    srch.add_argument("--every", type=int, default=3, help="search every this many positions of a chunk")
    srch.add_argument("--min-empties", type=int, default=None,
                      help="search positions with at least this many empties (default: the board's exact zone)")
    srch.add_argument("--chunks", type=int, default=0, help="only the first this many chunks (0: all)")
    sub.choices["fit"].add_argument("--search-depth", type=int, default=0,
                                    help="fit on the search step's labels of this depth (0: the game results)")
    sub.choices["fit"].add_argument("--mix", type=float, default=1.0,
                                    help="with --search-depth: label = mix * search + (1 - mix) * game result")
    sub.choices["fit"].add_argument("--damp", type=float, default=DAMP)
    sub.choices["fit"].add_argument("--pattern-phases", type=int, default=bp.PHASES,
                                    help="patterns only in the phases below this one (the others: the small model)")
    sub.choices["fit"].add_argument("--out-dir", default=WEIGHTS_DIR, help="folder of the .inc files")
    sub.choices["fit"].add_argument("--report", help="JSON file of the held-out errors per phase")
    args = ap.parse_args()
    if not args.anti and args.board == "8x8" and args.step != "label":
        ap.error("the standard 8x8 game's evaluation is scripts/train_patterns.py's "
                 "(its fit reads these labelled games with --extra)")
    for k in ("games", "chunk", "jobs", "depth"):
        if getattr(args, k, 1) < 1:
            ap.error(f"--{k} must be at least 1")
    if getattr(args, "branches", 0) < 0:
        ap.error(f"--branches {args.branches}: must be at least 0")
    if args.step == "label":
        if args.games % args.chunk:
            ap.error(f"--games {args.games}: must be a multiple of --chunk ({args.chunk}), every chunk whole "
                     "(a rerun skips the chunks there)")
        if args.random is not None and args.random < 0:
            ap.error(f"--random {args.random}: must be at least 0")
        most = RANDOM_MOVES[args.board] if args.random is None else args.random
        if not 0 <= args.random_min <= most:
            ap.error(f"--random-min {args.random_min}: must be from 0 to --random ({most})")
        if args.exact is not None and not 0 <= args.exact <= bp.BOARDS[args.board] ** 2:
            ap.error(f"--exact {args.exact}: must be from 0 to the board's squares")
    if args.step == "label":
        try:
            label(args)
        except KeyboardInterrupt:
            sys.exit("interrupted: the chunks written are whole; run the same command again to resume")
    elif args.step == "search":
        if args.min_empties is None:
            args.min_empties = EXACT_EMPTIES[args.board] + 1
        search(args)
    else:
        fit(args)


if __name__ == "__main__":
    main()
