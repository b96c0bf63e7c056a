"""MCTS (UCT) with native playouts, MCTSPlayer and seat specs."""
from __future__ import annotations

import random
import re
import sys
import threading
import time

import pytest

import luck
import polyreversi as pr
from conftest import assert_ctrl_c_stops, random_position as midgame
from polyreversi import Variant
from polyreversi.mcts import DEFAULT_PLAYOUTS, MCTSResult
from polyreversi.players import (GreedyPlayer, MCTSPlayer, RandomPlayer, parse_player_spec, play_game,
                                 player_from_spec)

VARIANTS = ["6x6", "8x8", "10x10", "octagon", "8x8/anti", "6x6/free", "8x8/handicap=2", "10x10/blocked=a1,j10",
            "8x8/3p", "8x8/4p", "10x10/3p", "10x10/4p", "octagon/3p", "octagon/4p", "octagon/4p/anti/blocked=b7,i3",
            "8x8/3p/anti"]


def find(variant: str, want, seed: int = 0) -> pr.State:
    """The first position of random games of ``variant`` where want(state) holds."""
    v = Variant.parse(variant)
    rng = random.Random(seed)
    for _ in range(2000):
        s = v.start()
        while not s.is_over():
            if want(s):
                return s
            s.play(rng.choice(s.legal_moves()))
    raise AssertionError(f"no such position in {variant}")


def check(state: pr.State, r: MCTSResult, playouts: int) -> None:
    legal = state.legal_moves()
    assert r.move in legal
    assert set(r.visits) <= set(legal) and sum(r.visits.values()) == r.playouts == playouts
    if playouts >= len(legal):
        assert set(r.visits) == set(legal)
    assert r.visits[r.move] == max(r.visits.values())
    assert len(r.values) == state.variant.players and abs(sum(r.values) - 1) < 1e-9
    assert all(0 <= v <= 1 for v in r.values) and r.seconds >= 0 and 1 < r.nodes <= playouts + 1


@pytest.mark.parametrize("text", VARIANTS)
def test_mcts_returns_a_legal_move_everywhere(text):
    v = Variant.parse(text)
    for state in (v.start(), midgame(v, 11, 1), midgame(v, 2 * v.n * v.n, 2)):
        if state.is_over():
            continue
        check(state, pr.mcts(state, playouts=150, seed=3), 150)


def test_mcts_on_a_forced_pass_and_the_adjacency_fallback():
    s = find("8x8", lambda s: s.must_pass())
    r = pr.mcts(s, playouts=50)
    assert r.move == s.PASS and r.visits == {s.PASS: 50}
    for text in ("8x8/4p", "octagon/3p"):
        s = find(text, lambda s: all(not s.flips(m) for m in s.legal_moves()) and s.ply > 8
                 and len(s.legal_moves()) > 2)
        check(s, pr.mcts(s, playouts=80, seed=2), 80)


def test_mcts_plays_the_winning_move_at_the_end():
    # Two plies from the end of a random 8x8 game, MCTS finds a best move of a brute-force search.
    for seed in range(20):
        s = find("8x8", lambda s: sum(s.scores()) >= 61 and not s.must_pass(), seed=seed)

        def value(state, me):  # exact result for `me`: 1 win, 1/k shared, 0 loss
            if state.is_over():
                w = state.winners()
                return 1 / len(w) if me in w else 0.0
            vals = [value(state.child(m), me) for m in state.legal_moves()]
            return max(vals) if state.to_move == me else min(vals)

        me = s.to_move
        best = max(value(s.child(m), me) for m in s.legal_moves())
        r = pr.mcts(s, playouts=3000, seed=seed)
        assert value(s.child(r.move), me) == best


