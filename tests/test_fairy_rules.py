"""Fairy-Stockfish's Reversi against RULES.md, through its UCI (live: skipped unless
POLYREVERSI_FAIRY names the engine; /work/engines/README.md).

Random legal games on every board, normal and Anti-Reversi: at every position the
engine's legal moves (``go perft 1`` on the position's FEN) must be ours, the board
after each move (``position fen ... moves M`` then ``d``) must be ours, and at
the last move of each game that fills the board the engine's verdict (``go depth
2``: a win is ``mate 1``, a loss ``mate -1``, a draw ``cp 0``) must be ours. The
differences polyreversi.engine.fairy documents are checked to exist as documented:
no pass in its Anti-Reversi, and a line that runs through a blocked square.
POLYREVERSI_FAIRY_GAMES sets the games per variant (default 6).
"""
import os
import random
import re
import time

import pytest

import polyreversi as pr
from polyreversi.engine import SimpleEngine, fairy

FAIRY = os.environ.get("POLYREVERSI_FAIRY")
GAMES = int(os.environ.get("POLYREVERSI_FAIRY_GAMES", "6"))
pytestmark = pytest.mark.skipif(not FAIRY, reason="POLYREVERSI_FAIRY is not set (the path of a Fairy-Stockfish "
                                                  "built with largeboards=yes; /work/engines/README.md)")


@pytest.fixture(scope="module")
def engine(tmp_path_factory):
    ini = tmp_path_factory.mktemp("fairy") / "variants.ini"
    fairy.write_variants_ini(ini)
    with SimpleEngine.popen_uci(FAIRY, options={"VariantPath": str(ini)}) as e:
        yield e


def until(engine, prefix, command):
    """Sends ``command`` and returns the lines up to the first that starts with ``prefix``."""
    process = engine.protocol.process
    process.send(command)
    lines = []
    while True:
        line = process.read_line(time.monotonic() + 60, repr(prefix))
        lines.append(line)
        if line.startswith(prefix):
            return lines


def set_variant(engine, variant):
    engine.protocol._variant(fairy.variant_name(variant))
    engine.protocol.ready()


def fairy_moves(engine, state):
    """The engine's legal moves of ``state``: drops as square indices, and whether it has a pass."""
    engine.protocol.process.send(f"position fen {fairy.fen(state)}")
    drops, has_pass = set(), False
    for line in until(engine, "Nodes searched", "go perft 1"):
        m = re.fullmatch(r"(\S+): 1", line.strip())
        if m:
            move = fairy.parse_move(state, m.group(1))
            if move == state.PASS:
                has_pass = True
            else:
                drops.add(move)
    return drops, has_pass


def fairy_board_after(engine, state, move):
    engine.protocol.process.send(f"position fen {fairy.fen(state)} moves {fairy.move_text(state, move)}")
    for line in until(engine, "Fen:", "d"):
        if line.startswith("Fen:"):
            return line.split()[1].split("[")[0]


def fairy_verdict(engine, state):
    """The engine's value of ``state`` at depth 2: ``"win"``, ``"loss"`` or ``"draw"``
    for the side to move, from its last info line."""
    engine.protocol.process.send(f"position fen {fairy.fen(state)}")
    score = None
    for line in until(engine, "bestmove", "go depth 2"):
        m = re.search(r"score (cp|mate) (-?\d+)", line)
        if m:
            score = (m.group(1), int(m.group(2)))
    kind, value = score
    if kind == "mate":
        return "win" if value > 0 else "loss"
    assert value == 0, score
    return "draw"


@pytest.mark.parametrize("board", ["8x8", "10x10", "6x6", "octagon"])
@pytest.mark.parametrize("anti", [False, True])
def test_random_games_have_the_same_moves_boards_and_results(engine, board, anti):
    variant = pr.Variant(board, anti=anti)
    set_variant(engine, variant)
    rng = random.Random(f"{board}/{anti}")
    checked = {"positions": 0, "verdicts": 0, "passes": 0}
    for _ in range(GAMES):
        state = variant.start()
        while not state.is_over():
            ours = [m for m in state.legal_moves() if m != state.PASS]
            drops, has_pass = fairy_moves(engine, state)
            assert drops == set(ours), (str(state), sorted(drops), ours)
            if state.must_pass():
                checked["passes"] += 1
                # a pass: Fairy-Stockfish has one in Reversi; its Anti-Reversi has none (the documented difference)
                assert has_pass == (not anti)
            else:
                assert not has_pass
            move = rng.choice(state.legal_moves())
            if move != state.PASS:
                child = state.child(move)
                assert fairy_board_after(engine, state, move) == fairy.fen(child).split("[")[0]
                if child.is_over() and len(ours) == 1 and int((child.board() == 0).sum()) == 0:
                    winners = [int(c) for c in child.winners()]
                    mover = int(state.to_move)
                    expected = "draw" if len(winners) == 2 else "win" if winners == [mover] else "loss"
                    assert fairy_verdict(engine, state) == expected, str(child)
                    checked["verdicts"] += 1
            state.play(move)
            checked["positions"] += 1
    assert checked["positions"] > GAMES * 20
    print(board, "anti" if anti else "", checked)


def test_a_line_through_a_blocked_square_is_a_move_there(engine):
    # Black a1, a wall on b1, White c1: RULES.md §4 has no move on d1 (the wall ends the line);
    # Fairy-Stockfish's move generation lets the line run through the wall (and then flips nothing),
    # which is why polyreversi.engine.fairy refuses blocked squares.
    variant = pr.Variant("8x8", blocked=("b1",))
    board = [[0] * 8 for _ in range(8)]
    board[0][0], board[0][1], board[0][2] = 1, -1, 2
    board[4][4], board[3][3], board[4][3], board[3][4] = 2, 2, 1, 1
    state = variant.position(board, 1)
    assert not state.is_legal(variant.square("d1"))
    engine.protocol._variant("flipello")
    engine.protocol.ready()
    drops, _ = fairy_moves(engine, state)
    assert variant.square("d1") in drops
    assert fairy_board_after(engine, state, variant.square("d1")).startswith("P*pP4/")
