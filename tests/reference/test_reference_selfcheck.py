"""Self-checks of the pure-Python reference rules (tests/reference/rules.py).

Every expectation here is worked out by hand from /work/shared/RULES.md.
"""

import random

import pytest

from .rules import (
    EMPTY, BLACK, WHITE, RED, GREEN, NEUTRAL, BLOCKED, CUT_OUT, BOARDS,
    RefVariant, RefState,
    start, legal_moves, flips, play, is_over, scores, winners, perft,
    board_grid, square_name, parse_square,
)

# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------

_CHAR = {".": EMPTY, "B": BLACK, "W": WHITE, "R": RED, "G": GREEN, "N": NEUTRAL}


def make(variant, picture, to_move=BLACK, ply=0):
    """Build a state from a picture: one line per row, one character per cell.

    '.' empty, B/W/R/G disks, N neutral, 'X' a blocked square (must be in
    variant.blocked), '#' an octagon cut-out (must be one).
    """
    variant.validate()
    n = variant.N
    rows = [line.strip() for line in picture.strip().splitlines()]
    assert len(rows) == n, f"picture has {len(rows)} rows, expected {n}"
    cells = []
    for r, line in enumerate(rows):
        assert len(line) == n, f"row {r + 1} has {len(line)} cells, expected {n}"
        for c, ch in enumerate(line):
            sq = r * n + c
            if ch == "X":
                assert sq in variant.blocked, f"{square_name(n, sq)} is not blocked"
                cells.append(EMPTY)
            elif ch == "#":
                assert variant.is_cut_out(sq), f"{square_name(n, sq)} is not cut out"
                cells.append(EMPTY)
            else:
                assert variant.playable(sq), f"{square_name(n, sq)} is not playable"
                cells.append(_CHAR[ch])
    return RefState(variant, cells, to_move, ply)


def sqs(n, *names):
    return sorted(parse_square(n, name) for name in names)


def names(n, squares):
    return [square_name(n, sq) for sq in squares]


VALID_COMBOS = [
    ("6x6", 2), ("8x8", 2), ("10x10", 2), ("octagon", 2),
    ("8x8", 3), ("10x10", 3), ("octagon", 3),
    ("8x8", 4), ("10x10", 4), ("octagon", 4),
]

PLAYABLE_COUNT = {"6x6": 36, "8x8": 64, "10x10": 100, "octagon": 88}


# ---------------------------------------------------------------------------
# Perft and the standard start
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("depth,leaves", [
    (0, 1), (1, 4), (2, 12), (3, 56), (4, 244), (5, 1396), (6, 8200),
])
def test_perft_8x8(depth, leaves):
    assert perft(start(RefVariant("8x8", 2)), depth) == leaves


def test_8x8_start_and_first_moves():
    s = start(RefVariant("8x8", 2))
    g = board_grid(s)
    assert s.cells[parse_square(8, "d4")] == WHITE
    assert s.cells[parse_square(8, "e4")] == BLACK
    assert s.cells[parse_square(8, "d5")] == BLACK
    assert s.cells[parse_square(8, "e5")] == WHITE
    assert g[3][3] == WHITE and g[3][4] == BLACK and g[4][3] == BLACK and g[4][4] == WHITE
    assert s.to_move == BLACK and s.ply == 0
    assert names(8, legal_moves(s)) == ["d3", "c4", "f5", "e6"]  # ascending index order
    assert legal_moves(s) == [19, 26, 37, 44]
    assert flips(s, parse_square(8, "d3")) == [parse_square(8, "d4")]
    after = play(s, parse_square(8, "d3"))
    assert after.to_move == WHITE and after.ply == 1
    assert scores(after) == (4, 1)
    # The original is untouched.
    assert s == start(RefVariant("8x8", 2))
    assert scores(s) == (2, 2)


def test_illegal_moves_raise():
    s = start(RefVariant("8x8", 2))
    for bad in [0, 27, 64, -1, 100, parse_square(8, "d4")]:
        with pytest.raises(ValueError):
            play(s, bad)
        with pytest.raises(ValueError):
            flips(s, bad)


