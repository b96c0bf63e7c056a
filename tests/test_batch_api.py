"""Batch observations, results, autoreset, blocked squares, starts and history
against State."""
from __future__ import annotations

import importlib.util
import sys

import numpy as np
import pytest

import polyreversi as pr
from polyreversi import Color, IllegalMoveError, Variant, VariantError

VARIANTS = ["6x6", "6x6/anti/free", "8x8", "8x8/handicap=3w", "10x10/anti", "octagon", "8x8/3p", "10x10/3p/anti",
            "octagon/3p", "8x8/4p", "10x10/4p", "octagon/4p/anti"]


def reference_planes(state: pr.State, perspective=None) -> np.ndarray:
    """The planes of docs/observations.md, from state.board() and legal_moves() in Python."""
    v = state.variant
    players, board = v.players, state.board()
    q = int(state.to_move if perspective is None else perspective)
    out = np.zeros((players + 4, v.n, v.n), dtype=np.uint8)
    for k in range(players):
        out[k] = board == (q - 1 + k) % players + 1
    out[players] = board == pr.NEUTRAL
    out[players + 1] = board == pr.EMPTY
    out[players + 2] = board < 0
    if q == int(state.to_move) and not state.is_over():
        for m in state.legal_moves():
            if m != state.PASS:
                out[players + 3].flat[m] = 1
    return out


def mask_of(state: pr.State) -> np.ndarray:
    mask = np.zeros(state.PASS + 1, dtype=bool)
    mask[state.legal_moves()] = True
    return mask


@pytest.mark.parametrize("text", VARIANTS)
def test_planes_masks_and_boards_agree_with_state(text):
    v = Variant.parse(text)
    b = pr.Batch(v, 6, seed=3, blocked="random", threads=1)
    out8 = np.zeros((6, v.players + 4, v.n, v.n), np.uint8)
    out32 = np.zeros(out8.shape, np.float32)
    for step in range(200):
        if step % 7 == 0 or b.done.any():
            b.observe(out8)
            assert b.observe(out32) is out32
            for i in range(b.size):
                s = b.state(i)
                assert len(s.moves()) == s.ply == b.plies()[i]  # the game's whole history, no custom start
                assert np.array_equal(b.boards[i], s.board()) and np.array_equal(b.masks[i], mask_of(s))
                assert np.array_equal(out8[i], reference_planes(s)) and np.array_equal(out32[i], out8[i])
                assert np.array_equal(pr.observe(s), out8[i])
                for c in range(1, v.players + 1):
                    expected = reference_planes(s, Color(c))
                    assert np.array_equal(pr.observe(s, perspective=Color(c)), expected)
                    assert np.array_equal(b.observe(perspective=c)[i], expected)
                per = np.arange(b.size) % v.players + 1
                assert np.array_equal(b.observe(perspective=per)[i], reference_planes(s, Color(per[i])))
        if b.done.all():
            break
        b.step(b.choose("greedy" if step % 3 else "random"))
    assert b.done.all()


def test_observe_dtype_and_out_errors():
    b = pr.Batch("8x8", 3)
    assert b.observe(dtype=np.float32).dtype == np.float32 and b.channels == 6
    assert pr.observe(Variant("8x8", 3).start()).shape == (7, 8, 8)
    assert pr.observe(Variant("octagon", 4).start(), dtype=np.float32).shape == (8, 10, 10)
    for bad, match in [(np.zeros((3, 6, 8, 7), np.uint8), "shape"), (np.zeros((3, 6, 8, 8), np.int64), "dtype"),
                       (np.zeros((3, 6, 8, 16), np.uint8)[..., ::2], "C-contiguous"), (b.masks, "shape")]:
        with pytest.raises(ValueError, match=match):
            b.observe(bad)
    ro = np.zeros((3, 6, 8, 8), np.uint8)
    ro.setflags(write=False)
    with pytest.raises(ValueError, match="read-only"):
        b.observe(ro)
    with pytest.raises(TypeError):
        b.observe([0])
    with pytest.raises(ValueError, match="dtype"):
        b.observe(dtype=np.int16)
    with pytest.raises(ValueError, match="perspective"):
        b.observe(perspective=3)
    with pytest.raises(ValueError, match="perspective"):
        b.observe(perspective=np.array([1, 2, 3]))
    with pytest.raises(ValueError, match="perspective"):
        pr.observe(Variant().start(), perspective=Color.RED)
    with pytest.raises(TypeError):
        pr.observe("8x8")


