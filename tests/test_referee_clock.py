"""The 3-4 player seats (InformedMCTSPlayer, MultiPlayer, MCTSPlayer) on a game clock:
each move's seconds from the clock (polyreversi.time_control.anytime_seconds), the
referee passing them the control, the match command with --clock at a table of four.
No assertion here times a search: the seconds a seat asks for are read, not measured."""
import importlib
import json

import pytest
from click.testing import CliRunner

import polyreversi as pr
from polyreversi.cli import main
from polyreversi.match import TimeControl, play
from polyreversi.time_control import MAX_SHARE, anytime_seconds, mover_moves

MULTI_MCTS = importlib.import_module("polyreversi.multi_mcts")
MULTI = importlib.import_module("polyreversi.multi")
MCTS = importlib.import_module("polyreversi.mcts")
# the real search, not the fixture's wrapper (pr.multi_search, first read while the
# wrapper is in place, would keep it in the package for every later test)
MULTI_SEARCH = MULTI.multi_search


@pytest.fixture
def asked(monkeypatch):
    """Each search's (kind, ply, seconds asked for), the searches run as they are."""
    calls = []
    real_imcts, real_brs, real_mcts = MULTI_MCTS.multi_mcts, MULTI.multi_search, MCTS.mcts

    def imcts(state, **kw):
        calls.append(("imcts", state.ply, kw["time"]))
        return real_imcts(state, **kw)

    def brs(state, limit, **kw):
        calls.append(("brs", state.ply, limit.time, limit.depth))
        return real_brs(state, limit, **kw)

    def mcts(state, **kw):
        calls.append(("mcts", state.ply, kw["time"]))
        return real_mcts(state, **kw)

    monkeypatch.setattr(MULTI_MCTS, "multi_mcts", imcts)
    monkeypatch.setattr(MULTI, "multi_search", brs)
    monkeypatch.setattr(MCTS, "mcts", mcts)
    return calls


def share(state, **limit):
    return anytime_seconds(pr.Limit(**limit), mover_moves(state.empties(), state.variant.players))


# Each seat stopped early by its own playouts, or the limit's depth: the seconds are read, not spent.
@pytest.mark.parametrize("make, kind, depth", [(lambda: pr.InformedMCTSPlayer(playouts=30, seed=1), "imcts", {}),
                                               (lambda: pr.MCTSPlayer(playouts=30, seed=1), "mcts", {}),
                                               (lambda: pr.MultiPlayer(), "brs", {"depth": 1})])
def test_each_seat_takes_a_clock_as_its_share_and_a_time_as_it_is(asked, make, kind, depth):
    state = pr.Variant.parse("8x8/4p").start()
    player = make()
    limit = pr.Limit(clock=30.0, increment=0.5, overtime=1.0, **depth)
    assert player.choose(state, limit) in state.legal_moves()
    assert asked[-1][:3] == (kind, 0, share(state, clock=30.0, increment=0.5, overtime=1.0))
    player.play(state, pr.Limit(clock=9.0, moves_to_go=3, **depth))
    assert asked[-1][2] == pytest.approx(share(state, clock=9.0, moves_to_go=3))
    player.play(state, pr.Limit(time=0.02, **depth))
    assert asked[-1][2] == 0.02
    player.play(state, pr.Limit(time=0.02, clock=100.0, **depth))  # both: the smaller
    assert asked[-1][2] == 0.02
    player.play(state, pr.Limit(clock=0.0, **depth))  # out of clock: a moment, not nothing
    assert 0 < asked[-1][2] <= 1e-3


def test_a_limit_replaces_the_players_time_and_no_limit_keeps_it(asked):
    state = pr.Variant.parse("octagon/4p").start()
    pr.InformedMCTSPlayer(time=0.01, seed=1).play(state)
    pr.InformedMCTSPlayer(time=0.01, seed=1).play(state, pr.Limit())
    pr.MCTSPlayer(time=0.01, seed=1).play(state)
    pr.MultiPlayer(time=0.01).play(state)
    assert [a[2] for a in asked] == [0.01, 0.01, 0.01, 0.01]
    # the player's playouts still stop its search first on a long clock
    r = pr.InformedMCTSPlayer(playouts=40, seed=1).play(state, pr.Limit(clock=3600.0))
    assert r.playouts == 40 and asked[-1][2] == share(state, clock=3600.0)
    assert pr.MCTSPlayer(playouts=40, seed=1).play(state, pr.Limit(clock=3600.0)).playouts == 40