# ---------------------------------------------------------------------------
# Start positions of every board / player count
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("board,players", VALID_COMBOS)
def test_start_positions(board, players):
    v = RefVariant(board, players)
    s = start(v)
    n = v.N
    assert n == BOARDS[board]
    assert v.pass_move == n * n
    assert len(s.cells) == n * n
    assert s.to_move == BLACK and s.ply == 0
    assert sum(1 for sq in range(n * n) if v.playable(sq)) == PLAYABLE_COUNT[board]
    h = n // 2
    tl, tr, br, bl = (h - 1) * n + h - 1, (h - 1) * n + h, h * n + h, h * n + h - 1
    assert v.centre() == sorted([tl, tr, br, bl])
    assert len(v.central_region()) == 16
    occupied = [sq for sq in range(n * n) if s.cells[sq] != EMPTY]
    assert sorted(occupied) == v.centre()
    if players == 2:
        assert (s.cells[tl], s.cells[tr], s.cells[br], s.cells[bl]) == (WHITE, BLACK, WHITE, BLACK)
        assert scores(s) == (2, 2)
    elif players == 3:
        assert (s.cells[tl], s.cells[tr], s.cells[br], s.cells[bl]) == (BLACK, WHITE, RED, NEUTRAL)
        assert scores(s) == (1, 1, 1)
        assert s.cells.count(NEUTRAL) == 1
    else:
        assert (s.cells[tl], s.cells[tr], s.cells[br], s.cells[bl]) == (BLACK, WHITE, RED, GREEN)
        assert scores(s) == (1, 1, 1, 1)
    assert not is_over(s)
    assert legal_moves(s)


def test_octagon_cut_outs():
    v = RefVariant("octagon", 2)
    cut = [sq for sq in range(100) if v.is_cut_out(sq)]
    assert names(10, cut) == ["a1", "b1", "i1", "j1", "a2", "j2",
                              "a9", "j9", "a10", "b10", "i10", "j10"]
    assert not any(v.playable(sq) for sq in cut)
    assert v.corners_in_handicap_order() == []
    g = board_grid(start(v))
    assert sum(row.count(CUT_OUT) for row in g) == 12
    assert g[0][:3] == [CUT_OUT, CUT_OUT, EMPTY]
    assert not any(RefVariant(b, 2).is_cut_out(sq) for b in ("6x6", "8x8", "10x10")
                   for sq in range(BOARDS[b] ** 2))


EXPECTED_PER_PLAYER = {
    ("8x8", 3): 20, ("8x8", 4): 15,
    ("10x10", 3): 32, ("10x10", 4): 24,
    ("octagon", 3): 28, ("octagon", 4): 21,
}


@pytest.mark.parametrize("board,players", sorted(EXPECTED_PER_PLAYER))
def test_full_board_disk_arithmetic(board, players):
    """RULES §8: without blocked squares each of 3 or 4 players places the
    same number of disks, and the game ends with the board full."""
    v = RefVariant(board, players)
    per_player = EXPECTED_PER_PLAYER[(board, players)]
    empties = PLAYABLE_COUNT[board] - 4
    assert empties == per_player * players
    for seed in (1, 2):
        rng = random.Random(seed)
        s = start(v)
        placed = {c: 0 for c in range(1, players + 1)}
        while not is_over(s):
            moves = legal_moves(s)
            assert moves and v.pass_move not in moves
            placed[s.to_move] += 1
            s = play(s, rng.choice(moves))
        assert legal_moves(s) == []
        assert s.ply == empties
        assert set(placed.values()) == {per_player}
        n_disks = sum(scores(s)) + s.cells.count(NEUTRAL)
        assert n_disks == PLAYABLE_COUNT[board]
        assert all(s.cells[sq] != EMPTY for sq in range(v.N ** 2) if v.playable(sq))


@pytest.mark.parametrize("variant", [
    RefVariant("6x6", 2),
    RefVariant("octagon", 2, anti=True),
    RefVariant("8x8", 2, free_opening=True, handicap=2, handicap_color=WHITE),
    RefVariant("10x10", 2, blocked=frozenset({0, 50, 99})),
    RefVariant("8x8", 3, blocked=frozenset({1, 8, 9})),
    RefVariant("octagon", 4, blocked=frozenset({2, 3, 97, 50})),
])
def test_random_games_invariants(variant):
    """Random games: every move adds one disk and recolours exactly its
    flips; passes only in 2-player games; the game ends."""
    rng = random.Random(7)
    for _ in range(2):
        s = start(variant)
        while not is_over(s):
            moves = legal_moves(s)
            assert moves == sorted(moves)
            mv = rng.choice(moves)
            f = flips(s, mv)
            t = play(s, mv)
            assert t.ply == s.ply + 1
            assert t.to_move == s.to_move % variant.players + 1
            if mv == variant.pass_move:
                assert variant.players == 2 and moves == [mv] and f == []
                assert t.cells == s.cells
                s = t
                continue
            assert variant.playable(mv) and s.cells[mv] == EMPTY
            for sq in range(variant.N ** 2):
                if sq == mv or sq in f:
                    assert t.cells[sq] == s.to_move
                    if sq in f:
                        assert s.cells[sq] not in (EMPTY, s.to_move)
                else:
                    assert t.cells[sq] == s.cells[sq]
            s = t
        assert legal_moves(s) == []
        for sq in variant.blocked:
            assert s.cells[sq] == EMPTY


