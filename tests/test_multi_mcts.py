"""The 3-4 player MCTS with informed playouts (polyreversi.multi_mcts)."""
import random

import pytest

import polyreversi as pr
from conftest import assert_refused_by_the_search_and_the_player
from polyreversi.multi_mcts import DEFAULT_EPSILON, DEFAULT_EXPLORATION, DEFAULT_HISTORY_WEIGHT, DEFAULT_LGRF, DEFAULT_MAST, DEFAULT_MAST_TEMPERATURE, DEFAULT_NST, DEFAULT_SCORE_WEIGHT, NST_VISITS, OPTION_RANGES, InformedMCTSPlayer, multi_mcts
from polyreversi.players import check_player_spec, play_game, player_from_spec


def test_a_search_counts_its_playouts_and_rewards():
    for text in ("8x8/3p", "10x10/4p", "octagon/3p/anti"):
        state = pr.Variant.parse(text).start()
        r = multi_mcts(state, playouts=400, seed=3)
        assert r.playouts == 400 and sum(r.visits.values()) == 400
        assert set(r.visits) == set(state.legal_moves())
        assert r.move in state.legal_moves()
        assert sum(r.values) == pytest.approx(1.0)


def test_reproducible_with_a_playout_count():
    state = pr.Variant.parse("8x8/4p").with_random_blocked(seed=4).start()
    a = multi_mcts(state, playouts=300, seed=9)
    b = multi_mcts(state, playouts=300, seed=9)
    assert (a.move, a.visits, a.values, a.nodes) == (b.move, b.visits, b.values, b.nodes)


def test_a_cutoff_beyond_the_end_changes_nothing():
    # 20 plies from the end a cut-off of 64 plies is never reached: the same search
    state = pr.Variant.parse("8x8/3p").start()
    rng = random.Random(5)
    while len(state.variant.squares) - sum(state.scores()) > 20:
        state.play(rng.choice(state.legal_moves()))
    a = multi_mcts(state, playouts=400, seed=2, cutoff=0)
    b = multi_mcts(state, playouts=400, seed=2, cutoff=64, cutoff_temperature=0.05)
    assert (a.move, a.visits, a.values) == (b.move, b.visits, b.values)


def test_judged_playouts_share_the_reward():
    for text, temperature in (("8x8/4p", 0.0), ("octagon/3p/anti", 0.05), ("10x10/4p", 0.02)):
        state = pr.Variant.parse(text).start()
        r = multi_mcts(state, playouts=500, seed=1, cutoff=6, cutoff_temperature=temperature)
        assert r.playouts == 500 and r.move in state.legal_moves()
        assert sum(r.values) == pytest.approx(1.0)
        again = multi_mcts(state, playouts=500, seed=1, cutoff=6, cutoff_temperature=temperature)
        assert again.visits == r.visits


def test_a_free_anchor_is_taken():
    # Black can take a1, a square that can never flip again: the playouts value it
    v = pr.Variant.parse("8x8/3p")
    state = v.start()
    rng = random.Random(1)
    for _ in range(200):
        state = v.start()
        while not state.is_over() and v.square("a1") not in state.legal_moves():
            state.play(rng.choice(state.legal_moves()))
        if not state.is_over() and len(state.legal_moves()) > 1:
            break
    r = multi_mcts(state, playouts=3000, seed=1)
    assert r.move == v.square("a1")


def test_whole_games_are_legal():
    final = play_game("octagon/4p", [InformedMCTSPlayer(playouts=50, seed=i) for i in range(4)])
    assert final.is_over()
    final = play_game(pr.Variant.parse("8x8/3p").with_random_blocked(seed=2),
                      [InformedMCTSPlayer(time=0.002, seed=i) for i in range(3)])
    assert final.is_over()


