"""polyreversi solve and polyreversi analyse."""
from __future__ import annotations

from click.testing import CliRunner

import polyreversi as pr
from conftest import shared_data
from polyreversi.cli import main
from polyreversi.formats import write

FIRST = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_solve_ffo_1_19_checks_every_annotation():
    r = run("solve", shared_data("ffo", "fforum-1-19.obf"), "--moves", "--no-progress")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert sum(" ok " in line for line in lines) == 19
    assert "19 positions" in lines[-1]
    assert " g8 " in lines[1] and "+18" in lines[1]


def test_solve_reports_a_disagreement(tmp_path):
    path = tmp_path / "wrong.obf"
    path.write_text(FIRST + "; G8:+16; H1:+12;\n")
    r = run("solve", path)
    assert r.exit_code == 1
    assert "WRONG: best +16" in r.output and "disagree" in r.output


def test_solve_other_boards_and_ranges(tmp_path):
    path = tmp_path / "mixed.obf"
    t = pr.play_game("6x6/anti", [pr.players.RandomPlayer(seed=1), pr.players.RandomPlayer(seed=2)], max_plies=20)
    assert t.to_text().startswith("6x6/anti ")
    path.write_text(FIRST + "\n" + t.to_text() + "\n")
    r = run("solve", path, "--first", 2, "--convention", "disks")
    assert r.exit_code == 0, r.output
    assert "1 positions" in r.output and "disks scores" in r.output
    assert run("solve", path, "--first", 5).exit_code != 0


def test_solve_bad_files(tmp_path):
    bad = tmp_path / "bad.obf"
    bad.write_text("not a position\n")
    r = run("solve", bad)
    assert r.exit_code == 1 and "bad.obf:1" in r.output and "Traceback" not in r.output
    four = tmp_path / "four.obf"
    four.write_text("8x8/4p " + pr.Variant("8x8", 4).start().to_text().split(" ", 1)[1] + "\n")
    r = run("solve", four)
    assert r.exit_code == 1 and "two-player games only" in r.output
    assert run("solve", tmp_path / "missing.obf").exit_code == 2


def test_analyse_a_game(tmp_path):
    final = pr.play_game("6x6", [pr.players.GreedyPlayer(seed=1), pr.players.RandomPlayer(seed=2)])
    path = tmp_path / "game.json"
    write(path, [final.record()])
    r = run("analyse", path, "--depth", 3)
    assert r.exit_code == 0, r.output
    rows = [line for line in r.output.splitlines() if line.strip()[:1].isdigit()]
    assert len(rows) == len(final.moves())
    assert "=" in rows[-1]  # the last plies are solved exactly
    assert run("analyse", path, "--depth", 0).exit_code == 2
    assert run("analyse", path, "--game", 3).exit_code == 1