def test_the_multi_player_keeps_a_limits_depth_and_nodes_with_its_clock(asked):
    state = pr.Variant.parse("8x8/3p").start()
    r = pr.MultiPlayer().play(state, pr.Limit(depth=2, clock=60.0))
    assert asked[-1] == ("brs", 0, share(state, clock=60.0), 2) and r.depth <= 2
    pr.MultiPlayer(depth=3).play(state, pr.Limit(depth=1))  # a limit replaces the player's own
    assert asked[-1] == ("brs", 0, None, 1)
    with pytest.raises(ValueError, match="multi_search spends a time per move, not a game clock"):
        MULTI_SEARCH(state, pr.Limit(clock=1.0))  # the search itself takes no clock


@pytest.mark.parametrize("player, name", [(pr.InformedMCTSPlayer(), "the informed MCTS"), (pr.MCTSPlayer(), "MCTS")])
@pytest.mark.parametrize("limit", [pr.Limit(depth=3), pr.Limit(nodes=100), pr.Limit(depth=3, clock=1.0)])
def test_the_mcts_seats_refuse_depth_and_nodes(player, name, limit):
    state = pr.Variant.parse("8x8/3p").start()
    message = f"limit: {name} takes a time per move or a game clock .*not depth or nodes"
    with pytest.raises(ValueError, match=message):
        player.play(state, limit)
    with pytest.raises(ValueError, match=message):
        player.choose(state, limit)


@pytest.mark.parametrize("player", [pr.InformedMCTSPlayer(), pr.MCTSPlayer(), pr.MultiPlayer()])
def test_a_limit_of_the_wrong_type_is_refused_even_for_a_single_legal_move(player):
    state = pr.Variant.parse("8x8/4p").start()
    while len(state.legal_moves()) > 1:
        state.play(state.legal_moves()[0])
    with pytest.raises(TypeError, match="limit: expected a polyreversi.Limit, got float"):
        player.choose(state, 1.5)


def test_a_clocked_four_player_game_is_spent_by_every_seat_without_a_flag(asked):
    # 2 s a seat: each search is given its share of what its clock has left
    seats = [pr.InformedMCTSPlayer(seed=1), pr.MultiPlayer(), pr.MCTSPlayer(seed=2),
             pr.InformedMCTSPlayer(seed=3, reuse=False)]
    start = pr.Variant.parse("8x8/4p").start()
    out = play(start, seats, ["imcts", "brs", "mcts", "imcts2"], TimeControl(clock=2.0))
    assert out.forfeit is None and out.record.result.end == "finished"
    by_colour = [[a for a in asked if a[1] % 4 == c] for c in range(4)]
    for c, kind in enumerate(["imcts", "brs", "mcts", "imcts"]):
        calls = by_colour[c]
        assert len(calls) > 5 and all(a[0] == kind for a in calls)
        # from the clock, never the seat's own playouts or depth: at most a quarter of it
        assert all(a[2] is not None and 0 < a[2] <= 2.0 * MAX_SHARE for a in calls)
        # the first move, at ply c: the full clock's share over the mover's 15 moves
        assert calls[0][1:3] == (c, share(start, clock=2.0))
    times = out.record.meta["move_times"]
    assert all(sum(float(t) for t in times[c::4]) <= 2.0 for c in range(4))


def test_the_referee_passes_a_time_per_move_and_no_control_leaves_the_seats_own(asked):
    state = pr.Variant.parse("8x8/3p").start()
    seats = [pr.InformedMCTSPlayer(playouts=10, seed=1), pr.MultiPlayer(depth=1), pr.MCTSPlayer(playouts=10, seed=1)]
    out = play(state, seats, ["a", "b", "c"], TimeControl(time=0.01, depth=2))
    assert out.forfeit is None
    assert {a[0]: a[2:] for a in asked} == {"imcts": (0.01,), "brs": (0.01, 2), "mcts": (0.01,)}
    asked.clear()
    assert play(state, seats, ["a", "b", "c"]).forfeit is None
    assert {a[0]: a[2:] for a in asked} == {"imcts": (None,), "brs": (None, 1), "mcts": (None,)}


