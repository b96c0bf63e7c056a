"""Random sequences of API calls (hypothesis stateful testing) on states and batches.

Each machine plays legal, illegal and garbage moves, undoes, copies, makes
children, pickles, asks for flips and boards, and steps batches with good and
bad arrays. After every call it checks two things:

- a rejected call raised a documented exception (docs/errors.md) and left the
  object exactly as it was;
- the object agrees with a model: a State with its move list replayed on a
  fresh copy of its initial position, a Batch with one State per game.

Inputs that once broke the C++ bindings (int subclasses beyond 32 bits, names
with lone surrogates, a State whose __init__ never ran) have their own tests at
the end of this file, and are part of the garbage moves too.
"""
from __future__ import annotations

import copy
import pickle
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import polyreversi as pr
from polyreversi import HistoryError, IllegalMoveError, InvalidSquareError

VARIANTS = ["8x8", "6x6", "6x6/anti", "10x10/blocked=a1,j10", "octagon", "octagon/3p/blocked=b7",
            "8x8/3p", "8x8/4p/anti", "8x8/free", "8x8/handicap=3w", "10x10/4p"]


def snapshot(state):
    return (state.board().tobytes(), int(state.to_move), state.ply, tuple(state.moves()), tuple(state.legal_moves()),
            state.scores(), state.key(), state.is_over())


def garbage_moves(n):
    """Moves of the wrong type or off the board."""
    return st.one_of(
        st.text(max_size=4), st.builds(_BigInt, st.integers()), st.sampled_from(["\ud800", "f5\udcff"]),
        st.none(), st.floats(), st.booleans(), st.binary(max_size=3), st.just([19]), st.just({}),
        st.integers(), st.sampled_from([-1, -(2**31) - 1, 2**31, 2**63, -(2**63), 2**64 + 19, n * n + 1, 10**30]),
        st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=5),
        st.sampled_from(["pass", "PA", "a0", "k1", "j10", "a1 ", "", "d3\x00", "١١"]),
        st.sampled_from([np.int64(19), np.float64(19.0), np.array([19])]),
    )


def expected_errors(move):
    """The exceptions a rejected move may raise, by its type: a bool, a float, bytes or a
    list is a TypeError (never a square), an int can only be off the board or illegal,
    a name can also be no name at all."""
    if isinstance(move, (bool, np.bool_)) or not isinstance(move, (int, np.integer, str)):
        return (TypeError,)
    return (IllegalMoveError, InvalidSquareError)