def test_bad_input_is_named():
    state = pr.Variant.parse("8x8/3p").start()
    with pytest.raises(pr.VariantError, match="three or four players"):
        multi_mcts(pr.Variant().start(), playouts=10)
    with pytest.raises(ValueError, match="playouts"):
        multi_mcts(state, playouts=0)
    with pytest.raises(ValueError, match="time"):
        multi_mcts(state, time=-1)
    with pytest.raises(ValueError, match="epsilon"):
        multi_mcts(state, playouts=10, epsilon=1.5)
    with pytest.raises(TypeError, match="epsilon"):
        InformedMCTSPlayer(epsilon="x")
    with pytest.raises(ValueError, match="cutoff"):
        multi_mcts(state, playouts=10, cutoff=-1)
    with pytest.raises(ValueError, match="cutoff"):
        InformedMCTSPlayer(cutoff=10**6)
    with pytest.raises(TypeError, match="cutoff"):
        InformedMCTSPlayer(cutoff=2.5)
    with pytest.raises(ValueError, match="cutoff_temperature"):
        multi_mcts(state, playouts=10, cutoff=4, cutoff_temperature=-0.1)
    with pytest.raises(ValueError, match="cutoff_temperature"):
        InformedMCTSPlayer(cutoff_temperature=float("inf"))
    with pytest.raises(TypeError, match="State"):
        multi_mcts("8x8/3p", playouts=10)
    with pytest.raises(ValueError, match="time per move"):
        InformedMCTSPlayer().play(state, pr.Limit(depth=3))
    over = pr.play_game("8x8/3p", [pr.RandomPlayer(seed=i) for i in range(3)])
    with pytest.raises(ValueError, match="game is over"):
        multi_mcts(over, playouts=10)


def test_seat_specs():
    p = player_from_spec("imcts:500", seed=1)
    assert isinstance(p, InformedMCTSPlayer) and p.playouts == 500
    assert player_from_spec("imcts:time=0.1:epsilon=0.2").epsilon == 0.2
    with pytest.raises(ValueError, match="3- and 4-player"):
        check_player_spec("imcts", players=2)


def _greedy_reference(state):
    """The move the 3-4 player evaluation rates best for the mover, as the core's greedy playout
    move: the mover's estimated share minus the best other colour's (a finished game: its disk
    margin beyond every estimate); ties to the lowest square."""
    mover = int(state.to_move) - 1

    def value(child):
        if child.is_over():
            scores = child.scores()
            margin = scores[mover] - max(s for c, s in enumerate(scores) if c != mover)
            return margin + (10**9 if margin > 0 else -10**9 if margin < 0 else 0)
        shares = pr._core._multi_evaluate(child)
        return shares[mover] - max(s for c, s in enumerate(shares) if c != mover)

    values = {move: value(state.child(move)) for move in state.legal_moves()}
    return max(sorted(values), key=lambda move: values[move])


def test_a_greedy_playout_plays_the_evaluations_best_move():
    # greedy=1 and no cut-off: the one playout of a one-playout search is the evaluation's greedy
    # game from the expanded child; its rewards are that game's (reference: the same game in Python)
    rng = random.Random(7)
    for text in ("8x8/3p", "8x8/4p", "octagon/4p", "10x10/3p", "8x8/3p", "octagon/3p", "8x8/4p", "10x10/4p"):
        state = pr.Variant.parse(text).start()
        for _ in range(rng.randrange(0, 30)):
            state.play(rng.choice(state.legal_moves()))
        r = multi_mcts(state, playouts=1, seed=rng.randrange(2**32), greedy=1.0, cutoff=0)
        (first,) = r.visits
        game = state.child(first)
        while not game.is_over():
            game.play(_greedy_reference(game))
        assert r.values == pytest.approx(pr._core.mcts_rewards(game)), text


