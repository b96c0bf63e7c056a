"""Built-in players and the game loop (polyreversi.players)."""
from __future__ import annotations

import io

import numpy as np

import pytest

from polyreversi import Color, IllegalMoveError, Variant
from polyreversi.players import (
    player_from_spec,
    GreedyPlayer,
    HumanPlayer,
    RandomPlayer,
    make_player,
    parse_move,
    play_game,
    play_series,
    play_seeded_game,
    seed_key,
    seeded_variant,
    series_openings,
)

from diagrams import position

# Every board and player count (RULES.md §8).
BOARD_PLAYERS = [("6x6", 2), ("8x8", 2), ("8x8", 3), ("8x8", 4), ("10x10", 2), ("10x10", 3), ("10x10", 4),
                 ("octagon", 2), ("octagon", 3), ("octagon", 4)]
IDS = [f"{b}-{p}p" for b, p in BOARD_PLAYERS]


class Recorder:
    """A player that checks it is only asked in playable positions and that it
    never sees a changed state, delegating the choice."""

    def __init__(self, inner):
        self.inner = inner
        self.asked = 0

    def choose(self, state):
        assert not state.is_over()
        key = state.key()
        move = self.inner.choose(state)
        assert state.key() == key, "a player must not change the state it is given"
        assert move in state.legal_moves()
        self.asked += 1
        return move


@pytest.mark.parametrize("board,players", BOARD_PLAYERS, ids=IDS)
def test_random_and_greedy_finish_every_variant(board, players):
    for anti in (False, True):
        variant = Variant(board, players, anti=anti).with_random_blocked(seed=players, count=2)
        seats = [Recorder(GreedyPlayer(i) if i % 2 else RandomPlayer(i)) for i in range(players)]
        final = play_game(variant, seats)
        assert final.is_over()
        assert sum(s.asked for s in seats) == final.ply == len(final.moves())
        # every colour was asked for its own turns only: replaying the moves gives the same end
        replay = variant.start()
        for move in final.moves():
            replay.play(move)
        assert replay == final


def test_players_are_reproducible_and_seeds_matter():
    def game(seed):
        return play_game("10x10/3p", [RandomPlayer(seed), GreedyPlayer(seed + 1), RandomPlayer(seed + 2)]).moves()

    assert game(5) == game(5)
    assert len({tuple(game(s)) for s in range(6)}) > 1


def test_greedy_plays_the_most_flips_on_a_known_position():
    variant = Variant("8x8")
    state = position(variant, """
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        X O O O . . . .
        . . . . . . . .
        . . . . X O . .
        . . . . . . . .
        . . . . . . . .
    """)
    assert sorted(variant.square_name(m) for m in state.legal_moves()) == ["e4", "g6"]
    for seed in range(10):
        assert GreedyPlayer(seed).choose(state) == variant.square("e4")


def test_greedy_always_takes_a_maximum_and_breaks_ties_at_random():
    tie_choices = set()
    for seed in range(40):
        greedy = GreedyPlayer(seed)
        state = Variant("8x8", 4).start()
        while not state.is_over():
            moves = state.legal_moves()
            counts = {m: len(state.flips(m)) for m in moves}
            move = greedy.choose(state)
            assert counts[move] == max(counts.values())
            if state.ply == 0:
                tie_choices.add(move)
            state.play(move)
    # Black's first moves in the 4-player start all flip one disk: more than one is taken
    assert len(tie_choices) > 1


def test_greedy_places_uniformly_in_placement_turns():
    # free opening: the first four plies place a disk on an empty centre square, flipping nothing
    start = Variant("8x8", free_opening=True).start()
    assert len(start.legal_moves()) == 4 and all(start.flips(m) == [] for m in start.legal_moves())
    picks = {GreedyPlayer(seed).choose(start) for seed in range(60)}
    assert picks == set(start.legal_moves())


def test_greedy_uses_the_adjacency_fallback():
    # a 3-player position where Red cannot flip: every empty square touching a disk is a placement
    variant = Variant("8x8", 3)
    state = position(variant, """
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . X O . . .
        . . . N X . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
    """, to_move=Color.RED)
    moves = state.legal_moves()
    assert len(moves) > 4 and all(state.flips(m) == [] for m in moves)
    picks = {GreedyPlayer(seed).choose(state) for seed in range(200)}
    assert picks == set(moves)


