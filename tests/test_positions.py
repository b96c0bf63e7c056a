"""Hand-made positions for each fault engines in the wild have had,
checked against RULES.md by hand and against the reference."""
from __future__ import annotations

import numpy as np
import pytest

from conftest import random_position
from diagrams import names, position
from engine_vs_reference import assert_same_turn, ref_state_of
from polyreversi import Color, IllegalMoveError, Variant

BOARDS = ["6x6", "8x8", "10x10", "octagon"]


def agree(state) -> list[int]:
    return assert_same_turn(state, ref_state_of(state))


# -- lines that would wrap around an edge -----------------------------------


@pytest.mark.parametrize("board", BOARDS)
def test_no_line_wraps_from_one_edge_to_the_other(board):
    """Every index step that is a wrap (east from the last column, diagonals
    across an edge) is tried: opponent disk on the edge, own disk where the
    wrapped line would land, the square before the run empty. The engine
    must find no move there, like the reference (2-D bounds, no wrap)."""
    v = Variant(board)
    n = v.n
    playable = set(v.squares)
    tried = 0
    for sq in playable:
        r, c = divmod(sq, n)
        for dr, dc in ((0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
            step = dr * n + dc
            # the opponent disk sits on the edge column the step leaves
            if not ((dc == 1 and c == n - 1) or (dc == -1 and c == 0)):
                continue
            before, landing = sq - step, sq + step
            before_rc = divmod(before, n)
            if before not in playable or landing not in playable or landing == before:
                continue
            if abs(before_rc[1] - c) != 1 or abs(before_rc[0] - r) != abs(dr):
                continue  # `before` must be a true neighbour of the edge square
            cells = [0] * (n * n)
            cells[sq], cells[landing] = 2, 1
            s = v.position(np.array(cells), Color.BLACK)
            assert not s.is_legal(before), f"{v.square_name(before)} wraps on {board}"
            agree(s)
            tried += 1
    assert tried >= 20  # every wrap-prone edge square of the board was tried


def test_line_across_the_64_bit_word_boundary_flips():
    """On 10x10 squares 63 (d7) and 64 (e7) sit in different 64-bit halves."""
    v = Variant("10x10")
    cells = np.zeros((10, 10), dtype=np.int8)
    cells[6, 2], cells[6, 3], cells[6, 4] = 1, 2, 2  # c7 X, d7 O, e7 O
    s = v.position(cells, Color.BLACK)
    assert s.flips("f7") == [63, 64]
    agree(s)


# -- holes: blocked squares and octagon cut-outs ----------------------------


def test_line_through_a_blocked_square_does_not_enclose():
    v = Variant("8x8", blocked=["b1"])
    s = position(v, """
        X # O . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . O X . . .
        . . . X O . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .""")
    assert not s.is_legal("d1")  # d1 c1(O) b1(hole) a1(X): no line
    assert "d1" not in names(v, agree(s))
    with pytest.raises(IllegalMoveError, match="d1"):
        s.play("d1")


def test_blocked_and_cut_out_squares_are_never_moves():
    v = Variant("octagon", blocked=["j5"])
    s = position(v, """
        - - O O X . . . - -
        - . . . . . . . . -
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . O X X X O #
        . . . . X O . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        - . . . . . . . . -
        - - . . . . . . - -""")
    # b1 would enclose c1 d1 against e1 but b1 is a cut-out; j5 would close
    # the line i5(O)-h5.. but j5 is blocked.
    legal = agree(s)
    assert v.square("b1") not in legal and v.square("j5") not in legal
    assert "not a square of the octagon" in _error(s, "b1")
    assert "blocked" in _error(s, "j5")


def _error(state, move) -> str:
    with pytest.raises(IllegalMoveError) as info:
        state.play(move)
    return str(info.value)


def test_move_next_to_an_opponent_disk_that_flips_nothing():
    s = Variant().start()
    assert not s.is_legal("c3")  # c3 touches d4 (White), but c3-d4-e5-f6 ends empty
    assert "flips nothing" in _error(s, "c3")
    assert names(s.variant, agree(s)) == ["d3", "c4", "f5", "e6"]


# -- passes and the end of the game ------------------------------------------


def test_forced_pass_is_not_game_over():
    v = Variant()
    s = position(v, "O X . . . . . .\n" + ". . . . . . . .\n" * 7)
    assert s.legal_moves() == [v.PASS] and s.must_pass() and not s.is_over()
    agree(s)
    assert "must pass" in _error(s, "c1")
    s.play("pass")
    assert s.to_move == Color.WHITE and s.legal_moves() == [v.square("c1")]


def test_pass_when_a_move_exists_is_illegal():
    s = Variant().start()
    assert "may not pass" in _error(s, "pass")
    assert not s.is_legal(s.PASS)


def test_game_over_with_empty_squares_when_both_are_stuck():
    v = Variant()
    s = position(v, ". . . . . . . .\n" * 3 + ". . . X X . . .\n" + ". . . X . . . .\n" + ". . . . . . . .\n" * 3,
                 ply=9)
    assert s.is_over() and s.legal_moves() == [] and s.scores() == (3, 0)
    assert s.winners() == (Color.BLACK,)
    agree(s)


@pytest.mark.parametrize("players", [2, 4])
def test_blocked_squares_wall_off_empties_at_the_end(players):
    v = Variant("8x8", players, blocked=["b1", "a2", "b2"])
    rows = [". # X O X O X O", "# # O X O X O X"] + ["X O X O X O X O", "O X O X O X O X"] * 3
    s = position(v, "\n".join(rows))
    assert s.is_over() and s.legal_moves() == []
    assert s.board()[0, 0] == 0  # a1 stays empty, walled off
    agree(s)


def test_game_over_before_the_first_move_on_a_custom_start():
    v = Variant("6x6")
    s = position(v, "X X . . . .\n" + ". . . . . .\n" * 5)
    assert s.is_over() and s.ply == 0 and s.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        s.play("c1")


# -- three and four players --------------------------------------------------


def test_line_mixing_colours_and_the_neutral_disk_flips_to_the_mover():
    v = Variant("8x8", 3)
    s = position(v, """
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        X O N R . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .""")
    assert s.flips("e4") == [v.square("b4"), v.square("c4"), v.square("d4")]
    agree(s)
    s.play("e4")
    assert s.board()[3, :5].tolist() == [1, 1, 1, 1, 1] and s.scores() == (5, 0, 0)
    assert s.to_move == Color.WHITE


def test_the_neutral_disk_never_closes_a_line():
    v = Variant("8x8", 3)
    s = position(v, """
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        N O . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        R . . . . . . .""", to_move=Color.RED)
    # Red has no flipping move (c4-b4(O)-a4(N) ends on neutral): adjacency fallback.
    legal = agree(s)
    assert v.square("c4") in legal and s.flips("c4") == []
    assert sorted(names(v, legal)) == sorted(["a3", "b3", "c3", "c4", "c5", "b5", "a5", "a7", "b7", "b8"])
    s.play("c4")
    assert s.board()[3, :3].tolist() == [5, 2, 3]


def test_player_without_disks_stays_in_by_the_adjacency_fallback():
    v = Variant("8x8", 4)
    s = v.start()
    cells = s.board()
    cells[4, 3] = 1  # Green's only disk becomes Black's
    s = v.position(cells, Color.GREEN, ply=3)
    assert s.scores()[3] == 0
    legal = agree(s)
    assert len(legal) == 12  # every empty square around the 2x2 centre
    s.play(legal[0])
    assert s.scores()[3] == 1 and s.to_move == Color.BLACK


def test_draw_shared_by_three_players():
    v = Variant("8x8", 4)
    disks = "X" * 20 + "O" * 20 + "R" * 20 + "G" * 4
    rows = [disks[i : i + 8] for i in range(0, 64, 8)]
    s = position(v, "\n".join(rows), to_move=Color.RED)
    scores = s.scores()
    assert s.is_over() and scores[0] == scores[1] == scores[2] > scores[3]
    assert s.winners() == (Color.BLACK, Color.WHITE, Color.RED)
    agree(s)
    anti = position(v.replace(anti=True), "\n".join(rows))
    assert anti.winners() == (Color.GREEN,)


def test_anti_reversi_fewest_disks_win():
    rows = ["X" * 8] * 5 + ["O" * 8] * 3
    s = position(Variant(anti=True), "\n".join(rows))
    assert s.scores() == (40, 24) and s.winners() == (Color.WHITE,)
    s2 = position(Variant(), "\n".join(rows))
    assert s2.winners() == (Color.BLACK,)
    even = position(Variant(anti=True), "\n".join(["X" * 8] * 4 + ["O" * 8] * 4))
    assert even.winners() == (Color.BLACK, Color.WHITE)


# -- queries on a finished game ---------------------------------------------


def test_queries_on_a_finished_game():
    s = random_position(Variant("6x6"), None, 3)
    board, scores, ply = s.board().copy(), s.scores(), s.ply
    assert s.legal_moves() == [] and s.legal_mask() == 0 and not s.must_pass()
    assert not s.is_legal("pass") and not any(s.is_legal(sq) for sq in range(36))
    for move in ("pass", 0, "f6"):
        with pytest.raises(IllegalMoveError, match="game is over"):
            s.play(move)
    assert (s.board() == board).all() and s.scores() == scores and s.ply == ply
    assert sum(scores) <= 36 and len(s.winners()) >= 1