def reward_of(winners: np.ndarray) -> np.ndarray:
    players, k = len(winners), int(winners.sum())
    return np.where(winners, (players / k - 1) / (players - 1), -1 / (players - 1)).astype(np.float32)


@pytest.mark.parametrize("text,games", [("6x6", 1500), ("6x6/anti", 500), ("8x8/3p", 1000), ("8x8/4p/anti", 1000),
                                        ("8x8", 300), ("octagon/3p", 200)])
def test_results_of_finished_games_agree_with_replays(text, games):
    """Same-step autoreset: every finished game, read back as a record, replays to the same result."""
    v = Variant.parse(text)
    b = pr.Batch(v, 128, seed=9, blocked="random")
    seen = 0
    while seen < games:
        reset = b.step(b.choose("random"), autoreset="same-step").copy()
        assert not b.done.any() and (b.rewards == 0).all() and not b.winners.any()
        for i in np.flatnonzero(reset):
            s = b.state(i, final=True)
            assert s.is_over() and len(s.variant.blocked) >= 1
            assert tuple(b.final_scores[i]) == s.scores()
            winners = np.zeros(v.players, bool)
            winners[[int(c) - 1 for c in s.winners()]] = True
            assert np.array_equal(b.final_winners[i], winners)
            assert np.allclose(b.final_rewards[i], reward_of(winners)) and abs(b.final_rewards[i].sum()) < 1e-6
            final = b.observe(final=True)[i]
            assert np.array_equal(final, reference_planes(s))
            record = b.record(i, final=True)
            assert list(record.moves) == s.moves() and record.variant == s.variant
            seen += 1


@pytest.mark.parametrize("text", ["6x6", "8x8/3p", "8x8/4p"])
def test_next_step_autoreset_keeps_the_finished_game_for_one_step(text):
    v = Variant.parse(text)
    b = pr.Batch(v, 64, seed=4)
    finished = 0
    for _ in range(400):
        before_done = b.done.copy()
        if before_done.any():
            for i in np.flatnonzero(before_done):  # the final position is still here, with its results
                s = b.state(i)
                assert s.is_over() and tuple(b.scores[i]) == s.scores()
                winners = np.zeros(v.players, bool)
                winners[[int(c) - 1 for c in s.winners()]] = True
                assert np.array_equal(b.winners[i], winners) and np.allclose(b.rewards[i], reward_of(winners))
            rewards = b.rewards.copy()
        moves = b.choose()
        moves[before_done] = 0  # ignored for finished games
        reset = b.step(moves, autoreset=True)
        assert np.array_equal(reset, before_done)
        if before_done.any():
            finished += int(before_done.sum())
            assert np.array_equal(b.final_rewards[before_done], rewards[before_done])
            assert (b.plies()[before_done] == 0).all() and not b.done[before_done].any()
    assert finished > 20


def test_rewards_of_a_two_player_draw_and_a_three_player_tie():
    # 8x8 draw: a full board 32-32 (White fills the left half)
    cells = np.ones((8, 8), np.int8)
    cells[:, :4] = 2
    s = Variant().position(cells)
    b = pr.Batch("8x8", 1, start=s)
    assert b.done.all() and list(b.rewards[0]) == [0.0, 0.0] and list(b.winners[0]) == [True, True]
    cells = np.array([1] * 21 + [2] * 21 + [3] * 22, np.int8).reshape(8, 8)
    b.reset("all", start=Variant().position(np.where(cells == 3, 1, cells)))
    assert b.rewards[0].tolist() == [1.0, -1.0]
    s3 = Variant("8x8", 3).position(np.array([1] * 22 + [2] * 22 + [3] * 20, np.int8).reshape(8, 8))
    b3 = pr.Batch("8x8/3p", 2, start=s3)
    assert np.allclose(b3.rewards, [[0.25, 0.25, -0.5]] * 2) and b3.winners[:, :2].all()