#: Black to move and no move of Black's flips a disk: a forced pass (White can play h7).
FORCED_PASS = """
        X X X X X X X O
        X X X X X X X X
        X X X X X X X X
        X X X X X X X X
        X X X X X X X X
        X X X X X X X X
        X X X X X X X .
        X X X X X X . O
    """


def test_players_pass_when_forced():
    variant = Variant("8x8")
    state = position(variant, FORCED_PASS, to_move=Color.BLACK)
    assert state.legal_moves() == [state.PASS]
    for player in (RandomPlayer(0), GreedyPlayer(0)):
        assert player.choose(state) == state.PASS


def test_player_interface_accepts_functions_mappings_and_names():
    def first_move(state):
        return state.variant.square_name(state.legal_moves()[0])

    final = play_game("6x6", {Color.WHITE: RandomPlayer(1), Color.BLACK: first_move})
    assert final.is_over()
    with pytest.raises(ValueError, match="has 2 players"):
        play_game("8x8", [RandomPlayer()])
    with pytest.raises(ValueError, match="missing White"):
        play_game("8x8", {Color.BLACK: RandomPlayer()})
    with pytest.raises(TypeError, match="choose"):
        play_game("8x8", [RandomPlayer(), 42])
    with pytest.raises(ValueError, match="unknown player 'alphazero'"):
        make_player("alphazero")
    assert isinstance(make_player("Greedy", seed=1), GreedyPlayer)


def test_a_player_returning_an_illegal_move_is_named():
    with pytest.raises(IllegalMoveError, match="White's player returned 'a1'"):
        play_game("8x8", [RandomPlayer(0), lambda state: "a1"])


def test_play_game_continues_a_state_without_changing_it():
    state = Variant("8x8").start()
    state.play("f5")
    final = play_game(state, [RandomPlayer(1), RandomPlayer(2)])
    assert state.ply == 1 and final.moves()[0] == state.moves()[0] and final.is_over()
    partial = play_game("8x8", [RandomPlayer(1), RandomPlayer(2)], max_plies=10)
    assert partial.ply == 10


def test_every_seed_follows_one_rule():
    # 0 .. 2**64 - 1 everywhere, as it is: the engine's generators, the Python players
    # and the bulk paths once differed (modulo 2**64 here, -(2**63) .. there).
    import polyreversi as pr
    from polyreversi.variant import engine_seed

    assert [seed_key(s) for s in (0, 1, 2**64 - 1)] == [0, 1, 2**64 - 1] == [engine_seed(s) for s in (0, 1, 2**64 - 1)]
    assert seed_key(None) is None
    refusing = [
        lambda s: seed_key(s), lambda s: RandomPlayer(s), lambda s: GreedyPlayer(s),
        lambda s: play_seeded_game("8x8", ["random", "random"], s),
        lambda s: list(play_series("8x8", ["random", "greedy"], 1, seed=s)),
        lambda s: seeded_variant(Variant(), s, 2),
        lambda s: pr.play_games("8x8", 2, seed=s), lambda s: pr.Batch("8x8", 2, seed=s),
        lambda s: pr.Batch("8x8", 2).choose("random", seed=s),
        lambda s: pr.Batch("8x8", 2).sample(np.ones((2, 65), np.float32), seed=s),
        lambda s: pr.Batch("8x8", 2).reset("all", seed=s),
        lambda s: Variant().with_random_blocked(seed=s), lambda s: pr.mcts(Variant().start(), playouts=2, seed=s),
    ]
    for seed in (-1, 2**64, -(2**63)):
        for call in refusing:
            with pytest.raises(ValueError, match=r"seed: must be in 0 \.\. 2\*\*64 - 1"):
                call(seed)
    for spec in ("search:2", "human", "random", "mcts:10"):  # seats that draw nothing refuse a bad seed too
        with pytest.raises(ValueError, match=r"seed: must be in 0 \.\. 2\*\*64 - 1"):
            player_from_spec(spec, -1)
    with pytest.raises(TypeError, match=r"seed: expected an int in 0 \.\. 2\*\*64 - 1, got 1\.0"):
        pr.play_games("8x8", 2, seed=1.0)
    # the top of the range is a seed like any other, on every path
    assert pr.play_games("8x8", 4, seed=2**64 - 1).scores.tolist() != pr.play_games("8x8", 4, seed=0).scores.tolist()
    assert len(seeded_variant(Variant(), 2**64 - 1, 2).blocked) == 2
    first = [s.moves() for s in play_series("8x8", ["random", "greedy"], 2, seed=3)]
    from polyreversi.distributed import game_seeds  # the shards of a cluster run play the same games
    assert [play_seeded_game("8x8", ["random", "greedy"], g).moves() for g in game_seeds(3, 0, 2)] == first


