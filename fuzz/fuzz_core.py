"""Coverage-guided fuzzing of the engine through its Python API, with atheris.

Each input is a little program: a variant, an optional custom start position made
from the input's bytes, then a sequence of calls on a State (play good, bad and
garbage moves, undo, copy, child, flips, pickle, perft, play_games) and on a Batch
(step with good and bad arrays, reset, choose). After every call the harness checks
what tests/test_hostile_api.py checks: a rejected call raised a documented exception
and changed nothing, and the State agrees with its move list replayed from its
initial position, each game of the Batch with a State played alongside.

    python fuzz/fuzz_core.py -atheris_runs=20000
    mkdir -p fuzz/corpus/core && python fuzz/fuzz_core.py -max_total_time=300 fuzz/corpus/core fuzz/seeds/core

Crashes in the C++ core (a signal) stop the run like an exception does; build the
extension with scripts/sanitize.sh to turn memory errors into reports.
"""
from __future__ import annotations

import pickle
import sys

import atheris
import numpy as np

import polyreversi as pr
from polyreversi import HistoryError, IllegalMoveError, InvalidSquareError, PositionError

# instrument_imports() does not see modules an editable install loads through its
# own finder, so the package's functions are instrumented once they are loaded.
from _instrument import instrument_package

instrument_package()

VARIANTS = ["8x8", "6x6", "6x6/anti", "10x10/blocked=a1,j10", "octagon", "octagon/3p/blocked=b7", "8x8/3p",
            "8x8/4p/anti", "8x8/free", "8x8/handicap=3w", "10x10/4p", "octagon/4p/blocked=b7,i3"]
REJECTED = (TypeError, ValueError, IllegalMoveError, InvalidSquareError, HistoryError, PositionError)
GARBAGE = [None, 1.5, True, b"f5", [19], "", "k1", "a0", "j10", "pass", "d3\x00", 2**31, -(2**31) - 1, 2**63,
           10**30, -1, np.int64(19)]


def snapshot(state):
    return (state.board().tobytes(), int(state.to_move), state.ply, tuple(state.moves()), tuple(state.legal_moves()))


def batch_arrays(batch):
    return (batch.masks.tobytes(), batch.boards.tobytes(), batch.done.tobytes(), batch.scores.tobytes(),
            batch.to_move.tobytes(), batch.plies().tobytes())


def rejected(state, call):
    before = snapshot(state)
    try:
        call()
    except REJECTED:
        pass
    else:
        return True  # accepted
    assert snapshot(state) == before, "a rejected call changed the state"
    return False


def start_state(fdp, variant):
    state = variant.start()
    if fdp.ConsumeBool():  # a custom position from the input's bytes
        n = variant.n
        codes = fdp.ConsumeBytes(n * n)
        cells = np.array([[0, 0, 0, 1, 2, 3, 4, 5, -1, -2, 7][b % 11] for b in codes] + [0] * (n * n - len(codes)))
        try:
            state = variant.position(cells.reshape(n, n), fdp.ConsumeIntInRange(0, 5), fdp.ConsumeIntInRange(0, 300))
        except (PositionError, TypeError):
            pass
    return state


