"""A search stopped partway through an iteration keeps the best of the root moves
that iteration scored, and only when it had scored the last iteration's best move
first (the iterations go two plies at a time on 8x8, one on the other boards): the
move's score is then the full-width fixed-depth value of that move at
the depth reported, and never worse than that depth's value of the move it replaced.
Node limits stop the searches (deterministic: one thread), never the clock."""
import random

import pytest

import polyreversi as pr


def random_position(plies, seed, board="8x8"):
    rng = random.Random(seed)
    s = pr.Variant.parse(board).start()
    for _ in range(plies):
        if s.is_over():
            break
        s = s.child(rng.choice(s.legal_moves()))
    return s


def iteration_step(state):
    """Plies between the search's iterations: two on the trained 8x8 evaluation (the
    standard board, normal rules), one on the others (docs/tuning.md)."""
    return 2 if str(state.variant) == "8x8" else 1


def move_value(state, move, depth):
    """The full-width value of `move` for the mover of `state`, `depth` plies deep."""
    child = state.child(move)
    if depth == 1 or child.is_over():
        return -_static(child)
    return -pr.search(child, depth=depth - 1, selective=False).score


def _static(child):
    """The search's leaf value: the exact result of a finished game, else the evaluation."""
    if child.is_over():
        scores = child.scores()
        me = int(child.to_move) - 1
        return float(scores[me] - scores[1 - me])
    return pr.evaluate(child)


CASES = [(12 + (7 * seed) % 30, seed, nodes) for seed in range(28) for nodes in (3000, 20000, 60000)]


@pytest.mark.parametrize("plies,seed,nodes", CASES)
def test_a_stopped_iteration_keeps_a_scored_move(plies, seed, nodes):
    state = random_position(plies, seed)
    if state.is_over() or len(state.legal_moves()) < 2:
        pytest.skip("no choice to make in this position")
    for search in (lambda: pr.SearchPlayer(selective=False, tt_mb=1).play(state, pr.Limit(nodes=nodes)),
                   lambda: pr.search(state, nodes=nodes, selective=False, tt_mb=1)):
        r = search()
        assert r.depth >= 1 and not r.exact
        # the score is the move's own fixed-depth value at the depth reported
        assert r.score == pytest.approx(move_value(state, r.move, r.depth), abs=1e-9)
        step = iteration_step(state)
        if r.depth > step:
            # the last completed iteration's (`step` plies shallower) best move was
            # scored first: the move is at least as good at this depth (a best move that failed low is replaced only
            # by a move that beat it there, never by an unsearched one)
            before = pr.search(state, depth=r.depth - step, selective=False).move
            assert r.score >= move_value(state, before, r.depth) - 1e-9


# The other boards' searches (their own evaluation, shape and ProbCut fits) keep the
# same rule; Anti-Reversi's evaluation too.
BOARD_CASES = [(board, 10 + (11 * seed) % 40, seed, nodes) for board in ("10x10", "octagon", "8x8/anti")
               for seed in range(3) for nodes in (5000, 40000)]


@pytest.mark.parametrize("board,plies,seed,nodes", BOARD_CASES)
def test_a_stopped_iteration_keeps_a_scored_move_on_other_boards(board, plies, seed, nodes):
    state = random_position(plies, seed, board)
    if state.is_over() or len(state.legal_moves()) < 2:
        pytest.skip("no choice to make in this position")
    r = pr.SearchPlayer(selective=False, tt_mb=1).play(state, pr.Limit(nodes=nodes))
    assert r.move in state.legal_moves()
    assert r.depth >= 1 and not r.exact
    assert r.score == pytest.approx(move_value(state, r.move, r.depth), abs=1e-9)
    step = iteration_step(state)
    if r.depth > step:
        before = pr.search(state, depth=r.depth - step, selective=False).move
        assert r.score >= move_value(state, before, r.depth) - 1e-9


def test_stopped_iterations_occur_and_change_moves_on_other_boards():
    # The board cases above include stopped iterations, and moves they changed.
    partial = changed = 0
    for board, plies, seed, nodes in BOARD_CASES:
        state = random_position(plies, seed, board)
        if state.is_over() or len(state.legal_moves()) < 2:
            continue
        r = pr.SearchPlayer(selective=False, tt_mb=1).play(state, pr.Limit(nodes=nodes))
        whole = pr.SearchPlayer(selective=False, tt_mb=1).play(state, pr.Limit(depth=r.depth))
        if whole.nodes > r.nodes:
            partial += 1
            step = iteration_step(state)
            changed += r.depth > step and r.move != pr.search(state, depth=r.depth - step, selective=False).move
    assert partial >= 5 and changed >= 1


def test_stopped_iterations_occur_and_change_moves():
    # The cases above include iterations that a limit stopped after their first move, and
    # some whose move is not the last completed iteration's best.
    partial = changed = 0
    for plies, seed, nodes in CASES:
        state = random_position(plies, seed)
        if state.is_over() or len(state.legal_moves()) < 2:
            continue
        r = pr.SearchPlayer(selective=False, tt_mb=1).play(state, pr.Limit(nodes=nodes))
        whole = pr.SearchPlayer(selective=False, tt_mb=1).play(state, pr.Limit(depth=r.depth))
        if whole.nodes > r.nodes:  # that iteration did not complete within the limit
            partial += 1
            step = iteration_step(state)
            changed += r.depth > step and r.move != pr.search(state, depth=r.depth - step, selective=False).move
    assert partial >= 5 and changed >= 1


def test_a_completed_search_is_the_fixed_depth_search():
    state = random_position(20, 3)
    fixed = pr.search(state, depth=7, selective=False)
    r = pr.SearchPlayer(selective=False, tt_mb=1).play(state, pr.Limit(depth=7, nodes=10**9))
    assert (r.move, r.score, r.depth) == (fixed.move, fixed.score, 7)
