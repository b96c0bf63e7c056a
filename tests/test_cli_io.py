"""The command line's files: ``-`` for standard input and
output, pipes and devices written in place (``>>`` keeps what was there), one-line
errors for write failures, ``--out`` checked before the game, unfinished games saved,
empty files refused and errors naming the file that is wrong.

Subprocess tests run the real command through a shell where the shell's file
descriptors matter (``>>``, pipes, /dev/full); the others use click's runner."""
from __future__ import annotations

import os
import shlex
import signal
import stat
import subprocess
import sys
import threading
import time

import pytest
from click.testing import CliRunner

import polyreversi as pr
from polyreversi import formats
from polyreversi.errors import RecordError
from polyreversi.formats import json_record
from polyreversi.cli import main
from polyreversi.players import RandomPlayer, play_game

COMMAND = f"{shlex.quote(sys.executable)} -m polyreversi"


def _record(seed=1, variant="8x8"):
    v = pr.Variant.parse(variant)
    return play_game(v, [RandomPlayer(seed=seed + i) for i in range(v.players)]).record(players=["Ann", "Ben"])


@pytest.fixture
def folder(tmp_path, monkeypatch):
    formats.write(tmp_path / "g.json", [_record(1)])
    formats.write(tmp_path / "two.jsonl", [_record(2), _record(3)])
    monkeypatch.chdir(tmp_path)
    return tmp_path


def sh(script: str, cwd, input=None) -> subprocess.CompletedProcess:
    """Runs a shell script in which ``PR`` is the polyreversi command."""
    env = dict(os.environ, PR=COMMAND)
    env.pop("FORCE_COLOR", None)
    return subprocess.run(["bash", "-c", script], cwd=cwd, capture_output=True, text=True, timeout=120,
                          env=env, input=input)


