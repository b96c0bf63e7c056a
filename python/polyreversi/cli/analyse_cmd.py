"""``polyreversi analyse``: the best move and score at each ply of a game record."""
from __future__ import annotations

from typing import NamedTuple, Optional, Tuple

import click
from rich.console import Console

from polyreversi._core import limits
from polyreversi.errors import PolyreversiError, RecordError
from polyreversi.formats import iter_games, no_games, source_name
from polyreversi.limit import MAX_TIME
from polyreversi.replay import Replay
from polyreversi.search import DEFAULT_DEPTH, SearchResult, evaluate, search, solve
from polyreversi.state import State

from polyreversi.cli.arguments import FiniteFloatRange
from polyreversi.cli.console import make_console, record_warnings_as_lines
from polyreversi.cli.input import format_of
from polyreversi.cli.lines import count_of
from polyreversi.cli.numbers import WholeRange
from polyreversi.cli.output import known_formats


@click.command("analyse")
@click.argument("game_file", metavar="GAME")  # read (a missing file named) as by every file command
@click.option("--game", "number", type=WholeRange(min=1), default=1, show_default=True,
              help="Which game of the file (1 = first).")
@click.option("--format", "fmt", default=None, metavar="FORMAT",
              help=f"File format: {known_formats()} (default: from the extension; needed for '-', standard input).")
@click.option("--depth", type=WholeRange(min=1, max=limits.MAX_DEPTH), default=None, help="Search depth in plies (default 6).")
@click.option("--time", "seconds", type=FiniteFloatRange(min=0, min_open=True, max=MAX_TIME), default=None,
              help="Seconds of search per ply (with --depth: whichever ends first).")
@click.option("--threads", type=WholeRange(min=0, max=limits.MAX_THREADS), default=1, show_default=True,
              help="Threads per search (0: every core).")
def command(game_file: str, number: int, fmt: Optional[str], depth: Optional[int], seconds: Optional[float],
            threads: int) -> None:
    """Analyse one game of GAME (a record file: .json, .jsonl, .txt, .ggf, .wtb, .parquet, .obf):
    for every ply (the position's ply: 0 at the standard start, a custom start's
    own ply from the record), the move played, the best move the search finds, its score
    for the player to move (in disks; `=` marks an exact end-of-game score)
    and the search depth; `*` marks a played move that scores worse than the best
    (a move as good as the best is not marked). Two-player games only. GAME '-'
    reads standard input (then give --format).

    \b
    Examples:
      polyreversi analyse game.json --depth 8
      polyreversi analyse games.ggf --game 3 --time 0.5
    """
    console = make_console()
    try:
        with record_warnings_as_lines():
            _analyse(console, game_file, number, fmt, depth, seconds, threads)
    except PolyreversiError as e:
        raise click.ClickException(str(e)) from None