def test_greedy_is_checked():
    state = pr.Variant.parse("8x8/3p").start()
    for bad in (-0.1, 1.5, float("nan")):
        with pytest.raises(ValueError, match="greedy"):
            multi_mcts(state, playouts=10, greedy=bad)
    with pytest.raises(TypeError, match="greedy"):
        InformedMCTSPlayer(greedy="x")
    assert player_from_spec("imcts:time=0.1:greedy=0.5").greedy == 0.5
    judged = multi_mcts(state, playouts=300, seed=4, greedy=0.3)
    assert judged.playouts == 300 and judged.move in state.legal_moves()


def test_implicit_backups_are_reproducible_and_steer_the_search():
    state = pr.Variant.parse("8x8/4p").with_random_blocked(seed=2).start()
    plain = multi_mcts(state, playouts=600, seed=5)
    a = multi_mcts(state, playouts=600, seed=5, implicit_weight=0.5)
    b = multi_mcts(state, playouts=600, seed=5, implicit_weight=0.5)
    assert (a.move, a.visits, a.values) == (b.move, b.visits, b.values)
    assert a.playouts == 600 and sum(a.visits.values()) == 600 and sum(a.values) == pytest.approx(1.0)
    assert a.visits != plain.visits
    assert multi_mcts(state, playouts=600, seed=5, implicit_weight=0.0).visits == plain.visits


def test_implicit_backups_on_every_board():
    for text in ("octagon/3p/anti", "10x10/3p", "8x8/3p"):
        state = pr.Variant.parse(text).start()
        r = multi_mcts(state, playouts=300, seed=1, implicit_weight=1.0)
        assert r.move in state.legal_moves() and sum(r.visits.values()) == 300


@pytest.mark.parametrize("bad", [-0.1, 1.5, float("nan"), "0.5"])
def test_bad_implicit_weight_is_refused_by_name(bad):
    assert_refused_by_the_search_and_the_player("implicit_weight", bad)


def test_the_seat_spec_takes_solve_and_implicit_weight():
    player = player_from_spec("imcts:50:solve=8:implicit_weight=0.3", seed=1)
    assert (player.solve, player.implicit_weight) == (8, 0.3)


def test_move_averages_are_reproducible_and_steer_the_playouts():
    state = pr.Variant.parse("8x8/4p").with_random_blocked(seed=3).start()
    plain = multi_mcts(state, playouts=600, seed=5, mast=0.0)
    a = multi_mcts(state, playouts=600, seed=5, mast=0.8)
    b = multi_mcts(state, playouts=600, seed=5, mast=0.8)
    assert (a.move, a.visits, a.values) == (b.move, b.visits, b.values)
    assert a.playouts == 600 and sum(a.visits.values()) == 600 and sum(a.values) == pytest.approx(1.0)
    assert a.visits != plain.visits
    assert multi_mcts(state, playouts=600, seed=5).visits == multi_mcts(state, playouts=600, seed=5,
                                                                        mast=DEFAULT_MAST).visits
    for text in ("octagon/3p/anti", "10x10/4p", "8x8/3p"):
        other = pr.Variant.parse(text).start()
        r = multi_mcts(other, playouts=300, seed=1, mast=1.0, epsilon=0.0)
        assert r.move in other.legal_moves() and sum(r.visits.values()) == 300


def test_mast_is_checked_by_the_facade_and_the_core():
    state = pr.Variant.parse("8x8/3p").start()
    for bad in (-0.1, 1.5, float("nan")):
        with pytest.raises(ValueError, match="mast"):
            multi_mcts(state, playouts=10, mast=bad)
        with pytest.raises(pr.PolyreversiError, match="multi_mcts: mast must be 0 to 1"):
            pr._core._multi_mcts(state, 10, 0.0, 1, 0.5, 0.25, 5.0, 0.0, 1000, mast=bad)
    with pytest.raises(TypeError, match="mast"):
        InformedMCTSPlayer(mast="x")
    assert player_from_spec("imcts:time=0.1:mast=0.5").mast == 0.5


