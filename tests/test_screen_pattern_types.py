"""scripts/screen_pattern_types.py: candidate pattern types fitted beside the shipped ones, on rows of a
positions file, and the arguments it refuses."""
from __future__ import annotations

import json
import sys

import numpy as np
import pytest

from conftest import PROJECT_ROOT

SCRIPTS = PROJECT_ROOT / "scripts"


@pytest.fixture()
def screen():
    if not (SCRIPTS / "screen_pattern_types.py").exists():
        pytest.skip(f"{SCRIPTS} not beside the tests (an installed copy of tests/)")
    sys.path.insert(0, str(SCRIPTS))
    import screen_pattern_types

    return screen_pattern_types


def test_candidates_are_new_square_sets_of_at_most_ten_squares(screen):
    pt = screen.pt
    shipped = {frozenset(sq) for _, base in pt.PATTERN_TYPES for sq in pt.instances(base)}
    for name, base in screen.CANDIDATE_TYPES.items():
        assert len(base) == len(set(base)) <= 10, name
        assert all(0 <= r < 8 and 0 <= c < 8 for r, c in base), name
        assert not {frozenset(sq) for sq in pt.instances(base)} & shipped, name


def test_each_set_is_fitted_on_the_same_rows_and_scored_on_the_held_out_games(screen, tmp_path, capsys):
    pytest.importorskip("scipy", reason="the train extra (scipy) is not installed")
    rng = np.random.default_rng(5)
    n = 4000
    empties = rng.integers(20, 25, n)
    cells = np.zeros((n, 64), dtype=np.int8)
    for i, e in enumerate(empties):  # 64 - e disks, the rest empty
        sq = rng.permutation(64)[:64 - e]
        cells[i, sq] = rng.integers(1, 3, len(sq))
    # the disks on the short diagonals (the diag_4 type's squares, 81 indices an instance: every one seen)
    diag = [sq for sq in range(64) if abs(sq // 8 - sq % 8) == 4 or sq // 8 + sq % 8 in (3, 11)]
    labels = 4.0 * ((cells[:, diag] == 1).sum(axis=1) - (cells[:, diag] == 2).sum(axis=1))
    path = tmp_path / "positions.npz"
    np.savez(path, cells=cells, empties=empties, labels=labels.astype(np.float32), games=np.arange(n) // 40)
    screen.main(["base", "edge_wall+corner_edges", "--cache", str(path), "--phases", "4", "--max-rows", "3000",
                 "--iterations", "50", "--damp", "0.5"])
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["types"] for r in rows] == ["base", "edge_wall+corner_edges"]
    assert all(r["phase"] == 4 and r["rows"] == 3000 and r["game n"] == 400 for r in rows)
    # both sets have the short diagonals, which decide these labels: a fit, not a constant
    assert all(r["game mae"] < 0.5 * np.abs(labels - labels.mean()).mean() for r in rows), rows


@pytest.mark.parametrize("argv, message", [
    (["base", "nosuch"], "unknown candidate 'nosuch'"),
    (["base", "--phases", "12"], "--phases 12"),
    (["base", "--max-rows", "0"], "--max-rows"),
    (["base+edge_wall"], "'base' stands alone"),
    (["edge_wall+"], "unknown candidate ''"),
    (["kite+kite"], "a candidate twice"),
    (["base", "base"], "a set twice"),
])
def test_bad_arguments_are_refused_by_name(screen, argv, message, capsys):
    with pytest.raises(SystemExit) as e:
        screen.main(argv)
    assert e.value.code == 2 and message in capsys.readouterr().err


def test_a_file_that_is_not_a_positions_file_is_refused_by_name(screen, tmp_path):
    np.savez(tmp_path / "other.npz", cells=np.zeros((2, 64), dtype=np.int8))  # no empties, labels, games
    (tmp_path / "text.npz").write_text("not an archive", encoding="utf-8")
    for name in ("other.npz", "text.npz"):
        with pytest.raises(SystemExit, match=f"{name}: not a positions file"):
            screen.main(["base", "--cache", str(tmp_path / name)])