def _analyse(console: Console, game_file: str, number: int, fmt: Optional[str], depth: Optional[int],
             seconds: Optional[float], threads: int) -> None:
    source = source_name(game_file)
    entry, seen = None, 0
    for e in iter_games(game_file, format_of(game_file, fmt, "--format")):  # read up to the game only
        seen += 1
        if e.number == number:
            entry = e
            break
    if entry is None:
        if not seen:
            raise no_games(game_file)
        raise click.BadParameter(f"{number} ({source} holds {count_of(seen, 'game')}; choose 1 to {seen})",
                                 param_hint="--game")
    try:
        record = entry.checked()
    except RecordError as e:
        raise click.ClickException(str(e)) from None
    try:
        replay = Replay(record)
    except RecordError as e:  # an illegal move: the error of this file's game
        raise click.ClickException(f"{source}: game {number}: {e}") from None
    if replay.initial.variant.players != 2:
        raise click.ClickException(
            f"analyse: two-player games only; game {number} has {replay.initial.variant.players} players")
    console.print(f"game {number}: {record.title()} ({replay.initial.variant})")
    console.print(f"{'ply':>4} {'to move':<7} {'played':>6} {'best':>6} {'score':>8} {'depth':>5}")
    states = list(replay)
    for k, state in enumerate(states[:-1]):
        played = states[k + 1].moves()[-1]
        best, score, exact, reached, worse = _best_and_played(state, states[k + 1], played, depth, seconds, threads)
        name = state.variant.square_name
        console.print(f"{state.ply:>4} {state.to_move.name.title():<7} {name(played):>6} {name(best):>6} "
                      f"{'=' if exact else ' '}{score:>+7.2f} {reached:>5}{' *' if worse else ''}")
    final = states[-1]
    if len(states) == 1 and not final.is_over():  # a position without moves (an OBF line): its best move
        r = _best(final, depth, seconds, threads)
        name = final.variant.square_name
        console.print(f"{final.ply:>4} {final.to_move.name.title():<7} {'-':>6} {name(r.move):>6} "
                      f"{'=' if r.exact else ' '}{r.score:>+7.2f} {r.depth:>5}")
    console.print(f"final: {' '.join(str(s) for s in final.scores())} "
                  f"({'over' if final.is_over() else 'unfinished'}); * marks a move worse than the best found")


def _best(state: State, depth: Optional[int], seconds: Optional[float], threads: int) -> "_Best":
    """The search (or, where it would reach the end anyway, the exact solve) of ``state``:
    ``move``, ``score``, ``exact``, ``depth``."""
    empties = len(state.variant.squares) - sum(state.scores())
    if seconds is None and (depth or DEFAULT_DEPTH) >= empties:
        solved = solve(state, threads=threads)
        assert solved.move is not None and solved.score is not None  # a game not over, a solve nothing stops
        return _Best(solved.move, solved.score, True, empties)
    found = search(state, depth=depth, time=seconds, threads=threads)
    assert found.move is not None and found.score is not None  # a game not over, a search nothing stops
    return _Best(found.move, found.score, found.exact, found.depth)


class _Best(NamedTuple):
    move: int
    score: float
    exact: bool
    depth: int


def _best_and_played(state: State, after: State, played: int, depth: Optional[int], seconds: Optional[float],
                     threads: int) -> Tuple[int, float, bool, int, bool]:
    """``(best move, its score, exact, depth, whether the played move scores worse)``.

    Where the search would reach the end of the game anyway (a depth and no time
    limit, at least the empties) one exact ``solve(moves=True)`` gives the best move
    and the played move's score together. Elsewhere the search gives no score per
    move (only the best move, its score and line), so a played move other than the
    best is searched again: :func:`played_score`."""
    empties = len(state.variant.squares) - sum(state.scores())
    if seconds is None and (depth or DEFAULT_DEPTH) >= empties:
        solved = solve(state, moves=True, threads=threads)
        assert solved.move is not None and solved.score is not None  # a game not over, a solve nothing stops
        return solved.move, solved.score, True, empties, solved.scores[played] < solved.score
    found = search(state, depth=depth, time=seconds, threads=threads)
    assert found.move is not None and found.score is not None  # a game not over, a search nothing stops
    worse = found.move != played and played_score(state, after, found, threads) < found.score
    return found.move, found.score, found.exact, found.depth, worse


def played_score(before: State, after: State, best: SearchResult, threads: int) -> float:
    """The score of the move that led from ``before`` to ``after``, for the player who
    played it, searched as deep as ``best`` (the search of ``before``) looked: the
    position after the move one ply less deep, so that a move as good as the best one
    scores the same (depth 0: the static evaluation)."""
    if best.depth > 1 or after.is_over():
        searched = search(after, depth=max(best.depth - 1, 1), threads=threads).score
        assert searched is not None  # a search nothing stops
        score = searched
    else:
        score = evaluate(after)
    return score if after.to_move == before.to_move else -score