def test_mcts_is_deterministic_for_a_seed():
    s = midgame(Variant.parse("octagon/4p"), 9, 5)
    a, b = pr.mcts(s, playouts=500, seed=9), pr.mcts(s, playouts=500, seed=9)
    assert (a.move, a.visits, a.values) == (b.move, b.visits, b.values)
    assert pr.mcts(s, playouts=500, seed=10).visits != a.visits
    # threads: reproducible for the same (seed, threads), and every playout counted
    c, d = pr.mcts(s, playouts=501, seed=9, threads=3), pr.mcts(s, playouts=501, seed=9, threads=3)
    assert (c.move, c.visits, c.values) == (d.move, d.visits, d.values)
    assert sum(c.visits.values()) == c.playouts == 501 and c.nodes == 501 + 3


def test_mcts_limits_and_defaults():
    s = Variant().start()
    r = pr.mcts(s, seed=1)
    assert r.playouts == DEFAULT_PLAYOUTS
    r = pr.mcts(s, time=0.05)
    assert r.playouts > 0 and sum(r.visits.values()) == r.playouts and 0.04 < r.seconds < 5.0  # loose: a loaded machine may preempt us
    r = pr.mcts(s, time=30, playouts=100)  # whichever comes first
    assert r.playouts == 100 and r.seconds < 5
    r = pr.mcts(s, time=0.05, threads=2)
    assert r.playouts > 0 and sum(r.visits.values()) == r.playouts
    assert pr.mcts(s, playouts=1).playouts == 1
    assert pr.mcts(s, playouts=100, exploration=0).move in s.legal_moves()


def test_mcts_does_not_change_the_state_and_releases_the_gil():
    s = midgame(Variant.parse("10x10/4p"), 6, 1)
    before = (s.copy(), s.moves())
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    t = threading.Thread(target=tick)
    t.start()
    pr.mcts(s, time=0.3)
    stop.set()
    t.join()
    assert s == before[0] and s.moves() == before[1]
    assert len(ticks) > 20  # the other thread ran during the search


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT delivery differs on Windows")
@pytest.mark.parametrize("threads", [1, 2])
def test_keyboard_interrupt_stops_a_search(threads):
    assert_ctrl_c_stops(f'pr.mcts(pr.Variant.parse("10x10/4p").start(), time=3600, threads={threads})')


@pytest.mark.parametrize("kwargs, error", [
    (dict(playouts=0), ValueError), (dict(playouts=-5), ValueError), (dict(playouts=2**41), ValueError),
    (dict(playouts=1.5), TypeError), (dict(playouts=True), TypeError), (dict(playouts="10"), TypeError),
    (dict(time=0), ValueError), (dict(time=-1), ValueError), (dict(time=float("nan")), ValueError),
    (dict(time=float("inf")), ValueError), (dict(time=10**9), ValueError), (dict(time="1"), TypeError),
    (dict(threads=-1), ValueError), (dict(threads=10**6), ValueError), (dict(threads=1.0), TypeError),
    (dict(seed=1.5), TypeError), (dict(seed=2**64), ValueError), (dict(seed=-1), ValueError),
    (dict(exploration=-1), ValueError),
    (dict(exploration=float("inf")), ValueError), (dict(exploration="x"), TypeError),
])
def test_mcts_rejects_bad_arguments(kwargs, error):
    ((name, value),) = kwargs.items()
    # a value out of range is shown as given (time=-1: "got -1", not the -1.0 it is converted to)
    shown = rf"^{name}: .*, got {re.escape(repr(value))}$" if error is ValueError else name
    with pytest.raises(error, match=shown):
        pr.mcts(Variant().start(), **({"playouts": 10} | kwargs))


def test_mcts_seeds_none_and_threads_zero():
    s = Variant().start()
    with pytest.raises(ValueError, match="seed"):
        pr.mcts(s, playouts=10, seed=2**64)  # once the same search as seed=0
    with pytest.raises(ValueError, match="seed"):
        MCTSPlayer(playouts=10, seed=-1)
    assert pr.mcts(s, playouts=50, seed=2**64 - 1).playouts == 50
    assert pr.mcts(s, playouts=50, seed=None).playouts == 50  # a fresh seed from the OS
    assert MCTSPlayer(playouts=20, seed=None).choose(s) in s.legal_moves()
    r = pr.mcts(s, playouts=64, threads=0, seed=1)  # every core, as search, solve and Batch
    assert r.playouts == 64 and r.move in s.legal_moves()
    assert MCTSPlayer(playouts=20, threads=0).choose(s) in s.legal_moves()


