"""polyreversi solve and polyreversi analyse."""
from __future__ import annotations

import re
import sys

from click.testing import CliRunner

import polyreversi as pr
from conftest import random_position, shared_data
from polyreversi.cli import main
from polyreversi.formats import write
from polyreversi.limit import MAX_TIME

FIRST = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_solve_ffo_1_19_checks_every_annotation():
    r = run("solve", shared_data("ffo", "fforum-1-19.obf"), "--moves", "--no-progress")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert sum(line.endswith(" ok") for line in lines) == 19
    assert "19 positions" in lines[-1]
    assert " g8 " in lines[1] and "+18" in lines[1]
    # --moves prints every move's exact score under its position, best first.
    assert lines[2].split() == ["every", "move:", "g8", "+18,", "h1", "+12,", "a2", "+6,", "h7", "+6,", "a3", "+4,",
                                "b1", "-4,", "a4", "-22,", "g2", "-24"]
    assert sum(line.lstrip().startswith("every move: ") for line in lines) == 19


def test_solve_moves_accepts_an_annotated_move_that_ties_and_names_a_finished_game(tmp_path):
    # h8 and a5 both score +0: with --moves the annotated a5 is proved as good as the
    # solver's h8 (without --moves it cannot be told apart from a wrong annotation).
    path = tmp_path / "tie.obf"
    path.write_text("-XXXXXX-X-XXXOO-XOXXXOOXXXOXOOOX-OXOOXXX--OOOXXX--OOXX----XOXXO- X; A5:+0;\n"
                    + "X" * 60 + "---- O\n")
    r = run("solve", path, "--moves", "--no-progress")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[1].split()[2:4] == ["h8", "+0"] and lines[1].endswith(" ok")
    assert lines[2].split()[:6] == ["every", "move:", "h8", "+0,", "a5", "+0,"]  # the row's move first among equals
    assert lines[4].strip() == "every move: none (the game is over)"
    r = run("solve", path, "--no-progress")
    assert r.exit_code == 1 and "the solved best move h8 (+0) is not annotated" in r.output


def test_solve_reports_a_disagreement(tmp_path):
    path = tmp_path / "wrong.obf"
    path.write_text(FIRST + "; G8:+16; H1:+12;\n")
    r = run("solve", path)
    assert r.exit_code == 1
    assert "WRONG: the file annotates best +16 (solved +18)" in r.output
    assert "the file annotates g8" not in r.output  # g8's +16 is that best score: said once
    assert "Error: 1 position disagrees with the file's annotations" in r.output


def test_solve_columns_stay_aligned_and_every_core_is_named(tmp_path):
    # A disagreement's long text is the last column, so the columns before it line up
    # with the header; --threads 0 is reported as every core, not as "0 threads".
    path = tmp_path / "two.obf"
    path.write_text(FIRST + "; G8:+16;\n" + FIRST + "\n")
    r = run("solve", path, "--threads", 0)
    assert r.exit_code == 1
    header, wrong, unannotated = r.output.splitlines()[:3]
    assert "WRONG" in wrong and wrong.index("WRONG") > header.index("seconds")
    assert wrong.split()[1:4:2] == unannotated.split()[1:4:2]  # the same position: empties and score
    assert header.index("check") == wrong.index("WRONG") == unannotated.index(" -") + 1
    assert len({len(line[:header.index("check")]) for line in (header, wrong, unannotated)}) == 1
    assert "every core (" in r.output and "0 threads" not in r.output


def test_solve_other_boards_and_ranges(tmp_path):
    path = tmp_path / "mixed.obf"
    t = pr.play_game("6x6/anti", [pr.players.RandomPlayer(seed=1), pr.players.RandomPlayer(seed=2)], max_plies=20)
    assert t.to_text().startswith("6x6/anti ")
    path.write_text(FIRST + "\n" + t.to_text() + "\n")
    r = run("solve", path, "--first", 2, "--convention", "disks")
    assert r.exit_code == 0, r.output
    assert "1 position, " in r.output and "1 thread, " in r.output and "disks scores" in r.output
    assert run("solve", path, "--first", 5).exit_code != 0


