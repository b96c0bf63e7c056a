"""The trained evaluation of the boards other than standard 8x8
(board_patterns.hpp): the C++ evaluation against the Python reference
(tests/reference/board_patterns.py) on the weights that ship, symmetric
positions alike, the shape terms where no weights apply, and the training
script end to end on a tiny run."""
from __future__ import annotations

import glob
import os
import random
import subprocess
import sys

import numpy as np
import pytest

import polyreversi as pr
from polyreversi import _core
from polyreversi.envs.symmetry import symmetries
from conftest import run_with_kernels, shape_terms
from reference import board_patterns as bp

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WEIGHTS = os.path.join(ROOT, "cpp", "src", "search")
#: (board, anti) that board_patterns.hpp can weigh: every board and rule but the standard game's (patterns.hpp).
TRAINABLE = [(b, a) for b in sorted(bp.BOARDS) for a in (False, True) if a or b != "8x8"]


@pytest.fixture
def weights_on():
    """The shipped board weights switched on (they are off by default) for one test."""
    previous = _core._set_board_patterns(True)
    yield
    _core._set_board_patterns(previous)


def shipped():
    """(board, anti) -> reference Weights of every block in the source tree."""
    out = {}
    for path in sorted(glob.glob(os.path.join(WEIGHTS, "board_pattern_weights_*.inc"))):
        out.update(bp.read_inc(path))
    return out


def walk(variant, count, seed):
    """Up to `count` states of random games (each a new object)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = variant.start()
        while not s.is_over() and len(out) < count:
            out.append(s)
            s = s.child(rng.choice(s.legal_moves()))
    return out


@pytest.mark.parametrize("board", sorted(bp.BOARDS))
def test_layout_is_closed_under_the_symmetries(board):
    n = bp.BOARDS[board]
    mask = bp.playable_mask(board)
    for name, insts in bp.layout(board):
        assert len(insts) == 8
        as_set = {tuple(i) for i in insts}
        for g in bp.symmetries(n):
            image = {tuple(n * r + c for r, c in (g(s // n, s % n) for s in i)) for i in insts}
            assert image == as_set, (board, name)
        assert all(mask[s] for i in insts for s in i)
        assert 3 ** len(insts[0]) <= 3 ** 9


@pytest.mark.parametrize("board", sorted(bp.BOARDS))
def test_reference_mobility_matches_the_rules(board):
    v = pr.Variant(board=board)
    for s in walk(v, 60, 3) + walk(v.with_random_blocked(seed=5, count=4), 300, 3):
        cells, _ = bp.mover_cells(s)
        mine = [] if s.must_pass() else s.legal_moves()
        assert int(bp.flipping_moves(board, cells, 1, bp.playable_of(s))[0]) == len(mine)


def with_options(board, anti):
    """The variants of a board and rule with each start option (RULES.md §3-4): its own start, a handicap
    (square boards), the free opening, two blocked squares, and one blocked square with the free opening."""
    v = pr.Variant(board=board, anti=anti)
    out = [v, v.replace(free_opening=True), v.with_random_blocked(seed=3, count=2),
           v.replace(free_opening=True).with_random_blocked(seed=4, count=1)]
    return out + ([v.replace(handicap=1), v.replace(handicap=3, handicap_color="white")] if board != "octagon" else [])


#: The boards whose weights leave their opening phases unfitted: a corner handicap keeps the shape terms there.
SHAPE_WITH_HANDICAP = ("6x6", "10x10")


def test_cpp_matches_the_reference_on_the_shipped_weights(weights_on):
    weights = shipped()
    if not weights:
        pytest.skip("no board weights ship in this source tree")
    for (board, anti), w in weights.items():
        for v in with_options(board, anti):
            for k, s in enumerate(walk(v, 40, 11)):
                cells, empties = bp.mover_cells(s)
                shape = round(pr.evaluate(s, shape=True) * 100)
                if v.handicap and board in SHAPE_WITH_HANDICAP:
                    assert round(pr.evaluate(s) * 100) == shape, (str(v), k, s.to_text())
                    continue
                playable = bp.playable_of(s)
                want = w.evaluate(cells, empties, int(bp.mobility(board, cells, playable)[0]), shape,
                                  squares=int(playable.sum()))
                assert round(pr.evaluate(s) * 100) == want, (str(v), k, s.to_text())


#: Evaluations of random positions on every board and rule, the weights on, and the kernel set that ran them.
KERNEL_PROBE = """
import json, random, polyreversi as pr
from polyreversi import _core
_core._set_board_patterns(True)
out = {"kernels": _core.kernels(), "values": []}
for board in ("6x6", "8x8", "10x10", "octagon"):
    for anti in (False, True):
        for blocked in (0, 3):
            v = pr.Variant(board, anti=anti)
            v = v.with_random_blocked(seed=7, count=blocked) if blocked else v
            for i in range(16):
                rng = random.Random(i)
                s = v.start()
                for _ in range(rng.randrange(90)):
                    if s.is_over():
                        break
                    s.play(rng.choice(s.legal_moves()))
                if not s.is_over():
                    out["values"].append([board, anti, blocked, i, pr.evaluate(s)])
