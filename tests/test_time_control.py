"""polyreversi.time_control's plan for anytime searches (MCTS, the 3-4 player
alpha-beta): the mover's moves left, and each move's seconds from a time or a clock."""
import pytest

import polyreversi as pr
from polyreversi import _core
from polyreversi.limit import MAX_TIME, Limit
from polyreversi.time_control import (INCREMENT_SHARE, MAX_SHARE, MOVE_RESERVE, OVERTIME_SHARE, RESERVE_MAX,
                                      RESERVE_MIN, RESERVE_SHARE, anytime_seconds, mover_moves)

TABLES = ["8x8/3p", "8x8/4p", "octagon/4p", "10x10/3p", "octagon/3p"]


def usable(clock, moves):
    """The clock less the reserve, as the module docstring states it."""
    reserve = min(RESERVE_MAX, max(RESERVE_MIN, RESERVE_SHARE * clock)) + min(MOVE_RESERVE * moves, clock / 2)
    return max(0.0, clock - reserve)


@pytest.mark.parametrize("variant", TABLES)
def test_the_movers_moves_left_are_the_moves_it_makes_in_a_game(variant):
    # nobody passes at 3-4 players: from every position of a played game the mover makes
    # exactly this many more moves (no blocked squares: the game fills the board)
    final = pr.play_game(variant, [pr.RandomPlayer(seed=i) for i in range(pr.Variant.parse(variant).players)])
    moves, state = final.moves(), final.initial()
    n = state.variant.players
    for ply, move in enumerate(moves):
        mover = int(state.to_move)
        left = sum(1 for p in range(ply, len(moves)) if (p - ply) % n == 0)
        assert mover_moves(state.empties(), n) == left, (variant, ply, mover)
        state.play(move)


def test_the_movers_moves_are_an_upper_bound_where_blocked_squares_wall_off_empties():
    for seed in range(3):
        variant = pr.Variant.parse("8x8/4p").with_random_blocked(seed=seed, count=4)
        final = pr.play_game(variant, [pr.RandomPlayer(seed=seed + i) for i in range(4)])
        state = final.initial()
        for ply, move in enumerate(final.moves()):
            assert mover_moves(state.empties(), 4) >= len(range(ply, len(final.moves()), 4))
            state.play(move)


def test_the_movers_moves_read_the_cores_longest_game():
    assert [_core.limits.longest_game(10, n) for n in (2, 3, 4)] == [20, 10, 10]
    assert [mover_moves(e, 4) for e in (0, 1, 4, 5, 60)] == [1, 1, 1, 2, 15]
    assert [mover_moves(e, 3) for e in (3, 4, 59)] == [1, 2, 20]
    assert [mover_moves(e, 2) for e in (1, 2, 3, 60)] == [1, 1, 2, 30]  # every other square


@pytest.mark.parametrize("call, error, message", [
    (lambda: mover_moves(-1, 4), ValueError, "empties: must be 0"),
    (lambda: mover_moves(10, 5), ValueError, "players: must be 2 to 4"),
    (lambda: mover_moves(10, 1), ValueError, "players: must be 2 to 4"),
    (lambda: mover_moves(10.0, 4), TypeError, "empties"),
    (lambda: anytime_seconds("clock=1", 3), TypeError, "limit: expected a Limit, got str"),
    (lambda: anytime_seconds(None, 3), TypeError, "limit: expected a Limit"),
    (lambda: anytime_seconds(Limit(clock=1.0), 0), ValueError, "moves: must be 1"),
    (lambda: anytime_seconds(Limit(clock=1.0), 2.5), TypeError, "moves"),
    (lambda: anytime_seconds(Limit(clock=1.0), True), TypeError, "moves"),
])
def test_bad_arguments_are_refused_naming_them(call, error, message):
    with pytest.raises(error, match=message):
        call()


@pytest.mark.parametrize("bad, message", [
    (dict(clock=-1.0), "clock"), (dict(increment=1.0), "need a clock"), (dict(clock=1.0, moves_to_go=0), "moves_to_go"),
    (dict(clock=1.0, overtime=1.0, moves_to_go=3), "give one of them"), (dict(time=0.0), "time"),
])
def test_bad_limits_are_refused_by_the_limit_itself(bad, message):
    with pytest.raises(ValueError, match=message):
        anytime_seconds(Limit(**bad), 10)


def test_a_time_is_the_moves_time_and_no_limit_is_none():
    assert anytime_seconds(Limit(time=0.25), 15) == 0.25
    assert anytime_seconds(Limit(), 15) is None
    assert anytime_seconds(Limit(depth=4), 15) is None  # depth and nodes are the caller's
    # with both, the smaller
    assert anytime_seconds(Limit(time=0.01, clock=10.0), 15) == 0.01
    assert anytime_seconds(Limit(time=5.0, clock=10.0), 15) == anytime_seconds(Limit(clock=10.0), 15)