# ---------------------------------------------------------------------------
# Hand-made positions
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("n,board", [(6, "6x6"), (8, "8x8"), (10, "10x10")])
def test_no_wrap_across_edges_and_forced_pass(n, board):
    """Row 2: W B . . B W.  Black at the end of row 1 (or start of row 3)
    would 'enclose' across the edge with one-dimensional index arithmetic."""
    v = RefVariant(board, 2)
    cells = [EMPTY] * (n * n)
    cells[1 * n + 0] = WHITE
    cells[1 * n + 1] = BLACK
    cells[1 * n + n - 2] = BLACK
    cells[1 * n + n - 1] = WHITE
    s = RefState(v, cells, BLACK, 10)
    # Black has no real move; White has -> Black must pass, game not over.
    assert legal_moves(s) == [n * n]
    assert not is_over(s)
    assert flips(s, n * n) == []
    t = play(s, n * n)
    assert t.cells == s.cells and t.to_move == WHITE and t.ply == 11
    assert legal_moves(t) == [1 * n + 2, 1 * n + n - 3]
    # Black may not pass when it has a move.
    with pytest.raises(ValueError):
        play(start(v), n * n)


def test_blocked_square_is_a_hole_and_stops_lines():
    # c1 (2) and c8 (58) are blocked.
    v = RefVariant("8x8", 2, blocked=frozenset({parse_square(8, "c1"), parse_square(8, "c8")}))
    pic = """
        BWX.....
        ........
        ........
        ...WB...
        ...BW...
        ........
        ........
        BWXW....
    """
    s = make(v, pic)
    moves = legal_moves(s)
    # c1 would enclose b1, but it is blocked; e8 would enclose d8,(c8),b8
    # if the hole did not stop the line.
    assert parse_square(8, "c1") not in moves
    assert parse_square(8, "e8") not in moves
    assert names(8, moves) == ["d3", "c4", "f5", "e6"]
    # Control: with a White disk instead of the hole, e8 flips d8, c8, b8.
    v0 = RefVariant("8x8", 2, blocked=frozenset({parse_square(8, "c1")}))
    s0 = make(v0, pic.replace("BWXW", "BWWW"))
    assert flips(s0, parse_square(8, "e8")) == sqs(8, "b8", "c8", "d8")
    g = board_grid(s)
    assert g[0][2] == BLOCKED and g[7][2] == BLOCKED and g[7][3] == WHITE


def test_octagon_cut_out_is_not_a_square_and_stops_lines():
    v = RefVariant("octagon", 2)
    # b2 White: a1 (diagonal via c3), b1 (vertical via b3) and a2
    # (horizontal via c2) would enclose it, but they are cut out.
    pic = """
        ##......##
        #WB......#
        .BB.......
        ..........
        ..........
        ..........
        ..........
        ..........
        #........#
        ##......##
    """
    s = make(v, pic)
    assert legal_moves(s) == [100]  # Black must pass
    t = play(s, 100)
    assert names(10, legal_moves(t)) == ["d2", "b4", "d4"]
    # A run heading into a cut-out is not enclosed.
    pic2 = """
        ##......##
        #WW.....B#
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        #........#
        ##......##
    """
    s2 = make(v, pic2)
    assert parse_square(10, "d2") not in legal_moves(s2)
    assert legal_moves(s2) == []
    assert is_over(s2)  # White has no move either (nothing to enclose)


