"""``polyreversi replay`` and ``polyreversi convert`` on real and broken files."""
from __future__ import annotations

import json
import struct

import pytest
from click.testing import CliRunner

import polyreversi as pr
from polyreversi.cli import main
from polyreversi.cli.replay_cmd import _progress
from polyreversi.errors import RecordWarning
from polyreversi.formats import iter_games, json_record
from polyreversi.record import Record, Result
from polyreversi.replay import Replay
from polyreversi.text import board_text

from conftest import random_position, shared_data as data_file


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def counts(output: str) -> dict:
    out = {}
    for line in output.splitlines():
        if ":" in line and line.startswith("  ") and line.split(":")[1].strip().isdigit():
            out[line.split(":")[0].strip()] = int(line.split(":")[1])
    return out


def random_record(seed, variant="8x8", players=("Alice", "Bob")):
    return Record.from_state(random_position(variant, None, seed), players=players)


def test_replay_wthor_reports_every_game_matching():
    path = data_file("wthor", "WTH_2015.wtb")
    games = struct.unpack_from("<I", path.read_bytes(), 4)[0]
    result = run("replay", path)
    assert result.exit_code == 0, result.output
    c = counts(result.output)
    assert c["games read"] == c["replayed legally"] == c["finished, result matches"] == games
    assert c["result mismatches"] == c["illegal games"] == 0


def test_replay_reports_unfinished_games_with_their_players():
    path = data_file("wthor", "WTH_2003.wtb")
    result = run("replay", path)
    assert result.exit_code == 0
    c = counts(result.output)
    lines = [l for l in result.output.splitlines() if l.strip().startswith("unfinished: game")]
    assert len(lines) == c["unfinished (stopped early)"] > 0
    assert c["finished, result matches"] + c["unfinished (stopped early)"] == c["games read"]
    first = lines[0].split("unfinished: game ")[1]
    number = int(first.split()[0])
    record = list(iter_games(path))[number - 1].record
    assert f"({record.title()})" in first and not Replay(record).final.is_over()


def test_replay_ggf_files():
    files = sorted(data_file("ggf").glob("*.ggf"))
    result = run("replay", *files)
    assert result.exit_code == 0, result.output  # the 4x4 game is listed, not a failure
    assert "games the engine cannot play: 1" in result.output
    assert "unsupported: game 1 (line 1 column 1): TY[4]: a 4x4 board" in result.output
    assert "0 mismatches, 0 illegal, 0 unreadable" in result.output.splitlines()[-1]


def test_replay_json_lines_with_a_mismatch_and_an_illegal_game(tmp_path):
    good = random_record(1)
    wrong = random_record(2, players=("Carol", "Dan"))
    wrong = wrong.replace(result=Result("finished", (wrong.result.disks[0] + 2, wrong.result.disks[1] - 2)))
    path = tmp_path / "games.jsonl"
    lines = [json_record.dumps_line(good), json_record.dumps_line(wrong)]
    bad = json.loads(json_record.dumps_line(good))
    bad["moves"][4] = "a1"
    lines.append(json.dumps(bad))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("replay", path)
    assert result.exit_code == 1
    c = counts(result.output)
    assert (c["games read"], c["replayed legally"], c["finished, result matches"]) == (3, 2, 1)
    assert (c["result mismatches"], c["illegal games"]) == (1, 1)
    assert "mismatch: game 2 (Carol vs Dan): recorded disks" in result.output
    assert "illegal: line 3 (game 3): illegal move a1 at ply 4 (Black to move)" in result.output


def test_replay_transcripts_and_format_option(tmp_path):
    state = random_record(3, "10x10")
    from polyreversi.formats import transcript

    path = tmp_path / "games.dat"
    with pytest.warns(RecordWarning, match="^a transcript cannot hold players; left out$"):
        text = transcript.dumps(state)
    path.write_text(text + "\n", encoding="utf-8")
    result = run("replay", path, "--format", "transcript", "--variant", "10x10")
    assert result.exit_code == 0, result.output
    assert counts(result.output)["finished, no recorded result"] == 1
    assert run("replay", path).exit_code == 1  # no extension: a one-line error
    result = run("replay", path, "--format", "transcript")  # 8x8 by default: j10 is off the board
    assert result.exit_code == 1 and "unreadable: line 1 (game 1): column" in result.output


