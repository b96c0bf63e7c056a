"""Records and replays: building records, seeking by ply, validating moves, checking results."""
from __future__ import annotations

import random

import numpy as np
import pytest

import polyreversi as pr
from polyreversi.record import ENDINGS, Game, Record, Result, StartPosition, record_of
from polyreversi.replay import Replay, ReplayError, final_margin
from polyreversi.errors import RecordError
from conftest import game_with_pass, random_position


def random_game(variant, seed, plies=None):
    """A state after random legal moves (to the end unless ``plies``)."""
    return random_position(variant, plies, seed)


# -- Replay as a sequence ---------------------------------------------------------

def test_replay_indexes_every_ply():
    state = random_game("8x8", 1)
    replay = Replay(Record.from_state(state))
    assert len(replay) == state.ply + 1
    manual = pr.Variant().start()
    for k in range(len(replay)):
        assert replay[k] == manual and replay[k].ply == k
        if k < len(replay) - 1:
            manual.play(state.moves()[k])
    assert replay[-1] == state and replay.final == state
    assert replay[-len(replay)] == pr.Variant().start()
    assert [s.moves() for s in replay] == [replay[k].moves() for k in range(len(replay))]


def test_replay_index_errors():
    replay = Replay(Record("8x8", moves=["f5"]))
    with pytest.raises(IndexError, match="plies 0..1"):
        replay[2]
    with pytest.raises(IndexError):
        replay[-3]
    with pytest.raises(TypeError):
        replay[0:1]


def test_replay_states_are_independent():
    replay = Replay(Record("8x8", moves=["f5", "d6"]))
    s = replay[1]
    s.play("f6")
    assert replay[1].ply == 1 and replay.final.ply == 2


def test_illegal_move_names_ply_move_player_and_legal_moves():
    with pytest.raises(ReplayError) as info:
        Replay(Record("8x8", moves=["f5", "d6", "a1"]))
    e = info.value
    assert (e.ply, e.index, e.move) == (2, 2, 0)
    assert e.legal == info.value.state.legal_moves() and e.state.ply == 2
    message = str(e)
    assert message == info.value.state.why_illegal("a1")
    assert message.startswith("illegal move a1 at ply 2 (Black to move): it flips nothing")
    for name in (pr.Variant().square_name(m) for m in e.legal):
        assert name in message
    assert isinstance(e, RecordError) and isinstance(e, ValueError)


def test_pass_with_a_legal_move_is_an_error():
    with pytest.raises(ReplayError, match=r"illegal move pass at ply 1 \(White to move\): a player with a legal move may not pass"):
        Replay(Record("8x8", moves=["f5", "pass"]))


def test_pass_in_a_four_player_game_is_an_error():
    with pytest.raises(ReplayError, match=r"illegal move pass at ply 0 \(Black to move\): nobody passes in a game of 3 or 4 players"):
        Replay(Record("8x8/4p", moves=["pass"]))


def test_move_after_the_end_is_an_error():
    state = random_game("6x6", 3)
    moves = list(state.moves()) + [0]
    with pytest.raises(ReplayError, match=f"illegal move a1 at ply {len(moves) - 1}: the game is over"):
        Replay(Record("6x6", moves=moves))


def test_off_board_move_is_an_error_not_a_crash():
    # refused when the record is built (docs/errors.md), before any replay
    with pytest.raises(RecordError, match=r"^moves\[0\]: square 99 is off the 8x8 grid"):
        Record("8x8", moves=[99])


def test_implicit_passes_are_inserted_only_where_forced():
    state = game_with_pass("6x6")
    explicit = list(state.moves())
    implicit = [m for m in explicit if m != state.PASS]
    replay = Replay(Record("6x6", moves=implicit, implicit_passes=True))
    assert list(replay.moves) == explicit
    assert replay.final == state
    assert replay.explicit_record().moves == tuple(explicit)
    # Without implicit passes the same moves are illegal at the first missing pass.
    first_pass = explicit.index(state.PASS)
    with pytest.raises(ReplayError) as info:
        Replay(Record("6x6", moves=implicit))
    assert info.value.ply == first_pass


