"""One explanation of an illegal move: the core's text, shown word
for word by State.play, Replay and HumanPlayer, with one ply numbering."""
import io
import random

import pytest

import polyreversi as pr
from conftest import random_position
from polyreversi.players import parse_move
from polyreversi.replay import Replay, ReplayError


def played(variant, moves=()):
    state = pr.Variant.parse(variant).start()
    for m in moves:
        state.play(m)
    return state


def finished(variant, seed=1):
    return random_position(variant, None, seed)


def with_forced_pass(variant="6x6"):
    """A state whose player to move must pass (from a random game)."""
    for seed in range(500):
        rng = random.Random(seed)
        state = pr.Variant.parse(variant).start()
        while not state.is_over():
            if state.must_pass():
                return state
            state.play(rng.choice(state.legal_moves()))
    raise AssertionError("no forced pass in 500 random games")


def three_texts(state, move):
    """The messages of State.play, Replay and HumanPlayer for one bad move."""
    with pytest.raises(pr.IllegalMoveError) as played_error:
        state.copy().play(move)
    record = state.record()
    bad = state.variant.square(move)
    with pytest.raises(ReplayError) as replay_error:
        Replay(record.replace(moves=tuple(record.moves) + (bad,)))
    err = io.StringIO()
    with pytest.raises(EOFError):
        pr.HumanPlayer(input=io.StringIO(move + "\n"), output=io.StringIO(), errors=err).choose(state)
    return str(played_error.value), str(replay_error.value), err.getvalue().rstrip("\n"), replay_error.value


CASES = [
    # (what, state, move, expected text)
    ("free opening off the centre", lambda: played("8x8/free"), "a1",
     "illegal move a1 at ply 0 (Black to move): the first four disks go on the centre; legal moves: d4 e4 d5 e5"),
    ("flips nothing", lambda: played("8x8"), "a1",
     "illegal move a1 at ply 0 (Black to move): it flips nothing; legal moves: d3 c4 f5 e6"),
    ("occupied", lambda: played("8x8", ["f5"]), "f5",
     "illegal move f5 at ply 1 (White to move): the square is taken; legal moves: f4 d6 f6"),
    ("blocked", lambda: pr.Variant("8x8", blocked=["a1"]).start(), "a1",
     "illegal move a1 at ply 0 (Black to move): the square is blocked; legal moves: d3 c4 f5 e6"),
    ("octagon cut-out", lambda: played("octagon"), "a1",
     "illegal move a1 at ply 0 (Black to move): not a square of the octagon; legal moves: e4 d5 g6 f7"),
    ("pass with a legal move", lambda: played("8x8", ["f5"]), "pass",
     "illegal move pass at ply 1 (White to move): a player with a legal move may not pass; legal moves: f4 d6 f6"),
    ("pass with 4 players", lambda: played("8x8/4p"), "pass",
     "illegal move pass at ply 0 (Black to move): nobody passes in a game of 3 or 4 players; legal moves:"),
]


@pytest.mark.parametrize("what, make, move, expected", CASES, ids=[c[0] for c in CASES])
def test_state_replay_and_human_give_the_same_text(what, make, move, expected):
    state = make()
    from_play, from_replay, from_human, error = three_texts(state, move)
    assert from_play == from_replay == from_human == state.why_illegal(move)
    assert from_play.startswith(expected)
    # one ply numbering: the message's ply is the position's, and so is the error's
    assert f" at ply {state.ply}" in from_play and error.ply == state.ply


def test_must_pass_and_game_over_give_the_same_text():
    state = with_forced_pass()
    square = next(sq for sq in state.variant.squares if state.cell(sq) == 0)
    name = state.variant.square_name(square)
    texts = three_texts(state, name)[:3]
    assert len(set(texts)) == 1
    assert texts[0].endswith("no move flips a disk, so the player must pass; legal moves: pass")

    over = finished("6x6")
    with pytest.raises(pr.IllegalMoveError) as info:
        over.copy().play("a1")
    assert str(info.value) == over.why_illegal("a1") == f"illegal move a1 at ply {over.ply}: the game is over"
    record = over.record()
    with pytest.raises(ReplayError) as replayed:
        Replay(record.replace(moves=tuple(record.moves) + (0,)))
    assert str(replayed.value) == str(info.value)
    with pytest.raises(ValueError, match="the game is over"):  # a person is never asked after the end
        pr.HumanPlayer(input=io.StringIO("a1\n")).choose(over)
    with pytest.raises(ValueError) as typed:
        parse_move(over, "a1")
    assert str(typed.value) == str(info.value)


def test_why_illegal_is_none_for_legal_moves_and_checks_squares():
    state = played("8x8")
    assert [state.why_illegal(m) for m in state.legal_moves()] == [None] * 4
    assert state.why_illegal("F5") is None
    with pytest.raises(pr.InvalidSquareError, match="square 65 is off the 8x8 grid"):
        state.why_illegal(65)
    with pytest.raises(TypeError):
        state.why_illegal(True)


@pytest.mark.parametrize("text, grid", [("8x8", "8x8 grid; squares are 0..63, pass is 64"),
                                        ("10x10/3p", "10x10 grid; squares are 0..99, pass is 100")])
def test_a_square_off_the_grid_is_named_with_the_allowed_range_by_every_method(text, grid):
    state = played(text)
    before = state.moves()
    for method in (state.play, state.child, state.flips, state.why_illegal, state.variant.square_name):
        for square in (-1, state.PASS + 1, 2**70):
            with pytest.raises(pr.InvalidSquareError) as info:
                method(square)
            assert str(info.value) == f"square {square} is off the {grid}", method
    assert state.moves() == before  # nothing was played
    assert not state.is_legal(-1) and not state.is_legal(2**70)  # a predicate: False, never raises


def test_every_player_and_search_refuses_a_finished_game_in_one_wording():
    # players named no call (RandomPlayer, MCTSPlayer) or the function behind them (MultiPlayer: "multi_search:")
    over = finished("6x6")
    for player in (pr.RandomPlayer(seed=1), pr.GreedyPlayer(seed=1), pr.MCTSPlayer(playouts=2),
                   pr.SearchPlayer(depth=1, tt_mb=1)):
        with pytest.raises(ValueError) as info:
            player.choose(over)
        name = type(player).__name__
        assert str(info.value) == f"{name}.choose: the game is over at ply {over.ply}; there is no move to choose"
    multi_over = finished("8x8/3p")
    for player in (pr.MultiPlayer(), pr.InformedMCTSPlayer(playouts=2)):
        with pytest.raises(ValueError) as info:
            player.choose(multi_over)
        name = type(player).__name__
        assert str(info.value) == f"{name}.choose: the game is over at ply {multi_over.ply}; there is no move to choose"
    # a player's play names the player too, not the function behind it
    for player, state in ((pr.MultiPlayer(), multi_over), (pr.InformedMCTSPlayer(playouts=2), multi_over),
                          (pr.SearchPlayer(depth=1, tt_mb=1), over)):
        with pytest.raises(ValueError) as info:
            player.play(state)
        name = type(player).__name__
        assert str(info.value) == f"{name}.play: the game is over at ply {state.ply}; there is no move to choose"
    # the functions that score a position score a finished one (docs/errors.md): no move, the final result
    assert pr.search(over, depth=1).move is None and pr.solve(over).move is None and pr.mcts(over).move is None
    with pytest.raises(ValueError) as info:
        pr.multi_search(multi_over)
    assert str(info.value) == f"multi_search: the game is over at ply {multi_over.ply}; there is no move to search"
