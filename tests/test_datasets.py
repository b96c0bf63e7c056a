"""Parquet datasets: round trips, readers without polyreversi, the selfplay command's output."""
from __future__ import annotations

import json

import numpy as np
import pytest

pa = pytest.importorskip("pyarrow", reason="pyarrow is not installed (pip install 'polyreversi[parquet]')")
import pyarrow.parquet as pq  # noqa: E402
from click.testing import CliRunner  # noqa: E402

import polyreversi as pr  # noqa: E402
from polyreversi.cli import main  # noqa: E402
from polyreversi.datasets import games_table, positions_table, read_games, write_games, write_positions  # noqa: E402
from polyreversi.envs.observation import observe, plane_count  # noqa: E402
from polyreversi.players import play_seeded_game  # noqa: E402


def _records():
    out = []
    for k, (variant, blocked) in enumerate([("6x6", None), ("8x8/anti", "random"), ("octagon/3p", "random"),
                                             ("10x10/4p", None), ("8x8/free", None), ("8x8/handicap=2", None)]):
        v = pr.Variant.parse(variant)
        state = play_seeded_game(v, ["greedy", "random", "random", "random"][: v.players], k, blocked=blocked)
        out.append(state.record(players=["Alice", None, "Carol"][: v.players], date="2026-12-01", seed=k))
    # an unfinished game from a custom start, and a resigned one
    start = pr.Variant("8x8").position(np.array(pr.Variant("8x8").start().board()), pr.Color.WHITE, 5)
    start.play(start.legal_moves()[0])
    out.append(start.record(end="resigned"))
    return out


def test_round_trip_gives_the_same_games(tmp_path):
    records = _records()
    write_games(tmp_path / "g.parquet", records)
    back = read_games(tmp_path / "g.parquet")
    assert back == records


def test_columns_agree_with_the_games(tmp_path):
    records = _records()
    write_games(tmp_path / "g.parquet", records)
    table = pq.read_table(tmp_path / "g.parquet").to_pylist()
    for row, record in zip(table, records):
        final = record.replay().final
        assert row["variant"] == str(record.variant)
        assert row["blocked"] == [record.variant.square_name(s) for s in record.variant.blocked]
        assert row["moves"] == list(record.moves) and row["plies"] == len(record.moves)
        assert row["transcript"].split() == record.move_names()
        assert row["scores"] == list(final.scores())
        if final.is_over():
            assert row["winners"] == [c.name.lower() for c in final.winners()]
        assert row["names"] == list(record.players)
        assert json.loads(row["meta"]) == record.meta
    assert table[-1]["end"] == "resigned" and table[-1]["start_to_move"] == 2 and len(table[-1]["start"]) == 64


def test_pandas_reads_it_without_polyreversi(tmp_path):
    pd = pytest.importorskip("pandas", reason="pandas is not installed")
    records = _records()
    write_games(tmp_path / "g.parquet", records)
    frame = pd.read_parquet(tmp_path / "g.parquet")
    assert list(frame["board"]) == ["6x6", "8x8", "octagon", "10x10", "8x8", "8x8", "8x8"]
    assert frame["players"].tolist() == [2, 2, 3, 4, 2, 2, 2]
    assert [list(s) for s in frame["scores"]] == [list(r.replay().final.scores()) for r in records]


def test_positions_table(tmp_path):
    records = _records()[:4]
    table = positions_table(records)
    assert len(table) == sum(len(r.moves) for r in records)
    shape = json.loads(table.schema.metadata[b"polyreversi.observation_shape"])
    assert shape == [plane_count(2), 6, 6]
    rows = table.to_pylist()
    state = records[0].initial_state()
    for row in rows[: len(records[0].moves)]:
        assert row["ply"] == state.ply and row["to_move"] == int(state.to_move)
        assert np.array_equal(np.array(row["observation"], np.uint8).reshape(shape), observe(state))
        assert np.flatnonzero(row["mask"]).tolist() == state.legal_moves()
        state.play(row["move"])
    final = state
    winner = int(final.winners()[0]) if len(final.winners()) == 1 else None
    for row in rows[: len(records[0].moves)]:
        expected = 0.0 if winner is None else (1.0 if row["to_move"] == winner else -1.0)
        assert row["result"] == expected and row["score"] == final.scores()[row["to_move"] - 1]
    write_positions(tmp_path / "p.parquet", records)
    assert pq.read_table(tmp_path / "p.parquet").num_rows == len(table)


def test_converted_collection(tmp_path):
    """A WTHOR tournament file as a games table: every game, its names, margin and final position."""
    from conftest import shared_data
    from polyreversi import formats

    games = formats.read(str(shared_data("wthor", "WTH_2015.wtb")))
    write_games(tmp_path / "wthor.parquet", games)
    back = read_games(tmp_path / "wthor.parquet")
    assert len(back) == len(games) == 1926
    for source, row in zip(games, back):
        assert row.players == source.players and row.date == source.date
        assert row.result.margin == source.result.margin
        assert pr.Replay(row).final == pr.Replay(source).final  # passes written out, same game