class StateMachine(RuleBasedStateMachine):
    """One State under random calls, checked against its move list replayed."""

    @initialize(text=st.sampled_from(VARIANTS), custom=st.booleans(), seed=st.integers(0, 2**16))
    def start(self, text, custom, seed):
        self.variant = pr.Variant.parse(text)
        state = self.variant.start()
        if custom:  # a custom position: a few random plies, taken as a new start
            rng = random.Random(seed)
            for _ in range(rng.randrange(0, 12)):
                if state.is_over():
                    break
                state.play(rng.choice(state.legal_moves()))
            state = self.variant.position(state.board(), state.to_move, state.ply)
        self.state = state
        self.initial = state.copy()
        self.moves: list = []
        self.others: list = []  # copies and children with their own expected snapshots

    # -- helpers ---------------------------------------------------------------
    def model(self):
        fresh = self.initial.copy()
        for m in self.moves:
            fresh.play(m)
        return fresh

    def rejected(self, call, *errors):
        before = snapshot(self.state)
        with pytest.raises(errors):
            call()
        assert snapshot(self.state) == before, "a rejected call changed the state"

    # -- moves -----------------------------------------------------------------
    @precondition(lambda self: not self.state.is_over())
    @rule(data=st.data(), by_name=st.booleans())
    def play_legal(self, data, by_name):
        move = data.draw(st.sampled_from(self.state.legal_moves()))
        ply = self.state.ply
        self.state.play(self.variant.square_name(move) if by_name else move)
        self.moves.append(move)
        assert self.state.ply == ply + 1 and self.state.moves()[-1] == move

    @rule(data=st.data())
    def play_illegal(self, data):
        legal = set(self.state.legal_moves())
        move = data.draw(st.integers(-3, self.variant.PASS + 3).filter(lambda m: m not in legal))
        self.rejected(lambda: self.state.play(move), IllegalMoveError, InvalidSquareError)
        assert self.state.is_legal(move) is False
        if 0 <= move <= self.variant.PASS:
            with pytest.raises(IllegalMoveError):
                self.state.child(move)
            self.rejected(lambda: self.state.flips(self.variant.square_name(move)), IllegalMoveError)

    @rule(data=st.data())
    def play_garbage(self, data):
        move = data.draw(garbage_moves(self.variant.n))
        legal = self.state.legal_moves()
        try:
            is_name = isinstance(move, str) and self.variant.square(move) in legal
        except InvalidSquareError:
            is_name = False
        if (isinstance(move, (int, np.integer)) and not isinstance(move, bool) and move in legal) or is_name:
            return  # a good move after all
        errors = expected_errors(move)
        self.rejected(lambda: self.state.play(move), *errors)
        self.rejected(lambda: self.state.child(move), *errors)
        try:
            answer = self.state.is_legal(move)
        except TypeError:
            assert TypeError in errors
        except InvalidSquareError:
            assert isinstance(move, str)  # text that names no square, as play() refuses it
        else:
            assert answer is False

    @rule()
    def undo(self):
        if not self.moves:
            self.rejected(self.state.undo, HistoryError)
            return
        assert self.state.undo() == self.moves.pop()

    # -- new objects -------------------------------------------------------------
    @rule(kind=st.sampled_from(["copy", "copy.copy", "deepcopy", "pickle", "pickle0"]))
    def duplicate(self, kind):
        if kind == "copy":
            twin = self.state.copy()
        elif kind == "copy.copy":
            twin = copy.copy(self.state)
        elif kind == "deepcopy":
            twin = copy.deepcopy(self.state)
        else:
            twin = pickle.loads(pickle.dumps(self.state, protocol=0 if kind == "pickle0" else pickle.HIGHEST_PROTOCOL))
        assert twin == self.state and snapshot(twin) == snapshot(self.state)
        assert twin.variant == self.variant and twin.initial() == self.initial
        if kind.startswith("pickle"):
            self.state = twin  # carry on with the unpickled one
        else:
            self.others.append((twin, snapshot(twin)))

    @precondition(lambda self: not self.state.is_over())
    @rule(data=st.data())
    def child(self, data):
        move = data.draw(st.sampled_from(self.state.legal_moves()))
        before = snapshot(self.state)
        kid = self.state.child(move)
        assert snapshot(self.state) == before
        assert kid.ply == self.state.ply + 1 and kid.moves() == self.state.moves() + [move]
        twin = self.state.copy()
        twin.play(move)
        assert kid == twin
        self.others.append((kid, snapshot(kid)))

    @precondition(lambda self: not self.state.is_over())
    @rule(data=st.data())
    def flips(self, data):
        move = data.draw(st.sampled_from(self.state.legal_moves()))
        flipped = self.state.flips(move)
        before, after = self.state.board().ravel(), self.state.child(move).board().ravel()
        changed = [sq for sq in range(before.size) if before[sq] != after[sq] and sq != move]
        assert flipped == changed
        mover = int(self.state.to_move)
        assert all(before[sq] not in (0, mover) for sq in flipped) and all(after[sq] == mover for sq in flipped)

    @rule(data=st.data())
    def board_is_a_copy(self, data):
        board = self.state.board()
        before = snapshot(self.state)
        board[...] = data.draw(st.integers(-128, 127))
        assert snapshot(self.state) == before

    @rule(data=st.data())
    def cells(self, data):
        sq = data.draw(st.integers(0, self.variant.PASS - 1))
        assert self.state.cell(sq) == self.state.board().ravel()[sq]
        assert self.state.cell(self.variant.square_name(sq)) == self.state.cell(sq)
        self.rejected(lambda: self.state.cell(self.variant.PASS), InvalidSquareError)

    # -- invariants ----------------------------------------------------------------
    @invariant()
    def agrees_with_the_model(self):
        if not hasattr(self, "state"):
            return
        model = self.model()
        assert snapshot(self.state) == snapshot(model)
        assert self.state.moves() == self.moves
        mask = self.state.legal_mask()
        assert [i for i in range(self.variant.PASS + 1) if mask >> i & 1] == self.state.legal_moves()

    @invariant()
    def others_are_independent(self):
        for other, expected in getattr(self, "others", []):
            assert snapshot(other) == expected


