"""Tree reuse between the searches of one 3-4 player game (``multi_mcts(tree=)``,
``InformedMCTSPlayer(reuse=True)``): a search of a position the kept tree reached takes over
exactly that node's visits, any other position starts a fresh tree, and bad input is refused
by name."""
import pickle
import threading

import pytest

import polyreversi as pr
from polyreversi.multi_mcts import DEFAULT_REUSE, InformedMCTSPlayer, MultiMCTSTree, multi_mcts
from polyreversi.players import play_game, player_from_spec


def test_the_same_position_keeps_every_visit():
    state = pr.Variant.parse("8x8/4p").start()
    tree = MultiMCTSTree()
    first = multi_mcts(state, playouts=2000, seed=1, tree=tree)
    assert tree.kept == 0 and sum(first.visits.values()) == 2000
    again = multi_mcts(state, playouts=1, seed=2, tree=tree)
    assert tree.kept == 2000
    assert sum(again.visits.values()) == 2001
    # one playout more, through one root move
    assert sum(again.visits[m] - first.visits[m] for m in first.visits) == 1
    assert all(again.visits[m] >= first.visits[m] for m in first.visits)


@pytest.mark.parametrize("text", ["8x8/3p", "8x8/4p", "octagon/4p", "10x10/3p"])
def test_each_ply_down_keeps_the_visits_of_the_node_reached(text):
    """Down the tree one ply at a time (the other colours' replies included): each search
    takes over the visits the search before gave the move played."""
    state = pr.Variant.parse(text).start()
    tree = MultiMCTSTree()
    result = multi_mcts(state, playouts=3000, seed=3, tree=tree)
    for ply in range(state.variant.players + 1):
        move = max(result.visits, key=lambda m: (result.visits[m], -m))
        visits = result.visits[move]
        state = state.child(move)
        result = multi_mcts(state, playouts=500, seed=4 + ply, tree=tree)
        assert tree.kept == visits - 1, (ply, move)  # the node's own first playout went through none of its moves
        assert sum(result.visits.values()) == tree.kept + 500


def test_a_position_the_tree_never_reached_starts_fresh():
    state = pr.Variant.parse("8x8/4p").start()
    tree = MultiMCTSTree()
    multi_mcts(state, playouts=200, seed=1, tree=tree)
    other = pr.Variant.parse("8x8/4p").start()
    for move in other.legal_moves()[:1] * 1:
        other.play(move)
    for _ in range(6):  # deeper than 200 playouts grow the tree along any line
        other.play(other.legal_moves()[-1])
    r = multi_mcts(other, playouts=100, seed=1, tree=tree)
    assert tree.kept == 0 and sum(r.visits.values()) == 100


def test_other_rules_start_fresh():
    tree = MultiMCTSTree()
    multi_mcts(pr.Variant.parse("8x8/3p").start(), playouts=300, seed=1, tree=tree)
    r = multi_mcts(pr.Variant.parse("8x8/4p").start(), playouts=100, seed=1, tree=tree)
    assert tree.kept == 0 and sum(r.visits.values()) == 100
    # the same disks with other blocked squares are other rules too
    blocked = pr.Variant.parse("8x8/4p").with_random_blocked(seed=5).start()
    r = multi_mcts(blocked, playouts=100, seed=1, tree=tree)
    assert tree.kept == 0


def test_a_kept_tree_gives_the_same_results_from_the_same_seeds():
    def run():
        state = pr.Variant.parse("octagon/3p").start()
        tree, moves = MultiMCTSTree(), []
        for ply in range(5):
            r = multi_mcts(state, playouts=400, seed=ply, tree=tree)
            moves.append((r.move, tree.kept, tuple(sorted(r.visits.items()))))
            state.play(r.move)
        return moves

    assert run() == run()


def test_clear_forgets_the_tree():
    state = pr.Variant.parse("8x8/3p").start()
    tree = MultiMCTSTree()
    multi_mcts(state, playouts=300, seed=1, tree=tree)
    tree.clear()
    assert tree.kept == 0
    multi_mcts(state, playouts=100, seed=1, tree=tree)
    assert tree.kept == 0


def test_the_player_keeps_its_tree_through_a_game_and_forgets_it_at_new_game():
    assert DEFAULT_REUSE is False
    assert InformedMCTSPlayer(playouts=100).tree is None
    player = InformedMCTSPlayer(playouts=600, seed=7, reuse=True)
    kept = []
    original = player.play

    def play(state, limit=None):
        result = original(state, limit)
        assert player.tree is not None
        kept.append(player.tree.kept)
        assert sum(result.visits.values()) == result.playouts + player.tree.kept
        return result

    player.play = play  # type: ignore[method-assign]
    seats = [player] + [InformedMCTSPlayer(playouts=200, seed=s) for s in (1, 2, 3)]
    final = play_game(pr.Variant.parse("8x8/4p").start(), seats)
    assert final.is_over()
    assert kept[0] == 0 and sum(k > 0 for k in kept) >= 2, kept
    player.new_game()
    assert player.tree is not None and player.tree.kept == 0
    player.play(pr.Variant.parse("8x8/4p").start())
    assert kept[-1] == 0


def test_a_seat_spec_turns_reuse_on():
    assert player_from_spec("imcts:100:reuse=on", players=4).tree is not None
    assert player_from_spec("imcts:100:reuse=off", players=4).tree is None
    with pytest.raises(ValueError, match="reuse"):
        player_from_spec("imcts:100:reuse=maybe", players=4)


def test_bad_input_is_refused_by_name():
    state = pr.Variant.parse("8x8/3p").start()
    with pytest.raises(TypeError, match="tree"):
        multi_mcts(state, playouts=10, tree="yes")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="reuse"):
        InformedMCTSPlayer(playouts=10, reuse=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="reuse"):
        InformedMCTSPlayer(playouts=10, reuse="on")  # type: ignore[arg-type]


def test_a_tree_takes_one_search_at_a_time():
    """A search on a tree another thread is searching with is refused by name, not run
    on the same tree at once (the searches run without the GIL)."""
    state = pr.Variant.parse("8x8/4p").start()
    tree = MultiMCTSTree()
    started, refused = threading.Event(), []

    def long_search():
        started.set()
        try:
            multi_mcts(state, time=0.5, seed=1, tree=tree)
        except pr.ConcurrentUseError as e:  # the probe below got in first
            refused.append(str(e))

    worker = threading.Thread(target=long_search)
    worker.start()
    started.wait()
    while worker.is_alive() and not refused:
        try:
            multi_mcts(state, playouts=1, seed=2, tree=tree)
            tree.clear()
        except pr.ConcurrentUseError as e:
            refused.append(str(e))
    worker.join()
    assert refused and "MultiMCTSTree" in refused[0], refused


@pytest.mark.parametrize("protocol", [0, 1, 2, pickle.HIGHEST_PROTOCOL])
def test_a_kept_tree_and_the_core_searchers_refuse_pickling_with_a_clear_error(protocol):
    # protocols 0 and 1 aborted the process inside pybind11 before the refusal
    from polyreversi import _core

    for obj in (pr.InformedMCTSPlayer(playouts=10, reuse=True), _core._MultiMctsTree(), _core._Searcher(1)):
        with pytest.raises(TypeError, match="cannot pickle"):
            pickle.dumps(obj, protocol)