def test_mcts_on_a_finished_game_or_not_a_state():
    s = Variant.parse("6x6").start()
    while not s.is_over():
        s.play(s.legal_moves()[0])
    r = pr.mcts(s, playouts=10)  # at once, as search and solve do
    won = [int(c) for c in s.winners()]
    assert r.move is None and r.visits == {} and r.playouts == 0 and r.nodes == 0
    assert r.values == tuple(1 / len(won) if c in won else 0.0 for c in (1, 2)) and sum(r.values) == 1
    with pytest.raises(TypeError):
        pr.mcts("8x8", playouts=10)
    with pytest.raises(TypeError):
        pr.mcts(pr.State.__new__(pr.State), playouts=10)
    with pytest.raises(ValueError, match="game is over"):
        MCTSPlayer(playouts=10).choose(s)


# -- strength: fixed seeds, so each test is one reproducible match ------------------------------


def mcts_wins(text: str, games: int, playouts: int, opponent, seed: int) -> int:
    """Outright wins of MCTSPlayer in ``games`` games, its seat rotated through every colour."""
    v = Variant.parse(text)
    wins = 0
    for g in range(games):
        seat = g % v.players
        players = [opponent(seed * 1000 + 10 * g + i) for i in range(v.players)]
        players[seat] = MCTSPlayer(playouts=playouts, seed=seed * 1000 + g)
        w = play_game(v, players).winners()
        wins += len(w) == 1 and int(w[0]) - 1 == seat
    return wins


@pytest.mark.parametrize("text", ["8x8/3p", "8x8/4p", "10x10/3p", "10x10/4p", "octagon/3p", "octagon/4p"])
def test_mcts_takes_more_than_its_share_against_greedy_players(text):
    # Were MCTS no stronger than greedy, over seats rotated its outright wins would be a sum
    # of Bernoulli trials averaging at most 1/P, whose upper tail is at most that of
    # Binomial(36, 1/P) (Hoeffding 1956); the count asked has a chance below 1e-6 under it.
    games, players = 36, Variant.parse(text).players
    wins = mcts_wins(text, games, 400, lambda s: GreedyPlayer(seed=s), seed=7)
    assert wins >= luck.smallest_unlucky(games, 1 / players), wins


@pytest.mark.parametrize("text", ["8x8", "8x8/anti"])
def test_mcts_beats_random_with_two_players(text):
    games = 40
    wins = mcts_wins(text, games, 300, lambda s: RandomPlayer(seed=s), seed=3)
    assert wins >= luck.smallest_unlucky(games, 0.5), wins


# -- players by spec -----------------------------------------------------------------------------


def test_player_specs():
    assert parse_player_spec("random") == ("random", {})
    assert parse_player_spec(" MCTS:2000 ") == ("mcts", {"playouts": 2000})
    assert parse_player_spec("mcts:time=1") == ("mcts", {"time": 1.0})
    assert parse_player_spec("mcts:500:threads=2:exploration=0.7") == (
        "mcts", {"playouts": 500, "threads": 2, "exploration": 0.7})
    assert parse_player_spec("search:6") == ("search", {"depth": 6})
    assert parse_player_spec("search:time=0.5") == ("search", {"time": 0.5})
    p = player_from_spec("mcts:300", seed=4)
    assert isinstance(p, MCTSPlayer) and p.playouts == 300 and p.seed == 4
    assert isinstance(player_from_spec("greedy", seed=1), GreedyPlayer)
    assert isinstance(player_from_spec("human"), pr.HumanPlayer)
    s = Variant.parse("8x8/3p").start()
    assert player_from_spec("mcts:100", seed=1).choose(s) == player_from_spec("mcts:100", seed=1).choose(s)