def test_three_player_start_moves_and_neutral_flip():
    v = RefVariant("8x8", 3)
    s = start(v)
    # Black d4, White e4, Red e5, neutral d5.  Worked out by hand.
    assert names(8, legal_moves(s)) == ["f4", "d6", "f6"]
    assert flips(s, parse_square(8, "f4")) == sqs(8, "e4")
    assert flips(s, parse_square(8, "f6")) == sqs(8, "e5")
    # The neutral disk is enclosed like any other disk and becomes Black's.
    assert flips(s, parse_square(8, "d6")) == sqs(8, "d5")
    t = play(s, parse_square(8, "d6"))
    assert t.cells[parse_square(8, "d5")] == BLACK
    assert t.cells.count(NEUTRAL) == 0
    assert scores(t) == (3, 1, 1)
    assert t.to_move == WHITE
    # 4 players: same geometry, same moves.
    assert names(8, legal_moves(start(RefVariant("8x8", 4)))) == ["f4", "d6", "f6"]


def test_turn_order_cycles():
    for players in (3, 4):
        s = start(RefVariant("10x10", players))
        seen = []
        for _ in range(2 * players):
            seen.append(s.to_move)
            s = play(s, legal_moves(s)[0])
        assert seen == list(range(1, players + 1)) * 2


def test_mixed_run_flips_every_colour():
    v = RefVariant("8x8", 4)
    pic = """
        ........
        ........
        ........
        BWRGN...
        ........
        ........
        ........
        ........
    """
    s = make(v, pic)
    assert flips(s, parse_square(8, "f4")) == sqs(8, "b4", "c4", "d4", "e4")
    t = play(s, parse_square(8, "f4"))
    assert [t.cells[parse_square(8, x)] for x in ("a4", "b4", "c4", "d4", "e4", "f4")] == [BLACK] * 6


def test_neutral_never_closes_a_line_and_adjacency_fallback():
    v = RefVariant("8x8", 3)
    pic = """
        ........
        ........
        ........
        ...WN...
        ........
        ........
        ........
        B.......
    """
    s = make(v, pic)
    # c4: W then N then empty -- the neutral disk does not close the run,
    # so Black has no flipping move and falls back to adjacency.
    expected = sqs(8, "c3", "d3", "e3", "f3", "c4", "f4", "c5", "d5", "e5", "f5",
                   "a7", "b7", "b8")
    assert legal_moves(s) == expected
    assert not is_over(s)
    c4 = parse_square(8, "c4")
    assert flips(s, c4) == []
    t = play(s, c4)
    assert t.cells[c4] == BLACK
    assert t.cells[parse_square(8, "d4")] == WHITE
    assert scores(t) == (2, 1, 0)
    assert t.to_move == WHITE
    # White is now enclosed by Black: White (to move) has no flipping move
    # through c4 either way; Red has none and lost nothing.
    # A player without any disk stays in the game via the fallback.
    u = play(t, legal_moves(t)[0])
    assert u.to_move == RED
    assert scores(u)[2] == 0
    assert legal_moves(u)  # fallback squares
    assert all(flips(u, m) == [] for m in legal_moves(u))


def test_only_flipping_moves_when_one_exists():
    v = RefVariant("8x8", 3)
    pic = """
        ........
        ........
        ........
        ...WB...
        ........
        ........
        ........
        ........
    """
    s = make(v, pic)
    assert names(8, legal_moves(s)) == ["c4"]


def test_forced_pass_then_finish():
    v = RefVariant("8x8", 2)
    rows = ["." + "B" * 7] + ["B" * 8] * 6 + ["B" * 7 + "W"]
    s = make(v, "\n".join(rows))
    assert legal_moves(s) == [64]
    assert not is_over(s)
    t = play(s, 64)
    assert t.to_move == WHITE and t.ply == 1
    assert legal_moves(t) == [0]
    assert flips(t, 0) == sqs(8, "b2", "c3", "d4", "e5", "f6", "g7")
    u = play(t, 0)
    assert is_over(u) and legal_moves(u) == []
    assert scores(u) == (64 - 8, 8)
    assert perft(s, 5) == 1  # pass, move, then the finished game is one leaf


def test_two_player_game_over_with_empties():
    v = RefVariant("8x8", 2)
    rows = ["." + "B" * 7] + ["B" * 8] * 6 + ["B" * 7 + "."]
    s = make(v, "\n".join(rows))
    assert is_over(s)
    assert legal_moves(s) == []
    assert perft(s, 3) == 1
    assert scores(s) == (62, 0)
    assert winners(s) == (BLACK,)
    with pytest.raises(ValueError):
        play(s, 64)