def test_the_match_command_gives_the_clock_to_a_table_of_four(asked, tmp_path):
    out = tmp_path / "m.jsonl"
    r = CliRunner().invoke(main, ["match", "imcts", "brs", "mcts", "imcts:reuse=off", "--variant", "8x8/4p",
                                  "--clock", "1", "--games", "1", "--out", str(out), "--no-progress"])
    assert r.exit_code == 0, r.output
    game = json.loads(out.read_text().splitlines()[0])
    assert "forfeit" not in game["meta"] and game["result"]["end"] == "finished"
    assert game["meta"]["match"]["control"] == "clock=1.0 margin=1.0"
    # every seat's searches were given seconds from its clock (not its own playouts or depth)
    assert {a[0] for a in asked} == {"imcts", "brs", "mcts"}
    assert all(a[2] is not None and 0 < a[2] <= MAX_SHARE for a in asked)
    assert [a[3] for a in asked if a[0] == "brs"] == [None] * sum(a[0] == "brs" for a in asked)


@pytest.mark.parametrize("kind", ["imcts", "mcts", "brs"])
def test_a_seat_whose_clocked_moves_end_late_keeps_more_of_its_clock_for_the_next(monkeypatch, kind):
    # A loaded machine: each search ends 50 ms after the seconds it was given (the seat's
    # playouts or depth end the real search at once). The seat follows that lateness
    # (time_control.next_overhead) and asks less of the same clock next time.
    import time

    asked = []
    real = {"imcts": MULTI_MCTS.multi_mcts, "mcts": MCTS.mcts, "brs": MULTI_SEARCH}[kind]

    def late(state, *args, **kw):
        seconds = args[0].time if kind == "brs" else kw["time"]
        asked.append(seconds)
        r = real(state, *args, **kw)
        time.sleep(seconds + 0.05)
        return r

    module = {"imcts": MULTI_MCTS, "mcts": MCTS, "brs": MULTI}[kind]
    monkeypatch.setattr(module, "multi_mcts" if kind == "imcts" else "mcts" if kind == "mcts" else "multi_search", late)
    player = {"imcts": lambda: pr.InformedMCTSPlayer(playouts=20, seed=1), "mcts": lambda: pr.MCTSPlayer(playouts=20, seed=1),
              "brs": lambda: pr.MultiPlayer()}[kind]()
    state = pr.Variant.parse("8x8/4p").start()
    limit = pr.Limit(clock=1.0, depth=1) if kind == "brs" else pr.Limit(clock=1.0)
    player.play(state, limit)
    player.play(state, limit)
    assert asked[0] == share(state, clock=1.0)
    # the second move keeps about 0.3 * 50 ms more for each of the mover's 15 moves
    overhead = 0.3 * 0.05
    assert asked[1] < asked[0]
    assert asked[1] == pytest.approx(anytime_seconds(pr.Limit(clock=1.0), 15, overhead), abs=0.01)


def test_the_multi_players_own_depth_still_stops_a_clocked_search(asked):
    # As the MCTS seats' playouts: a day's clock does not make MultiPlayer(depth=1) search
    # for hours, and the referee's seat plays as the command line's brs:1 with --clock.
    state = pr.Variant.parse("8x8/4p").start()
    r = pr.MultiPlayer(depth=1).play(state, pr.Limit(clock=86400.0))
    assert asked[-1] == ("brs", 0, share(state, clock=86400.0), 1) and r.depth == 1
    r = pr.MultiPlayer(depth=1).play(state, pr.Limit(clock=86400.0, depth=2))  # the limit's own depth first
    assert asked[-1][3] == 2 and r.depth == 2
    asked.clear()
    out = play(state, [pr.MultiPlayer(depth=1), pr.MCTSPlayer(playouts=20, seed=1), pr.MCTSPlayer(playouts=20, seed=2),
                       pr.InformedMCTSPlayer(playouts=20, seed=3)], ["brs", "a", "b", "c"], TimeControl(clock=3600.0))
    brs = [a for a in asked if a[0] == "brs"]
    assert out.forfeit is None and len(brs) > 5 and all(a[3] == 1 for a in brs)
