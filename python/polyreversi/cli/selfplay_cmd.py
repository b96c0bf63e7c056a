"""``polyreversi selfplay``: many games between built-in players, with win rates and speed."""
from __future__ import annotations

import time
from typing import Iterator, Optional, Sequence

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from polyreversi._core import Color
from polyreversi.errors import VariantError
from polyreversi.bulk import MAX_GAMES, POLICIES, play_games
from polyreversi.players import play_series
from polyreversi.variant import Variant

from polyreversi.cli.common import (
    COMPUTER_PLAYERS,
    BLOCKED,
    VARIANT,
    VARIANT_HELP,
    color_name,
    fresh_seed,
    make_console,
    check_out,
    record_for,
    resolve_seats,
    seat_options,
    setup_variant,
    variant_for_check,
    write_records,
    writes_stdout,
)


class Tally:
    """Wins, draws, disks and plies over many finished games."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.games = 0
        self.plies = 0
        self.wins = [0] * players
        self.draws = 0
        self.disks = [0] * players

    def add(self, state) -> None:
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

    def lines(self, seconds: float) -> list:
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


def finished_games(variant: Variant, names: Sequence[str], games: int, seed: int, blocked) -> Iterator:
    """The final states of ``games`` seeded games between built-in players.

    When every seat plays a built-in policy (random or greedy, one per seat)
    on one fixed board, the games are played in C++ (:func:`polyreversi.play_games`,
    all cores) and each is replayed into a State for the tally and the records;
    otherwise (search, mcts, blocked squares drawn per game) the Python loop of
    :func:`polyreversi.players.play_series`.
    """
    if blocked is None and all(name in POLICIES for name in names):
        return _native_games(variant, list(names), games, seed)
    return play_series(variant, names, games, seed=seed, blocked=blocked)


def _native_games(variant: Variant, policy, games: int, seed: int, chunk: int = 2000) -> Iterator:
    for first in range(0, games, chunk):
        count = min(chunk, games - first)
        result = play_games(variant, count, policy=policy, seed=seed + first, threads=0, record_moves=True)
        for moves, plies in zip(result.moves, result.plies):
            state = variant.start()
            for move in moves[:plies].tolist():
                state.play(move)
            yield state


@click.command("selfplay", epilog=VARIANT_HELP)
@click.argument("variant", type=VARIANT, default="8x8", required=False)
@click.option("--games", "-n", type=click.IntRange(min=1, max=MAX_GAMES), default=100, show_default=True,
              help=f"How many games (at most {MAX_GAMES:,}, as polyreversi.play_games).")
@seat_options(humans=False)
@click.option("--seed", type=int, default=None, help="Master seed: the same seed plays the same games.")
@click.option("--blocked", type=BLOCKED, default=None, help="Block N (1-4) or 'random' squares, drawn anew per game.")
@click.option("--out", "-o", default=None, metavar="FILE",
              help="Write every game's record: .jsonl, .parquet, or .ggf / .txt for 2 players; '-' for standard output "
                   "(then the summary goes to stderr).")
@click.option("--to", "to_fmt", default=None, metavar="FORMAT",
              help="Format of --out: jsonl, ggf, transcript (default: from its extension).")
@click.option("--progress/--no-progress", default=None, help="Progress bar on stderr (default: when a terminal).")
@click.option("--ray", "ray_address", default=None, is_flag=False, flag_value="local", metavar="auto|ADDRESS",
              help="Play on Ray: a local Ray without a value, 'auto' or an address for a cluster. "
                   "The same seed plays the same games; --out NAME.parquet is then a folder of shards.")
def command(variant: Variant, games: int, black, white, red, green, players, seed: Optional[int], blocked,
            out: Optional[str], to_fmt: Optional[str], progress: Optional[bool], ray_address: Optional[str]) -> None:
    """Play many games of VARIANT (default 8x8) between built-in players and print
    win rates and speed.

    \b
    Examples:
      polyreversi selfplay --games 1000 --black greedy
      polyreversi selfplay octagon/4p -n 200 --players greedy,random,random,random --out games.jsonl
      polyreversi selfplay 10x10/anti --blocked random --seed 1 -n 50
      polyreversi selfplay 8x8/4p -n 20 --players mcts:300,greedy,greedy,greedy
    """
    setup_variant(variant, blocked)
    names = resolve_seats(variant, {"black": black, "white": white, "red": red, "green": green}, players,
                          allowed=COMPUTER_PLAYERS)
    parquet = out is not None and out.lower().endswith(".parquet")
    if ray_address is not None and out is not None and not parquet:
        raise click.BadParameter("with --ray, records are written as Parquet shards: use NAME.parquet",
                                 param_hint="--out")
    if parquet:
        from polyreversi.cli.parquet_out import check_parquet_out

        check_parquet_out(out)
        fmt = "parquet"
    else:
        fmt = check_out(out, games, variant_for_check(variant, blocked), to_fmt)
    seed = fresh_seed(seed)
    console = make_console(stderr=writes_stdout(out))
    err = make_console(stderr=True)
    colors = list(Color)[: variant.players]
    seats = ", ".join(f"{color_name(c)} {n}" for c, n in zip(colors, names))
    extra = f", blocked {blocked} per game" if blocked is not None else ""
    console.print(f"{games} games of {variant}{extra}: {seats}; seed {seed}")

    tally = Tally(variant.players)
    show_bar = err.is_terminal if progress is None else progress
    bar = Progress(TextColumn("selfplay"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=err, disable=not show_bar, transient=True)
    started = time.perf_counter()

    records = []
    try:
        with bar:
            task = bar.add_task("games", total=games)
            if ray_address is not None:
                from polyreversi.cli.parquet_out import run_on_ray

                tally = run_on_ray(variant, names, games, seed, blocked, out, ray_address,
                                   lambda done: bar.advance(task, done))
            else:
                for state in finished_games(variant, names, games, seed, blocked):
                    tally.add(state)
                    if out:
                        records.append(record_for(state, names))
                    bar.advance(task)
    except VariantError as e:
        raise click.UsageError(str(e)) from None
    if out and ray_address is None:
        if parquet:
            from polyreversi.cli.parquet_out import write_parquet

            write_parquet(out, records)
        else:
            write_records(out, records, fmt)
    seconds = time.perf_counter() - started
    for line in tally.lines(seconds):
        console.print(line)
    if out:
        console.print(f"Records written to {out}")