def test_solve_checks_annotations_only_in_their_own_convention(tmp_path):
    # A 6x6 line whose best line ends with empty squares: f1 is +36 with the empties to
    # the winner (the annotation) and +34 as a disk difference.
    path = tmp_path / "w.obf"
    path.write_text("XOOOO-OOOOO--OOOO---OOOO-OOOOX---OXX X; F1:+36;\n")
    r = run("solve", path, "--convention", "WOF")
    assert r.exit_code == 0 and any(line.endswith(" ok") for line in r.output.splitlines()), r.output
    r = run("solve", path, "--convention", "disks")
    assert r.exit_code == 0, r.output
    assert "+34" in r.output and "WRONG" not in r.output
    assert "1 position with annotations not checked: they are wof scores" in r.output


def test_solve_names_an_annotated_move_that_is_not_legal(tmp_path):
    path = tmp_path / "a1.obf"
    path.write_text(FIRST + "; G8:+18; A1:+64;\n")
    for extra in (["--moves"], []):  # with or without every move's score
        r = run("solve", path, *extra)
        assert r.exit_code == 1
        assert "a1 is annotated +64 but is not a legal move here" in r.output and "None" not in r.output
    path.write_text(FIRST + "; A1:+18;\n")
    r = run("solve", path)
    assert r.exit_code == 1 and "the solved best move g8 (+18) is not annotated" in r.output, r.output


def test_solve_bad_files(tmp_path):
    bad = tmp_path / "bad.obf"
    bad.write_text("not a position\n")
    r = run("solve", bad)
    assert r.exit_code == 1 and "bad.obf:1" in r.output and "Traceback" not in r.output
    four = tmp_path / "four.obf"
    four.write_text("8x8/4p " + pr.Variant("8x8", 4).start().to_text().split(" ", 1)[1] + "\n")
    r = run("solve", four)
    assert r.exit_code == 1 and "two-player games only" in r.output
    # Named before the table starts, with its line, even after a two-player position.
    mixed = tmp_path / "mixed.obf"
    mixed.write_text(FIRST + "\n" + four.read_text())
    r = run("solve", mixed, "--no-progress")
    assert r.exit_code == 1 and "mixed.obf:2: solve: two-player games only" in r.output
    assert "empties" not in r.output and " g8 " not in r.output
    r = run("solve", tmp_path / "missing.obf")  # as replay, show and convert say it
    assert r.exit_code == 1 and f"Error: {tmp_path / 'missing.obf'}: no such file" in r.output, r.output


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
    assert run("analyse", path, "--game", 3).exit_code == 2  # a usage error, as --game beyond the file elsewhere


def test_float_options_refuse_nan_and_infinity_as_usage_errors(tmp_path):
    path = tmp_path / "game.json"
    write(path, [pr.play_game("6x6", [pr.players.RandomPlayer(seed=1), pr.players.RandomPlayer(seed=2)]).record()])
    for value in ("nan", "inf", "-inf", "1e400", "0"):
        r = run("analyse", path, "--time", value)
        assert r.exit_code == 2 and "Invalid value for '--time'" in r.output, (value, r.output)
        assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    # NaN and the infinities in one wording (inf is also out of range: not said first).
    for value in ("nan", "inf", "-inf"):
        assert f"expected a finite number, got '{value}'" in run("analyse", path, "--time", value).output
    # Out of range: the value as typed (click's own message said -1.0).
    r = run("analyse", path, "--time", "-1")
    assert r.exit_code == 2 and f"-1 is not in the range 0<x<={MAX_TIME:g}." in r.output and "-1.0" not in r.output


def test_player_spec_numbers_are_quoted_as_typed():
    r = run("play", "--players", "search:time=-1,random")
    assert r.exit_code == 2 and "got -1" in r.output and "-1.0" not in r.output, r.output
    r = run("play", "--players", "mcts:time=0.5x,random")
    assert r.exit_code == 2 and "time must be a number, got '0.5x'" in r.output, r.output