@pytest.mark.parametrize("spec", ["minimax", "mcts:", "mcts:abc", "mcts:0", "mcts:-3", "mcts:time=0", "mcts:time=x",
                                  "mcts:depth=3", "greedy:2", "random:seed=1", "mcts:100:200", "mcts:100:playouts=2",
                                  "search:x", "mcts:time=inf", "mcts:threads=-1"])
def test_bad_player_specs_name_the_problem(spec):
    with pytest.raises(ValueError, match="player"):
        player_from_spec(spec)


def test_search_spec_makes_a_search_player():
    from polyreversi.search_player import SearchPlayer

    player = player_from_spec("search:2")
    assert isinstance(player, SearchPlayer) and player.depth == 2


def test_greedy_player_flips_the_fewest_under_anti_reversi():
    for text in ("8x8/anti", "octagon/4p/anti", "8x8"):
        v = Variant.parse(text)
        for seed in range(5):
            s = midgame(v, 14, seed)
            counts = {m: len(s.flips(m)) for m in s.legal_moves()}
            pick = GreedyPlayer(seed=seed).choose(s)
            assert counts[pick] == (min if v.anti else max)(counts.values())


# -- command line ----------------------------------------------------------------------------------


def cli(*args):
    from click.testing import CliRunner

    from polyreversi.cli import main

    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_cli_plays_mcts_seats_and_records_them(tmp_path):
    out = tmp_path / "game.json"
    done = cli("play", "8x8/3p", "--players", "MCTS:100,greedy,mcts:time=0.01", "--seed", "5", "--quiet",
               "--out", str(out))
    assert done.exit_code == 0, done.output
    assert "Black mcts:100, White greedy, Red mcts:time=0.01" in done.output and "Game over" in done.output
    game = pr.formats.read(str(out))[0]
    assert list(game.players) == ["mcts:100", "greedy", "mcts:time=0.01"]
    done = cli("play", "--black", "mcts:50", "--seed", "1", "--quiet")
    assert done.exit_code == 0 and "Black mcts:50, White random" in done.output


@pytest.mark.parametrize("seats, message", [
    ("mcts:0,random", "playouts: must be 1 to 1099511627776, got 0"), ("mcts:x,random", "playouts must be an integer"),
    ("alphazero,random", "unknown player"), ("greedy:2,random", "takes no options"),
    ("mcts:100,random,random", "has 2 players"),
])
def test_cli_refuses_bad_seats(seats, message):
    for command in ("play", "selfplay"):
        done = cli(command, "--players", seats, "--seed", "1")
        assert done.exit_code == 2 and message in done.output, done.output


def test_selfplay_with_mixed_builtin_seats_is_native_and_equals_play_games(monkeypatch):
    from polyreversi import selfplay

    def no_python_loop(*args, **kwargs):
        raise AssertionError("mixed random/greedy seats must be played in C++")

    monkeypatch.setattr(selfplay, "play_series", no_python_loop)
    done = cli("selfplay", "8x8/anti", "-n", "300", "--players", "greedy,random", "--seed", "4", "--no-progress")
    assert done.exit_code == 0, done.output
    r = pr.play_games("8x8/anti", 300, policy=["greedy", "random"], seed=4)
    wins = int((r.winners[:, 0] & ~r.winners[:, 1]).sum())
    assert re.search(rf"Black +{wins} wins", done.output), done.output
    assert wins > 150  # greedy plays for the fewest disks: see test_bulk for the bound


def test_cli_refuses_search_seats_in_games_of_three_or_four():
    done = cli("play", "8x8/3p", "--players", "search:2,greedy,greedy", "--seed", "1")
    assert done.exit_code == 2 and "two-player games only" in done.output, done.output
    done = cli("play", "8x8/3p", "--black", "search", "--seed", "1")
    assert done.exit_code == 2 and "two-player games only" in done.output, done.output
