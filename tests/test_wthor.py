"""WTHOR: the 7,727 tournament games replay legally and match their recorded scores."""
from __future__ import annotations

import struct
from pathlib import Path

import pytest

from polyreversi.errors import RecordError
from polyreversi.formats import iter_games, json_record, wthor
from polyreversi.replay import Replay

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
YEARS = ("WTH_2003.wtb", "WTH_2010.wtb", "WTH_2015.wtb")


def data_file(*parts: str) -> Path:
    path = DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"shared data not found at {path} (tests read ../shared/data beside the project root)")
    return path


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
    first = next(iter_games(alone)).record
    assert first.players == (None, None) and "event" not in first.meta
    named = next(iter_games(alone, players_file=data_file("wthor", "WTHOR.JOU"),
                            tournaments_file=data_file("wthor", "WTHOR.TRN"))).record
    assert named.players == next(iter_games(src)).record.players
    (tmp_path / "wthor.jou").write_bytes(data_file("wthor", "WTHOR.JOU").read_bytes())  # any letter case
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


def test_small_copy_reads(small):
    path, _ = small
    assert len(wthor.read(path, players_file=data_file("wthor", "WTHOR.JOU"))) == 3


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
    entries = list(iter_games(path))
    assert entries[0].error is None and entries[2].error is None
    assert str(entries[1].error).endswith(
        "small.wtb: game 2: move 30 is byte 0 (the end of the game) but move 31 is byte "
        f"{data[16 + 68 + 8 + 30]}"
    )
    with pytest.raises(RecordError, match="game 2: move 30 is byte 0"):
        wthor.read(path)


@pytest.mark.parametrize("byte", [89, 19, 20, 90, 10, 9, 255])
def test_invalid_move_bytes(small, byte):
    path, data = small
    path.write_bytes(edit_move(data, 3, 5, byte))
    entry = list(iter_games(path))[2]
    assert f"small.wtb: game 3: move 5 is byte {byte}, which is not a square" in str(entry.error)


def test_a_legal_looking_but_illegal_move_is_caught_by_the_replay(small):
    path, data = small
    path.write_bytes(edit_move(data, 1, 1, 11))  # a1 as the first move
    record = wthor.read(path)[0]
    with pytest.raises(RecordError, match=r"illegal move a1 at ply 0 \(Black to move\)"):
        Replay(record)


def test_bad_scores_and_board_size(small):
    path, data = small
    bad = bytearray(data)
    bad[16 + 6] = 65
    path.write_bytes(bytes(bad))
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
    few = bytearray(data_file("wthor", "WTHOR.JOU").read_bytes()[: 16 + 20 * 5])
    struct.pack_into("<H", few, 8, 5)
    jou.write_bytes(bytes(few))
    error = next(iter_games(path, players_file=jou)).error
    assert "small.wtb: game 1: black player index" in str(error) and "bad.jou (5 names)" in str(error)


def test_missing_file_and_read_only(tmp_path):
    with pytest.raises(RecordError, match="no such file"):
        wthor.read(tmp_path / "none.wtb")
    with pytest.raises(RecordError, match="read-only"):
        wthor.write(tmp_path / "x.wtb", [])
    with pytest.raises(RecordError, match="read-only"):
        pr_formats_write(tmp_path / "x.wtb")


def pr_formats_write(path):
    from polyreversi.formats import write

    write(path, [])