def test_print_the_board_at_a_ply():
    path = data_file("wthor", "WTH_2015.wtb")
    record = list(iter_games(path))[11].record
    replay = Replay(record)
    result = run("replay", path, "--game", 12, "--ply", 30)
    assert result.exit_code == 0
    assert f"game 12 ({record.title()}, {record.meta['event']}), ply 30 of {len(replay) - 1}" in result.output
    assert board_text(replay[30]) in result.output
    last = run("replay", path, "--game", 12, "--ply", -1)
    assert board_text(replay.final) in last.output and "Game over after 60 plies" in last.output


def test_print_the_board_before_an_illegal_move(tmp_path):
    obj = json.loads(json_record.dumps_line(random_record(4)))
    obj["moves"][6] = "a1"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(obj), encoding="utf-8")
    result = run("replay", path, "--ply", 6)
    assert result.exit_code == 1
    assert "ply 6 of 6" in result.output and "illegal: illegal move a1 at ply 6 (Black to move)" in result.output
    result = run("replay", path, "--ply", 7)
    assert result.exit_code == 2 and "--ply: 7 (game 1 has plies 0 to 6, or -1 to -7 from the end)" in result.output
    assert "(the move at ply 6 is illegal)" in result.output


@pytest.mark.parametrize(
    "args, message",
    [
        (["replay", "nowhere.wtb"], "nowhere.wtb: no such file"),
        (["replay", "XYZ"], "cannot tell the format from the extension '.xyz'"),  # a file that exists
        (["replay", "x.xyz"], "x.xyz: no such file"),  # a missing file is said first, whatever its name
        (["replay", "x.wtb", "--format", "pgn"], "--format 'pgn': unknown format"),
        (["replay", "WTH", "--game", "99999", "--ply", "1"], "WTH_2015.wtb holds 1,926 games; choose 1 to 1926)"),
        (["replay", "WTH", "--game", "1", "--ply", "99"], "--ply: 99 (game 1 has plies 0 to 63"),
        (["replay", "WTH", "--variant", "10x10"], "--variant applies to transcript files, not wthor"),
        (["replay", "WTH", "WTH", "--game", "1"], "--game/--ply show one game: give one FILE"),
    ],
)
def test_bad_arguments_give_one_line_errors(args, message, tmp_path):
    wtb = str(data_file("wthor", "WTH_2015.wtb"))
    (tmp_path / "x.xyz").write_text("f5d6\n")
    args = [wtb if a == "WTH" else str(tmp_path / "x.xyz") if a == "XYZ" else a for a in args]
    result = run(*args)
    assert result.exit_code != 0
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and message in errors[0], result.output
    assert "Traceback" not in result.output


def test_broken_wthor_file(tmp_path):
    data = data_file("wthor", "WTH_2015.wtb").read_bytes()
    path = tmp_path / "broken.wtb"
    path.write_bytes(data[:1000])
    result = run("replay", path)
    assert result.exit_code == 1 and "broken.wtb: truncated" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_progress_yields_every_entry():
    entries = list(range(300))
    assert list(_progress(entries, "x", enabled=True)) == entries
    assert list(_progress(entries, "x", enabled=False)) == entries


def test_a_progress_bar_counts_every_item_and_the_solve_bar_shows_the_time_spent(capsys):
    from polyreversi.cli.console import progress_over

    items = list(range(5))
    assert list(progress_over(items, "solving", enabled=True, minimum=2, elapsed=True)) == items
    assert list(progress_over(items, "solving", enabled=True, minimum=6)) == items  # too few: no bar
    assert capsys.readouterr().out == ""  # a bar only ever goes to stderr