def cli(args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def errors(text: str) -> list:
    return [line for line in text.splitlines() if line.startswith("Error:")]


# -- 1. standard output, pipes, devices ---------------------------------------------

def test_dev_stdout_appended_to_keeps_the_old_lines_and_pipes_work(folder):
    (folder / "all.jsonl").write_text("old line\n")
    result = sh("$PR convert g.json /dev/stdout --to jsonl >> all.jsonl && "
                "$PR convert g.json /dev/stdout --to jsonl | cat > piped.jsonl && "
                "$PR convert two.jsonl - --to ggf | cat > dash.ggf && "
                "cat two.jsonl | $PR convert - from-stdin.txt --from jsonl && "
                "$PR selfplay 6x6 -n 2 --seed 1 --no-progress --out - --to jsonl > self.jsonl", folder)
    assert result.returncode == 0, result.stderr
    lines = (folder / "all.jsonl").read_text().splitlines()
    assert lines[0] == "old line" and len(lines) == 2
    assert formats.read(folder / "piped.jsonl", "jsonl")[0].moves == formats.read(folder / "g.json")[0].moves
    assert len(formats.read(folder / "dash.ggf")) == 2
    assert len(formats.read(folder / "from-stdin.txt")) == 2
    assert len(formats.read(folder / "self.jsonl")) == 2  # the summary went to stderr
    assert "2 games of 6x6" in result.stderr
    assert not (folder / "-").exists()


def test_dash_reads_standard_input_for_every_command(folder):
    text = (folder / "two.jsonl").read_text()
    assert cli(["replay", "-", "--format", "jsonl"], input=text).exit_code == 0
    shown = cli(["show", "-", "--format", "jsonl", "--game", 2, "--ply", 3], input=text)
    assert shown.exit_code == 0 and "<stdin>: 8x8 game 2 (Ann vs Ben), ply 3 of" in shown.output
    assert cli(["convert", "-", "out.ggf", "--from", "jsonl"], input=text).exit_code == 0
    assert len(formats.read(folder / "out.ggf")) == 2
    result = cli(["replay", "-"], input=text)
    assert result.exit_code != 0 and "give --format FORMAT" in result.output


def test_a_fifo_is_read_and_written_in_place(folder):
    fifo_in, fifo_out = folder / "in.fifo", folder / "out.fifo"
    os.mkfifo(fifo_in)
    os.mkfifo(fifo_out)
    data = (folder / "two.jsonl").read_bytes()
    got = []

    def feed():
        with open(fifo_in, "wb") as f:
            f.write(data)

    def drain():
        with open(fifo_out, "rb") as f:
            got.append(f.read())

    threads = [threading.Thread(target=feed), threading.Thread(target=drain)]
    for t in threads:
        t.start()
    result = cli(["convert", fifo_in, fifo_out, "--from", "jsonl", "--to", "ggf"])
    for fifo, flags in ((fifo_in, os.O_RDONLY), (fifo_out, os.O_WRONLY)):  # a failed command leaves a thread waiting
        if any(t.is_alive() for t in threads):
            try:
                os.close(os.open(fifo, flags | os.O_NONBLOCK))
            except OSError:
                pass
    for t in threads:
        t.join(10)
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(os.stat(fifo_out).st_mode)  # not renamed over
    assert got and got[0].count(b"(;GM[Othello]") == 2


# -- 2. write errors ----------------------------------------------------------------

@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_is_one_line_and_a_failure_on_every_subcommand(folder):
    commands = {
        "play": "play 6x6 --seed 1 --quiet", "selfplay": "selfplay 6x6 -n 2 --no-progress",
        "replay": "replay two.jsonl", "show": "show g.json", "convert": "convert g.json - --to ggf",
        "perft": "perft 6x6 3", "bench": "bench 6x6 --depth 2 --seconds 0.05",
        "out": "play 6x6 --seed 1 --quiet --out /dev/full --to json",
    }
    script = "; ".join(f"echo '=={name}'; $PR {args} > /dev/full; echo \"rc=$?\" >&2" for name, args in commands.items())
    result = sh(script, folder)
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr, result.stderr
    parts = result.stderr.split("rc=")
    assert len(parts) == len(commands) + 1
    for name, part in zip(commands, parts):
        assert len(errors(part.split("\n", 1)[-1] if name != "play" else part)) == 1, (name, part)
        assert "No space left on device" in part, (name, part)
    assert all(p.startswith("1") for p in parts[1:]), result.stderr


def test_a_closed_pipe_is_one_line_and_a_failure(folder):
    formats.write(folder / "many.jsonl", [_record(s) for s in range(40)])
    # The read end is closed before the command starts: its short report (under a pipe's
    # buffer) must fail on the first write. `| head -c 1` raced: the whole report could be
    # in the buffer before head exited, and the command then rightly succeeded.
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = subprocess.run([sys.executable, "-m", "polyreversi", "replay", "many.jsonl", "many.jsonl"],
                                cwd=folder, stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=120,
                                env={k: v for k, v in os.environ.items() if k != "FORCE_COLOR"})
    finally:
        os.close(write_end)
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr, result.stderr
    assert errors(result.stderr) == ["Error: <stdout>: cannot write: Broken pipe"], result.stderr
    assert result.returncode == 1


@pytest.mark.parametrize("unbuffered", ["", "1"])  # python -u: a write to a pipe may take only a part
def test_records_to_a_closed_pipe_are_one_line_and_a_failure(folder, unbuffered):
    formats.write(folder / "many.jsonl", [_record(s) for s in range(400)])
    result = sh(f"export PYTHONUNBUFFERED={unbuffered}; "
                "$PR selfplay 6x6 -n 3000 --seed 1 --no-progress --out - --to jsonl | head -1 > /dev/null; "
                "echo \"rc=${PIPESTATUS[0]}\" >&2; "
                "$PR convert many.jsonl - --to ggf | head -c 100 > /dev/null; echo \"rc=${PIPESTATUS[0]}\" >&2", folder)
    assert "Traceback" not in result.stderr and "Records written" not in result.stderr, result.stderr
    assert errors(result.stderr) == ["Error: <stdout>: cannot write: Broken pipe"] * 2, result.stderr
    assert result.stderr.count("rc=1") == 2, result.stderr


# -- 3. --out checked before play; unfinished games saved ----------------------------

@pytest.mark.parametrize("command", [["play", "6x6", "--quiet"], ["selfplay", "6x6", "-n", "2", "--no-progress"]])
def test_out_is_checked_before_the_first_move(folder, command):
    (folder / "ro.jsonl").write_text("keep\n")
    (folder / "ro.jsonl").chmod(0o444)
    (folder / "dir.jsonl").mkdir()
    proc = ("cannot create a file in /proc", "the folder /proc is not writable")  # as root / as a user
    for out, why in [("/proc/polyreversi-test/x.jsonl", ("does not exist",)), ("/proc/x.jsonl", proc),
                     ("ro.jsonl", ("is a read-only file",)), ("dir.jsonl", ("is a folder",)), (".", ("is a folder",))]:
        result = cli(command + ["--out", out])
        assert result.exit_code == 2, (out, result.output)
        (line,) = errors(result.output)
        assert any(w in line for w in why) and line.count(out) == 1, line
        assert "games of" not in result.output and "seed" not in result.output  # nothing was played
    assert (folder / "ro.jsonl").read_text() == "keep\n"


def test_a_read_only_file_is_not_replaced_by_the_library_either(folder):
    (folder / "ro.json").write_text("keep")
    (folder / "ro.json").chmod(0o444)
    with pytest.raises(pr.RecordError, match="ro.json: cannot write: Permission denied"):
        formats.write(folder / "ro.json", [_record()])
    assert (folder / "ro.json").read_text() == "keep"


def test_a_human_game_that_ends_early_is_saved_unfinished(folder):
    result = cli(["play", "--human", "black", "--seed", 1, "--quiet", "--out", "early.json"], input="d3\n")
    assert result.exit_code == 1 and "end of input" in result.output
    (record,) = formats.read(folder / "early.json")
    assert record.result.end == "unfinished" and record.move_names()[0] == "d3" and record.plies == 2
    assert record.replay().check().status == "unfinished"


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_a_human_game_stopped_with_ctrl_c_is_saved_unfinished(folder):
    env = dict(os.environ)
    env.pop("FORCE_COLOR", None)
    proc = subprocess.Popen([sys.executable, "-m", "polyreversi", "play", "--human", "white", "--seed", "2", "--quiet",
                             "--out", "stopped.jsonl"], cwd=folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env,
                            # a child of a background job starts with SIGINT ignored; a terminal's Ctrl-C is not
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.time() + 60
    out = ""
    while "White to move" not in out and time.time() < deadline:  # Black's move is played, White is asked
        out += proc.stdout.read(1)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "Interrupted (Ctrl-C) at ply 1" in err and "Traceback" not in err, err
    (record,) = formats.read(folder / "stopped.jsonl")
    assert record.result.end == "unfinished" and record.plies == 1


# -- 10. empty files; errors name the file that is wrong -----------------------------

@pytest.mark.parametrize("name, content", [("empty.ggf", ""), ("empty.jsonl", "\n\n"), ("empty.txt", "# no game\n"),
                                           ("empty.json", ""), ("blank.json", " \n\n")])
def test_a_file_with_no_game_is_an_error_unless_allowed(folder, name, content):
    # An empty .json once read as one unreadable game ("Expecting value"), --allow-empty or not.
    (folder / name).write_text(content)
    result = cli(["replay", name])
    assert result.exit_code == 1
    assert errors(result.output) == [f"Error: no games in {name}"]
    assert cli(["replay", name, "--allow-empty"]).exit_code == 0
    assert cli(["convert", name, "out.jsonl"]).exit_code == 1
    assert cli(["convert", name, "out.jsonl", "--allow-empty"]).exit_code == 0
    if name.endswith(".json"):
        with pytest.raises(RecordError, match=f"^no games in {name}$"):
            json_record.read(name)


def test_errors_name_the_file_that_is_wrong(folder):
    (folder / "bad.txt").write_text("f5 d6 zz\n")
    (folder / "none.txt").write_text("\n")
    for source, target in [("bad.txt", "out.json"), ("none.txt", "out.json"), ("bad.txt", "out.jsonl")]:
        result = cli(["convert", source, target])
        (line,) = errors(result.output)
        assert line.startswith(f"Error: {source}:") or line == f"Error: no games in {source}", line
        assert target not in line
        assert not (folder / target).exists()


# -- 12. pictures follow their file's extension ---------------------------------------

def test_a_picture_is_written_only_under_its_own_extension(folder):
    from polyreversi import svg

    for args in (["--png", "board.jpg"], ["--svg", "board.png"], ["--animate", "game.mp4"], ["--png", "b.PNG.txt"]):
        result = cli(["show", "g.json", *args])
        assert result.exit_code == 2 and "the name must end in" in errors(result.output)[0], result.output
        assert "ply" not in result.output  # refused before anything was read or shown
    state = pr.Variant("6x6").start()
    for call in (lambda: svg.png(state, folder / "board.jpg", size=16), lambda: svg.gif(state, folder / "a.png", size=16)):
        with pytest.raises(ValueError, match="file name must end in"):
            call()
    assert sorted(p.name for p in folder.iterdir()) == ["g.json", "two.jsonl"]
    assert cli(["show", "g.json", "--png", "B.PNG", "--size", 32]).exit_code == 0
    assert (folder / "B.PNG").read_bytes()[:4] == b"\x89PNG"


def test_pictures_go_to_dev_stdout_and_devices_as_to_dash(folder):
    # docs/cli.md: /dev/stdout and other devices are written in place; 'show --svg /dev/stdout'
    # was refused ("the name must end in .svg"): a stream has no name to mislead a reader.
    from polyreversi import svg

    for flag, head in (("--svg", b"<svg"), ("--png", b"\x89PNG")):
        result = subprocess.run([sys.executable, "-m", "polyreversi", "show", "g.json", flag, "/dev/stdout",
                                 "--size", "16"], cwd=folder, capture_output=True, timeout=120)
        assert result.returncode == 0 and result.stdout.startswith(head), result.stderr
        assert b"ply" in result.stderr  # the board went to stderr, the picture alone to stdout
    assert cli(["show", "g.json", "--png", os.devnull, "--size", 16]).exit_code == 0
    svg.png(pr.Variant("6x6").start(), os.devnull, size=16)
    # --animate picks SVG or GIF by the name: a stream has none, so it is still refused
    result = cli(["show", "g.json", "--animate", "/dev/stdout"])
    assert result.exit_code == 2 and "the name must end in .svg or .gif" in errors(result.output)[0]
    # two pictures to standard output would run together (112 kB of SVG then PNG, exit 0, before)
    for svg_to, png_to in (("-", "-"), ("/dev/stdout", "-"), ("-", "/dev/stdout")):
        result = cli(["show", "g.json", "--svg", svg_to, "--png", png_to])
        assert result.exit_code == 2 and "--svg and --png both write to standard output" in result.output


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_help_of_the_group_to_a_full_disk_is_one_line_and_a_failure(folder):
    result = sh("$PR --help > /dev/full; echo \"rc=$?\" >&2; $PR --version > /dev/full; echo \"rc=$?\" >&2", folder)
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr, result.stderr
    assert errors(result.stderr) == ["Error: <stdout>: cannot write: No space left on device"] * 2
    assert result.stderr.count("rc=1") == 2, result.stderr


def test_write_names_the_format_keyword_when_the_extension_is_unknown(folder):
    with pytest.raises(pr.RecordError, match=r"or give the format \(fmt=NAME"):
        formats.write(folder / "game.xyz", [_record()])


def test_record_warnings_are_one_line_in_every_command_that_reads(folder):
    wtb = folder / "games.wtb"
    formats.write(wtb, [_record(1), _record(2)])
    for name in ("games.JOU", "games.TRN", "WTHOR.JOU", "WTHOR.TRN"):
        if (folder / name).exists():
            (folder / name).unlink()
    data = wtb.read_bytes()
    for args in (["replay", "-", "--format", "wthor"], ["show", "-", "--format", "wthor"],
                 ["analyse", "-", "--format", "wthor", "--depth", "1"]):
        result = subprocess.run([sys.executable, "-m", "polyreversi", *args], cwd=folder, input=data,
                                capture_output=True, timeout=120)
        err = result.stderr.decode()
        assert result.returncode == 0, (args, err)
        assert [line for line in err.splitlines() if line] == [line for line in err.splitlines()
                                                                if line.startswith("warning: <stdin>: ")], (args, err)
        assert err.count("warning:") == 1 and "Warning" not in err, (args, err)


@pytest.mark.parametrize("command", [["replay", "adir"], ["analyse", "adir", "--depth", "2"]])
def test_a_folder_given_as_a_game_file_is_named_a_folder(folder, command):
    """A folder is not "a file without an extension": the message says what it is."""
    (folder / "adir").mkdir()
    result = CliRunner().invoke(main, command)
    assert result.exit_code != 0
    assert "adir: is a folder" in result.output and "extension" not in result.output, result.output


def test_a_folder_of_parquet_shards_is_read_whatever_its_name(folder):
    pytest.importorskip("pyarrow")
    (folder / "run").mkdir()
    formats.write(folder / "run" / "part-000000.parquet", [_record(4)])
    assert formats.detect_format(folder / "run") == "parquet"
    assert [r.moves for r in formats.read(folder / "run")] == [_record(4).moves]


def test_standard_output_is_named_one_way_in_what_the_commands_say(tmp_path, monkeypatch):
    # '-' as an output is "<stdout>" in the lines that say where something was written, as in the errors.
    from click.testing import CliRunner

    from polyreversi.cli import main

    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    play = runner.invoke(main, ["play", "--quiet", "--seed", "1", "--out", "-", "--to", "jsonl"])
    assert play.exit_code == 0 and "Record saved to <stdout>" in play.output, play.output
    selfplay = runner.invoke(main, ["selfplay", "-n", "1", "--seed", "1", "--out", "-", "--to", "jsonl"])
    assert selfplay.exit_code == 0 and "Records written to <stdout>" in selfplay.output, selfplay.output
    assert runner.invoke(main, ["play", "--quiet", "--seed", "1", "--out", "g.json"]).exit_code == 0
    show = runner.invoke(main, ["show", "g.json", "--svg", "-"])
    assert show.exit_code == 0 and "SVG written to <stdout>" in show.output, show.output[-200:]
    assert "written to -" not in play.output + selfplay.output + show.output


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM to a child process")
def test_a_human_game_stopped_by_sigterm_is_saved_and_exits_143(folder):
    # play died of the signal (no record; a shell's 143), while selfplay and match exited 130 on it
    proc = subprocess.Popen([sys.executable, "-m", "polyreversi", "play", "--human", "white", "--seed", "2", "--quiet",
                             "--out", "stopped.jsonl"], cwd=folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 60
    out = ""
    while "White to move" not in out and time.time() < deadline:
        out += proc.stdout.read(1)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGTERM == 143, err
    assert "Interrupted (SIGTERM) at ply 1" in err and "Traceback" not in err, err
    (record,) = formats.read(folder / "stopped.jsonl")
    assert record.result.end == "unfinished" and record.plies == 1