def test_bad_files(tmp_path):
    (tmp_path / "x.parquet").write_text("not parquet")
    with pytest.raises(pr.RecordError, match="not a Parquet file"):
        read_games(tmp_path / "x.parquet")
    pq.write_table(pa.table({"a": [1]}), tmp_path / "y.parquet")
    with pytest.raises(pr.RecordError, match="missing column.*game, variant, moves"):
        read_games(tmp_path / "y.parquet")
    with pytest.raises(pr.RecordError, match=r"records\[0\]: expected a Record"):
        games_table(["f5"])
    with pytest.raises(pr.RecordError, match=r"missing/g.parquet: cannot write: No such file"):
        write_games(tmp_path / "missing" / "g.parquet", _records()[:1])
    assert not list((tmp_path).glob(".*tmp"))


def test_selfplay_out_parquet(tmp_path):
    out = tmp_path / "games.parquet"
    result = CliRunner().invoke(main, ["selfplay", "6x6", "-n", "50", "--seed", "3", "--black", "greedy",
                                       "--out", str(out)])
    assert result.exit_code == 0, result.output
    records = read_games(out)
    assert len(records) == 50 and all(r.players == ("greedy", "random") for r in records)
    from polyreversi.selfplay import finished_games

    # the games selfplay plays for these seats (random and greedy: in C++), in order
    serial = list(finished_games(pr.Variant("6x6"), ["greedy", "random"], 50, 3, None))
    assert [r.moves for r in records] == [tuple(s.moves()) for s in serial]


def test_selfplay_out_parquet_bad_folder(tmp_path):
    result = CliRunner().invoke(main, ["selfplay", "-n", "2", "--out", str(tmp_path / "no" / "g.parquet")])
    assert result.exit_code == 2 and "does not exist" in result.output


def test_selfplay_out_parquet_is_checked_before_play_as_jsonl_is(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ro.parquet").write_text("keep")
    (tmp_path / "ro.parquet").chmod(0o444)
    (tmp_path / "d.parquet").mkdir()
    proc = ("cannot create a file in /proc", "the folder /proc is not writable")  # as root / as a user
    for out, why in [("ro.parquet", ("is a read-only file",)), ("d.parquet", ("is a folder",)),
                     ("/proc/x.parquet", proc), ("/proc/polyreversi-test/x.parquet", ("does not exist",))]:
        result = CliRunner().invoke(main, ["selfplay", "6x6", "-n", "2", "--no-progress", "--out", out])
        assert result.exit_code == 2, (out, result.output)
        (line,) = [line for line in result.output.splitlines() if line.startswith("Error:")]
        assert any(w in line for w in why) and line.count(out) == 1 and ".tmp" not in line, line
        assert "games of" not in result.output  # nothing was played
        jsonl = CliRunner().invoke(main, ["selfplay", "6x6", "-n", "2", "--out", out[: -len(".parquet")] + ".jsonl"])
        if out.startswith("/proc"):  # the same words as for .jsonl
            assert line.replace(".parquet", ".jsonl") in jsonl.output, jsonl.output
    assert (tmp_path / "ro.parquet").read_text() == "keep"


def test_write_games_follows_the_atomic_writer_rules(tmp_path):
    ro = tmp_path / "ro.parquet"
    ro.write_text("keep")
    ro.chmod(0o444)
    with pytest.raises(pr.RecordError, match="ro.parquet: cannot write: .*read-only"):
        write_games(ro, _records()[:1])
    assert ro.read_text() == "keep"
    (tmp_path / "d.parquet").mkdir()
    with pytest.raises(pr.RecordError, match="d.parquet: cannot write: Is a directory"):
        write_positions(tmp_path / "d.parquet", _records()[:1])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.parquet", "ro.parquet"]  # no temporary file left


def test_arrow_reads_its_own_copy_of_the_bytes_so_the_process_exits_cleanly(tmp_path, monkeypatch):
    # A view of Python bytes released by one of Arrow's scanner threads after the
    # interpreter began to exit needs the GIL then, and aborts the process (exit 134,
    # "terminate called without an active exception": apache/arrow#34314).
    import pyarrow as pa

    from polyreversi import datasets

    path = tmp_path / "g.parquet"
    write_games(path, _records())
    given = []
    reader = pa.BufferReader
    monkeypatch.setattr(pa, "BufferReader", lambda source: given.append(source) or reader(source))
    assert len(datasets.load_table(path.read_bytes())) == len(_records())
    assert isinstance(given[0], pa.Buffer) and given[0].parent is None  # Arrow's memory, no Python object


@pytest.mark.slow
def test_reading_parquet_never_aborts_the_exit(tmp_path):
    import subprocess
    import sys

    path = tmp_path / "g.parquet"
    write_games(path, _records())
    code = f"from polyreversi.datasets import read_games; read_games({str(path)!r}); import polyreversi._validate"
    statuses = [subprocess.run([sys.executable, "-c", code], capture_output=True).returncode for _ in range(40)]
    assert statuses == [0] * 40  # was: about 1 in 5 aborted (-6) on a loaded 2-core machine