class BatchMachine(RuleBasedStateMachine):
    """A Batch under random steps, resets and bad arrays, checked against one State per game."""

    @initialize(text=st.sampled_from(VARIANTS), size=st.integers(1, 6))
    def start(self, text, size):
        self.variant = pr.Variant.parse(text)
        self.batch = pr.Batch(self.variant, size)
        self.games = [self.variant.start() for _ in range(size)]

    def arrays(self):
        b = self.batch
        return (b.masks.tobytes(), b.boards.tobytes(), b.done.tobytes(), b.scores.tobytes(), b.to_move.tobytes(),
                b.plies().tobytes())

    def rejected(self, call, *errors):
        before = self.arrays()
        with pytest.raises(errors):
            call()
        assert self.arrays() == before, "a rejected call changed the batch"

    def expected_moves(self):
        return [g.legal_moves() if not g.is_over() else [-1] for g in self.games]

    @rule(policy=st.sampled_from(["random", "greedy"]), seed=st.integers(0, 2**64 - 1),
          threads=st.integers(0, 4), dtype=st.sampled_from([np.int32, np.int64, np.int16, np.uint8, "list"]))
    def step_chosen(self, policy, seed, threads, dtype):
        moves = self.batch.choose(policy, seed)
        assert moves.dtype == np.int32 and moves.shape == (len(self.games),)
        for move, legal in zip(moves.tolist(), self.expected_moves()):
            assert move in legal
        if dtype == np.uint8 and (moves < 0).any():
            dtype = np.int16
        given = moves.tolist() if dtype == "list" else moves.astype(dtype)
        self.batch.step(given, threads=threads)
        for game, move in zip(self.games, moves.tolist()):
            if move != -1:
                game.play(move)

    @rule(data=st.data())
    def step_with_one_bad_move(self, data):
        moves = [data.draw(st.sampled_from(legal)) for legal in self.expected_moves()]
        i = data.draw(st.integers(0, len(moves) - 1))
        legal = self.expected_moves()[i]
        bad = data.draw(st.integers(-5, self.variant.PASS + 5).filter(lambda m: m not in legal))
        moves[i] = bad
        self.rejected(lambda: self.batch.step(np.array(moves, dtype=np.int32)), IllegalMoveError)
        with pytest.raises(IllegalMoveError, match=f"batch game {i}"):
            self.batch.step(np.array(moves, dtype=np.int32))

    @rule(data=st.data())
    def step_with_bad_arrays(self, data):
        size = len(self.games)
        bad = data.draw(st.sampled_from([
            np.zeros(size + 1, np.int32), np.zeros((size, 1), np.int32), np.zeros(0, np.int32),
            np.zeros(size, np.float64), np.zeros(size, bool), np.array(["a"] * size), np.zeros(size, object),
            np.full(size, 2**40, np.int64), np.full(size, 2**64 - 1, np.uint64), [None] * size, "f5", 3, None,
        ]))
        self.rejected(lambda: self.batch.step(bad), ValueError, TypeError)
        threads = data.draw(st.sampled_from([-1, 2**31, 10**6, 1.5, "2", True]))  # None: the batch's setting
        good = np.array([legal[0] for legal in self.expected_moves()], dtype=np.int32)
        self.rejected(lambda: self.batch.step(good, threads=threads), ValueError, TypeError)

    @rule(data=st.data())
    def reset(self, data):
        if data.draw(st.booleans()):
            self.batch.reset()
            self.games = [self.variant.start() if g.is_over() else g for g in self.games]
            return
        which = data.draw(st.lists(st.booleans(), min_size=len(self.games), max_size=len(self.games)))
        self.batch.reset(np.array(which))
        self.games = [self.variant.start() if w else g for g, w in zip(self.games, which)]

    @rule(data=st.data())
    def reset_with_bad_arrays(self, data):
        size = len(self.games)
        bad = data.draw(st.sampled_from([np.ones(size + 1, bool), np.ones(size, np.int8), [1] * size,
                                         np.ones((size, 1), bool), "yes", 1, [[True], [False, True]]]))
        self.rejected(lambda: self.batch.reset(bad), ValueError, TypeError)

    @rule(data=st.data())
    def bad_choose(self, data):
        policy = data.draw(st.sampled_from(["best", "", None, 1, "randomly"]))
        seed = data.draw(st.sampled_from([-1, 2**64, 1.5, "1", None]))
        self.rejected(lambda: self.batch.choose(policy, seed), ValueError, TypeError)

    @rule(data=st.data())
    def views_are_read_only(self, data):
        name = data.draw(st.sampled_from(["masks", "boards", "done", "scores", "to_move"]))
        view = getattr(self.batch, name)

        def write():
            view.flat[0] = 1

        self.rejected(write, ValueError)

    @rule(data=st.data())
    def state_of_one_game(self, data):
        size = len(self.games)
        i = data.draw(st.integers(-size, size - 1))
        state = self.batch.state(i)
        assert state == self.games[i]
        bad = data.draw(st.sampled_from([size, -size - 1, 2**40, -(2**63)]))
        self.rejected(lambda: self.batch.state(bad), IndexError)
        self.rejected(lambda: self.batch.state("0"), TypeError)

    @invariant()
    def agrees_with_the_model(self):
        if not hasattr(self, "batch"):
            return
        b = self.batch
        pass_move = self.variant.PASS
        for i, game in enumerate(self.games):
            legal = game.legal_moves()
            assert [m for m in range(pass_move + 1) if b.masks[i, m]] == legal
            assert bool(b.done[i]) == game.is_over()
            assert np.array_equal(b.boards[i], game.board())
            assert tuple(b.scores[i]) == game.scores()
            assert b.to_move[i] == int(game.to_move)
        assert b.plies().tolist() == [g.ply for g in self.games]


