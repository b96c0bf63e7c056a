"""SearchPlayer against greedy play, and the Anti-Reversi evaluation against
the normal one under Anti-Reversi: fixed seeds, colours alternated, and a win
count that luck cannot reach (binomial tail below 0.5 % for an even match)."""
from __future__ import annotations

import math
import random

import pytest

import polyreversi as pr
from polyreversi.players import GreedyPlayer

GAMES = 12
NEED = 11  # wins out of GAMES (a draw is not a win)


def even_match_tail(games: int, wins: int) -> float:
    """P(at least `wins` of `games`) for a player who wins half the time."""
    return sum(math.comb(games, k) for k in range(wins, games + 1)) / 2**games


def opening(variant, seed, plies=4):
    rng = random.Random(seed)
    s = variant.start()
    for _ in range(plies):
        s.play(rng.choice(s.legal_moves()))
    return s


def wins_of(variant, player, opponent, games=GAMES):
    """Games `player` wins; a pair of games per random 4-ply opening, one with each colour."""
    wins = 0
    for g in range(games):
        s = opening(variant, seed=g // 2)
        seats = (player, opponent) if g % 2 == 0 else (opponent, player)
        while not s.is_over():
            s.play(seats[int(s.to_move) - 1].choose(s))
        w = s.winners()
        if len(w) == 1 and int(w[0]) - 1 == g % 2:
            wins += 1
    return wins


def test_margin_is_beyond_luck():
    assert even_match_tail(GAMES, NEED) < 0.005


@pytest.mark.parametrize("variant", [pr.Variant("8x8"), pr.Variant("10x10"), pr.Variant("octagon"),
                                     pr.Variant("8x8", anti=True), pr.Variant("8x8", blocked=("c2", "g6", "b5"))],
                         ids=str)
def test_search_player_beats_greedy(variant):
    assert wins_of(variant, pr.SearchPlayer(depth=3), GreedyPlayer(seed=1)) >= NEED


def test_anti_evaluation_beats_normal_evaluation_under_anti():
    variant = pr.Variant("8x8", anti=True)
    anti = pr.SearchPlayer(depth=3, evaluation="anti")
    normal = pr.SearchPlayer(depth=3, evaluation="normal")
    assert wins_of(variant, anti, normal) >= NEED


def test_search_player_in_play_game():
    final = pr.play_game("6x6", [pr.SearchPlayer(depth=2), GreedyPlayer(seed=3)])
    assert final.is_over()
    assert repr(pr.SearchPlayer(depth=4)) == "SearchPlayer(depth=4)"
