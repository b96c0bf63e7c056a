"""scripts/train_patterns.py: the augment and games stages' positions, the minimax labels, the weights file read
back, and the arguments it refuses."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import polyreversi as pr
from conftest import PROJECT_ROOT, shared_data

SCRIPT = PROJECT_ROOT / "scripts" / "train_patterns.py"


def training_module():
    """scripts/train_patterns.py imported (skips where the scripts are not beside the tests)."""
    if not SCRIPT.exists():
        pytest.skip(f"{SCRIPT} not beside the tests (an installed copy of tests/)")
    sys.path.insert(0, str(PROJECT_ROOT / "scripts"))
    import train_patterns

    return train_patterns


def write_args(path):
    """The fit arguments write() names in a weights file's header, writing to `path`."""
    class Args:
        damp, iterations, overlap, max_rows, search_depth, labels = 8.0, 100, 4, 0, 0, "game"
        weights_out = str(path)

    return Args()


def run(*args, cwd):
    if not SCRIPT.exists():
        pytest.skip(f"{SCRIPT} not beside the tests (an installed copy of tests/)")
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=cwd, capture_output=True, text=True,
                          timeout=300)


def test_augment_writes_exactly_solved_positions_of_training_games(tmp_path):
    shared_data("wthor")
    out = tmp_path / "aug.npz"
    r = run("augment", "--games", "12", "--jobs", "1", "--low", "8", "--high", "14", "--out", str(out),
            cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    d = np.load(out)
    cells, empties, labels, games = d["cells"], d["empties"], d["labels"], d["games"]
    assert cells.dtype == np.int8 and cells.shape == (len(labels), 64) and len(labels) > 50
    assert ((empties >= 8) & (empties <= 14)).all() and ((cells == 0).sum(axis=1) == empties).all()
    assert set(games.tolist()) <= set(range(1, 12)) - {10}  # held-out games (0 mod 10) make no playouts
    v = pr.Variant("8x8")
    for i in range(0, len(labels), 17):  # the label is the exact score for the mover (cells: 1 mover, 2 other)
        board = np.where(cells[i] == 0, 0, np.where(cells[i] == 1, 1, 2)).reshape(8, 8)
        state = v.position(board, pr.Color.BLACK)
        assert pr.solve(state).score == labels[i]
    again = tmp_path / "again.npz"
    assert run("augment", "--games", "12", "--jobs", "2", "--low", "8", "--high", "14", "--out", str(again),
               cwd=tmp_path).returncode == 0
    assert (np.load(again)["labels"] == labels).all()  # the same file, whatever the worker count


def test_games_labels_more_games_and_resumes(tmp_path):
    src = shared_data("wthor-train", "WTH_1977.wtb")
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / src.name).write_bytes(src.read_bytes())
    out = tmp_path / "out"
    args = ("games", "--data", str(tmp_path / "in" / "*.wtb"), "--games-dir", str(out), "--jobs", "1")
    r = run(*args, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    d = np.load(out / "WTH_1977.npz")
    cells, empties, labels, games = d["cells"], d["empties"], d["labels"], d["games"]
    assert len(labels) > 300 and ((cells == 0).sum(axis=1) == empties).all()
    assert (empties > 14).all()  # only the anchor at 14 empties is solved; positions below are left out
    from polyreversi import formats
    from polyreversi.replay import Replay

    records = list(formats.read(src))
    for g in np.unique(games):
        rec = records[g]
        states = [s for s in Replay(rec) if not s.is_over()]
        mine = games == g
        black_view = []  # each label from Black's view: one value per stretch (theoretical / anchor)
        rows = iter(zip(empties[mine], labels[mine]))  # the game's positions in order
        for s in states:
            e = int((s.board() == 0).sum())
            sign = 1 if s.to_move == pr.Color.BLACK else -1
            if e <= 14:
                anchor = sign * pr.solve(s).score
                break
            row_e, y = next(rows)
            assert row_e == e
            black_view.append((e, sign * y))
        ts, td = rec.meta["theoretical_score"], rec.meta["theoretical_depth"]
        assert all(y == 2 * ts - 64 for e, y in black_view if e >= td)
        assert all(y == anchor for e, y in black_view if e < td)
    again = run(*args, cwd=tmp_path)
    assert again.returncode == 0 and "there already" in again.stdout, again.stderr


def test_weights_file_reads_back_as_the_built_tables():
    tp = training_module()
    from polyreversi import _core

    ranks_offsets, n_cols = tp.layout()
    w = np.rint(tp.read_weights(n_cols) * 100).astype(np.int64)
    tables, parity, mobility, moves = _core._pattern_tables()
    at = n_cols - tp.N_MOVES - tp.N_MOBILITY  # the mobility tables' first column
    assert (w[:, at - 2:at] == parity).all()
    for (rank, off), table in zip(ranks_offsets, tables):
        assert (w[:, off + rank] == table).all()
    assert (np.concatenate(mobility, axis=1) == w[:, at:at + tp.N_MOBILITY]).all()
    for (rank, off), table in zip(tp.MOVE_RANKS_OFFSETS, moves):
        assert (w[:, at + tp.N_MOBILITY + off + rank] == table).all()


def test_a_weights_file_of_fewer_pattern_types_reads_with_the_later_types_zero(tmp_path, monkeypatch):
    """A fit of some phases after a pattern type was added keeps the other phases of the file before."""
    tp = training_module()

    ranks_offsets, n_cols = tp.layout()
    w = tp.read_weights(n_cols)
    short = tp.pt.PATTERN_TYPES[:-2]
    cut = ranks_offsets[-2][1]  # the first column of the first type left out
    parity_at = n_cols - tp.N_MOVES - tp.N_MOBILITY - 2  # the first column after the patterns'
    shorter = np.concatenate([w[:, :cut], w[:, parity_at:]], axis=1)
    ro_short, cols_short = tp.layout(short)
    assert shorter.shape == (tp.pt.PHASES, cols_short)

    args = write_args(tmp_path / "short.inc")
    monkeypatch.setattr(tp.pt, "PATTERN_TYPES", short)  # write() names the counts of the file's types
    tp.write(shorter, ro_short, cols_short, 0, 0, args=args)
    monkeypatch.undo()
    back = tp.read_weights(n_cols, args.weights_out)
    assert back.shape == w.shape
    gone = w.shape[1] - shorter.shape[1]  # the columns of the two types left out
    assert (back[:, :cut] == w[:, :cut]).all()
    assert (back[:, cut:cut + gone] == 0).all()
    assert (back[:, cut + gone:] == w[:, cut + gone:]).all()  # parity and mobility in place
    (tmp_path / "odd.inc").write_text("// no layout has 7 weights\n7,0,1,\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="7 weights"):
        tp.read_weights(n_cols, str(tmp_path / "odd.inc"))
    # The same file with its first two types' counts exchanged in the header: a type inserted before the
    # others; its weights would read into the wrong columns, so the file is refused.
    counts = tp.type_counts()
    assert counts[0] != counts[1]
    text = (tmp_path / "short.inc").read_text(encoding="utf-8")
    named = "(counts: " + ", ".join(map(str, counts[:-2])) + ")"
    assert named in text
    swapped = [counts[1], counts[0], *counts[2:-2]]
    (tmp_path / "swapped.inc").write_text(
        text.replace(named, "(counts: " + ", ".join(map(str, swapped)) + ")"), encoding="utf-8")
    with pytest.raises(SystemExit, match="are not the first of PATTERN_TYPES"):
        tp.read_weights(n_cols, str(tmp_path / "swapped.inc"))


def test_a_weights_file_without_the_legal_move_patterns_reads_with_them_zero(tmp_path, monkeypatch):
    """A file written before MOVE_TYPES existed (its phases end with the mobility tables) keeps its weights."""
    tp = training_module()

    ranks_offsets, n_cols = tp.layout()
    w = tp.read_weights(n_cols)
    moves_at = n_cols - tp.N_MOVES

    args = write_args(tmp_path / "before_moves.inc")
    monkeypatch.setattr(tp.pt, "MOVE_TYPES", ())
    tp.write(w[:, :moves_at], ranks_offsets, moves_at, 0, 0, args=args)
    monkeypatch.undo()
    back = tp.read_weights(n_cols, args.weights_out)
    assert back.shape == w.shape
    assert (back[:, :moves_at] == w[:, :moves_at]).all()
    assert (back[:, moves_at:] == 0).all()


@pytest.mark.parametrize("args,message", [
    (["fit", "--phases", "12"], "--phases 12: phases are 0 to 11"),
    (["fit", "--phases", "4-x"], "--phases 4-x: phases are 0 to 11"),
    (["fit", "--max-rows", "0"], "--max-rows: 0; must be at least 1"),
    (["augment", "--jobs", "0"], "--jobs: 0; must be at least 1"),
    (["augment", "--games", "-1"], "--games: -1; must be at least 1"),
    (["augment", "--playouts", "0"], "--playouts: 0; must be at least 1"),
    (["augment", "--low", "20", "--high", "8"], "need 1 <= low <= high <= 24"),
    (["augment", "--low", "30", "--high", "40", "--start", "50"], "need 1 <= low <= high <= 24"),
    (["augment", "--high", "20", "--start", "12"], "--start 12: must be from --high"),
    (["fit", "--overlap", "-1"], "--overlap -1: must be at least 0"),
    (["fit", "--labels", "minimax", "--search-depth", "6"], "--labels minimax with --search-depth 6: one kind"),
    (["sweep", "--minimax-games", "0"], "--minimax-games: 0; must be at least 1"),
    (["fit", "--minimax-empties", "61"], "--minimax-empties 61: must be from 0 to 60"),
])
def test_bad_arguments_are_named(tmp_path, args, message):
    r = run(*args, cwd=tmp_path)
    assert r.returncode == 2 and message in r.stderr, r.stderr


def test_a_missing_positions_file_is_named(tmp_path):
    r = run("report", "--cache", str(tmp_path / "none.npz"), cwd=tmp_path)
    assert r.returncode == 1 and "none.npz: no such positions file" in r.stderr, r.stderr


def test_search_labels_positions_files_resumes_and_replaces_their_labels(tmp_path):
    """The search stage (train_board_eval.py's search code): a depth-D score of every k-th position with
    enough empties of the main positions file and of each games file; fit's load then keeps the rows
    below those empties, labels the searched rows with the scores and leaves the other candidates out."""
    src = shared_data("wthor", "WTH_2015.wtb")
    tp = training_module()
    from polyreversi import formats

    records = list(formats.read(src))[:6]
    for name, recs in (("positions.npz", records[:3]), ("games/G.npz", records[3:])):
        rows = [(c, e, y, g) for g, rec in enumerate(recs) for c, e, y in tp.game_rows(rec, 14, solve_all=False)]
        tp.save_positions(str(tmp_path / name), *zip(*rows))
    args = ("search", "--cache", str(tmp_path / "positions.npz"), "--games-dir", str(tmp_path / "games"),
            "--search-depth", "2", "--every", "3", "--every-main", "2", "--min-empties", "40")
    r = run(*args, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    v = pr.Variant("8x8")
    for name, every in (("positions.npz", 2), ("G.npz", 3)):
        d = np.load(tmp_path / ("games" if name == "G.npz" else "") / name)
        s = np.load(tmp_path / "search_d2" / name)
        index, score = s["index"], s["score"]
        candidates = np.flatnonzero(d["empties"] >= 40)
        assert (index == candidates[candidates % every == 0]).all() and len(index) > 5
        for i, y in list(zip(index, score))[::7]:  # the score of a depth-2 search for the mover (cells: 1 mover)
            board = d["cells"][i].astype(int).reshape(8, 8)
            state = v.position(board, 1, int((board > 0).sum()) - 4)
            assert y == pytest.approx(pr.SearchPlayer(depth=2).play(state, pr.Limit(depth=2)).score)
        cells, empties, labels, games, n = tp.load(str(tmp_path / name) if name == "positions.npz" else
                                                   str(tmp_path / "positions.npz"),
                                                   [str(tmp_path / "games" / name)] if name == "G.npz" else [],
                                                   search_depth=2, mix=0.5)
        part = slice(0, n) if name == "positions.npz" else slice(n, None)
        e, y = empties[part], labels[part]
        below = d["empties"] < 40
        keep = below | np.isin(np.arange(len(below)), index)  # the candidates not searched are left out
        assert (e == d["empties"][keep]).all() and len(e) == below.sum() + len(index)
        searched = np.isin(np.flatnonzero(keep), index)
        assert y[searched] == pytest.approx(0.5 * score + 0.5 * d["labels"][index])
        assert (y[~searched] == d["labels"][below]).all()
        # --search-weight W instead keeps every row with its own label and adds the searched rows again,
        # labelled by their search score, with row weight W
        cells_w, empties_w, labels_w, games_w, n_w, weights = tp.load_weighted(
            str(tmp_path / "positions.npz"), [str(tmp_path / "games" / name)] if name == "G.npz" else [], 2, 7.0)
        rows = len(d["labels"])
        part = slice(0, n_w) if name == "positions.npz" else slice(n_w, None)
        y_w, e_w, w_w, c_w = labels_w[part], empties_w[part], weights[part], cells_w[part]
        assert len(y_w) == rows + len(index)
        assert (y_w[:rows] == d["labels"]).all() and (w_w[:rows] == 1).all()
        assert y_w[rows:] == pytest.approx(score) and (w_w[rows:] == 7.0).all()
        assert (e_w[rows:] == d["empties"][index]).all() and (c_w[rows:] == d["cells"][index]).all()
    again = run(*args, cwd=tmp_path)
    assert again.returncode == 0 and again.stdout.count("there already") == 2, again.stderr
    refused = run("fit", "--cache", str(tmp_path / "positions.npz"), "--search-weight", "3", cwd=tmp_path)
    assert refused.returncode == 2 and "--search-weight 3.0" in refused.stderr, refused.stderr


def test_minimax_labels_are_the_negamax_over_the_games_tree():
    """Six hand-made games of 3-4 plies, leaves at 57 empties. Black's view: G1 a b c +10, G2 a b d -4,
    G3 the transpose of G1 (the same positions up to symmetry) +2, G4 a f g +8, G5 a f h -20, G6 a b x +30
    held out. With every node: (a b) = max(mean(10, 2), -4) = 6, (a f) = max(8, -20) = 8, a = min(6, 8) = 6
    (White to move there), the start 6. With 5+ games a node: only the start and a (5 training games) are
    relabelled, from their children's means: (a b) 8/3, (a f) -6, a = min = -6."""
    tp = training_module()

    v = pr.Variant("8x8")
    s0 = v.start()
    a = v.square("f5")
    s1 = s0.child(a)
    b, f = s1.legal_moves()[:2]
    c, d, x = s1.child(b).legal_moves()[:3]
    g, h = s1.child(f).legal_moves()[:2]
    c4 = s1.child(b).child(c).legal_moves()[0]

    def t(m):  # the transposed square: the start position is its own transpose
        return (m % 8) * 8 + m // 8

    games = [([a, b, c, c4], 10), ([a, b, d], -4), ([t(a), t(b), t(c)], 2), ([a, f, g], 8), ([a, f, h], -20),
             ([a, b, x], 30)]
    cells, empties, labels, gids, black = [], [], [], [], []
    for gid, (moves, black_value) in enumerate(games):
        s = s0
        for m in [None, *moves]:
            if m is not None:
                s = s.child(m)
            cl, e = tp.mover_cells(s)
            sign = 1 if s.to_move == pr.Color.BLACK else -1
            cells.append(cl)
            empties.append(e)
            labels.append(sign * black_value)
            gids.append(gid)
            black.append(sign)
    cells, empties, labels, gids = np.array(cells), np.array(empties), np.array(labels, float), np.array(gids)
    train = gids != 5
    got, stats = tp.minimax_labels(cells, empties, labels, gids, train, min_empties=57)
    for i in range(len(got)):
        if not train[i] or empties[i] <= 57:
            assert got[i] == labels[i], i  # held out, leaves and rows below 57 empties: their own labels
        elif empties[i] == 58:
            assert got[i] * black[i] == (6 if gids[i] in (0, 1, 2) else 8), i
        else:
            assert got[i] * black[i] == 6, i
    assert stats["nodes"] == 1 + 1 + 2 + 4  # the start, a, (a b), (a f), four leaves (G3 is G1 transposed, G6 held out)
    few, stats = tp.minimax_labels(cells, empties, labels, gids, train, min_empties=57, min_games=5)
    for i in range(len(few)):
        if train[i] and empties[i] >= 59:
            assert few[i] * black[i] == -6, i
        else:
            assert few[i] == labels[i], i
    assert stats["inner"] == 2
    unchanged, _ = tp.minimax_labels(cells, empties, labels, gids, train, min_empties=57, min_games=99)
    assert (unchanged == labels).all()