@pytest.mark.parametrize("seed, error", [(2**64, ValueError), (-1, ValueError), (1.5, TypeError),
                                         ("1", TypeError)])
def test_seeds_out_of_range_are_refused(seed, error):
    with pytest.raises(error, match="seed"):
        play_seeded_game("8x8", ["random", "random"], seed)
    with pytest.raises(error, match="seed"):
        RandomPlayer(seed)
    with pytest.raises(error, match="seed"):
        list(play_series("8x8", ["random", "random"], 1, seed=seed))


def test_play_games_is_reproducible_and_draws_blocked_squares_per_game():
    first = [s.moves() for s in play_series("8x8", ["random", "greedy"], 4, seed=3, blocked="random")]
    again = [s.moves() for s in play_series("8x8", ["random", "greedy"], 4, seed=3, blocked="random")]
    assert first == again
    blocked = [s.variant.blocked for s in play_series("8x8", ["random", "greedy"], 6, seed=3, blocked=2)]
    assert all(len(b) == 2 for b in blocked) and len(set(blocked)) > 1
    one = play_seeded_game("octagon/4p", ["greedy"] * 4, 99, blocked=3)
    assert len(one.variant.blocked) == 3 and one.is_over()
    with pytest.raises(ValueError, match="unknown computer player 'human'"):
        list(play_series("8x8", ["human", "random"], 1))


# -- the human seat --------------------------------------------------------------

def ask(state, text):
    out, err = io.StringIO(), io.StringIO()
    move = HumanPlayer(input=io.StringIO(text), output=out, errors=err).choose(state)
    return move, out.getvalue(), err.getvalue()


def test_human_accepts_a_legal_move():
    state = Variant("8x8").start()
    move, out, err = ask(state, " F5 \n")
    assert move == state.variant.square("f5")
    assert "Black to move" in out and err == ""


def test_human_rejects_malformed_and_illegal_input_and_asks_again():
    state = Variant("8x8").start()
    move, out, err = ask(state, "zz9\na1\nd4\nmoves\n\npass\nd3\n")
    assert move == state.variant.square("d3")
    lines = err.splitlines()
    assert len(lines) == 6
    assert "'zz9' is not a square" in lines[0]
    assert lines[1] == state.why_illegal("a1") == "illegal move a1 at ply 0 (Black to move): it flips nothing; legal moves: d3 c4 f5 e6"
    assert lines[2] == "illegal move d4 at ply 0 (Black to move): the square is taken; legal moves: d3 c4 f5 e6"
    assert lines[3] == "legal moves: d3, c4, f5, e6"
    assert "no move given" in lines[4]
    assert "may not pass" in lines[5]
    assert out.count("Black to move") == 7


def test_human_is_told_about_blocked_squares_and_cut_outs():
    state = Variant("octagon", blocked=["b3"]).start()
    with pytest.raises(EOFError):
        ask(state, "b3\na1\n")
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(EOFError):
        HumanPlayer(input=io.StringIO("b3\na1\n"), output=out, errors=err).choose(state)
    assert err.getvalue().splitlines() == [state.why_illegal("b3"), state.why_illegal("a1")]
    assert "the square is blocked" in err.getvalue() and "not a square of the octagon" in err.getvalue()