TestStates = StateMachine.TestCase
TestStates.settings = settings(max_examples=60, stateful_step_count=40, deadline=None,
                               suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
TestBatches = BatchMachine.TestCase
TestBatches.settings = settings(max_examples=50, stateful_step_count=30, deadline=None,
                                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@pytest.mark.slow
def test_states_long():
    from hypothesis.stateful import run_state_machine_as_test

    run_state_machine_as_test(StateMachine, settings=settings(max_examples=1500, stateful_step_count=80,
                                                              deadline=None,
                                                              suppress_health_check=list(HealthCheck)))


@pytest.mark.slow
def test_batches_long():
    from hypothesis.stateful import run_state_machine_as_test

    run_state_machine_as_test(BatchMachine, settings=settings(max_examples=1000, stateful_step_count=60,
                                                              deadline=None,
                                                              suppress_health_check=list(HealthCheck)))


# -- faults once found in the C++ bindings (cpp/bindings/module.cpp), now fixed ----

class _BigInt(int):
    """An int subclass (IntEnum members and the like take the same path in the bindings)."""


def test_an_int_subclass_beyond_int32_is_not_truncated_to_another_square():
    state = pr.Variant().start()
    with pytest.raises(InvalidSquareError):
        state.play(_BigInt(2**32 + 19))


def test_a_move_name_with_a_lone_surrogate_is_an_invalid_square():
    state = pr.Variant().start()
    with pytest.raises(InvalidSquareError):
        state.play("\ud800")


def test_an_index_beyond_int32_is_named_in_the_message():
    state = pr.Variant().start()
    with pytest.raises(InvalidSquareError, match=str(2**40)):
        state.play(2**40)


def test_a_state_made_without_init_does_not_crash():
    import subprocess
    import sys

    code = ("import polyreversi as pr\n"
            "s = pr.State.__new__(pr.State)\n"
            "for call in (s.legal_moves, s.scores, s.board, s.copy, lambda: s.to_move, lambda: pr.perft(s, 1)):\n"
            "    try:\n        call()\n    except TypeError:\n        print('TypeError')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-500:]  # no crash
    assert done.stdout.split() == ["TypeError"] * 6, done.stdout  # and every call refused
