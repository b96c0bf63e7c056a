"""Native bulk play and batches against plain State play."""
from __future__ import annotations

import numpy as np
import pytest

import luck
import polyreversi as pr
from polyreversi import Color, IllegalMoveError, Variant

VARIANTS = ["8x8", "6x6/anti", "8x8/free/handicap=2", "10x10/blocked=a1,j10", "octagon/3p", "8x8/4p/anti",
            "10x10/4p/blocked=b2,c1,h10"]
MASK64 = 2**64 - 1


class SplitMix64:
    """The generator of bulk play (cpp/include/polyreversi/kernel/random.hpp), in Python."""

    def __init__(self, seed: int, game: int):
        self.state = (seed ^ (game * 0xD1B54A32D192ED03)) & MASK64
        self.next()

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return ((self.next() >> 32) * n) >> 32


def step_by_step(variant: Variant, policy, seed: int, game: int) -> pr.State:
    """One game of play_games, played with State calls and the same random numbers.
    ``policy`` is a name for every seat or a list of one per seat; greedy flips the
    most disks, with Anti-Reversi the fewest."""
    rng = SplitMix64(seed, game)
    seats = [policy] * variant.players if isinstance(policy, str) else list(policy)
    s = variant.start()
    while not s.is_over():
        legal = s.legal_moves()
        if legal == [s.PASS]:
            s.play(s.PASS)
            continue
        flips = [len(s.flips(m)) for m in legal]
        if variant.anti:
            flips = [-f for f in flips]  # the fewest flips first
        if seats[s.to_move - 1] == "greedy" and any(flips):
            best, ties, pick = -len(s.board().flat) - 1, 0, legal[0]
            for m, f in zip(legal, flips):
                if f > best:
                    best, ties, pick = f, 1, m
                elif f == best:
                    ties += 1
                    if rng.below(ties) == 0:
                        pick = m
            s.play(pick)
        else:
            s.play(legal[rng.below(len(legal))])
    return s


def seat_policies(text: str, kind: str):
    """A policy argument of play_games: one name, or greedy in one seat per player count."""
    players = Variant.parse(text).players
    if kind == "mixed":
        return ["greedy" if c == 1 else "random" for c in range(players)]
    if kind == "mixed-other":
        return ["random" if c == 1 else "greedy" for c in range(players)]
    return kind


@pytest.mark.parametrize("kind", ["random", "greedy", "mixed", "mixed-other"])
@pytest.mark.parametrize("text", VARIANTS + ["8x8/anti", "octagon/3p/anti"])
def test_bulk_play_equals_step_by_step_play(text, kind):
    v = Variant.parse(text)
    policy = seat_policies(text, kind)
    r = pr.play_games(v, 12, policy=policy, seed=2024, record_moves=True)
    for g in range(12):
        s = step_by_step(v, policy, 2024, g)
        moves = [int(m) for m in r.moves[g] if m >= 0]
        assert moves == s.moves() and r.plies[g] == s.ply
        assert tuple(r.scores[g]) == s.scores()
        assert [Color(i + 1) for i in np.flatnonzero(r.winners[g])] == list(s.winners())


@pytest.mark.parametrize("policy", ["random", "mixed"])
@pytest.mark.parametrize("text", ["8x8", "octagon/4p"])
def test_bulk_play_does_not_depend_on_the_thread_count(text, policy):
    policy = seat_policies(text, policy)
    runs = [pr.play_games(text, 301, policy=policy, seed=7, threads=t, record_moves=True) for t in (1, 2, 3, 0)]
    for other in runs[1:]:
        for a, b in zip((runs[0].scores, runs[0].winners, runs[0].plies, runs[0].moves),
                        (other.scores, other.winners, other.plies, other.moves)):
            assert np.array_equal(a, b)


def test_bulk_play_from_a_state_and_result_arrays():
    s = Variant().start()
    s.play("f5")
    r = pr.play_games(s, 50, seed=1)
    assert r.scores.dtype == np.int32 and r.scores.shape == (50, 2)
    assert r.winners.dtype == np.bool_ and r.plies.dtype == np.int32 and r.moves is None
    assert (r.scores.sum(axis=1) <= 64).all() and (r.plies >= 59).all()
    assert r.win_rates().shape == (2,) and 0 <= r.draw_rate() <= 1
    assert not np.array_equal(r.scores, pr.play_games(s, 50, seed=2).scores)
    assert pr.play_games("8x8", 0).scores.shape == (0, 2)


@pytest.mark.parametrize("bad, error", [
    (dict(games=-1), ValueError), (dict(threads=-1), ValueError), (dict(policy="minimax"), ValueError),
    (dict(seed=1.5), TypeError), (dict(games=2.0), TypeError), (dict(policy=["greedy"]), ValueError),
    (dict(policy=["greedy"] * 3), ValueError), (dict(policy=["greedy", "minimax"]), ValueError),
    (dict(policy=["greedy", 1]), TypeError), (dict(policy=1), TypeError), (dict(policy=("random", None)), TypeError),
])
def test_bulk_play_rejects_bad_arguments(bad, error):
    args = dict(games=2, threads=1, policy="random", seed=0) | bad
    (name,) = bad
    with pytest.raises(error, match=f"^{name}: "):  # the message starts with the argument's name
        pr.play_games("8x8", args.pop("games"), **args)


