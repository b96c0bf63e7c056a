"""``polyreversi match``: a referee for two players (built-in seats or external
engines) or a 3-4 player table of built-in seats, with Elo and an SPRT stop."""
from __future__ import annotations

from typing import Optional, Sequence, Tuple

import click
from click.core import ParameterSource
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from polyreversi._core import limits
from polyreversi.formats import source_name
from polyreversi._status import exit_interrupted, terminate_as_interrupt
from polyreversi.bulk import MAX_GAMES, MAX_THREADS
from polyreversi.errors import PolyreversiError
from polyreversi.limit import MAX_DEPTH
from polyreversi.match import openings as opening_sets
from polyreversi.match.referee import DEFAULT_MARGIN, TimeControl
from polyreversi.match.runner import FORMATS, MatchConfig, Tally, check_seats, run
from polyreversi.players import COMPUTER_PLAYERS, ENGINE_KINDS, PLAYER_SPEC_HELP, check_player_spec
from polyreversi.limit import MAX_TIME
from polyreversi.time_control import MOVE_STOP_FACTOR
from polyreversi.variant import Variant

from polyreversi.cli.arguments import VARIANT, VARIANT_HELP, FiniteFloatRange
from polyreversi.cli.console import description_column, make_console
from polyreversi.cli.input import format_of
from polyreversi.cli.numbers import WHOLE, WholeRange
from polyreversi.cli.output import known_formats
from polyreversi.cli.seats import startup_hint, startup_timeout_option

SECONDS = FiniteFloatRange(min=0, min_open=True, max=MAX_TIME)


@click.command("match", epilog=VARIANT_HELP)
@click.argument("seats", nargs=-1, required=True, metavar="PLAYER PLAYER [PLAYER PLAYER]")
@click.option("--variant", "-v", type=VARIANT, default="8x8", show_default=True, help="The rules of every game.")
@click.option("--games", "-n", type=WholeRange(1, MAX_GAMES), default=None,
              help="Games to play (default: every opening in every seat rotation).")
@click.option("--openings", "openings_file", default=None, metavar="FILE",
              help="Openings: an .obf file of positions, or games (transcripts, GGF, JSON Lines, WTHOR) "
                   "cut after --plies moves. Default: the built-in balanced set of the board.")
@click.option("--openings-format", "openings_fmt", default=None, metavar="FORMAT",
              help=f"Format of --openings: {known_formats()} (default: from the extension; needed for '-', "
                   "standard input).")
# --plies is an int here and its range is checked with the other options, after the PLAYERs: a usage error
# about the positional arguments comes first (click checks a type's range while it parses).
@click.option("--plies", type=WHOLE, default=None, metavar="INTEGER RANGE",
              help=f"Moves of each game of --openings kept.  [0<=x<={limits.LONGEST_GAME}]")
@click.option("--depth", type=WholeRange(1, MAX_DEPTH), default=None,
              help="Search depth of every move (a seat's own depth or time, as in search:8, wins for that seat).")
@click.option("--time", "move_time", type=SECONDS, default=None,
              help=f"Seconds per move, a player's mean (a move may take up to {MOVE_STOP_FACTOR:g} times it).")
@click.option("--clock", type=SECONDS, default=None, help="Seconds per player for the game.")
@click.option("--increment", type=FiniteFloatRange(min=0, max=MAX_TIME), default=None, help="Seconds added after each move (with --clock).")
@click.option("--overtime", type=FiniteFloatRange(min=0, max=MAX_TIME), default=None,
              help="Byo-yomi after --clock: seconds each move may take once the clock has run out.")
@click.option("--margin", type=FiniteFloatRange(min=0), default=DEFAULT_MARGIN, show_default=True,
              help=f"Seconds a move may exceed {MOVE_STOP_FACTOR:g} times --time before it loses on time.")
@startup_timeout_option(then="one that never answers stops the match")
@click.option("--concurrency", "-j", type=WholeRange(1, MAX_THREADS), default=1, show_default=True,
              help="Games at once (worker processes; one thread each).")
@click.option("--out", "-o", default=None, metavar="FILE",
              help="Append each game as it ends (.jsonl or .ggf); the same command with the same file resumes.")