def state_program(fdp):
    variant = pr.Variant.parse(VARIANTS[fdp.ConsumeIntInRange(0, len(VARIANTS) - 1)])
    state = start_state(fdp, variant)
    initial = state.copy()
    model = state.copy()  # follows the moves list: undone and replayed as it changes
    moves = []
    for _ in range(fdp.ConsumeIntInRange(0, 120)):
        op = fdp.ConsumeIntInRange(0, 9)
        legal = state.legal_moves()
        if op <= 3 and legal:
            move = legal[fdp.ConsumeIntInRange(0, len(legal) - 1)]
            state.play(variant.square_name(move) if op == 3 else move)
            moves.append(move)
        elif op == 4:
            move = fdp.ConsumeIntInRange(-3, variant.PASS + 3)
            if rejected(state, lambda: state.play(move)):
                assert move in legal, f"illegal move {move} was played"
                moves.append(move)
        elif op == 5:
            junk = GARBAGE[fdp.ConsumeIntInRange(0, len(GARBAGE) - 1)]
            if rejected(state, lambda: state.play(junk)):
                # only an int (a NumPy one too) or a name may ever be taken as a move
                assert not isinstance(junk, (bool, np.bool_)) and isinstance(junk, (int, np.integer, str)), \
                    f"{junk!r} was played as a move"
                moves.append(state.moves()[-1])
                assert moves[-1] in legal
        elif op == 6:
            if moves:
                assert state.undo() == moves.pop()
            else:
                assert not rejected(state, state.undo)
        elif op == 7:
            protocol = fdp.ConsumeIntInRange(0, pickle.HIGHEST_PROTOCOL)
            twin = pickle.loads(pickle.dumps(state, protocol=protocol))
            assert twin == state and twin.moves() == state.moves() and twin.initial() == initial
            state = twin if fdp.ConsumeBool() else state
        elif op == 8 and legal:
            move = legal[fdp.ConsumeIntInRange(0, len(legal) - 1)]
            kid = state.child(move)
            flips = state.flips(move)
            before, after = state.board().ravel(), kid.board().ravel()
            assert flips == [sq for sq in range(before.size) if before[sq] != after[sq] and sq != move]
        elif op == 9:
            depth = fdp.ConsumeIntInRange(0, 3)
            leaves = pr.perft(state, depth)
            if depth == 1:
                assert leaves == len(legal) or (not legal and leaves == 1)
        while len(model.moves()) > len(moves) or model.moves() != moves[: len(model.moves())]:
            model.undo()
        for m in moves[len(model.moves()):]:
            model.play(m)
        assert snapshot(model) == snapshot(state), "the state disagrees with its moves replayed"
    replayed = initial.copy()
    for m in moves:
        replayed.play(m)
    assert snapshot(replayed) == snapshot(state)


def batch_program(fdp):
    variant = pr.Variant.parse(VARIANTS[fdp.ConsumeIntInRange(0, len(VARIANTS) - 1)])
    size = fdp.ConsumeIntInRange(1, 8)
    batch = pr.Batch(variant, size)
    games = [variant.start() for _ in range(size)]
    for _ in range(fdp.ConsumeIntInRange(0, 80)):
        op = fdp.ConsumeIntInRange(0, 5)
        before = batch_arrays(batch)
        if op <= 1:
            chosen = batch.choose("greedy" if op else "random", fdp.ConsumeIntInRange(0, 2**64 - 1))
            batch.step(chosen, threads=fdp.ConsumeIntInRange(0, 3))
            for game, move in zip(games, chosen.tolist()):
                if move != -1:
                    game.play(move)
        elif op == 2:
            raw = fdp.ConsumeIntListInRange(size, -2, variant.PASS + 2)
            try:
                batch.step(np.array(raw, dtype=np.int64))
            except (IllegalMoveError, ValueError):
                assert batch_arrays(batch) == before, "a rejected step changed the batch"
            else:
                for game, move in zip(games, raw):
                    assert move in (game.legal_moves() or [-1])
                    if move != -1:
                        game.play(move)
        elif op == 3:
            which = [fdp.ConsumeBool() for _ in range(size)]
            batch.reset(np.array(which))
            games = [variant.start() if w else g for g, w in zip(games, which)]
        elif op == 4:
            bad = [np.zeros(size + 1, np.int32), np.zeros(size, float), np.full(size, 2**40), "x", None,
                   np.zeros((size, 2), np.int32)][fdp.ConsumeIntInRange(0, 5)]
            try:
                batch.step(bad)
            except (TypeError, ValueError):
                pass
            assert batch_arrays(batch) == before
        else:
            batch.reset()
            games = [variant.start() if g.is_over() else g for g in games]
        masks, done = batch.masks, batch.done
        for i, game in enumerate(games):
            assert batch.state(i) == game, f"batch game {i} disagrees with its model"
            assert np.flatnonzero(masks[i]).tolist() == game.legal_moves()
            assert bool(done[i]) == game.is_over()


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    if fdp.ConsumeBool():
        state_program(fdp)
    else:
        batch_program(fdp)


def main() -> None:
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