def test_solve_and_analyse_read_standard_input(tmp_path):
    text = FIRST + "; G8:+18; H1:+12;\n"
    r = CliRunner().invoke(main, ["solve", "-"], input=text)
    assert r.exit_code == 0 and " g8 " in r.output and "ok" in r.output, r.output
    path = tmp_path / "game.json"
    write(path, [pr.play_game("6x6", [pr.players.RandomPlayer(seed=1), pr.players.RandomPlayer(seed=2)]).record()])
    r = CliRunner().invoke(main, ["analyse", "-", "--format", "json", "--depth", 2], input=path.read_text())
    assert r.exit_code == 0 and "final:" in r.output, r.output
    r = CliRunner().invoke(main, ["analyse", "-", "--depth", 2], input=path.read_text())
    assert r.exit_code == 1 and "standard input has no extension; give --format FORMAT" in r.output


def test_solve_names_a_file_that_is_not_text(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "garbage.txt").write_bytes(b"\xff\xfe\x00junk")
    r = run("solve", "garbage.txt")
    assert r.exit_code == 1 and r.output.strip().splitlines()[-1] == "Error: garbage.txt: not UTF-8 text (byte 0)"


def test_solve_first_and_last_are_an_inclusive_range_of_positions_numbered_from_1(tmp_path):
    path = tmp_path / "four.obf"
    lines = obf_lines(4)
    path.write_text("% a comment is not a position\n\n" + "\n".join(lines) + "\n")

    def numbers(*args):
        r = run("solve", path, *args)
        assert r.exit_code == 0, r.output
        return [int(line.split()[0]) for line in r.output.splitlines()[1:-1]]

    assert numbers("--first", 2, "--last", 3) == [2, 3]
    assert numbers("--last", 3) == [1, 2, 3]
    assert numbers("--first", 4) == [4]
    help_text = run("solve", "--help").output
    assert "numbered from 1" in help_text and "up to and including" in help_text
    assert run("solve", path, "--first", 3, "--last", 2).exit_code == 2
    # past the file's four positions, --last is refused as --first is (was: solved to the end)
    for option in ("--first", "--last"):
        r = run("solve", path, option, 99)
        assert r.exit_code == 2, r.output  # a usage error, as --last 0 and --last before --first
        assert f"Invalid value for {option}: 99: " in r.output
        assert "four.obf has no position numbered 99 (it has 4)" in r.output
    (tmp_path / "none.obf").write_text("% a comment only\n")
    r = run("solve", tmp_path / "none.obf")
    assert r.exit_code == 1 and "none.obf: no position in the file" in r.output


def obf_lines(count):
    """Position lines of the last plies of a 6x6 game (quick to solve)."""
    final = pr.play_game("6x6", [pr.players.RandomPlayer(seed=1), pr.players.RandomPlayer(seed=2)])
    replay = pr.Replay(final.record())
    return [replay[k].to_text() for k in range(len(replay) - 2 - count, len(replay) - 2)]


def test_analyse_marks_only_moves_worse_than_the_best(tmp_path):
    from polyreversi.search import search

    state = pr.Variant("8x8").start()
    best = search(state, depth=4).move
    state.play(next(m for m in state.legal_moves() if m != best))  # the four openings are equally good
    children = []
    for m in state.legal_moves():
        child = state.copy()
        child.play(m)
        children.append((-search(child, depth=3).score, m))
    worst, best_score = min(children), max(children)
    assert worst[0] < best_score[0]
    state.play(worst[1])  # White's worst reply at this depth
    path = tmp_path / "game.json"
    write(path, [state.record()])
    r = run("analyse", path, "--depth", 4)
    assert r.exit_code == 0, r.output
    rows = [line for line in r.output.splitlines() if line.strip()[:1].isdigit()]
    assert len(rows) == 2
    assert not rows[0].endswith("*"), rows[0]  # another best move, same score
    assert rows[1].endswith("*"), rows[1]