@click.option("--to", "to_fmt", type=click.Choice(FORMATS), default=None, help="Format of --out (default: its extension).")
@click.option("--sprt", type=(FiniteFloatRange(), FiniteFloatRange()), default=None, metavar="ELO0 ELO1",
              help="Stop once the SPRT (alpha = beta = 0.05) accepts ELO1 or ELO0 for the first player.")
@click.option("--progress/--no-progress", default=None, help="Progress bar on stderr (default: when a terminal).")
def command(seats: Sequence[str], variant: Variant, games: Optional[int], openings_file: Optional[str],
            openings_fmt: Optional[str], plies: Optional[int], depth: Optional[int], move_time: Optional[float], clock: Optional[float],
            increment: Optional[float], overtime: Optional[float], margin: float, startup_timeout: float,
            concurrency: int, out: Optional[str],
            to_fmt: Optional[str], sprt: Optional[Tuple[float, float]], progress: Optional[bool]) -> None:
    """Play a match between PLAYERs and print W/D/L and the Elo difference of the
    first over the second with its 95 % interval.

    Each opening is played once with every rotation of the seats (two players:
    with colours swapped). A PLAYER is a built-in seat or an external engine:
    {spec}.

    \b
    Examples:
      polyreversi match search:6 greedy --games 20
      polyreversi match nboard:"/path/to/ntest" search:4 --depth 4 -j 2 --out games.jsonl
      polyreversi match search "uci:VariantPath=/x/variants.ini:/x/fairy-stockfish" --variant octagon --time 0.1
      polyreversi match search:6 search:5 --sprt 0 20 --out sprt.ggf
      polyreversi match mcts:200 brs:3 greedy random --variant octagon/4p
    """
    n = variant.players
    try:
        check_seats(seats, variant)
    except ValueError as e:
        hint = ""
        if len(seats) != n:
            try:  # a variant given where play and selfplay take it: match takes it by --variant
                hint = f" ({Variant.parse(seats[0])} is a variant: give it as --variant {seats[0]})"
            except (PolyreversiError, ValueError, TypeError):
                pass
        raise click.UsageError(f"{e}{hint}") from None
    if n > 2 and any(s.split(":", 1)[0].strip().lower() in ENGINE_KINDS for s in seats):
        raise click.UsageError("external engines play two-player matches only")
    try:
        specs = [check_player_spec(s, COMPUTER_PLAYERS, players=n, variant=variant) for s in seats]
    except (ValueError, TypeError) as e:
        raise click.UsageError(str(e)) from None
    if plies is not None:  # click's own range check and message, now that the PLAYERs passed
        context = click.get_current_context()
        option = next(p for p in context.command.params if p.name == "plies")
        plies = WholeRange(0, limits.LONGEST_GAME).convert(plies, option, context)
    if plies is not None and openings_file is None:
        raise click.UsageError("--plies cuts the games of --openings: give --openings FILE too")
    if openings_fmt is not None and openings_file is None:
        raise click.UsageError("--openings-format is the format of --openings: give --openings FILE too")
    if increment is not None and clock is None:
        raise click.UsageError("--increment needs --clock")
    if overtime is not None and clock is None:
        raise click.UsageError("--overtime follows --clock: give --clock too")
    if move_time is None and click.get_current_context().get_parameter_source("margin") is not ParameterSource.DEFAULT:
        raise click.UsageError("--margin is what a move may take past its most under --time: give --time too")
    if sprt is not None and not sprt[1] > sprt[0]:
        raise click.BadParameter(f"ELO1 must be above ELO0, got {sprt[0]:g} {sprt[1]:g}", param_hint="--sprt")
    fmt = _check_out(out, to_fmt)
    try:
        states = (opening_sets.from_file(openings_file, variant, plies, format_of(openings_file, openings_fmt,
                                                                                  "--openings-format"))
                  if openings_file else opening_sets.builtin(variant))
    except PolyreversiError as e:
        raise click.ClickException(str(e)) from None
    total = games or len(states) * n
    control = TimeControl(depth=depth, time=move_time, clock=clock, increment=increment, margin=margin,
                          overtime=overtime)
    config = MatchConfig(states, specs, control, startup_timeout)
    console = make_console(stderr=True)
    show = progress if progress is not None else console.is_terminal
    bar = Progress(description_column(), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=console, disable=not show)
    with bar:
        task = bar.add_task("match", total=total)

        def on_game(tally: Tally, done: int) -> None:
            bar.update(task, completed=done, description=tally.line())

        try:
            with terminate_as_interrupt():  # `kill` and `timeout` stop it as Ctrl-C does
                result = run(config, total, out=out, fmt=fmt, concurrency=concurrency, sprt=sprt,
                             on_game=on_game)
        except PolyreversiError as e:
            raise click.ClickException(str(e)) from None
    tally = result.tally
    out_name = source_name(out) if out else ""
    click.echo(tally.line())
    if result.resumed:
        click.echo(f"{result.resumed} games read from {out_name}, {result.played} played now")
    if result.beyond:
        click.echo(f"{out_name} holds {result.beyond} game{'' if result.beyond == 1 else 's'} numbered beyond --games {total} (it was made with more): "
                   "they are counted above too")
    for f in tally.forfeits:
        click.echo(f"forfeit: {f.get('color')} at ply {f.get('ply')}: {f.get('reason')}: {f.get('detail')}")
    if result.sprt is not None and sprt is not None:  # a test result exists only when one was asked for
        llr, decision = result.sprt
        verdict = {"H1": f"H1 accepted (elo1 = {sprt[1]:g})", "H0": f"H0 accepted (elo0 = {sprt[0]:g})",
                   None: "no decision yet"}[decision]
        click.echo(f"SPRT [{sprt[0]:g}, {sprt[1]:g}]: LLR {llr:.2f} (bounds ±2.94): {verdict}")
    if result.interrupted:
        where = f"; run the same command to resume from {out_name}" if out else ""
        click.echo(f"interrupted after {tally.games} games{where}", err=True)
        exit_interrupted()
    failed = tally.failed()
    if failed:  # the tally above is of forfeits only: an error, not a result
        stopped = ""
        if result.stopped is not None:  # the wait to start is worth naming when it ran out, not when the engine ended
            timed_out = tally.last_forfeit[result.stopped].get("reason") == "time"
            stopped = (f"; the match stopped after {tally.games} of {total} games: {result.stopped} did not answer in its last game"
                       + (f" ({startup_hint(startup_timeout)})" if timed_out else ""))
        raise click.ClickException("; ".join(
            f"{seat} forfeited every game it played ({tally.forfeited[seat]} of {tally.played[seat]}): "
            f"{tally.last_forfeit[seat].get('reason')}: {tally.last_forfeit[seat].get('detail')}"
            for seat in failed) + stopped)


