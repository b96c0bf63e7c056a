"""OBF lines and position text (polyreversi.formats.obf, State.to_text,
Variant.position_from_text)."""
from __future__ import annotations


import pytest

import polyreversi as pr
from conftest import random_position, shared_data
from polyreversi.formats import obf

FIRST = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"




def test_reads_the_ffo_files():
    for name, count in (("fforum-1-19.obf", 19), ("fforum-20-39.obf", 20), ("fforum-40-59.obf", 20)):
        entries = obf.read(shared_data("ffo", name))
        assert len(entries) == count
        for e in entries:
            assert e.state.variant == pr.Variant("8x8")
            assert e.scores and all(m in e.state.legal_moves() for m in e.scores)
    first = obf.read(shared_data("ffo", "fforum-1-19.obf"))[0]
    assert first.state.to_text() == FIRST
    assert first.scores[first.state.variant.square("g8")] == 18
    assert first.state.to_move == pr.Color.BLACK


@pytest.mark.parametrize("variant", [pr.Variant("6x6"), pr.Variant("8x8"), pr.Variant("10x10"), pr.Variant("octagon"),
                                     pr.Variant("8x8", anti=True), pr.Variant("octagon", blocked=("b7", "i3")),
                                     pr.Variant("10x10", handicap=2), pr.Variant("6x6", free_opening=True),
                                     pr.Variant("8x8", 3), pr.Variant("octagon", 4, blocked=("e2",))], ids=str)
def test_text_round_trip(variant):
    for seed in range(5):
        s = random_position(variant, 3 + 7 * seed, seed)
        text = s.to_text()
        assert "\n" not in text
        back = variant.position_from_text(text)
        assert back == s and back.to_move == s.to_move
        assert obf.position_from_text(text) == s  # the text alone says which variant


def test_plain_8x8_is_edax_obf():
    s = random_position(pr.Variant(), 20, 1)
    cells, side = s.to_text().split()
    assert len(cells) == 64 and set(cells) <= set("XO-") and side in "XO"
    blocked = pr.Variant(blocked=("b2",)).start().to_text()
    assert blocked.split()[0][9] == "#" and len(blocked.split()[0]) == 64


def test_format_and_write_lines(tmp_path):
    s = obf.read(shared_data("ffo", "fforum-1-19.obf"))[0].state
    result = pr.solve(s, moves=True, convention="wof")
    line = obf.format_line(s, result.scores)
    assert line.startswith(FIRST + "; G8:+18; H1:+12;")
    path = tmp_path / "out.obf"
    obf.write(path, [(s, result.scores), pr.Variant("10x10").start()])
    entries = obf.read(path)
    assert entries[0].scores == result.scores and entries[1].state == pr.Variant("10x10").start()


def test_a_blocked_first_square_is_a_position_not_a_comment(tmp_path):
    # to_text writes a blocked a1 (c1 on the octagon) as '#', the first character of the line
    states = [pr.Variant("8x8", blocked=["a1"]).start(), pr.Variant("octagon", blocked=["c1"]).start(),
              pr.Variant().start()]
    assert states[0].to_text().startswith("#") and states[1].to_text().startswith("#")
    path = tmp_path / "blocked.obf"
    obf.write(path, states)
    path.write_text("# a comment line\n#\n" + path.read_text())
    entries = obf.read(path)
    assert [e.state for e in entries] == states
    assert [e.line for e in entries] == [3, 4, 5]


@pytest.mark.parametrize("text,match", [
    ("", "expected"),
    ("X" * 63 + " X", "63 cells"),
    ("X" * 64 + " Z", "side to move"),
    ("Q" + "-" * 63 + " X", "'Q' on a1 is not a cell"),
    ("8x8/3p " + "-" * 64 + " G", "not a player"),
    ("8x8/blocked=b2 " + "-" * 64 + " X", "b2 is blocked"),
    ("nosuch " + "-" * 64 + " X", "bad variant"),
    ("#" * 64 + " X", "blocked squares"),
    ("-" * 27 + "OX------XO" + "-" * 27 + " X extra", "unexpected 'extra' after the side to move"),
])
def test_bad_text(text, match):
    with pytest.raises((pr.PositionError, pr.VariantError), match=match):
        obf.position_from_text(text)


@pytest.mark.parametrize("annotation,match", [
    ("D3:+65", "between -64 and \\+64"),
    ("D3:+" + "9" * 5000, "between -64 and \\+64"),  # refused before int() reads 5000 digits
    ("D3:+\u0661\u0668", "expected MOVE:SCORE"),  # Arabic-Indic digits are not a score
])
def test_scores_outside_the_board_are_refused(annotation, match):
    line = "-" * 27 + "OX------XO" + "-" * 27 + " X; " + annotation + ";"
    with pytest.raises(pr.PositionError, match=match):
        obf.parse_line(line)
    assert obf.parse_line("-" * 27 + "OX------XO" + "-" * 27 + " X; D3:-64; c4:+0;").scores


def test_a_move_annotated_twice_is_refused():
    line = "-" * 27 + "OX------XO" + "-" * 27 + " X; D3:+2; d3:-4;"
    with pytest.raises(pr.PositionError, match="d3 is annotated twice"):
        obf.parse_line(line)


def test_text_for_another_variant_is_refused():
    with pytest.raises(pr.PositionError, match="for 8x8/anti"):
        pr.Variant("8x8").position_from_text("8x8/anti " + "-" * 27 + "OX------XO" + "-" * 27 + " X")
    with pytest.raises(TypeError):
        pr.Variant().position_from_text(None)


def test_bad_file_names_the_line(tmp_path):
    path = tmp_path / "bad.obf"
    path.write_text("% comment\n" + FIRST + "; G8:+18;\n\n" + FIRST + "; G8:x;\n")
    with pytest.raises(pr.RecordError, match=r"bad.obf:4: annotation"):
        obf.read(path)