# -- convert --------------------------------------------------------------------------------

def test_convert_wthor_to_json_lines_and_back_through_replay(tmp_path):
    data = bytearray(data_file("wthor", "WTH_2010.wtb").read_bytes()[: 16 + 68 * 300])
    struct.pack_into("<I", data, 4, 300)
    src = tmp_path / "first300.wtb"
    src.write_bytes(bytes(data))
    for names in ("WTHOR.JOU", "WTHOR.TRN"):  # beside it, so every game is read named
        (tmp_path / names).write_bytes(data_file("wthor", names).read_bytes())
    out = tmp_path / "wth.jsonl"
    result = run("convert", src, out)
    assert result.exit_code == 0, result.output
    a = [e.record for e in iter_games(src)]
    b = json_record.read_lines(out)
    assert [Replay(x).final for x in a] == [Replay(y).final for y in b]
    assert [x.players for x in a] == [y.players for y in b] and a[0].players[0]
    assert run("replay", out).exit_code == 0


def test_convert_ggf_round_trip_and_skip(tmp_path):
    src = data_file("ggf", "nboard_test2.ggf")
    out = tmp_path / "out.ggf"
    result = run("convert", src, out)
    assert result.exit_code == 1 and "TY[4]" in result.output and not out.exists()
    result = run("convert", src, out, "--skip-bad")
    assert result.exit_code == 0 and "skipped 1 game\n" in result.output
    assert [r.moves for r in json_record_free(out)] == [e.record.moves for e in iter_games(src) if e.record]
    txt = tmp_path / "out.txt"
    result = run("convert", out, txt)  # the random-start game cannot be a transcript
    assert result.exit_code == 1 and "custom start position" in result.output
    result = run("convert", out, txt, "--skip-bad")
    assert result.exit_code == 0 and len(txt.read_text().splitlines()) == 2
    assert txt.read_text().startswith("# variant: ")  # a file says its variant (files joined keep theirs)


def json_record_free(path):
    from polyreversi.formats import ggf

    return ggf.read(path)


@pytest.mark.parametrize(
    "target, extra, message",
    [
        ("out.json", [], "a .json file holds one game, not 1926"),
        ("out.xyz", [], "cannot tell the format"),
        ("out.jsonl", ["--to", "pgn"], "--to 'pgn': unknown format"),
        ("out.jsonl", ["--variant", "8x8"], "--variant applies to transcript files, not wthor"),
    ],
)
def test_convert_errors(tmp_path, target, extra, message):
    result = run("convert", data_file("wthor", "WTH_2015.wtb"), tmp_path / target, *extra)
    assert result.exit_code != 0 and message in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_convert_one_game_to_json_and_ggf(tmp_path):
    record = random_record(5)
    src = tmp_path / "g.json"
    json_record.write(src, record)
    result = run("convert", src, tmp_path / "g.ggf")
    assert result.exit_code == 0
    result = run("convert", tmp_path / "g.ggf", tmp_path / "back.json")
    assert result.exit_code == 0
    back = json_record.read(tmp_path / "back.json")
    assert back.moves == record.moves and back.players == record.players
    assert Replay(back).check().status == "match"


MARKUP = "[/b][bold red]x[/] [link=file:///etc]a[/link]"  # a closing tag that closes nothing, a style, a link