def test_three_player_game_over_with_walled_empty():
    v = RefVariant("8x8", 3, blocked=frozenset(sqs(8, "b1", "a2", "b2")))
    colours = "BWR"
    rows = []
    k = 0
    for r in range(8):
        line = ""
        for c in range(8):
            if (r, c) == (0, 0):
                line += "."
            elif (r, c) in ((0, 1), (1, 0), (1, 1)):
                line += "X"
            else:
                line += colours[k % 3]
                k += 1
        rows.append(line)
    s = make(v, "\n".join(rows))
    assert is_over(s)
    assert legal_moves(s) == []
    assert s.cells[0] == EMPTY
    # Not over when a reachable square is empty.
    s2 = RefState(v, list(s.cells), BLACK, 0)
    s2.cells[parse_square(8, "h8")] = EMPTY
    assert not is_over(s2)
    assert legal_moves(s2) == [parse_square(8, "h8")]


def test_anti_reversi_winners():
    rows = ["B" * 8] * 5 + ["W" * 8] * 3   # 40 Black, 24 White
    pic = "\n".join(rows)
    s = make(RefVariant("8x8", 2), pic)
    a = make(RefVariant("8x8", 2, anti=True), pic)
    assert is_over(s) and is_over(a)
    assert scores(s) == scores(a) == (40, 24)
    assert winners(s) == (BLACK,)
    assert winners(a) == (WHITE,)
    # 3 players, anti: fewest disks wins.
    v3 = RefVariant("8x8", 3, anti=True)
    rows3 = ["B" * 8] * 4 + ["W" * 8] * 2 + ["R" * 8] + ["R" * 7 + "N"]
    a3 = make(v3, "\n".join(rows3))
    assert scores(a3) == (32, 16, 15)
    assert winners(a3) == (RED,)
    # 2-player draw, also under anti.
    even = "\n".join(["B" * 8] * 4 + ["W" * 8] * 4)
    assert winners(make(RefVariant("8x8", 2), even)) == (BLACK, WHITE)
    assert winners(make(RefVariant("8x8", 2, anti=True), even)) == (BLACK, WHITE)


def test_three_way_draw():
    # 21 + 21 + 21 + 1 neutral = 64.
    cells_str = "B" * 21 + "W" * 21 + "R" * 21 + "N"
    rows = [cells_str[i:i + 8] for i in range(0, 64, 8)]
    for anti in (False, True):
        s = make(RefVariant("8x8", 3, anti=anti), "\n".join(rows))
        assert is_over(s)
        assert scores(s) == (21, 21, 21)
        assert winners(s) == (BLACK, WHITE, RED)
    four = "B" * 16 + "W" * 16 + "R" * 16 + "G" * 16
    s4 = make(RefVariant("8x8", 4), "\n".join(four[i:i + 8] for i in range(0, 64, 8)))
    assert winners(s4) == (BLACK, WHITE, RED, GREEN)


# ---------------------------------------------------------------------------
# Free opening and handicap
# ---------------------------------------------------------------------------

def test_free_opening():
    v = RefVariant("8x8", 2, free_opening=True)
    s = start(v)
    assert all(x == EMPTY for x in s.cells)
    assert legal_moves(s) == v.centre()
    assert perft(s, 4) == 24  # 4 * 3 * 2 * 1 placements
    order = []
    for mv in (parse_square(8, "d4"), parse_square(8, "e4"), parse_square(8, "d5"), parse_square(8, "e5")):
        order.append(s.to_move)
        assert flips(s, mv) == []
        s = play(s, mv)
    assert order == [BLACK, WHITE, BLACK, WHITE]
    # Centre now d4 B, e4 W, d5 B, e5 W (a "parallel" opening); normal play.
    assert s.to_move == BLACK and s.ply == 4
    assert scores(s) == (2, 2)
    assert names(8, legal_moves(s)) == ["f3", "f4", "f5", "f6"]
    # Free opening on the octagon with blocked squares is allowed.
    vo = RefVariant("octagon", 2, free_opening=True, blocked=frozenset({2}))
    vo.validate()
    assert legal_moves(start(vo)) == vo.centre()


def test_handicap():
    v = RefVariant("8x8", 2, handicap=4, handicap_color=WHITE)
    assert v.corners_in_handicap_order() == sqs(8, "a1") + sqs(8, "h8") + sqs(8, "h1") + sqs(8, "a8")
    s = start(v)
    for name in ("a1", "h8", "h1", "a8"):
        assert s.cells[parse_square(8, name)] == WHITE
    assert scores(s) == (2, 6)
    assert s.to_move == BLACK
    s1 = start(RefVariant("6x6", 2, handicap=1))
    assert s1.cells[0] == BLACK and scores(s1) == (3, 2)
    s3 = start(RefVariant("10x10", 2, handicap=3))
    assert [s3.cells[q] for q in (0, 99, 9, 90)] == [BLACK, BLACK, BLACK, EMPTY]


