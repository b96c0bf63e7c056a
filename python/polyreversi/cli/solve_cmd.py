"""``polyreversi solve``: solve every position of an OBF file exactly and check
the file's annotated scores."""
from __future__ import annotations

import sys
from typing import Dict, List, Optional

import click

from polyreversi.errors import PolyreversiError
from polyreversi.formats import obf, source_name
from polyreversi._core import limits
from polyreversi.search import TT_MB, SolveResult, _check_solve_table, _check_state, solve
from polyreversi.state import State

from polyreversi.cli.console import make_console, progress_over, record_warnings_as_lines
from polyreversi.cli.lines import count_of
from polyreversi.cli.numbers import WholeRange


@click.command("solve")
@click.argument("file")  # read by obf.read, which names a missing file or a folder as every file command does
@click.option("--first", type=WholeRange(min=1), default=1, show_default=True, metavar="N",
              help="Solve from the file's Nth position on. Positions are numbered from 1 in file order "
                   "(blank and comment lines are not counted), as the '#' column shows.")
@click.option("--last", type=WholeRange(min=1), default=None, metavar="N",
              help="Solve up to and including the Nth position (default: the file's last); "
                   "--first 2 --last 5 solves positions 2, 3, 4 and 5, --last 3 alone positions 1 to 3.")
@click.option("--threads", type=WholeRange(min=0, max=limits.MAX_THREADS), default=1, show_default=True,
              help="Threads per solve (0: every core).")
@click.option("--convention", type=click.Choice(["wof", "disks"], case_sensitive=False), default="wof",
              show_default=True,
              help="wof: empty squares to the winner, as FFO/Edax annotate; disks: RULES.md §7 disk difference "
                   "(a file's annotations, wof scores, are then not checked).")
@click.option("--tt-mb", type=WholeRange(min=limits.MIN_TABLE_MIB, max=limits.MAX_TABLE_MIB), default=TT_MB, show_default=True, metavar="MIB",
              help="Hash table MiB of each solve (a quarter more for its ordering searches: 1.25 x in all, "
                   "which must fit in the machine's memory).")
@click.option("--moves", "all_moves", is_flag=True,
              help="Also solve every move: print each move's exact score and check every annotated one.")
@click.option("--progress/--no-progress", default=None, help="Progress bar on stderr (default: on a terminal).")
def command(file: str, first: int, last: Optional[int], threads: int, convention: str, tt_mb: int, all_moves: bool,
            progress: Optional[bool]) -> None:
    """Solve every position of FILE (Edax OBF lines, or polyreversi's extension
    for other boards) exactly: best move, score, nodes and time per position.
    FILE '-' reads standard input. Where a line carries move scores (`; G8:+18; ...`), the best score and the
    move are checked against them (and every move's score with --moves); the
    exit status is 1 on any disagreement.

    \b
    Examples:
      polyreversi solve fforum-1-19.obf
      polyreversi solve fforum-40-59.obf --first 1 --last 5 --threads 0
    """
    with record_warnings_as_lines():
        _solve(file, first, last, threads, convention, tt_mb, all_moves, progress)


def _threads_text(threads: int) -> str:
    """'1 thread', '2 threads', or for 0 'every core (N threads)'."""
    if threads == 0:
        return f"every core ({count_of(limits.every_core(), 'thread')})"
    return count_of(threads, "thread")