def test_implicit_passes_do_not_excuse_an_illegal_move():
    with pytest.raises(ReplayError, match="at ply 1 "):
        Replay(Record("8x8", moves=["f5", "f5"], implicit_passes=True))


def test_replay_never_draws_random_numbers(monkeypatch):
    variant = pr.Variant("octagon", 4).with_random_blocked(seed=5, count=4)
    state = random_game(variant, 2)
    record = Record.from_state(state)

    def forbidden(*args, **kwargs):
        raise AssertionError("a replay used the random module")

    for name in ("random", "randint", "choice", "sample", "shuffle", "randrange"):
        monkeypatch.setattr(random, name, forbidden)
    monkeypatch.setattr(random, "Random", forbidden)
    replay = Replay(record)
    assert replay.final == state
    assert replay.final.variant.blocked == variant.blocked


# -- results ----------------------------------------------------------------------------

def test_check_match_for_a_finished_record():
    state = random_game("10x10", 4)
    check = Replay(Record.from_state(state)).check()
    assert check.status == "match" and check.ok


def test_check_mismatch_of_disks():
    state = random_game("8x8", 5)
    record = Record.from_state(state)
    most = max(range(len(record.result.disks)), key=lambda i: record.result.disks[i])
    # one disk fewer: a count that could be (one more could exceed the board's squares, refused)
    wrong = tuple(d - 1 if i == most else d for i, d in enumerate(record.result.disks))
    check = Replay(record.replace(result=Result("finished", wrong))).check()
    assert check.status == "mismatch" and not check.ok
    assert str(list(wrong)) in check.message and str(list(state.scores())) in check.message


def test_check_unfinished_and_finished_claims():
    state = random_game("8x8", 6, plies=20)
    record = Record.from_state(state)
    assert record.result.end == "unfinished"
    assert Replay(record).check().status == "unfinished"
    claim = record.replace(result=Result("finished", record.result.disks))
    check = Replay(claim).check()
    assert check.status == "mismatch" and "not over after ply 20" in check.message
    over = random_game("8x8", 6)
    claim = Record.from_state(over).replace(result=Result("unfinished"))
    assert Replay(claim).check().status == "mismatch"


@pytest.mark.parametrize("end", ["resigned", "time", "agreed"])
def test_check_early_endings(end):
    state = random_game("8x8", 7, plies=30)
    record = Record.from_state(state, end=end)
    assert Replay(record).check().status == end


def test_check_margin_with_empties_and_komi():
    # A finished game with empty squares left: find one in random 6x6 games.
    for seed in range(2000):
        state = random_game("6x6", seed)
        b, w = state.scores()
        if b + w < 36 and b != w:
            break
    else:
        pytest.fail("no finished 6x6 game with empties in 2000 seeds")
    empties = 36 - b - w
    expected = (b + empties - w) if b > w else (b - w - empties)
    assert final_margin(state) == expected
    record = Record(state.variant, moves=state.moves(), result=Result("finished", margin=expected))
    assert Replay(record).check().status == "match"
    off = record.replace(result=Result("finished", margin=b - w))
    assert Replay(off).check().status == "mismatch"
    komi = record.replace(komi=-3.133, result=Result("finished", margin=round(expected + 3.133, 2)))
    assert Replay(komi).check().status == "match"
    assert Replay(komi.replace(komi=3.133)).check().status == "mismatch"


def test_final_margin_anti_and_draw():
    for seed in range(3000):
        state = random_game("6x6/anti", seed)
        b, w = state.scores()
        if b + w < 36 and b != w:
            assert final_margin(state) == b - w  # Anti-Reversi: disks as they are
            break
    else:
        pytest.fail("no finished 6x6/anti game with empties in 3000 seeds")
    for seed in range(3000):
        state = random_game("6x6", seed)
        if state.scores()[0] == state.scores()[1]:
            assert final_margin(state) == 0
            break
    else:
        pytest.fail("no drawn 6x6 game in 3000 seeds")


def test_check_unchecked_without_result():
    state = random_game("8x8", 8)
    assert Replay(Record("8x8", moves=state.moves())).check().status == "unchecked"


# -- Record --------------------------------------------------------------------------