@pytest.mark.parametrize("terminal", [False, True], ids=["piped", "terminal"])
def test_names_that_look_like_terminal_markup_are_printed_as_they_are(tmp_path, monkeypatch, terminal):
    # rich markup in a player name once raised MarkupError out of analyse and show.
    if terminal:  # the coloured board, the same lines of text
        monkeypatch.setenv("FORCE_COLOR", "1")
    game = pr.players.play_game("8x8", [pr.players.RandomPlayer(seed=1), pr.players.RandomPlayer(seed=2)],
                                max_plies=6)
    path = tmp_path / "names.jsonl"
    pr.formats.write(path, [pr.record.record_of(game, players=(MARKUP, "[red]Ben"), event="[b]Cup")])
    for args in (["replay", path], ["show", path], ["analyse", path, "--depth", 1]):
        r = CliRunner().invoke(main, [str(a) for a in args])
        assert r.exit_code == 0 and r.exception is None, (args, r.output)
        if args[0] != "replay":  # replay names only games with problems
            assert f"{MARKUP} vs [red]Ben" in r.output, (args, r.output)
        if args[0] == "show":
            assert "[b]Cup" in r.output and ("\x1b[" in r.output) == terminal, r.output


def test_markup_in_a_progress_bar_is_shown_as_it_is(monkeypatch, tmp_path):
    # The bars' descriptions went through rich markup: a file name or an engine's command
    # like MARKUP raised MarkupError out of replay and match ('[bold red]x[/]' lost its brackets).
    import io
    import sys
    from pathlib import Path

    from polyreversi.cli.console import progress_over

    monkeypatch.setenv("FORCE_COLOR", "1")  # the bar draws itself on a terminal only
    monkeypatch.setenv("COLUMNS", "200")  # wide enough for the description on one line
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    assert list(progress_over([1, 2], f"replaying {MARKUP}\x1b[2J", enabled=True, minimum=1)) == [1, 2]
    assert f"replaying {MARKUP}\\x1b[2J " in err.getvalue() and "\x1b[2J" not in err.getvalue()
    monkeypatch.undo()
    engine = f"nboard:{sys.executable} {Path(__file__).parent / 'fake_engine.py'} nboard good {MARKUP}"
    r = CliRunner().invoke(main, ["match", engine, "random", "-n", "2", "--depth", "1", "--progress"])
    assert r.exit_code == 0 and r.exception is None, r.output
    assert f"good {MARKUP} vs random: +" in " ".join(r.output.split()), r.output


def test_control_characters_of_names_do_not_reach_the_terminal(tmp_path):
    # A record can carry ESC sequences; the CLI shows them as escapes.
    game = pr.players.play_game("8x8", [pr.players.RandomPlayer(seed=1), pr.players.RandomPlayer(seed=2)],
                                max_plies=6)
    path = tmp_path / "names.jsonl"
    pr.formats.write(path, [pr.record.record_of(game, players=("Ann\x1b[31m", "Ben\x07"))])
    for args in (["show", path], ["analyse", path, "--depth", 1]):
        r = CliRunner().invoke(main, [str(a) for a in args])
        assert r.exit_code == 0, (args, r.output)
        assert "Ann\\x1b[31m vs Ben\\x07" in r.output and "\x1b" not in r.output and "\x07" not in r.output


BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"  # every character str.splitlines() splits on


def test_line_breaks_of_names_do_not_break_the_summary_line(tmp_path):
    assert all(len(f"a{c}b".splitlines()) == 2 for c in BREAKS)
    game = pr.players.play_game("8x8", [pr.players.RandomPlayer(seed=1), pr.players.RandomPlayer(seed=2)],
                                max_plies=6)
    path = tmp_path / "names.json"
    pr.formats.write(path, [pr.record.record_of(game, players=("Ann" + BREAKS, "Ben\x1b[31m"))])
    r = run("replay", path)
    assert r.exit_code == 0, r.output
    shown = "Ann\\x0a\\x0d\\x0b\\x0c\\x1c\\x1d\\x1e\\x85\\u2028\\u2029 vs Ben\\x1b[31m"
    assert f"  unfinished: game 1 ({shown}): stops at ply 6 before the end of the game" in r.output.splitlines()
    for args in (["show", path], ["analyse", path, "--depth", 1]):  # the console: a newline is the console's own
        r = run(*args)
        assert r.exit_code == 0, (args, r.output)
        assert shown.replace("\\x0a", "\n") in r.output and "\u2028" not in r.output and "\x85" not in r.output