def _outside(low: float, high: float, whole: bool) -> list:
    """Values just outside ``low .. high`` (and, for a number, NaN and infinity)."""
    step = 1 if whole else 0.001
    bad = [low - step] + ([high + step] if high != float("inf") else [])
    return bad if whole else bad + [float("nan"), float("inf")]


def test_every_option_range_is_the_cores_and_a_bad_value_names_its_option():
    # One table in the core (kMultiOptionRanges): the facade checks against it before the
    # core is called, and the core refuses the same values itself, naming the option.
    state = pr.Variant.parse("8x8/4p").start()
    core_defaults = dict(exploration=DEFAULT_EXPLORATION, epsilon=DEFAULT_EPSILON,
                         history_weight=DEFAULT_HISTORY_WEIGHT, score_weight=DEFAULT_SCORE_WEIGHT)
    assert set(core_defaults) < set(OPTION_RANGES)
    assert set(OPTION_RANGES) == {"exploration", "epsilon", "history_weight", "score_weight", "cutoff",
                                  "cutoff_temperature", "bias_weight", "greedy", "mast", "mast_temperature",
                                  "solve", "implicit_weight", "paranoia"}
    for name, (low, high) in OPTION_RANGES.items():
        whole = isinstance(low, int)
        assert whole == (name in ("cutoff", "solve")) and low == 0 and high in (1, pr._core.limits.MAX_SCORE, float("inf"))
        for bad in _outside(low, high, whole):
            with pytest.raises(ValueError, match=f"^{name}: must be"):
                multi_mcts(state, playouts=10, **{name: bad})
            with pytest.raises(ValueError, match=f"^{name}: must be"):
                InformedMCTSPlayer(playouts=10, **{name: bad})
            args = {**core_defaults, name: bad}
            with pytest.raises(pr.PolyreversiError, match=f"^multi_mcts: {name} must be "):
                pr._core._multi_mcts(state, 10, 0.0, 1, args.pop("exploration"), args.pop("epsilon"),
                                     args.pop("history_weight"), args.pop("score_weight"), 1000, **args)
        # the low end of every range is a value the search takes
        assert multi_mcts(state, playouts=10, **{name: low}).playouts == 10


def assert_reproducible_and_steering(state: pr.State, base: dict, **options) -> None:
    """The search of ``state`` with ``base`` and ``options`` gives the same result twice, and
    other visits than with ``base`` alone; ``options`` also search other boards."""
    plain = multi_mcts(state, playouts=600, seed=5, **base)
    a = multi_mcts(state, playouts=600, seed=5, **base, **options)
    b = multi_mcts(state, playouts=600, seed=5, **base, **options)
    assert (a.move, a.visits, a.values) == (b.move, b.visits, b.values)
    assert a.visits != plain.visits and sum(a.visits.values()) == 600
    for text in ("octagon/3p/anti", "10x10/4p", "8x8/3p"):
        other = pr.Variant.parse(text).start()
        r = multi_mcts(other, playouts=300, seed=1, epsilon=0.0, **base, **options)
        assert r.move in other.legal_moves() and sum(r.visits.values()) == 300


def test_reply_averages_join_the_move_averages_once_a_pair_has_its_visits():
    state = pr.Variant.parse("8x8/4p").with_random_blocked(seed=4).start()
    assert_reproducible_and_steering(state, {}, nst=True)
    # a pair of squares occurs at most once a playout: before NST_VISITS playouts none has its visits
    assert multi_mcts(state, playouts=NST_VISITS, seed=5, nst=True).visits == \
        multi_mcts(state, playouts=NST_VISITS, seed=5).visits
    # the pairs only ever steer move-average draws
    assert multi_mcts(state, playouts=600, seed=5, nst=True, mast=0.0).visits == \
        multi_mcts(state, playouts=600, seed=5, mast=0.0).visits