def test_from_state_records_everything():
    variant = pr.Variant("10x10", 3, anti=True).with_random_blocked(seed=9)
    state = random_game(variant, 9)
    record = record_of(state, players=("A", "B"), date="2024-05-01", event="test", round=3)
    assert record.variant == variant and record.variant.blocked == variant.blocked
    assert record.moves == tuple(state.moves())
    assert record.players == ("A", "B", None)
    assert record.result == Result("finished", tuple(state.scores()))
    assert record.date == "2024-05-01" and record.meta == {"event": "test", "round": 3}
    assert record.start is None
    assert Replay(record).final == state


def test_from_state_of_a_custom_position_keeps_the_start():
    variant = pr.Variant("8x8")
    mid = random_game(variant, 10, plies=12)
    start = variant.position(mid.board(), mid.to_move, 0)
    state = start.copy()
    rng = random.Random(1)
    for _ in range(10):
        state.play(rng.choice(state.legal_moves()))
    record = Record.from_state(state)
    assert record.start == StartPosition.of(start)
    assert record.moves == tuple(state.moves())
    assert Replay(record).final == state and Replay(record)[0] == start


def test_finished_claim_on_a_running_game_is_refused():
    with pytest.raises(RecordError, match="not over"):
        Record.from_state(pr.Variant().start(), end="finished")


def test_record_validation_messages():
    with pytest.raises(RecordError, match="moves\\[1\\]"):
        Record("8x8", moves=["f5", "z9"])
    with pytest.raises(RecordError, match="moves: expected a sequence of moves, not one string"):
        Record("8x8", moves="f5d6")
    with pytest.raises(RecordError, match="players: 3 names for a 2-player game"):
        Record("8x8", players=("a", "b", "c"))
    with pytest.raises(RecordError, match="result.end: unknown ending 'won'"):
        Result("won")
    with pytest.raises(RecordError, match="result.disks"):
        Record("8x8", result=Result("finished", (1, 2, 3)))
    with pytest.raises(RecordError, match="variant: "):
        Record("8x8/3p/free")
    with pytest.raises(RecordError, match="implicit_passes"):
        Record("8x8/3p", implicit_passes=True)
    with pytest.raises(RecordError, match="margin is for 2-player"):
        Record("8x8/4p", result=Result("finished", margin=2))
    assert set(ENDINGS) >= {"finished", "resigned", "time", "unfinished"}


def test_start_position_errors():
    variant = pr.Variant("8x8", blocked=["a1"])
    cells = variant.start().board().ravel().copy()
    with pytest.raises(RecordError, match="start.board: 63 cells"):
        StartPosition(tuple(cells[:-1])).state(variant)
    bad = cells.copy()
    bad[1] = -1  # b1 is not blocked
    with pytest.raises(RecordError, match="b1 is marked blocked"):
        StartPosition(tuple(bad)).state(variant)
    bad = cells.copy()
    bad[10] = 3  # Red in a 2-player game
    with pytest.raises(RecordError, match="start: "):
        StartPosition(tuple(bad)).state(variant)
    with pytest.raises(RecordError, match="Red is not a player"):
        StartPosition(tuple(cells), to_move=pr.Color.RED).state(variant)


def test_game_builds_the_record_as_moves_are_played():
    game = Game("8x8", players=("Alice", "Bob"), event="club")
    game.play("f5")
    game.play("d6")
    assert game.record.move_names() == ["f5", "d6"]
    assert game.undo() == pr.Variant().square("d6")
    assert game.record.move_names() == ["f5"]
    game.end = "resigned"
    record = game.record
    assert record.result.end == "resigned" and record.meta == {"event": "club"}
    assert record.title() == "Alice vs Bob"
    assert Replay(record).check().status == "resigned"
    with pytest.raises(pr.IllegalMoveError):
        game.play("a1")


def test_records_compare_by_value():
    a = Record("8x8", moves=["f5"], meta={"x": 1})
    assert a == Record("8x8", moves=[37], meta={"x": 1})
    assert a != Record("8x8", moves=["f5"], meta={"x": 2})
    assert np.array_equal(a.initial_state().board(), pr.Variant().start().board())