print(json.dumps(out))
"""


def test_portable_and_native_kernels_evaluate_alike():
    """The pext indices (x86-64-v3) and the per-disk vectors of powers of 3 (generic kernels) give the same
    evaluation on every board, rule and mask (the reference test above runs on this CPU's set only)."""
    native, portable = run_with_kernels(KERNEL_PROBE, None, 120), run_with_kernels(KERNEL_PROBE, "generic", 120)
    assert portable["kernels"] == "generic"
    if native["kernels"] == "generic":
        pytest.skip("this CPU runs only the portable kernels; nothing to compare")
    assert native["values"] == portable["values"] and len(native["values"]) > 150


def test_symmetric_positions_evaluate_alike(weights_on):
    if os.path.isdir(WEIGHTS):
        weights = set(shipped())
    else:  # an installed wheel's tests: the boards whose evaluation is not the shape terms'
        weights = {(b, a) for b, a in TRAINABLE
                   if any(pr.evaluate(s) != pr.evaluate(s, shape=True) for s in walk(pr.Variant(board=b, anti=a), 30, 3)[8:])}
    if not weights:
        pytest.skip("no board weights ship")
    for board, anti in weights:
        v = pr.Variant(board=board, anti=anti)
        square = v.eligible_blocked()[1]  # and its image by the half turn: a mask 4 of the symmetries keep
        masked = v.replace(blocked=[square, len(v.squares) - 1 - square])
        for v, s in [(v, s) for v in (v, masked) for s in walk(v, 30, 5)[8::7]]:
            b = s.board().ravel()
            values = set()
            for g in symmetries(v):
                image = np.empty_like(b)
                image[g.perm[:-1]] = b
                values.add(pr.evaluate(v.position(image.reshape(v.n, v.n), s.to_move, s.ply)))
            assert len(values) == 1, (board, anti, s.to_text(), values)


def test_the_switch_turns_every_trained_evaluation_off_on_every_start(weights_on):
    # the boards with weights and standard 8x8 (patterns.hpp): trained on each start option
    rules = sorted(shipped()) + [("8x8", False)]
    for v in [v for b, a in rules for v in with_options(b, a) if not (v.handicap and b in SHAPE_WITH_HANDICAP)]:
        states = walk(v, 30, 4)[6:]
        trained = [pr.evaluate(s) for s in states]
        assert sum(t != pr.evaluate(s, shape=True) for t, s in zip(trained, states)) > len(states) // 2, str(v)
        with shape_terms():
            assert all(pr.evaluate(s) == pr.evaluate(s, shape=True) for s in states), str(v)
        assert [pr.evaluate(s) for s in states] == trained


def test_the_shipped_weights_are_on_by_default_on_every_board_and_rule():
    # The weights ship where they won their matches (benchmarks/board_eval.md): since 6x6 Anti-Reversi's, on every
    # board and rule (the standard game's are patterns.hpp's).
    assert _core._set_board_patterns(True) is True, "a test left the board weights off"
    if os.path.isdir(WEIGHTS):  # the source tree (an installed wheel's tests see only the evaluations below)
        assert set(TRAINABLE) <= set(shipped())
    for board, anti in TRAINABLE:
        v = pr.Variant(board=board, anti=anti)
        assert sum(pr.evaluate(s) != pr.evaluate(s, shape=True) for s in walk(v, 30, 3)[8:]) > 10, (board, anti)


def test_training_script_end_to_end(tmp_path):
    pytest.importorskip("scipy")
    script = os.path.join(ROOT, "scripts", "train_board_eval.py")
    if not os.path.exists(script):
        pytest.skip("scripts/ is not beside the tests")
    data, out = tmp_path / "data", tmp_path / "weights"
    common = ["--board", "6x6", "--data", str(data)]
    run = [sys.executable, script, "label", *common, "--games", "4", "--chunk", "2", "--depth", "1", "--exact", "8"]
    first = subprocess.run(run, capture_output=True, text=True, check=True)
    assert "0 of 2 chunks already labelled" in first.stdout
    chunks = sorted(f for f in os.listdir(data / "6x6-normal") if f.endswith(".npz"))
    assert chunks == ["chunk_00000.npz", "chunk_00001.npz"]
    before = (data / "6x6-normal" / chunks[0]).read_bytes()
    again = subprocess.run(run, capture_output=True, text=True, check=True)  # resumes: nothing to do
    assert "2 of 2 chunks already labelled" in again.stdout
    assert (data / "6x6-normal" / chunks[0]).read_bytes() == before
    d = np.load(data / "6x6-normal" / chunks[0])
    assert len(d["labels"]) > 20 and set(d["games"]) == {0, 1}
    assert np.all(np.abs(d["labels"]) <= 36) and d["exact"].any()
    fit = [sys.executable, script, "fit", *common, "--out-dir", str(out), "--report", str(tmp_path / "r.json")]
    subprocess.run(fit, capture_output=True, text=True, check=True)
    (w,) = bp.read_inc(str(out / "board_pattern_weights_6x6_normal.inc")).values()
    assert (out / "board_pattern_weights.inc").read_text().count("bw_6x6_normal::data") == 1
    assert any(t.any() for t in w.tables)
    # Search-backed labels: depth-2 scores of the positions above the exact zone, resumable, and a fit on them.
    search = [sys.executable, script, "search", *common, "--search-depth", "2", "--every", "2"]
    first = subprocess.run(search, capture_output=True, text=True, check=True)
    assert "0 of 2 chunks already searched" in first.stdout
    s = np.load(data / "6x6-normal" / "search_d2" / chunks[0])
    assert len(s["index"]) > 0 and np.all(s["index"] % 2 == 0)
    assert np.all(d["empties"][s["index"]] >= 17) and np.all(np.abs(s["score"]) <= 36)
    v = pr.Variant(board="6x6")
    i = int(s["index"][0])
    board = d["cells"][i].astype(int).reshape(6, 6)
    expected = pr.SearchPlayer(depth=2).play(v.position(board, 1, int((board > 0).sum()) - 4), pr.Limit(depth=2))
    assert s["score"][0] == pytest.approx(expected.score)
    again = subprocess.run(search, capture_output=True, text=True, check=True)
    assert "2 of 2 chunks already searched" in again.stdout
    fit = [*fit, "--search-depth", "2", "--mix", "0.5", "--pattern-phases", "2"]
    subprocess.run(fit, capture_output=True, text=True, check=True)
    (w,) = bp.read_inc(str(out / "board_pattern_weights_6x6_normal.inc")).values()
    assert all(not t[2:].any() for t in w.tables)  # the small model from phase 2 on


def test_branch_games_leave_the_line_and_keep_the_games(tmp_path):
    """--branches: the games' chunk is the same file as without branches; each branch game's first row
    is a position off its game's line, and its exactly labelled rows have the solver's scores."""
    script = os.path.join(ROOT, "scripts", "train_board_eval.py")
    if not os.path.exists(script):
        pytest.skip("scripts/ is not beside the tests")
    def label(data, *more):
        run = [sys.executable, script, "label", "--board", "6x6", "--data", str(data), "--games", "4", "--chunk", "2",
               "--depth", "1", "--exact", "8", *more]
        return subprocess.run(run, capture_output=True, text=True, check=True)
    label(tmp_path / "plain")
    label(tmp_path / "branched", "--branches", "3")
    plain, branched = tmp_path / "plain" / "6x6-normal", tmp_path / "branched" / "6x6-normal"
    assert sorted(os.listdir(branched)) == ["branch_00000.npz", "branch_00001.npz", "chunk_00000.npz", "chunk_00001.npz",
                                           "label_settings.json"]
    for c in ("chunk_00000.npz", "chunk_00001.npz"):
        a, b = np.load(plain / c), np.load(branched / c)
        assert all(np.array_equal(a[k], b[k]) for k in a.files)
    v = pr.Variant(board="6x6")
    for c in ("00000", "00001"):
        main, side = np.load(branched / f"chunk_{c}.npz"), np.load(branched / f"branch_{c}.npz")
        assert set(side["games"]) == set(main["games"]) and np.all(np.abs(side["labels"]) <= 36)
        for g in set(side["games"]):
            first = side["cells"][side["games"] == g][0]
            assert not (main["cells"][main["games"] == g] == first).all(axis=1).any(), (c, g)
        exact = np.nonzero(side["exact"] & (side["empties"] <= 8))[0]
        assert len(exact) > 0
        for i in exact[::3]:
            board = side["cells"][i].astype(int).reshape(6, 6)
            assert side["labels"][i] == pr.solve(v.position(board, 1, int((board > 0).sum()) - 4)).score, (c, i)
    refused = subprocess.run([sys.executable, script, "label", "--board", "6x6", "--data", str(tmp_path / "x"),
                              "--branches", "-1"], capture_output=True, text=True)
    assert refused.returncode == 2 and "--branches -1: must be at least 0" in refused.stderr
    # A rerun with other settings would mix two kinds of games in one folder: refused, nothing written.
    before = {f: (branched / f).read_bytes() for f in os.listdir(branched)}
    other = subprocess.run([sys.executable, script, "label", "--board", "6x6", "--data", str(tmp_path / "branched"),
                            "--games", "6", "--chunk", "2", "--depth", "1", "--exact", "8", "--branches", "2"],
                           capture_output=True, text=True)
    assert other.returncode == 1 and "labelled with other settings (branches 3 there, 2 now)" in other.stderr
    assert {f: (branched / f).read_bytes() for f in os.listdir(branched)} == before
    more = label(tmp_path / "branched", "--branches", "3", "--games", "6")  # the same settings, more games: resumes
    assert "2 of 3 chunks already labelled" in more.stdout and (branched / "branch_00002.npz").exists()


KINDS = {"6x6": "Board6x6", "8x8": "Board8x8", "10x10": "Board10x10", "octagon": "Octagon"}


@pytest.mark.parametrize("board", sorted(bp.BOARDS))
def test_training_script_on_anti(tmp_path, board):
    """Anti-Reversi on every board through label, search and fit: labels for the mover under the Anti-Reversi
    score (the solver's), search labels the Anti-Reversi search's, and a block for the board's BoardKind with
    anti true that the reference reads."""
    pytest.importorskip("scipy")
    script = os.path.join(ROOT, "scripts", "train_board_eval.py")
    if not os.path.exists(script):
        pytest.skip("scripts/ is not beside the tests")
    data, out = tmp_path / "data", tmp_path / "weights"
    common = ["--board", board, "--anti", "--data", str(data)]
    label = [sys.executable, script, "label", *common, "--games", "2", "--chunk", "2", "--depth", "1", "--exact", "10"]
    subprocess.run(label, capture_output=True, text=True, check=True)
    d = np.load(data / f"{board}-anti" / "chunk_00000.npz")
    n = bp.BOARDS[board]
    squares = int(bp.playable_mask(board).sum())
    assert d["cells"].shape[1] == n * n and set(d["games"]) == {0, 1} and np.all(np.abs(d["labels"]) <= squares)
    v = pr.Variant(board=board, anti=True)
    start = v.start().board().ravel()
    def state(i):  # the chunk's row i as the mover's (Black's) position, cut-outs as the variant has them
        cells = d["cells"][i].astype(int)
        return v.position(np.where(start < 0, start, cells).reshape(n, n), 1, int((cells > 0).sum()) - 4)
    exact = np.nonzero(d["exact"] & (d["empties"] <= 8))[0][:: 5]
    for i in exact:
        assert d["labels"][i] == pr.solve(state(i)).score, i
    assert len(exact) > 0
    search = [sys.executable, script, "search", *common, "--search-depth", "2", "--every", "4", "--min-empties", "11"]
    subprocess.run(search, capture_output=True, text=True, check=True)
    sd = np.load(data / f"{board}-anti" / "search_d2" / "chunk_00000.npz")
    assert len(sd["index"]) > 0 and np.all(d["empties"][sd["index"]] >= 11)
    for i, score in list(zip(sd["index"], sd["score"]))[:3]:
        assert score == pytest.approx(pr.SearchPlayer(depth=2).play(state(i), pr.Limit(depth=2)).score), i
    fit = [sys.executable, script, "fit", *common, "--search-depth", "2", "--out-dir", str(out)]
    subprocess.run(fit, capture_output=True, text=True, check=True)
    block = (out / f"board_pattern_weights_{board}_anti.inc").read_text()
    assert f"BoardKind::{KINDS[board]}, true," in block
    assert (out / "board_pattern_weights.inc").read_text().count(f"bw_{board}_anti::data") == 1
    (key,) = bp.read_inc(str(out / f"board_pattern_weights_{board}_anti.inc"))
    assert key == (board, True)


def test_trained_evaluations_stay_within_the_board_and_see_a_handicap():
    # 6x6's fitted phases read 87 disks at 28 empties of a plain game and 290 at a 4-corner
    # handicap's start; 10x10's -46 for the side owning the four corners (breaker13)
    for v in (pr.Variant("6x6"), pr.Variant("6x6", free_opening=True), pr.Variant("10x10"), pr.Variant("octagon")):
        top = len(v.squares) - 0.01
        for seed in range(6):
            assert all(abs(pr.evaluate(s)) <= top for s in walk(v, 200, seed)), str(v)
    # (8x8's patterns read a 3-4 corner start little, yet won those matches: benchmarks/board_eval.md)
    for board in SHAPE_WITH_HANDICAP:
        for color, sign in (("black", 1), ("white", -1)):
            start = pr.Variant(board, handicap=4, handicap_color=color).start()
            assert start.to_move == pr.Color.BLACK and sign * pr.evaluate(start) > 0, (board, color)