def test_nst_is_checked_and_taken_by_the_player_and_the_seat_spec():
    state = pr.Variant.parse("8x8/3p").start()
    with pytest.raises(TypeError, match="nst"):
        multi_mcts(state, playouts=10, nst="yes")
    with pytest.raises(TypeError, match="nst"):
        InformedMCTSPlayer(nst=1)
    assert player_from_spec("imcts:time=0.1:nst=on").nst is True
    assert InformedMCTSPlayer().nst is DEFAULT_NST is False


def test_last_good_replies_steer_the_class_drawn_playout_moves():
    state = pr.Variant.parse("8x8/4p").with_random_blocked(seed=6).start()
    assert_reproducible_and_steering(state, {}, lgrf=True)
    # only class-drawn moves take a reply: with every move uniformly at random, the defaults' search
    assert multi_mcts(state, playouts=600, seed=5, lgrf=True, epsilon=1.0).visits == \
        multi_mcts(state, playouts=600, seed=5, epsilon=1.0).visits
    assert_reproducible_and_steering(state, {"nst": True}, lgrf=True)
    with pytest.raises(TypeError, match="lgrf"):
        multi_mcts(state, playouts=10, lgrf=0)
    assert player_from_spec("imcts:time=0.1:lgrf=on").lgrf is True
    assert InformedMCTSPlayer().lgrf is DEFAULT_LGRF is False


def test_a_gibbs_draw_over_the_move_averages():
    state = pr.Variant.parse("8x8/4p").with_random_blocked(seed=8).start()
    assert_reproducible_and_steering(state, {"mast": 1.0}, mast_temperature=0.1)
    for bad in (-0.1, float("inf"), float("nan")):
        with pytest.raises(ValueError, match="mast_temperature"):
            multi_mcts(state, playouts=10, mast_temperature=bad)
        with pytest.raises(pr.PolyreversiError, match="multi_mcts: mast_temperature must be finite and >= 0"):
            pr._core._multi_mcts(state, 10, 0.0, 1, 0.5, 0.25, 5.0, 0.0, 1000, mast_temperature=bad)
    assert player_from_spec("imcts:time=0.1:mast_temperature=0.1").mast_temperature == 0.1
    assert InformedMCTSPlayer().mast_temperature == DEFAULT_MAST_TEMPERATURE == 0.0


def test_the_ucb1_constant_defaults_per_table():
    from polyreversi.multi_mcts import DEFAULT_EXPLORATION_8X8_4P, default_exploration

    assert DEFAULT_EXPLORATION_8X8_4P == pr._core.limits.DEFAULT_MULTI_EXPLORATION_8X8_4P != DEFAULT_EXPLORATION
    assert default_exploration(pr.Variant.parse("8x8/4p").start()) == DEFAULT_EXPLORATION_8X8_4P
    for name in ("8x8/3p", "octagon/4p", "10x10/4p", "8x8/4p/anti"):
        assert default_exploration(pr.Variant.parse(name).start()) == DEFAULT_EXPLORATION, name
    with pytest.raises(TypeError, match="state"):
        default_exploration("8x8/4p")
    # None (the default) is the table's constant: the same search as giving it
    def same(a, b):
        return (a.move, a.visits, a.values, a.playouts) == (b.move, b.visits, b.values, b.playouts)

    state = pr.Variant.parse("8x8/4p").start()
    assert same(multi_mcts(state, playouts=300, seed=3),
                multi_mcts(state, playouts=300, seed=3, exploration=DEFAULT_EXPLORATION_8X8_4P))
    three = pr.Variant.parse("8x8/3p").start()
    assert same(multi_mcts(three, playouts=300, seed=3),
                multi_mcts(three, playouts=300, seed=3, exploration=DEFAULT_EXPLORATION))
    player = InformedMCTSPlayer(playouts=300, seed=3)
    assert player.exploration is None
    assert same(player.play(state), multi_mcts(state, playouts=300, seed=3, exploration=DEFAULT_EXPLORATION_8X8_4P))
