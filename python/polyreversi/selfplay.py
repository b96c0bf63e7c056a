"""Many seeded games between built-in players: what ``polyreversi selfplay``
plays, on one machine or sharded over Ray (:mod:`polyreversi.distributed`).

The same arguments always give the same games: the native path plays chunks
of :data:`CHUNK` games with :func:`polyreversi.play_games` (seed ``seed + first``),
the Python path game ``k`` with the ``k``-th draw of ``random.Random(seed)``
(:func:`polyreversi.players.play_series`).
"""
from __future__ import annotations

from typing import Iterator, List, Optional, Sequence, Union

from polyreversi._core import Color
from polyreversi.bulk import POLICIES, play_games
from polyreversi.players import play_series
from polyreversi.state import State
from polyreversi.variant import Variant
from polyreversi.vocabulary import color_name

#: Games per chunk of the native path.
CHUNK = 2000
#: Blocked squares drawn per game (a count, or "random"), or None for the variant's own.
Blocked = Optional[Union[int, str]]


class Tally:
    """Wins, draws, disks and plies over many finished games."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.games = 0
        self.plies = 0
        self.wins = [0] * players
        self.draws = 0
        self.disks = [0] * players

    def add(self, state: State) -> None:
        """Counts one finished game."""
        self.games += 1
        self.plies += state.ply
        for i, s in enumerate(state.scores()):
            self.disks[i] += s
        winners = state.winners()
        if len(winners) == 1:
            self.wins[int(winners[0]) - 1] += 1
        else:
            self.draws += 1

    def lines(self, seconds: float) -> List[str]:
        """The summary: one line per colour, the draws, the speed."""
        games = max(self.games, 1)
        out = []
        for i, color in enumerate(list(Color)[: self.players]):
            out.append(f"{color_name(color):<6} {self.wins[i]:>7} wins  {100 * self.wins[i] / games:5.1f}%"
                       f"  average {self.disks[i] / games:.1f} disks")
        out.append(f"{'draws':<6} {self.draws:>7}       {100 * self.draws / games:5.1f}%")
        seconds = max(seconds, 1e-9)
        out.append(f"{self.games} games, {self.plies} plies in {seconds:.2f} s: "
                   f"{self.games / seconds:,.0f} games/s, {self.plies / seconds:,.0f} plies/s")
        return out


def finished_games(variant: Variant, names: Sequence[str], games: int, seed: int,
                   blocked: Blocked) -> Iterator[State]:
    """The final states of ``games`` seeded games between built-in players.

    When every seat plays a built-in policy (random or greedy, one per seat)
    on one fixed board, the games are played in C++ (:func:`polyreversi.play_games`,
    all cores) and each is replayed into a State for the tally and the records;
    otherwise (search, mcts, blocked squares drawn per game) the Python loop of
    :func:`polyreversi.players.play_series`.
    """
    if native(names, blocked):
        return native_games(variant, list(names), games, seed)
    return play_series(variant, names, games, seed=seed, blocked=blocked)


def native(names: Sequence[str], blocked: Blocked) -> bool:
    """True when these games are played in C++: every seat a built-in policy
    (random or greedy, one per seat) and no blocked squares drawn per game."""
    return blocked is None and all(name in POLICIES for name in names)


def native_games(variant: Variant, policy: Union[str, Sequence[str]], games: int, seed: int,
                 chunk: int = CHUNK) -> Iterator[State]:
    """The final states of ``games`` native games, played ``chunk`` at a time;
    chunk ``c`` has seed ``seed + c * chunk`` (:func:`polyreversi.play_games`), each
    game replayed into a State."""
    for first in range(0, games, chunk):
        count = min(chunk, games - first)
        result = play_games(variant, count, policy=policy, seed=seed + first, threads=0, record_moves=True)
        assert result.moves is not None  # record_moves=True
        for moves, plies in zip(result.moves, result.plies):
            state = variant.start()
            for move in moves[:plies].tolist():
                state.play(move)
            yield state


__all__ = ["CHUNK", "Tally", "finished_games", "native", "native_games"]