def test_analyse_near_the_end_scores_the_played_move_from_one_exact_solve(tmp_path, monkeypatch):
    """Where the search would reach the end anyway, one solve(moves=True) gives the best
    move and the played move's exact score: no second search (none at all)."""
    from polyreversi.cli import analyse_cmd

    final = random_position("6x6", None, 5)
    replay = pr.Replay(final.record())
    mid = replay[len(replay) - 12]  # 11 plies before the end
    start = mid.variant.position(mid.board(), mid.to_move, mid.ply)
    state = start.copy()
    for move in final.moves()[mid.ply:]:
        state.play(move)
    path = tmp_path / "end.json"
    write(path, [state.record()])

    def no_search(*args, **kwargs):
        raise AssertionError("an exact ply must not be searched")

    monkeypatch.setattr(analyse_cmd, "search", no_search)
    r = run("analyse", path, "--depth", 12)
    assert r.exit_code == 0, r.output
    row = re.compile(r"^ *\d+ (\w+) +(\S+) +(\S+) ([= ]) *([+-]\d+\.\d\d) +(\d+)( \*)?$")
    rows = [row.match(line) for line in r.output.splitlines() if line.strip()[:1].isdigit()]
    states = list(pr.Replay(state.record()))
    assert len(rows) == len(states) - 1 and all(rows), r.output
    marked = 0
    for m, before, after in zip(rows, states, states[1:]):
        exact = pr.solve(before, moves=True)
        played = after.moves()[-1]
        assert m.group(2) == before.variant.square_name(played)
        assert exact.scores[before.variant.square(m.group(3))] == exact.score  # a best move
        assert m.group(4) == "=" and float(m.group(5)) == exact.score
        assert int(m.group(6)) == 36 - sum(before.scores())
        worse = exact.scores[played] < exact.score
        assert bool(m.group(7)) == worse, m.group(0)
        marked += worse
    assert marked >= 1  # the random game has a worse move to mark


def test_analyse_at_depth_one_scores_played_moves_by_the_static_evaluation(tmp_path):
    # At --depth 1 a played move other than the best is scored by the evaluation of the position after it.
    state = pr.Variant("8x8").start()
    for _ in range(6):
        best = pr.search(state, depth=1).move
        worst = min(state.legal_moves(), key=lambda m: -pr.evaluate(state.child(m)))
        state.play(worst if worst != best else state.legal_moves()[0])
    path = tmp_path / "game.json"
    write(path, [state.record()])
    r = run("analyse", path, "--depth", 1)
    assert r.exit_code == 0, r.output
    rows = [line for line in r.output.splitlines() if line.strip()[:1].isdigit()]
    assert len(rows) == 6 and any(row.endswith("*") for row in rows), r.output


def test_analyse_numbers_each_row_by_the_ply_of_its_position(tmp_path):
    # A custom start keeps its record's ply (as replay and the board's status line say), the
    # standard start is ply 0 (as "illegal move a1 at ply 0 (Black to move)").
    game = random_position("8x8", 53, 7)
    assert game.ply == 53 and not game.is_over()
    mid = pr.Replay(game.record())[50]
    start = mid.variant.position(mid.board(), mid.to_move, mid.ply)
    for move in game.moves()[50:]:
        start.play(move)
    for state, plies in ((start, [50, 51, 52]), (game, list(range(53)))):
        path = tmp_path / "game.json"
        write(path, [state.record()])
        r = run("analyse", path, "--depth", 1)
        assert r.exit_code == 0, r.output
        rows = [line.split() for line in r.output.splitlines() if line.strip()[:1].isdigit()]
        assert [int(row[0]) for row in rows] == plies, r.output
        first = state.initial()
        assert rows[0][1] == first.to_move.name.title()  # the row's player is the one to move at that ply


def test_solve_takes_the_table_size_and_names_the_option_when_it_does_not_fit(tmp_path, monkeypatch):
    path = tmp_path / "first.obf"
    path.write_text(FIRST + "\n")
    rows = [run("solve", path, "--no-progress", *size).output.splitlines()[1].split()[:4] for size in ((), ("--tt-mb", 1))]
    assert rows[0] == rows[1] and rows[0][:3] == ["1", "14", "g8"], rows  # the same move and score with 1 MiB
    for bad in ("0", "65537", "x"):
        r = run("solve", path, "--tt-mb", bad)
        assert r.exit_code == 2 and "Invalid value for '--tt-mb'" in r.output, (bad, r.output)
    monkeypatch.setattr(sys.modules["polyreversi.search"], "_available_mib", lambda: 1024)
    r = run("solve", path, "--tt-mb", 2048, "--no-progress")
    assert r.exit_code == 1 and r.output.startswith("Error: tt_mb: a hash table of 2048 MiB"), r.output
    assert "(--tt-mb)" in r.output and "Traceback" not in r.output and "empties" not in r.output  # before the header