@pytest.mark.parametrize("text", VARIANTS)
def test_batch_stepping_equals_single_states(text):
    v = Variant.parse(text)
    b = pr.Batch(v, 9)
    states = [v.start() for _ in range(9)]
    for step in range(300):
        for i, s in enumerate(states):
            assert np.array_equal(b.boards[i], s.board())
            mask = np.zeros(v.PASS + 1, dtype=bool)
            mask[s.legal_moves()] = True
            assert np.array_equal(b.masks[i], mask)
            assert b.done[i] == s.is_over() and tuple(b.scores[i]) == s.scores()
            assert b.to_move[i] == s.to_move and b.plies()[i] == s.ply
            assert b.state(i) == s
        if b.done.all():
            break
        moves = b.choose("greedy" if step % 2 else "random", seed=step)
        for i, s in enumerate(states):
            if moves[i] >= 0:
                assert s.is_legal(int(moves[i]))
                s.play(int(moves[i]))
            else:
                assert s.is_over()
        b.step(moves, threads=step % 3)
    assert b.done.all()
    b.reset()
    assert not b.done.any() and (b.plies() == 0).all() and b.state(0) == v.start()


def test_batch_errors_name_the_game_and_the_move():
    b = pr.Batch("8x8", 3)
    before = b.boards.copy()
    with pytest.raises(IllegalMoveError, match=r"batch game 1: illegal move a1 at ply 0"):
        b.step(np.array([19, 0, 19]))
    assert np.array_equal(b.boards, before) and (b.plies() == 0).all()  # nothing was played
    with pytest.raises(IllegalMoveError, match="batch game 2"):
        b.step([19, 19, 65])
    with pytest.raises(ValueError, match="shape"):
        b.step([19, 19])
    with pytest.raises(ValueError, match="shape"):
        b.step(np.zeros((3, 1), dtype=np.int32))
    with pytest.raises(TypeError, match="integers"):
        b.step([19.0, 19.0, 19.0])
    with pytest.raises(ValueError, match="int32"):
        b.step(np.array([19, 19, 2**40]))
    with pytest.raises(ValueError):
        pr.Batch("8x8", 0)
    with pytest.raises(IndexError):
        b.state(3)
    with pytest.raises(ValueError):
        b.masks[0, 0] = True  # read-only views
    b.step(np.array([19, 26, 37], dtype=np.int64))
    assert list(b.plies()) == [1, 1, 1]


def test_batch_finished_games_take_minus_one_and_reset():
    b = pr.Batch("6x6", 2)
    while not b.done.all():
        b.step(b.choose(seed=int(b.plies().sum())))
    with pytest.raises(IllegalMoveError, match="the game is over"):
        b.step([0, -1])
    b.reset(np.array([True, False]))
    assert list(b.done) == [False, True] and b.plies()[0] == 0
    with pytest.raises(ValueError):
        b.reset([1, 0])


def test_per_seat_policies_play_greedy_only_in_their_seats():
    # Black greedy against White random differs from every seat greedy and from every seat random.
    both = pr.play_games("8x8", 40, policy="greedy", seed=3, record_moves=True)
    mixed = pr.play_games("8x8", 40, policy=["greedy", "random"], seed=3, record_moves=True)
    none = pr.play_games("8x8", 40, policy="random", seed=3, record_moves=True)
    assert not np.array_equal(both.moves, mixed.moves) and not np.array_equal(none.moves, mixed.moves)
    assert np.array_equal(pr.play_games("8x8", 40, policy=("greedy", "greedy"), seed=3, record_moves=True).moves,
                          both.moves)


@pytest.mark.parametrize("text", ["8x8/anti", "6x6/anti", "10x10/anti", "octagon/anti"])
def test_greedy_beats_random_under_anti_reversi(text):
    # 2,000 games, greedy in each seat half the time. Were greedy no stronger than random,
    # its share of the decided games would be Binomial(decided, 1/2) at most; the test asks
    # for a count that luck reaches with a chance below luck.CHANCE (1e-6).
    games = 1000
    first = pr.play_games(text, games, policy=["greedy", "random"], seed=11)
    second = pr.play_games(text, games, policy=["random", "greedy"], seed=12)
    def outright(r):
        return r.winners & (r.winners.sum(axis=1, keepdims=True) == 1)

    greedy_wins = int(outright(first)[:, 0].sum() + outright(second)[:, 1].sum())
    random_wins = int(outright(first)[:, 1].sum() + outright(second)[:, 0].sum())
    decided = greedy_wins + random_wins
    assert greedy_wins >= luck.smallest_unlucky(decided, 0.5), (greedy_wins, random_wins)


def test_batch_choose_greedy_flips_the_fewest_under_anti_reversi():
    for text in ["8x8/anti", "octagon/4p/anti", "8x8"]:
        v = Variant.parse(text)
        b = pr.Batch(v, 16)
        states = [v.start() for _ in range(16)]
        for step in range(30):
            moves = b.choose("random", seed=step)
            for s, m in zip(states, moves):
                s.play(int(m))
            b.step(moves)
        chosen = b.choose("greedy", seed=99)
        for s, m in zip(states, chosen):
            counts = {x: len(s.flips(x)) for x in s.legal_moves()}
            best = min(counts.values()) if v.anti else max(counts.values())
            assert counts[int(m)] == best


def test_record_moves_must_be_a_bool():
    with pytest.raises(TypeError, match="record_moves: expected True or False, got 1"):
        pr.play_games("8x8", 2, record_moves=1)
