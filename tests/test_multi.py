"""The 3-4 player search (polyreversi.multi): Best-Reply Search and paranoid
search against brute force over the core's evaluation, legality, limits and
bad input."""
import random

import numpy as np
import pytest

import polyreversi as pr
from polyreversi import _core
from polyreversi.multi import MultiPlayer, multi_search
from polyreversi.players import check_player_spec, play_game, player_from_spec

WIN = 1 << 22  # kMultiWin of multi.hpp


def _positions(variant_text, count, seed, blocked=False):
    """Positions after random plies from the start (not over)."""
    rng = random.Random(seed)
    out = []
    variant = pr.Variant.parse(variant_text)
    while len(out) < count:
        v = variant.with_random_blocked(seed=rng.randrange(2**32)) if blocked else variant
        s = v.start()
        for _ in range(rng.randrange(0, v.n * v.n - 12)):
            if s.is_over():
                break
            s.play(rng.choice(s.legal_moves()))
        if not s.is_over():
            out.append(s)
    return out


def _value(state, root):
    """The search's value of a position for colour index `root` (multi.hpp), from the core's shares."""
    players = state.variant.players
    if state.is_over():
        disks = state.scores()
        squares = len(state.variant.squares)
        others = [disks[c] for c in range(players) if c != root]
        diff = min(others) - disks[root] if state.variant.anti else disks[root] - max(others)
        margin = (1 if diff > 0 else -1) * (abs(diff) * _core.MULTI_SCALE // squares)  # C++ rounds toward 0
        return WIN + margin if margin > 0 else -WIN + margin if margin < 0 else 0
    shares = _core._multi_evaluate(state)
    others = [shares[c] for c in range(players) if c != root]
    return min(others) - shares[root] if state.variant.anti else shares[root] - max(others)


def _as_mover(state, color_index):
    """The same disks with colour `color_index` (0-based) to move: a BRS position."""
    return state.variant.position(state.board(), to_move=color_index + 1, ply=state.ply)


def _children(state, color_index):
    """(move, child) for each legal move of colour `color_index` in `state`'s disks."""
    s = _as_mover(state, color_index)
    return [(m, s.child(m)) for m in s.legal_moves()]


def _brs_brute(state, root, depth, max_layer=True):
    """Best-Reply Search by brute force (no pruning): the value from root's view."""
    if state.is_over() or depth == 0:
        return _value(state, root)
    if max_layer:
        return max(_brs_brute(c, root, depth - 1, False) for _, c in _children(state, root))
    others = [q for q in range(state.variant.players) if q != root]
    return min(_brs_brute(c, root, depth - 1, True) for q in others for _, c in _children(state, q))


def _paranoid_brute(state, root, depth):
    if state.is_over() or depth == 0:
        return _value(state, root)
    values = [_paranoid_brute(state.child(m), root, depth - 1) for m in state.legal_moves()]
    return max(values) if int(state.to_move) - 1 == root else min(values)


CASES = [("8x8/3p", False), ("8x8/4p", True), ("octagon/3p", True), ("10x10/4p", False), ("8x8/3p/anti", False)]


@pytest.mark.parametrize("variant,blocked", CASES)
def test_brs_depth_one_is_the_best_move_by_brute_force(variant, blocked):
    for state in _positions(variant, 6, seed=len(variant), blocked=blocked):
        root = int(state.to_move) - 1
        r = multi_search(state, pr.Limit(depth=1))
        values = {m: _value(c, root) for m, c in _children(state, root)}
        best = max(values.values())
        assert r.value == best
        assert r.move == min(m for m, v in values.items() if v == best)  # ties: the lowest square
        assert r.depth == 1 and r.pv == [r.move]


@pytest.mark.parametrize("variant,blocked", CASES[:3])
@pytest.mark.parametrize("depth", [2, 3])
def test_brs_value_equals_brute_force(variant, blocked, depth):
    for state in _positions(variant, 3 if depth == 3 else 5, seed=depth * 7 + len(variant), blocked=blocked):
        root = int(state.to_move) - 1
        r = multi_search(state, pr.Limit(depth=depth))
        assert r.value == _brs_brute(state, root, depth)
        # the move played reaches that value against the best replies
        child = _as_mover(state, root).child(r.move)
        assert _brs_brute(child, root, depth - 1, False) == r.value


@pytest.mark.parametrize("variant,blocked", CASES[:3])
def test_paranoid_value_equals_brute_force(variant, blocked):
    for state in _positions(variant, 4, seed=11, blocked=blocked):
        root = int(state.to_move) - 1
        r = multi_search(state, pr.Limit(depth=3), algorithm="paranoid")
        assert r.value == _paranoid_brute(state, root, 3)
        assert _paranoid_brute(state.child(r.move), root, 2) == r.value


def test_near_the_end_the_search_sees_the_result():
    # a few empty squares: every line reaches the end of the game (no square is blocked)
    rng = random.Random(5)
    for empties in (1, 2, 3, 4):
        state = pr.Variant.parse("8x8/3p").start()
        while int(np.sum(state.board() == pr.EMPTY)) > empties:
            state.play(rng.choice(state.legal_moves()))
        r = multi_search(state, pr.Limit(depth=8))
        assert r.depth == empties
        assert r.value == 0 or abs(r.value) > WIN // 2
        assert r.value == _brs_brute(state, int(state.to_move) - 1, empties)
        # the real disk shares of a full board: the neutral disk (if still there) counts for nobody
        assert 1 - 1 / 64 - 0.001 <= sum(r.scores) <= 1


def test_moves_are_legal_under_every_limit():
    rng = random.Random(3)
    for variant in ("8x8/3p", "8x8/4p", "10x10/3p", "octagon/4p", "octagon/3p/anti"):
        for state in _positions(variant, 3, seed=rng.randrange(1000), blocked=True):
            for limit in (pr.Limit(depth=2), pr.Limit(nodes=50), pr.Limit(time=0.005), pr.Limit(nodes=1)):
                for algorithm in ("brs", "paranoid"):
                    r = multi_search(state, limit, algorithm=algorithm)
                    assert r.move in state.legal_moves()
                    assert len(r.scores) == state.variant.players
                    if limit.nodes:
                        assert r.nodes <= limit.nodes


def test_a_whole_game_of_search_seats_is_legal():
    final = play_game("octagon/4p", [MultiPlayer(depth=1), MultiPlayer(nodes=200), MultiPlayer(depth=2),
                                     MultiPlayer(depth=1, algorithm="paranoid")])
    assert final.is_over()


def test_shares_of_a_finished_line_are_the_disk_counts():
    state = pr.Variant.parse("8x8/4p").start()
    r = multi_search(state, pr.Limit(depth=2))
    assert r.pv[0] == r.move and len(r.pv) == 2
    assert all(-1 < s < 2 for s in r.scores)


def test_features_see_the_shape_of_the_board():
    v = pr.Variant.parse("octagon/3p")
    board = v.start().board().copy()
    c1, b2 = v.square("c1"), v.square("b2")
    board.flat[c1] = 1
    board.flat[b2] = 1
    f, phase = _core._multi_features(v.position(board))
    assert f.shape == (3, _core.MULTI_FEATURES) and phase == 0
    disks, anchors, danger = f[0][:3]
    assert disks == 3 and anchors == 1  # c1 can never flip; b2 can (a3-b2-c1)
    # a blocked square makes anchors of its neighbours on the edge: b1 next to a blocked c1
    blocked = pr.Variant.parse("8x8/4p").replace(blocked=[2])
    board = blocked.start().board().copy()
    board.flat[1] = 2
    f, _ = _core._multi_features(blocked.position(board))
    assert f[1][1] == 1


def test_the_search_is_reproducible_at_a_fixed_depth():
    state = _positions("10x10/4p", 1, seed=9, blocked=True)[0]
    a = multi_search(state, pr.Limit(depth=3))
    b = multi_search(state, pr.Limit(depth=3))
    assert (a.move, a.value, a.pv, a.nodes) == (b.move, b.value, b.pv, b.nodes)


def test_two_players_are_refused():
    with pytest.raises(pr.VariantError, match="three or four players"):
        multi_search(pr.Variant().start(), pr.Limit(depth=2))
    with pytest.raises(pr.VariantError, match="three or four players"):
        MultiPlayer(depth=1).choose(pr.Variant().start())
    with pytest.raises(pr.VariantError, match="three or four players"):
        _core._multi_features(pr.Variant().start())


def test_bad_input_is_named():
    state = pr.Variant.parse("8x8/3p").start()
    with pytest.raises(ValueError, match="depth"):
        multi_search(state, pr.Limit(depth=0))
    with pytest.raises(ValueError, match="time"):
        MultiPlayer(time=-1)
    with pytest.raises(TypeError, match="Limit"):
        multi_search(state, 3)
    with pytest.raises(ValueError, match="clock"):
        multi_search(state, pr.Limit(clock=10.0))
    with pytest.raises(ValueError, match="algorithm"):
        multi_search(state, pr.Limit(depth=1), algorithm="maxn")
    with pytest.raises(TypeError, match="State"):
        multi_search("8x8/3p", pr.Limit(depth=1))
    over = pr.play_game("8x8/3p", [pr.RandomPlayer(seed=i) for i in range(3)])
    with pytest.raises(ValueError, match="game is over"):
        multi_search(over, pr.Limit(depth=1))


def test_a_limit_deeper_than_the_core_stops_at_the_end():
    state = _positions("8x8/4p", 30, seed=2)[-1]
    r = multi_search(state, pr.Limit(depth=pr.limit.MAX_DEPTH, nodes=2000))
    assert r.move in state.legal_moves()


def test_seat_specs():
    p = player_from_spec("brs:2")
    assert isinstance(p, MultiPlayer) and p.limit.depth == 2
    assert player_from_spec("brs:time=0.05").limit.time == 0.05
    assert check_player_spec("BRS:nodes=500", players=4) == "brs:nodes=500"
    with pytest.raises(ValueError, match="3- and 4-player"):
        check_player_spec("brs", players=2)
    with pytest.raises(ValueError, match="depth"):
        player_from_spec("brs:0")
    with pytest.raises(ValueError, match="unknown option"):
        player_from_spec("brs:playouts=3")


@pytest.mark.parametrize("call, name", [
    (lambda s: MultiPlayer().choose(s), "MultiPlayer.choose"),
    (lambda s: MultiPlayer().play(s), "MultiPlayer.play"),
    (lambda s: MultiPlayer().choose(s, pr.Limit(clock=1.0)), "MultiPlayer.choose"),
    (lambda s: pr.InformedMCTSPlayer().choose(s), "InformedMCTSPlayer.choose"),
    (lambda s: pr.InformedMCTSPlayer().play(s), "InformedMCTSPlayer.play"),
])
def test_a_3_4_player_seat_names_itself_refusing_a_two_player_game(call, name):
    # it named multi_search / multi_mcts, which the caller never called; the wording is the
    # SearchPlayer's for the other kind of game
    with pytest.raises(pr.VariantError, match=rf"^{name}: three or four players only \(got a 2-player game\); "
                                              r"for two players use pr\.SearchPlayer / pr\.search"):
        call(pr.Variant().start())
    with pytest.raises(pr.VariantError, match=r"^multi_search: three or four players only"):
        multi_search(pr.Variant().start())