def test_reset_seeds_blocked_squares_and_starts():
    v = Variant("octagon", 4)
    a = pr.Batch(v, 32, seed=77, blocked="random")
    blocked = [a.state(i).variant.blocked for i in range(32)]
    assert len(set(blocked)) > 20 and all(1 <= len(x) <= 4 for x in blocked)
    assert all(set(x) <= set(v.eligible_blocked()) for x in blocked)
    assert a.state(0).variant == v.with_random_blocked(seed=77)
    b = pr.Batch(v, 32)
    b.reset("all", seed=77, blocked="random")
    assert [b.state(i).variant.blocked for i in range(32)] == blocked
    assert np.array_equal(a.boards, b.boards)
    c = pr.Batch(v, 32, seed=77, blocked="random", blocked_count=2)
    assert all(len(c.state(i).variant.blocked) == 2 for i in range(32))
    # a restart draws new squares; reset(seed) draws the same ones again
    a.reset("all")
    assert [a.state(i).variant.blocked for i in range(32)] != blocked
    a.reset("all", seed=77)
    assert [a.state(i).variant.blocked for i in range(32)] == blocked
    a.reset("all", blocked=None)
    assert all(a.state(i).variant == v for i in range(32)) and not (a.boards == pr.BLOCKED).any()


def test_custom_starts_history_and_undo():
    v = Variant("8x8")
    s = v.start()
    for m in ("f5", "d6", "c3"):
        s.play(m)
    other = v.replace(blocked=["a1"]).start()
    other.play("f5")
    b = pr.Batch(v, 3, start=[s, other, v.start()])
    assert b.plies().tolist() == [3, 1, 0] and b.boards[1, 0, 0] == pr.BLOCKED
    assert b.state(0) == s and b.state(0).moves() == [] and b.state(1).variant.blocked == (0,)
    b.step(b.choose(seed=5))
    g = b.state(0)
    assert len(g.moves()) == 1 and g.initial() == s
    g.undo()
    assert g == s
    record = b.record(0)
    assert record.start is not None and list(record.moves) == b.state(0).moves()
    b.reset(np.array([True, True, False]))  # custom starts are kept
    assert b.state(0) == s and b.plies().tolist() == [3, 1, 1]
    b.reset("all", start=None)
    assert (b.plies() == 0).all() and b.state(1).variant == v
    one = pr.Batch(v, 2, start=s)
    assert all(one.state(i) == s for i in range(2))


def test_reset_and_step_errors():
    v = Variant("8x8")
    b = pr.Batch(v, 2)
    with pytest.raises(VariantError, match="another variant"):
        b.reset("all", start=Variant("8x8", 3).start())
    with pytest.raises(ValueError, match="2 States"):
        b.reset("all", start=[v.start()])
    with pytest.raises(TypeError):
        b.reset("all", start="8x8")
    with pytest.raises(ValueError, match="blocked"):
        b.reset("all", start=v.start(), blocked="random")
    with pytest.raises(ValueError, match="blocked"):
        b.reset("all", blocked="many")
    with pytest.raises(ValueError, match="blocked_count"):
        b.reset("all", blocked="random", blocked_count=5)
    with pytest.raises(ValueError, match="blocked_count"):
        b.reset("all", blocked=None, blocked_count=2)
    with pytest.raises(ValueError, match="which"):
        b.reset("some")
    with pytest.raises(ValueError, match="autoreset"):
        b.step([19, 19], autoreset="sometimes")
    with pytest.raises(ValueError, match="threads"):
        b.step([19, 19], threads=-1)
    with pytest.raises(ValueError, match="size"):
        pr.Batch(v, 2**40)
    with pytest.raises(ValueError, match="size: a batch of 2147483647 games needs"):
        pr.Batch("10x10", 2**31 - 1)  # refused before any allocation
    with pytest.raises(IllegalMoveError, match=r"^batch game 0: square 99 is off the 8x8 grid; squares are 0\.\.63, pass is 64$"):
        b.step([99, 19])
    with pytest.raises(IllegalMoveError, match="blocked"):
        pr.Batch("8x8", 1, seed=1, blocked="random", blocked_count=4).step([pr.Batch("8x8", 1, seed=1, blocked="random", blocked_count=4).state(0).variant.blocked[0]])
    while not b.done.all():
        b.step(b.choose())
    with pytest.raises(IllegalMoveError, match="the game is over"):
        b.step([19, -1])
    b.step([19, 5], autoreset=True)  # finished games: the move is ignored
    assert (b.plies() == 0).all() and b.reset_mask.all()
    with pytest.raises(IndexError):
        b.state(2)
    with pytest.raises(TypeError):
        pickle_it = __import__("pickle").dumps
        pickle_it(b)