def test_human_forced_pass_takes_an_empty_line_or_pass():
    state = position(Variant("8x8"), FORCED_PASS)
    assert ask(state, "\n")[0] == state.PASS
    move, out, err = ask(state, "g8\npass\n")
    assert move == state.PASS and "must pass" in out and "must pass" in err


def test_human_end_of_input_raises_eoferror():
    state = Variant("8x8").start()
    with pytest.raises(EOFError, match="Black's move at ply 0"):
        ask(state, "")
    with pytest.raises(EOFError):
        ask(state, "h8\n")


def test_parse_move_messages_list_the_legal_moves():
    state = Variant("10x10").start()
    with pytest.raises(ValueError, match=r"from a1 to j10.*legal moves: "):
        parse_move(state, "k11")
    assert parse_move(state, "e4") == state.variant.square("e4")


def test_play_series_counts_games_like_every_bulk_call():
    with pytest.raises(ValueError, match="games: must be 0 to 4294967296, got -1"):
        list(play_series("8x8", ["random", "greedy"], -1, seed=1))
    with pytest.raises(TypeError, match="games: expected an int, got 1.5"):
        list(play_series("8x8", ["random", "greedy"], 1.5, seed=1))
    assert list(play_series("8x8", ["random", "greedy"], 0, seed=1)) == []


# -- series of seats that draw nothing -----------------------------------------------

def test_seats_that_draw_nothing_play_distinct_balanced_openings():
    """Two fixed-depth searches would play one game N times: each game starts from the
    next of the board's balanced openings (as a match), so the N games differ."""
    from polyreversi.match.openings import builtin

    openings = builtin(Variant())
    finals = list(play_series("8x8", ["search:1", "search:1"], 3, seed=1))
    assert [f.moves()[: openings[k].ply] for k, f in enumerate(finals)] == [o.moves() for o in openings[:3]]
    assert len({tuple(f.moves()) for f in finals}) == 3 and all(f.is_over() for f in finals)
    assert series_openings("8x8", ["search:1", "brs:1"]) is not None  # brs and engines draw nothing either


@pytest.mark.parametrize("names, blocked", [
    (["random", "search:1"], None), (["greedy", "greedy"], None), (["mcts:10", "search:2"], None),
    (["search:level=1", "search:2"], None),  # a level picks among near-equal moves
    (["search:1", "search:1"], 2),  # blocked squares drawn per game make the games differ
])
def test_seats_that_draw_from_the_seed_start_from_the_start(names, blocked):
    assert series_openings("8x8", names, blocked) is None


def test_a_search_level_seat_is_reproducible_from_the_seed():
    a, b = (list(play_series("8x8", ["search:level=1", "random"], 2, seed=5)) for _ in range(2))
    assert [x.moves() for x in a] == [y.moves() for y in b]


def test_a_shard_of_seats_that_draw_nothing_plays_the_series_games():
    from polyreversi.distributed import play_range

    series = [f.moves() for f in play_series("8x8", ["search:1", "search:1"], 3, seed=4)]
    assert [f.moves() for f in play_range(Variant(), ["search:1", "search:1"], 4, None, 1, 2)] == series[1:]


def test_human_input_too_long_is_echoed_and_refused_cut_with_its_length():
    # A 1 MB line came back whole twice (the echo of piped input and the refusal).
    state = Variant("8x8").start()
    huge = "x" * 1_000_000
    move, out, err = ask(state, huge + "\nf5\n")
    assert move == state.variant.square("f5")
    assert len(out) + len(err) < 2_000
    assert "x" * 40 + "... (1000000 characters)\n" in out  # the echo
    assert err.startswith("'" + "x" * 40 + "...' (1000000 characters) is not a square")


def test_human_input_is_echoed_without_its_control_characters():
    # Piped input came back with its ESC and BEL raw (a terminal title set by a move line).
    state = Variant("8x8").start()
    move, out, err = ask(state, "\x1b]0;pwn\x07\u2028x\nf5\n")
    assert move == state.variant.square("f5")
    assert "\\x1b]0;pwn\\x07\\u2028x\n" in out
    assert "\x1b" not in out + err and "\x07" not in out + err