def _check_out(out: Optional[str], to_fmt: Optional[str]) -> str:
    """The format of --out (``--to`` or its extension), checked before any game: a
    format the match appends to (JSON Lines or GGF) and a path it can write and read
    back to resume, so neither standard output (``-`` or ``/dev/stdout``: the rule of
    :func:`polyreversi.cli.output.writes_stdout`), another stream (a pipe, a device) nor
    a folder. Without --out, JSON Lines (nothing is written).

    Raises:
        click.BadParameter: naming --out and what is wrong.
        click.UsageError: --to without --out (:func:`polyreversi.cli.output.check_to`).
    """
    from polyreversi import _files
    from polyreversi.formats import registry

    from polyreversi.cli.input import format_of
    from polyreversi.cli.output import check_to, writes_stdout

    check_to(out, to_fmt)
    if out is None:
        return FORMATS[0]
    if writes_stdout(out):
        raise click.BadParameter("standard output cannot be resumed from: a match appends each game to a file it "
                                 "reads back; give a file name", param_hint="--out")
    if _files.is_stream(out):
        raise click.BadParameter(f"{source_name(out)}: not a regular file: a match appends each game to a file it reads back; "
                                 "give a file name", param_hint="--out")
    why = _files.check_writable(out)
    if why is not None:
        raise click.BadParameter(f"{source_name(out)}: {why}", param_hint="--out")
    try:
        fmt = format_of(out, to_fmt, "--to", reading=False)
    except PolyreversiError as e:
        raise click.BadParameter(str(e), param_hint="--out") from None
    if fmt not in FORMATS:
        kinds = " or ".join(registry.by_name(f).title for f in FORMATS)
        extensions = ", ".join(registry.by_name(f).extensions[0] for f in FORMATS)
        raise click.BadParameter(f"{source_name(out)}: a match appends each game as it ends to {kinds} ({extensions}), not "
                                 f"{registry.by_name(fmt).title}", param_hint="--out")
    return fmt


command.help = (command.help or "").replace("{spec}", PLAYER_SPEC_HELP)