def _solve(file: str, first: int, last: Optional[int], threads: int, convention: str, tt_mb: int, all_moves: bool,
           progress: Optional[bool]) -> None:
    console = make_console()
    try:
        entries = obf.read(file)
    except PolyreversiError as e:
        raise click.ClickException(str(e)) from None
    file = source_name(file)
    if last is not None and last < first:
        raise click.BadParameter(f"--last {last} is before --first {first}", param_hint="--last")
    if not entries:
        raise click.ClickException(f"{file}: no position in the file")
    for option, number in (("--first", first), ("--last", last)):  # positions are numbered 1 to len(entries)
        if number is not None and number > len(entries):
            raise click.BadParameter(f"{number}: {file} has no position numbered {number} (it has "
                                     f"{len(entries)})", param_hint=option)
    chosen = [e for e in entries if e.number >= first and (last is None or e.number <= last)]
    for entry in chosen:  # a state the solver refuses is named before the table starts
        try:
            _check_state(entry.state, "solve")
        except PolyreversiError as e:
            raise click.ClickException(f"{file}:{entry.line}: {e}") from None
    try:  # a table too large for the machine is named before the table's header
        _check_solve_table(tt_mb)
    except MemoryError as e:
        raise click.ClickException(f"{e} (--tt-mb)") from None
    show_progress = sys.stderr.isatty() if progress is None else progress
    # OBF annotations give the empties to the winner: a disk difference cannot be
    # checked against them (the empties left depend on the line played).
    check_annotations = convention == "wof"  # click gives the choice as listed, whatever the letter case
    bad = unchecked = total_nodes = 0
    total_seconds = 0.0
    # The check goes last: a disagreement's text is long and would shift the columns after it.
    console.print(f"{'#':>3} {'empties':>7} {'move':>5} {'score':>6} {'nodes':>13} {'seconds':>9}  check")
    for entry in progress_over(chosen, "solving", enabled=show_progress, minimum=2, elapsed=True):
        state = entry.state
        try:
            result = solve(state, moves=all_moves, threads=threads, convention=convention, tt_mb=tt_mb)
        except PolyreversiError as e:
            raise click.ClickException(f"{file}:{entry.line}: {e}") from None
        except MemoryError as e:  # no room for the hash table: the message names tt_mb, the option is --tt-mb
            raise click.ClickException(f"{file}:{entry.line}: {e} (--tt-mb)") from None
        total_nodes += result.nodes
        total_seconds += result.seconds
        move = "--" if result.move is None else state.variant.square_name(result.move)
        check = "-"
        if entry.scores and not check_annotations:
            unchecked += 1
        elif entry.scores:
            problems = _disagreements(state, entry.scores, result, all_moves)
            check = "ok" if not problems else "WRONG: " + ", ".join(problems)
            bad += bool(problems)
        empties = len(state.variant.squares) - sum(state.scores())
        console.print(f"{entry.number:>3} {empties:>7} {move:>5} {result.score:>+6d} "
                      f"{result.nodes:>13,} {result.seconds:>9.3f}  {check}")
        if all_moves:
            console.print(f"{'':>11} every move: {_move_scores(state, result)}")
    rate = total_nodes / total_seconds / 1e6 if total_seconds > 0 else 0.0
    console.print(f"{count_of(len(chosen), 'position')}, {total_nodes:,} nodes, {total_seconds:.3f} s, "
                  f"{rate:.1f} M nodes/s, {_threads_text(threads)}, {convention} scores")
    if unchecked:
        console.print(f"{count_of(unchecked, 'position')} with annotations not checked: they are wof scores (empties to the "
                      f"winner), these are {convention} scores")
    if bad:
        click.echo(f"Error: {count_of(bad, 'position')} disagree{'s' if bad == 1 else ''} with the file's annotations",
                   err=True)
        sys.exit(1)


def _move_scores(state: State, result: SolveResult) -> str:
    """'g8 +18, h1 +12, ...': every move's exact score, best first (the row's move first
    among equals, then square order); 'none (the game is over)' without a move."""
    if not result.scores:
        return "none (the game is over)"
    name = state.variant.square_name
    ranked = sorted(result.scores.items(), key=lambda item: (-item[1], item[0] != result.move, item[0]))
    return ", ".join(f"{name(m)} {s:+d}" for m, s in ranked)


def _disagreements(state: State, annotated: Dict[int, int], result: SolveResult, all_moves: bool) -> List[str]:
    """What in ``result`` disagrees with the annotated ``{move: score}`` (wof scores)."""
    name = state.variant.square_name  # N*N, the pass, is "pass"
    best = max(annotated.values())
    problems: List[str] = []
    if result.score != best:
        problems.append(f"the file annotates best {best:+d} (solved {result.score:+d})")
    if result.move is not None:
        given = annotated.get(result.move)
        # The move's own annotation, unless it is the best score the line above named.
        if given is None:
            # With every move solved, an annotated best move the solver proved as good stands for it.
            tied = all_moves and any(result.scores.get(m) == result.score for m, s in annotated.items() if s == best)
            if not tied:
                problems.append(f"the solved best move {name(result.move)} ({result.score:+d}) is not annotated")
        elif given != result.score and not (given == best and result.score != best):
            problems.append(f"the file annotates {name(result.move)} {given:+d} (solved {result.score:+d})")
    legal = set(result.scores) if all_moves else set(state.legal_moves())
    for m, s in annotated.items():
        if m not in legal:
            problems.append(f"{name(m)} is annotated {s:+d} but is not a legal move here")
        elif all_moves and result.scores[m] != s:
            problems.append(f"{name(m)} solved {result.scores[m]:+d}, the file annotates {s:+d}")
    return problems