def test_eligible_blocked():
    assert len(RefVariant("6x6", 2).eligible_blocked()) == 20
    assert len(RefVariant("8x8", 2).eligible_blocked()) == 48
    assert len(RefVariant("10x10", 4).eligible_blocked()) == 84
    assert len(RefVariant("octagon", 3).eligible_blocked()) == 72
    e = RefVariant("8x8", 2, handicap=2).eligible_blocked()
    assert len(e) == 46 and 0 not in e and 63 not in e and 7 in e
    assert e == sorted(e)
    assert not set(e) & RefVariant("8x8", 2).central_region()


# ---------------------------------------------------------------------------
# Validation
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("board,players", VALID_COMBOS)
def test_valid_combinations(board, players):
    RefVariant(board, players).validate()
    RefVariant(board, players, anti=True, blocked=frozenset({0 if board != "octagon" else 2})).validate()


@pytest.mark.parametrize("kwargs", [
    dict(board="6x6", players=3),
    dict(board="6x6", players=4),
    dict(board="12x12", players=2),
    dict(board="8x8", players=1),
    dict(board="8x8", players=5),
    dict(board="8x8", players=3, free_opening=True),
    dict(board="10x10", players=4, free_opening=True),
    dict(board="octagon", players=2, handicap=1),
    dict(board="8x8", players=3, handicap=1),
    dict(board="8x8", players=2, handicap=5),
    dict(board="8x8", players=2, handicap=-1),
    dict(board="8x8", players=2, handicap=1, handicap_color=RED),
    dict(board="8x8", players=2, blocked=frozenset({27})),           # d4, centre
    dict(board="8x8", players=2, blocked=frozenset({18})),           # c3, central 4x4
    dict(board="8x8", players=2, handicap=2, blocked=frozenset({63})),  # handicap corner h8
    dict(board="octagon", players=2, blocked=frozenset({0})),        # cut-out a1
    dict(board="octagon", players=3, blocked=frozenset({19})),       # cut-out j2
    dict(board="8x8", players=2, blocked=frozenset({64})),           # off the grid
    dict(board="8x8", players=2, blocked=frozenset({0, 1, 2, 3, 4})),  # five
    dict(board="8x8", players=2, blocked=[0, 0]),                    # duplicate
])
def test_validate_rejects(kwargs):
    with pytest.raises(ValueError):
        RefVariant(**kwargs).validate()
    with pytest.raises(ValueError):
        start(RefVariant(**kwargs))


def test_validate_accepts_edge_cases():
    RefVariant("8x8", 2, blocked=frozenset({0, 1, 2, 3})).validate()
    RefVariant("8x8", 2, handicap=1, blocked=frozenset({63})).validate()  # h8 unused by handicap 1
    RefVariant("6x6", 2, handicap=4, handicap_color=WHITE, free_opening=True).validate()
    RefVariant("8x8", 2, blocked=[5, 6]).validate()
    assert RefVariant("8x8", 2, blocked=[5, 6]) == RefVariant("8x8", 2, blocked=frozenset({5, 6}))


# ---------------------------------------------------------------------------
# Names and grid
# ---------------------------------------------------------------------------

def test_square_names():
    assert square_name(8, 0) == "a1"
    assert square_name(8, 7) == "h1"
    assert square_name(8, 8) == "a2"
    assert square_name(8, 63) == "h8"
    assert square_name(10, 99) == "j10"
    assert square_name(6, 35) == "f6"
    for n in (6, 8, 10):
        for sq in range(n * n):
            assert parse_square(n, square_name(n, sq)) == sq
    assert parse_square(10, "J10") == 99
    for bad in ("i1", "a9", "a0", "", "a", "1a", "a01"):
        with pytest.raises(ValueError):
            parse_square(8, bad)
    with pytest.raises(ValueError):
        square_name(8, 64)


def test_board_grid_shape():
    v = RefVariant("octagon", 3, blocked=frozenset({2, 97}))
    g = board_grid(start(v))
    assert len(g) == 10 and all(len(row) == 10 for row in g)
    assert g[0][2] == BLOCKED and g[9][7] == BLOCKED
    assert g[4][4] == BLACK and g[4][5] == WHITE and g[5][5] == RED and g[5][4] == NEUTRAL
    assert sum(row.count(CUT_OUT) for row in g) == 12
