"""WTHOR: the 7,727 tournament games replay legally and match their recorded scores."""
from __future__ import annotations

import struct
from pathlib import Path

import pytest

import polyreversi as pr
from conftest import shared_data as data_file
from polyreversi import formats
from polyreversi.errors import RecordError, RecordWarning
from polyreversi.formats import iter_games, json_record, wthor
from polyreversi.record import Record, Result
from polyreversi.replay import Replay

YEARS = ("WTH_2003.wtb", "WTH_2010.wtb", "WTH_2015.wtb")


def raw_games(path: Path):
    """The file's 68-byte records decoded here by hand, independently of the reader."""
    data = path.read_bytes()
    count = struct.unpack_from("<I", data, 4)[0]
    for k in range(count):
        rec = data[16 + 68 * k : 16 + 68 * (k + 1)]
        tournament, black, white, score, theoretical = struct.unpack_from("<HHHBB", rec)
        yield tournament, black, white, score, list(rec[8:])


def names(path: Path, size: int):
    data = path.read_bytes()
    return [data[16 + i * size : 16 + (i + 1) * size].split(b"\0")[0].decode("latin-1").strip()
            for i in range((len(data) - 16) // size)]


def test_every_game_replays_and_every_finished_game_matches_its_score():
    total = unfinished = with_passes = 0
    for name in YEARS:
        path = data_file("wthor", name)
        raw = list(raw_games(path))
        entries = list(iter_games(path))
        assert len(entries) == len(raw)
        for entry, (_, _, _, score, move_bytes) in zip(entries, raw):
            assert entry.error is None, entry.error
            replay = Replay(entry.record)  # raises on any illegal move
            final = replay.final
            played = [b for b in move_bytes if b]
            assert len(replay.moves) - replay.moves.count(64) == len(played)
            with_passes += 64 in replay.moves
            check = replay.check()
            if final.is_over():
                black, white = final.scores()
                empties = 64 - black - white
                credited = black + empties if black > white else black if black < white else black + empties // 2
                assert credited == score, (name, entry.number)
                assert check.status == "match", (name, entry.number, check)
            else:
                unfinished += 1
                assert check.status == "unfinished" and "stops at ply" in check.message
            total += 1
    assert total == 7727
    assert 0 < unfinished < 10 and with_passes > 100


def test_names_come_from_jou_and_trn():
    path = data_file("wthor", "WTH_2015.wtb")
    players = names(data_file("wthor", "WTHOR.JOU"), 20)
    tournaments = names(data_file("wthor", "WTHOR.TRN"), 26)
    assert any(not n.isascii() for n in tournaments)  # Latin-1 names such as "Championnat Norvégien"
    for entry, (t, b, w, score, _) in zip(iter_games(path), raw_games(path)):
        record = entry.record
        assert record.players == (players[b] or None, players[w] or None)
        assert record.meta["event"] == tournaments[t]
        assert record.meta["player_indexes"] == [b, w] and record.meta["tournament_index"] == t
        assert record.result.margin == 2 * score - 64 and record.date == "2015"
    assert wthor.read_players(data_file("wthor", "WTHOR.JOU")) == players


def test_explicit_name_files_and_no_name_files(tmp_path):
    src = data_file("wthor", "WTH_2015.wtb")
    alone = tmp_path / "WTH_2015.wtb"
    alone.write_bytes(src.read_bytes())
    with pytest.warns(RecordWarning, match="players .* are unnamed"):
        first = next(iter_games(alone)).record
    assert first.players == (None, None) and "event" not in first.meta
    named = next(iter_games(alone, players_file=data_file("wthor", "WTHOR.JOU"),
                            tournaments_file=data_file("wthor", "WTHOR.TRN"))).record
    assert named.players == next(iter_games(src)).record.players
    (tmp_path / "wthor.jou").write_bytes(data_file("wthor", "WTHOR.JOU").read_bytes())  # any letter case
    with pytest.warns(RecordWarning, match="^[^;]*tournaments .* are unnamed"):  # the players are named now
        assert next(iter_games(alone)).record.players == named.players


def test_old_header_with_board_size_zero():
    path = data_file("wthor", "nboard_test_1980.wtb")
    header = wthor.read_header(path.read_bytes())
    assert header.board_size == 0 and header.year == 1980 and header.games == 1
    (record,) = wthor.read(path)
    assert Replay(record).check().status == "match"


def test_wthor_to_json_to_replay_gives_the_same_final_position(tmp_path):
    path = data_file("wthor", "WTH_2015.wtb")
    records = wthor.read(path)
    out = tmp_path / "games.jsonl"
    json_record.write_lines(out, records)
    back = json_record.read_lines(out)
    assert len(back) == len(records)
    for a, b in zip(records, back):
        fa, fb = Replay(a).final, Replay(b).final
        assert fa == fb and fa.board().tolist() == fb.board().tolist()
        assert not b.implicit_passes and b.players == a.players and b.result == a.result
        assert Replay(b).check().status == Replay(a).check().status


# -- bad files ------------------------------------------------------------------------------

@pytest.fixture
def small(tmp_path):
    """A copy of the first three games of WTH_2015 with a matching header."""
    data = bytearray(data_file("wthor", "WTH_2015.wtb").read_bytes()[: 16 + 3 * 68])
    struct.pack_into("<I", data, 4, 3)
    path = tmp_path / "small.wtb"
    path.write_bytes(bytes(data))
    return path, data


def unnamed():
    """The one warning of a copy read alone in its folder (no name files beside it)."""
    return pytest.warns(RecordWarning, match="are unnamed; their indexes are in meta")


def test_small_copy_reads(small):
    path, _ = small
    names = {"players_file": data_file("wthor", "WTHOR.JOU"), "tournaments_file": data_file("wthor", "WTHOR.TRN")}
    assert len(wthor.read(path, **names)) == 3  # named: no warning


def test_truncated_file(small):
    path, data = small
    path.write_bytes(bytes(data[:-10]))
    with pytest.raises(RecordError, match=r"small.wtb: truncated: 210 bytes .* header announces 3 games: 16 \+ 68 x 3 = 220"):
        list(iter_games(path))
    path.write_bytes(bytes(data[:10]))
    with pytest.raises(RecordError, match="small.wtb: truncated: 10 bytes, shorter than the 16-byte WTHOR header"):
        wthor.read(path)


def test_wrong_record_size(small):
    path, data = small
    path.write_bytes(bytes(data[:16]) + bytes(data[16:]) + b"\0" * 3)  # 3 bytes too many
    with pytest.raises(RecordError, match=r"small.wtb: too long: 223 bytes \(3 records of 68 bytes and 3 bytes more\)"):
        wthor.read(path)
    short = bytearray(data)
    struct.pack_into("<I", short, 4, 4)  # the header announces one game more than the file holds
    path.write_bytes(bytes(short))
    with pytest.raises(RecordError, match="truncated: 220 bytes .* announces 4 games"):
        wthor.read(path)


def edit_move(data: bytearray, game: int, move: int, value: int) -> bytes:
    data = bytearray(data)
    data[16 + 68 * (game - 1) + 8 + (move - 1)] = value
    return bytes(data)


def test_move_byte_zero_then_a_move(small):
    path, data = small
    path.write_bytes(edit_move(data, 2, 30, 0))
    with unnamed():
        entries = list(iter_games(path))
    assert entries[0].error is None and entries[2].error is None
    assert str(entries[1].error).endswith(
        "small.wtb: game 2: move 30 is byte 0 (the end of the game) but move 31 is byte "
        f"{data[16 + 68 + 8 + 30]}"
    )
    with pytest.raises(RecordError, match="game 2: move 30 is byte 0"), unnamed():
        wthor.read(path)


@pytest.mark.parametrize("byte", [89, 19, 20, 90, 10, 9, 255])
def test_invalid_move_bytes(small, byte):
    path, data = small
    path.write_bytes(edit_move(data, 3, 5, byte))
    with unnamed():
        entry = list(iter_games(path))[2]
    assert f"small.wtb: game 3: move 5 is byte {byte}, which is not a square" in str(entry.error)


def test_a_legal_looking_but_illegal_move_is_caught_by_the_replay(small):
    path, data = small
    path.write_bytes(edit_move(data, 1, 1, 11))  # a1 as the first move
    with unnamed():
        record = wthor.read(path)[0]
    with pytest.raises(RecordError, match=r"illegal move a1 at ply 0 \(Black to move\)"):
        Replay(record)


def test_bad_scores_and_board_size(small):
    path, data = small
    bad = bytearray(data)
    bad[16 + 6] = 65
    path.write_bytes(bytes(bad))
    with unnamed():
        assert "game 1: real score 65 is more than the 64 squares" in str(next(iter_games(path)).error)
    bad = bytearray(data)
    bad[12] = 10
    path.write_bytes(bytes(bad))
    with pytest.raises(RecordError, match="board size byte 10: only 8x8"):
        wthor.read(path)


def test_bad_name_files(small, tmp_path):
    path, _ = small
    jou = tmp_path / "bad.jou"
    jou.write_bytes(data_file("wthor", "WTHOR.JOU").read_bytes()[:-7])
    with pytest.raises(RecordError, match=r"bad.jou: 75209 bytes, but a name file with 3760 names"):
        wthor.read(path, players_file=jou)


def test_an_index_beyond_an_older_name_file_gives_a_game_without_that_name_and_one_warning(small, tmp_path):
    path, _ = small
    few = bytearray(data_file("wthor", "WTHOR.JOU").read_bytes()[: 16 + 20 * 5])
    struct.pack_into("<H", few, 8, 5)
    jou = tmp_path / "old.jou"
    jou.write_bytes(bytes(few))
    trn = data_file("wthor", "WTHOR.TRN")
    with pytest.warns(RecordWarning) as caught:
        records = wthor.read(path, players_file=jou, tournaments_file=trn)
    assert len(caught) == 1
    assert str(caught[0].message) == (
        f"{path}: player indexes 1518, 1708, 1834, 1971 are beyond the 5 names of old.jou: "
        "those games are read without that name")
    assert len(records) == 3 and records[0].players == (None, None)
    first_raw = next(raw_games(path))
    assert records[0].meta["player_indexes"] == [first_raw[1], first_raw[2]] and records[0].meta["event"]


def test_a_database_read_without_name_files_warns_once(small):
    path, _ = small  # alone in its folder
    with pytest.warns(RecordWarning) as caught:
        records = wthor.read(path)
    assert [str(w.message) for w in caught] == [
        f"{path}: players (no WTHOR.JOU given or beside it) and tournaments (no WTHOR.TRN given or beside it) "
        "are unnamed; their indexes are in meta"]
    assert records[0].players == (None, None) and "event" not in records[0].meta


def test_names_of_the_shared_data_need_no_warning(recwarn):
    wthor.read(data_file("wthor", "WTH_2015.wtb"))
    assert not [w for w in recwarn if issubclass(w.category, RecordWarning)]


# -- writing ------------------------------------------------------------------------------

def test_wthor_to_json_lines_to_wthor_gives_the_same_bytes(tmp_path, recwarn):
    source = data_file("wthor", "WTH_2015.wtb")
    records = wthor.read(source)
    formats.write(tmp_path / "w.jsonl", records)
    out = tmp_path / "w2015.wtb"
    formats.write(out, formats.read(tmp_path / "w.jsonl"))
    assert not [w for w in recwarn if issubclass(w.category, RecordWarning)]  # nothing lost
    original, written = source.read_bytes(), out.read_bytes()
    assert written[16:] == original[16:]  # every 68-byte game record, byte for byte
    assert written[4:16] == original[4:16]  # games, names, year, board size, game type, depth
    assert sorted(p.name for p in tmp_path.iterdir()) == ["w.jsonl", "w2015.JOU", "w2015.TRN", "w2015.wtb"]
    again = wthor.read(out)  # finds w2015.JOU / .TRN beside it
    assert [(r.players, r.moves, r.result, r.date, r.meta.get("event"), r.meta["theoretical_score"])
            for r in again] == [(r.players, r.moves, r.result, r.date, r.meta.get("event"),
                                 r.meta["theoretical_score"]) for r in records]


def test_games_from_elsewhere_get_new_indexes_and_names(tmp_path):
    state = pr.Variant("8x8").start()
    for move in ("f5", "d6", "c3", "d3", "c4"):
        state.play(move)
    games = [Record.from_state(state, players=("Ann", "Bob"), date="2024-05-01", event="Club"),
             Record.from_state(state, players=("Bob", None), date="2024", event="Club"),
             Record.from_state(state, players=("Cy", "Ann"), end="resigned", winner=pr.Color.WHITE, komi=1.5)]
    out = tmp_path / "club.wtb"
    with pytest.warns(RecordWarning) as caught:
        formats.write(out, games)
    assert [str(w.message) for w in caught] == [
        f"{out}: WTHOR cannot hold date (WTHOR holds its year) (1 of 3 games), "
        "date (none given; a WTHOR file gives every game its year: 2024) (1 of 3 games), komi (1 of 3 games), "
        "result.end (resigned) (1 of 3 games), result.winner (1 of 3 games); left out"]
    back = wthor.read(out)
    assert [r.players for r in back] == [("Ann", "Bob"), ("Bob", None), ("Cy", "Ann")]
    assert [r.meta.get("event") for r in back] == ["Club", "Club", None]
    assert [r.date for r in back] == ["2024"] * 3 and all(r.moves == games[0].moves for r in back)
    black, white = state.scores()  # no recorded score: the disks, the empties to the leader
    assert back[0].result.margin == black - white + (64 - black - white)
    assert Replay(back[0]).check().status == "unfinished"


@pytest.mark.parametrize("variant, message", [
    ("6x6", r"WTHOR cannot hold the 6x6 board \(6x6\): it holds standard 8x8 games of 2 players"),
    ("8x8/anti", r"cannot hold Anti-Reversi \(8x8/anti\)"),
    ("8x8/3p", r"cannot hold 3 players \(8x8/3p\)"),
    ("8x8/handicap=1", r"cannot hold a handicap \(8x8/handicap=1\)"),
    ("8x8/blocked=a1", r"cannot hold blocked squares \(8x8/blocked=a1\)"),
    ("8x8/free", r"cannot hold the free opening \(8x8/free\)"),
    ("10x10/anti", r"cannot hold the 10x10 board or Anti-Reversi \(10x10/anti\)"),
])
def test_games_wthor_cannot_hold_are_refused(tmp_path, variant, message):
    out = tmp_path / "x.wtb"
    with pytest.raises(RecordError, match=f"x.wtb: game 1: .*{message}"):
        formats.write(out, [Record(variant)])
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("players, message", [
    (("A" * 20, None), r"players\[0\]: 'AAAA.*' has 20 bytes; a WTHOR name holds at most 19"),
    ((None, "Zoë 李"), r"players\[1\]: 'Zoë 李': '李' is not a Latin-1 character"),
    ((" Ann", None), "leading or trailing spaces"),
    (("", None), "an empty name"),
])
def test_names_wthor_cannot_hold_are_refused(tmp_path, players, message):
    with pytest.raises(RecordError, match=message):
        formats.write(tmp_path / "x.wtb", [Record("8x8", players=players)])
    assert list(tmp_path.iterdir()) == []


def test_a_custom_start_and_an_odd_margin_are_refused(tmp_path):
    start = pr.Variant("8x8").position(pr.Variant("8x8").start().board(), pr.Color.WHITE)
    with pytest.raises(RecordError, match="custom start position"):
        formats.write(tmp_path / "x.wtb", [Record.from_state(start)])
    with pytest.raises(RecordError, match=r"result.margin: \+3 cannot be a WTHOR score"):
        formats.write(tmp_path / "x.wtb", [Record("8x8", result=Result("finished", margin=3))])
    with pytest.raises(RecordError, match="name files beside it; give a file name, not -"):
        formats.write("-", [Record("8x8")], "wthor")


def test_convert_writes_a_database_and_its_name_files(tmp_path):
    from click.testing import CliRunner

    from polyreversi.cli import main

    source = data_file("wthor", "WTH_2015.wtb")
    result = CliRunner().invoke(main, ["convert", str(source), str(tmp_path / "out.wtb")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.JOU", "out.TRN", "out.wtb"]
    assert (tmp_path / "out.wtb").read_bytes()[16:] == source.read_bytes()[16:]
    result = CliRunner().invoke(main, ["convert", str(source), str(tmp_path / "x.wtb"), "--to", "wthor"])
    assert result.exit_code == 0


def test_a_year_0_reads_as_no_date_and_a_date_of_year_0_is_named_as_lost_when_written(tmp_path):
    state = pr.Variant("8x8").start()
    for move in ("f5", "d6", "c3"):
        state.play(move)
    out = tmp_path / "zero.wtb"
    formats.write(out, [Record.from_state(state, players=("Ann", "Bob"))])  # no date: the header's year is 0
    assert struct.unpack_from("<H", out.read_bytes(), 10) == (0,)
    assert [r.date for r in wthor.read(out)] == [None]
    for date in ("0000", "0000-01-02"):
        with pytest.warns(RecordWarning) as caught:
            formats.write(out, [Record.from_state(state, players=("Ann", "Bob"), date=date)])
        assert [str(w.message) for w in caught] == [f"{out}: WTHOR cannot hold date (year 0 means none in WTHOR); left out"]
        assert struct.unpack_from("<H", out.read_bytes(), 10) == (0,) and wthor.read(out)[0].date is None


def _other_games():
    return [Record("8x8", moves=["f5", "d6", "c3", "d3", "c4"], players=["Alpha", "Beta"])]


def test_a_refused_database_write_leaves_its_name_files_as_they_were(tmp_path):
    # A read-only .wtb (the mode is what the writer checks: root may write any file)
    # refuses the write; the .JOU / .TRN beside it hold the names of its games and
    # must not be replaced by the refused games' names.
    out = tmp_path / "mix.wtb"
    formats.write(out, wthor.read(data_file("wthor", "WTH_2015.wtb")))
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    out.chmod(0o444)
    with pytest.raises(RecordError, match=r"mix\.wtb: cannot write: .*read-only"):
        formats.write(out, _other_games())
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_a_refused_database_write_leaves_no_name_files_behind(tmp_path):
    out = tmp_path / "new.wtb"
    (tmp_path / "new.TRN").mkdir()  # the last file to be opened is refused
    with pytest.raises(RecordError, match=r"new\.TRN: cannot write"):
        formats.write(out, _other_games())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.TRN"]  # no .wtb, no .JOU, no temporaries
    read_only = tmp_path / "ro.wtb"
    read_only.write_bytes(b"")
    read_only.chmod(0o444)
    with pytest.raises(RecordError, match="read-only"):
        formats.write(read_only, _other_games())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.TRN", "ro.wtb"]


def test_convert_refused_by_a_read_only_database_changes_no_file(tmp_path):
    from click.testing import CliRunner

    from polyreversi.cli import main

    out = tmp_path / "mix.wtb"
    assert CliRunner().invoke(main, ["convert", str(data_file("wthor", "WTH_2015.wtb")), str(out)]).exit_code == 0
    formats.write(tmp_path / "sp.jsonl", _other_games())
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    out.chmod(0o444)
    result = CliRunner().invoke(main, ["convert", str(tmp_path / "sp.jsonl"), str(out), "--force"])
    assert result.exit_code == 1
    assert "mix.wtb: cannot write: Permission denied (the file is read-only)" in result.output
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
