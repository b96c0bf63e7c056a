"""Variant: validation (RULES.md §8), the text form, blocked squares (§4)."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, strategies as st

import polyreversi as pr
from polyreversi import Color, Variant, VariantError
from variants import all_combos


@pytest.mark.parametrize(
    "kwargs,option",
    [
        (dict(board="6x6", players=3), "players"),
        (dict(board="6x6", players=4), "players"),
        (dict(board="9x9"), "board"),
        (dict(board="8x8", players=5), "players"),
        (dict(board="8x8", players=1), "players"),
        (dict(board="8x8", players=3, free_opening=True), "free_opening"),
        (dict(board="8x8", players=4, handicap=1), "handicap"),
        (dict(board="octagon", handicap=2), "handicap"),
        (dict(board="8x8", handicap=5), "handicap"),
        (dict(board="8x8", handicap=-1), "handicap"),
        (dict(board="8x8", blocked=["d4"]), "central 4x4"),
        (dict(board="8x8", blocked=["c3"]), "central 4x4"),
        (dict(board="8x8", handicap=1, blocked=["a1"]), "handicap corner"),
        (dict(board="octagon", blocked=["a1"]), "cut-out"),
        (dict(board="8x8", blocked=["a1", "a1"]), "twice"),
        (dict(board="8x8", blocked=["a1", "b1", "c1", "d1", "e1"]), "0 to 4"),
        (dict(board="8x8", blocked=["z9"]), "blocked"),
        (dict(board="8x8", blocked=[64]), "blocked"),
        (dict(board="8x8", players="2"), "players"),
        (dict(board="8x8", anti="yes"), "anti"),
        (dict(board="8x8", handicap=1, handicap_color="red"), "handicap_color"),
    ],
)
def test_impossible_combinations_name_the_option(kwargs, option):
    board = kwargs.pop("board")
    players = kwargs.pop("players", 2)
    with pytest.raises(VariantError, match=option):
        Variant(board, players, **kwargs)


def test_every_allowed_combination_builds_and_round_trips():
    seen = 0
    for combo in all_combos():
        v = Variant(combo.board, combo.players, anti=combo.anti, free_opening=combo.free_opening,
                    handicap=combo.handicap)
        if combo.blocked:
            v = v.with_random_blocked(seed=seen, count=combo.blocked)
            assert len(v.blocked) == combo.blocked
        assert Variant.parse(str(v)) == v and hash(Variant.parse(str(v))) == hash(v)
        seen += 1
    assert seen == 380


def test_parse_examples():
    v = Variant.parse("octagon/4p/anti/blocked=b7,i3")
    assert (v.board, v.players, v.anti, v.blocked) == ("octagon", 4, True, (28, 61))
    assert Variant.parse("8x8/handicap=2w").handicap_color == Color.WHITE
    assert Variant.parse("8X8/FREE/2p") == Variant(free_opening=True)
    for bad in ["", "8x8/3q", "8x8/anti/anti", "8x8/handicap=x", "8x8/blocked=", "hex", "8x8/3p/4p", None]:
        with pytest.raises(VariantError):
            Variant.parse(bad)


@given(seed=st.integers(0, 2**64 - 1), count=st.one_of(st.none(), st.integers(1, 4)),
       board=st.sampled_from(["6x6", "8x8", "10x10", "octagon"]), handicap=st.integers(0, 4))
def test_random_blocked_squares_are_eligible_and_reproducible(seed, count, board, handicap):
    if board == "octagon":
        handicap = 0
    v = Variant(board, handicap=handicap)
    a = v.with_random_blocked(seed=seed, count=count)
    assert a == v.with_random_blocked(seed=seed, count=count)
    assert 1 <= len(a.blocked) <= 4 and (count is None or len(a.blocked) == count)
    assert set(a.blocked) <= set(v.eligible_blocked())
    assert not set(a.blocked) & set(a.squares)


def test_random_blocked_count_checked():
    for bad in (0, 5, -1, 2.5):
        with pytest.raises(VariantError, match="count"):
            Variant().with_random_blocked(seed=1, count=bad)


def test_random_blocked_seeds_are_the_engines_64_bit_seeds_as_mcts_takes_them():
    v = Variant("10x10")
    for bad in (-1, 2**64, 2**64 + 5, -(2**63)):  # once taken modulo 2**64: -1 drew as 2**64 - 1
        with pytest.raises(ValueError, match=r"seed: must be in 0 \.\. 2\*\*64 - 1.*got " + str(bad)):
            v.with_random_blocked(seed=bad)
        with pytest.raises(ValueError, match=r"seed: must be in 0 \.\. 2\*\*64 - 1"):
            pr.mcts(v.start(), playouts=1, seed=bad)
    for bad in (1.5, "7", True):
        with pytest.raises(TypeError, match="seed: expected an int or None"):
            v.with_random_blocked(seed=bad)
    # the range's two ends and NumPy integers are seeds; each is the draw of Batch's game 0
    for seed in (0, 2**64 - 1, np.uint64(2**64 - 1), np.int8(3)):
        drawn = v.with_random_blocked(seed=seed)
        assert drawn == v.with_random_blocked(seed=int(seed)) and 1 <= len(drawn.blocked) <= 4
        assert pr.Batch(v, 1, seed=int(seed), blocked="random").state(0).variant == drawn
    assert v.with_random_blocked(seed=None).blocked  # fresh entropy


def test_squares_and_names():
    v = Variant("10x10")
    assert v.square("j10") == 99 and v.square_name(99) == "j10" and v.square("pass") == v.PASS == 100
    assert v.square("A1") == 0 and v.square_name(100) == "pass"
    assert Variant("6x6").eligible_blocked() == [0, 1, 2, 3, 4, 5, 6, 11, 12, 17, 18, 23, 24, 29, 30, 31, 32, 33, 34, 35]
    assert len(Variant("octagon").squares) == 88


def test_a_variants_text_given_as_the_board_is_read_by_the_one_parser():
    assert pr.Variant("8x8/3p") == pr.Variant.parse("8x8/3p") == pr.Variant("8x8", 3)
    with pytest.raises(pr.VariantError, match=r"'8x8/3p' is a variant's whole text; give the options in the text "
                                              r"or as arguments, not both"):
        pr.Variant("8x8/3p", 3)


@pytest.mark.parametrize("text, message", [
    # A huge argument is quoted cut, with its length: the message stays a line.
    ("y" * 30000, "board: unknown board '" + "y" * 40 + "...' (30000 characters); allowed: 6x6"),
    ("é" * 100, "board: unknown board '" + "é" * 40 + "...' (100 characters)"),  # 40 characters, as errors.quoted
    ("8x8/" + "anti/" * 5000, "variant: option 'anti' given twice in '8x8/anti/anti/anti/anti/anti/anti/anti/a...' "
                              "(25004 characters)"),
    ("8x8/blocked=" + "a1" * 10000, "blocked: '" + "a1" * 20 + "...' (20000 characters) is not a square name"),
    ("8x8/blocked=random" + "9" * 3000, "blocked: 'blocked=random" + "9" * 26 + "...' (3014 characters) draws new"),
    # What the user wrote, not the index it stands for ('square 64 is off the board' before).
    ("8x8/blocked=pass", "blocked: 'pass' is a pass, not a square; blocked squares are named as a1"),
    ("8x8/3p/4p", "variant: the player count is given twice in '8x8/3p/4p'"),
], ids=["long board", "long UTF-8 board", "long options", "long square", "long draw", "pass blocked",
        "players twice"])
def test_variant_messages_quote_what_was_given_and_stay_short(text, message):
    with pytest.raises(VariantError) as caught:
        Variant.parse(text)
    assert str(caught.value).startswith(message), str(caught.value)
    assert len(str(caught.value)) < 300


def test_a_huge_draw_count_is_quoted_short():
    from polyreversi.variant import parse_with_draw

    with pytest.raises(VariantError) as caught:
        parse_with_draw("8x8/blocked=random" + "9" * 3000)
    assert str(caught.value).startswith("blocked: 'blocked=random" + "9" * 26 + "...' (3014 characters): draw 1 to 4")
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize("make", [lambda: Variant("8x8/blocked=z9"), lambda: Variant("8x8", blocked=["z9"])])
def test_a_blocked_square_off_the_grid_is_not_offered_a_pass(make):
    # The hint said "squares are a1..h8 or 'pass'"; a blocked square is never a pass.
    with pytest.raises(VariantError) as caught:
        make()
    assert str(caught.value) == "blocked: 'z9' is off the 8x8 grid; squares are a1..h8"


def test_a_move_off_the_grid_is_still_offered_a_pass():
    with pytest.raises(pr.InvalidSquareError, match=r"squares are a1\.\.h8 or 'pass'$"):
        Variant("8x8").square("z9")


@pytest.mark.parametrize("text, shown", [
    ("a\x85b", "'a\\x85b'"), ("a\x9bb", "'a\\x9bb'"), ("a\u2028b", "'a\\u2028b'"), ("a\u2029b", "'a\\u2029b'"),
    ("a\x1b[31m", "'a\\x1b[31m'"), ("\ud800", "'\\ud800'"), ("8x8\udcff", "'8x8\\udcff'"),
])
def test_a_bad_board_name_is_shown_on_one_line(text, shown):
    # The core's quoting escapes the C1 controls and the line separators as Python's repr
    # does; text with a lone surrogate (bytes that are not UTF-8, os.fsdecode) is no
    # board's name, not a fault of the blocked squares.
    for make in (pr.Variant, pr.Variant.parse):
        with pytest.raises(pr.VariantError) as e:
            make(text)
        assert str(e.value) == f"board: unknown board {shown}; allowed: 6x6, 8x8, 10x10, octagon"
        assert len(str(e.value).splitlines()) == 1