def test_a_clock_is_shared_over_the_movers_moves_after_the_reserve():
    assert anytime_seconds(Limit(clock=10.0), 15) == pytest.approx(usable(10.0, 15) / 15)
    assert anytime_seconds(Limit(clock=60.0), 20) == pytest.approx((60.0 - RESERVE_MAX - 20 * MOVE_RESERVE) / 20)
    # a move never takes more than a quarter of the usable clock, not even the game's last ones
    assert anytime_seconds(Limit(clock=10.0), 2) == pytest.approx(MAX_SHARE * usable(10.0, 2))
    assert anytime_seconds(Limit(clock=10.0), 1) == pytest.approx(MAX_SHARE * usable(10.0, 1))


def test_the_increment_is_mostly_spent_on_its_move():
    base = anytime_seconds(Limit(clock=10.0), 15)
    assert anytime_seconds(Limit(clock=10.0, increment=0.5), 15) == pytest.approx(base + INCREMENT_SHARE * 0.5)
    # within the quarter of the usable clock: an increment is added after the move
    assert anytime_seconds(Limit(clock=1.0, increment=5.0), 15) == pytest.approx(MAX_SHARE * usable(1.0, 15))


def test_the_last_move_before_the_control_takes_the_usable_clock():
    assert anytime_seconds(Limit(clock=10.0, moves_to_go=1), 15) == pytest.approx(usable(10.0, 15))
    assert anytime_seconds(Limit(clock=10.0, moves_to_go=5), 15) == pytest.approx(usable(10.0, 15) / 5)
    # more moves to the control than to the end: the end counts
    assert anytime_seconds(Limit(clock=10.0, moves_to_go=40), 15) == anytime_seconds(Limit(clock=10.0), 15)


def test_an_overtime_adds_most_of_itself_to_every_move():
    base = anytime_seconds(Limit(clock=10.0), 15)
    assert anytime_seconds(Limit(clock=10.0, overtime=2.0), 15) == pytest.approx(base + OVERTIME_SHARE * 2.0)
    # the clock gone: the overtime's share, and the sliver of the clock
    assert anytime_seconds(Limit(clock=0.0, overtime=2.0), 15) == pytest.approx(OVERTIME_SHARE * 2.0 + 1e-4)


@pytest.mark.parametrize("clock", [0.0, 1e-9, 0.005, RESERVE_MIN])
def test_a_clock_with_nothing_usable_left_gives_a_small_positive_time(clock):
    seconds = anytime_seconds(Limit(clock=clock), 15)
    assert 0 < seconds <= max(clock / 10, 1e-4) and seconds < clock + 1e-3


def test_a_huge_clock_is_at_most_a_searchs_longest_time():
    assert anytime_seconds(Limit(clock=MAX_TIME, overtime=MAX_TIME), 1) == MAX_TIME
    assert anytime_seconds(Limit(time=MAX_TIME), 1) == MAX_TIME


@pytest.mark.parametrize("variant", TABLES)
@pytest.mark.parametrize("clock, increment", [(2.0, None), (0.3, None), (5.0, 0.2), (0.05, 0.01), (120.0, 1.0)])
def test_the_moves_of_a_whole_game_spend_the_clock_within_it(variant, clock, increment):
    # each move spends all its seconds, as an anytime search does: the clock never runs out,
    # and a sudden-death clock is mostly spent by the end
    players = pr.Variant.parse(variant).players
    empties = pr.Variant.parse(variant).start().empties()
    left, spent = clock, 0.0
    for ply in range(empties):
        if ply % players:
            continue  # another colour's move
        seconds = anytime_seconds(Limit(clock=left, increment=increment), mover_moves(empties - ply, players))
        assert 0 < seconds < left + 1e-3
        left -= seconds
        assert left > 0
        spent += seconds
        left += increment or 0.0
    total = clock + (increment or 0.0) * mover_moves(empties, players)
    assert spent < total
    if increment is None and clock >= 1:
        assert spent > 0.7 * clock  # the game's last moves keep their cap (a quarter of what is usable)


def test_the_moves_of_a_control_period_spend_its_clock_within_it():
    left, spent = 3.0, 0.0
    for k in range(10, 0, -1):  # 10 moves to the control, 20 to the end
        seconds = anytime_seconds(Limit(clock=left, moves_to_go=k), 10 + k)
        left -= seconds
        spent += seconds
        assert left > 0
    assert spent > 0.9 * 3.0


def test_the_running_mean_of_lateness_weighs_the_newest_move_and_ignores_early_ones():
    from polyreversi.time_control import OVERHEAD_WEIGHT, next_overhead

    assert next_overhead(0.0, 0.1) == pytest.approx(OVERHEAD_WEIGHT * 0.1)
    assert next_overhead(0.02, -0.5) == pytest.approx(0.02 * (1 - OVERHEAD_WEIGHT))  # early counts as on time
    # an anytime move keeps the lateness for each move to come, beyond MOVE_RESERVE
    assert anytime_seconds(Limit(clock=10.0), 15, 0.05) < anytime_seconds(Limit(clock=10.0), 15)
    assert anytime_seconds(Limit(clock=10.0), 15, 0.001) == anytime_seconds(Limit(clock=10.0), 15)
