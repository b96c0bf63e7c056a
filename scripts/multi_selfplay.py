"""One labelled self-play game of 3-4 players, shared by the trainers of the
3-4 player evaluation (train_multi_eval.py: linear weights; train_multi_patterns.py:
pattern tables). They differ only in the player and in what they record of a
position.
"""
from __future__ import annotations

import random
from typing import Callable

import polyreversi as pr


def play_game(variant: pr.Variant, blocked: bool, epsilon: float, rng: random.Random,
              choose: Callable[[pr.State], int], observe: Callable[[pr.State], None]) -> pr.State:
    """Plays one game from the start of ``variant`` (with 1-4 random blocked squares
    when ``blocked``, seeded from ``rng``) and returns its final position.

    ``observe(state)`` sees every position before its move is played. A forced
    move is played as such; otherwise, with probability ``epsilon`` (drawn from
    ``rng``), a random legal move (``rng.choice``), else ``choose(state)``.
    """
    v = variant.with_random_blocked(seed=rng.randrange(2**32)) if blocked else variant
    state = v.start()
    while not state.is_over():
        observe(state)
        moves = state.legal_moves()
        if len(moves) == 1:
            move = moves[0]
        elif rng.random() < epsilon:
            move = rng.choice(moves)
        else:
            move = choose(state)
        state.play(move)
    return state