def test_sample_of_none_and_final_record_without_a_finished_game():
    b = pr.Batch("8x8", 8, seed=1)
    shape = r"shape \(8, 65\) \(B games, N\*N\+1 moves\)"
    with pytest.raises(TypeError, match="probs: expected float32 numbers of " + shape + ", got NoneType"):
        b.sample(None)
    with pytest.raises(ValueError, match="logits: expected " + shape + r", got \(8, 64\)"):
        b.sample_logits(np.zeros((8, 64), np.float32))
    # No autoreset has restarted a game yet: there is no finished game to give (once an empty record).
    with pytest.raises(pr.HistoryError, match="game 3: no finished game is kept"):
        b.record(3, final=True)
    with pytest.raises(pr.HistoryError, match="no finished game"):
        b.state(-1, final=True)
    while not b.step(b.choose("random"), autoreset="same-step")[0]:
        pass
    assert b.record(0, final=True).result.end == "finished"


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT delivery differs on Windows")
@pytest.mark.parametrize("call", [
    'pr.Batch("10x10", 2).choose("search:30")',
    'pr.Batch("10x10", 2).choose("mcts:1000000")',
    pytest.param('from polyreversi.envs.vector import ReversiVectorEnv; '
                 'ReversiVectorEnv(num_envs=2, variant="10x10", opponent="search:20", seat="white").reset(seed=0)',
                 marks=pytest.mark.skipif(importlib.util.find_spec("gymnasium") is None,
                                          reason="gymnasium is not installed (the envs extra)")),
])
def test_ctrl_c_stops_the_searched_policies(call):
    """The batch's searches poll the core's stop as pr.search does (they ignored Ctrl-C
    until they ended: search:30 on 10x10 ran on for hours)."""
    from conftest import assert_ctrl_c_stops

    assert_ctrl_c_stops(call)


@pytest.mark.parametrize("count", ["0003", "03", "00", "+5", "-5", "+0", "1_0", "٣"])
@pytest.mark.parametrize("kind", ["search", "mcts"])
def test_a_policys_count_is_read_as_a_seat_specs(kind, count):
    # one reader of a spec's count (_validate.count_text): "search:0003" was depth 3 for the
    # batch, "mcts:+5" five playouts for a seat spec; both refuse a sign and a leading zero
    with pytest.raises(ValueError, match=rf"expected {kind}:N with N in 1\.\.\d+, in digits 0-9 without a sign"):
        pr.Batch("8x8", 2).choose(f"{kind}:{count}")
    with pytest.raises(ValueError, match=rf"player '{kind}:"):
        pr.player_from_spec(f"{kind}:{count}")


def test_a_policys_count_and_a_seat_specs_read_the_same_digits():
    assert pr.player_from_spec("search:3").depth == 3 and pr.player_from_spec("mcts:10").playouts == 10
    assert pr.Batch("8x8", 2).choose("search:3").shape == (2,)
    assert pr.Batch("8x8", 2).choose("mcts:10", seed=1).shape == (2,)
    with pytest.raises(ValueError, match=r"playouts must be an integer in digits 0-9 without a sign or a leading "
                                         r"zero, got '\+5'"):
        pr.player_from_spec("mcts:+5")


@pytest.mark.parametrize("policy", [5, None, 2.5, b"random"])
def test_a_policy_of_the_wrong_type_lists_every_policy(policy):
    # the TypeError listed 'random', 'greedy' only; the ValueError listed search:N and mcts:N too
    with pytest.raises(TypeError, match="policy: expected one of 'random', 'greedy', search:N, mcts:N, got "):
        pr.Batch("8x8", 2).choose(policy)
    with pytest.raises(ValueError, match="allowed: 'random', 'greedy', search:N, mcts:N$"):
        pr.Batch("8x8", 2).choose("minimax")
