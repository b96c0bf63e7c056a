"""Every file command reads every format, nothing is lost on a rerun or a Ctrl-C, one way
to name a variant: each finding of a new user's walk through the command line, as a test.

Subprocess tests run the real command where signals or the shell's descriptors matter;
the others use click's runner."""
from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
import warnings

import pytest
from click.testing import CliRunner

import polyreversi as pr
from polyreversi import formats
from polyreversi.cli import main
from polyreversi.players import RandomPlayer, play_game

COMMAND = f"{shlex.quote(sys.executable)} -m polyreversi"


def _record(seed=1, variant="8x8", names=("Ann", "Ben")):
    v = pr.Variant.parse(variant)
    return play_game(v, [RandomPlayer(seed=seed + i) for i in range(v.players)]).record(players=list(names)[: v.players])


def cli(args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def errors(text: str) -> list:
    return [line for line in text.splitlines() if line.startswith("Error:")]


def sh(script: str, cwd) -> subprocess.CompletedProcess:
    env = dict(os.environ, PR=COMMAND)
    env.pop("FORCE_COLOR", None)
    return subprocess.run(["bash", "-c", script], cwd=cwd, capture_output=True, text=True, timeout=120, env=env)


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def illegal_txt(folder):
    """A transcript whose one game starts with a1 (not a legal first move)."""
    (folder / "illegal.txt").write_text("a1 d3 c5\n")
    return folder / "illegal.txt"


def _need_pyarrow():
    return pytest.importorskip("pyarrow", reason="Parquet needs pyarrow (pip install 'polyreversi[parquet]')")


# -- 1. a folder of shards never mixes two runs ----------------------------------------

def test_ray_refuses_a_folder_that_holds_another_run(folder):
    _need_pyarrow()
    from polyreversi import datasets

    out = folder / "r.parquet"
    out.mkdir()
    datasets.write_games(out / "part-0000000000.parquet", [_record(1), _record(2)])
    before = sorted(os.listdir(out))
    result = cli(["selfplay", "-n", "4", "--seed", "5", "--out", out, "--ray"])
    assert result.exit_code == 2, result.output
    assert "r.parquet: exists (a folder of 1 Parquet shard(s)); give --force" in result.output, result.output
    assert sorted(os.listdir(out)) == before  # nothing removed, nothing added
    assert len(datasets.read_games(out)) == 2


def test_a_stopped_ray_run_counts_the_shards_that_finished(folder, monkeypatch):
    _need_pyarrow()
    from polyreversi.cli import ray_out
    from polyreversi.selfplay import Tally, native_games

    def two_shards_then_ctrl_c(variant, names, games, seed, blocked, out, address, on_shard):
        for first in (0, 2000):
            shard = Tally(variant.players)
            for state in native_games(variant, list(names), 3, seed + first):
                shard.add(state)
            on_shard(shard)
        raise KeyboardInterrupt

    monkeypatch.setattr(ray_out, "run_on_ray", two_shards_then_ctrl_c)
    result = cli(["selfplay", "6x6", "-n", "4000", "--seed", "1", "--out", "r.parquet", "--ray", "--no-progress"])
    assert result.exit_code == 130, result.output
    assert "6 games, " in result.output
    assert "Interrupted after 6 games of 4,000; the finished shards (6 games) are in r.parquet" in result.output


def test_replacing_a_folder_of_shards_removes_only_shards(folder):
    from polyreversi.distributed import prepare_folder

    out = folder / "r.parquet"
    out.mkdir()
    (out / "part-0000000000.parquet").write_bytes(b"old")
    (out / "part-0000002000.parquet").write_bytes(b"old")
    prepare_folder(str(out), replace=True)
    assert os.listdir(out) == []
    (out / "notes.txt").write_text("mine")
    (out / "part-0000000000.parquet").write_bytes(b"old")
    with pytest.raises(FileExistsError, match="not shards of a run .*notes.txt"):
        prepare_folder(str(out), replace=True)
    assert sorted(os.listdir(out)) == ["notes.txt", "part-0000000000.parquet"]
    (folder / "file.parquet").write_bytes(b"x")
    with pytest.raises(FileExistsError, match="is a file"):
        prepare_folder(str(folder / "file.parquet"))
    prepare_folder(str(folder / "new.parquet"))
    assert (folder / "new.parquet").is_dir()


@pytest.mark.parametrize("command", [
    ["convert", "in.jsonl", "r.parquet"],
    ["convert", "r.parquet", "r.parquet", "--to", "jsonl"],  # read whole before it is replaced
    ["play", "6x6", "--players", "greedy,random", "--seed", "4", "--quiet", "--out", "r.parquet"],
    ["selfplay", "6x6", "-n", "2", "--seed", "2", "--no-progress", "--out", "r.parquet"],
])
def test_a_folder_of_shards_as_any_output_is_refused_without_force_and_replaced_with_it(folder, command):
    """The one overwrite rule holds for a games table written as shards (selfplay --ray)
    as for a file: refused before anything runs, replaced whole with --force."""
    _need_pyarrow()
    from polyreversi import datasets

    formats.write(folder / "in.jsonl", [_record(1, "6x6"), _record(2, "6x6")])
    out = folder / "r.parquet"
    out.mkdir()
    datasets.write_games(out / "part-0000000000.parquet", [_record(5), _record(6), _record(7)])
    refused = cli(command)
    assert refused.exit_code == 2, refused.output
    assert "r.parquet: exists (a folder of 1 Parquet shard(s)); give --force" in refused.output, refused.output
    assert os.listdir(out) == ["part-0000000000.parquet"]
    forced = cli(command + ["--force"])
    assert forced.exit_code == 0, forced.output
    assert out.is_file()
    games = formats.read(out, "jsonl" if "jsonl" in command else "parquet")
    assert len(games) == {"convert": 2 if "in.jsonl" in command else 3, "play": 1, "selfplay": 2}[command[0]]
    (folder / "notes").mkdir()
    (folder / "notes" / "mine.txt").write_text("x")
    other = cli([a if a != "r.parquet" else "notes" for a in command] + ["--force", "--to", "jsonl"])
    assert other.exit_code == 2 and "notes: is a folder" in other.output, other.output


def test_a_ray_run_replaces_a_file_of_its_name_only_with_force(folder):
    _need_pyarrow()
    (folder / "r.parquet").write_text("an earlier file")
    refused = cli(["selfplay", "6x6", "-n", "2", "--out", "r.parquet", "--ray"])
    assert refused.exit_code == 2 and "r.parquet: exists (15 bytes); give --force" in refused.output, refused.output
    assert (folder / "r.parquet").read_text() == "an earlier file"


# -- 2. games written as they end; Ctrl-C keeps them; a rerun is refused -----------------

class _no_warning:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def _temp_files(folder, name):
    return [p for p in folder.iterdir() if p.name.startswith(f".{name}.") and p.name.endswith(".tmp")]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("name, sig", [("big.jsonl", signal.SIGINT), ("big.txt", signal.SIGTERM),
                                       ("big.parquet", signal.SIGINT)])
def test_an_interrupted_selfplay_keeps_every_finished_game(folder, name, sig):
    if name.endswith(".parquet"):
        _need_pyarrow()
    # The Python path (a search seat) plays one game at a time: the file grows as games end.
    args = [sys.executable, "-m", "polyreversi", "selfplay", "6x6", "-n", "100000000", "--seed", "3",
            "--players", "greedy,random", "--blocked", "1", "--no-progress", "--out", name]
    # SIGINT's default restored in the child: a suite run as a background job ignores it, and so would the child
    proc = subprocess.Popen(args, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 90
        grown = False
        while time.monotonic() < deadline and proc.poll() is None:
            temps = _temp_files(folder, name)
            if temps and temps[0].stat().st_size > (4096 if name.endswith(".parquet") else 2000):
                grown = True  # games are on disk while the run goes on
                break
            time.sleep(0.1)
        assert grown or name.endswith(".parquet"), "no game was written while the run went on"
        if name.endswith(".parquet"):
            time.sleep(2)
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 128 + sig, err  # 130 after SIGINT, 143 after SIGTERM: as play
    assert "Traceback" not in err and "Aborted" not in err, err
    kept = formats.read(folder / name)
    assert len(kept) > 0
    assert re.search(rf"Interrupted after {len(kept):,} games? of 100,000,000; {len(kept):,} finished games? written "
                     rf"to {name}", out), out
    assert re.search(rf"^{len(kept)} games, ", out, re.M), out  # the tally is of the games kept
    assert all(r.variant.board == "6x6" and pr.Replay(r).final.is_over() for r in kept)
    assert _temp_files(folder, name) == []


def test_a_rerun_does_not_overwrite_a_finished_run_without_force(folder):
    assert cli(["selfplay", "6x6", "-n", "3", "--seed", "1", "--no-progress", "--out", "g.jsonl"]).exit_code == 0
    first = (folder / "g.jsonl").read_bytes()
    again = cli(["selfplay", "6x6", "-n", "2", "--seed", "2", "--no-progress", "--out", "g.jsonl"])
    assert again.exit_code == 2 and "--force" in again.output and "exists" in again.output, again.output
    assert (folder / "g.jsonl").read_bytes() == first
    forced = cli(["selfplay", "6x6", "-n", "2", "--seed", "2", "--no-progress", "--out", "g.jsonl", "--force"])
    assert forced.exit_code == 0, forced.output
    assert len(formats.read(folder / "g.jsonl")) == 2
    # Standard output and devices are never "an earlier run".
    assert cli(["selfplay", "6x6", "-n", "1", "--no-progress", "--out", os.devnull, "--to", "jsonl"]).exit_code == 0


@pytest.mark.parametrize("command", [
    ["convert", "in.jsonl", "{out}"],
    ["play", "6x6", "--players", "greedy,random", "--seed", "4", "--quiet", "--out", "{out}"],
    ["selfplay", "6x6", "-n", "2", "--seed", "2", "--no-progress", "--out", "{out}"],
    ["show", "in.jsonl", "--svg", "{out}"],
])
def test_every_command_that_writes_a_file_refuses_to_replace_one_without_force(folder, command):
    """One rule (cli.output.check_replace): an existing output that is not empty is refused
    before anything runs, and replaced with --force; an empty one is written."""
    formats.write(folder / "in.jsonl", [_record(1, "6x6"), _record(2, "6x6")])
    name = "out.svg" if command[0] == "show" else "out.jsonl"
    out = folder / name
    args = [a.format(out=name) for a in command]
    out.write_text("kept\n")
    refused = cli(args)
    assert refused.exit_code == 2, refused.output
    assert f"{name}: exists (5 bytes)" in refused.output and "--force" in refused.output, refused.output
    assert out.read_text() == "kept\n"
    forced = cli(args + ["--force"])
    assert forced.exit_code == 0, forced.output
    written = (lambda: out.read_text().startswith("<svg")) if command[0] == "show" else (lambda: formats.read(out))
    assert written()
    out.write_text("")
    assert cli(args).exit_code == 0 and written()


def test_a_full_disk_during_selfplay_keeps_the_whole_games_before_it(folder, monkeypatch):
    from polyreversi import _files

    real_write, calls = os.write, []

    def disk_fills(fd, data):  # the third game is written half, then the disk is full
        if fd > 2:
            calls.append(len(data))
            if len(calls) == 3:
                return real_write(fd, bytes(data[: len(data) // 2]))
            if len(calls) > 3:
                raise OSError(28, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(_files.os, "write", disk_fills)
    result = cli(["selfplay", "6x6", "-n", "10", "--seed", "1", "--no-progress", "--out", "g.jsonl"])
    monkeypatch.undo()
    assert result.exit_code == 1, result.output
    assert errors(result.output) == ["Error: g.jsonl: cannot write: No space left on device"], result.output
    assert len(formats.read(folder / "g.jsonl")) == 2  # the two whole games, no half line
    assert _temp_files(folder, "g.jsonl") == []


def test_game_writer_keeps_the_games_added_before_an_error(folder):
    from polyreversi.formats.writer import GameWriter

    good = [_record(1), _record(2)]
    with pytest.raises(pr.RecordError, match=r"out.ggf: game 3: .*4-player"):
        with GameWriter(folder / "out.ggf") as out:
            for record in good + [_record(3, "8x8/4p", names=())]:
                out.add(record)
    assert [r.moves for r in formats.read(folder / "out.ggf")] == [r.moves for r in good]
    assert _temp_files(folder, "out.ggf") == []


def test_game_writer_writes_every_format_the_registry_writes(folder):
    records = [_record(1), _record(2)]
    for fmt in formats.WRITABLE:
        found = formats.registry.by_name(fmt)
        if not found.capabilities.many_games:
            continue
        if fmt == "parquet":
            _need_pyarrow()
        from polyreversi.formats.writer import GameWriter

        path = folder / f"w{found.extensions[0]}"
        with warnings.catch_warnings():  # what each format loses is tested with the formats
            warnings.simplefilter("ignore", pr.RecordWarning)
            with GameWriter(path) as out:
                for r in records:
                    out.add(r)
        assert [_played(r, fmt) for r in formats.read(path)] == [_played(r, fmt) for r in records], fmt


def test_appendable_formats_concatenate(folder):
    """What Capabilities.appendable promises: two files one after another are one file of both games."""
    a, b = _record(1), _record(2)
    for fmt in formats.WRITABLE:
        if not formats.capabilities(fmt).appendable:
            continue
        with pytest.warns(pr.RecordWarning) if fmt in ("transcript", "obf") else _no_warning():
            joined = formats.encode([a], fmt) + formats.encode([b], fmt)
        path = folder / f"joined{formats.registry.by_name(fmt).extensions[0]}"
        path.write_text(joined)
        assert [_played(r, fmt) for r in formats.read(path)] == [_played(r, fmt) for r in (a, b)], fmt


def _played(record, fmt):
    """What a format keeps of a game: the moves, passes included (OBF: the final position)."""
    return pr.Replay(record).final.to_text() if fmt == "obf" else tuple(pr.Replay(record).moves)


# -- 3. the dataset reader checks every game ----------------------------------------------

def _table_with(records, **changes):
    import pyarrow as pa

    from polyreversi import datasets

    table = datasets.games_table(records)
    for column, values in changes.items():
        index = table.column_names.index(column)
        table = table.set_column(index, column, pa.array(values, type=table.schema.field(column).type))
    return table


def test_read_games_refuses_illegal_moves_and_a_disagreeing_transcript(folder):
    _need_pyarrow()
    import pyarrow.parquet as pq

    from polyreversi import datasets

    games = [_record(1), _record(2)]
    moves = [list(r.moves) for r in games]
    moves[1][0] = 0  # a1: not a legal first move
    said = [" ".join(r.variant.square_name(m) for m in ms) for r, ms in zip(games, moves)]
    pq.write_table(_table_with(games, moves=moves, transcript=said), folder / "illegal.parquet")
    with pytest.raises(pr.ReplayError, match=r"illegal.parquet: game 2: .*a1"):
        datasets.read_games(folder / "illegal.parquet")
    assert len(datasets.read_games(folder / "illegal.parquet", validate=False)) == 2

    transcripts = [" ".join(r.variant.square_name(m) for m in r.moves) for r in games]
    other = "c4" if not transcripts[0].startswith("c4") else "d3"
    transcripts[0] = other + transcripts[0][2:]
    pq.write_table(_table_with(games, transcript=transcripts), folder / "disagree.parquet")
    with pytest.raises(pr.RecordError, match=rf"disagree.parquet: game 1: transcript: ply 1 is '{other}'"):
        datasets.read_games(folder / "disagree.parquet")
    result = cli(["replay", "illegal.parquet", "disagree.parquet"])
    assert result.exit_code == 1
    assert "illegal: game 2" in result.output and "unreadable: game 1" in result.output, result.output


@pytest.mark.parametrize("name", ["nope.json", "nope", "nope.xyz", "no/such/folder/nope.ggf"])
def test_every_file_command_names_a_missing_file_one_way(folder, name):
    # A file to read is looked for before its extension: "no such file", not "cannot tell the format".
    for args in (["replay", name], ["show", name], ["analyse", name], ["convert", name, "o.jsonl"],
                 ["match", "search:1", "random", "--openings", name, "-n", "1"], ["replay", name, "--format", "ggf"]):
        assert errors(cli(args).output) == [f"Error: {name}: no such file"], args
    with pytest.raises(pr.RecordError, match=f"^{name}: no such file$"):
        formats.read(name)
    # An output need not exist: its name still says its format, or the message says how to give it.
    cli(["selfplay", "-n", "1", "--seed", "1", "--out", "made.jsonl"])
    for args, flag in ((["convert", "made.jsonl", "nope"], "--to"), (["selfplay", "-n", "1", "--out", "nope"], "--to")):
        out = cli(args).output
        assert "cannot tell the format from the extension '(none)'" in out and f"give {flag} FORMAT" in out, out


def test_a_folder_of_parquet_shards_is_one_file_to_every_command(folder):
    _need_pyarrow()
    from polyreversi import datasets

    (folder / "run.parquet").mkdir()
    datasets.write_games(folder / "run.parquet" / "part-0000000000.parquet", [_record(1), _record(2)])
    datasets.write_games(folder / "run.parquet" / "part-0000000002.parquet", [_record(3)], first=2)
    assert cli(["replay", "run.parquet"]).exit_code == 0
    show = cli(["show", "run.parquet", "--game", 3])
    assert show.exit_code == 0 and "game 3" in show.output, show.output
    assert [r.moves for r in formats.read(folder / "run.parquet")] == [_record(s).moves for s in (1, 2, 3)]
    (folder / "empty.parquet").mkdir()
    assert errors(cli(["replay", "empty.parquet"]).output) == [
        "Error: empty.parquet: a folder without Parquet shards (part-*.parquet)"]


def test_read_games_names_a_missing_file(folder):
    _need_pyarrow()
    from polyreversi import datasets

    with pytest.raises(pr.RecordError, match=r"^nope.parquet: no such file$"):
        datasets.read_games("nope.parquet")
    (folder / "junk.parquet").write_text("not parquet")
    with pytest.raises(pr.RecordError, match=r"^junk.parquet: not a Parquet file"):
        datasets.read_games("junk.parquet")


# -- 4. convert --skip-bad with every game bad ---------------------------------------------

def test_convert_skipping_every_game_fails_and_writes_nothing(illegal_txt):
    result = cli(["convert", "illegal.txt", "out.jsonl", "--skip-bad"])
    assert result.exit_code == 1, result.output
    assert "skipped: illegal.txt: game 1" in result.output
    assert errors(result.output) == ["Error: illegal.txt: all 1 game skipped; out.jsonl not written"], result.output
    assert not os.path.exists("out.jsonl")


# -- 5. one registry: Parquet and OBF in every file command ----------------------------------

def test_every_file_command_reads_and_writes_parquet(folder):
    _need_pyarrow()
    games = [_record(1), _record(2), _record(3)]
    formats.write(folder / "g.jsonl", games)
    assert "parquet" in formats.READABLE and "parquet" in formats.WRITABLE
    assert cli(["convert", "g.jsonl", "g.parquet"]).exit_code == 0
    assert cli(["convert", "g.jsonl", "g2.bin", "--to", "parquet"]).exit_code == 0
    assert formats.read(folder / "g.parquet") == formats.read(folder / "g.jsonl")
    assert formats.read(folder / "g2.bin", "parquet") == games
    replay = cli(["replay", "g.parquet"])
    assert replay.exit_code == 0 and "finished, result matches:     3" in replay.output, replay.output
    show = cli(["show", "g.parquet", "--game", 2, "--ply", 4])
    assert show.exit_code == 0 and "g.parquet: 8x8 game 2 (Ann vs Ben), ply 4" in show.output, show.output
    analyse = cli(["analyse", "g.parquet", "--game", 3, "--depth", 1])
    assert analyse.exit_code == 0 and "final:" in analyse.output, analyse.output
    assert cli(["convert", "g.parquet", "back.jsonl"]).exit_code == 0
    assert formats.read(folder / "back.jsonl") == games
    selfplay = cli(["selfplay", "6x6", "-n", "5", "--seed", "1", "--no-progress", "--out", "s.parquet"])
    assert selfplay.exit_code == 0, selfplay.output
    assert len(formats.read(folder / "s.parquet")) == 5


def test_every_file_command_reads_and_writes_obf(folder):
    line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;"
    (folder / "ffo.obf").write_text(f"% FFO #40\n{line}\n")
    show = cli(["show", "ffo.obf", "--svg", "board.svg"])
    assert show.exit_code == 0 and "Black to move" in show.output, show.output
    assert (folder / "board.svg").read_text().startswith("<svg")
    assert cli(["replay", "ffo.obf"]).exit_code == 0
    analysed = cli(["analyse", "ffo.obf", "--depth", 2])  # a position without moves: its best move
    assert analysed.exit_code == 0, analysed.output
    assert re.search(r"^\s+0 Black\s+-\s+[a-h][1-8] ", analysed.output, re.M), analysed.output
    assert cli(["convert", "ffo.obf", "ffo.json"]).exit_code == 0
    record = formats.read(folder / "ffo.json")[0]
    assert record.moves == () and record.start is not None and record.meta["move_scores"] == {"g8": 18, "h1": 12}
    assert cli(["convert", "ffo.json", "back.obf"]).exit_code == 0
    assert (folder / "back.obf").read_text() == line + "\n"
    # A game is written as the position after its last move, the moves said lost in one warning.
    formats.write(folder / "g.jsonl", [_record(1)])
    result = cli(["convert", "g.jsonl", "end.obf", "--to", "obf"])
    assert result.exit_code == 0 and "OBF cannot hold moves, players" in result.output, result.output
    end = formats.read(folder / "end.obf")[0].initial_state()
    assert end.to_text() == pr.Replay(_record(1)).final.to_text()


# -- 6. errors name the file that is wrong ----------------------------------------------------

def test_convert_names_the_input_for_an_error_in_the_input(illegal_txt, folder):
    for target in ("out.jsonl", "out.ggf"):
        result = cli(["convert", "illegal.txt", target])
        assert result.exit_code == 1
        assert errors(result.output) == [f"Error: illegal.txt: game 1: {_illegal_a1()}"], result.output
        assert not os.path.exists(target)
    (folder / "illegal.ggf").write_text("(;GM[Othello]PB[Ann]PW[Ben]TY[8]B[a1];)\n")
    result = cli(["convert", "illegal.ggf", "out.json"])
    assert errors(result.output) == [f"Error: illegal.ggf: game 1: {_illegal_a1()}"], result.output
    os.symlink("out-real.jsonl", "link.jsonl")
    result = cli(["convert", "illegal.txt", "link.jsonl"])
    assert errors(result.output)[0].startswith("Error: illegal.txt: game 1: "), result.output


def _illegal_a1() -> str:
    try:
        pr.Replay(pr.Record("8x8", ("a1",)))
    except pr.ReplayError as e:
        return str(e)
    raise AssertionError("a1 is legal?")


def test_analyse_names_the_file_of_an_illegal_game(illegal_txt):
    result = cli(["analyse", "illegal.txt", "--depth", 1])
    assert result.exit_code == 1
    assert errors(result.output) == [f"Error: illegal.txt: game 1: {_illegal_a1()}"], result.output


# -- 7. one variant parser -----------------------------------------------------------------

def test_variant_text_is_read_by_one_parser_everywhere():
    assert pr.Variant("10x10/4p") == pr.Variant.parse("10x10/4p") == pr.Batch("10x10/4p", 1).variant
    assert pr.Variant("octagon/3p/anti").anti
    with pytest.raises(pr.VariantError, match="not both"):
        pr.Variant("10x10/4p", 3)
    with pytest.raises(pr.VariantError, match="not both"):
        pr.Variant("8x8/anti", anti=True)
    with pytest.raises(pr.VariantError, match="draws new squares for each game.*parse_with_draw"):
        pr.Variant("octagon/4p/blocked=random")
    from polyreversi.variant import parse_with_draw

    assert parse_with_draw("octagon/4p/BLOCKED=RANDOM3") == (pr.Variant("octagon/4p"), 3)
    assert parse_with_draw("10x10/blocked=b7") == (pr.Variant("10x10/blocked=b7"), None)


def test_blocked_random_in_the_variant_text_of_play_and_selfplay(folder):
    result = cli(["play", "octagon/4p/blocked=random", "--seed", "3", "--quiet"])
    assert result.exit_code == 0, result.output
    assert "octagon/4p/blocked=" in result.output.splitlines()[0]
    assert cli(["play", "octagon/4p/blocked=random", "--blocked", "2", "--quiet"]).exit_code == 2
    two = cli(["selfplay", "8x8/blocked=random2", "-n", "3", "--seed", "1", "--no-progress", "--out", "b.jsonl"])
    assert two.exit_code == 0, two.output
    assert [len(r.variant.blocked) for r in formats.read(folder / "b.jsonl")] == [2, 2, 2]
    refused = cli(["perft", "8x8/blocked=random", "1"])
    assert refused.exit_code == 2 and "listed squares" in refused.output, refused.output
    bad = cli(["play", "8x8/blocked=random7", "--quiet"])
    assert bad.exit_code == 2 and "draw 1 to 4 squares" in bad.output, bad.output


# -- 8. records in any case; GGF and results that cannot be ---------------------------------

def test_json_records_read_square_names_in_any_case():
    obj = json.loads(formats.json_record.dumps(pr.Record("10x10/blocked=j9", ())))
    obj["variant"]["blocked"] = ["J9"]
    record = formats.json_record.from_dict(obj)
    assert record.variant.blocked == (pr.Variant.parse("10x10/blocked=j9").square("j9"),)
    game = json.loads(formats.json_record.dumps(_record(1)))
    game["moves"] = [m.upper() for m in game["moves"]]
    assert formats.json_record.from_dict(game).moves == _record(1).moves


def test_ggf_refuses_a_property_given_twice_with_two_values():
    with pytest.raises(pr.RecordError, match=r"TY\[10\]: TY given twice \(TY\[8\] first\)"):
        formats.ggf.parse_game("(;GM[Othello]TY[8]TY[10]B[f5];)")
    assert formats.ggf.parse_game("(;GM[Othello]TY[8]TY[8]B[f5];)").moves  # the same value twice says one thing


def test_a_result_with_more_disks_than_squares_is_refused():
    with pytest.raises(pr.RecordError, match="result.disks: .* disks in all; the 8x8 board has 64 squares"):
        pr.Record("8x8", (), result=pr.Result("finished", (2**70, 2)))
    game = json.loads(formats.json_record.dumps(_record(1)))
    game["result"]["disks"] = [2**70, 2]
    with pytest.raises(pr.RecordError, match="result.disks"):
        formats.json_record.from_dict(game)


# -- 9. text that is not Unicode, missing files, NUL in messages ------------------------------

def test_a_lone_surrogate_is_refused_where_a_record_is_made(folder):
    game = formats.json_record.dumps(_record(1)).replace('"Ann"', '"\\ud800"')
    (folder / "s.json").write_text(game)
    with pytest.raises(pr.RecordError, match=r"s.json: .*players\[0\]: '\\ud800' .*lone surrogate"):
        formats.read(folder / "s.json")
    with pytest.raises(pr.RecordError, match=r"meta.event: .*lone surrogate"):
        pr.Record("8x8", (), meta={"event": "x\udfff"})
    with pytest.raises(pr.RecordError, match=r"date: .*lone surrogate"):
        pr.Record("8x8", (), date="\ud800")
    result = cli(["replay", "s.json"])
    assert result.exit_code == 1 and "lone surrogate" in result.output


def test_a_nul_in_a_move_is_escaped_in_the_message():
    with pytest.raises(pr.InvalidSquareError) as caught:
        pr.Variant().start().play("f5\x00")
    assert "\x00" not in str(caught.value) and "'f5\\x00' is not a square name" in str(caught.value)


# -- 10. one wording for output errors; the flag to give ------------------------------------

@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_output_errors_are_worded_one_way(folder):
    formats.write(folder / "g.json", [_record(1)])
    result = sh("$PR show g.json --svg - > /dev/full; echo \"rc=$?\" >&2; "
                "$PR convert g.json - --to jsonl > /dev/full; echo \"rc=$?\" >&2; "
                "$PR replay g.json > /dev/full; echo \"rc=$?\" >&2", folder)
    assert errors(result.stderr) == ["Error: <stdout>: cannot write: No space left on device"] * 3, result.stderr
    assert result.stderr.count("rc=1") == 3, result.stderr


def test_an_unknown_extension_names_the_commands_own_flag(folder):
    formats.write(folder / "g.json", [_record(1)])
    (folder / "g.xyz").write_text("")
    assert "give --from FORMAT" in cli(["convert", "g.xyz", "o.jsonl"]).output
    assert "give --to FORMAT" in cli(["convert", "g.json", "o.xyz"]).output
    assert "give --format FORMAT" in cli(["replay", "g.xyz"]).output
    assert "--format / --to" not in cli(["convert", "g.xyz", "o.jsonl"]).output


# -- 11. help says what the commands do ---------------------------------------------------

def test_help_lists_every_format_the_registry_knows():
    play = cli(["play", "--help"]).output
    selfplay = cli(["selfplay", "--help"]).output
    for ext in formats.EXTENSIONS:
        assert ext in play.replace("\n", " ").replace("  ", " ") or ext in " ".join(play.split()), ext
        assert ext in " ".join(selfplay.split()), ext
    assert "wthor" in " ".join(selfplay.split()) and "parquet" in " ".join(selfplay.split())
    replay = " ".join(cli(["replay", "--help"]).output.split())
    assert "--jou" in replay and "--trn" in replay and "--players" not in replay


@pytest.mark.parametrize("command", [
    ["convert", "in.jsonl", "keep.wtb"],
    ["play", "8x8", "--players", "greedy,random", "--seed", "4", "--quiet", "--out", "keep.wtb"],
    ["selfplay", "8x8", "-n", "2", "--seed", "2", "--no-progress", "--out", "keep.wtb"],
])
def test_the_name_files_of_a_wthor_output_follow_the_force_rule(folder, command):
    """A .wtb is written with its .JOU / .TRN name files beside it: an existing one that is
    not empty is refused as the output itself is (cli.output.check_replace), nothing written."""
    formats.write(folder / "in.jsonl", [_record(1), _record(2)])
    (folder / "keep.JOU").write_text("names\n")
    refused = cli(command)
    assert refused.exit_code == 2, refused.output
    assert "keep.JOU: exists (6 bytes)" in refused.output and "--force" in refused.output, refused.output
    assert (folder / "keep.JOU").read_text() == "names\n"
    assert not (folder / "keep.wtb").exists() and not (folder / "keep.TRN").exists()
    forced = cli(command + ["--force"])
    assert forced.exit_code == 0, forced.output
    assert formats.read(folder / "keep.wtb") and (folder / "keep.TRN").stat().st_size > 0
    assert (folder / "keep.JOU").read_bytes() != b"names\n"


@pytest.mark.parametrize("suffix", [".ggf", ".txt", ".jsonl", ".json"])
def test_analyse_names_an_empty_file_and_a_game_beyond_the_file_as_the_other_commands(tmp_path, suffix):
    # analyse said "--game 1: FILE has fewer games" for both, where replay and show say "no games in FILE".
    empty = tmp_path / f"empty{suffix}"
    empty.write_text("")
    result = cli(["analyse", str(empty)])
    assert result.exit_code == 1 and f"no games in {empty}" in result.output, result.output
    one = tmp_path / "one.txt"
    one.write_text("f5d6\n")
    result = cli(["analyse", str(one), "--game", "3"])
    assert result.exit_code == 2 and f"3 ({one} holds 1 game; choose 1 to 1)" in result.output, result.output
